/// Coverage (alpha, 0-1) of a render as a grid, with the pixel operations the lint measures
/// use: Euclidean distance transforms, connected components, morphological opening and SSIM.
/// Row-major, top row first; sizes in px of the render it came from.
struct PixelGrid {
  let width: Int
  let height: Int
  /// Alpha 0-1 per pixel.
  var alpha: [Float]

  /// The alpha channel of `image`, scaled to 0-1.
  init(_ image: RGBAImage) {
    width = image.width
    height = image.height
    var values = [Float](repeating: 0, count: image.width * image.height)
    image.pixels.withUnsafeBufferPointer { p in
      for i in 0..<values.count { values[i] = Float(p[i * 4 + 3]) / 255 }
    }
    alpha = values
  }

  /// Pixels at least half covered (1) or not (0): the ink mask.
  func inkMask() -> [UInt8] { alpha.map { $0 >= 0.5 ? 1 : 0 } }
}

/// A connected set of pixels of a mask.
struct PixelComponent {
  /// Pixel count.
  var area = 0
  var minX = Int.max
  var minY = Int.max
  var maxX = -1
  var maxY = -1
  /// Whether it touches the outermost row or column.
  var touchesBorder = false
  /// Box width and height in px.
  var boxWidth: Int { maxX - minX + 1 }
  var boxHeight: Int { maxY - minY + 1 }
}

enum PixelOps {
  static let infinity = 1e20

  /// Squared Euclidean distance (px²) from each pixel centre to the nearest pixel centre where
  /// `feature` is 1 (0 on feature pixels; `infinity` when there is none).
  /// Felzenszwalb & Huttenlocher (2012), "Distance transforms of sampled functions".
  static func squaredDistance(to feature: [UInt8], width: Int, height: Int) -> [Double] {
    var grid = feature.map { $0 != 0 ? 0.0 : infinity }
    let n = max(width, height)
    var f = [Double](repeating: 0, count: n)
    var d = [Double](repeating: 0, count: n)
    var v = [Int](repeating: 0, count: n)
    var z = [Double](repeating: 0, count: n + 1)
    grid.withUnsafeMutableBufferPointer { g in
      f.withUnsafeMutableBufferPointer { f in
        d.withUnsafeMutableBufferPointer { d in
          v.withUnsafeMutableBufferPointer { v in
            z.withUnsafeMutableBufferPointer { z in
              for x in 0..<width {
                for y in 0..<height { f[y] = g[y * width + x] }
                transform1D(f, count: height, d: d, v: v, z: z)
                for y in 0..<height { g[y * width + x] = d[y] }
              }
              for y in 0..<height {
                for x in 0..<width { f[x] = g[y * width + x] }
                transform1D(f, count: width, d: d, v: v, z: z)
                for x in 0..<width { g[y * width + x] = d[x] }
              }
            }
          }
        }
      }
    }
    return grid
  }

  /// The lower envelope of parabolas rooted at the finite samples of `f`.
  private static func transform1D(
    _ f: UnsafeMutableBufferPointer<Double>, count n: Int, d: UnsafeMutableBufferPointer<Double>,
    v: UnsafeMutableBufferPointer<Int>, z: UnsafeMutableBufferPointer<Double>
  ) {
    var k = -1
    for q in 0..<n where f[q] < infinity {
      var s = -infinity
      while k >= 0 {
        let p = v[k]
        s = ((f[q] + Double(q * q)) - (f[p] + Double(p * p))) / Double(2 * q - 2 * p)
        if s <= z[k] {
          k -= 1
          s = -infinity
        } else {
          break
        }
      }
      k += 1
      v[k] = q
      z[k] = s
      z[k + 1] = infinity
    }
    guard k >= 0 else {
      for q in 0..<n { d[q] = infinity }
      return
    }
    k = 0
    for q in 0..<n {
      while z[k + 1] < Double(q) { k += 1 }
      let p = v[k]
      d[q] = Double((q - p) * (q - p)) + f[p]
    }
  }

  /// Labels the connected components of the pixels where `mask` is 1 (8-connected, or
  /// 4-connected with `eightConnected: false`). Unlabelled pixels get -1.
  static func components(
    _ mask: [UInt8], width: Int, height: Int, eightConnected: Bool
  ) -> (labels: [Int32], components: [PixelComponent]) {
    var labels = [Int32](repeating: -1, count: mask.count)
    var components: [PixelComponent] = []
    var stack: [Int] = []
    let offsets4 = [(1, 0), (-1, 0), (0, 1), (0, -1)]
    let offsets8 = offsets4 + [(1, 1), (1, -1), (-1, 1), (-1, -1)]
    let offsets = eightConnected ? offsets8 : offsets4
    for start in 0..<mask.count where mask[start] != 0 && labels[start] < 0 {
      let label = Int32(components.count)
      var c = PixelComponent()
      labels[start] = label
      stack.append(start)
      while let i = stack.popLast() {
        let x = i % width
        let y = i / width
        c.area += 1
        c.minX = min(c.minX, x)
        c.maxX = max(c.maxX, x)
        c.minY = min(c.minY, y)
        c.maxY = max(c.maxY, y)
        if x == 0 || y == 0 || x == width - 1 || y == height - 1 { c.touchesBorder = true }
        for (dx, dy) in offsets {
          let nx = x + dx
          let ny = y + dy
          guard nx >= 0, ny >= 0, nx < width, ny < height else { continue }
          let j = ny * width + nx
          if mask[j] != 0 && labels[j] < 0 {
            labels[j] = label
            stack.append(j)
          }
        }
      }
      components.append(c)
    }
    return (labels, components)
  }

