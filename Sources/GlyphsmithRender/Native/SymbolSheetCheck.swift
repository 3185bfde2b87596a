import CLibXML
import Foundation

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
///   compound of a type, ids and classes (`overflowRules`), else nothing is allowed either.
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
        guard overflowRules(root) != nil else { return nil }
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
          let name = parts.first?.trimmingCharacters(in: .whitespacesAndNewlines) ?? ""
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

  /// A rule of a sheet declaring `overflow` whose selector is one compound selector of a
  /// type (or `*`), ids and classes: the only selectors decided here.
  struct OverflowRule {
    var type: String?
    var ids: [String]
    var classes: [String]
    var value: String

    /// CSS Selectors 4 §17: (ids, classes, types).
    var specificity: [Int] { [ids.count, classes.count, type == nil || type == "*" ? 0 : 1] }

    func matches(_ node: xmlNodePtr) -> Bool {
      if let type, type != "*", type != SVGNormalizer.name(node) { return false }
      if !ids.isEmpty, ids.contains(where: { $0 != SVGNormalizer.attribute(node, "id") }) {
        return false
      }
      let own = Set(
        (SVGNormalizer.attribute(node, "class") ?? "").split(separator: " ").map(String.init))
      return classes.allSatisfy { own.contains($0) }
    }
  }

  /// The rules of the document's sheets that declare `overflow`, in document order, or `nil`
  /// when one of them has a selector that is not a single compound of a type, ids and
  /// classes, or sits in an at-rule (not decided without a CSS engine).
  static func overflowRules(_ root: xmlNodePtr) -> [OverflowRule]? {
    var out: [OverflowRule] = []
    for node in SVGNormalizer.allElements(root) where SVGNormalizer.name(node) == "style" {
      let text = withoutComments(SVGPreflight.text(xmlNodeGetContent(node)) ?? "")
      var rest = Substring(text)
      while let open = rest.firstIndex(of: "{") {
        guard let close = rest[open...].firstIndex(of: "}") else { break }
        let prelude = rest[..<open].trimmingCharacters(in: .whitespacesAndNewlines)
        let block = rest[rest.index(after: open)..<close]
        rest = rest[rest.index(after: close)...]
        var value: String?
        for declaration in block.split(separator: ";") {
          let parts = declaration.split(separator: ":", maxSplits: 1)
          if parts.count == 2,
            parts[0].trimmingCharacters(in: .whitespacesAndNewlines).lowercased() == "overflow"
          {
            value = parts[1].trimmingCharacters(in: .whitespacesAndNewlines).lowercased()
          }
        }
        guard let value else { continue }
        if block.contains("{") || prelude.contains("@") { return nil }
        for selector in prelude.split(separator: ",") {
          guard let rule = compound(selector.trimmingCharacters(in: .whitespacesAndNewlines), value)
          else { return nil }
          out.append(rule)
        }
      }
    }
    return out
  }

  /// `selector` as an `OverflowRule`, or `nil` when it is not `[type|*]?(#id|.class)*`.
  static func compound(_ selector: String, _ value: String) -> OverflowRule? {
    var rule = OverflowRule(type: nil, ids: [], classes: [], value: value)
    var rest = Substring(selector)
    func name() -> String {
      let n = rest.prefix { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" }
      rest = rest.dropFirst(n.count)
      return String(n)
    }
    if rest.first == "*" {
      rule.type = "*"
      rest = rest.dropFirst()
    } else if let first = rest.first, first.isLetter {
      rule.type = name()
    }
    while let first = rest.first {
      rest = rest.dropFirst()
      let part = name()
      guard !part.isEmpty else { return nil }
      switch first {
      case "#": rule.ids.append(part)
      case ".": rule.classes.append(part)
      default: return nil
      }
    }
    return selector.isEmpty ? nil : rule
  }

  /// The `overflow` the sheets give `symbol` (the last of the most specific matching rules),
  /// or `nil` when none does.
  static func sheetOverflow(_ symbol: xmlNodePtr, rules: [OverflowRule]) -> String? {
    var best: OverflowRule?
    for rule in rules where rule.matches(symbol) {
      if let current = best,
        current.specificity.lexicographicallyPrecedes(rule.specificity) == false,
        current.specificity != rule.specificity
      {
        continue
      }
      best = rule
    }
    return best?.value
  }

  /// `css` without its `/* … */` comments.
  static func withoutComments(_ css: String) -> String {
    var out = ""
    var rest = Substring(css)
    while let start = rest.range(of: "/*") {
      out += rest[..<start.lowerBound]
      guard let end = rest[start.upperBound...].range(of: "*/") else { return out }
      rest = rest[end.upperBound...]
    }
    return out + rest
  }
}
