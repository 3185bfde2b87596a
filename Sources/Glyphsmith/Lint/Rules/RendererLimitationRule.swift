extension LintRule {
  /// SVG features librsvg 2.54 draws differently from browsers and resvg.
  public static let rendererLimitation = LintRule(id: "renderer-limitation")
}

/// `renderer-limitation`: SVG features librsvg 2.54 draws differently from browsers and
/// resvg, so the pixels may not be what the designer saw: `<use>` of a sized `<symbol>` or a
/// nested `<svg>`, gradient `href`s that do not lead to a gradient, clipPath children with
/// their own clip-path or transform.
struct RendererLimitationRule: LintCheck {
  var id: LintRule { .rendererLimitation }
  var summary: String { "SVG features librsvg 2.54 draws differently from browsers" }
  var measures: String {
    "features librsvg 2.54 draws differently from browsers and resvg: `<use>` of a `<symbol>` "
      + "with its own `viewBox`, `width` or `height`; `<use>` of a nested `<svg>`; `clipPath` "
      + "children with their own `clip-path` or `transform`; gradient `href`s that are "
      + "missing, point outside the file, at a non-gradient, or loop"
  }
  var valueAndLimit: String { "1 / 0" }

  func defaultSeverity(role: Role, scale: Int, scalesExplicit: Bool) -> LintSeverity {
    .warning
  }

  func defaultLimit(role: Role, sizePt: Double) -> Double { 0 }

  func findings(in context: LintContext) -> [LintFinding] {
    guard let outline = context.outline else { return [] }
    var findings: [LintFinding] = []
    let rule = LintRule.rendererLimitation
    for (index, element) in outline.elements.enumerated() {
      switch element.name {
      case "use":
        guard let target = outline.referenced(SVGOutline.referencedID(SVGOutline.href(element)))
        else { continue }
        if target.name == "symbol",
          target.attributes["viewBox"] != nil || target.attributes["width"] != nil
            || target.attributes["height"] != nil
        {
          findings += [
            context.finding(
              rule, at: element,
              "<use> of a <symbol> with its own viewBox or size: librsvg 2.54 sizes it "
                + "differently from browsers and resvg, so these pixels may be wrong; "
                + "inline the symbol's content", value: 1)
          ].compactMap { $0 }
        } else if target.name == "svg" {
          findings += [
            context.finding(
              rule, at: element,
              "<use> of a nested <svg>: librsvg 2.54 draws it differently from browsers and "
                + "resvg, so these pixels may be wrong; inline the content", value: 1)
          ].compactMap { $0 }
        }
      case "linearGradient", "radialGradient":
        guard let reference = SVGOutline.href(element) else { continue }
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
          current = SVGOutline.referencedID(SVGOutline.href(outline.elements[next]))
        }
        if let problem {
          findings += [
            context.finding(
              rule, at: element,
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
            context.finding(
              rule, at: element,
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
