/// Connected-component labelling of a mask, by runs and union-find: each run of set pixels
/// along a row is joined with the runs of the row above it touches, then the sets are numbered
/// by their first run.
enum ConnectedComponents {
  /// Labels the connected components of the pixels where `mask` is nonzero (8-connected, or
  /// 4-connected with `eightConnected: false`), numbered from 0 in the order their first pixel
  /// comes in row-major order; unset pixels get -1. `components[l]` is the area and box of
  /// label `l`. Row-major, `width` x `height` px.
  /// - Precondition: `width`, `height` >= 0 and `mask.count == width * height`.
  static func label(
    _ mask: [UInt8], width: Int, height: Int, eightConnected: Bool
  ) -> (labels: [Int32], components: [PixelComponent]) {
    precondition(width >= 0 && height >= 0 && mask.count == width * height)
    var labels = [Int32](repeating: -1, count: mask.count)
    // Runs: row, first and last x, and the union-find parent. These are checked arrays; only
    // the mask and the labels are read and written unchecked.
    var runY: [Int32] = []
    var runA: [Int32] = []
    var runB: [Int32] = []
    var parent: [Int32] = []
    func find(_ r: Int32) -> Int32 {
      var r = r
      while parent[Int(r)] != r {
        parent[Int(r)] = parent[Int(parent[Int(r)])]
        r = parent[Int(r)]
      }
      return r
    }
    let reachX = eightConnected ? 1 : 0
    // In bounds: the mask is read at base + x with base = y * width, y < height, and x (and
    // b + 1, tested against width first) below width; a word at base + x (base + b + 1) only
    // when x + 8 (b + 9) <= width, so its last byte lies in the row too.
    mask.withUnsafeBufferPointer { m in
      var previous = 0..<0  // the runs of the row above
      for y in 0..<height {
        let base = y &* width
        let first = runA.count
        var scan = previous.lowerBound
        var x = 0
        while x < width {
          // Eight unset pixels at a time, then one.
          if x &+ 8 <= width && word(m, base &+ x) == 0 {
            x &+= 8
            continue
          }
          guard m[base &+ x] != 0 else {
            x &+= 1
            continue
          }
          var b = x
          // Eight set pixels at a time (no zero byte in the word), then one.
          while b &+ 9 <= width && !hasZeroByte(word(m, base &+ b &+ 1)) { b &+= 8 }
          while b &+ 1 < width && m[base &+ b &+ 1] != 0 { b &+= 1 }
          let run = Int32(runA.count)
          runY.append(Int32(y))
          runA.append(Int32(x))
          runB.append(Int32(b))
          parent.append(run)
          // Runs above that overlap [x - reachX, b + reachX].
          while scan < previous.upperBound && Int(runB[scan]) < x &- reachX { scan &+= 1 }
          var k = scan
          while k < previous.upperBound && Int(runA[k]) <= b &+ reachX {
            let r1 = find(run)
            let r2 = find(Int32(k))
            if r1 != r2 {
              // The older run stays the root, so a set's root is its first run.
              if r1 < r2 { parent[Int(r2)] = r1 } else { parent[Int(r1)] = r2 }
            }
            k &+= 1
          }
          x = b &+ 2
        }
        previous = first..<runA.count
      }
    }
    // Number the sets in the order of their first run (row-major order of first pixels).
    var components: [PixelComponent] = []
    var number = [Int32](repeating: -1, count: runA.count)
    // In bounds: a run's pixels y * width + a...b lie in its row (0 <= a <= b < width).
    labels.withUnsafeMutableBufferPointer { lab in
      for r in 0..<runA.count {
        let root = Int(find(Int32(r)))
        if number[root] < 0 {
          number[root] = Int32(components.count)
          components.append(PixelComponent())
        }
        let label = number[root]
        let y = Int(runY[r])
        let a = Int(runA[r])
        let b = Int(runB[r])
        var c = components[Int(label)]
        c.area += b - a + 1
        c.minX = min(c.minX, a)
        c.maxX = max(c.maxX, b)
        c.minY = min(c.minY, y)
        c.maxY = max(c.maxY, y)
        if a == 0 || b == width - 1 || y == 0 || y == height - 1 { c.touchesBorder = true }
        components[Int(label)] = c
        (lab.baseAddress! + y * width + a).update(repeating: label, count: b - a + 1)
      }
    }
    return (labels, components)
  }

  /// The eight mask bytes from `i` on, as one word (any byte order: only zero bytes are
  /// asked about).
  /// - Precondition: `i + 8 <= m.count` (unchecked).
  @inline(__always)
  private static func word(_ m: UnsafeBufferPointer<UInt8>, _ i: Int) -> UInt64 {
    UnsafeRawPointer(m.baseAddress! + i).loadUnaligned(as: UInt64.self)
  }

  /// Whether any of the eight bytes of `w` is 0 (the exact test: a byte's borrow reaches its
  /// top bit only from a zero byte, or from a borrow out of a zero byte below it).
  @inline(__always)
  private static func hasZeroByte(_ w: UInt64) -> Bool {
    (w &- 0x0101_0101_0101_0101) & ~w & 0x8080_8080_8080_8080 != 0
  }
}
