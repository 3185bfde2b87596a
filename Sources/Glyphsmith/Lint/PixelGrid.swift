/// Coverage (alpha, 0-1) of a render as a grid, with the pixel operations the lint measures
/// use: Euclidean distance transforms, connected components, morphological opening and SSIM.
/// Row-major, top row first; sizes in px of the render it came from.
struct PixelGrid {
  let width: Int
  let height: Int
  /// Alpha 0-1 per pixel.
  var alpha: [Float]

  /// The alpha channel of `image`, scaled to 0-1.
  init(_ image: RGBAImage) {
    width = image.width
    height = image.height
    var values = [Float](repeating: 0, count: image.width * image.height)
    image.pixels.withUnsafeBufferPointer { p in
      for i in 0..<values.count { values[i] = Float(p[i * 4 + 3]) / 255 }
    }
    alpha = values
  }

  /// Pixels at least half covered (1) or not (0): the ink mask.
  func inkMask() -> [UInt8] { alpha.map { $0 >= 0.5 ? 1 : 0 } }
}

/// A connected set of pixels of a mask.
struct PixelComponent {
  /// Pixel count.
  var area = 0
  var minX = Int.max
  var minY = Int.max
  var maxX = -1
  var maxY = -1
  /// Whether it touches the outermost row or column.
  var touchesBorder = false
  /// Box width and height in px.
  var boxWidth: Int { maxX - minX + 1 }
  var boxHeight: Int { maxY - minY + 1 }
}

enum PixelOps {
  static let infinity = 1e20

  /// Squared Euclidean distance (px²) from each pixel centre to the nearest pixel centre where
  /// `feature` is 1 (0 on feature pixels; `infinity` when there is none).
  /// Felzenszwalb & Huttenlocher (2012), "Distance transforms of sampled functions".
  static func squaredDistance(to feature: [UInt8], width: Int, height: Int) -> [Double] {
    var grid = feature.map { $0 != 0 ? 0.0 : infinity }
    let n = max(width, height)
    var f = [Double](repeating: 0, count: n)
    var d = [Double](repeating: 0, count: n)
    var v = [Int](repeating: 0, count: n)
    var z = [Double](repeating: 0, count: n + 1)
    grid.withUnsafeMutableBufferPointer { g in
      f.withUnsafeMutableBufferPointer { f in
        d.withUnsafeMutableBufferPointer { d in
          v.withUnsafeMutableBufferPointer { v in
            z.withUnsafeMutableBufferPointer { z in
              for x in 0..<width {
                for y in 0..<height { f[y] = g[y * width + x] }
                transform1D(f, count: height, d: d, v: v, z: z)
                for y in 0..<height { g[y * width + x] = d[y] }
              }
              for y in 0..<height {
                for x in 0..<width { f[x] = g[y * width + x] }
                transform1D(f, count: width, d: d, v: v, z: z)
                for x in 0..<width { g[y * width + x] = d[x] }
              }
            }
          }
        }
      }
    }
    return grid
  }

  /// For each pixel, the distance in px to the nearest pixel of the same column where
  /// `feature` is 1 (a large number when the column has none): the first pass of the bounded
  /// distance search.
  static func columnDistances(to feature: [UInt8], width: Int, height: Int) -> [Int32] {
    let big = Int32.max / 4
    var column = [Int32](repeating: big, count: feature.count)
    feature.withUnsafeBufferPointer { f in
      column.withUnsafeMutableBufferPointer { c in
        for x in 0..<width {
          var last = -1_000_000
          for y in 0..<height {
            if f[y * width + x] != 0 { last = y }
            c[y * width + x] = Int32(min(Int(big), y - last))
          }
          last = 1_000_000
          for y in stride(from: height - 1, through: 0, by: -1) {
            if f[y * width + x] != 0 { last = y }
            c[y * width + x] = min(c[y * width + x], Int32(min(Int(big), last - y)))
          }
        }
      }
    }
    return column
  }

