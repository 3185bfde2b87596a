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
    let count = image.width * image.height
    alpha = [Float](unsafeUninitializedCapacity: count) { values, initialized in
      image.pixels.withUnsafeBufferPointer { p in
        Self.byteAlpha.withUnsafeBufferPointer { table in
          for i in 0..<count { values[i] = table[Int(p[i &* 4 &+ 3])] }
        }
      }
      initialized = count
    }
  }

  /// `Float(byte) / 255` for every byte value.
  private static let byteAlpha: [Float] = (0...255).map { Float($0) / 255 }

  /// Pixels at least half covered (1) or not (0): the ink mask.
  func inkMask() -> [UInt8] {
    [UInt8](unsafeUninitializedCapacity: alpha.count) { out, initialized in
      alpha.withUnsafeBufferPointer { a in
        for i in 0..<a.count { out[i] = a[i] >= 0.5 ? 1 : 0 }
      }
      initialized = alpha.count
    }
  }
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

  /// 1 where `mask` (of 0s and 1s) is 0 and 0 where it is 1.
  static func complement(_ mask: [UInt8]) -> [UInt8] {
    [UInt8](unsafeUninitializedCapacity: mask.count) { out, initialized in
      mask.withUnsafeBufferPointer { m in
        for i in 0..<m.count { out[i] = m[i] ^ 1 }
      }
      initialized = mask.count
    }
  }

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

  /// The squared distance (px²) from pixel (`x`, `y`) to the nearest feature pixel, searching
  /// `reach` px along the row in `column` (from `columnDistances`, with `far` above `reach`);
  /// `nil` when farther.
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

  /// For each pixel, the distance in px to the nearest pixel of the same column where
  /// `feature` is 1, or `far` when that is more than `far - 1` px away. Sweeps whole rows (top
  /// down, then bottom up), so memory is read in order.
  static func columnDistances(
    to feature: UnsafeBufferPointer<UInt8>, width: Int, height: Int, far: Int32
  ) -> [Int32] {
    var out = [Int32](repeating: far, count: width * height)
    let last = UnsafeMutablePointer<Int32>.allocate(capacity: max(1, width))
    defer { last.deallocate() }
    out.withUnsafeMutableBufferPointer { c in
      // Downwards: distance to the nearest feature above (or on) the pixel.
      last.initialize(repeating: far, count: width)
      for y in 0..<height {
        let base = y * width
        for x in 0..<width {
          let d = feature[base &+ x] != 0 ? 0 : min(far, last[x] &+ 1)
          last[x] = d
          c[base &+ x] = d
        }
      }
      // Upwards: the nearest below, if nearer.
      last.initialize(repeating: far, count: width)
      for y in stride(from: height - 1, through: 0, by: -1) {
        let base = y * width
        for x in 0..<width {
          let d = feature[base &+ x] != 0 ? 0 : min(far, last[x] &+ 1)
          last[x] = d
          c[base &+ x] = min(c[base &+ x], d)
        }
      }
    }
    return out
  }

  /// Squared Euclidean distance (px²) from each pixel where `ink` is 1 to the nearest pixel
  /// where it is 0 (`background`, its complement), when that is at most `floor(cap)`² px²; farther pixels, and pixels outside
  /// the ink, get `infinity`. Exact: column distances, then the lower envelope of the parabolas
  /// (x - i)² + c(i)² along each row (Meijster, Roerdink & Hesselink 2000), run by run of ink:
  /// the background pixel closing a run beats every column beyond it, and columns whose
  /// nearest background is out of reach cannot bring any pixel within reach.
  static func inkSquaredDistance(
    ink: [UInt8], background: [UInt8], cap: Double, width: Int, height: Int
  ) -> [Double] {
    let reach = Int(cap.rounded(.down))
    let far = Int32(clamping: reach + 1)
    let limit = reach * reach
    let column = background.withUnsafeBufferPointer {
      columnDistances(to: $0, width: width, height: height, far: far)
    }
    var out = [Double](repeating: infinity, count: ink.count)
    let s = UnsafeMutablePointer<Int>.allocate(capacity: max(1, width))
    let t = UnsafeMutablePointer<Int>.allocate(capacity: max(1, width))
    let f = UnsafeMutablePointer<Int>.allocate(capacity: max(1, width))
    defer {
      s.deallocate()
      t.deallocate()
      f.deallocate()
    }
    ink.withUnsafeBufferPointer { m in
      column.withUnsafeBufferPointer { g in
        out.withUnsafeMutableBufferPointer { o in
          for y in 0..<height {
            let base = y &* width
            var a = 0
            while a < width {
              guard m[base &+ a] != 0 else {
                a &+= 1
                continue
              }
              var b = a
              while b &+ 1 < width && m[base &+ b &+ 1] != 0 { b &+= 1 }
              // The run a...b with the background pixels closing it.
              let lo = max(0, a &- 1)
              let hi = min(width &- 1, b &+ 1)
              var q = -1
              for u in lo...hi where g[base &+ u] < far {
                let c = Int(g[base &+ u])
                f[u] = c &* c
                // Drop the parabolas u beats at the start of their interval.
                while q >= 0 {
                  let dq = t[q] &- s[q]
                  let du = t[q] &- u
                  if dq &* dq &+ f[s[q]] > du &* du &+ f[u] { q &-= 1 } else { break }
                }
                if q < 0 {
                  q = 0
                  s[0] = u
                  t[0] = lo
                } else {
                  // First x where u is strictly better than s[q] (the numerator is not
                  // negative: s[q] is at least as good as u at t[q] >= 0).
                  let i = s[q]
                  let num = u &* u &- i &* i &+ f[u] &- f[i]
                  let den = 2 &* (u &- i)
                  let sep = num <= Int(Int32.max) ? Int(Int32(num) / Int32(den)) : num / den
                  let w = 1 &+ sep
                  if w <= hi {
                    q &+= 1
                    s[q] = u
                    t[q] = w
                  }
                }
              }
              if q >= 0 {
                for u in stride(from: hi, through: lo, by: -1) {
                  if u >= a && u <= b {
                    let dx = u &- s[q]
                    let d = dx &* dx &+ f[s[q]]
                    if d <= limit { o[base &+ u] = Double(d) }
                  }
                  if u == t[q] { q &-= 1 }
                }
              }
              a = b &+ 2
            }
          }
        }
      }
    }
    return out
  }

  /// Pixels within `sqrt(limit)` px (squared distance at most `limit`, an integer) of a pixel
  /// where `feature` is 1: the dilation by that disc, as 1s. Per row, each column's nearest
  /// feature covers an interval of the row; two sweeps take the union of the intervals.
  static func dilation(of feature: [UInt8], limit: Int, width: Int, height: Int) -> [UInt8] {
    var out = [UInt8](repeating: 0, count: feature.count)
    guard limit >= 0 else { return out }
    var reach = 0
    while (reach + 1) * (reach + 1) <= limit { reach += 1 }
    // Half-width of the interval a feature `c` rows away covers; for `c` = `far` (no feature
    // within reach) an interval that covers nothing.
    var half = [Int](repeating: -2 * (width + 1), count: reach + 2)
    for c in 0...reach {
      half[c] = 0
      while (half[c] + 1) * (half[c] + 1) + c * c <= limit { half[c] += 1 }
    }
    let far = Int32(reach + 1)
    let column = feature.withUnsafeBufferPointer {
      columnDistances(to: $0, width: width, height: height, far: far)
    }
    column.withUnsafeBufferPointer { c in
      half.withUnsafeBufferPointer { h in
        out.withUnsafeMutableBufferPointer { o in
          for y in 0..<height {
            let base = y * width
            var right = -width
            for x in 0..<width {
              right = max(right, x &+ h[Int(c[base &+ x])])
              o[base &+ x] = right >= x ? 1 : 0
            }
            var left = 2 &* width
            for x in stride(from: width &- 1, through: 0, by: -1) {
              left = min(left, x &- h[Int(c[base &+ x])])
              o[base &+ x] |= left <= x ? 1 : 0
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
  /// 4-connected with `eightConnected: false`), numbered in the order their first pixel comes
  /// in row-major order. Unlabelled pixels get -1.
  ///
  /// Works on runs of 1s along the rows: each run is joined (union-find) with the runs of the
  /// row above it touches, then the sets are numbered by their first run.
  static func components(
    _ mask: [UInt8], width: Int, height: Int, eightConnected: Bool
  ) -> (labels: [Int32], components: [PixelComponent]) {
    var labels = [Int32](repeating: -1, count: mask.count)
    // Runs: row, first and last x, and the union-find parent.
    var runY: [Int32] = []
    var runA: [Int32] = []
    var runB: [Int32] = []
    var parent: [Int32] = []
    func find(_ r: Int32) -> Int32 {
      var r = r
      while parent[Int(r)] != r {
        parent[Int(r)] = parent[Int(parent[Int(r)])]
        r = parent[Int(r)]
      }
      return r
    }
    let reachX = eightConnected ? 1 : 0
    mask.withUnsafeBufferPointer { m in
      var previous = 0..<0  // the runs of the row above
      for y in 0..<height {
        let base = y &* width
        let first = runA.count
        var scan = previous.lowerBound
        var x = 0
        while x < width {
          guard m[base &+ x] != 0 else {
            x &+= 1
            continue
          }
          var b = x
          while b &+ 1 < width && m[base &+ b &+ 1] != 0 { b &+= 1 }
          let run = Int32(runA.count)
          runY.append(Int32(y))
          runA.append(Int32(x))
          runB.append(Int32(b))
          parent.append(run)
          // Runs above that overlap [x - reachX, b + reachX].
          while scan < previous.upperBound && Int(runB[scan]) < x &- reachX { scan &+= 1 }
          var k = scan
          while k < previous.upperBound && Int(runA[k]) <= b &+ reachX {
            let r1 = find(run)
            let r2 = find(Int32(k))
            if r1 != r2 {
              // The older run stays the root, so a set's root is its first run.
              if r1 < r2 { parent[Int(r2)] = r1 } else { parent[Int(r1)] = r2 }
            }
            k &+= 1
          }
          x = b &+ 2
        }
        previous = first..<runA.count
      }
    }
    // Number the sets in the order of their first run (row-major order of first pixels).
    var components: [PixelComponent] = []
    var number = [Int32](repeating: -1, count: runA.count)
    labels.withUnsafeMutableBufferPointer { lab in
      for r in 0..<runA.count {
        let root = Int(find(Int32(r)))
        if number[root] < 0 {
          number[root] = Int32(components.count)
          components.append(PixelComponent())
        }
        let label = number[root]
        let y = Int(runY[r])
        let a = Int(runA[r])
        let b = Int(runB[r])
        var c = components[Int(label)]
        c.area += b - a + 1
        c.minX = min(c.minX, a)
        c.maxX = max(c.maxX, b)
        c.minY = min(c.minY, y)
        c.maxY = max(c.maxY, y)
        if a == 0 || b == width - 1 || y == 0 || y == height - 1 { c.touchesBorder = true }
        components[Int(label)] = c
        let base = y * width
        for x in a...b { lab[base + x] = label }
      }
    }
    return (labels, components)
  }

  /// For each pixel of `mask`, the radius (px, at most `cap`) of the largest disc inside the
  /// mask that covers it; 0 outside. The mask's opening by a disc of radius r (everything at
  /// least about 2 r px thick) is then `thickness >= r`, for every r up to `cap` at once.
  ///
  /// A disc of radius d(q) (the distance from q to the background, `inkDistance`) is painted
  /// around each pixel q whose disc is not inside a neighbour's (centres of maximal discs).
  /// Pixels at least `cap` deep ("deep") get `cap`, and so does every mask pixel within `cap`
  /// of a deep pixel: the union of their discs, found with one distance transform instead of
  /// painting (the nearest deep pixel of any other pixel is on the deep region's boundary).
  static func thickness(
    _ mask: [UInt8], inkDistance: [Double], cap: Double, width: Int, height: Int
  ) -> [Float] {
    var result = [Float](repeating: 0, count: mask.count)
    let capF = Float(cap)
    var depth = [Float](repeating: 0, count: mask.count)
    var deep = [UInt8](repeating: 0, count: mask.count)
    var anyDeep = false
    mask.withUnsafeBufferPointer { m in
      inkDistance.withUnsafeBufferPointer { ink in
        depth.withUnsafeMutableBufferPointer { dp in
          deep.withUnsafeMutableBufferPointer { dd in
            for i in 0..<m.count where m[i] != 0 {
              let d = min(capF, Float(ink[i].squareRoot()))
              dp[i] = d
              if d >= capF {
                dd[i] = 1
                anyDeep = true
              }
            }
          }
        }
      }
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
    // The widest squared offset a disc of radius `cap` paints.
    let capR2 = capF * capF
    let deepReach = offsets.last { $0.d2 <= capR2 }.map { Int($0.d2) } ?? -1
    if anyDeep {
      let covered = dilation(of: deep, limit: deepReach, width: width, height: height)
      covered.withUnsafeBufferPointer { e in
        mask.withUnsafeBufferPointer { m in
          result.withUnsafeMutableBufferPointer { t in
            for i in 0..<t.count where m[i] != 0 && e[i] != 0 { t[i] = capF }
          }
        }
      }
    }
    // The offsets as two flat arrays, for the painting loop.
    let squares = offsets.map(\.d2)
    let deltas = offsets.map(\.delta)
    let diagonal = Float(2.0.squareRoot())
    // A disc is skipped when a neighbour's disc holds it up to 0.05 px (d(n) >= d + step -
    // 0.05): the overlap of neighbouring discs covers the sliver. Discs are painted on every
    // pixel, ink or not; the pixels outside the mask are cleared at the end.
    let slack: Float = 0.05
    mask.withUnsafeBufferPointer { m in
      depth.withUnsafeBufferPointer { dp in
        result.withUnsafeMutableBufferPointer { t in
          squares.withUnsafeBufferPointer { sq in
            deltas.withUnsafeBufferPointer { dl in
              for y in 0..<height {
                for x in 0..<width where m[y &* width &+ x] != 0 {
                  let i = y &* width &+ x
                  let d = dp[i]
                  if d >= capF { continue }
                  let inside = x > 0 && y > 0 && x < width &- 1 && y < height &- 1
                  if inside {
                    let a = dp[i &- 1]
                    let b = dp[i &+ 1]
                    let c = dp[i &- width]
                    let e = dp[i &+ width]
                    let f = dp[i &- width &- 1]
                    let g = dp[i &- width &+ 1]
                    let h = dp[i &+ width &- 1]
                    let k = dp[i &+ width &+ 1]
                    if max(max(a, b), max(c, e)) >= d + 1 - slack
                      || max(max(f, g), max(h, k)) >= d + diagonal - slack
                    {
                      continue
                    }
                  }
                  // The offsets within the disc: those with d2 <= d², a prefix.
                  let r2 = d * d
                  var lo = 0
                  var hi = sq.count
                  while lo < hi {
                    let mid = (lo &+ hi) >> 1
                    if sq[mid] > r2 { hi = mid } else { lo = mid &+ 1 }
                  }
                  let far =
                    inside && x >= reach && y >= reach && x < width &- reach
                    && y < height &- reach
                  if far {
                    for n in 0..<lo {
                      let j = i &+ dl[n]
                      if t[j] < d { t[j] = d }
                    }
                  } else {
                    for n in 0..<lo {
                      let nx = x &+ offsets[n].dx
                      let ny = y &+ offsets[n].dy
                      guard nx >= 0, ny >= 0, nx < width, ny < height else { continue }
                      let j = ny &* width &+ nx
                      if t[j] < d { t[j] = d }
                    }
                  }
                }
              }
              for i in 0..<t.count where m[i] == 0 { t[i] = 0 }
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
    // Summed-area tables of a, b, a², b² and ab, one block each of `count`.
    let tables = UnsafeMutablePointer<Double>.allocate(capacity: 5 * count)
    defer { tables.deallocate() }
    tables.initialize(repeating: 0, count: 5 * count)
    let sa = tables
    let sb = tables + count
    let saa = tables + 2 * count
    let sbb = tables + 3 * count
    let sab = tables + 4 * count
    a.withUnsafeBufferPointer { pa in
      b.withUnsafeBufferPointer { pb in
        for y in 0..<height {
          var ra = 0.0
          var rb = 0.0
          var raa = 0.0
          var rbb = 0.0
          var rab = 0.0
          for x in 0..<width {
            let va = Double(pa[y &* width &+ x])
            let vb = Double(pb[y &* width &+ x])
            ra += va
            rb += vb
            raa += va * va
            rbb += vb * vb
            rab += va * vb
            let i = (y &+ 1) &* w &+ x &+ 1
            let above = y &* w &+ x &+ 1
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
    map.withUnsafeMutableBufferPointer { out in
      for y in stride(from: 0, through: height - win, by: every) {
        for x in stride(from: 0, through: width - win, by: every) {
          let i11 = (y &+ win) &* w &+ x &+ win
          let i01 = y &* w &+ x &+ win
          let i10 = (y &+ win) &* w &+ x
          let i00 = y &* w &+ x
          @inline(__always) func box(_ s: UnsafeMutablePointer<Double>) -> Double {
            s[i11] - s[i01] - s[i10] + s[i00]
          }
          let ma = box(sa) / n
          let mb = box(sb) / n
          if ma <= 0 && mb <= 0 { continue }
          let va = box(saa) / n - ma * ma
          let vb = box(sbb) / n - mb * mb
          let cov = box(sab) / n - ma * mb
          let value =
            ((2 * ma * mb + c1) * (2 * cov + c2)) / ((ma * ma + mb * mb + c1) * (va + vb + c2))
          out[y &* width &+ x] = Float(value)
          total += value
          counted += 1
        }
      }
    }
    return (counted > 0 ? total / Double(counted) : 1, map)
  }
}
