import Testing

@testable import Glyphsmith

/// `InkDistance` against a brute-force search over every background pixel.
@Suite struct InkDistanceTests {
  /// The squared distance from each ink pixel to the nearest background pixel when at most
  /// `floor(cap)`²; `DistanceTransform.infinity` elsewhere.
  static func reference(_ ink: TestMask, cap: Double) -> [Double] {
    let reach = Int(cap.rounded(.down))
    var out = [Double](repeating: DistanceTransform.infinity, count: ink.bits.count)
    for y in 0..<ink.height {
      for x in 0..<ink.width where ink[x, y] != 0 {
        var best = Int.max
        for by in 0..<ink.height {
          for bx in 0..<ink.width where ink[bx, by] == 0 {
            best = min(best, (x - bx) * (x - bx) + (y - by) * (y - by))
          }
        }
        if best <= reach * reach { out[y * ink.width + x] = Double(best) }
      }
    }
    return out
  }

  @Test(arguments: [1, 2, 3] as [UInt64])
  func matchesBruteForce(seed: UInt64) {
    for mask in KernelMasks.all(seed: seed) {
      for cap in [0, 0.5, 1, 1.99, 2, 3.7, 6, 100] {
        let actual = InkDistance.squaredDistance(
          ink: mask.bits, background: mask.complement, cap: cap, width: mask.width,
          height: mask.height)
        expectSameGrid(actual, Self.reference(mask, cap: cap), mask, "cap \(cap)")
      }
    }
  }

  @Test func knownValues() {
    // A 5 px wide bar across a 3 x 7 grid: depths 1, 2, 3, 2, 1 px from row 1 down.
    let bar = TestMask(
      "bar", rows: ["...", "###", "###", "###", "###", "###", "..."])
    let inf = DistanceTransform.infinity
    #expect(
      InkDistance.squaredDistance(
        ink: bar.bits, background: bar.complement, cap: 5, width: 3, height: 7)
        == [inf, inf, inf, 1, 1, 1, 4, 4, 4, 9, 9, 9, 4, 4, 4, 1, 1, 1, inf, inf, inf])
    // Capped at 2: the middle row (3 px deep) is out of reach.
    #expect(
      InkDistance.squaredDistance(
        ink: bar.bits, background: bar.complement, cap: 2.9, width: 3, height: 7)[9...11]
        == [inf, inf, inf])
  }
}
