import FoundationEssentials
import Glibc

/// What a PNG's chunks say about alpha, read without decoding pixels (PNG spec, ISO/IEC 15948:
/// IHDR colour type at byte 25; a `tRNS` chunk before `IDAT` adds transparency to colour
/// types 0, 2 and 3).
package struct PNGHeader: Equatable, Sendable {
  /// Width in px.
  package var width: Int
  /// Height in px.
  package var height: Int
  /// IHDR colour type: 0 grey, 2 RGB, 3 palette, 4 grey + alpha, 6 RGBA.
  package var colorType: Int
  /// Whether a `tRNS` chunk is present.
  package var hasTransparencyChunk: Bool

  /// Whether the file stores alpha at all: colour type 4 or 6, or a `tRNS` chunk.
  package var hasAlphaChannel: Bool { colorType == 4 || colorType == 6 || hasTransparencyChunk }

  /// Reads the header of `data`; `nil` when it is not a PNG (no signature or no IHDR).
  package init?(_ data: Data) {
    let bytes = [UInt8](data.prefix(1 << 20))
    let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
    guard bytes.count >= 33, Array(bytes[0..<8]) == signature,
      bytes[12...15].elementsEqual("IHDR".utf8)
    else { return nil }
    func be32(_ i: Int) -> Int {
      Int(bytes[i]) << 24 | Int(bytes[i + 1]) << 16 | Int(bytes[i + 2]) << 8 | Int(bytes[i + 3])
    }
    width = be32(16)
    height = be32(20)
    colorType = Int(bytes[25])
    hasTransparencyChunk = false
    var offset = 8
    while offset + 8 <= bytes.count {
      let length = be32(offset)
      let type = String(decoding: bytes[(offset + 4)..<(offset + 8)], as: UTF8.self)
      if type == "tRNS" { hasTransparencyChunk = true }
      if type == "IDAT" || type == "IEND" { break }
      offset += 12 + length
    }
  }
}
