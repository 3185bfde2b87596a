import Foundation

/// The lint rules read from the SVG's structure (`SVGOutline`): `text`, `invisible-paint`,
/// `template-colour` and `renderer-limitation`. Each finding points at the element's start
/// tag (line and column) and is reported at the smallest scale linted.
struct StructureChecks {
  let outline: SVGOutline
  let role: Role
  let template: Bool
  let sizePt: Double
  let scale: Int
  let config: LintConfig

  /// Shapes that paint (SVG 1.1 "basic shapes", `path` and `text`).
  static let shapes: Set<String> = [
    "path", "rect", "circle", "ellipse", "line", "polyline", "polygon", "text",
  ]
  /// Containers whose content is never painted directly.
  static let nonRendering: Set<String> = [
    "defs", "clipPath", "mask", "symbol", "pattern", "marker", "linearGradient",
    "radialGradient", "filter", "metadata", "title", "desc", "style",
  ]

  func run() -> [LintFinding] {
    var findings: [LintFinding] = []
    findings += textFindings()
    findings += invisibleFindings()
    if template { findings += colourFindings() }
    findings += rendererFindings()
    return findings.filter { !outline.ignoresFile($0.rule) }
  }

  // MARK: - Helpers

  private func finding(
    _ rule: LintRule, _ element: SVGOutline.Element, _ message: String, value: Double
  ) -> LintFinding? {
    let severity = config.severity(rule, role: role)
    guard severity != .off, !element.ignores(rule) else { return nil }
    return LintFinding(
      rule: rule, severity: severity, message: message, line: element.line,
      column: element.column, scale: scale, value: value,
      limit: config.limit(rule, role: role, sizePt: sizePt))
  }

  private func isRendered(_ index: Int) -> Bool {
    var current = outline.elements[index].parent
    while let i = current {
      if Self.nonRendering.contains(outline.elements[i].name) { return false }
      current = outline.elements[i].parent
    }
    return true
  }

  /// An inherited presentation property: the element's own, else its nearest ancestor's.
  private func inherited(_ name: String, _ index: Int) -> String? {
    var current: Int? = index
    while let i = current {
      if let value = outline.elements[i].property(name), value != "inherit" { return value }
      current = outline.elements[i].parent
    }
    return nil
  }

  private func number(_ text: String?) -> Double? {
    guard let text = text?.trimmingCharacters(in: .whitespaces), !text.isEmpty else { return nil }
    let digits = text.prefix { "0123456789.-+eE".contains($0) }
    return Double(digits)
  }

  private func kind(_ id: String?) -> SVGOutline.Element? {
    guard let id, let index = outline.element(id: id) else { return nil }
    return outline.elements[index]
  }

  private func href(_ element: SVGOutline.Element) -> String? {
    element.attributes["href"] ?? element.attributes["xlink:href"]
  }

  // MARK: - text

  private func textFindings() -> [LintFinding] {
    outline.elements.enumerated().compactMap { index, element in
      guard element.name == "text", isRendered(index) else { return nil }
      return finding(
        .text, element,
        "<text> in an icon turns to mush at \(sizePt.lintText) pt (HIG: no text in small "
          + "glyphs); convert the letters to outlines or leave them out", value: 1)
    }
  }

  // MARK: - invisible-paint

