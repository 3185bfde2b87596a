/// The lint rules' checks, one line each, in the order of `LintRuleIndex.entries` (below the
/// engine: ids and help summaries): the order of `docs/lint.md`, of the `lint` help, and of
/// findings of the same file. The rules table of `docs/lint.md` is generated from it
/// (`markdownTable`); the help's rules list from `LintRuleIndex.helpText`.
package enum LintRegistry {
  /// Every rule, in order.
  static let rules: [any LintCheck] = [
    InnerLinesRule(),
    ThinStrokesRule(),
    NegativeSpaceRule(),
    TextRule(),
    MissingGlyphRule(),
    UnpinnedFontRule(),
    LetteringRule(),
    ComplexityRule(),
    HairlineRule(),
    DetailLossRule(),
    InvisiblePaintRule(),
    TemplateColourRule(),
    OffCentreRule(),
    RendererLimitationRule(),
    SafeAreaRule(),
    AppearanceContrastRule(),
    VanishingLinesRule(),
    ArtboardRectRule(),
  ]

  /// Each rule id's position in `rules`.
  static let position: [String: Int] = Dictionary(
    uniqueKeysWithValues: rules.enumerated().map { ($0.element.id.rawValue, $0.offset) })

  /// The check of `rule`, `nil` when it is not registered.
  static func check(_ rule: LintRule) -> (any LintCheck)? {
    position[rule.rawValue].map { rules[$0] }
  }

  /// The rules table of `docs/lint.md` (Markdown, a header and one row per rule, each line
  /// ending in a newline), between its `<!-- rules:begin -->` and `<!-- rules:end -->`
  /// markers. The severity column comes from each rule's `defaultSeverity` at @1x with the
  /// default scales, unless the rule gives a `severityNote`.
  package static var markdownTable: String {
    var text = "| rule | what it measures | value / limit | default severity |\n"
    text += "|---|---|---|---|\n"
    for rule in rules {
      let severity = rule.severityNote ?? severityText(rule)
      text += "| `\(rule.id.rawValue)` | \(rule.measures) | \(rule.valueAndLimit) | \(severity) |\n"
    }
    return text
  }

  /// The marker lines around `markdownTable` in `docs/lint.md`.
  package static let markers = (begin: "<!-- rules:begin -->", end: "<!-- rules:end -->")

  /// `document` with the text between the markers replaced by `markdownTable`; `nil` when the
  /// markers are missing or out of order.
  package static func updatingDocument(_ document: String) -> String? {
    MarkedSection(begin: markers.begin, end: markers.end).replacing(
      in: document, with: markdownTable)
  }

  /// "error for `indicator`, else warning", "warning", or one clause per severity, at a scale
  /// that ships (@2x); followed by "; info at @1x for the iOS roles unless `--scales` names 1"
  /// when the rule's @1x default differs (`LintDefaults.ships`).
  static func severityText(_ rule: any LintCheck) -> String {
    let roles = Role.allCases
    let severities = roles.map {
      rule.defaultSeverity(role: $0, scale: 2, scalesExplicit: false)
    }
    let atOne = roles.map { rule.defaultSeverity(role: $0, scale: 1, scalesExplicit: false) }
    let note =
      atOne == severities ? "" : "; info at @1x for the iOS roles unless `--scales` names 1"
    let distinct = severities.reduce(into: [LintSeverity]()) {
      if !$0.contains($1) { $0.append($1) }
    }
    if distinct.count == 1 { return distinct[0].rawValue + note }
    let others = zip(roles, severities).filter { $0.0 != .indicator }.map(\.1)
    if let indicator = roles.firstIndex(of: .indicator), Set(others).count == 1 {
      return "\(severities[indicator].rawValue) for `indicator`, else \(others[0].rawValue)" + note
    }
    return distinct.map { severity in
      let names = zip(roles, severities).filter { $0.1 == severity }.map { "`\($0.0.rawValue)`" }
      return "\(severity.rawValue) for \(names.joined(separator: ", "))"
    }.joined(separator: "; ") + note
  }
}
