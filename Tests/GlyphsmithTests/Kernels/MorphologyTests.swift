import Testing

@testable import Glyphsmith

/// `Morphology` against brute-force dilation and disc painting.
@Suite struct MorphologyTests {
  /// 1 where some set pixel of `feature` lies within squared distance `limit`.
  static func dilationReference(_ feature: TestMask, limit: Int) -> [UInt8] {
    var out = [UInt8](repeating: 0, count: feature.bits.count)
    for y in 0..<feature.height {
      for x in 0..<feature.width {
        for fy in 0..<feature.height {
          for fx in 0..<feature.width
          where feature[fx, fy] != 0 && (x - fx) * (x - fx) + (y - fy) * (y - fy) <= limit {
            out[y * feature.width + x] = 1
          }
        }
      }
    }
    return out
  }

  /// The thickness as documented, one disc at a time: every mask pixel paints its disc of
  /// radius min(cap, depth) onto the pixels of the grid it covers (offsets with squared length
  /// at most the radius² and cap²), unless off the border with a neighbour holding it; the
  /// largest radius stays; pixels outside the mask are 0.
  static func thicknessReference(
    _ mask: TestMask, inkDistance: [Double], cap: Double
  ) -> [Float] {
    let w = mask.width
    let h = mask.height
    let capF = Float(cap)
    let depth = mask.bits.indices.map {
      mask.bits[$0] != 0 ? min(capF, Float(inkDistance[$0].squareRoot())) : 0
    }
    func depthAt(_ x: Int, _ y: Int) -> Float { depth[y * w + x] }
    var out = [Float](repeating: 0, count: mask.bits.count)
    let reach = Int(cap.rounded(.up))
    for y in 0..<h {
      for x in 0..<w where mask[x, y] != 0 {
        let d = depthAt(x, y)
        if d < capF && x > 0 && y > 0 && x < w - 1 && y < h - 1 {
          let side = [depthAt(x - 1, y), depthAt(x + 1, y), depthAt(x, y - 1), depthAt(x, y + 1)]
          let corner = [
            depthAt(x - 1, y - 1), depthAt(x + 1, y - 1), depthAt(x - 1, y + 1),
            depthAt(x + 1, y + 1),
          ]
          if side.max()! >= d + 1 - 0.05 || corner.max()! >= d + Float(2.0.squareRoot()) - 0.05 {
            continue
          }
        }
        for dy in -reach...reach {
          for dx in -reach...reach {
            let d2 = dx * dx + dy * dy
            guard Double(d2) <= cap * cap, Float(d2) <= d * d else { continue }
            let nx = x + dx
            let ny = y + dy
            guard nx >= 0, ny >= 0, nx < w, ny < h else { continue }
            out[ny * w + nx] = max(out[ny * w + nx], d)
          }
        }
      }
    }
    for i in out.indices where mask.bits[i] == 0 { out[i] = 0 }
    return out
  }

  @Test(arguments: [1, 2, 3] as [UInt64])
  func dilationMatchesBruteForce(seed: UInt64) {
    for mask in KernelMasks.all(seed: seed) {
      for limit in [-1, 0, 1, 2, 4, 5, 8, 13, 50] {
        let actual = Morphology.dilation(
          of: mask.bits, limit: limit, width: mask.width, height: mask.height)
        expectSameGrid(actual, Self.dilationReference(mask, limit: limit), mask, "limit \(limit)")
      }
    }
  }

  @Test(arguments: [1, 2, 3] as [UInt64])
  func thicknessMatchesDiscPainting(seed: UInt64) {
    for mask in KernelMasks.all(seed: seed) {
      for cap in [0, 0.7, 1, 1.5, 2.5, 3, 4.2, 6, 7.5] {
        // As the lint calls it: depths known 2 px beyond the cap.
        let inkDistance = InkDistanceTests.reference(mask, cap: cap + 2)
        let actual = Morphology.thickness(
          mask.bits, inkDistance: inkDistance, cap: cap, width: mask.width,
          height: mask.height)
        let expected = Self.thicknessReference(mask, inkDistance: inkDistance, cap: cap)
        expectSameGrid(actual, expected, mask, "thickness, cap \(cap)")
      }
    }
  }

  @Test func thicknessOfABar() {
    // A bar 5 px thick across a 12 x 9 grid: every bar pixel lies in a disc of radius 3 (the
    // middle row's depth), wherever the cap allows it.
    let rows = (0..<9).map { $0 >= 2 && $0 <= 6 ? String(repeating: "#", count: 12) : "" }
    let bar = TestMask(
      "bar", rows: rows.map { $0.isEmpty ? String(repeating: ".", count: 12) : $0 })
    let depth = InkDistanceTests.reference(bar, cap: 12)
    let full = Morphology.thickness(bar.bits, inkDistance: depth, cap: 10, width: 12, height: 9)
    #expect(full == bar.bits.map { $0 != 0 ? 3 : 0 })
    let capped = Morphology.thickness(bar.bits, inkDistance: depth, cap: 2, width: 12, height: 9)
    #expect(capped == bar.bits.map { $0 != 0 ? 2 : 0 })
  }

  @Test func dilationKnownValues() {
    let dot: [UInt8] = [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]
    // Squared distance 2 from the centre of 5 x 5: the 3 x 3 block.
    #expect(
      Morphology.dilation(of: dot, limit: 2, width: 5, height: 5)
        == [0, 0, 0, 0, 0, 0, 1, 1, 1, 0, 0, 1, 1, 1, 0, 0, 1, 1, 1, 0, 0, 0, 0, 0, 0])
    #expect(
      Morphology.dilation(of: dot, limit: -1, width: 5, height: 5) == Array(repeating: 0, count: 25)
    )
  }
}
