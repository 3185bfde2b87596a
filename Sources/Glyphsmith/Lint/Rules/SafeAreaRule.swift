import FoundationEssentials
import Glibc
import GlyphsmithCore

extension LintRule {
  /// An Icon Composer foreground layer's ink outside the shapes the icon is cut to.
  public static let safeArea = LintRule(id: "safe-area")
}

/// `safe-area` (`--role icon-layer`): ink of a foreground layer (not one meant to run off the
/// icon's edge, `IconLayerContext.isFullBleed`: full bleed, edge to edge, or a band spanning
/// the canvas from one edge to the opposite one) outside the shapes the system cuts the icon
/// to. Outside the iOS rounded
/// square (`AppIconMask`, the whole canvas's superellipse; macOS draws the same shape) it is
/// cut on every platform: an error. Outside the watchOS circle (the circle inscribed in the
/// canvas, radius 512 pt) it is cut on the watch: a warning, when the document draws the
/// icon as a circle (`supported-platforms.circles` holds `watchOS`, as Icon Composer and
/// `appicon --format icon` write it). Ink is every px at least half covered; the value is
/// how far it reaches from the centre in pt, measured as the shape measures (the
/// superellipse's norm, (|x|^5 + |y|^5)^(1/5), or the distance), against 512 pt. As
/// `android-launcher`'s safe-zone check: error outside what every mask shows, warning
/// outside what one mask shows.
struct SafeAreaRule: IconLayerOnlyCheck {
  var id: LintRule { .safeArea }
  var layerSeverity: LintSeverity { .warning }
  var summary: String {
    "icon-layer: foreground ink outside the watchOS circle (warning)\nor the rounded square (error)"
  }
  var measures: String {
    "`icon-layer`: a foreground layer's ink (px at least half covered; not a background: "
      + "full bleed, edge to edge, or a band from one canvas edge to the opposite one) outside the iOS rounded square (superellipse \\|x\\|^5 + \\|y\\|^5 = 1 over "
      + "the canvas: cut everywhere, error) or the watchOS circle inscribed in the canvas "
      + "(cut on the watch, warning; when the document has watchOS circles)"
  }
  var valueAndLimit: String { "reach from the centre in pt of the 1024 pt canvas / 512 pt" }
  var severityNote: String? {
    "error outside the rounded square, warning outside the circle (`--role icon-layer` only)"
  }
  func defaultLimit(role: Role, sizePt: Double) -> Double { 512 }

  func findings(inLayer context: IconLayerContext) -> [LintFinding] {
    guard !context.isFullBleed else { return [] }
    let side = context.side
    let half = Double(side) / 2
    let limit = context.limit(.safeArea, default: 512)
    var squareReach = 0.0
    var circleReach = 0.0
    for y in 0..<side {
      let dy = abs(Double(y) + 0.5 - half)
      for x in 0..<side where context.coverage[y * side + x] >= 128 {
        let dx = abs(Double(x) + 0.5 - half)
        circleReach = max(circleReach, (dx * dx + dy * dy).squareRoot())
        squareReach = max(squareReach, pow(pow(dx, 5) + pow(dy, 5), 0.2))
      }
    }
    let ptPerPx = IconScene.canvas / Double(side)
    squareReach *= ptPerPx
    circleReach *= ptPerPx
    if squareReach > limit {
      let box = context.box { context.coverage[$0] >= 128 && context.mask[$0] < 128 }
      return [
        context.finding(
          .safeArea,
          "ink reaches \(squareReach.lintText) pt from the centre, outside the rounded square "
            + "every platform cuts the icon to (\(limit.lintText) pt): it is cut off; shrink "
            + "the layer (its position scale) or move its art inward",
          severity: .error, box: box, value: squareReach, limit: limit)
      ].compactMap { $0 }
    }
    if context.circles, circleReach > limit {
      let box = context.box { i in
        guard context.coverage[i] >= 128 else { return false }
        let dx = Double(i % side) + 0.5 - half
        let dy = Double(i / side) + 0.5 - half
        return (dx * dx + dy * dy).squareRoot() * ptPerPx > limit
      }
      return [
        context.finding(
          .safeArea,
          "ink reaches \(circleReach.lintText) pt from the centre, outside the watchOS circle "
            + "(\(limit.lintText) pt): the watch cuts it off; shrink the layer or move its art "
            + "inward (or leave watchOS out of supported-platforms)",
          severity: .warning, box: box, value: circleReach, limit: limit)
      ].compactMap { $0 }
    }
    return []
  }
}
