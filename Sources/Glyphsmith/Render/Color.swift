import Foundation

/// Parses colours as users write them on the command line and in config files.
public enum ColorParser {
  /// `#RRGGBB` (opaque) or `#RRGGBBAA`, hex digits in either case, straight alpha.
  /// - Throws: `GlyphsmithError.invalidColor` for anything else.
  public static func parse(_ text: String) throws -> RGBA8 {
    var hex = Substring(text.trimmingCharacters(in: .whitespaces))
    guard hex.hasPrefix("#") else { throw GlyphsmithError.invalidColor(text) }
    hex = hex.dropFirst()
    guard hex.count == 6 || hex.count == 8, let value = UInt32(hex, radix: 16) else {
      throw GlyphsmithError.invalidColor(text)
    }
    let full = hex.count == 6 ? value << 8 | 0xff : value
    return RGBA8(
      r: UInt8(full >> 24), g: UInt8(full >> 16 & 0xff), b: UInt8(full >> 8 & 0xff),
      a: UInt8(full & 0xff))
  }
}
