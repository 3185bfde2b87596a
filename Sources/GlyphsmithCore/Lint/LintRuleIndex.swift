/// The lint rules by id, in order, each with the one-line summary `glyphsmith lint --help`
/// prints. It lives below the engine, in the target both executables link, so that the light
/// `glyphsmith` front prints the rules without the rendering stack (it cannot link the
/// engine's `LintRegistry`), and so that adding a rule touches nothing in
/// `GlyphsmithCommands`. Its `entries` (`LintRuleIndex+Generated.swift`) are generated from
/// `LintRegistry.rules` (each rule's `id` and `summary`) by `scripts/update-generated`;
/// `GeneratedIndexTests` fails while they are stale.
package enum LintRuleIndex {
  /// One rule: its id (as in diagnostics, JSON, configs and silencing comments) and what it
  /// reports, lowercase, lines of at most 65 characters separated by `\n`.
  package struct Entry: Sendable, Equatable {
    /// The rule's id, e.g. `inner-lines`.
    package var id: String
    /// What the rule reports, for the help.
    package var summary: String
  }

  /// The summary of the rule `id`; empty for an id not listed.
  package static func summary(of id: String) -> String {
    entries.first { $0.id == id }?.summary ?? ""
  }

  /// Column of the summaries in `helpText`, counted from the start of the line.
  static let helpColumn = 23

  /// The `rules:` list of `glyphsmith lint --help`: each id indented by 2, its summary from
  /// column 23 (further summary lines aligned under it); no trailing newline.
  package static var helpText: String {
    entries.map { rule in
      let lines = rule.summary.split(separator: "\n", omittingEmptySubsequences: false)
      let first = "  " + rule.id
      let pad = String(repeating: " ", count: max(1, helpColumn - first.count))
      let indent = String(repeating: " ", count: helpColumn)
      return ([first + pad + lines[0]] + lines.dropFirst().map { indent + $0 })
        .joined(separator: "\n")
    }.joined(separator: "\n")
  }
}
