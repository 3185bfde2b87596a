extension LintRule {
  /// A `<text>` `font-family` that names no pinned font.
  public static let unpinnedFont = LintRule(id: "unpinned-font")
}

/// `unpinned-font`: a `font-family` list on (or inherited by) a drawn `<text>` that names none
/// of the pinned fonts (nor `sans-serif`): Glyphsmith never uses the machine's fonts, so a
/// pinned font is drawn instead, which may not be what the designer saw. At the element's
/// start tag; information only.
struct UnpinnedFontRule: LintCheck {
  var id: LintRule { .unpinnedFont }
  var summary: String { "<text> font-family that names no pinned font (info)" }
  var measures: String { "`font-family` lists on `<text>` naming no pinned font" }
  var valueAndLimit: String { "1 / 0" }

  /// Information: the text is drawn, in another font.
  func defaultSeverity(role: Role, scale: Int, scalesExplicit: Bool) -> LintSeverity { .info }

  func defaultLimit(role: Role, sizePt: Double) -> Double { 0 }

  func findings(in context: LintContext) -> [LintFinding] {
    context.drawnTextElements.flatMap { element, text in
      SVGTextCheck.problems(for: text).compactMap { problem -> LintFinding? in
        guard case .unpinnedFont = problem else { return nil }
        return context.finding(.unpinnedFont, at: element, problem.message, value: 1)
      }
    }
  }
}
