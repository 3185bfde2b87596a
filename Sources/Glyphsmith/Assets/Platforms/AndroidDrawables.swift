import FoundationEssentials
import Glibc
import GlyphsmithCore

/// Android drawable densities and resource names (formats.md, "Android and web").
package enum AndroidDrawables {
  /// The share of a glyph drawable's side kept clear of ink on each side: Material's system
  /// icons keep 2 dp of their 24 dp box (a 20 dp live area; Material Design, "System
  /// icons"), 2 / 24.
  package static let marginShare = 2.0 / 24.0

  /// Density buckets and their scale over mdpi: 24 dp is 24, 36, 48, 72, 96 px.
  package static let densities: [(name: String, scale: Double)] = [
    ("mdpi", 1), ("hdpi", 1.5), ("xhdpi", 2), ("xxhdpi", 3), ("xxxhdpi", 4),
  ]

  /// Java keywords and literals, which Android's generated `R` class cannot use as names.
  static let javaKeywords: Set<String> = [
    "abstract", "assert", "boolean", "break", "byte", "case", "catch", "char", "class", "const",
    "continue", "default", "do", "double", "else", "enum", "extends", "false", "final",
    "finally", "float", "for", "goto", "if", "implements", "import", "instanceof", "int",
    "interface", "long", "native", "new", "null", "package", "private", "protected", "public",
    "return", "short", "static", "strictfp", "super", "switch", "synchronized", "this", "throw",
    "throws", "transient", "true", "try", "void", "volatile", "while",
  ]

  /// A resource name Android accepts: lower case, every character outside `[a-z0-9_]`
  /// replaced by `_`, prefixed with `ic_` when it would not start with a letter or would be a
  /// Java keyword (`class` -> `ic_class`).
  package static func resourceName(_ name: String) -> String {
    let mapped = String(
      name.canonicalComposition.lowercased().unicodeScalars.map { scalar in
        ("a"..."z").contains(scalar) || ("0"..."9").contains(scalar) || scalar == "_"
          ? Character(scalar) : "_"
      })
    guard let first = mapped.unicodeScalars.first, ("a"..."z").contains(first),
      !javaKeywords.contains(mapped)
    else {
      return "ic_" + mapped
    }
    return mapped
  }
}
