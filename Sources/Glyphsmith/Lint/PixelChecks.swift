import Foundation

/// The lint rules measured on pixels: `inner-lines`, `negative-space`, `complexity`,
/// `hairline`, `detail-loss` and `off-centre`.
///
/// Geometry (stroke widths, holes, parts) is measured on one high-resolution render at
/// `Linter.hiResScale` px per pt (12: a 1 px limit at @3x is 4 px there); whether a detail
/// survives is then decided for each scale, on that scale's real render where the rule
/// depends on pixel alignment (holes that fill in, half-pixel lines, detail loss). Both renders
/// have the same layout, so high-resolution px (x, y) lies in target px (x / k, y / k) with
/// k = 12 / scale.
struct PixelChecks {
  let role: Role
  let sizePt: Double
  let config: LintConfig
  /// Scales linted, ascending.
  let scales: [Int]
  /// The high-resolution render (alpha used).
  let hiRes: RGBAImage
  /// The real render at each scale (alpha used).
  let renders: [Int: RGBAImage]
  /// Whether a rule is silenced for the whole file.
  let silenced: (LintRule) -> Bool

  private struct Geometry {
    var width = 0
    var height = 0
    var grid: PixelGrid
    var ink: [UInt8] = []
    var inkDistance: [Double] = []
    var backgroundLabels: [Int32] = []
    var backgroundComponents: [PixelComponent] = []
    var isHole: [Bool] = []
    var holeRadius: [Double] = []
    var parts = 0
    var holes: [Int] = []

    /// `PixelOps.thickness` of the ink, up to the largest radius a rule asks for.
    var thickness: [Float] = []

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
  }

  func run() -> [LintFinding] {
    let g = geometry()
    var findings: [LintFinding] = []
    for scale in scales {
      guard let render = renders[scale] else { continue }
      let target = PixelGrid(render)
      let k = Linter.hiResScale / Double(scale)
      if enabled(.innerLines) { findings += innerLines(g, scale: scale, k: k) }
      if enabled(.negativeSpace) {
        findings += negativeSpace(g, target: target, scale: scale, k: k)
      }
      if enabled(.hairline) { findings += hairlines(g, target: target, scale: scale, k: k) }
      if enabled(.detailLoss) { findings += detailLoss(g, target: target, scale: scale, k: k) }
    }
    if let smallest = scales.first, let render = renders[smallest] {
      let k = Linter.hiResScale / Double(smallest)
      if enabled(.complexity) { findings += complexity(g, scale: smallest, k: k) }
      if enabled(.offCentre) {
        findings += offCentre(g, target: PixelGrid(render), scale: smallest, k: k)
      }
    }
    return findings
  }

  private func enabled(_ rule: LintRule) -> Bool {
    !silenced(rule) && config.severity(rule, role: role) != .off
  }

  private func limit(_ rule: LintRule) -> Double {
    config.limit(rule, role: role, sizePt: sizePt)
  }

  private func make(
    _ rule: LintRule, _ message: String, scale: Int, box: PixelBox?, value: Double,
    limit: Double, severity: LintSeverity? = nil
  ) -> LintFinding {
    LintFinding(
      rule: rule, severity: severity ?? config.severity(rule, role: role), message: message,
      scale: scale, box: box, value: value, limit: limit)
  }

  /// A high-resolution component's box in target px (`k` high-resolution px per target px).
  private func box(_ c: PixelComponent, k: Double, limitTo size: (Int, Int)) -> PixelBox {
    let x0 = Int((Double(c.minX) / k).rounded(.down))
    let y0 = Int((Double(c.minY) / k).rounded(.down))
    let x1 = min(size.0, Int((Double(c.maxX + 1) / k).rounded(.up)))
    let y1 = min(size.1, Int((Double(c.maxY + 1) / k).rounded(.up)))
    return PixelBox(x: x0, y: y0, width: max(1, x1 - x0), height: max(1, y1 - y0))
  }

  private func targetSize(_ scale: Int) -> (Int, Int) {
    (renders[scale]?.width ?? 0, renders[scale]?.height ?? 0)
  }

  // MARK: - Geometry

