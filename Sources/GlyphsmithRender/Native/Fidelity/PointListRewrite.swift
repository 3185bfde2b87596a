import CLibXML
import FoundationEssentials
import Glibc
import GlyphsmithCore

/// Rule 4: a `<polygon>` or `<polyline>` whose `points` hold an odd number of coordinates, or
/// end in a comma, is drawn up to the last full pair before the error (SVG 2 §10.6: "If an
/// odd number of coordinates is provided, then the element is in error, with the same user
/// agent behavior as occurs with an incorrectly specified 'path' element", and a path is
/// drawn up to its error, SVG 2 §9.5.4). A token that is not a number (`x`, `5e`, `0x5`, a
/// second `.` at the end) is not that: the value does not parse, and an invalid attribute is
/// as if not specified (SVG 2 §4.3), so nothing is drawn, as Chromium and librsvg 2.54 draw
/// (issue 38 third trial H6). librsvg 2.54 draws nothing for an odd list either, nor for a
/// valid one where a number is not separated from the next (`35-5`); the rewrite writes the
/// valid pairs back, normalised, or an empty list when fewer than two pairs remain (one
/// point draws nothing in Chromium, not even a square cap: H7).
enum PointListRewrite: FidelityRewrite {
  static let name = "point-list"

  static func apply(_ root: xmlNodePtr) -> Bool {
    var changed = false
    for node in SVGNormalizer.allElements(root) {
      let element = SVGNormalizer.name(node)
      guard element == "polygon" || element == "polyline",
        let points = SVGNormalizer.attributeNode(node, "points"), points.pointee.ns == nil,
        let value = SVGNormalizer.attribute(node, "points"),
        let truncated = validPairs(value)
      else { continue }
      xmlSetProp(node, "points", truncated)
      changed = true
    }
    return changed
  }

  /// The pairs of `points` before its first error, written out, or `nil` when the whole list
  /// is valid (`x,y x,y ...`: numbers separated by white space and at most one comma) and
  /// every number is separated from the next. A valid list where a number ends where the
  /// next begins (`35,35-5,35`, `1.5.5`: SVG 2 §10.6's grammar, as in path data, needs no
  /// separator there) is written out too: librsvg 2.54 drew nothing for it (issue 38 trial
  /// finding 14).
  static func validPairs(_ points: String) -> String? {
    var scanner = SVGValueGrammar.Scanner(points)
    var numbers: [Double] = []
    scanner.skipSpaces()
    var valid = true
    var adjacent = false
    while !scanner.atEnd {
      guard let value = scanner.number() else {
        // Not a number where one must be: the attribute does not parse, and is as if not
        // specified (SVG 2 §4.3): nothing is drawn, as Chromium and librsvg 2.54 do.
        return ""
      }
      numbers.append(value)
      let before = scanner.index
      let comma = scanner.skipCommaSpaces()
      if scanner.index == before, !scanner.atEnd { adjacent = true }
      if comma && scanner.atEnd {
        valid = false  // a trailing comma
        break
      }
    }
    if valid && numbers.count % 2 == 0 && !adjacent { return nil }
    let pairs = numbers.count / 2
    // One point draws nothing, not even a cap (as Chromium; issue 38 third trial H7).
    if pairs < 2 { return "" }
    return (0..<pairs).map {
      PathData.num(numbers[2 * $0]) + "," + PathData.num(numbers[2 * $0 + 1])
    }.joined(separator: " ")
  }
}
