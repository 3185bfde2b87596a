import FoundationEssentials
import Glibc
import GlyphsmithCore

/// What the structural lint rules ask of an SVG's element tree: whether an element is
/// rendered, its inherited presentation properties, references and colours.
extension SVGOutline {
  /// Shapes that paint (SVG 1.1 "basic shapes", `path` and `text`).
  static let shapes: Set<String> = [
    "path", "rect", "circle", "ellipse", "line", "polyline", "polygon", "text",
  ]
  /// Containers whose content is never painted directly.
  static let nonRendering: Set<String> = [
    "defs", "clipPath", "mask", "symbol", "pattern", "marker", "linearGradient",
    "radialGradient", "filter", "metadata", "title", "desc", "style",
  ]

  /// Whether element `index` is drawn: no ancestor is a non-rendering container.
  func isRendered(_ index: Int) -> Bool {
    var current = elements[index].parent
    while let i = current {
      if Self.nonRendering.contains(elements[i].name) { return false }
      current = elements[i].parent
    }
    return true
  }

  /// An inherited presentation property: the element's own, else its nearest ancestor's.
  func inherited(_ name: String, _ index: Int) -> String? {
    var current: Int? = index
    while let i = current {
      if let value = elements[i].property(name), value != "inherit" { return value }
      current = elements[i].parent
    }
    return nil
  }

  /// The leading number of an attribute value (`2px` is 2); `nil` when empty or not a number.
  static func number(_ text: String?) -> Double? {
    guard let text = text?.trimmingWhitespace(), !text.isEmpty else { return nil }
    let digits = text.prefix { "0123456789.-+eE".contains($0) }
    return Double(digits)
  }

  /// The element with `id`, if any.
  func referenced(_ id: String?) -> Element? {
    guard let id, let index = element(id: id) else { return nil }
    return elements[index]
  }

  /// An element's `href` or `xlink:href`.
  static func href(_ element: Element) -> String? {
    element.attributes["href"] ?? element.attributes["xlink:href"]
  }

  /// The colours a paint value puts down at element `index`: none for `none`, the stops of a
  /// gradient (followed through `href`), else the colour normalised.
  func colours(of paint: String, at index: Int) -> [String] {
    let value = paint.lowercased()
    if value == "none" || value == "transparent" { return [] }
    if value == "currentcolor" {
      return [Self.normalise(inherited("color", index) ?? "black")]
    }
    if value.hasPrefix("url(") {
      var gradient = Self.referencedID(paint).flatMap { element(id: $0) }
      var visited: Set<Int> = []
      while let g = gradient, visited.insert(g).inserted {
        let stops = elements.enumerated().filter {
          $0.element.parent == g && $0.element.name == "stop"
        }
        if !stops.isEmpty {
          return stops.map { Self.normalise($0.element.property("stop-color") ?? "black") }
        }
        gradient = Self.referencedID(Self.href(elements[g])).flatMap { element(id: $0) }
      }
      return []
    }
    return [Self.normalise(value)]
  }

  private static let named: [String: String] = [
    "black": "#000000", "white": "#ffffff", "red": "#ff0000", "lime": "#00ff00",
    "green": "#008000", "blue": "#0000ff", "yellow": "#ffff00", "gray": "#808080",
    "grey": "#808080", "orange": "#ffa500", "purple": "#800080", "silver": "#c0c0c0",
  ]

  /// `#rrggbb` for hex (3 or 6 digits), `rgb()` and common names; other text as written.
  static func normalise(_ colour: String) -> String {
    let text = colour.lowercased().trimmingWhitespace()
    if let name = named[text] { return name }
    if text.hasPrefix("#"), text.count == 4 {
      return "#" + text.dropFirst().map { "\($0)\($0)" }.joined()
    }
    if text.hasPrefix("rgb("), text.hasSuffix(")") {
      let parts = text.dropFirst(4).dropLast().split(separator: ",").compactMap {
        Int($0.trimmingWhitespace())
      }
      if parts.count == 3 { return String(cFormat: "#%02x%02x%02x", parts[0], parts[1], parts[2]) }
    }
    return text
  }
}
