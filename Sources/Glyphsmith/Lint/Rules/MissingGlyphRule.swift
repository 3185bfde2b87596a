extension LintRule {
  /// `<text>` characters no pinned font has a glyph for.
  public static let missingGlyph = LintRule(id: "missing-glyph")
}

/// `missing-glyph`: characters of a drawn `<text>` that none of the pinned fonts (Inter,
/// DejaVu Sans, Noto Color Emoji; `FontCoverage`) has a glyph for: librsvg draws each as a
/// hex box. At the element's start tag.
struct MissingGlyphRule: LintCheck {
  var id: LintRule { .missingGlyph }
  var summary: String {
    "<text> characters no pinned font covers (a box is drawn; error\n"
      + "for indicators)"
  }
  var measures: String { "characters of `<text>` no pinned font has a glyph for (drawn as a box)" }
  var valueAndLimit: String { "count / 0" }

  /// A box in a page indicator is never right (HIG "Page controls"): an error there; elsewhere
  /// a warning (`render` warns the same).
  func defaultSeverity(role: Role, scale: Int, scalesExplicit: Bool) -> LintSeverity {
    role == .indicator ? .error : .warning
  }

  func defaultLimit(role: Role, sizePt: Double) -> Double { 0 }

  func findings(in context: LintContext) -> [LintFinding] {
    context.drawnTextElements.compactMap { element, text in
      let missing = FontCoverage.pinned.uncovered(text.text)
      guard !missing.isEmpty else { return nil }
      let problem = SVGTextCheck.Problem.missingGlyph(text, missing)
      return context.finding(
        .missingGlyph, at: element, problem.message, value: Double(missing.count))
    }
  }
}
