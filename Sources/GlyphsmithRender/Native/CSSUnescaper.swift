import FoundationEssentials
import Glibc
import GlyphsmithCore

/// CSS escapes resolved as a CSS tokenizer resolves them (CSS Syntax Level 3, section 4.3.7
/// "Consume an escaped code point"), so that `SVGPreflight` reads `font-size:\31 e9` as
/// `font-size:1e9`, the value librsvg's CSS parser (cssparser) computes.
///
/// `\` followed by 1 to 6 hex digits and one optional white space is that code point (0,
/// surrogates and values past U+10FFFF become U+FFFD); `\` followed by a newline is kept as
/// is (a newline escape only means something inside strings, where it is dropped, which
/// changes no number); `\` followed by any other character is that character; a `\` at the end
/// is U+FFFD.
enum CSSUnescaper {
  /// The text with escapes resolved, and for each UTF-16 unit of it the range of UTF-16
  /// units of `css` it came from; `nil` when `css` has no `\`.
  static func unescape(_ css: String) -> (text: String, origins: [UTF16Range])? {
    guard css.contains("\\") else { return nil }
    let units = Array(css.utf16)
    var out: [UInt16] = []
    var origins: [UTF16Range] = []
    func append(_ scalar: UnicodeScalar, from start: Int, to end: Int) {
      for unit in String(scalar).utf16 {
        out.append(unit)
        origins.append(UTF16Range(location: start, length: end - start))
      }
    }
    func isHex(_ u: UInt16) -> Bool {
      (48...57).contains(u) || (65...70).contains(u) || (97...102).contains(u)
    }
    var i = 0
    while i < units.count {
      let u = units[i]
      guard u == 0x5C else {
        out.append(u)
        origins.append(UTF16Range(location: i, length: 1))
        i += 1
        continue
      }
      let start = i
      i += 1
      guard i < units.count else {
        append("\u{FFFD}", from: start, to: i)
        break
      }
      if isHex(units[i]) {
        var value: UInt32 = 0
        var digits = 0
        while i < units.count, digits < 6, isHex(units[i]) {
          value = value * 16 + UInt32(String(UnicodeScalar(units[i])!), radix: 16)!
          i += 1
          digits += 1
        }
        if i < units.count, [0x20, 0x09, 0x0A, 0x0C, 0x0D].contains(units[i]) {
          // "\r\n" counts as one white space.
          if units[i] == 0x0D, i + 1 < units.count, units[i + 1] == 0x0A { i += 1 }
          i += 1
        }
        let scalar =
          value == 0 || (0xD800...0xDFFF).contains(value) || value > 0x10FFFF
          ? UnicodeScalar(0xFFFD)! : UnicodeScalar(value)!
        append(scalar, from: start, to: i)
      } else if units[i] == 0x0A || units[i] == 0x0C || units[i] == 0x0D {
        out.append(0x5C)
        origins.append(UTF16Range(location: start, length: 1))
      } else {
        // Any other character, a surrogate pair whole.
        var end = i + 1
        if UTF16.isLeadSurrogate(units[i]), end < units.count, UTF16.isTrailSurrogate(units[end]) {
          end += 1
        }
        for k in i..<end {
          out.append(units[k])
          origins.append(UTF16Range(location: start, length: end - start))
        }
        i = end
      }
    }
    return (String(decoding: out, as: UTF16.self), origins)
  }

  /// The range of `css` that `range` of the unescaped text came from.
  static func originalRange(_ range: UTF16Range, origins: [UTF16Range]) -> UTF16Range {
    guard range.length > 0, range.location < origins.count else { return range }
    let first = origins[range.location]
    let last = origins[min(origins.count - 1, range.location + range.length - 1)]
    return UTF16Range(location: first.location, length: last.location + last.length - first.location)
  }
}

/// A range of UTF-16 units of a text: what `NSRange` held here (NSString counts UTF-16
/// units), without Foundation (which links ICU; issue 37).
struct UTF16Range: Equatable {
  /// The first unit.
  var location: Int
  /// How many units.
  var length: Int
}