  /// Morphological opening of `mask` by a disc of `radius` px: the parts of the mask a disc of
  /// that radius can sweep, i.e. everything at least about `2 * radius` px thick.
  /// `inkDistance` is `squaredDistance(to: background)` of the same mask. The erosion is a
  /// threshold on it; the dilation paints a disc around each boundary pixel of the eroded set
  /// (interior pixels are covered by the set itself).
  static func opening(
    _ mask: [UInt8], inkDistance: [Double], radius: Double, width: Int, height: Int
  ) -> [UInt8] {
    let r2 = radius * radius
    var eroded = [UInt8](repeating: 0, count: mask.count)
    for i in 0..<mask.count where mask[i] != 0 && inkDistance[i] >= r2 { eroded[i] = 1 }
    var opened = eroded
    let reach = Int(radius.rounded(.down))
    var disc: [(Int, Int)] = []
    if reach >= 1 {
      for dy in -reach...reach {
        for dx in -reach...reach where Double(dx * dx + dy * dy) <= r2 { disc.append((dx, dy)) }
      }
    }
    eroded.withUnsafeBufferPointer { e in
      opened.withUnsafeMutableBufferPointer { o in
        for y in 0..<height {
          for x in 0..<width where e[y * width + x] != 0 {
            let boundary =
              x == 0 || y == 0 || x == width - 1 || y == height - 1
              || e[y * width + x - 1] == 0 || e[y * width + x + 1] == 0
              || e[(y - 1) * width + x] == 0 || e[(y + 1) * width + x] == 0
            guard boundary else { continue }
            for (dx, dy) in disc {
              let nx = x + dx
              let ny = y + dy
              if nx >= 0 && ny >= 0 && nx < width && ny < height { o[ny * width + nx] = 1 }
            }
          }
        }
      }
    }
    for i in 0..<opened.count where mask[i] == 0 { opened[i] = 0 }
    return opened
  }

  /// Mean structural similarity (Wang et al. 2004, constants K1 0.01, K2 0.03, range 1) of
  /// `a` and `b` over every `window` x `window` box, counting only boxes where either image
  /// has any coverage; plus the per-pixel map (at each box's top-left corner).
  static func ssim(_ a: [Float], _ b: [Float], width: Int, height: Int, window: Int)
    -> (mean: Double, map: [Float])
  {
    let w = width + 1
    func integral(_ f: (Int) -> Double) -> [Double] {
      var s = [Double](repeating: 0, count: w * (height + 1))
      for y in 0..<height {
        var row = 0.0
        for x in 0..<width {
          row += f(y * width + x)
          s[(y + 1) * w + x + 1] = s[y * w + x + 1] + row
        }
      }
      return s
    }
    let sa = integral { Double(a[$0]) }
    let sb = integral { Double(b[$0]) }
    let saa = integral { Double(a[$0] * a[$0]) }
    let sbb = integral { Double(b[$0] * b[$0]) }
    let sab = integral { Double(a[$0] * b[$0]) }
    let c1 = 0.01 * 0.01
    let c2 = 0.03 * 0.03
    let win = max(1, min(window, width, height))
    let n = Double(win * win)
    var map = [Float](repeating: 1, count: width * height)
    var total = 0.0
    var counted = 0
    for y in 0...(height - win) {
      for x in 0...(width - win) {
        func box(_ s: [Double]) -> Double {
          s[(y + win) * w + x + win] - s[y * w + x + win] - s[(y + win) * w + x] + s[y * w + x]
        }
        let ma = box(sa) / n
        let mb = box(sb) / n
        if ma <= 0 && mb <= 0 { continue }
        let va = box(saa) / n - ma * ma
        let vb = box(sbb) / n - mb * mb
        let cov = box(sab) / n - ma * mb
        let value =
          ((2 * ma * mb + c1) * (2 * cov + c2)) / ((ma * ma + mb * mb + c1) * (va + vb + c2))
        map[y * width + x] = Float(value)
        total += value
        counted += 1
      }
    }
    return (counted > 0 ? total / Double(counted) : 1, map)
  }
}