  private func geometry() -> Geometry {
    var g = Geometry(grid: PixelGrid(hiRes))
    g.width = hiRes.width
    g.height = hiRes.height
    g.ink = g.grid.inkMask()
    let background = PixelOps.complement(g.ink)
    // The widest opening asked for: inner lines at the limit, hairlines at 1.25 px, both at the
    // smallest scale; distances inside the ink are needed up to there.
    let kMax = Linter.hiResScale / Double(scales.first ?? 1)
    let cap = max(limit(.innerLines), Self.hairlineWidest) * kMax / 2
    g.inkDistance = PixelOps.inkSquaredDistance(
      ink: g.ink, background: background, cap: cap + 2, width: g.width, height: g.height)
    let minimumArea = Int(
      (LintDefaults.minimumFeatureArea * Linter.hiResScale * Linter.hiResScale).rounded(.up))
    let (labels, components) = PixelOps.components(
      background, width: g.width, height: g.height, eightConnected: false)
    g.backgroundLabels = labels
    g.backgroundComponents = components
    g.isHole = components.map { !$0.touchesBorder && $0.area >= minimumArea }
    g.holes = g.isHole.indices.filter { g.isHole[$0] }
    var radius = [Double](repeating: 0, count: components.count)
    if !g.holes.isEmpty {
      // Indicators report every hole's width: the full transform. Other roles only need to
      // know whether a hole is narrower than the limit at the smallest scale: a bounded
      // search, which stops for a hole as soon as one of its pixels is out of reach.
      if role == .indicator {
        let distance = PixelOps.squaredDistance(to: g.ink, width: g.width, height: g.height)
        for i in 0..<labels.count where labels[i] >= 0 && g.isHole[Int(labels[i])] {
          let l = Int(labels[i])
          if distance[i] > radius[l] { radius[l] = distance[i] }
        }
      } else {
        let reach = Int((limit(.negativeSpace) * kMax / 2 + 2).rounded(.down))
        let known = Double(reach * reach)
        var done = [Bool](repeating: false, count: components.count)
        let column = g.ink.withUnsafeBufferPointer {
          PixelOps.columnDistances(
            to: $0, width: g.width, height: g.height, far: Int32(clamping: reach + 1))
        }
        column.withUnsafeBufferPointer { c in
          for i in 0..<labels.count where labels[i] >= 0 {
            let l = Int(labels[i])
            guard g.isHole[l], !done[l] else { continue }
            let found = PixelOps.rowSearch(
              c, x: i % g.width, y: i / g.width, width: g.width, reach: reach)
            let value = found.map(Double.init) ?? known
            if value > radius[l] { radius[l] = value }
            if radius[l] >= known { done[l] = true }
          }
        }
      }
    }
    g.holeRadius = radius.map { $0.squareRoot() }
    g.thickness = PixelOps.thickness(
      g.ink, inkDistance: g.inkDistance, cap: cap, width: g.width, height: g.height)
    let parts = PixelOps.components(g.ink, width: g.width, height: g.height, eightConnected: true)
    g.parts = parts.components.filter { $0.area >= minimumArea }.count
    return g
  }

  // MARK: - inner-lines

