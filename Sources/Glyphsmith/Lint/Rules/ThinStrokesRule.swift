extension LintRule {
  /// Open strokes (bordering no hole) thinner than the limit (1 px) at a scale.
  public static let thinStrokes = LintRule(id: "thin-strokes")
}

/// `thin-strokes`: ink thinner than the limit (1 px at a scale: outside the opening by a disc
/// of that diameter) that borders no hole: open strokes, ticks and outlines that fade to a grey
/// thread at that scale; at least 1.5 px long. The companion of `inner-lines` (which reports
/// the thin ink that borders a hole), measured the same way on the high-resolution geometry,
/// reported at each scale it fails at.
struct ThinStrokesRule: LintCheck {
  var id: LintRule { .thinStrokes }
  var summary: String { "open strokes (bordering no hole) thinner than 1 px at a scale" }
  var measures: String {
    "ink thinner than the limit that borders no hole (open strokes): the ink outside the "
      + "morphological opening by a disc of the limit's diameter, at least 1.5 px long"
  }
  var valueAndLimit: String { "width in px at that scale / 1 px" }

  /// A stroke thinner than a pixel at a scale that ships turns into a faint grey thread
  /// (specs.md: thinner than 1 pt at @1x does not survive, i.e. 1 px); a designer thickens it
  /// before shipping: an error for the iOS roles, a warning for `plain`; `info` at a scale
  /// that does not ship (`LintDefaults.ships`).
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
    context.scales.flatMap { scale -> [LintFinding] in
      guard context.renders[scale] != nil else { return [] }
      let k = context.k(scale)
      let limitPx = context.limit(.thinStrokes)
      return context.geometry.thinLines(limitPx: limitPx, k: k).filter { !$0.bordersHole }.map {
        line in
        context.finding(
          .thinStrokes,
          "a stroke is \(line.widthPx.lintText) px wide at @\(scale)x (limit "
            + "\(limitPx.lintText) px) and fades to a grey thread; make it at least "
            + "\((limitPx / Double(scale)).lintText) pt wide at \(context.sizePt.lintText) pt",
          scale: scale, box: context.box(line.component, k: k, scale: scale),
          value: line.widthPx, limit: limitPx)
      }
    }
  }
}
