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

  /// The holes of `mask` (4-connected components of its 0s touching no border), as 1s.
  static func holes(_ mask: TestMask) -> [UInt8] {
    let (labels, components) = ConnectedComponents.label(
      mask.complement, width: mask.width, height: mask.height, eightConnected: false)
    return labels.map { $0 >= 0 && !components[Int($0)].touchesBorder ? 1 : 0 }
  }

  /// Towards a mask that is not the complement (`negative-space`: from the holes to the
  /// ink): each hole's runs end at ink, so the distances are the brute-force ones from each
  /// hole px to the nearest ink px.
  @Test(arguments: [1, 2, 3] as [UInt64])
  func holesTowardsTheInkMatchBruteForce(seed: UInt64) {
    for mask in KernelMasks.all(seed: seed) {
      let holes = Self.holes(mask)
      let holeMask = TestMask(mask.name, width: mask.width, height: mask.height, bits: holes)
      for cap in [0, 1, 2.5, 4, 100] {
        let actual = InkDistance.squaredDistance(
          ink: holes, background: mask.bits, cap: cap, width: mask.width, height: mask.height)
        let reach = Int(cap.rounded(.down))
        var expected = [Double](repeating: DistanceTransform.infinity, count: holes.count)
        for y in 0..<mask.height {
          for x in 0..<mask.width where holeMask[x, y] != 0 {
            var best = Int.max
            for by in 0..<mask.height {
              for bx in 0..<mask.width where mask[bx, by] != 0 {
                best = min(best, (x - bx) * (x - bx) + (y - by) * (y - by))
              }
            }
            if best <= reach * reach { expected[y * mask.width + x] = Double(best) }
          }
        }
        expectSameGrid(actual, expected, mask, "holes, cap \(cap)")
      }
    }
  }

  @Test func holeOfASquare() {
    // A 6 x 4 hole in a thick square: 1 px from the ink on its rim, 4 px² at its middle.
    let square = KernelMasks.edges.first { $0.name == "thick square with a hole" }!
    let distance = InkDistance.squaredDistance(
      ink: Self.holes(square), background: square.bits, cap: 10, width: square.width,
      height: square.height)
    let row5 = Array(distance[(5 * 16 + 5)...(5 * 16 + 10)])
    #expect(row5 == [1, 4, 4, 4, 4, 1])
    #expect(distance[0] == DistanceTransform.infinity)
    #expect(distance[2 * 16 + 2] == DistanceTransform.infinity)
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
