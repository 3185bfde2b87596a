import CLibXML
import FoundationEssentials
import Glibc
import GlyphsmithCore

/// Rule 1: an attribute or property whose value does not match its grammar is dropped, so the
/// property takes its inherited or initial value (SVG 2 §4.3 and §6.6, "an invalid value is
/// treated as if the attribute were not specified"; librsvg 2.55.90, #737: "invalid property
/// and attribute values are ignored as if not present").
///
/// librsvg 2.54 instead stops reading an element's attributes at the first invalid one (the
/// rest are ignored: a gradient with `gradientTransform="rotate(x)"` before `x2` loses its
/// `x2`), paints nothing with a non-invertible `gradientTransform` or `patternTransform`,
/// turns a stop with an invalid `offset` into one at the end, and clamps a
/// `stroke-miterlimit` below 1 to 1. Checked here, in elements in no namespace:
///
/// - gradients and patterns: coordinates and sizes as `<length>`, the units and
///   `spreadMethod` as their keywords, `gradientTransform`/`patternTransform` as a
///   `<transform-list>` that is invertible (a singular one is dropped: the paint server is
///   drawn untransformed, as resvg and browsers draw it);
/// - `<stop offset>` as `<number>` or `<percentage>`;
/// - shapes' coordinates and radii as `<length>` (a negative `rx`/`ry` too: SVG 2 §10.2
///   makes it an error, which is `auto`);
/// - `<clipPath>`'s and `<mask>`'s units and `transform` (a singular one is rule 2's), and a
///   mask's region;
/// - `stroke-miterlimit` (attribute or `style` declaration) as a `<number>` of at least 1
///   (SVG 2 §13.5.4: "values less than 1 are invalid").
enum InvalidValueRewrite: FidelityRewrite {
  static let name = "invalid-value"

  /// A value check: whether `value` is valid.
  typealias Check = @Sendable (String) -> Bool

  static let length: Check = { SVGValueGrammar.length($0) != nil }
  static let nonNegativeLength: Check = {
    SVGValueGrammar.length($0).map { $0.value >= 0 } ?? false
  }
  static let lengthOrAuto: Check = {
    $0.trimmingWhitespace() == "auto" || length($0)
  }
  static let units = keywords(["userSpaceOnUse", "objectBoundingBox"])
  static let invertibleTransform: Check = { SVGValueGrammar.transform($0)?.isInvertible ?? false }
  static let transformList: Check = { SVGValueGrammar.transform($0) != nil }
  static let offset: Check = { SVGValueGrammar.numberOrPercentage($0) != nil }
  static let miterLimit: Check = { SVGValueGrammar.number($0).map { $0 >= 1 } ?? false }

  static func keywords(_ words: Set<String>) -> Check {
    { words.contains($0.trimmingWhitespace()) }
  }

  /// The attributes checked, by element.
  static let checks: [String: [String: Check]] = [
    "linearGradient": [
      "x1": length, "y1": length, "x2": length, "y2": length, "gradientUnits": units,
      "spreadMethod": keywords(["pad", "reflect", "repeat"]),
      "gradientTransform": invertibleTransform,
    ],
    "radialGradient": [
      "cx": length, "cy": length, "r": length, "fx": length, "fy": length, "fr": length,
      "gradientUnits": units, "spreadMethod": keywords(["pad", "reflect", "repeat"]),
      "gradientTransform": invertibleTransform,
    ],
    "stop": ["offset": offset],
    "pattern": [
      "x": length, "y": length, "width": length, "height": length, "patternUnits": units,
      "patternContentUnits": units, "patternTransform": invertibleTransform,
    ],
    "rect": [
      "x": length, "y": length, "width": lengthOrAuto, "height": lengthOrAuto,
      "rx": { $0.trimmingWhitespace() == "auto" || nonNegativeLength($0) },
      "ry": { $0.trimmingWhitespace() == "auto" || nonNegativeLength($0) },
    ],
    "circle": ["cx": length, "cy": length, "r": length],
    "ellipse": ["cx": length, "cy": length, "rx": lengthOrAuto, "ry": lengthOrAuto],
    "line": ["x1": length, "y1": length, "x2": length, "y2": length],
    "clipPath": ["clipPathUnits": units, "transform": transformList],
    "mask": [
      "transform": transformList, "maskUnits": units, "maskContentUnits": units, "x": length,
      "y": length,
      "width": length, "height": length,
    ],
  ]

  static func apply(_ root: xmlNodePtr) -> Bool {
    var changed = false
    for node in SVGNormalizer.allElements(root) {
      let element = SVGNormalizer.name(node)
      let own = checks[element] ?? [:]
      var attribute = node.pointee.properties
      while let a = attribute {
        attribute = a.pointee.next
        guard a.pointee.ns == nil, let namePointer = a.pointee.name else { continue }
        let local = String(cString: namePointer)
        let check = local == "stroke-miterlimit" ? miterLimit : own[local]
        guard let check else { continue }
        let raw = UnsafeMutableRawPointer(a).assumingMemoryBound(to: xmlNode.self)
        let value = SVGPreflight.text(xmlNodeGetContent(raw)) ?? ""
        if !check(value) {
          xmlRemoveProp(a)
          changed = true
        }
      }
      if let style = SVGNormalizer.attribute(node, "style"), style.contains("miterlimit"),
        let kept = dropping("stroke-miterlimit", from: style, unless: miterLimit)
      {
        xmlSetProp(node, "style", kept)
        changed = true
      }
    }
    return changed
  }

  /// `style` without its `property` declarations whose values fail `check`, or `nil` when
  /// every one passes. `!important` and `inherit` are left alone.
  static func dropping(_ property: String, from style: String, unless check: Check) -> String? {
    var kept: [Substring] = []
    var dropped = false
    for declaration in style.split(separator: ";", omittingEmptySubsequences: false) {
      let parts = declaration.split(separator: ":", maxSplits: 1)
      if parts.count == 2, parts[0].trimmingWhitespace().lowercased() == property {
        let value = parts[1].trimmingWhitespace()
        let keyword = value.lowercased()
        if !value.contains("!"), !["inherit", "initial", "unset"].contains(keyword),
          !check(value)
        {
          dropped = true
          continue
        }
      }
      kept.append(declaration)
    }
    return dropped ? kept.joined(separator: ";") : nil
  }
}
