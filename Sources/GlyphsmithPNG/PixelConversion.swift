/// The one place where Cairo's pixel layout meets Glyphsmith's.
///
/// Cairo's `CAIRO_FORMAT_ARGB32` stores each pixel as a native-endian 32-bit word
/// `A << 24 | R << 16 | G << 8 | B` with premultiplied colour; on little-endian machines the
/// bytes are B, G, R, A. Glyphsmith's form is straight RGBA8 bytes (`RGBAImage`).
package enum PixelConversion {
  /// `unpremultiplied[a << 8 | c]` = min(255, (c * 255 + a / 2) / a) for a in 1...255: the
  /// division of every translucent pixel, done once (64 KiB).
  package static let unpremultiplied: [UInt8] = {
    var table = [UInt8](repeating: 0, count: 256 * 256)
    for a in 1..<256 {
      for c in 0..<256 { table[a << 8 | c] = UInt8(min(255, (c * 255 + a / 2) / a)) }
    }
    return table
  }()

  /// Converts one ARGB32 surface's pixels (`stride` bytes a row) to straight RGBA8.
  /// Colour is un-premultiplied with rounding: `c * 255 / a`, rounded half up.
  package static func straightRGBA(
    fromARGB32 data: UnsafePointer<UInt8>, width: Int, height: Int, stride: Int
  ) -> [UInt8] {
    [UInt8](unsafeUninitializedCapacity: width * height * 4) { out, count in
      for y in 0..<height {
        let row = UnsafeRawPointer(data + y * stride).assumingMemoryBound(to: UInt32.self)
        for x in 0..<width {
          let word = row[x]  // native-endian A<<24 | R<<16 | G<<8 | B
          let a = word >> 24
          let o = (y * width + x) * 4
          if a == 0 {
            out[o] = 0
            out[o + 1] = 0
            out[o + 2] = 0
            out[o + 3] = 0
          } else if a == 255 {
            out[o] = UInt8((word >> 16) & 0xff)
            out[o + 1] = UInt8((word >> 8) & 0xff)
            out[o + 2] = UInt8(word & 0xff)
            out[o + 3] = 255
          } else {
            let row = Int(a) << 8
            out[o] = unpremultiplied[row | Int((word >> 16) & 0xff)]
            out[o + 1] = unpremultiplied[row | Int((word >> 8) & 0xff)]
            out[o + 2] = unpremultiplied[row | Int(word & 0xff)]
            out[o + 3] = UInt8(a)
          }
        }
      }
      count = width * height * 4
    }
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