  /// The squared distance (px²) from pixel (`x`, `y`) to the nearest feature pixel, searching
  /// `reach` px along the row in `column` (from `columnDistances`); `nil` when farther.
  @inline(__always)
  static func rowSearch(
    _ c: UnsafeBufferPointer<Int32>, x: Int, y: Int, width: Int, reach: Int
  ) -> Int? {
    // Outward from the pixel's own column; stop once no farther column can win.
    var best = Int.max
    var dx = 0
    while dx <= reach && dx * dx < best {
      if x - dx >= 0 {
        let dy = Int(c[y * width + x - dx])
        if dy <= reach { best = min(best, dx * dx + dy * dy) }
      }
      if dx > 0 && x + dx < width {
        let dy = Int(c[y * width + x + dx])
        if dy <= reach { best = min(best, dx * dx + dy * dy) }
      }
      dx += 1
    }
    return best <= reach * reach ? best : nil
  }

  /// Squared Euclidean distance (px²) from each pixel where `only` is 1 to the nearest pixel
  /// where `feature` is 1, exact up to `cap` px; pixels farther away (and pixels outside
  /// `only`) get `infinity`. Columns first (two sweeps), then a search of +/- `cap` px along
  /// each row: cheaper than the full transform when `cap` is small.
  static func boundedSquaredDistance(
    to feature: [UInt8], only: [UInt8], cap: Double, width: Int, height: Int
  ) -> [Double] {
    let reach = Int(cap.rounded(.down))
    let column = columnDistances(to: feature, width: width, height: height)
    var out = [Double](repeating: infinity, count: feature.count)
    column.withUnsafeBufferPointer { c in
      only.withUnsafeBufferPointer { o in
        out.withUnsafeMutableBufferPointer { d in
          for y in 0..<height {
            for x in 0..<width where o[y * width + x] != 0 {
              if let best = rowSearch(c, x: x, y: y, width: width, reach: reach) {
                d[y * width + x] = Double(best)
              }
            }
          }
        }
      }
    }
    return out
  }

  /// The lower envelope of parabolas rooted at the finite samples of `f`.
  private static func transform1D(
    _ f: UnsafeMutableBufferPointer<Double>, count n: Int, d: UnsafeMutableBufferPointer<Double>,
    v: UnsafeMutableBufferPointer<Int>, z: UnsafeMutableBufferPointer<Double>
  ) {
    var k = -1
    for q in 0..<n where f[q] < infinity {
      var s = -infinity
      while k >= 0 {
        let p = v[k]
        s = ((f[q] + Double(q * q)) - (f[p] + Double(p * p))) / Double(2 * q - 2 * p)
        if s <= z[k] {
          k -= 1
          s = -infinity
        } else {
          break
        }
      }
      k += 1
      v[k] = q
      z[k] = s
      z[k + 1] = infinity
    }
    guard k >= 0 else {
      for q in 0..<n { d[q] = infinity }
      return
    }
    k = 0
    for q in 0..<n {
      while z[k + 1] < Double(q) { k += 1 }
      let p = v[k]
      d[q] = Double((q - p) * (q - p)) + f[p]
    }
  }