  /// Ink thinner than the limit (1 px at `scale`, opening by a disc of that diameter) that
  /// borders a hole, i.e. lies inside the silhouette; at least 1.5 px long.
  private func innerLines(_ g: Geometry, scale: Int, k: Double) -> [LintFinding] {
    let limitPx = limit(.innerLines)
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
        make(
          .innerLines,
          "a line inside the glyph is \(widthPx.lintText) px wide at @\(scale)x (limit "
            + "\(limitPx.lintText) px) and blurs into grey; make it at least "
            + "\((limitPx / Double(scale)).lintText) pt wide at \(sizePt.lintText) pt, or leave it out",
          scale: scale, box: box(c, k: k, limitTo: targetSize(scale)), value: widthPx,
          limit: limitPx))
    }
    return findings
  }

  // MARK: - negative-space

  /// Holes: for `indicator`, every hole (once, at the smallest scale); otherwise holes that
  /// close at `scale`: narrower than the limit, or no pixel of the real render inside them is
  /// more than half clear.
  private func negativeSpace(
    _ g: Geometry, target: PixelGrid, scale: Int, k: Double
  ) -> [LintFinding] {
    let limitPx = limit(.negativeSpace)
    if role == .indicator {
      guard scale == scales.first else { return [] }
      return g.holes.map { h in
        let across = max(0, 2 * g.holeRadius[h] - 0.5) / k
        return make(
          .negativeSpace,
          "an enclosed hole (\(across.lintText) px across at @\(scale)x) in an indicator "
            + "glyph (HIG: no negative space at indicator size); fill it in",
          scale: scale, box: box(g.backgroundComponents[h], k: k, limitTo: targetSize(scale)),
          value: across, limit: limitPx)
      }
    }
    var open = [Bool](repeating: false, count: g.backgroundComponents.count)
    for y in 0..<target.height {
      let hy = min(g.height - 1, Int((Double(y) + 0.5) * k))
      for x in 0..<target.width where target.alpha[y * target.width + x] < 0.5 {
        let hx = min(g.width - 1, Int((Double(x) + 0.5) * k))
        let l = g.backgroundLabels[hy * g.width + hx]
        if l >= 0 { open[Int(l)] = true }
      }
    }
    return g.holes.compactMap { h in
      let across = max(0, 2 * g.holeRadius[h] - 0.5) / k
      // The distance transform's widest estimate (2 r, exact for an even count of px) decides,
      // so rounding never closes a hole that is open.
      let narrow = 2 * g.holeRadius[h] / k < limitPx
      guard narrow || !open[h] else { return nil }
      let why =
        narrow
        ? "is \(across.lintText) px across at @\(scale)x (limit \(limitPx.lintText) px)"
        : "has no pixel more than half clear at @\(scale)x"
      return make(
        .negativeSpace,
        "an enclosed hole \(why) and fills in; widen it to at least "
          + "\((limitPx / Double(scale)).lintText) pt or close it in the artwork",
        scale: scale, box: box(g.backgroundComponents[h], k: k, limitTo: targetSize(scale)),
        value: across, limit: limitPx)
    }
  }

  // MARK: - hairline

  /// Width range in px at the scale checked of what counts as a 1 px line: 0.75 to 1.25 px.
  static let hairlineNarrowest = 0.75
  static let hairlineWidest = 1.25

  /// Straight horizontal or vertical lines 0.75 to 1.25 px wide at `scale` whose median
  /// coverage on the real render stays under the limit (0.75): a 1 px line on a half pixel.
  private func hairlines(
    _ g: Geometry, target: PixelGrid, scale: Int, k: Double
  ) -> [LintFinding] {
    let limitCoverage = limit(.hairline)
    let band = g.band(from: Self.hairlineNarrowest * k / 2, below: Self.hairlineWidest * k / 2)
    guard band.contains(1) else { return [] }
    let (labels, components) = PixelOps.components(
      band, width: g.width, height: g.height, eightConnected: true)
    var candidates = components.indices.filter {
      let c = components[$0]
      return Double(min(c.boxWidth, c.boxHeight)) <= Self.hairlineWidest * k + 1
        && Double(max(c.boxWidth, c.boxHeight)) >= 2 * k
    }
    guard !candidates.isEmpty else { return [] }
    var samples = [[Float]](repeating: [], count: components.count)
    let wanted = Set(candidates)
    for i in 0..<labels.count where labels[i] >= 0 && wanted.contains(Int(labels[i])) {
      let tx = min(target.width - 1, Int(Double(i % g.width) / k))
      let ty = min(target.height - 1, Int(Double(i / g.width) / k))
      samples[Int(labels[i])].append(target.alpha[ty * target.width + tx])
    }
    candidates.sort()
    return candidates.compactMap { l in
      let sorted = samples[l].sorted()
      guard !sorted.isEmpty else { return nil }
      let median = Double(sorted[sorted.count / 2])
      guard median < limitCoverage else { return nil }
      return make(
        .hairline,
        "a 1 px line sits on a half pixel at @\(scale)x: it shows as two grey rows at "
          + "\(Int((median * 100).rounded())) % coverage (limit \(Int(limitCoverage * 100)) %) "
          + "instead of one crisp row; move it by half a pixel (\((0.5 / Double(scale)).lintText) pt)",
        scale: scale, box: box(components[l], k: k, limitTo: targetSize(scale)), value: median,
        limit: limitCoverage)
    }
  }

  // MARK: - detail-loss

  /// 1 - mean SSIM between the glyph as m times the pixels would show it (the
  /// high-resolution render box-filtered to m x `scale` px per pt; m = 4 at @1x, 2 at @2x and
  /// @3x, whose own pixels already hold most detail) and the real render at `scale` with each
  /// px enlarged to m x m, over windows of 4 x 4 target px that hold ink, every half px. A straight-edged glyph loses little (its edges move by at
  /// most half a pixel); thin strokes, narrow gaps and small parts that merge lose a lot.
  private func detailLoss(
    _ g: Geometry, target: PixelGrid, scale: Int, k: Double
  ) -> [LintFinding] {
    let kk = max(1, Int(k.rounded()))
    let most = max(2, 4 / scale)
    let m = (1...min(kk, most)).last { kk % $0 == 0 } ?? 1
    let block = kk / m
    // Both images get a transparent margin of 2 target px, so windows see the glyph's outer
    // edges against the background it is shown on (fitted canvases end at the ink).
    let pad = 2 * m
    let w = target.width * m + 2 * pad
    let h = target.height * m + 2 * pad
    var reference = [Float](repeating: 0, count: w * h)
    var enlarged = [Float](repeating: 0, count: w * h)
    let norm = 1 / Float(block * block)
    let gw = g.width
    let gh = g.height
    let tw = target.width
    g.grid.alpha.withUnsafeBufferPointer { hi in
      target.alpha.withUnsafeBufferPointer { lo in
        reference.withUnsafeMutableBufferPointer { ref in
          enlarged.withUnsafeMutableBufferPointer { enl in
            for y in 0..<(target.height * m) {
              let yEnd = min(gh, (y + 1) * block)
              for x in 0..<(target.width * m) {
                // The same order of additions as a plain row-by-row sum.
                var sum: Float = 0
                let xEnd = min(gw, (x + 1) * block)
                var yy = y * block
                while yy < yEnd {
                  var xx = x * block
                  while xx < xEnd {
                    sum += hi[yy &* gw &+ xx]
                    xx &+= 1
                  }
                  yy &+= 1
                }
                let i = (y + pad) * w + x + pad
                ref[i] = sum * norm
                enl[i] = lo[(y / m) * tw + x / m]
              }
            }
          }
        }
      }
    }
    let window = 4 * m
    let (mean, map) = PixelOps.ssim(
      reference, enlarged, width: w, height: h, window: window, step: max(1, m / 2))
    let loss = 1 - mean
    let limitLoss = limit(.detailLoss)
    guard loss > limitLoss else { return [] }
    var c = PixelComponent()
    for i in 0..<map.count where map[i] < 0.5 {
      let x = max(0, i % w - pad)
      let y = max(0, i / w - pad)
      c.minX = min(c.minX, x)
      c.minY = min(c.minY, y)
      c.maxX = max(c.maxX, min(w - 2 * pad - 1, x + window - 1))
      c.maxY = max(c.maxY, min(h - 2 * pad - 1, y + window - 1))
    }
    let marked = c.maxX >= 0 ? box(c, k: Double(m), limitTo: targetSize(scale)) : nil
    return [
      make(
        .detailLoss,
        "\(Int((loss * 100).rounded())) % of the structure seen at higher resolution is lost "
          + "at @\(scale)x (limit \(Int((limitLoss * 100).rounded())) %, 1 - SSIM); simplify the "
          + "glyph: fewer, thicker strokes and wider gaps",
        scale: scale, box: marked, value: loss, limit: limitLoss)
    ]
  }

  // MARK: - complexity

  private func inkBox(_ g: Geometry) -> PixelComponent {
    var c = PixelComponent()
    for i in 0..<g.ink.count where g.ink[i] != 0 {
      let x = i % g.width
      let y = i / g.width
      c.minX = min(c.minX, x)
      c.minY = min(c.minY, y)
      c.maxX = max(c.maxX, x)
      c.maxY = max(c.maxY, y)
    }
    return c
  }

  /// Separate parts plus holes of at least 0.05 pt², against one per 2.5 pt of target side.
  private func complexity(_ g: Geometry, scale: Int, k: Double) -> [LintFinding] {
    let count = Double(g.parts + g.holes.count)
    let limitCount = limit(.complexity)
    guard count > limitCount else { return [] }
    let ink = inkBox(g)
    return [
      make(
        .complexity,
        "\(g.parts) separate \(g.parts == 1 ? "part" : "parts") and \(g.holes.count) "
          + "\(g.holes.count == 1 ? "hole" : "holes"): \(Int(count)) shapes, more than "
          + "the \(Int(limitCount)) a glyph of \(sizePt.lintText) pt can show; merge or drop details",
        scale: scale, box: ink.maxX >= 0 ? box(ink, k: k, limitTo: targetSize(scale)) : nil,
        value: count, limit: limitCount)
    ]
  }

  // MARK: - off-centre

  /// Ink in the outermost pixels of a plain canvas (it may be clipped), and the centre of
  /// mass of the ink off the canvas centre by more than the limit (share of the side).
  private func offCentre(
    _ g: Geometry, target: PixelGrid, scale: Int, k: Double
  ) -> [LintFinding] {
    var findings: [LintFinding] = []
    if role == .plain {
      // Ink in the outermost high-resolution px (within 1/12 pt of the edge), counted in
      // target px.
      var edgePixels = Set<Int>()
      for y in 0..<g.height {
        for x in 0..<g.width
        where (x == 0 || y == 0 || x == g.width - 1 || y == g.height - 1)
          && g.grid.alpha[y * g.width + x] > 0
        {
          let tx = min(target.width - 1, Int(Double(x) / k))
          let ty = min(target.height - 1, Int(Double(y) / k))
          edgePixels.insert(ty * target.width + tx)
        }
      }
      let edge = edgePixels.count
      if edge > 0 {
        let explicit =
          config.roles[role.rawValue]?[LintRule.offCentre.rawValue]?.severity
          ?? config.rules[LintRule.offCentre.rawValue]?.severity
        findings.append(
          make(
            .offCentre,
            "ink touches the edge of the canvas in \(edge) px at @\(scale)x and may be "
              + "clipped; add padding (--padding) or shrink the artwork inside its viewBox",
            scale: scale, box: PixelBox(x: 0, y: 0, width: target.width, height: target.height),
            value: Double(edge), limit: 0, severity: explicit ?? .warning))
      }
    }
    var total = 0.0
    var sx = 0.0
    var sy = 0.0
    for y in 0..<g.height {
      for x in 0..<g.width {
        let a = Double(g.grid.alpha[y * g.width + x])
        total += a
        sx += a * (Double(x) + 0.5)
        sy += a * (Double(y) + 0.5)
      }
    }
    guard total > 0 else { return findings }
    let dx = (sx / total - Double(g.width) / 2) / Double(g.width)
    let dy = (sy / total - Double(g.height) / 2) / Double(g.height)
    let offset = max(abs(dx), abs(dy))
    let limitShare = limit(.offCentre)
    if offset > limitShare {
      let ink = inkBox(g)
      let (direction, opposite) =
        abs(dx) >= abs(dy)
        ? (dx > 0 ? ("right", "left") : ("left", "right"))
        : (dy > 0 ? ("down", "top") : ("up", "bottom"))
      findings.append(
        make(
          .offCentre,
          "the ink's centre of mass sits \(Int((offset * 100).rounded())) % of the canvas "
            + "\(direction) of centre (limit \(Int((limitShare * 100).rounded())) %), so the glyph "
            + "looks off-centre; add space on the \(opposite) side of the artwork to centre it "
            + "optically (HIG)",
          scale: scale, box: ink.maxX >= 0 ? box(ink, k: k, limitTo: targetSize(scale)) : nil,
          value: offset, limit: limitShare))
    }
    return findings
  }
}
