/// Every subcommand's declaration, in `glyphsmith --help` order: the one list of commands.
/// Both executables build their subcommand lists from it (`entries(implementations:)`,
/// `frontEntries(local:)`), and the tests that enumerate commands read it.
package enum CommandIndex {
  /// The declarations, in `--help` order.
  package static let declarations: [CommandDeclaration] = [
    RenderText.declaration, AssetsText.declaration, BuildText.declaration,
    InitText.declaration, SheetText.declaration, BadgeText.declaration, DotsText.declaration,
    TabBarText.declaration, ToolbarText.declaration, SearchBarText.declaration,
    TableViewText.declaration, CompareCommand.declaration, LintText.declaration,
    GoldenText.declaration, ValidateCommand.declaration, AppIconText.declaration,
    SymbolText.declaration,
  ]

  /// The command names, in `--help` order.
  package static var names: [String] { declarations.map(\.name) }

  /// `implementations` in the order of `declarations`: the full tool's list.
  /// - Precondition: `implementations` has exactly one entry per declared name (a command
  ///   added to one list and not the other stops the tool at start, and every CLI test).
  package static func entries(implementations: [CommandEntry]) -> [CommandEntry] {
    let byName = Dictionary(implementations.map { ($0.name, $0) }) { first, _ in first }
    precondition(
      byName.count == implementations.count && Set(byName.keys) == Set(names),
      "the implemented commands \(implementations.map(\.name)) are not the declared \(names)")
    return declarations.map { byName[$0.name]! }
  }

  /// The light front's list: the entry of `local` (commands it runs itself) of each declared
  /// name, else a hand-off to `glyphsmith-render` with the declaration's help.
  package static func frontEntries(local: [CommandEntry]) -> [CommandEntry] {
    declarations.map { declaration in
      local.first { $0.name == declaration.name }
        ?? .handOff(
          name: declaration.name, summary: declaration.summary, help: declaration.help)
    }
  }
}
