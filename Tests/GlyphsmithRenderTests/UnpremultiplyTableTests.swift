import Testing

@testable import GlyphsmithRender

/// `PixelConversion.unpremultiplied`, all 256 x 256 entries, against the rounding it stands
/// for, checked without division: straight colour v for premultiplied c at alpha a is
/// c * 255 / a rounded half up, so v - 1/2 <= c * 255 / a < v + 1/2, i.e.
/// 2 a v - a <= 510 c < 2 a v + a; above 255 (premultiplied colour brighter than its alpha,
/// which Cairo never writes) it is clamped to 255.
@Suite struct UnpremultiplyTableTests {
  @Test func everyEntryIsTheRoundedQuotient() {
    let table = PixelConversion.unpremultiplied
    #expect(table.count == 256 * 256)
    var checked = 0
    for a in 0..<256 {
      for c in 0..<256 {
        let v = Int(table[a << 8 | c])
        if a == 0 {
          // Row 0 is never read (transparent pixels are written as 0 directly); it is 0.
          #expect(v == 0, "a 0, c \(c)")
        } else if 510 * c >= 2 * a * 255 + a {
          #expect(v == 255, "a \(a), c \(c): clamped")
        } else {
          #expect(2 * a * v - a <= 510 * c && 510 * c < 2 * a * v + a, "a \(a), c \(c): \(v)")
          // The integer form the table is built with, for the record.
          #expect(v == (c * 255 + a / 2) / a, "a \(a), c \(c)")
        }
        checked += 1
      }
    }
    #expect(checked == 65536)
    // Opaque pixels come out unchanged; c == a is full intensity.
    #expect((0..<256).allSatisfy { table[255 << 8 | $0] == UInt8($0) })
    #expect((1..<256).allSatisfy { table[$0 << 8 | $0] == 255 })
  }

  /// Every (alpha, colour) pair through the converter, by the table and by dividing (what a
  /// process does before `wordsBeforeTable` words): a 256 x 256 surface whose pixel (c, a)
  /// has alpha a and premultiplied red, green and blue c, c / 2 and 255 - c.
  @Test(arguments: [true, false])
  func converterUsesTheTableForEveryPair(table: Bool) {
    var words = [UInt32](repeating: 0, count: 256 * 256)
    for a in 0..<256 {
      for c in 0..<256 {
        words[a * 256 + c] =
          UInt32(a) << 24 | UInt32(c) << 16 | UInt32(c / 2) << 8 | UInt32(255 - c)
      }
    }
    let straight = words.withUnsafeBytes { raw in
      PixelConversion.straightRGBA(
        fromARGB32: raw.baseAddress!.assumingMemoryBound(to: UInt8.self), width: 256,
        height: 256, stride: 256 * 4, table: table)
    }
    func expected(_ c: Int, _ a: Int) -> UInt8 {
      a == 0 ? 0 : UInt8(min(255, (2 * c * 255 + a) / (2 * a)))
    }
    var wrong = 0
    for a in 0..<256 {
      for c in 0..<256 {
        let o = (a * 256 + c) * 4
        let want = [expected(c, a), expected(c / 2, a), expected(255 - c, a), UInt8(a)]
        if Array(straight[o..<(o + 4)]) != want {
          wrong += 1
          if wrong <= 5 { Issue.record("a \(a), c \(c): \(straight[o..<(o + 4)]), want \(want)") }
        }
      }
    }
    #expect(wrong == 0)
  }

  /// The in-place conversion that renders use (Cairo draws into the image's own array) gives
  /// the same bytes as the copying converter for every (alpha, colour) pair, including words
  /// with alpha 0 and colour left over (written as 0) and an odd-sized tail; by the table and
  /// by dividing.
  @Test(arguments: [true, false])
  func inPlaceConversionMatchesTheCopyForEveryPair(table: Bool) {
    var words = [UInt32](repeating: 0, count: 256 * 256 + 3)
    for a in 0..<256 {
      for c in 0..<256 {
        words[a * 256 + c] =
          UInt32(a) << 24 | UInt32(c) << 16 | UInt32(c / 2) << 8 | UInt32(255 - c)
      }
    }
    words[256 * 256] = 0xFF10_2030
    words[256 * 256 + 2] = 0x8040_2000
    let copied = words.withUnsafeBytes { raw in
      PixelConversion.straightRGBA(
        fromARGB32: raw.baseAddress!.assumingMemoryBound(to: UInt8.self), width: words.count,
        height: 1, stride: words.count * 4, table: !table)
    }
    words.withUnsafeMutableBytes { raw in
      PixelConversion.straightenInPlace(raw.baseAddress!, count: 256 * 256 + 3, table: table)
    }
    let inPlace = words.withUnsafeBytes { Array($0) }
    #expect(inPlace == copied)
    #expect(Array(inPlace[(256 * 256 * 4)...]) == [16, 32, 48, 255, 0, 0, 0, 0, 128, 64, 0, 128])
  }
}
