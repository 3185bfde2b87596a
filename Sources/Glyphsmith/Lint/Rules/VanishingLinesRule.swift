import FoundationEssentials
import Glibc
import GlyphsmithCore

extension LintRule {
  /// Lines of an Icon Composer layer that fade out at the small sizes the icon is shown at.
  public static let vanishingLines = LintRule(id: "vanishing-lines")
}

/// `vanishing-lines` (`--role icon-layer`): lines of a layer thinner than half a pixel at the
/// smallest size the icon is shown at (`IconLayerSizes`: 40 px, Spotlight), which fade into
/// what is behind them there (at most half coverage) and at the 29 pt Settings size (58 px)
/// when thinner still. Measured on the layer's 1024 px analysis render (1 px per pt): ink
/// (px at least half covered) outside the opening by a disc as wide as the limit
/// (`Morphology.thickness`), in 8-connected runs (their box's diagonal the length): a run
/// touching wider ink is the corner or tip of a shape unless it is over 4 limits long; a run
/// on its own counts from one limit long.
/// The width of a run is estimated from the mean depth d of its px (distance to the nearest
/// px not in the ink) as 4d - 2 pt, exact for a straight line of whole px, to about 1 pt.
struct VanishingLinesRule: IconLayerOnlyCheck {
  /// Narrowest a line may be at the smallest size shown, px.
  static let thinnestShownPx = 0.5

  var id: LintRule { .vanishingLines }
  var layerSeverity: LintSeverity { .warning }
  var summary: String {
    "icon-layer: lines under 0.5 px at the 40 px Spotlight size\n(12.8 pt on the 1024 pt canvas)"
  }
  var measures: String {
    "`icon-layer`: runs of ink (not the corner or tip of a wider shape) thinner than half a px at "
      + "the smallest size the icon is shown at (40 px, Spotlight 40 pt @1x; the sizes run "
      + "from 1024 px down to it and the 29 pt Settings icon, 58 px), measured at 1 px per pt "
      + "of the canvas: they fade into what is behind them"
  }
  var valueAndLimit: String { "width in pt of the 1024 pt canvas / 12.8 pt (0.5 px at 40 px)" }
  func defaultLimit(role: Role, sizePt: Double) -> Double {
    Self.thinnestShownPx * IconScene.canvas / Double(IconLayerSizes.smallest)
  }

  func findings(inLayer context: IconLayerContext) -> [LintFinding] {
    let side = context.side
    let ptPerPx = IconScene.canvas / Double(side)
    let limitPt = context.limit(.vanishingLines, default: defaultLimit(role: .plain, sizePt: 0))
    let limitPx = limitPt / ptPerPx
    let ink = context.coverage.map { $0 >= 128 ? UInt8(1) : 0 }
    guard ink.contains(1) else { return [] }
    let radius = limitPx / 2
    let depth2 = PixelOps.inkSquaredDistance(
      ink: ink, background: PixelOps.complement(ink), cap: radius + 2, width: side, height: side)
    let thickness = PixelOps.thickness(
      ink, inkDistance: depth2, cap: radius, width: side, height: side)
    let capF = Float(radius)
    let thin = thickness.map { $0 > 0 && $0 < capF ? UInt8(1) : 0 }
    let (labels, components) = PixelOps.components(
      thin, width: side, height: side, eightConnected: true)
    guard !components.isEmpty else { return [] }
    // Per run: the sum of its px's depths, and whether it touches ink at least as wide as the
    // limit.
    var depthSum = [Double](repeating: 0, count: components.count)
    var touchesWide = [Bool](repeating: false, count: components.count)
    for y in 0..<side {
      for x in 0..<side {
        let l = Int(labels[y * side + x])
        guard l >= 0 else { continue }
        depthSum[l] += min(depth2[y * side + x], radius * radius + 4 * radius + 4).squareRoot()
        if touchesWide[l] { continue }
        for (dx, dy) in [(-1, 0), (1, 0), (0, -1), (0, 1)] {
          let nx = x + dx
          let ny = y + dy
          guard nx >= 0, ny >= 0, nx < side, ny < side else { continue }
          if thickness[ny * side + nx] >= capF { touchesWide[l] = true }
        }
      }
    }
    var findings: [LintFinding] = []
    for (l, c) in components.enumerated() {
      // A run touching wider ink and at most 4 limits long is a corner or tip of a shape; a
      // run on its own is a line (or a dot) once it is as long as the limit is wide.
      let length = hypot(Double(c.boxWidth), Double(c.boxHeight))
      if touchesWide[l] ? length <= 4 * limitPx : length < limitPx { continue }
      let meanDepth = depthSum[l] / Double(c.area)
      let widthPt = max(1, 4 * meanDepth - 2) * ptPerPx
      guard widthPt < limitPt else { continue }
      let atSmallest = widthPt * Double(IconLayerSizes.smallest) / IconScene.canvas
      let atSettings = widthPt * Double(IconLayerSizes.settings) / IconScene.canvas
      let fading = IconLayerSizes.all.filter {
        widthPt * Double($0.pixels) / IconScene.canvas < Self.thinnestShownPx
      }.map { String($0.pixels) }
      let box = PixelBox(x: c.minX, y: c.minY, width: c.boxWidth, height: c.boxHeight)
      if let finding = context.finding(
        .vanishingLines,
        "a line about \(widthPt.lintText) pt wide is \(atSmallest.lintText) px at the "
          + "\(IconLayerSizes.smallest) px Spotlight size and \(atSettings.lintText) px at the "
          + "29 pt Settings size (\(IconLayerSizes.settings) px); under "
          + "\(Self.thinnestShownPx.lintText) px (at \(fading.joined(separator: ", ")) px) it "
          + "fades into what is behind it; draw it at least \(limitPt.lintText) pt wide or "
          + "leave it out",
        severity: .warning, box: box, value: widthPt, limit: limitPt)
      {
        findings.append(finding)
      }
    }
    return findings
  }
}
