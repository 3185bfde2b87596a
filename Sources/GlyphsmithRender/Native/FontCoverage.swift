import CPango
import FoundationEssentials
import Glibc
import GlyphsmithCore
import Synchronization

/// What the pinned fonts (`FontEnvironment`) cover: their family names and, per character,
/// whether any of them has a glyph for it (fontconfig's character sets, as Pango's fallback
/// among the pinned fonts sees them). Read once; the character sets (fontconfig pointers,
/// not `Sendable` themselves) are read only under a lock, so lookups are safe from any thread.
package final class FontCoverage: Sendable {
  /// The coverage of the fonts `FontEnvironment` loaded.
  package static let pinned = FontCoverage()

  /// Family names of the pinned fonts, sorted, each once (e.g. "DejaVu Sans", "Inter",
  /// "Noto Color Emoji").
  package let families: [String]
  /// fontconfig's character set of each pinned font.
  private let charsets: Mutex<[OpaquePointer]>

  private init() {
    FontEnvironment.installOnce()
    var families = Set<String>()
    var charsets: [OpaquePointer] = []
    if let config = FcConfigGetCurrent(), let set = FcConfigGetFonts(config, FcSetApplication) {
      for index in 0..<Int(set.pointee.nfont) {
        guard let pattern = set.pointee.fonts[index] else { continue }
        var n: Int32 = 0
        var name: UnsafeMutablePointer<FcChar8>? = nil
        while FcPatternGetString(pattern, "family", n, &name) == FcResultMatch, let name {
          families.insert(String(cString: name))
          n += 1
        }
        var charset: OpaquePointer? = nil
        if FcPatternGetCharSet(pattern, "charset", 0, &charset) == FcResultMatch, let charset {
          charsets.append(charset)
        }
      }
    }
    self.families = families.sorted()
    self.charsets = Mutex(charsets)
  }

  /// Whether a pinned font has a glyph for `scalar`.
  package func covers(_ scalar: Unicode.Scalar) -> Bool {
    charsets.withLock { Self.covers(scalar, in: $0) }
  }

  private static func covers(_ scalar: Unicode.Scalar, in charsets: [OpaquePointer]) -> Bool {
    charsets.contains { FcCharSetHasChar($0, scalar.value) != 0 }
  }

  /// The characters of `text` no pinned font has a glyph for, each once, in order; white
  /// space, controls and format characters (joiners, variation selectors) are not drawn as
  /// glyphs and never count.
  package func uncovered(_ text: String) -> [Unicode.Scalar] {
    charsets.withLock { charsets in
      var seen = Set<UInt32>()
      var missing: [Unicode.Scalar] = []
      for scalar in text.unicodeScalars {
        switch scalar.properties.generalCategory {
        case .control, .format, .spaceSeparator, .lineSeparator, .paragraphSeparator,
          .nonspacingMark, .enclosingMark:
          continue
        default: break
        }
        if (0xFE00...0xFE0F).contains(scalar.value) { continue }
        if !Self.covers(scalar, in: charsets), seen.insert(scalar.value).inserted {
          missing.append(scalar)
        }
      }
      return missing
    }
  }

  /// Whether `family` (one name of a CSS `font-family` list, quotes removed) is a pinned
  /// family, case-insensitively.
  package func isPinned(_ family: String) -> Bool {
    families.contains { $0.lowercased() == family.lowercased() }
  }
}
