import Testing

@testable import Glyphsmith

/// `StructuralSimilarity` against SSIM computed box by box with plain sums.
@Suite struct StructuralSimilarityTests {
  static func reference(
    _ a: [Float], _ b: [Float], width: Int, height: Int, window: Int, step: Int
  ) -> (mean: Double, map: [Float]) {
    let win = max(1, min(window, width, height))
    let n = Double(win * win)
    var map = [Float](repeating: 1, count: width * height)
    var total = 0.0
    var counted = 0
    var y = 0
    while y + win <= height {
      var x = 0
      while x + win <= width {
        var sa = 0.0
        var sb = 0.0
        var saa = 0.0
        var sbb = 0.0
        var sab = 0.0
        for yy in y..<(y + win) {
          for xx in x..<(x + win) {
            let va = Double(a[yy * width + xx])
            let vb = Double(b[yy * width + xx])
            sa += va
            sb += vb
            saa += va * va
            sbb += vb * vb
            sab += va * vb
          }
        }
        let ma = sa / n
        let mb = sb / n
        if ma > 0 || mb > 0 {
          let va = saa / n - ma * ma
          let vb = sbb / n - mb * mb
          let cov = sab / n - ma * mb
          let c1 = 0.01 * 0.01
          let c2 = 0.03 * 0.03
          let value =
            ((2 * ma * mb + c1) * (2 * cov + c2)) / ((ma * ma + mb * mb + c1) * (va + vb + c2))
          map[y * width + x] = Float(value)
          total += value
          counted += 1
        }
        x += max(1, step)
      }
      y += max(1, step)
    }
    return (counted > 0 ? total / Double(counted) : 1, map)
  }

  /// Coverage images for `mask`: values k / `levels` drawn from `rng`, zero outside the mask.
  static func coverage(_ mask: TestMask, levels: Int, rng: inout SplitMix64) -> [Float] {
    mask.bits.map { $0 != 0 ? Float(rng.int(1...levels)) / Float(levels) : 0 }
  }

  /// On sixteenths every sum is exact in `Double`, whatever the order of additions: the
  /// summed-area tables must then give the reference bit for bit.
  @Test(arguments: [1, 2, 3] as [UInt64])
  func matchesBoxSumsExactlyOnSixteenths(seed: UInt64) {
    var rng = SplitMix64(seed: seed)
    let masks = KernelMasks.all(seed: seed)
    for (m, mask) in masks.enumerated() {
      let other = masks[(m + 1) % masks.count]
      let a = Self.coverage(mask, levels: 16, rng: &rng)
      // b: the next mask's pattern where the sizes agree, else a perturbed copy of a.
      let b =
        other.bits.count == mask.bits.count
        ? Self.coverage(other, levels: 16, rng: &rng)
        : a.map { $0 > 0 && rng.chance(0.3) ? Float(rng.int(0...16)) / 16 : $0 }
      for (window, step) in [(1, 1), (2, 1), (4, 2), (7, 1), (8, 3), (100, 1)] {
        let actual = StructuralSimilarity.ssim(
          a, b, width: mask.width, height: mask.height, window: window, step: step)
        let expected = Self.reference(
          a, b, width: mask.width, height: mask.height, window: window, step: step)
        #expect(actual.mean == expected.mean, "\(mask) window \(window) step \(step)")
        expectSameGrid(actual.map, expected.map, mask, "map, window \(window) step \(step)")
      }
    }
  }

  /// On 8-bit coverage (what renders give) the sums round differently: equal to 1e-9.
  @Test(arguments: [1, 2, 3] as [UInt64])
  func matchesBoxSumsOnBytes(seed: UInt64) {
    var rng = SplitMix64(seed: seed)
    for mask in KernelMasks.all(seed: seed) {
      let a = Self.coverage(mask, levels: 255, rng: &rng)
      let b = a.map { rng.chance(0.5) ? Float(rng.int(0...255)) / 255 : $0 }
      for (window, step) in [(3, 1), (4, 2)] {
        let actual = StructuralSimilarity.ssim(
          a, b, width: mask.width, height: mask.height, window: window, step: step)
        let expected = Self.reference(
          a, b, width: mask.width, height: mask.height, window: window, step: step)
        #expect(abs(actual.mean - expected.mean) < 1e-9, "\(mask) window \(window)")
        let worst = zip(actual.map, expected.map).map { abs($0 - $1) }.max() ?? 0
        #expect(worst < 1e-5, "\(mask) window \(window): map off by \(worst)")
      }
    }
  }

  @Test func knownValues() {
    let a: [Float] = [0, 0.5, 1, 0.25, 0, 0, 1, 1, 0.75, 0.5, 0, 0]
    // Identical images: every box is 1 exactly.
    let same = StructuralSimilarity.ssim(a, a, width: 4, height: 3, window: 2)
    #expect(same.mean == 1 && same.map == Array(repeating: 1, count: 12))
    // Nothing on either side: no box counts, the mean is 1.
    let empty = [Float](repeating: 0, count: 12)
    #expect(StructuralSimilarity.ssim(empty, empty, width: 4, height: 3, window: 2).mean == 1)
    // Full coverage against none: C1 / (1 + C1) in each of the 6 boxes of 2 x 2.
    let full = [Float](repeating: 1, count: 12)
    let c1 = 0.01 * 0.01
    let apart = StructuralSimilarity.ssim(full, empty, width: 4, height: 3, window: 2)
    #expect(abs(apart.mean - c1 / (1 + c1)) < 1e-15)
    #expect(abs(Double(apart.map[0]) - c1 / (1 + c1)) < 1e-10)
    #expect(apart.map[3] == 1 && apart.map[11] == 1)
    #expect(StructuralSimilarity.ssim([], [], width: 0, height: 0, window: 4).mean == 1)
  }
}
