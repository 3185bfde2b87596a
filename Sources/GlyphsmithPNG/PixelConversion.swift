import Synchronization

/// The one place where Cairo's pixel layout meets Glyphsmith's.
///
/// Cairo's `CAIRO_FORMAT_ARGB32` stores each pixel as a native-endian 32-bit word
/// `A << 24 | R << 16 | G << 8 | B` with premultiplied colour; on little-endian machines the
/// bytes are B, G, R, A. Glyphsmith's form is straight RGBA8 bytes (`RGBAImage`).
package enum PixelConversion {
  /// `unpremultiplied[a << 8 | c]` = min(255, (c * 255 + a / 2) / a) for a in 1...255: the
  /// division of every translucent pixel, done once (64 KiB).
  package static let unpremultiplied: [UInt8] = {
    // Built in every render process, so without a division per entry: along a row the
    // numerator c * 255 + a / 2 grows by 255 = step * a + rest, so the quotient grows by
    // step, or step + 1 when the remainder passes a.
    [UInt8](unsafeUninitializedCapacity: 256 * 256) { table, count in
      for c in 0..<256 { table[c] = 0 }
      for a in 1..<256 {
        let step = 255 / a
        let rest = 255 % a
        var quotient = 0
        var remainder = a / 2
        for c in 0..<256 {
          table[a << 8 | c] = UInt8(truncatingIfNeeded: min(255, quotient))
          quotient += step
          remainder += rest
          if remainder >= a {
            remainder -= a
            quotient += 1
          }
        }
      }
      count = 256 * 256
    }
  }()

  /// How many words a process converts by dividing before it builds `unpremultiplied`: a
  /// single `render` (a 75 px icon is 5,625 words) divides its few translucent pixels instead
  /// of building the table (64 KiB and about 1.2 M instructions, more than the conversion
  /// itself; issue 36); a batch passes this within its first icons and looks up from then on.
  /// The bytes are the same either way (`UnpremultiplyTableTests`).
  package static let wordsBeforeTable = 65_536

  /// The words converted so far in this process (all threads), against `wordsBeforeTable`.
  private static let convertedWords = Atomic<Int>(0)

  /// Whether a conversion of `count` more words uses the table (the process has converted
  /// more than `wordsBeforeTable` words, these included), else divides.
  private static func usesTable(adding count: Int) -> Bool {
    convertedWords.wrappingAdd(count, ordering: .relaxed).newValue > wordsBeforeTable
  }

  /// Converts one ARGB32 surface's pixels (`stride` bytes a row) to straight RGBA8.
  /// Colour is un-premultiplied with rounding: `c * 255 / a`, rounded half up.
  package static func straightRGBA(
    fromARGB32 data: UnsafePointer<UInt8>, width: Int, height: Int, stride: Int
  ) -> [UInt8] {
    straightRGBA(
      fromARGB32: data, width: width, height: height, stride: stride,
      table: usesTable(adding: width * height))
  }

  /// `straightRGBA` through the table (`table`) or by dividing each translucent pixel.
  package static func straightRGBA(
    fromARGB32 data: UnsafePointer<UInt8>, width: Int, height: Int, stride: Int, table: Bool
  ) -> [UInt8] {
    [UInt8](unsafeUninitializedCapacity: width * height * 4) { out, count in
      let words = UnsafeMutableRawPointer(out.baseAddress!)
      func convert(_ straight: (UInt32) -> UInt32) {
        for y in 0..<height {
          let row = UnsafeRawPointer(data + y * stride)
          let target = words + y * width * 4
          for x in 0..<width {
            let word = row.loadUnaligned(fromByteOffset: x * 4, as: UInt32.self)
            target.storeBytes(
              of: straight(word).littleEndian, toByteOffset: x * 4, as: UInt32.self)
          }
        }
      }
      if table {
        unpremultiplied.withUnsafeBufferPointer { table in
          convert { straight($0, table.baseAddress!) }
        }
      } else {
        convert(straightDividing)
      }
      count = width * height * 4
    }
  }

  /// Converts `count` ARGB32 words (premultiplied, native-endian) to straight RGBA8 bytes in
  /// the same memory, with the rounding of `straightRGBA`. Transparent words are zero in both
  /// forms and are only read, so an icon's empty background costs one pass of loads.
  package static func straightenInPlace(_ pixels: UnsafeMutableRawPointer, count: Int) {
    straightenInPlace(pixels, count: count, table: usesTable(adding: count))
  }

  /// `straightenInPlace` through the table (`table`) or by dividing each translucent pixel.
  package static func straightenInPlace(
    _ pixels: UnsafeMutableRawPointer, count: Int, table: Bool
  ) {
    let words = pixels.assumingMemoryBound(to: UInt32.self)
    guard table else {
      for i in 0..<count where words[i] != 0 { words[i] = straightDividing(words[i]).littleEndian }
      return
    }
    unpremultiplied.withUnsafeBufferPointer { table in
      var i = 0
      while i < count {
        let word = words[i]
        if word != 0 { words[i] = straight(word, table.baseAddress!).littleEndian }
        i += 1
      }
    }
  }

  /// `straight` without the table: each channel of a translucent word is
  /// min(255, (c * 255 + a / 2) / a), the formula the table holds.
  @inline(__always)
  private static func straightDividing(_ word: UInt32) -> UInt32 {
    let a = word >> 24
    if a == 255 {
      return (word & 0xFF00_FF00) | ((word >> 16) & 0xFF) | ((word & 0xFF) << 16)
    }
    if a == 0 { return 0 }
    let half = a / 2
    let r = min(255, (((word >> 16) & 0xFF) * 255 + half) / a)
    let g = min(255, (((word >> 8) & 0xFF) * 255 + half) / a)
    let b = min(255, ((word & 0xFF) * 255 + half) / a)
    return a << 24 | b << 16 | g << 8 | r
  }

  /// One premultiplied ARGB32 word as straight RGBA8 packed R | G << 8 | B << 16 | A << 24
  /// (the byte order R, G, B, A once stored little-endian).
  @inline(__always)
  private static func straight(_ word: UInt32, _ table: UnsafePointer<UInt8>) -> UInt32 {
    let a = word >> 24
    if a == 255 {
      return (word & 0xFF00_FF00) | ((word >> 16) & 0xFF) | ((word & 0xFF) << 16)
    }
    if a == 0 { return 0 }
    let row = table + Int(a) << 8
    let r = UInt32(row[Int((word >> 16) & 0xFF)])
    let g = UInt32(row[Int((word >> 8) & 0xFF)])
    let b = UInt32(row[Int(word & 0xFF)])
    return a << 24 | b << 16 | g << 8 | r
  }

  /// Writes straight RGBA8 pixels into an ARGB32 surface's memory (`stride` bytes a row),
  /// premultiplying with rounding: `c * a / 255`, rounded to nearest.
  package static func writeARGB32(
    fromStraight pixels: [UInt8], width: Int, height: Int,
    into data: UnsafeMutablePointer<UInt8>, stride: Int
  ) {
    pixels.withUnsafeBufferPointer { src in
      for y in 0..<height {
        let row = UnsafeMutableRawPointer(data + y * stride).assumingMemoryBound(to: UInt32.self)
        for x in 0..<width {
          let i = (y * width + x) * 4
          let a = UInt32(src[i + 3])
          let r = (UInt32(src[i]) * a + 127) / 255
          let g = (UInt32(src[i + 1]) * a + 127) / 255
          let b = (UInt32(src[i + 2]) * a + 127) / 255
          row[x] = (a << 24 | r << 16 | g << 8 | b)
        }
      }
    }
  }
}
