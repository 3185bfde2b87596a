/// What a rule sees of one icon (`LintCheck.findings(in:)`): the options, the SVG's structure,
/// the real render at each scale and the shared high-resolution geometry; and the helpers
/// that turn a measurement into a finding with the configured severity and limit.
struct LintContext {
  /// The role linted for.
  let role: Role
  /// The target's long side in pt (plain role: the canvas's).
  let sizePt: Double
  /// Scales linted (px per pt), ascending, at least one.
  let scales: [Int]
  /// Whether the scales were asked for explicitly (`--scales`) rather than the defaults.
  let scalesExplicit: Bool
  /// Limits and severities.
  let config: LintConfig
  /// Whether the images are templates (only alpha kept): `LintOptions.template`, else the
  /// role's default (every role but `plain`).
  let template: Bool
  /// The SVG's structure; `nil` for a PNG.
  let outline: SVGOutline?
  /// The real render (template, alpha) at each scale.
  let renders: [Int: RGBAImage]
  /// The coverage of each real render.
  let targets: [Int: PixelGrid]
  /// Measurements shared by the pixel rules, on the high-resolution render.
  let geometry: LintGeometry
  /// The measures of each scale linted that more than one rule reads, computed on first use
  /// (`analysis(_:)`).
  let analyses: [Int: LintScaleAnalysis]
  /// The SVG's `<text>` elements with their characters and font families
  /// (`SVGTextCheck.elements`), in document order; empty for a PNG.
  var textElements: [SVGTextCheck.TextElement] = []

  /// The smallest scale linted: structural findings and once-per-icon measures report there.
  var smallestScale: Int { scales[0] }

  /// The shared, lazily computed measures at `scale`; `nil` for a scale not linted.
  func analysis(_ scale: Int) -> LintScaleAnalysis? { analyses[scale] }

  /// High-resolution px per target px at `scale`.
  func k(_ scale: Int) -> Double { Linter.hiResScale / Double(scale) }

  /// The configured severity of `rule` at `scale`.
  func severity(_ rule: LintRule, scale: Int) -> LintSeverity {
    config.severity(rule, role: role, scale: scale, scalesExplicit: scalesExplicit)
  }

  /// The configured limit of `rule` (in its unit) for this role and size.
  func limit(_ rule: LintRule) -> Double {
    config.limit(rule, role: role, sizePt: sizePt)
  }

  /// Size in px of the real render at `scale`.
  func targetSize(_ scale: Int) -> (Int, Int) {
    (renders[scale]?.width ?? 0, renders[scale]?.height ?? 0)
  }

  /// A high-resolution component's box in target px at `scale` (`k` high-resolution px per
  /// target px), cut at the render's size.
  func box(_ c: PixelComponent, k: Double, scale: Int) -> PixelBox {
    let size = targetSize(scale)
    let x0 = Int((Double(c.minX) / k).rounded(.down))
    let y0 = Int((Double(c.minY) / k).rounded(.down))
    let x1 = min(size.0, Int((Double(c.maxX + 1) / k).rounded(.up)))
    let y1 = min(size.1, Int((Double(c.maxY + 1) / k).rounded(.up)))
    return PixelBox(x: x0, y: y0, width: max(1, x1 - x0), height: max(1, y1 - y0))
  }

  /// A pixel finding at `scale`, at the configured severity unless `severity` is given.
  func finding(
    _ rule: LintRule, _ message: String, scale: Int, box: PixelBox?, value: Double,
    limit: Double, severity: LintSeverity? = nil
  ) -> LintFinding {
    LintFinding(
      rule: rule, severity: severity ?? self.severity(rule, scale: scale), message: message,
      scale: scale, box: box, value: value, limit: limit)
  }

  /// A structural finding at `element`'s start tag, at the smallest scale; `nil` when the rule
  /// is off or silenced for the element.
  func finding(
    _ rule: LintRule, at element: SVGOutline.Element, _ message: String, value: Double
  ) -> LintFinding? {
    let severity = severity(rule, scale: smallestScale)
    guard severity != .off, !element.ignores(rule) else { return nil }
    return LintFinding(
      rule: rule, severity: severity, message: message, line: element.line,
      column: element.column, scale: smallestScale, value: value, limit: limit(rule))
  }
}
