extension LintRule {
  /// An element that paints nothing.
  public static let invisiblePaint = LintRule(id: "invisible-paint")
}

/// `invisible-paint`: drawn elements that paint nothing: opacity 0, zero size, fill and
/// stroke `none`, or a gradient in `objectBoundingBox` units on a shape with a flat box.
struct InvisiblePaintRule: LintCheck {
  var id: LintRule { .invisiblePaint }
  var summary: String {
    "elements that paint nothing (opacity 0, zero size, gradients in\n"
      + "objectBoundingBox units on a flat shape)"
  }
  var measures: String {
    "elements that paint nothing: `opacity` 0, `rect`/`circle`/`ellipse` of zero size, fill "
      + "and stroke both `none`, a gradient in `objectBoundingBox` units (the default) on a "
      + "shape whose box has zero width or height (a horizontal or vertical `line`, "
      + "`polyline`, or `path` of one moveto and only `H`/`V` runs)"
  }
  var valueAndLimit: String { "0 / 0" }

  func defaultSeverity(role: Role, scale: Int, scalesExplicit: Bool) -> LintSeverity {
    .warning
  }

  func defaultLimit(role: Role, sizePt: Double) -> Double { 0 }

  func findings(in context: LintContext) -> [LintFinding] {
    guard let outline = context.outline else { return [] }
    let number = SVGOutline.number
    var findings: [LintFinding] = []
    // A finding (value 0: it paints nothing) at the start tag of `element`.
    func report(_ element: SVGOutline.Element, _ message: String) {
      if let f = context.finding(.invisiblePaint, at: element, message, value: 0) {
        findings.append(f)
      }
    }
    for (index, element) in outline.elements.enumerated() where outline.isRendered(index) {
      let isShape = SVGOutline.shapes.contains(element.name)
      if let opacity = number(element.property("opacity")), opacity <= 0,
        isShape || element.name == "g" || element.name == "use"
      {
        report(
          element,
          "<\(element.name)> has opacity 0 and paints nothing; remove it or give it opacity")
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
        report(
          element,
          "<\(element.name)> has \(zeroSize) and paints nothing; remove it or give it a size")
        continue
      }
      let fill = outline.inherited("fill", index) ?? "black"
      let stroke = outline.inherited("stroke", index) ?? "none"
      if fill == "none" && stroke == "none" && element.name != "text" {
        report(
          element,
          "<\(element.name)> has fill and stroke none and paints nothing; remove it or paint it")
        continue
      }
      // Gradients in objectBoundingBox units on a shape with a zero-width or zero-height box.
      if let flat = Self.flatAxis(element) {
        for (property, paint) in [("fill", fill), ("stroke", stroke)] {
          guard let gradient = outline.referenced(SVGOutline.referencedID(paint)),
            gradient.name.hasSuffix("Gradient"),
            (gradient.attributes["gradientUnits"] ?? "objectBoundingBox") == "objectBoundingBox"
          else { continue }
          report(
            element,
            "the \(property) gradient is in objectBoundingBox units but the shape has zero "
              + "\(flat), so it paints nothing (SVG 1.1 13.2.2); set "
              + "gradientUnits=\"userSpaceOnUse\" on the gradient")
        }
      }
    }
    return findings
  }

  /// "height" or "width" when the shape's bounding box is flat along that axis, as far as
  /// its attributes show without interpreting path geometry beyond single straight runs.
  static func flatAxis(_ element: SVGOutline.Element) -> String? {
    let a = element.attributes
    let number = SVGOutline.number
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
}
