/// The checks `glyphsmith lint` runs, by their stable ids (used in diagnostics, JSON, the
/// config file and silencing comments).
///
/// Defaults and their sources are in `LintDefaults`; `docs/lint.md` explains each rule.
public enum LintRule: String, CaseIterable, Sendable, Codable, Comparable {
  /// Lines or strokes inside the glyph's silhouette thinner than the limit (1 px) at a scale.
  case innerLines = "inner-lines"
  /// Enclosed holes; for fitted roles other than `indicator`, holes that close up at a scale.
  case negativeSpace = "negative-space"
  /// `<text>` content in the SVG.
  case text
  /// More separate parts and holes than a glyph of this size can show.
  case complexity
  /// A 1 px line on a half-pixel position: grey and blurred at that scale.
  case hairline
  /// How much of the structure of a high-resolution render is lost at the target size.
  case detailLoss = "detail-loss"
  /// An element that paints nothing.
  case invisiblePaint = "invisible-paint"
  /// More than one colour in a template image, where only alpha is kept.
  case templateColour = "template-colour"
  /// Ink touching the canvas edge (plain role), or its centre of mass off centre.
  case offCentre = "off-centre"
  /// SVG features librsvg 2.54 draws differently from browsers and resvg.
  case rendererLimitation = "renderer-limitation"

  /// Rules sort in declaration order (the order of `docs/lint.md`).
  public static func < (a: LintRule, b: LintRule) -> Bool {
    allCases.firstIndex(of: a)! < allCases.firstIndex(of: b)!
  }
}

/// How much a finding matters: errors fail `lint` (exit 1), warnings fail it with `--strict`,
/// infos never do. `off` (config only) disables a rule.
public enum LintSeverity: String, Sendable, Codable, Comparable {
  /// Fails `lint` (exit 1).
  case error
  /// Fails `lint` only with `--strict`.
  case warning
  /// Reported, never fails.
  case info
  /// The rule is disabled (config only; findings never carry it).
  case off

  /// Errors first.
  public static func < (a: LintSeverity, b: LintSeverity) -> Bool {
    let order: [LintSeverity] = [.error, .warning, .info, .off]
    return order.firstIndex(of: a)! < order.firstIndex(of: b)!
  }
}
