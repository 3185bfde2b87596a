/// The lint rules by id, in order, each with the one-line summary `glyphsmith lint --help`
/// prints. It lives below the engine, in the target both executables link, so that the light
/// `glyphsmith` front prints the rules without the rendering stack, and so that adding a rule
/// touches nothing in `GlyphsmithCommands`: a rule is one line here, its check in
/// `Glyphsmith/Lint/Rules/<Rule>.swift` and one line in `LintRegistry.rules` (a test checks
/// that the two lists name the same rules in the same order).
package enum LintRuleIndex {
  /// One rule: its id (as in diagnostics, JSON, configs and silencing comments) and what it
  /// reports, lowercase, lines of at most 58 characters separated by `\n`.
  package struct Entry: Sendable, Equatable {
    /// The rule's id, e.g. `inner-lines`.
    package var id: String
    /// What the rule reports, for the help.
    package var summary: String
  }

  /// Every rule, in the order of `docs/lint.md`, of the help and of findings of one file.
  package static let entries: [Entry] = [
    Entry(id: "inner-lines", summary: "lines inside the glyph thinner than 1 px at a scale"),
    Entry(
      id: "thin-strokes",
      summary: "open strokes (bordering no hole) thinner than 1 px at a scale"),
    Entry(
      id: "negative-space",
      summary: "holes that fill in at a scale; for indicators, every hole (error)"),
    Entry(id: "text", summary: "<text> in the SVG (error for indicators)"),
    Entry(
      id: "missing-glyph",
      summary: "<text> characters no pinned font covers (a box is drawn; error\nfor indicators)"),
    Entry(id: "unpinned-font", summary: "<text> font-family that names no pinned font (info)"),
    Entry(
      id: "lettering",
      summary: "letters drawn as paths, shorter than the smallest text (6 pt)"),
    Entry(
      id: "complexity",
      summary: "more parts + holes than one per 1.5 pt of the target size\n(indicator: per 2.5 pt)"),
    Entry(
      id: "hairline", summary: "a 1 px line on a half pixel: grey rows instead of a crisp one"),
    Entry(
      id: "detail-loss",
      summary: "share of the high-resolution structure lost (1 - SSIM), over 35 %"),
    Entry(
      id: "invisible-paint",
      summary: "elements that paint nothing (opacity 0, zero size, gradients in\n"
        + "objectBoundingBox units on a flat shape)"),
    Entry(id: "template-colour", summary: "more than one colour in a template image"),
    Entry(
      id: "off-centre",
      summary: "ink touching a plain canvas's edge; centre of mass over 12 % off"),
    Entry(
      id: "renderer-limitation",
      summary: "SVG features librsvg 2.54 draws differently from browsers"),
  ]

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
