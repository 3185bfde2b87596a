import Testing

@testable import Glyphsmith

/// `ConnectedComponents` against a breadth-first flood fill from each unlabelled pixel in
/// row-major order.
@Suite struct ConnectedComponentsTests {
  static func reference(
    _ mask: TestMask, eightConnected: Bool
  ) -> (labels: [Int32], components: [PixelComponent]) {
    var labels = [Int32](repeating: -1, count: mask.bits.count)
    var components: [PixelComponent] = []
    let steps =
      eightConnected
      ? [(-1, -1), (0, -1), (1, -1), (-1, 0), (1, 0), (-1, 1), (0, 1), (1, 1)]
      : [(0, -1), (-1, 0), (1, 0), (0, 1)]
    for start in 0..<mask.bits.count where mask.bits[start] != 0 && labels[start] < 0 {
      let label = Int32(components.count)
      var c = PixelComponent()
      var queue = [start]
      labels[start] = label
      var head = 0
      while head < queue.count {
        let i = queue[head]
        head += 1
        let x = i % mask.width
        let y = i / mask.width
        c.area += 1
        c.minX = min(c.minX, x)
        c.maxX = max(c.maxX, x)
        c.minY = min(c.minY, y)
        c.maxY = max(c.maxY, y)
        if x == 0 || y == 0 || x == mask.width - 1 || y == mask.height - 1 {
          c.touchesBorder = true
        }
        for (dx, dy) in steps {
          let nx = x + dx
          let ny = y + dy
          guard nx >= 0, ny >= 0, nx < mask.width, ny < mask.height else { continue }
          let j = ny * mask.width + nx
          if mask.bits[j] != 0 && labels[j] < 0 {
            labels[j] = label
            queue.append(j)
          }
        }
      }
      components.append(c)
    }
    return (labels, components)
  }

  @Test(arguments: [1, 2, 3] as [UInt64])
  func matchesFloodFill(seed: UInt64) {
    for mask in KernelMasks.all(seed: seed) {
      for eight in [false, true] {
        let what = eight ? "8-connected" : "4-connected"
        let actual = ConnectedComponents.label(
          mask.bits, width: mask.width, height: mask.height, eightConnected: eight)
        let expected = Self.reference(mask, eightConnected: eight)
        expectSameGrid(actual.labels, expected.labels, mask, what + " labels")
        #expect(actual.components == expected.components, "\(mask) \(what) components")
      }
    }
  }

  /// Rows long enough for the eight-pixel steps (runs and gaps of every length 1-40 around
  /// the word boundaries), with set bytes other than 1 (any nonzero byte is set).
  @Test(arguments: [1, 2, 3] as [UInt64])
  func wideRowsAndAnyNonzeroByte(seed: UInt64) {
    var rng = SplitMix64(seed: seed)
    for n in 0..<30 {
      let width = rng.int(9...70)
      let height = rng.int(1...12)
      var bits = [UInt8](repeating: 0, count: width * height)
      var i = 0
      var set = rng.chance(0.5)
      while i < bits.count {
        let run = rng.int(1...(n % 3 == 0 ? 40 : 12))
        for j in i..<min(bits.count, i + run) {
          bits[j] = set ? [1, 1, 7, 128, 255][rng.int(0...4)] : 0
        }
        i += run
        set.toggle()
      }
      let mask = TestMask("wide \(seed)/\(n)", width: width, height: height, bits: bits)
      for eight in [false, true] {
        let actual = ConnectedComponents.label(
          mask.bits, width: width, height: height, eightConnected: eight)
        let expected = Self.reference(mask, eightConnected: eight)
        expectSameGrid(actual.labels, expected.labels, mask, "labels, eight \(eight)")
        #expect(actual.components == expected.components, "\(mask) eight \(eight)")
      }
    }
  }

  @Test func knownValues() {
    let mask = TestMask(
      "known",
      rows: [
        "##..#",
        "#..#.",
        "...#.",
        "##...",
      ])
    let four = ConnectedComponents.label(mask.bits, width: 5, height: 4, eightConnected: false)
    #expect(
      four.labels == [0, 0, -1, -1, 1, 0, -1, -1, 2, -1, -1, -1, -1, 2, -1, 3, 3, -1, -1, -1])
    #expect(
      four.components == [
        PixelComponent(area: 3, minX: 0, minY: 0, maxX: 1, maxY: 1, touchesBorder: true),
        PixelComponent(area: 1, minX: 4, minY: 0, maxX: 4, maxY: 0, touchesBorder: true),
        PixelComponent(area: 2, minX: 3, minY: 1, maxX: 3, maxY: 2, touchesBorder: false),
        PixelComponent(area: 2, minX: 0, minY: 3, maxX: 1, maxY: 3, touchesBorder: true),
      ])
    let eight = ConnectedComponents.label(mask.bits, width: 5, height: 4, eightConnected: true)
    #expect(eight.components.count == 3)
    #expect(eight.components[1].area == 3 && eight.components[1].boxHeight == 3)
    let none = ConnectedComponents.label([0, 0, 0], width: 3, height: 1, eightConnected: true)
    #expect(none.labels == [-1, -1, -1] && none.components.isEmpty)
  }
}
