extension LintRule {
  /// An SVG layer with an empty artboard-sized rectangle.
  public static let artboardRect = LintRule(id: "artboard-rect")
}

/// `artboard-rect` (`--role icon-layer`): an SVG layer holding a `<rect>` the size of its
/// artboard (the `viewBox`, else `width` and `height`; 99 % of each side or more, at the
/// origin) that paints nothing (fill `none`, `transparent` or of opacity 0, no stroke), as
/// design tools export around an artboard. Icon Composer takes its box for the layer's shape,
/// so the glass loses its specular highlight (Fatbobman, "Icon Composer: tackling the
/// challenges", 2025: deleting the rect restores it).
struct ArtboardRectRule: IconLayerOnlyCheck {
  /// The least share of each artboard side the rect must span.
  static let minimumShare = 0.99

  var id: LintRule { .artboardRect }
  var layerSeverity: LintSeverity { .warning }
  var summary: String {
    "icon-layer: an empty artboard-sized <rect> (Icon Composer then\ndrops the specular highlight)"
  }
  var measures: String {
    "`icon-layer`: a rendered `<rect>` at the origin spanning 99 % or more of each side of "
      + "the artboard (`viewBox`, else `width`/`height`) that paints nothing (fill `none`, "
      + "`transparent` or opacity 0, no stroke): Icon Composer takes it for the layer's "
      + "shape and drops the specular highlight"
  }
  var valueAndLimit: String { "share of the artboard's area / 0.99" }
  func defaultLimit(role: Role, sizePt: Double) -> Double { Self.minimumShare }

  func findings(inLayer context: IconLayerContext) -> [LintFinding] {
    guard let outline = context.outline, let root = outline.elements.first else { return [] }
    let number = SVGOutline.number
    var artboard: (width: Double, height: Double)?
    if let viewBox = root.attributes["viewBox"] {
      let values = viewBox.split { " ,\t\n".contains($0) }.compactMap { Double($0) }
      if values.count == 4 { artboard = (values[2], values[3]) }
    }
    if artboard == nil, let w = number(root.attributes["width"]),
      let h = number(root.attributes["height"])
    {
      artboard = (w, h)
    }
    guard let artboard, artboard.width > 0, artboard.height > 0 else { return [] }
    let severity = context.severity(.artboardRect, default: .warning)
    guard severity != .off else { return [] }
    let limit = context.limit(.artboardRect, default: Self.minimumShare)
    var findings: [LintFinding] = []
    for (index, element) in outline.elements.enumerated()
    where element.name == "rect" && outline.isRendered(index) && !element.ignores(.artboardRect) {
      func length(_ name: String, of whole: Double) -> Double? {
        guard let text = element.attributes[name]?.trimmingWhitespace() else {
          return nil
        }
        if text.hasSuffix("%") { return number(String(text.dropLast())).map { $0 / 100 * whole } }
        return number(text)
      }
      let x = length("x", of: artboard.width) ?? 0
      let y = length("y", of: artboard.height) ?? 0
      guard let width = length("width", of: artboard.width),
        let height = length("height", of: artboard.height)
      else { continue }
      let shareX = (min(x + width, artboard.width) - max(x, 0)) / artboard.width
      let shareY = (min(y + height, artboard.height) - max(y, 0)) / artboard.height
      guard shareX >= limit, shareY >= limit else { continue }
      let fill = (outline.inherited("fill", index) ?? "black").lowercased()
      let stroke = (outline.inherited("stroke", index) ?? "none").lowercased()
      let fillOpacity = number(outline.inherited("fill-opacity", index)) ?? 1
      let opacity = number(element.property("opacity")) ?? 1
      let paintsFill = !(fill == "none" || fill == "transparent" || fillOpacity == 0)
      let paintsStroke = !(stroke == "none" || stroke == "transparent")
      guard opacity == 0 || (!paintsFill && !paintsStroke) else { continue }
      let share = min(1, shareX) * min(1, shareY)
      findings.append(
        LintFinding(
          rule: .artboardRect, severity: severity,
          message:
            "<rect> spans the artboard (\(artboard.width.lintText) x "
            + "\(artboard.height.lintText)) and paints nothing: Icon Composer takes it for the "
            + "layer's shape, so the glass loses its specular highlight; delete it (design "
            + "tools export it around the artboard)",
          line: element.line, column: element.column, scale: 1, value: share, limit: limit))
    }
    return findings
  }
}