  private func invisibleFindings() -> [LintFinding] {
    var findings: [LintFinding] = []
    for (index, element) in outline.elements.enumerated() where isRendered(index) {
      let isShape = Self.shapes.contains(element.name)
      if let opacity = number(element.property("opacity")), opacity <= 0,
        isShape || element.name == "g" || element.name == "use"
      {
        if let f = finding(
          .invisiblePaint, element,
          "<\(element.name)> has opacity 0 and paints nothing; remove it or give it opacity",
          value: 0)
        {
          findings.append(f)
        }
        continue
      }
      guard isShape else { continue }
      let a = element.attributes
      var zeroSize: String?
      switch element.name {
      case "rect":
        if number(a["width"]) == 0 || number(a["height"]) == 0 { zeroSize = "width or height 0" }
      case "circle":
        if number(a["r"]) == 0 { zeroSize = "radius 0" }
      case "ellipse":
        if number(a["rx"]) == 0 || number(a["ry"]) == 0 { zeroSize = "radius 0" }
      default: break
      }
      if let zeroSize {
        if let f = finding(
          .invisiblePaint, element,
          "<\(element.name)> has \(zeroSize) and paints nothing; remove it or give it a size",
          value: 0)
        {
          findings.append(f)
        }
        continue
      }
      let fill = inherited("fill", index) ?? "black"
      let stroke = inherited("stroke", index) ?? "none"
      if fill == "none" && stroke == "none" && element.name != "text" {
        if let f = finding(
          .invisiblePaint, element,
          "<\(element.name)> has fill and stroke none and paints nothing; remove it or paint it",
          value: 0)
        {
          findings.append(f)
        }
        continue
      }
      // Gradients in objectBoundingBox units on a shape with a zero-width or zero-height box.
      if let flat = flatAxis(element) {
        for (property, paint) in [("fill", fill), ("stroke", stroke)] {
          guard let gradient = kind(SVGOutline.referencedID(paint)),
            gradient.name.hasSuffix("Gradient"),
            (gradient.attributes["gradientUnits"] ?? "objectBoundingBox") == "objectBoundingBox"
          else { continue }
          if let f = finding(
            .invisiblePaint, element,
            "the \(property) gradient is in objectBoundingBox units but the shape has zero "
              + "\(flat), so it paints nothing (SVG 1.1 13.2.2); set "
              + "gradientUnits=\"userSpaceOnUse\" on the gradient", value: 0)
          {
            findings.append(f)
          }
        }
      }
    }
    return findings
  }

  /// "height" or "width" when the shape's bounding box is flat along that axis, as far as
  /// its attributes show without interpreting path geometry beyond single straight runs.
  private func flatAxis(_ element: SVGOutline.Element) -> String? {
    let a = element.attributes
    switch element.name {
    case "line":
      let (x1, y1, x2, y2) = (
        number(a["x1"]) ?? 0, number(a["y1"]) ?? 0, number(a["x2"]) ?? 0, number(a["y2"]) ?? 0
      )
      if y1 == y2 { return "height" }
      if x1 == x2 { return "width" }
    case "polyline", "polygon":
      let values = (a["points"] ?? "").split { " ,\n\t".contains($0) }.compactMap { Double($0) }
      guard values.count >= 4 else { return nil }
      let xs = stride(from: 0, to: values.count - 1, by: 2).map { values[$0] }
      let ys = stride(from: 1, to: values.count, by: 2).map { values[$0] }
      if Set(ys).count == 1 { return "height" }
      if Set(xs).count == 1 { return "width" }
    case "path":
      // One moveto followed only by horizontal (H/h) or only vertical (V/v) lines.
      let commands = (a["d"] ?? "").filter { $0.isLetter && $0 != "e" && $0 != "E" }
      guard let first = commands.first, "Mm".contains(first) else { return nil }
      let rest = Set(commands.dropFirst())
      if !rest.isEmpty && rest.isSubset(of: ["H", "h"]) { return "height" }
      if !rest.isEmpty && rest.isSubset(of: ["V", "v"]) { return "width" }
    default: break
    }
    return nil
  }

  // MARK: - template-colour

  private func colourFindings() -> [LintFinding] {
    var seen: [String] = []
    var firstExtra: SVGOutline.Element?
    for (index, element) in outline.elements.enumerated()
    where Self.shapes.contains(element.name) && isRendered(index) {
      if let opacity = number(inherited("opacity", index)), opacity <= 0 { continue }
      var colours: [String] = []
      let fill = inherited("fill", index) ?? "black"
      let stroke = inherited("stroke", index) ?? "none"
      for paint in element.name == "line" ? [stroke] : [fill, stroke] {
        colours += resolve(paint, index)
      }
      for colour in colours where !seen.contains(colour) {
        seen.append(colour)
        if seen.count > Int(config.limit(.templateColour, role: role, sizePt: sizePt)),
          firstExtra == nil, !element.ignores(.templateColour)
        {
          firstExtra = element
        }
      }
    }
    guard let element = firstExtra else { return [] }
    let list = seen.joined(separator: ", ")
    return [
      finding(
        .templateColour, element,
        "\(seen.count) colours (\(list)) in a template image: only alpha is kept and the bar "
          + "tints every part the same, so the colours are thrown away; draw in one colour, "
          + "or use --original if the colours matter", value: Double(seen.count))
    ].compactMap { $0 }
  }

