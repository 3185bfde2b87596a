/// The measurements the pixel rules share, taken once per icon on the high-resolution render
/// (`Linter.hiResScale` px per pt: a 1 px limit at @3x is 4 px there). Sizes, positions and
/// distances are in high-resolution px; both renders have the same layout, so
/// high-resolution px (x, y) lies in target px (x / k, y / k) with k = 12 / scale.
struct LintGeometry {
  /// Width of the high-resolution render, px.
  var width = 0
  /// Height of the high-resolution render, px.
  var height = 0
  /// The high-resolution render's coverage.
  var grid: PixelGrid
  /// Pixels at least half covered (1) or not (0).
  var ink: [UInt8] = []
  /// Squared distance from each ink px to the nearest background px (0 off the ink), exact up
  /// to the thickness reach plus 2 px.
  var inkDistance: [Double] = []
  /// Label of each background px's 4-connected component, -1 on ink.
  var backgroundLabels: [Int32] = []
  /// The background's 4-connected components.
  var backgroundComponents: [PixelComponent] = []
  /// Whether each background component is a hole: not touching the border and at least
  /// `LintDefaults.minimumFeatureArea`.
  var isHole: [Bool] = []
  /// Separate parts of ink (8-connected) of at least `LintDefaults.minimumFeatureArea`.
  var parts = 0
  /// Those parts, in label order (boxes and areas in high-resolution px).
  var partComponents: [PixelComponent] = []
  /// For each of `partComponents`, the share of the ellipse with the same second moments
  /// that its ink fills: area / (4 pi sqrt(det covariance)). About 1 for solid convex shapes
  /// (a disc 1, a bar or rectangle 0.95 at any angle); less for rings, arcs and letters.
  var partEllipseFill: [Double] = []
  /// For each of `partComponents`, whether its outline is made of horizontal and vertical
  /// edges only, as the cells of a grid are (`LintGeometry.rectilinear`).
  var partRectilinear: [Bool] = []
  /// The box of every ink px (`inkBox()`), from the boxes of the ink's parts.
  var inkBounds = PixelComponent()
  /// Indices of the background components that are holes, ascending.
  var holes: [Int] = []
  /// `PixelOps.thickness` of the ink, up to the widest line a rule asks for
  /// (`LintCheck.thicknessReach`).
  var thickness: [Float] = []

  /// Measures `hiRes` (alpha used) for `scales` (ascending; the smallest decides how far
  /// thickness is measured), with thickness up to `reachPx` px at a scale.
  init(_ hiRes: RGBAImage, scales: [Int], reachPx: Double) {
    grid = PixelGrid(hiRes)
    width = hiRes.width
    height = hiRes.height
    ink = grid.inkMask()
    let background = PixelOps.complement(ink)
    // Distances inside the ink are needed up to the widest opening asked for at the smallest
    // scale.
    let kMax = Linter.hiResScale / Double(scales.first ?? 1)
    let cap = reachPx * kMax / 2
    inkDistance = PixelOps.inkSquaredDistance(
      ink: ink, background: background, cap: cap + 2, width: width, height: height)
    let minimumArea = Self.minimumArea
    let (labels, components) = PixelOps.components(
      background, width: width, height: height, eightConnected: false)
    backgroundLabels = labels
    backgroundComponents = components
    isHole = components.map { !$0.touchesBorder && $0.area >= minimumArea }
    holes = isHole.indices.filter { isHole[$0] }
    thickness = PixelOps.thickness(
      ink, inkDistance: inkDistance, cap: cap, width: width, height: height)
    let inkParts = PixelOps.components(ink, width: width, height: height, eightConnected: true)
    let kept = inkParts.components.indices.filter { inkParts.components[$0].area >= minimumArea }
    partComponents = kept.map { inkParts.components[$0] }
    parts = partComponents.count
    partEllipseFill = Self.ellipseFill(
      labels: inkParts.labels, count: inkParts.components.count, width: width, kept: kept)
    partRectilinear = Self.rectilinear(
      labels: inkParts.labels, count: inkParts.components.count,
      components: inkParts.components, width: width, kept: kept)
    // Every ink px lies in one part (small ones too): their boxes' union is the ink's box.
    for c in inkParts.components {
      inkBounds.minX = min(inkBounds.minX, c.minX)
      inkBounds.minY = min(inkBounds.minY, c.minY)
      inkBounds.maxX = max(inkBounds.maxX, c.maxX)
      inkBounds.maxY = max(inkBounds.maxY, c.maxY)
    }
  }

