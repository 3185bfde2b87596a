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

  /// HIG "Page controls": no inner lines in custom indicator images, so an error there;
  /// elsewhere a warning.
  func defaultSeverity(role: Role, scale: Int, scalesExplicit: Bool) -> LintSeverity {
    role == .indicator ? .error : .warning
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
    let g = context.geometry
    let k = context.k(scale)
    let limitPx = context.limit(.innerLines)
    let thin = g.band(from: 0, below: limitPx * k / 2)
    guard thin.contains(1) else { return [] }
    let (labels, components) = PixelOps.components(
      thin, width: g.width, height: g.height, eightConnected: true)
    var bordersHole = [Bool](repeating: false, count: components.count)
    var deepest = [Double](repeating: 0, count: components.count)
    for i in 0..<labels.count where labels[i] >= 0 {
      let l = Int(labels[i])
      deepest[l] = max(deepest[l], g.inkDistance[i])
      if bordersHole[l] { continue }
      let x = i % g.width
      let y = i / g.width
      for (dx, dy) in [(1, 0), (-1, 0), (0, 1), (0, -1)] {
        let nx = x + dx
        let ny = y + dy
        guard nx >= 0, ny >= 0, nx < g.width, ny < g.height else { continue }
        let b = g.backgroundLabels[ny * g.width + nx]
        if b >= 0 && g.isHole[Int(b)] { bordersHole[l] = true }
      }
    }
    var findings: [LintFinding] = []
    for (l, c) in components.enumerated()
    where bordersHole[l] && Double(max(c.boxWidth, c.boxHeight)) >= 1.5 * k {
      let widthPx = max(0, 2 * deepest[l].squareRoot() - 0.5) / k
      findings.append(
        context.finding(
          .innerLines,
          "a line inside the glyph is \(widthPx.lintText) px wide at @\(scale)x (limit "
            + "\(limitPx.lintText) px) and blurs into grey; make it at least "
            + "\((limitPx / Double(scale)).lintText) pt wide at \(context.sizePt.lintText) pt, "
            + "or leave it out",
          scale: scale, box: context.box(c, k: k, scale: scale), value: widthPx,
          limit: limitPx))
    }
    return findings
  }
}