  /// Labels the connected components of the pixels where `mask` is 1 (8-connected, or
  /// 4-connected with `eightConnected: false`). Unlabelled pixels get -1.
  static func components(
    _ mask: [UInt8], width: Int, height: Int, eightConnected: Bool
  ) -> (labels: [Int32], components: [PixelComponent]) {
    var labels = [Int32](repeating: -1, count: mask.count)
    var components: [PixelComponent] = []
    let stack = UnsafeMutablePointer<Int32>.allocate(capacity: max(1, mask.count))
    defer { stack.deallocate() }
    mask.withUnsafeBufferPointer { m in
      labels.withUnsafeMutableBufferPointer { lab in
        for start in 0..<m.count where m[start] != 0 && lab[start] < 0 {
          let label = Int32(components.count)
          var c = PixelComponent()
          lab[start] = label
          var top = 0
          stack[top] = Int32(start)
          top += 1
          while top > 0 {
            top -= 1
            let i = Int(stack[top])
            let x = i % width
            let y = i / width
            c.area += 1
            if x < c.minX { c.minX = x }
            if x > c.maxX { c.maxX = x }
            if y < c.minY { c.minY = y }
            if y > c.maxY { c.maxY = y }
            let left = x > 0
            let right = x < width - 1
            let up = y > 0
            let down = y < height - 1
            if !(left && right && up && down) { c.touchesBorder = true }
            // Each pixel is pushed once (labelled when pushed), so the stack never overflows.
            if left && m[i - 1] != 0 && lab[i - 1] < 0 {
              lab[i - 1] = label
              stack[top] = Int32(i - 1)
              top += 1
            }
            if right && m[i + 1] != 0 && lab[i + 1] < 0 {
              lab[i + 1] = label
              stack[top] = Int32(i + 1)
              top += 1
            }
            if up && m[i - width] != 0 && lab[i - width] < 0 {
              lab[i - width] = label
              stack[top] = Int32(i - width)
              top += 1
            }
            if down && m[i + width] != 0 && lab[i + width] < 0 {
              lab[i + width] = label
              stack[top] = Int32(i + width)
              top += 1
            }
            if eightConnected {
              if left && up && m[i - width - 1] != 0 && lab[i - width - 1] < 0 {
                lab[i - width - 1] = label
                stack[top] = Int32(i - width - 1)
                top += 1
              }
              if right && up && m[i - width + 1] != 0 && lab[i - width + 1] < 0 {
                lab[i - width + 1] = label
                stack[top] = Int32(i - width + 1)
                top += 1
              }
              if left && down && m[i + width - 1] != 0 && lab[i + width - 1] < 0 {
                lab[i + width - 1] = label
                stack[top] = Int32(i + width - 1)
                top += 1
              }
              if right && down && m[i + width + 1] != 0 && lab[i + width + 1] < 0 {
                lab[i + width + 1] = label
                stack[top] = Int32(i + width + 1)
                top += 1
              }
            }
          }
          components.append(c)
        }
      }
    }
    return (labels, components)
  }

  /// For each pixel of `mask`, the radius (px, at most `cap`) of the largest disc inside the
  /// mask that covers it; 0 outside. The mask's opening by a disc of radius r (everything at
  /// least about 2 r px thick) is then `thickness >= r`, for every r up to `cap` at once.
  ///
  /// A disc of radius d(q) (the distance from q to the background, `inkDistance`) is painted
  /// around each pixel q whose disc is not inside a neighbour's (centres of maximal discs);
  /// pixels at least `cap` deep are covered by their own region, whose boundary paints discs of
  /// radius `cap`.
  static func thickness(
    _ mask: [UInt8], inkDistance: [Double], cap: Double, width: Int, height: Int
  ) -> [Float] {
    var result = [Float](repeating: 0, count: mask.count)
    let capF = Float(cap)
    var depth = [Float](repeating: 0, count: mask.count)
    for i in 0..<mask.count where mask[i] != 0 {
      depth[i] = min(capF, Float(inkDistance[i].squareRoot()))
    }
    let reach = Int(cap.rounded(.up))
    // Disc offsets sorted by distance: (dx, dy, squared distance, index delta).
    var offsets: [(dx: Int, dy: Int, d2: Float, delta: Int)] = []
    for dy in -reach...reach {
      for dx in -reach...reach where Double(dx * dx + dy * dy) <= cap * cap {
        offsets.append((dx, dy, Float(dx * dx + dy * dy), dy * width + dx))
      }
    }
    offsets.sort { $0.d2 < $1.d2 }
    let diagonal = Float(2.0.squareRoot())
    // A disc is skipped when a neighbour's disc holds it up to 0.05 px (d(n) >= d + step -
    // 0.05): the overlap of neighbouring discs covers the sliver.
    let slack: Float = 0.05
    mask.withUnsafeBufferPointer { m in
      depth.withUnsafeBufferPointer { dp in
        result.withUnsafeMutableBufferPointer { t in
          offsets.withUnsafeBufferPointer { off in
            for y in 0..<height {
              for x in 0..<width where m[y * width + x] != 0 {
                let i = y * width + x
                let d = dp[i]
                let inside = x > 0 && y > 0 && x < width - 1 && y < height - 1
                var paint = true
                var boundary = !inside
                if inside {
                  let a = dp[i - 1]
                  let b = dp[i + 1]
                  let c = dp[i - width]
                  let e = dp[i + width]
                  let f = dp[i - width - 1]
                  let g = dp[i - width + 1]
                  let h = dp[i + width - 1]
                  let k = dp[i + width + 1]
                  if d >= capF {
                    boundary = min(min(min(a, b), min(c, e)), min(min(f, g), min(h, k))) < capF
                  } else if max(max(a, b), max(c, e)) >= d + 1 - slack
                    || max(max(f, g), max(h, k)) >= d + diagonal - slack
                  {
                    paint = false
                  }
                }
                if d >= capF {
                  t[i] = capF
                  guard boundary else { continue }
                } else if !paint {
                  continue
                }
                let r2 = d * d
                let far =
                  inside && x >= reach && y >= reach && x < width - reach
                  && y < height - reach
                for o in off {
                  if o.d2 > r2 { break }
                  let j: Int
                  if far {
                    j = i + o.delta
                  } else {
                    let nx = x + o.dx
                    let ny = y + o.dy
                    guard nx >= 0, ny >= 0, nx < width, ny < height else { continue }
                    j = ny * width + nx
                  }
                  if m[j] != 0 && t[j] < d { t[j] = d }
                }
              }
            }
          }
        }
      }
    }
    return result
  }

