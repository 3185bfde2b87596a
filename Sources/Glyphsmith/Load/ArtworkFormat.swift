import FoundationEssentials
import Glibc
import GlyphsmithCore

/// What an input file holds, from its first bytes, never its name: a text file named
/// `t.png` is neither, and says so.
public enum ArtworkFormat: Equatable, Sendable {
  /// The PNG signature's first four bytes (PNG spec §5.2: 89 50 4E 47; a truncated
  /// signature is an invalid PNG, not an unknown format).
  case png
  /// XML (after an optional UTF-8/UTF-16 byte order mark and white space, `<`), or gzip
  /// (1F 8B, SVGZ, which librsvg reads).
  case svg
  /// No bytes at all.
  case empty
  /// Anything else.
  case unknown

  /// The format of `data`.
  public static func detect(_ data: Data) -> ArtworkFormat {
    if data.isEmpty { return .empty }
    if data.starts(with: [0x89, 0x50, 0x4E, 0x47]) { return .png }
    if data.starts(with: [0x1F, 0x8B]) { return .svg }
    if data.starts(with: [0xFE, 0xFF]) || data.starts(with: [0xFF, 0xFE]) { return .svg }
    var bytes = data.prefix(4096)[...]
    if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes = bytes.dropFirst(3) }
    for byte in bytes {
      switch byte {
      case 0x20, 0x09, 0x0A, 0x0D: continue
      case UInt8(ascii: "<"): return .svg
      default: return .unknown
      }
    }
    return .unknown
  }
}