  /// The colours a paint value puts down: none for `none`, the stops of a gradient.
  private func resolve(_ paint: String, _ index: Int) -> [String] {
    let value = paint.lowercased()
    if value == "none" || value == "transparent" { return [] }
    if value == "currentcolor" {
      return [Self.normalise(inherited("color", index) ?? "black")]
    }
    if value.hasPrefix("url(") {
      var gradient = SVGOutline.referencedID(paint).flatMap { outline.element(id: $0) }
      var visited: Set<Int> = []
      while let g = gradient, visited.insert(g).inserted {
        let stops = outline.elements.enumerated().filter {
          $0.element.parent == g && $0.element.name == "stop"
        }
        if !stops.isEmpty {
          return stops.map { Self.normalise($0.element.property("stop-color") ?? "black") }
        }
        gradient = SVGOutline.referencedID(href(outline.elements[g])).flatMap {
          outline.element(id: $0)
        }
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
    let text = colour.lowercased().trimmingCharacters(in: .whitespaces)
    if let name = named[text] { return name }
    if text.hasPrefix("#"), text.count == 4 {
      return "#" + text.dropFirst().map { "\($0)\($0)" }.joined()
    }
    if text.hasPrefix("rgb("), text.hasSuffix(")") {
      let parts = text.dropFirst(4).dropLast().split(separator: ",").compactMap {
        Int($0.trimmingCharacters(in: .whitespaces))
      }
      if parts.count == 3 { return String(format: "#%02x%02x%02x", parts[0], parts[1], parts[2]) }
    }
    return text
  }

  // MARK: - renderer-limitation

  private func rendererFindings() -> [LintFinding] {
    var findings: [LintFinding] = []
    let rule = LintRule.rendererLimitation
    for (index, element) in outline.elements.enumerated() {
      switch element.name {
      case "use":
        guard let target = kind(SVGOutline.referencedID(href(element))) else { continue }
        if target.name == "symbol",
          target.attributes["viewBox"] != nil || target.attributes["width"] != nil
            || target.attributes["height"] != nil
        {
          findings += [
            finding(
              rule, element,
              "<use> of a <symbol> with its own viewBox or size: librsvg 2.54 sizes it "
                + "differently from browsers and resvg, so these pixels may be wrong; "
                + "inline the symbol's content", value: 1)
          ].compactMap { $0 }
        } else if target.name == "svg" {
          findings += [
            finding(
              rule, element,
              "<use> of a nested <svg>: librsvg 2.54 draws it differently from browsers and "
                + "resvg, so these pixels may be wrong; inline the content", value: 1)
          ].compactMap { $0 }
        }
      case "linearGradient", "radialGradient":
        guard let reference = href(element) else { continue }
        var visited: Set<Int> = [index]
        var current = SVGOutline.referencedID(reference)
        var problem: String?
        if current == nil { problem = "points outside the file" }
        while let id = current {
          guard let next = outline.element(id: id) else {
            problem = "points to a missing id '\(id)'"
            break
          }
          guard outline.elements[next].name.hasSuffix("Gradient") else {
            problem = "points to a <\(outline.elements[next].name)>, not a gradient"
            break
          }
          guard visited.insert(next).inserted else {
            problem = "is recursive (the chain comes back to '\(id)')"
            break
          }
          current = SVGOutline.referencedID(href(outline.elements[next]))
        }
        if let problem {
          findings += [
            finding(
              rule, element,
              "the gradient's href \(problem): librsvg 2.54 and browsers disagree on what "
                + "such a gradient paints; fix the reference", value: 1)
          ].compactMap { $0 }
        }
      default:
        // Children of a clipPath carrying their own clip-path or a transform.
        guard let parent = element.parent, outline.elements[parent].name == "clipPath" else {
          continue
        }
        for attribute in ["clip-path", "transform"] where element.property(attribute) != nil {
          findings += [
            finding(
              rule, element,
              "a clipPath child with its own \(attribute): librsvg 2.54 draws it differently "
                + "from browsers and resvg, so these pixels may be wrong; apply it to the "
                + "clipPath or flatten the shape", value: 1)
          ].compactMap { $0 }
        }
      }
    }
    return findings
  }
}
