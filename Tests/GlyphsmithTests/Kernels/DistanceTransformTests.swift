import Testing

@testable import Glyphsmith

/// `DistanceTransform` against a brute-force search over every feature pixel.
@Suite struct DistanceTransformTests {
  /// The squared distance from each pixel to the nearest set pixel of `feature`, by trying
  /// them all (`DistanceTransform.infinity` when there is none).
  static func reference(_ feature: TestMask) -> [Double] {
    var out = [Double](repeating: DistanceTransform.infinity, count: feature.bits.count)
    for y in 0..<feature.height {
      for x in 0..<feature.width {
        var best = Int.max
        for fy in 0..<feature.height {
          for fx in 0..<feature.width where feature[fx, fy] != 0 {
            best = min(best, (x - fx) * (x - fx) + (y - fy) * (y - fy))
          }
        }
        if best != Int.max { out[y * feature.width + x] = Double(best) }
      }
    }
    return out
  }

  @Test(arguments: [1, 2, 3] as [UInt64])
  func matchesBruteForce(seed: UInt64) {
    for mask in KernelMasks.all(seed: seed) {
      let actual = DistanceTransform.squaredDistance(
        to: mask.bits, width: mask.width, height: mask.height)
      expectSameGrid(actual, Self.reference(mask), mask, "distance to ink")
      let background = TestMask(
        mask.name + " complement", width: mask.width, height: mask.height,
        bits: mask.complement)
      let inverse = DistanceTransform.squaredDistance(
        to: background.bits, width: mask.width, height: mask.height)
      expectSameGrid(inverse, Self.reference(background), mask, "distance to background")
    }
  }

  @Test func knownValues() {
    // One feature pixel in a 4 x 3 grid: squared distances are dx² + dy².
    let d = DistanceTransform.squaredDistance(
      to: [0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0], width: 4, height: 3)
    #expect(d == [2, 1, 2, 5, 1, 0, 1, 4, 2, 1, 2, 5])
    #expect(
      DistanceTransform.squaredDistance(to: [0, 0], width: 1, height: 2)
        == [DistanceTransform.infinity, DistanceTransform.infinity])
    #expect(DistanceTransform.squaredDistance(to: [], width: 0, height: 5).isEmpty)
    #expect(DistanceTransform.squaredDistance(to: [], width: 5, height: 0).isEmpty)
  }
}
