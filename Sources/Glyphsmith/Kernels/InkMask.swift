/// Coverage and ink masks of straight RGBA8 pixels: where every lint measure starts.
///
/// Masks here and in the other kernels are row-major arrays with one byte a pixel, 1 where the
/// pixel is set and 0 where it is not.
enum InkMask {
  /// `Float(byte) / 255` for every byte value.
  private static let byteAlpha: [Float] = (0...255).map { Float($0) / 255 }

  /// The alpha channel of `pixels` (straight RGBA8, 4 bytes a pixel), scaled to 0-1: one value
  /// a pixel, `Float(a) / 255`.
  /// - Precondition: `pixels.count` is a multiple of 4.
  static func alpha(ofRGBA pixels: [UInt8]) -> [Float] {
    precondition(pixels.count % 4 == 0, "RGBA8 pixels come in 4 bytes")
    let count = pixels.count / 4
    // In bounds: i < count = pixels.count / 4, so i * 4 + 3 < pixels.count; the table has an
    // entry for every byte value; exactly `count` values are written.
    return [Float](unsafeUninitializedCapacity: count) { values, initialized in
      pixels.withUnsafeBufferPointer { p in
        byteAlpha.withUnsafeBufferPointer { table in
          for i in 0..<count { values[i] = table[Int(p[i &* 4 &+ 3])] }
        }
      }
      initialized = count
    }
  }

  /// Pixels at least half covered (`alpha` >= 0.5): 1, others 0.
  static func ink(alpha: [Float]) -> [UInt8] {
    // In bounds: the output has `alpha.count` values, the loop stays below that.
    [UInt8](unsafeUninitializedCapacity: alpha.count) { out, initialized in
      alpha.withUnsafeBufferPointer { a in
        for i in 0..<a.count { out[i] = a[i] >= 0.5 ? 1 : 0 }
      }
      initialized = alpha.count
    }
  }

  /// 1 where `mask` (of 0s and 1s) is 0 and 0 where it is 1 (each byte with its lowest bit
  /// flipped).
  static func complement(_ mask: [UInt8]) -> [UInt8] {
    // In bounds: the output has `mask.count` values, the loop stays below that.
    [UInt8](unsafeUninitializedCapacity: mask.count) { out, initialized in
      mask.withUnsafeBufferPointer { m in
        for i in 0..<m.count { out[i] = m[i] ^ 1 }
      }
      initialized = mask.count
    }
  }

  /// The first index in `from..<end` where `mask` is nonzero, or `end` when there is none:
  /// eight bytes at a time while they are all 0, then byte by byte. The scan of a row for its
  /// set pixels, in order.
  /// - Precondition: 0 <= `from` and `end` <= `mask.count` (unchecked).
  @inline(__always)
  static func nextSet(_ mask: UnsafeBufferPointer<UInt8>, from: Int, end: Int) -> Int {
    var i = from
    // In bounds: a word is read at i only when i + 8 <= end <= mask.count.
    while i &+ 8 <= end
      && UnsafeRawPointer(mask.baseAddress! + i).loadUnaligned(as: UInt64.self) == 0
    {
      i &+= 8
    }
    while i < end && mask[i] == 0 { i &+= 1 }
    return i
  }
}
