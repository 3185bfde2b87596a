extension LintRule {
  /// `<text>` content in the SVG.
  public static let text = LintRule(id: "text")
}

/// `text`: `<text>` elements that are drawn (HIG: no text in small glyphs), at their start
/// tags.
struct TextRule: LintCheck {
  var id: LintRule { .text }
  var summary: String { "<text> in the SVG (error for indicators)" }
  var measures: String { "`<text>` elements (HIG: no text in small glyphs)" }
  var valueAndLimit: String { "1 / 0" }

  /// HIG "Page controls": no text in custom indicator images, so an error there; elsewhere
  /// a warning.
  func defaultSeverity(role: Role, scale: Int, scalesExplicit: Bool) -> LintSeverity {
    role == .indicator ? .error : .warning
  }

  func defaultLimit(role: Role, sizePt: Double) -> Double { 0 }

  func findings(in context: LintContext) -> [LintFinding] {
    guard let outline = context.outline else { return [] }
    return outline.elements.enumerated().compactMap { index, element in
      guard element.name == "text", outline.isRendered(index) else { return nil }
      return context.finding(
        .text, at: element,
        "<text> in an icon turns to mush at \(context.sizePt.lintText) pt (HIG: no text in "
          + "small glyphs); convert the letters to outlines or leave them out", value: 1)
    }
  }
}
