/// One lint rule: its id, its defaults, its documentation and its check.
///
/// To add a rule: write a type conforming to this in `Lint/Rules/<Rule>.swift` with its id
/// beside it (`extension LintRule { static let myRule = LintRule(id: "my-rule") }`), add one
/// line to `LintRegistry.rules`, add `Tests/GlyphsmithTests/Lint/<Rule>Tests.swift`, and run
/// `scripts/update-generated`: it writes the rule into `LintRuleIndex.entries` (GlyphsmithCore,
/// where both executables read the `lint` help's rules list), the rules table of
/// `docs/lint.md` and the rule lists of `docs/glyphsmith.schema.json`.
///
/// Severities and limits given here are the defaults; `LintConfig` overrides them per rule and
/// per role. The engine (`Linter`) does not call `findings(in:)` when the config turns the
/// rule off or the SVG silences it for the whole file, and drops findings whose severity is
/// `off`.
protocol LintCheck: Sendable {
  /// The rule's id.
  var id: LintRule { get }

  /// The rule's line in the `rules:` list of `glyphsmith lint --help`: what it reports,
  /// lowercase, lines of at most 65 characters (the help's 88 columns less the 23 before a
  /// summary) separated by `\n`. `scripts/update-generated` copies it into
  /// `LintRuleIndex.entries`, below the engine, where the light front reads it.
  var summary: String { get }

  /// The "what it measures" cell of the rules table in `docs/lint.md` (Markdown, one line).
  var measures: String { get }

  /// The "value / limit" cell of the rules table in `docs/lint.md`: the value's unit and the
  /// default limit.
  var valueAndLimit: String { get }

  /// The "default severity" cell of the rules table when `defaultSeverity` alone does not
  /// tell it (a rule reporting at two severities); `nil`: derived from `defaultSeverity`.
  var severityNote: String? { get }

  /// The default severity of a finding for `role` at `scale` (px per pt, 1-3), given whether
  /// the scales were asked for explicitly (`lint --scales`) or are the default ones.
  func defaultSeverity(role: Role, scale: Int, scalesExplicit: Bool) -> LintSeverity

  /// The default limit for `role` and a target long side of `sizePt` (pt), in the rule's unit
  /// (named by `valueAndLimit`).
  func defaultLimit(role: Role, sizePt: Double) -> Double

  /// The widest line, in px at a scale, whose thickness the rule reads from
  /// `LintGeometry.thickness`, given its configured `limit`; 0 when it reads none. The
  /// geometry measures thickness up to the widest any rule asks for.
  func thicknessReach(limit: Double) -> Double

  /// Whether the rule's pixel findings (a box, no line) point at a place, so that
  /// `PixelFindingLocator` names the SVG element under the box; false for most rules.
  var locatesPixelFindings: Bool { get }

  /// The rule's findings on one icon, in any order (the engine sorts them).
  func findings(in context: LintContext) -> [LintFinding]

  /// The rule's findings on one Icon Composer layer (`lint --role icon-layer`,
  /// `IconLayerLinter`), in any order; most rules have none (the default).
  func findings(inLayer context: IconLayerContext) -> [LintFinding]
}

extension LintCheck {
  /// Most rules report at one severity per role: derived from `defaultSeverity`.
  var severityNote: String? { nil }

  /// Most rules' findings are not located.
  var locatesPixelFindings: Bool { false }

  /// Most rules read no thickness.
  func thicknessReach(limit: Double) -> Double { 0 }

  /// Most rules do not check Icon Composer layers.
  func findings(inLayer context: IconLayerContext) -> [LintFinding] { [] }
}

/// A rule of `lint --role icon-layer` only: no finding on a glyph, the same severity for
/// every glyph role (never used), and its table cell saying where it applies.
protocol IconLayerOnlyCheck: LintCheck {
  /// The default severity of its findings.
  var layerSeverity: LintSeverity { get }
}

extension IconLayerOnlyCheck {
  /// No finding on a glyph.
  func findings(in context: LintContext) -> [LintFinding] { [] }
  /// `layerSeverity` (glyph roles never report the rule).
  func defaultSeverity(role: Role, scale: Int, scalesExplicit: Bool) -> LintSeverity {
    layerSeverity
  }
  /// "warning (`--role icon-layer` only)".
  var severityNote: String? { "\(layerSeverity.rawValue) (`--role icon-layer` only)" }
}
