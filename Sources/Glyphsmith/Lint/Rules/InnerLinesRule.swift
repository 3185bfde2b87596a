extension LintRule {
  /// Lines or strokes inside the glyph's silhouette thinner than the limit (1 px) at a scale.
  public static let innerLines = LintRule(id: "inner-lines")
}

/// `inner-lines`: ink thinner than the limit (1 px at a scale: outside the opening by a disc
/// of that diameter) that borders a hole, i.e. lies inside the silhouette; at least 1.5 px
/// long. Measured on the high-resolution geometry, reported at each scale it fails at.
struct InnerLinesRule: LintCheck {
  var id: LintRule { .innerLines }
  var summary: String { "lines inside the glyph thinner than 1 px at a scale" }
  var measures: String {
    "ink thinner than the limit that borders a hole (lies inside the silhouette): the ink "
      + "outside the morphological opening by a disc of the limit's diameter, at least 1.5 px "
      + "long"
  }
  var valueAndLimit: String { "width in px at that scale / 1 px" }

  /// HIG "Page controls": no inner lines in custom indicator images; a line thinner than a
  /// pixel at a scale that ships turns grey in any small glyph, which a designer fixes
  /// before shipping (8 of 8 findings judged so at tab-bar size, issue 16): an error for the
  /// iOS roles, a warning for `plain`; `info` at a scale that does not ship
  /// (`LintDefaults.ships`).
  func defaultSeverity(role: Role, scale: Int, scalesExplicit: Bool) -> LintSeverity {
    LintDefaults.shipped(
      role == .plain ? .warning : .error, role: role, scale: scale,
      scalesExplicit: scalesExplicit)
  }

  /// `LintDefaults.thinnestPx` (1 px at every scale).
  func defaultLimit(role: Role, sizePt: Double) -> Double { LintDefaults.thinnestPx }

  /// Lines up to the limit.
  func thicknessReach(limit: Double) -> Double { limit }

  func findings(in context: LintContext) -> [LintFinding] {
    context.scales.flatMap { innerLines(context, scale: $0) }
  }

  private func innerLines(_ context: LintContext, scale: Int) -> [LintFinding] {
    guard context.renders[scale] != nil else { return [] }
    let k = context.k(scale)
    let limitPx = context.limit(.innerLines)
    return context.geometry.thinLines(limitPx: limitPx, k: k).filter(\.bordersHole).map { line in
      context.finding(
        .innerLines,
        "a line inside the glyph is \(line.widthPx.lintText) px wide at @\(scale)x (limit "
          + "\(limitPx.lintText) px) and blurs into grey; make it at least "
          + "\((limitPx / Double(scale)).lintText) pt wide at \(context.sizePt.lintText) pt, "
          + "or leave it out",
        scale: scale, box: context.box(line.component, k: k, scale: scale), value: line.widthPx,
        limit: limitPx)
    }
  }
}
