import FoundationEssentials
import Glibc

/// The per-pixel work of `Pixelmatch` over raw buffers: read-only inputs as bytes and as 32-bit
/// pixel words, and the diff image as words (`nil` when no diff is drawn).
///
/// Two generations of pixelmatch's arithmetic live here: `delta6`/`grey6` (5.x/6.x, each pixel
/// blended over white on its own) and `delta7`/`grey7` (7.2, the difference blended over a
/// pseudo-checkerboard picked by the byte offset). Each keeps its version's order of operations.
package struct Kernel {
  let width: Int
  let height: Int
  let bytes1: UnsafePointer<UInt8>
  let bytes2: UnsafePointer<UInt8>
  let words1: UnsafePointer<UInt32>
  let words2: UnsafePointer<UInt32>
  let out: UnsafeMutablePointer<UInt32>?
  let maxDelta: Double
  let includeAA: Bool
  let diffMask: Bool
  let checkerboard: Bool
  /// Whether the colour distance is OKLab HyAB (`PixelmatchMetric.oklab`) instead of YIQ.
  let oklab: Bool
  let alpha: Double
  let aaWord: UInt32
  let diffWord: UInt32
  let altWord: UInt32
  let ignoreWord: UInt32
  let lumaProducts: UnsafePointer<Double>

  init(
    width: Int, height: Int, bytes1: UnsafePointer<UInt8>, bytes2: UnsafePointer<UInt8>,
    words1: UnsafePointer<UInt32>, words2: UnsafePointer<UInt32>,
    out: UnsafeMutablePointer<UInt32>?, options: PixelmatchOptions
  ) {
    self.width = width
    self.height = height
    self.bytes1 = bytes1
    self.bytes2 = bytes2
    self.words1 = words1
    self.words2 = words2
    self.out = out
    oklab = options.metric == .oklab
    maxDelta =
      oklab
      ? options.threshold : Pixelmatch.maximumDelta * options.threshold * options.threshold
    includeAA = options.includeAA
    diffMask = options.diffMask
    checkerboard = options.blend == .checkerboard
    alpha = options.alpha
    aaWord = options.aaColor.word
    diffWord = options.diffColor.word
    altWord = (options.diffColorAlt ?? options.diffColor).word
    ignoreWord = PixelmatchOptions.ignoreColor.word
    lumaProducts = LumaTable.products
  }

  // MARK: - Rows

  /// Compares rows `rows`, writing their diff pixels, and returns their counts.
  func run(rows: Range<Int>, spans: IgnoreSpans) -> BandResult {
    var band = BandResult()
    var grey = GreyCache()
    for y in rows {
      if spans.isEmpty {
        segment(y: y, columns: 0..<width, band: &band, grey: &grey)
        continue
      }
      var x = 0
      for ignored in spans.row(y) {
        if x < ignored.lowerBound {
          segment(y: y, columns: x..<ignored.lowerBound, band: &band, grey: &grey)
        }
        if out != nil { drawIgnored(y: y, columns: ignored, grey: &grey) }
        x = ignored.upperBound
      }
      if x < width { segment(y: y, columns: x..<width, band: &band, grey: &grey) }
    }
    return band
  }

  /// Pixels compared per block: equal blocks are found with `memcmp` (vectorised by libc) and
  /// skipped, or drawn grey, without looking at each pixel; an unequal large block is looked at
  /// in small blocks, and only an unequal small block pixel by pixel.
  package static var largeBlock: Int { 2048 }
  package static var smallBlock: Int { 64 }

  private func segment(y: Int, columns: Range<Int>, band: inout BandResult, grey: inout GreyCache) {
    var x = columns.lowerBound
    var i = y * width + x
    while x < columns.upperBound {
      let end = min(x + Kernel.largeBlock, columns.upperBound)
      let n = end - x
      if memcmp(words1 + i, words2 + i, n * 4) == 0 {
        drawEqual(start: i, count: n, grey: &grey)
      } else {
        var sx = x
        var si = i
        while sx < end {
          let send = min(sx + Kernel.smallBlock, end)
          let sn = send - sx
          if memcmp(words1 + si, words2 + si, sn * 4) == 0 {
            drawEqual(start: si, count: sn, grey: &grey)
          } else {
            pixels(y: y, columns: sx..<send, start: si, band: &band, grey: &grey)
          }
          sx = send
          si += sn
        }
      }
      x = end
      i += n
    }
  }

  /// Draws `count` pixels equal in both images from index `start`: grey, or transparent in a mask.
  @inline(__always)
  private func drawEqual(start: Int, count: Int, grey: inout GreyCache) {
    guard let out else { return }
    if diffMask {
      (out + start).update(repeating: 0, count: count)
    } else {
      for j in start..<(start + count) { out[j] = greyWord(words1[j], cache: &grey) }
    }
  }

  @inline(__always)
  private func pixels(
    y: Int, columns: Range<Int>, start: Int, band: inout BandResult, grey: inout GreyCache
  ) {
    var i = start
    for x in columns {
      let a = words1[i]
      if a == words2[i] {
        if let out { out[i] = diffMask ? 0 : greyWord(a, cache: &grey) }
      } else {
        let k = i &* 4
        let delta =
          oklab
          ? deltaOKLab(k)
          : checkerboard
            ? delta7(bytes1, bytes2, k, k, yOnly: false)
            : delta6(bytes1, bytes2, k, k, yOnly: false)
        if abs(delta) > maxDelta {
          if !includeAA
            && (antialiased(bytes1, words1, words2, x, y)
              || antialiased(bytes2, words2, words1, x, y))
          {
            band.antiAliased += 1
            if let out { out[i] = diffMask ? 0 : aaWord }
          } else {
            band.mismatched += 1
            if abs(delta) > band.largest {
              band.largest = abs(delta)
              band.largestIndex = i
            }
            if let out { out[i] = delta < 0 ? altWord : diffWord }
          }
        } else if let out {
          out[i] = diffMask ? 0 : greyWord(a, cache: &grey)
        }
      }
      i += 1
    }
  }

  /// Ignored pixels: diagonal hatching in the ignore colour over the usual background.
  private func drawIgnored(y: Int, columns: Range<Int>, grey: inout GreyCache) {
    guard let out else { return }
    var i = y * width + columns.lowerBound
    for x in columns {
      if (x + y) % 8 < 2 {
        out[i] = ignoreWord
      } else {
        out[i] = diffMask ? 0 : greyWord(words1[i], cache: &grey)
      }
      i += 1
    }
  }

  // MARK: - Anti-aliasing (Vysniauskas 2009)

  /// Whether the pixel at (`x1`, `y1`) of `img` looks like anti-aliasing: at most 2 neighbours
  /// equal to it (a border pixel starts with one credit), both a darker and a brighter
  /// neighbour, and the darkest or the brightest has 3+ equal siblings in both images.
  private func antialiased(
    _ img: UnsafePointer<UInt8>, _ own: UnsafePointer<UInt32>, _ other: UnsafePointer<UInt32>,
    _ x1: Int, _ y1: Int
  ) -> Bool {
    let x0 = max(x1 - 1, 0)
    let y0 = max(y1 - 1, 0)
    let x2 = min(x1 + 1, width - 1)
    let y2 = min(y1 + 1, height - 1)
    let pos = (y1 * width + x1) * 4
    var zeroes = x1 == x0 || x1 == x2 || y1 == y0 || y1 == y2 ? 1 : 0
    var minimum = 0.0
    var maximum = 0.0
    var minX = 0
    var minY = 0
    var maxX = 0
    var maxY = 0
    for x in x0...x2 {
      for y in y0...y2 {
        if x == x1 && y == y1 { continue }
        let m = (y * width + x) * 4
        // OKLab keeps the YIQ luma of pixels composited over white here (pixelmatch main).
        let delta =
          checkerboard && !oklab
          ? delta7(img, img, pos, m, yOnly: true) : delta6(img, img, pos, m, yOnly: true)
        if delta == 0 {
          zeroes += 1
          if zeroes > 2 { return false }
        } else if delta < minimum {
          minimum = delta
          minX = x
          minY = y
        } else if delta > maximum {
          maximum = delta
          maxX = x
          maxY = y
        }
      }
    }
    if minimum == 0 || maximum == 0 { return false }
    return (manySiblings(own, minX, minY) && manySiblings(other, minX, minY))
      || (manySiblings(own, maxX, maxY) && manySiblings(other, maxX, maxY))
  }

  /// Whether the pixel at (`x1`, `y1`) has 3+ neighbours of exactly its value (a border pixel
  /// starts with one credit).
  private func manySiblings(_ img: UnsafePointer<UInt32>, _ x1: Int, _ y1: Int) -> Bool {
    let x0 = max(x1 - 1, 0)
    let y0 = max(y1 - 1, 0)
    let x2 = min(x1 + 1, width - 1)
    let y2 = min(y1 + 1, height - 1)
    let value = img[y1 * width + x1]
    var zeroes = x1 == x0 || x1 == x2 || y1 == y0 || y1 == y2 ? 1 : 0
    for x in x0...x2 {
      for y in y0...y2 {
        if x == x1 && y == y1 { continue }
        if img[y * width + x] == value {
          zeroes += 1
          if zeroes > 2 { return true }
        }
      }
    }
    return false
  }

  // MARK: - Colour distance (Kotsarenko & Ramos 2010)

  /// pixelmatch 5.x/6.x: blend each pixel over white by its own alpha, then the YIQ distance;
  /// negative when the first pixel is brighter. With `yOnly`, the brightness difference y1 - y2.
  @inline(__always)
  private func delta6(
    _ img1: UnsafePointer<UInt8>, _ img2: UnsafePointer<UInt8>, _ k: Int, _ m: Int, yOnly: Bool
  ) -> Double {
    let ra = img1[k]
    let ga = img1[k + 1]
    let ba = img1[k + 2]
    let aa = img1[k + 3]
    let rb = img2[m]
    let gb = img2[m + 1]
    let bb = img2[m + 2]
    let ab = img2[m + 3]
    if aa == ab && ra == rb && ga == gb && ba == bb { return 0 }
    var r1 = Double(ra)
    var g1 = Double(ga)
    var b1 = Double(ba)
    var r2 = Double(rb)
    var g2 = Double(gb)
    var b2 = Double(bb)
    if aa < 255 {
      let a1 = Double(aa) / 255
      r1 = 255 + (r1 - 255) * a1
      g1 = 255 + (g1 - 255) * a1
      b1 = 255 + (b1 - 255) * a1
    }
    if ab < 255 {
      let a2 = Double(ab) / 255
      r2 = 255 + (r2 - 255) * a2
      g2 = 255 + (g2 - 255) * a2
      b2 = 255 + (b2 - 255) * a2
    }
    let y1 = r1 * 0.29889531 + g1 * 0.58662247 + b1 * 0.11448223
    let y2 = r2 * 0.29889531 + g2 * 0.58662247 + b2 * 0.11448223
    let y = y1 - y2
    if yOnly { return y }
    let i =
      (r1 * 0.59597799 - g1 * 0.27417610 - b1 * 0.32180189)
      - (r2 * 0.59597799 - g2 * 0.27417610 - b2 * 0.32180189)
    let q =
      (r1 * 0.21147017 - g1 * 0.52261711 + b1 * 0.31114694)
      - (r2 * 0.21147017 - g2 * 0.52261711 + b2 * 0.31114694)
    let delta = 0.5053 * y * y + 0.299 * i * i + 0.1957 * q * q
    return y1 > y2 ? -delta : delta
  }

  /// pixelmatch 7.2: the channel differences, blended (when either alpha is under 255) over the
  /// background of byte offset `k`, then the YIQ distance; negative when the first pixel is
  /// brighter. With `yOnly`, the brightness difference.
  @inline(__always)
  private func delta7(
    _ img1: UnsafePointer<UInt8>, _ img2: UnsafePointer<UInt8>, _ k: Int, _ m: Int, yOnly: Bool
  ) -> Double {
    let r1 = Int(img1[k])
    let g1 = Int(img1[k + 1])
    let b1 = Int(img1[k + 2])
    let a1 = Int(img1[k + 3])
    let r2 = Int(img2[m])
    let g2 = Int(img2[m + 1])
    let b2 = Int(img2[m + 2])
    let a2 = Int(img2[m + 3])
    let da = a1 - a2
    if r1 == r2 && g1 == g2 && b1 == b2 && da == 0 { return 0 }
    var dr = Double(r1 - r2)
    var dg = Double(g1 - g2)
    var db = Double(b1 - b2)
    if a1 < 255 || a2 < 255 {
      let rb = 48 + 159 * (k % 2)
      let gb = 48 + 159 * (Int(Double(k) / 1.618033988749895) % 2)
      let bb = 48 + 159 * (Int(Double(k) / 2.618033988749895) % 2)
      dr = Double(r1 * a1 - r2 * a2 - rb * da) / 255
      dg = Double(g1 * a1 - g2 * a2 - gb * da) / 255
      db = Double(b1 * a1 - b2 * a2 - bb * da) / 255
    }
    let y = dr * 0.29889531 + dg * 0.58662247 + db * 0.11448223
    if yOnly { return y }
    let i = dr * 0.59597799 - dg * 0.2741761 - db * 0.32180189
    let q = dr * 0.21147017 - dg * 0.52261711 + db * 0.31114694
    let delta = 0.5053 * y * y + 0.299 * i * i + 0.1957 * q * q
    return y > 0 ? -delta : delta
  }

  /// pixelmatch main: each pixel blended (when either alpha is under 255) over the background
  /// of byte offset `k` (the checkerboard of 7.2, or white), linearised, turned into OKLab with
  /// the toe-corrected lightness Lr, then the HyAB distance scaled so that black against white
  /// is 1; negative when the first pixel is lighter.
  @inline(__always)
  private func deltaOKLab(_ k: Int) -> Double {
    let r1 = Int(bytes1[k])
    let g1 = Int(bytes1[k + 1])
    let b1 = Int(bytes1[k + 2])
    let a1 = Int(bytes1[k + 3])
    let r2 = Int(bytes2[k])
    let g2 = Int(bytes2[k + 1])
    let b2 = Int(bytes2[k + 2])
    let a2 = Int(bytes2[k + 3])
    if r1 == r2 && g1 == g2 && b1 == b2 && a1 == a2 { return 0 }
    let first: (Double, Double, Double)
    let second: (Double, Double, Double)
    if a1 < 255 || a2 < 255 {
      let rb = checkerboard ? 48 + 159 * (k % 2) : 255
      let gb = checkerboard ? 48 + 159 * (Int(Double(k) / 1.618033988749895) % 2) : 255
      let bb = checkerboard ? 48 + 159 * (Int(Double(k) / 2.618033988749895) % 2) : 255
      func blended(_ c: Int, _ a: Int, _ background: Int) -> Double {
        OKLab.linearise(Double(c * a + background * (255 - a)) / 255)
      }
      first = OKLab.lab(
        linear: blended(r1, a1, rb), blended(g1, a1, gb), blended(b1, a1, bb))
      second = OKLab.lab(
        linear: blended(r2, a2, rb), blended(g2, a2, gb), blended(b2, a2, bb))
    } else {
      first = OKLab.lab(linear: OKLab.linear[r1], OKLab.linear[g1], OKLab.linear[b1])
      second = OKLab.lab(linear: OKLab.linear[r2], OKLab.linear[g2], OKLab.linear[b2])
    }
    let dl = first.0 - second.0
    let da = first.1 - second.1
    let db = first.2 - second.2
    let delta = (abs(dl) + (da * da + db * db).squareRoot()) / OKLab.blackWhite
    return dl > 0 ? -delta : delta
  }

  // MARK: - Grey background

  /// The last pixel turned grey and its result: runs of one colour are common.
  struct GreyCache {
    var input: UInt32 = 0
    var output: UInt32 = PixelWord.make(255, 255, 255, 255)
  }

  /// `word`'s luminance blended with white by `alpha * a / 255`, truncated to a byte as
  /// pixelmatch's Uint8 output stores it, as an opaque grey word.
  @inline(__always)
  private func greyWord(_ word: UInt32, cache: inout GreyCache) -> UInt32 {
    if word == cache.input { return cache.output }
    let v = UInt32(littleEndian: word)
    // The same products as r * 0.29889531 etc., looked up: the sum is bit-identical.
    let luma =
      lumaProducts[Int(v & 0xFF)] + lumaProducts[256 + Int((v >> 8) & 0xFF)]
      + lumaProducts[512 + Int((v >> 16) & 0xFF)]
    let a = Double(v >> 24)
    let value: Double
    if checkerboard {
      value = 255 + ((luma - 255) * alpha * a) / 255
    } else {
      value = 255 + (luma - 255) * (alpha * a / 255)
    }
    let byte = UInt8(max(0, min(255, value)))
    let result = PixelWord.make(byte, byte, byte, 255)
    cache.input = word
    cache.output = result
    return result
  }
}

/// `c * 0.29889531`, `c * 0.58662247`, `c * 0.11448223` for every byte `c` (red at 0, green at
/// 256, blue at 512): pixelmatch's luminance products, computed once and never freed. Written
/// only by the lazy initializer, read only after it: safe to share between threads.
package enum LumaTable {
  nonisolated(unsafe) static let products: UnsafePointer<Double> = {
    let table = UnsafeMutablePointer<Double>.allocate(capacity: 768)
    for c in 0..<256 {
      table[c] = Double(c) * 0.29889531
      table[256 + c] = Double(c) * 0.58662247
      table[512 + c] = Double(c) * 0.11448223
    }
    return UnsafePointer(table)
  }()
}
