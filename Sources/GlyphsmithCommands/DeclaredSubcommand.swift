/// A subcommand declared once: its name, summary and help come from `declaration`, and its
/// `parse` reads argv with `declaration.parse` (the declared options and `--help`).
package protocol DeclaredSubcommand: Subcommand {
  /// The command's name, summary, synopsis, description and options.
  static var declaration: CommandDeclaration { get }
}

extension DeclaredSubcommand {
  /// `declaration.name`.
  package static var name: String { declaration.name }
  /// `declaration.summary`.
  package static var summary: String { declaration.summary }
  /// `declaration.help`, generated.
  package static var help: String { declaration.help }
}
