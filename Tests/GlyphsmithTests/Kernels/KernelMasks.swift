/// Masks the kernel tests run on: edge shapes and seeded random masks, all deterministic.

import Testing

/// SplitMix64 (Steele, Lea & Flood 2014): a small deterministic generator, so every run of the
/// suite sees the same "random" masks and a failure names a seed that reproduces it.
struct SplitMix64: Sendable {
  private var state: UInt64

  init(seed: UInt64) { state = seed }

  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }

  /// A value in `range` (the modulo bias is irrelevant here).
  mutating func int(_ range: ClosedRange<Int>) -> Int {
    range.lowerBound + Int(next() % UInt64(range.count))
  }

  /// True with probability `p`.
  mutating func chance(_ p: Double) -> Bool {
    Double(next() >> 11) / Double(1 << 53) < p
  }

  /// A value in `0..<bound` (the modulo bias is irrelevant here).
  mutating func below(_ bound: Int) -> Int { Int(next() % UInt64(bound)) }

  /// True `percent` times in a hundred (`below(100) < percent`).
  mutating func percent(_ percent: Int) -> Bool { below(100) < percent }
}

/// A row-major mask of 0s and 1s with its size in px.
struct TestMask: CustomStringConvertible, Sendable {
  let name: String
  let width: Int
  let height: Int
  var bits: [UInt8]

  init(_ name: String, width: Int, height: Int, bits: [UInt8]) {
    precondition(bits.count == width * height)
    self.name = name
    self.width = width
    self.height = height
    self.bits = bits
  }

  /// A mask drawn from rows of `#` (1) and `.` (0).
  init(_ name: String, rows: [String]) {
    let width = rows.first?.count ?? 0
    precondition(rows.allSatisfy { $0.count == width })
    self.init(
      name, width: width, height: rows.count,
      bits: rows.flatMap { $0.map { $0 == "#" ? UInt8(1) : 0 } })
  }

  subscript(x: Int, y: Int) -> UInt8 { bits[y * width + x] }

  var description: String { "\(name) (\(width)x\(height))" }

  /// The mask with 0s and 1s swapped.
  var complement: [UInt8] { bits.map { $0 ^ 1 } }
}

enum KernelMasks {
  /// The edge shapes: 1x1, 1xN, Nx1, all ink, no ink, ink on the border, and a few plain
  /// shapes (a ring with a hole, diagonal touches, a checkerboard, a thick square).
  static let edges: [TestMask] = {
    var masks = [
      TestMask("1x1 ink", width: 1, height: 1, bits: [1]),
      TestMask("1x1 empty", width: 1, height: 1, bits: [0]),
      TestMask("1xN row", rows: ["##.###..#.####"]),
      TestMask("Nx1 column", width: 1, height: 13, bits: [1, 1, 0, 1, 1, 1, 0, 0, 1, 0, 1, 1, 1]),
      TestMask("1xN all ink", width: 9, height: 1, bits: Array(repeating: 1, count: 9)),
      TestMask("Nx1 all ink", width: 1, height: 9, bits: Array(repeating: 1, count: 9)),
      TestMask("all ink", width: 11, height: 7, bits: Array(repeating: 1, count: 77)),
      TestMask("no ink", width: 7, height: 11, bits: Array(repeating: 0, count: 77)),
      TestMask(
        "ink on the border",
        rows: [
          "##########",
          "#........#",
          "#........#",
          "#...##...#",
          "#........#",
          "##########",
        ]),
      TestMask(
        "corners only",
        rows: [
          "#.......#",
          ".........",
          ".........",
          "#.......#",
        ]),
      TestMask(
        "diagonal touches",
        rows: [
          "#...#...",
          ".#.#....",
          "..#....#",
          ".#.#..#.",
          "#...##..",
        ]),
      TestMask(
        "checkerboard",
        width: 8, height: 8, bits: (0..<64).map { UInt8(($0 % 8 + $0 / 8) % 2) }),
      TestMask(
        "thick square with a hole",
        rows: [
          "................",
          ".##############.",
          ".##############.",
          ".##############.",
          ".####......####.",
          ".####......####.",
          ".####......####.",
          ".####......####.",
          ".##############.",
          ".##############.",
          ".##############.",
          "................",
        ]),
    ]
    // A large filled disc touching the border, for deep ink.
    let n = 21
    masks.append(
      TestMask(
        "disc on the border", width: n, height: n,
        bits: (0..<(n * n)).map {
          let dx = $0 % n - 10
          let dy = $0 / n - 12
          return dx * dx + dy * dy <= 110 ? 1 : 0
        }))
    return masks
  }()

  /// `count` random masks from `seed`: sizes 1-28 px a side (thin strips included), pixel noise
  /// of varying density, and unions of random discs and bars (shapes with real thickness).
  static func random(seed: UInt64, count: Int = 40) -> [TestMask] {
    var rng = SplitMix64(seed: seed)
    return (0..<count).map { n in
      let width = rng.chance(0.15) ? rng.int(1...3) : rng.int(4...28)
      let height = rng.chance(0.15) ? rng.int(1...3) : rng.int(4...28)
      var bits = [UInt8](repeating: 0, count: width * height)
      if n % 2 == 0 {
        let density = [0.05, 0.3, 0.5, 0.7, 0.95][rng.int(0...4)]
        for i in bits.indices { bits[i] = rng.chance(density) ? 1 : 0 }
      } else {
        for _ in 0..<rng.int(1...6) {
          let cx = rng.int(-3...(width + 2))
          let cy = rng.int(-3...(height + 2))
          if rng.chance(0.5) {
            let r2 = rng.int(0...80)
            for y in 0..<height {
              for x in 0..<width where (x - cx) * (x - cx) + (y - cy) * (y - cy) <= r2 {
                bits[y * width + x] = 1
              }
            }
          } else {
            let w = rng.int(1...12)
            let h = rng.int(1...12)
            for y in 0..<height where y >= cy && y < cy + h {
              for x in 0..<width where x >= cx && x < cx + w { bits[y * width + x] = 1 }
            }
          }
        }
        // Carve a few holes.
        for _ in 0..<rng.int(0...4) {
          let x = rng.int(0...(width - 1))
          let y = rng.int(0...(height - 1))
          bits[y * width + x] = 0
        }
      }
      return TestMask("random \(seed)/\(n)", width: width, height: height, bits: bits)
    }
  }

  /// The edge shapes and the random masks of `seed`.
  static func all(seed: UInt64) -> [TestMask] { edges + random(seed: seed) }
}

/// Expects `actual` to equal `expected` pixel for pixel (both row-major over `mask`'s grid),
/// naming the mask, `what`, and the first pixel that differs.
func expectSameGrid<T: Equatable>(
  _ actual: [T], _ expected: [T], _ mask: TestMask, _ what: String,
  sourceLocation: SourceLocation = #_sourceLocation
) {
  guard actual.count == expected.count else {
    Issue.record(
      "\(mask) \(what): \(actual.count) values, expected \(expected.count)",
      sourceLocation: sourceLocation)
    return
  }
  if let i = actual.indices.first(where: { actual[$0] != expected[$0] }) {
    let x = mask.width > 0 ? i % mask.width : 0
    let y = mask.width > 0 ? i / mask.width : 0
    Issue.record(
      "\(mask) \(what): pixel (\(x), \(y)) is \(actual[i]), expected \(expected[i])",
      sourceLocation: sourceLocation)
  }
}
