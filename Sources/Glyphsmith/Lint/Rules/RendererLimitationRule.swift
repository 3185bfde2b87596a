extension LintRule {
  /// SVG features librsvg 2.54 still draws differently from browsers after normalisation.
  public static let rendererLimitation = LintRule(id: "renderer-limitation")
}

/// `renderer-limitation`: SVG features librsvg 2.54 draws differently from browsers and
/// resvg even after Glyphsmith's normalisation (see `SVGNormalizer` in GlyphsmithRender), so
/// the pixels may not be what the designer saw: `<use>` of a `<symbol>` without a viewBox,
/// `<use>` of a symbol or nested `<svg>` placed with units or percentages (not rewritten),
/// masks (edges: the acceptance set's only visible difference), and gradient `href`s into
/// another file. What the normalisation fixes (a symbol's viewport, size, aspect ratio,
/// opacity and clipping; nested `<svg>`; gradient `href`s that are missing, recursive or not
/// a gradient; clip rules per child and `clip-path` on clip paths; zero-length square caps)
/// is no longer reported.
struct RendererLimitationRule: LintCheck {
  var id: LintRule { .rendererLimitation }
  var summary: String { "SVG features librsvg 2.54 draws differently from browsers" }
  var measures: String {
    "features librsvg 2.54 still draws differently from browsers and resvg after Glyphsmith's "
      + "normalisation: `<use>` of a `<symbol>` without a `viewBox`; `<use>` of a symbol or "
      + "nested `<svg>` whose `x`/`y` carry units; `<mask>` edges; gradient `href`s into "
      + "another file"
  }
  var valueAndLimit: String { "1 / 0" }

  func defaultSeverity(role: Role, scale: Int, scalesExplicit: Bool) -> LintSeverity {
    .warning
  }

  func defaultLimit(role: Role, sizePt: Double) -> Double { 0 }

  func findings(in context: LintContext) -> [LintFinding] {
    guard let outline = context.outline else { return [] }
    var findings: [LintFinding?] = []
    let rule = LintRule.rendererLimitation
    for element in outline.elements {
      switch element.name {
      case "use":
        guard let target = outline.referenced(SVGOutline.referencedID(SVGOutline.href(element))),
          target.name == "symbol" || target.name == "svg"
        else { continue }
        let placed = ["x", "y"].allSatisfy { name in
          element.attributes[name].map { Double($0.trimmingWhitespace()) != nil }
            ?? true
        }
        if !placed {
          findings.append(
            context.finding(
              rule, at: element,
              "<use> of a <\(target.name)> placed with units or a percentage: librsvg 2.54 "
                + "sizes it differently from browsers and Glyphsmith does not rewrite it, so "
                + "these pixels may be wrong; give x and y in user units", value: 1))
        } else if target.name == "symbol", target.attributes["viewBox"] == nil {
          findings.append(
            context.finding(
              rule, at: element,
              "<use> of a <symbol> without a viewBox: its content is not scaled to the use's "
                + "size, and librsvg 2.54 may clip or place it differently from browsers; "
                + "give the symbol a viewBox", value: 1))
        }
      case "mask":
        findings.append(
          context.finding(
            rule, at: element,
            "<mask>: librsvg 2.54 draws mask edges slightly differently from browsers, so "
              + "edge pixels may differ; check them, or use a clip path or flattened shapes",
            value: 1))
      case "linearGradient", "radialGradient":
        guard let reference = SVGOutline.href(element),
          SVGOutline.referencedID(reference) == nil,
          !reference.trimmingWhitespace().isEmpty
        else { continue }
        findings.append(
          context.finding(
            rule, at: element,
            "the gradient's href points into another file: librsvg 2.54 does not load it, "
              + "so the gradient's own attributes and stops paint; copy the gradient into "
              + "the file", value: 1))
      default:
        continue
      }
    }
    return findings.compactMap { $0 }
  }
}
