/// The distance from the ink to the background, exact up to a cap: how deep each ink pixel
/// lies, for stroke widths and the thickness bands of `Morphology.thickness`.
///
/// Column distances (`ColumnDistance`), then the lower envelope of the parabolas
/// (x - i)² + c(i)² along each row (Meijster, Roerdink & Hesselink 2000, "A general algorithm
/// for computing distance transforms in linear time"), run by run of ink: the background pixel
/// closing a run beats every column beyond it, and columns whose nearest background is out of
/// reach cannot bring any pixel within reach.
enum InkDistance {
  /// Squared Euclidean distance (px²) from each pixel where `ink` is nonzero to the nearest
  /// pixel where it is 0, when that is at most `floor(cap)`² px²; farther pixels, and pixels
  /// outside the ink, get `DistanceTransform.infinity`. Row-major, `width` x `height` px.
  ///
  /// `background` is the complement of `ink` (`InkMask.complement`), passed in because the
  /// caller has it already; or any mask of the pixels to measure to such that each run of
  /// `ink` along a row ends, on either side, at a `background` pixel or the grid's edge (the
  /// holes of a glyph towards its ink, `negative-space`).
  /// - Precondition: `width`, `height` >= 0, `ink` and `background` hold `width * height`
  ///   values, and `floor(cap)` + 1 < `Int32.max`.
  static func squaredDistance(
    ink: [UInt8], background: [UInt8], cap: Double, width: Int, height: Int
  ) -> [Double] {
    precondition(width >= 0 && height >= 0 && ink.count == width * height)
    precondition(background.count == ink.count)
    let reach = Int(cap.rounded(.down))
    let far = Int32(clamping: reach + 1)
    let limit = reach * reach
    let column = ColumnDistance.distances(
      to: background, width: width, height: height, far: far)
    var out = [Double](repeating: DistanceTransform.infinity, count: ink.count)
    // In bounds: every pixel index is base + u with base = y * width, y < height and u in
    // 0..<width: `lo`...`hi` lies in 0...width - 1 and `a`...`b` inside it. The envelope
    // (`s`, `t`, `f`, `width` values each) gets at most one parabola per column of lo...hi,
    // so q < width; `f[s[q]]` reads a column pushed, hence written, in this run. The
    // boundaries `t` strictly increase from t[0] = lo (a parabola is pushed at w = 1 + sep >
    // t[q]: s[q] is at least as good as u at t[q]), so the backward sweep drops q to -1 only at
    // u = lo, its last step, and never reads s[-1].
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
              // The next run's first pixel, eight bytes at a time.
              a = InkMask.nextSet(m, from: base &+ a, end: base &+ width) &- base
              if a >= width { break }
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
}
