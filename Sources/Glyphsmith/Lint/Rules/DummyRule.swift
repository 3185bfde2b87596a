extension LintRule {
  /// Scratch: proves a new rule touches nothing in the commands target.
  public static let dummy = LintRule(id: "dummy")
}

/// Scratch rule: never finds anything.
struct DummyRule: LintCheck {
  var id: LintRule { .dummy }
  var measures: String { "nothing" }
  var valueAndLimit: String { "0 / 0" }
  func defaultSeverity(role: Role, scale: Int, scalesExplicit: Bool) -> LintSeverity { .info }
  func defaultLimit(role: Role, sizePt: Double) -> Double { 0 }
  func findings(in context: LintContext) -> [LintFinding] { [] }
}
