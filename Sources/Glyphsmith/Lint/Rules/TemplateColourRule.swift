extension LintRule {
  /// More than one colour in a template image, where only alpha is kept.
  public static let templateColour = LintRule(id: "template-colour")
}

/// `template-colour`: for template roles, the distinct colours the drawn shapes paint,
/// reported once, at the element bringing the first colour over the limit.
struct TemplateColourRule: LintCheck {
  /// Most different colours a template image may carry: 1 (only alpha is kept).
  static let templateColours = 1.0

  var id: LintRule { .templateColour }
  var summary: String { "more than one colour in a template image" }
  var measures: String {
    "for template roles (all but `plain`): the distinct colours painted (fill, stroke, "
      + "`currentColor` resolved through `color`, gradient stops), inherited as SVG does; "
      + "reported at the element bringing the first colour over the limit"
  }
  var valueAndLimit: String { "count / 1" }

  func defaultSeverity(role: Role, scale: Int, scalesExplicit: Bool) -> LintSeverity {
    .warning
  }

  func defaultLimit(role: Role, sizePt: Double) -> Double { Self.templateColours }

  func findings(in context: LintContext) -> [LintFinding] {
    guard context.template, let outline = context.outline else { return [] }
    let most = Int(context.limit(.templateColour))
    var seen: [String] = []
    var firstExtra: SVGOutline.Element?
    for (index, element) in outline.elements.enumerated()
    where SVGOutline.shapes.contains(element.name) && outline.isRendered(index) {
      if let opacity = SVGOutline.number(outline.inherited("opacity", index)), opacity <= 0 {
        continue
      }
      var colours: [String] = []
      let fill = outline.inherited("fill", index) ?? "black"
      let stroke = outline.inherited("stroke", index) ?? "none"
      for paint in element.name == "line" ? [stroke] : [fill, stroke] {
        colours += outline.colours(of: paint, at: index)
      }
      for colour in colours where !seen.contains(colour) {
        seen.append(colour)
        if seen.count > most, firstExtra == nil, !element.ignores(.templateColour) {
          firstExtra = element
        }
      }
    }
    guard let element = firstExtra else { return [] }
    let list = seen.joined(separator: ", ")
    return [
      context.finding(
        .templateColour, at: element,
        "\(seen.count) colours (\(list)) in a template image: only alpha is kept and the bar "
          + "tints every part the same, so the colours are thrown away; draw in one colour, "
          + "or use --original if the colours matter", value: Double(seen.count))
    ].compactMap { $0 }
  }
}
