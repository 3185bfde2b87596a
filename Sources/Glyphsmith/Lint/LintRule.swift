/// A lint rule's stable id (used in diagnostics, JSON, the config file and silencing
/// comments), e.g. `inner-lines`.
///
/// Each rule declares its id beside its check in `Lint/Rules/<Rule>.swift`
/// (`extension LintRule { static let innerLines = LintRule(id: "inner-lines") }`);
/// `LintRegistry.rules` lists the rules and decides their order. `docs/lint.md` explains each.
public struct LintRule: RawRepresentable, Hashable, Sendable, Codable, Comparable, CaseIterable,
  CustomStringConvertible
{
  /// The id as written in diagnostics, JSON and config files.
  public let rawValue: String

  /// The rule with this id, or `nil` when no registered rule has it.
  public init?(rawValue: String) {
    guard LintRegistry.position[rawValue] != nil else { return nil }
    self.rawValue = rawValue
  }

  /// Declares a rule id (for the `static let` beside a rule's check; the rule must also be in
  /// `LintRegistry.rules`).
  init(id: String) { rawValue = id }

  /// Every registered rule, in registry order (the order of `docs/lint.md`).
  public static var allCases: [LintRule] { LintRegistry.rules.map(\.id) }

  /// The id.
  public var description: String { rawValue }

  /// Reads the id as a JSON string.
  /// - Throws: `DecodingError.dataCorrupted` for an id no registered rule has.
  public init(from decoder: Decoder) throws {
    let text = try decoder.singleValueContainer().decode(String.self)
    guard let rule = LintRule(rawValue: text) else {
      throw DecodingError.dataCorrupted(
        .init(codingPath: decoder.codingPath, debugDescription: "unknown lint rule '\(text)'"))
    }
    self = rule
  }

  /// Writes the id as a JSON string.
  public func encode(to encoder: Encoder) throws {
    var container = encoder.singleValueContainer()
    try container.encode(rawValue)
  }

  /// Rules sort in registry order (the order of `docs/lint.md`); unregistered ids last.
  public static func < (a: LintRule, b: LintRule) -> Bool {
    let end = LintRegistry.rules.count
    return (LintRegistry.position[a.rawValue] ?? end) < (LintRegistry.position[b.rawValue] ?? end)
  }
}

/// How much a finding matters: errors fail `lint` (exit 1), warnings fail it with `--strict`,
/// infos never do. `off` (config only) disables a rule.
public enum LintSeverity: String, Sendable, Codable, Comparable, CaseIterable {
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
