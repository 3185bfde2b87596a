extension LintRule {
  /// Lines or strokes inside the glyph's silhouette thinner than the limit (1 px) at a scale.
  public static let innerLines = LintRule(id: "inner-lines")
}

/// `inner-lines`: ink thinner than the limit (1 px at a scale: outside the opening by a disc
/// of that diameter) that borders a hole, i.e. lies inside the silhouette; at least 1.5 px
/// long. Measured on the high-resolution geometry, reported at each scale it fails at.
/// Defaults and check shared with `thin-strokes` (`ThinLineCheck`): HIG "Page controls" asks
/// for no inner lines in custom indicator images, and a line thinner than a pixel at a scale
/// that ships turns grey in any small glyph (8 of 8 findings judged worth fixing at tab-bar
/// size, issue 16), so an error for the iOS roles.
struct InnerLinesRule: ThinLineCheck {
  var id: LintRule { .innerLines }
  var locatesPixelFindings: Bool { true }
  var summary: String { "lines inside the glyph thinner than 1 px at a scale" }
  var measures: String {
    "ink thinner than the limit that borders a hole (lies inside the silhouette): the ink "
      + "outside the morphological opening by a disc of the limit's diameter, at least 1.5 px "
      + "long"
  }
  var valueAndLimit: String { "width in px at that scale / 1 px" }

  /// The runs that border a hole.
  var reportsRunsBorderingHoles: Bool { true }

  func message(widthPx: Double, limitPx: Double, scale: Int, sizePt: Double) -> String {
    "a line inside the glyph is \(widthPx.lintText) px wide at @\(scale)x (limit "
      + "\(limitPx.lintText) px) and blurs into grey; make it at least "
      + "\((limitPx / Double(scale)).lintText) pt wide at \(sizePt.lintText) pt, or leave it out"
  }
}
