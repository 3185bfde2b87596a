/// What the pixel rules measure at one scale linted, on the shared high-resolution geometry,
/// each measure computed the first time a rule asks for it and kept for the rules after it
/// (`LintContext.analysis(_:)`). One per scale and icon; rules run one after another on one
/// thread, so the cache needs no lock.
final class LintScaleAnalysis {
  /// The scale (px per pt).
  let scale: Int
  /// High-resolution px per target px at this scale (`LintContext.k`).
  let k: Double
  /// The icon's high-resolution geometry.
  private let geometry: LintGeometry
  /// `thinLines(limitPx:)` by limit, as computed so far.
  private var thinLinesByLimit: [Double: [ThinLine]] = [:]

  /// The analysis of `scale` on `geometry` (nothing is measured yet).
  init(scale: Int, geometry: LintGeometry) {
    self.scale = scale
    self.k = Linter.hiResScale / Double(scale)
    self.geometry = geometry
  }

  /// The runs of ink thinner than `limitPx` px at this scale (`LintGeometry.thinLines`):
  /// labelled once per limit and kept, so `inner-lines` and `thin-strokes` (the same 1 px
  /// limit unless configured apart) share one thin band and one labelling of it.
  func thinLines(limitPx: Double) -> [ThinLine] {
    if let lines = thinLinesByLimit[limitPx] { return lines }
    let lines = geometry.thinLines(limitPx: limitPx, k: k)
    thinLinesByLimit[limitPx] = lines
    return lines
  }
}
