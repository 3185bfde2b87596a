import FoundationEssentials
import Glibc

/// Parses colours as users write them on the command line and in config files: the one colour
/// parser every option that takes a colour uses (`--tint`, `--background`, `--color`,
/// `--diff-color`, ...).
package enum ColorParser {
  /// The forms accepted, for help texts and error messages.
  package static let forms = "#RGB, #RRGGBB, #RRGGBBAA, a CSS colour name or R,G,B"

  /// `#RGB` (each digit doubled, CSS Color 4), `#RRGGBB` (opaque), `#RRGGBBAA` (straight
  /// alpha), hex digits in either case; a CSS named colour (CSS Color 4 §6.1, case-insensitive,
  /// `transparent` included); or `R,G,B` (three whole numbers 0-255, opaque, the form
  /// pixelmatch's CLI takes).
  /// - Throws: `GlyphsmithError.invalidColor` for anything else.
  package static func parse(_ text: String) throws -> RGBA8 {
    let trimmed = text.trimmingWhitespace()
    if trimmed.hasPrefix("#") {
      let hex = Array(trimmed.dropFirst())
      guard hex.allSatisfy(\.isHexDigit) else { throw GlyphsmithError.invalidColor(text) }
      let digits: [Character]
      switch hex.count {
      case 3: digits = hex.flatMap { [$0, $0] } + ["f", "f"]
      case 6: digits = hex + ["f", "f"]
      case 8: digits = hex
      default: throw GlyphsmithError.invalidColor(text)
      }
      guard let full = UInt32(String(digits), radix: 16) else {
        throw GlyphsmithError.invalidColor(text)
      }
      return RGBA8(
        r: UInt8(full >> 24), g: UInt8(full >> 16 & 0xff), b: UInt8(full >> 8 & 0xff),
        a: UInt8(full & 0xff))
    }
    if trimmed.contains(",") {
      let parts = trimmed.split(separator: ",", omittingEmptySubsequences: false).map {
        UInt8($0.trimmingWhitespace())
      }
      guard parts.count == 3, let r = parts[0], let g = parts[1], let b = parts[2] else {
        throw GlyphsmithError.invalidColor(text)
      }
      return RGBA8(r: r, g: g, b: b, a: 255)
    }
    if let value = CSSColorNames.rgb[trimmed.lowercased()] {
      if trimmed.lowercased() == "transparent" { return RGBA8(r: 0, g: 0, b: 0, a: 0) }
      return RGBA8(
        r: UInt8(value >> 16), g: UInt8(value >> 8 & 0xff), b: UInt8(value & 0xff), a: 255)
    }
    throw GlyphsmithError.invalidColor(text)
  }
}