  /// `partEllipseFill` of the components `kept` (indices into `count` labels).
  static func ellipseFill(labels: [Int32], count: Int, width: Int, kept: [Int]) -> [Double] {
    guard !kept.isEmpty else { return [] }
    var n = [Double](repeating: 0, count: count)
    var sx = n
    var sy = n
    var sxx = n
    var syy = n
    var sxy = n
    // Run by run of one label along a row: a run of columns a...b in row y adds its count,
    // sum of x and of x² in closed form. Every sum is a whole number below 2^53, so exact
    // in any order: the same values as adding pixel by pixel.
    let height = width > 0 ? labels.count / width : 0
    // In bounds: base + a and base + b + 1 (tested below width first) lie in row `row` <
    // height of `labels`; a label indexes the `count` sums.
    labels.withUnsafeBufferPointer { lab in
      for row in 0..<height {
        let base = row * width
        let y = Double(row)
        var a = 0
        while a < width {
          let label = lab[base &+ a]
          var b = a
          while b + 1 < width && lab[base &+ b &+ 1] == label { b += 1 }
          if label >= 0 {
            let l = Int(label)
            let count = Double(b - a + 1)
            // Sums over x = a...b of x and of x², as differences of the sums from 0.
            let lo = Double(a - 1)
            let hi = Double(b)
            let sumX = (hi * (hi + 1) - lo * (lo + 1)) / 2
            let sumXX =
              (hi * (hi + 1) * (2 * hi + 1) - lo * (lo + 1) * (2 * lo + 1)) / 6
            n[l] += count
            sx[l] += sumX
            sy[l] += y * count
            sxx[l] += sumXX
            syy[l] += y * y * count
            sxy[l] += y * sumX
          }
          a = b + 1
        }
      }
    }
    return kept.map { l in
      let mx = sx[l] / n[l]
      let my = sy[l] / n[l]
      let vxx = sxx[l] / n[l] - mx * mx + 1.0 / 12
      let vyy = syy[l] / n[l] - my * my + 1.0 / 12
      let vxy = sxy[l] / n[l] - mx * my
      let det = max(1e-9, vxx * vyy - vxy * vxy)
      return n[l] / (4 * Double.pi * det.squareRoot())
    }
  }

  /// `LintDefaults.minimumFeatureArea` in high-resolution px, rounded up.
  static var minimumArea: Int {
    Int((LintDefaults.minimumFeatureArea * Linter.hiResScale * Linter.hiResScale).rounded(.up))
  }

  /// Ink pixels whose thickness radius is at least `low` and below `high` (high-resolution
  /// px): ink outside the opening by `high` but inside the opening by `low`.
  func band(from low: Double, below high: Double) -> [UInt8] {
    let lo = Float(low)
    let hi = Float(high)
    return [UInt8](unsafeUninitializedCapacity: thickness.count) { o, initialized in
      thickness.withUnsafeBufferPointer { t in
        for i in 0..<t.count {
          let v = t[i]
          o[i] = v > 0 && v >= lo && v < hi ? 1 : 0
        }
      }
      initialized = thickness.count
    }
  }

  /// The box of every ink px (`maxX` -1 when there is no ink; area 0), measured once.
  func inkBox() -> PixelComponent { inkBounds }
}
