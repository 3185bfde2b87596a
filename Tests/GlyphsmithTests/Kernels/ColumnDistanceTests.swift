import Testing

@testable import Glyphsmith

/// `ColumnDistance` against brute-force searches of the column and of the whole grid.
@Suite struct ColumnDistanceTests {
  /// The distance to the nearest set pixel of the same column, `far` when more than `far - 1`
  /// px or none.
  static func reference(_ feature: TestMask, far: Int32) -> [Int32] {
    var out = [Int32](repeating: far, count: feature.bits.count)
    for y in 0..<feature.height {
      for x in 0..<feature.width {
        for fy in 0..<feature.height where feature[x, fy] != 0 {
          let d = Int32(abs(fy - y))
          if d < far { out[y * feature.width + x] = min(out[y * feature.width + x], d) }
        }
      }
    }
    return out
  }

  @Test(arguments: [1, 2, 3] as [UInt64])
  func columnsMatchBruteForce(seed: UInt64) {
    for mask in KernelMasks.all(seed: seed) {
      for far: Int32 in [0, 1, 2, 3, 7, 1000] {
        let actual = ColumnDistance.distances(
          to: mask.bits, width: mask.width, height: mask.height, far: far)
        expectSameGrid(actual, Self.reference(mask, far: far), mask, "columns, far \(far)")
      }
    }
  }

  @Test(arguments: [1, 2, 3] as [UInt64])
  func rowSearchMatchesBruteForce(seed: UInt64) {
    for mask in KernelMasks.all(seed: seed) {
      let exact = DistanceTransformTests.reference(mask)
      for reach in [0, 1, 2, 3, 5, 40] {
        // Columns cut off just above the reach, and far above it: the same answers.
        for far in [Int32(reach + 1), 1000] {
          let column = ColumnDistance.distances(
            to: mask.bits, width: mask.width, height: mask.height, far: far)
          let actual = (0..<mask.bits.count).map { i in
            ColumnDistance.nearestSquaredDistance(
              column, x: i % mask.width, y: i / mask.width, width: mask.width, reach: reach)
          }
          let expected = exact.map { $0 <= Double(reach * reach) ? Int($0) : nil }
          expectSameGrid(actual, expected, mask, "row search, reach \(reach), far \(far)")
        }
      }
    }
  }

  @Test func knownValues() {
    // Column 0: ink at rows 0 and 4; column 1: none.
    let feature: [UInt8] = [1, 0, 0, 0, 0, 0, 0, 0, 1, 0]
    #expect(
      ColumnDistance.distances(to: feature, width: 2, height: 5, far: 9)
        == [0, 9, 1, 9, 2, 9, 1, 9, 0, 9])
    #expect(
      ColumnDistance.distances(to: feature, width: 2, height: 5, far: 2)
        == [0, 2, 1, 2, 2, 2, 1, 2, 0, 2])
    let column = ColumnDistance.distances(to: feature, width: 2, height: 5, far: 9)
    #expect(ColumnDistance.nearestSquaredDistance(column, x: 1, y: 2, width: 2, reach: 3) == 5)
    #expect(ColumnDistance.nearestSquaredDistance(column, x: 1, y: 2, width: 2, reach: 2) == nil)
    #expect(ColumnDistance.distances(to: [], width: 0, height: 3, far: 4).isEmpty)
  }
}
