/// The exact squared Euclidean distance transform of a mask (Felzenszwalb & Huttenlocher 2012,
/// "Distance transforms of sampled functions"): one pass down the columns, one along the rows,
/// each the lower envelope of parabolas.
enum DistanceTransform {
  /// The value for "no feature pixel at all" (a finite stand-in for infinity, as in the paper's
  /// reference code, so the parabola arithmetic never meets inf - inf).
  static let infinity = 1e20

  /// Squared Euclidean distance (px²) from each pixel centre to the nearest pixel centre where
  /// `feature` is nonzero: 0 on feature pixels, `infinity` everywhere when there is none.
  /// Row-major, `width` x `height` px, like `feature`.
  /// - Precondition: `width`, `height` >= 0 and `feature.count == width * height`.
  static func squaredDistance(to feature: [UInt8], width: Int, height: Int) -> [Double] {
    precondition(width >= 0 && height >= 0 && feature.count == width * height)
    var grid = feature.map { $0 != 0 ? 0.0 : infinity }
    let n = max(width, height)
    var f = [Double](repeating: 0, count: n)
    var d = [Double](repeating: 0, count: n)
    var v = [Int](repeating: 0, count: n)
    var z = [Double](repeating: 0, count: n + 1)
    // In bounds: `grid` holds width * height values and x < width, y < height; each 1-D pass
    // handles `height` or `width` samples, at most n, the size of f, d and v (z has n + 1).
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

  /// The lower envelope of parabolas rooted at the finite samples of `f` (the first `n`),
  /// written to `d`. `v` holds the envelope's parabolas and `z` their boundaries.
  ///
  /// In bounds: `f`, `d` and `v` hold at least `n` values and `z` at least `n + 1`. The
  /// envelope index `k` only grows by one for each sample q < n (so k <= q < n, and
  /// `z[k + 1]` <= n); the last boundary written is `infinity`, so the second loop's
  /// `while z[k + 1] < q` stops before `k` passes the envelope's last parabola.
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
}