  /// Mean structural similarity (Wang et al. 2004, constants K1 0.01, K2 0.03, range 1) of
  /// `a` and `b` over `window` x `window` boxes every `step` px, counting only boxes where
  /// either image has any coverage; plus the map of each box's value at its top-left corner
  /// (1 elsewhere).
  static func ssim(
    _ a: [Float], _ b: [Float], width: Int, height: Int, window: Int, step: Int = 1
  ) -> (mean: Double, map: [Float]) {
    let w = width + 1
    let count = w * (height + 1)
    var sa = [Double](repeating: 0, count: count)
    var sb = sa
    var saa = sa
    var sbb = sa
    var sab = sa
    a.withUnsafeBufferPointer { pa in
      b.withUnsafeBufferPointer { pb in
        for y in 0..<height {
          var ra = 0.0
          var rb = 0.0
          var raa = 0.0
          var rbb = 0.0
          var rab = 0.0
          for x in 0..<width {
            let va = Double(pa[y * width + x])
            let vb = Double(pb[y * width + x])
            ra += va
            rb += vb
            raa += va * va
            rbb += vb * vb
            rab += va * vb
            let i = (y + 1) * w + x + 1
            let above = y * w + x + 1
            sa[i] = sa[above] + ra
            sb[i] = sb[above] + rb
            saa[i] = saa[above] + raa
            sbb[i] = sbb[above] + rbb
            sab[i] = sab[above] + rab
          }
        }
      }
    }
    let c1 = 0.01 * 0.01
    let c2 = 0.03 * 0.03
    let win = max(1, min(window, width, height))
    let n = Double(win * win)
    var map = [Float](repeating: 1, count: width * height)
    var total = 0.0
    var counted = 0
    let every = max(1, step)
    for y in stride(from: 0, through: height - win, by: every) {
      for x in stride(from: 0, through: width - win, by: every) {
        func box(_ s: [Double]) -> Double {
          s[(y + win) * w + x + win] - s[y * w + x + win] - s[(y + win) * w + x] + s[y * w + x]
        }
        let ma = box(sa) / n
        let mb = box(sb) / n
        if ma <= 0 && mb <= 0 { continue }
        let va = box(saa) / n - ma * ma
        let vb = box(sbb) / n - mb * mb
        let cov = box(sab) / n - ma * mb
        let value =
          ((2 * ma * mb + c1) * (2 * cov + c2)) / ((ma * ma + mb * mb + c1) * (va + vb + c2))
        map[y * width + x] = Float(value)
        total += value
        counted += 1
      }
    }
    return (counted > 0 ? total / Double(counted) : 1, map)
  }
}
