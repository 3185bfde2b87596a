import FoundationEssentials
import Glibc
import GlyphsmithCore

/// The size a raster image announces in its header, read without decoding it, so that an
/// image inside an SVG (`<image>`, `<feImage>`: a `data:` URI or a file in the input's folder)
/// is held to the PNG inputs' pixel budget (`InputLimits.maxPixels`) before librsvg hands it
/// to gdk-pixbuf, which allocates width x height x 4 bytes (issue 23: a 24 KB PNG in a `data:`
/// URI decoded to 775 MB).
///
/// Formats (from the content, never the MIME type, as gdk-pixbuf sniffs them): PNG (the IHDR
/// chunk, PNG 1.2 section 11.2.2), JPEG (the first SOF marker's frame header, ITU T.81 B.2.2,
/// reached through the marker segments before it), GIF (the logical screen and every image
/// descriptor, GIF89a sections 18 and 20: gdk-pixbuf sizes its canvas by the largest), BMP
/// (BITMAPINFOHEADER width and height) and WebP (VP8, VP8L, VP8X headers); SVG is not a
/// raster (`isSVG`).
package enum RasterHeader {
  /// What a header says.
  package struct Info: Equatable, Sendable {
    /// `PNG`, `JPEG`, `GIF`, `BMP` or `WebP`.
    package var format: String
    /// Width in px as the header states it.
    package var width: Int
    /// Height in px as the header states it.
    package var height: Int
  }

  /// The result of reading a header.
  package enum Reading: Equatable, Sendable {
    /// A raster whose size was read.
    case raster(Info)
    /// An SVG (XML or gzip): not decoded by gdk-pixbuf; checked as an SVG.
    case svg
    /// A known raster format whose header is cut short or malformed: gdk-pixbuf fails too.
    case unreadable(format: String)
    /// No format Glyphsmith knows: gdk-pixbuf may still have a loader for it.
    case unknown
  }

  /// Reads `bytes`' header.
  package static func read(_ bytes: Data) -> Reading {
    let b = [UInt8](bytes.prefix(32))
    if b.starts(with: [0x89, 0x50, 0x4E, 0x47]) {
      guard let size = PNGCodec.size(of: bytes) else { return .unreadable(format: "PNG") }
      return .raster(Info(format: "PNG", width: size.width, height: size.height))
    }
    if b.starts(with: [0xFF, 0xD8]) { return jpeg(bytes) }
    if b.starts(with: Array("GIF8".utf8)) { return gif(bytes) }
    if b.starts(with: Array("BM".utf8)) {
      guard b.count >= 26 else { return .unreadable(format: "BMP") }
      let width = Int(Int32(bitPattern: le32(b, 18))).magnitude
      let height = Int(Int32(bitPattern: le32(b, 22))).magnitude
      return .raster(Info(format: "BMP", width: Int(width), height: Int(height)))
    }
    if b.count >= 12, b.starts(with: Array("RIFF".utf8)), Array(b[8..<12]) == Array("WEBP".utf8) {
      return webp(b)
    }
    if isSVG(b) { return .svg }
    return .unknown
  }

  /// Whether the bytes start like an SVG: gzip (SVGZ), or XML after optional white space and
  /// byte order mark.
  static func isSVG(_ b: [UInt8]) -> Bool {
    if b.starts(with: [0x1F, 0x8B]) { return true }
    var i = 0
    if b.starts(with: [0xEF, 0xBB, 0xBF]) { i = 3 }
    if b.starts(with: [0xFF, 0xFE]) || b.starts(with: [0xFE, 0xFF]) { return true }
    while i < b.count, b[i] == 0x20 || b[i] == 0x09 || b[i] == 0x0A || b[i] == 0x0D { i += 1 }
    return i < b.count && b[i] == UInt8(ascii: "<")
  }

  private static func le32(_ b: [UInt8], _ at: Int) -> UInt32 {
    UInt32(b[at]) | UInt32(b[at + 1]) << 8 | UInt32(b[at + 2]) << 16 | UInt32(b[at + 3]) << 24
  }

  private static func le16(_ b: [UInt8], _ at: Int) -> Int { Int(b[at]) | Int(b[at + 1]) << 8 }

  /// JPEG: marker segments up to the first start-of-frame (C0-CF except C4, C8, CC).
  private static func jpeg(_ data: Data) -> Reading {
    let bytes = [UInt8](data)
    var i = 2
    while i + 4 <= bytes.count {
      guard bytes[i] == 0xFF else { return .unreadable(format: "JPEG") }
      let marker = bytes[i + 1]
      if marker == 0xFF {
        i += 1
        continue
      }
      if marker == 0xD8 || marker == 0x01 || (0xD0...0xD7).contains(marker) {
        i += 2
        continue
      }
      let length = Int(bytes[i + 2]) << 8 | Int(bytes[i + 3])
      guard length >= 2 else { return .unreadable(format: "JPEG") }
      if (0xC0...0xCF).contains(marker) && marker != 0xC4 && marker != 0xC8 && marker != 0xCC {
        guard i + 9 <= bytes.count else { return .unreadable(format: "JPEG") }
        let height = Int(bytes[i + 5]) << 8 | Int(bytes[i + 6])
        let width = Int(bytes[i + 7]) << 8 | Int(bytes[i + 8])
        return .raster(Info(format: "JPEG", width: width, height: height))
      }
      if marker == 0xD9 || marker == 0xDA { break }
      i += 2 + length
    }
    return .unreadable(format: "JPEG")
  }

  /// GIF: the logical screen, then every image descriptor (extensions and image data skipped
  /// by their sub-block lengths); the largest extent wins.
  private static func gif(_ data: Data) -> Reading {
    let b = [UInt8](data)
    guard b.count >= 13 else { return .unreadable(format: "GIF") }
    var width = le16(b, 6)
    var height = le16(b, 8)
    var i = 13
    if b[10] & 0x80 != 0 { i += 3 << (Int(b[10] & 7) + 1) }
    func skipSubBlocks() -> Bool {
      while i < b.count {
        let n = Int(b[i])
        i += 1
        if n == 0 { return true }
        i += n
      }
      return false
    }
    while i < b.count {
      switch b[i] {
      case 0x21:
        i += 2
        guard skipSubBlocks() else { return .raster(Info(format: "GIF", width: width, height: height)) }
      case 0x2C:
        guard i + 10 <= b.count else { return .raster(Info(format: "GIF", width: width, height: height)) }
        width = max(width, le16(b, i + 1) + le16(b, i + 5))
        height = max(height, le16(b, i + 3) + le16(b, i + 7))
        let flags = b[i + 9]
        i += 10
        if flags & 0x80 != 0 { i += 3 << (Int(flags & 7) + 1) }
        i += 1
        guard skipSubBlocks() else { return .raster(Info(format: "GIF", width: width, height: height)) }
      default:
        return .raster(Info(format: "GIF", width: width, height: height))
      }
    }
    return .raster(Info(format: "GIF", width: width, height: height))
  }

  /// WebP: the first chunk (VP8 lossy, VP8L lossless, VP8X extended canvas).
  private static func webp(_ b: [UInt8]) -> Reading {
    guard b.count >= 30 else { return .unreadable(format: "WebP") }
    let chunk = String(decoding: b[12..<16], as: UTF8.self)
    switch chunk {
    case "VP8 ":
      return .raster(
        Info(format: "WebP", width: le16(b, 26) & 0x3FFF, height: le16(b, 28) & 0x3FFF))
    case "VP8L":
      let bits = le32(b, 21)
      return .raster(
        Info(
          format: "WebP", width: Int(bits & 0x3FFF) + 1, height: Int((bits >> 14) & 0x3FFF) + 1))
    case "VP8X":
      let width = Int(b[24]) | Int(b[25]) << 8 | Int(b[26]) << 16
      let height = Int(b[27]) | Int(b[28]) << 8 | Int(b[29]) << 16
      return .raster(Info(format: "WebP", width: width + 1, height: height + 1))
    default:
      return .unreadable(format: "WebP")
    }
  }
}
