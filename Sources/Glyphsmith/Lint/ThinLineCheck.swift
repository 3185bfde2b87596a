/// A rule that reports runs of ink thinner than a limit (`ThinLine`) on one side of the split
/// by holes: `inner-lines` (runs that border a hole) and `thin-strokes` (runs that border
/// none). Both read the same runs from the scale's shared analysis
/// (`LintScaleAnalysis.thinLines`), so the thin band is labelled once per scale for the two;
/// they share their defaults and their check here and differ in the side and the message.
protocol ThinLineCheck: LintCheck {
  /// Whether the rule reports the runs that border a hole (`true`) or those that border none.
  var reportsRunsBorderingHoles: Bool { get }

  /// The finding's message for a run `widthPx` px wide at `scale` (px per pt) against the
  /// limit `limitPx` px, in a glyph whose long side is `sizePt` pt.
  func message(widthPx: Double, limitPx: Double, scale: Int, sizePt: Double) -> String
}

extension ThinLineCheck {
  /// A line thinner than a pixel at a scale that ships turns into a faint grey thread in any
  /// small glyph (specs.md: thinner than 1 pt at @1x does not survive, i.e. 1 px), which a
  /// designer fixes before shipping: an error for the iOS roles, a warning for `plain`;
  /// `info` at a scale that does not ship (`LintDefaults.ships`).
  func defaultSeverity(role: Role, scale: Int, scalesExplicit: Bool) -> LintSeverity {
    LintDefaults.shipped(
      role == .plain ? .warning : .error, role: role, scale: scale,
      scalesExplicit: scalesExplicit)
  }

  /// `LintDefaults.thinnestPx` (1 px at every scale).
  func defaultLimit(role: Role, sizePt: Double) -> Double { LintDefaults.thinnestPx }

  /// Lines up to the limit.
  func thicknessReach(limit: Double) -> Double { limit }

  /// At each scale linted, a finding per run on the rule's side of the split, in label order,
  /// boxed in target px at that scale, valued at its width in px; a short taper
  /// (`ThinLine.isTaper`: a tip narrowing to nothing, not a stroke) is `info` at most.
  func findings(in context: LintContext) -> [LintFinding] {
    context.scales.flatMap { scale -> [LintFinding] in
      guard context.renders[scale] != nil, let analysis = context.analysis(scale) else {
        return []
      }
      let limitPx = context.limit(id)
      return analysis.thinLines(limitPx: limitPx).filter {
        $0.bordersHole == reportsRunsBorderingHoles
      }.map { line in
        let severity = context.severity(id, scale: scale)
        return context.finding(
          id,
          message(widthPx: line.widthPx, limitPx: limitPx, scale: scale, sizePt: context.sizePt),
          scale: scale, box: context.box(line.component, k: analysis.k, scale: scale),
          value: line.widthPx, limit: limitPx,
          severity: line.isTaper(scale: scale) && severity < .info ? .info : severity)
      }
    }
  }
}
