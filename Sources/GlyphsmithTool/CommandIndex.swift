import GlyphsmithCommands

/// Every subcommand, in `glyphsmith --help` order: the one list of commands. Each is one file
/// (`Subcommands/`, or `compare` and `validate` in `GlyphsmithCommands`) holding its
/// declaration, `parse` and `run`. `glyphsmith-render` runs `entries`; the light front prints
/// the names, summaries and help of `CommandTextIndex`, generated from this list by
/// `scripts/update-generated` (`GeneratedIndexTests` fails while it is stale); the tests that
/// enumerate commands read `declarations` and `names`.
package enum CommandIndex {
  /// The commands, in `--help` order. A new subcommand is its file and one line here, then
  /// `scripts/update-generated` (docs/contributing.md, "Adding a subcommand"). Computed: an
  /// array of metatypes is not `Sendable` to a stored `static let`.
  package static var commands: [any DeclaredSubcommand.Type] {
    [
      RenderCommand.self, AssetsCommand.self, BuildCommand.self, InitCommand.self,
      SheetCommand.self, BadgeCommand.self, DotsCommand.self, TabBarCommand.self,
      ToolbarCommand.self, SearchBarCommand.self, TableViewCommand.self, CompareCommand.self,
      LintCommand.self, GoldenCommand.self, ValidateCommand.self, AppIconCommand.self,
      SymbolCommand.self, OutlineCommand.self,
    ]
  }

  /// Each command's declaration (name, summary, synopsis, options, help), in `--help` order.
  package static var declarations: [CommandDeclaration] { commands.map { $0.declaration } }

  /// The command names, in `--help` order.
  package static var names: [String] { declarations.map(\.name) }

  /// `glyphsmith-render`'s subcommands: each command's entry, in `--help` order. Names and
  /// summaries are the generated index's (the same strings: `GeneratedIndexTests`), so a start
  /// builds no declaration but the one it runs (issue 36: building all 18 was 3 M
  /// instructions of every `glyphsmith-render` start).
  package static var entries: [CommandEntry] {
    zip(commands, CommandTextIndex.entries).map { command, text in
      CommandEntry(
        name: text.name, summary: text.summary, help: command.help,
        main: { command.main($0) })
    }
  }
}
