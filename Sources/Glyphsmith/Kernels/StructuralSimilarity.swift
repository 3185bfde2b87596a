/// Mean structural similarity (SSIM; Wang, Bovik, Sheikh & Simoncelli 2004, "Image quality
/// assessment: from error visibility to structural similarity") over square boxes, from
/// summed-area tables, for `detail-loss`.
enum StructuralSimilarity {
  /// Mean SSIM (constants K1 0.01, K2 0.03, dynamic range 1) of `a` and `b` (values 0-1,
  /// row-major, `width` x `height` px) over the `window` x `window` px boxes (uniform weights;
  /// `window` clamped to 1...min(`width`, `height`)) whose top-left corner lies on every
  /// `step` px of both axes, counting only boxes where either image has any coverage (mean
  /// above 0); 1 when there is none. `map` holds each box's value at its top-left corner and 1
  /// elsewhere (`width` x `height`).
  /// - Precondition: `width`, `height` >= 0 and `a` and `b` hold `width * height` values.
  static func ssim(
    _ a: [Float], _ b: [Float], width: Int, height: Int, window: Int, step: Int = 1
  ) -> (mean: Double, map: [Float]) {
    precondition(width >= 0 && height >= 0 && a.count == width * height)
    precondition(b.count == a.count)
    let w = width + 1
    let count = w * (height + 1)
    // Summed-area tables of a, b, a², b² and ab, interleaved (the five sums of an entry side
    // by side, so a box reads 4 places, not 20): s[5 * ((y + 1) * w + x + 1) + t] is table
    // t's sum over the rectangle from (0, 0) to (x, y) inclusive; row 0 and column 0 stay 0.
    let tables = UnsafeMutablePointer<Double>.allocate(capacity: 5 * count)
    defer { tables.deallocate() }
    // Row 0 and column 0 are zeros; every other entry is written below.
    tables.initialize(repeating: 0, count: 5 * w)
    for y in 1..<(height + 1) { (tables + 5 * y * w).initialize(repeating: 0, count: 5) }
    // In bounds: inputs are read at y * width + x (x < width, y < height); entries at
    // (y + 1) * w + x + 1 <= height * w + width = count - 1, and the entry above it.
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
            let i = 5 &* ((y &+ 1) &* w &+ x &+ 1)
            let above = 5 &* (y &* w &+ x &+ 1)
            tables[i] = tables[above] + ra
            tables[i &+ 1] = tables[above &+ 1] + rb
            tables[i &+ 2] = tables[above &+ 2] + raa
            tables[i &+ 3] = tables[above &+ 3] + rbb
            tables[i &+ 4] = tables[above &+ 4] + rab
          }
        }
      }
    }
    let c1 = 0.01 * 0.01
    let c2 = 0.03 * 0.03
    let win = max(1, min(window, width, height))
    let n = Double(win * win)
    // A box's sum over n: times 1 / n when n is a power of two (exact, so the same value as
    // the division, which costs more), else divided by n.
    let byPowerOfTwo = (win * win) & (win * win - 1) == 0
    let inverse = 1 / n
    @inline(__always) func mean(_ sum: Double) -> Double {
      byPowerOfTwo ? sum * inverse : sum / n
    }
    var map = [Float](repeating: 1, count: width * height)
    var total = 0.0
    var counted = 0
    let every = max(1, step)
    // In bounds: a box's corner has x <= width - win, y <= height - win, so its far corner's
    // entry (y + win) * w + x + win <= height * w + width = count - 1 (read at 5 times it plus
    // a table below 5), and the map index y * width + x < width * height. (No box when win exceeds a side, i.e. an empty image.)
    map.withUnsafeMutableBufferPointer { out in
      for y in stride(from: 0, through: height - win, by: every) {
        for x in stride(from: 0, through: width - win, by: every) {
          let i11 = 5 &* ((y &+ win) &* w &+ x &+ win)
          let i01 = 5 &* (y &* w &+ x &+ win)
          let i10 = 5 &* ((y &+ win) &* w &+ x)
          let i00 = 5 &* (y &* w &+ x)
          @inline(__always) func box(_ t: Int) -> Double {
            tables[i11 &+ t] - tables[i01 &+ t] - tables[i10 &+ t] + tables[i00 &+ t]
          }
          let ma = mean(box(0))
          let mb = mean(box(1))
          if ma <= 0 && mb <= 0 { continue }
          let va = mean(box(2)) - ma * ma
          let vb = mean(box(3)) - mb * mb
          let cov = mean(box(4)) - ma * mb
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
