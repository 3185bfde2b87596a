import CLibXML
import FoundationEssentials
import Glibc
import GlyphsmithCore

/// Decides whether a document's style sheets allow `use-symbol`'s viewport
/// (`SVGNormalizer.wrapSymbolUse`, issue 38 trial finding 1): the `<use>` keeps its place, so
/// every selector on its position still matches it, but its `href` changes, it gains a child
/// (the viewport `<svg>` and an inner `<use>`), and a symbol whose `overflow` is not `hidden`
/// gets `overflow="hidden"`. The sheet may see those, and may style the two new elements
/// (`svg`, `use`, `*`, `use > *` select them). Without a CSS engine (librsvg has none to lend),
/// the check is on the sheet's text, conservatively:
///
/// - a sheet whose selectors could see the changes (`href`, `overflow` or `style` in a
///   selector, `:empty`, `:has(`) or with an `!important` declaration (it would beat the
///   new elements' `style` attribute) allows nothing: the uses are left to librsvg;
/// - every property the sheet declares is known: an inherited one is reset to `inherit` on
///   the new elements, one that is not inherited to its initial value (so the new elements
///   add no opacity, clip, mask, filter or transform of their own), and geometry properties
///   that would move or size the viewport (`x`, `y`, `width`, `height`) or an unknown property
///   allow nothing; `overflow` is the symbol's, decided only from rules whose selector is one
///   compound of a type, ids and classes (`SheetRules`), else nothing is allowed either.
enum SymbolSheetCheck {
  /// Properties inherited in SVG 2 and CSS (their `inherit` passes the `use`'s value through).
  static let inherited: Set<String> = [
    "clip-rule", "color", "color-interpolation", "color-interpolation-filters",
    "color-rendering", "cursor", "direction", "fill", "fill-opacity", "fill-rule", "font",
    "font-family", "font-feature-settings", "font-kerning", "font-size", "font-size-adjust",
    "font-stretch", "font-style", "font-variant", "font-variant-caps",
    "font-variant-east-asian", "font-variant-ligatures", "font-variant-numeric",
    "font-variant-position", "font-weight", "glyph-orientation-horizontal",
    "glyph-orientation-vertical", "image-rendering", "kerning", "letter-spacing", "line-height",
    "marker", "marker-start", "marker-mid", "marker-end", "paint-order", "pointer-events",
    "shape-rendering", "stroke", "stroke-dasharray", "stroke-dashoffset", "stroke-linecap",
    "stroke-linejoin", "stroke-miterlimit", "stroke-opacity", "stroke-width", "text-anchor",
    "text-orientation", "text-rendering", "visibility", "white-space", "word-spacing",
    "writing-mode", "xml:space",
    // Not inherited, but drawn by no `svg` or `use`: `inherit` passes the use's value on to
    // a child that asks for it with `inherit` of its own.
    "alignment-baseline", "baseline-shift", "dominant-baseline", "enable-background",
    "flood-color", "flood-opacity", "lighting-color", "mask-type", "stop-color",
    "stop-opacity", "text-decoration", "unicode-bidi",
  ]

  /// Properties that are not inherited and change how a container draws: their initial
  /// values (CSS Masking 1, Compositing 1, Filter Effects 1, Transforms 1, SVG 2 §8, §13).
  static let initial: [String: String] = [
    "opacity": "1", "clip-path": "none", "mask": "none", "filter": "none",
    "mix-blend-mode": "normal", "isolation": "auto", "transform": "none", "display": "inline",
    "vector-effect": "none",
  ]

  /// Geometry properties of shapes only (no effect on an `svg` or a `use`).
  static let shapeOnly: Set<String> = ["cx", "cy", "r", "rx", "ry", "d"]

  /// The `style` declarations (`name:value;` each) that make the new elements invisible to
  /// the document's sheets, "" when no sheet declares anything, or `nil` when a sheet may
  /// see the rewrite or declares a property outside the lists above.
  static func resets(_ root: xmlNodePtr) -> String? {
    var names: [String] = []
    for node in SVGNormalizer.allElements(root) where SVGNormalizer.name(node) == "style" {
      guard let text = SVGPreflight.text(xmlNodeGetContent(node)),
        let declared = declaredProperties(text)
      else { return nil }
      names += declared
    }
    var out = ""
    var seen: Set<String> = []
    for name in names where seen.insert(name).inserted {
      if inherited.contains(name) {
        out += "\(name):inherit;"
      } else if let value = initial[name] {
        out += "\(name):\(value);"
      } else if name == "overflow" {
        // The symbol's (`overflowRules`); the viewport sets its own, a `use` has none.
        guard SheetRules.rules(declaring: "overflow", root) != nil else { return nil }
      } else if !shapeOnly.contains(name) {
        return nil
      }
    }
    return out
  }

  /// The property names (lower-cased, in order) the sheet `css` declares, or `nil` when its
  /// selectors may see the rewrite or it has an `!important` declaration.
  static func declaredProperties(_ css: String) -> [String]? {
    let text = withoutComments(css).lowercased()
    if text.contains("!important") || text.contains("! important") { return nil }
    var names: [String] = []
    var prelude = ""
    var block = ""
    for character in text {
      switch character {
      case "{":
        if !isBlind(prelude) { return nil }
        prelude = ""
        block = ""
      case "}":
        for declaration in block.split(separator: ";") {
          let parts = declaration.split(separator: ":", maxSplits: 1)
          let name = parts.first?.trimmingWhitespaceAndNewlines() ?? ""
          if parts.count == 2, !name.isEmpty { names.append(name) }
        }
        block = ""
        prelude = ""
      default:
        prelude.append(character)
        block.append(character)
      }
    }
    return isBlind(prelude) ? names : nil
  }

  /// `true` when the selector text `prelude` cannot see the rewrite (see the type's notes).
  static func isBlind(_ prelude: String) -> Bool {
    // After an at-rule without a block (`@import …;`) only the part after its `;` is the
    // selector.
    let selector = prelude.split(separator: ";").last.map(String.init) ?? ""
    return !["href", "overflow", "style", ":empty", ":has("].contains {
      selector.contains($0)
    }
  }

  /// `css` without its `/* … */` comments.
  static func withoutComments(_ css: String) -> String {
    var out = ""
    var rest = Substring(css)
    while let start = rest.firstRange(of: "/*") {
      out += rest[..<start.lowerBound]
      guard let end = rest[start.upperBound...].firstRange(of: "*/") else { return out }
      rest = rest[end.upperBound...]
    }
    return out + rest
  }
}
