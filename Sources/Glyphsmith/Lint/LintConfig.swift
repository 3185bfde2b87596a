import FoundationEssentials
import Glibc
import GlyphsmithCore

/// Numbers more than one lint rule uses, with where each comes from. Each rule's own defaults
/// (limit, severity) are beside its check in `Lint/Rules/`; `LintDefaults.limit` and
/// `severity` look them up. Units: px at the scale being checked unless named otherwise.
package enum LintDefaults {
  /// Thinnest line or gap that survives, 1 px at each scale. Source: specs.md "Legibility at
  /// small sizes" ("a stroke or a gap thinner than 1 pt in an 18 pt compact glyph does not
  /// survive @1x") and the 1 pt stroke guidance (HIG 2014) in specs.md, i.e. 1 px at @1x.
  package static let thinnestPx = 1.0
  /// Smallest part or hole counted, in pt² (0.05): smaller specks are anti-aliasing seams.
  package static let minimumFeatureArea = 0.05

  /// Whether `role`'s images ship at `scale` (px per pt) by default: every scale for `plain`;
  /// for the iOS roles (`tab-bar`, `toolbar`, `indicator`) @2x and @3x only, since no iOS
  /// device the toolchain supports is @1x (iOS 17+ runs on @2x and @3x screens: Apple,
  /// "Image size and resolution", HIG), unless the scales were asked for explicitly
  /// (`--scales` naming 1). Pixel rules report at `info` at a scale that does not ship.
  package static func ships(scale: Int, role: Role, scalesExplicit: Bool) -> Bool {
    scale >= 2 || role == .plain || scalesExplicit
  }

  /// `severity`, or `info` at a scale that does not ship for `role` (`ships`): the default
  /// severity of a pixel rule that measures each scale's real render.
  package static func shipped(
    _ severity: LintSeverity, role: Role, scale: Int, scalesExplicit: Bool
  ) -> LintSeverity {
    ships(scale: scale, role: role, scalesExplicit: scalesExplicit) ? severity : .info
  }

  /// The default limit of `rule` for a glyph whose target long side is `sizePt`, in the rule's
  /// unit (docs/lint.md); 0 for an unregistered rule.
  package static func limit(_ rule: LintRule, role: Role, sizePt: Double) -> Double {
    LintRegistry.check(rule)?.defaultLimit(role: role, sizePt: sizePt) ?? 0
  }

  /// The default severity of `rule` for `role` at `scale` (px per pt), given whether the
  /// scales were asked for explicitly; `off` for an unregistered rule.
  package static func severity(
    _ rule: LintRule, role: Role, scale: Int, scalesExplicit: Bool
  ) -> LintSeverity {
    LintRegistry.check(rule)?.defaultSeverity(
      role: role, scale: scale, scalesExplicit: scalesExplicit) ?? .off
  }

  /// The default severity of `rule` for `role` at @1x with the default scales.
  package static func severity(_ rule: LintRule, role: Role) -> LintSeverity {
    severity(rule, role: role, scale: 1, scalesExplicit: false)
  }

  /// The default severity of `rule` for `role` at a scale that ships (@2x).
  package static func shippedSeverity(_ rule: LintRule, role: Role) -> LintSeverity {
    severity(rule, role: role, scale: 2, scalesExplicit: false)
  }
}

/// Overrides of limits and severities, read from JSON:
///
/// ```json
/// {"rules": {"detail-loss": {"severity": "off"}, "inner-lines": {"limit": 1.5}},
///  "roles": {"indicator": {"complexity": {"limit": 2}}}}
/// ```
///
/// `roles` entries win over `rules` for that role. Found with `--config FILE`, or as
/// `glyphsmith.json` in the folder of an input.
public struct LintConfig: Codable, Equatable, Sendable {
  /// An override for one rule: either field may be missing.
  public struct RuleSetting: Codable, Equatable, Sendable {
    /// `error`, `warning`, `info` or `off`.
    public var severity: LintSeverity?
    /// The limit in the rule's unit (see `LintDefaults`).
    public var limit: Double?
    /// An empty override.
    public init(severity: LintSeverity? = nil, limit: Double? = nil) {
      self.severity = severity
      self.limit = limit
    }
  }

  /// Overrides by rule id, for every role.
  public var rules: [String: RuleSetting]
  /// Overrides by role (`tab-bar`, ...) then rule id.
  public var roles: [String: [String: RuleSetting]]

  /// No overrides.
  public init(rules: [String: RuleSetting] = [:], roles: [String: [String: RuleSetting]] = [:]) {
    self.rules = rules
    self.roles = roles
  }

  /// The file name looked for next to inputs.
  public static let fileName = "glyphsmith.json"

  /// The keys and values a config may hold: `rules` (rule id to setting) and `roles` (role to
  /// rule id to setting); a setting holds `severity` (error, warning, info, off) and `limit`.
  /// Rule ids and roles are checked after decoding, with the allowed ones named.
  public static let shape: JSONShape = {
    let setting = JSONShape.object([
      "severity": .oneOf(["error", "warning", "info", "off"]), "limit": .any,
    ])
    return .object(["rules": .dictionary(setting), "roles": .dictionary(.dictionary(setting))])
  }()

  /// Reads and checks a config file.
  /// - Throws: `GlyphsmithError.unreadable` when missing, `.unusable` naming the file for bad
  ///   JSON (with its line and column),
  ///   unknown keys or values (naming the key and the allowed ones), unknown rule ids or
  ///   roles.
  /// A project file (`ProjectConfig`: it has `version`) gives its `lint` block, or no
  /// overrides when it has none; the whole project file is checked.
  public static func load(path: String) throws -> LintConfig {
    guard let data = FileManager.default.contents(atPath: path) else {
      throw GlyphsmithError.unreadable(path: path, reason: "no such file")
    }
    if let object = JSONValue.parse(data)?.object,
      object["version"] != nil
    {
      return try ProjectConfig.parse(data, path: path).lint ?? LintConfig()
    }
    return try parse(data, path: path)
  }

  /// Checks and reads a lint configuration's JSON, the file at `path` (named in errors);
  /// `keyPrefix` goes before every key path in messages (`lint.` inside `glyphsmith.json`).
  /// - Throws: as `load(path:)`.
  static func parse(_ data: Data, path: String, keyPrefix: String = "") throws -> LintConfig {
    let config: LintConfig
    do {
      let raw = try StrictJSON.decode(Raw.self, from: data, shape: shape)
      config = LintConfig(rules: raw.rules ?? [:], roles: raw.roles ?? [:])
    } catch {
      switch error {
      case .syntax(let problem, _), .shape(let problem):
        let named = keyPrefix.isEmpty ? problem : Self.prefixKeys(problem, with: keyPrefix)
        throw GlyphsmithError.unusable(path: path, problem: "invalid lint config: \(named)")
      case .decoding(let keyPath, let error):
        throw GlyphsmithError.unusable(
          path: path,
          problem:
            "invalid lint config (\(Self.describe(error, keyPath: keyPrefix + keyPath))); see docs/lint.md")
      }
    }
    for id in config.rules.keys.sorted() + config.roles.values.flatMap({ $0.keys }).sorted()
    where LintRule(rawValue: id) == nil {
      throw GlyphsmithError.unusable(
        path: path,
        problem:
          "unknown rule '\(id)'; use one of \(LintRule.allCases.map(\.rawValue).joined(separator: ", "))"
      )
    }
    for role in config.roles.keys.sorted() where Role(rawValue: role) == nil {
      throw GlyphsmithError.unusable(
        path: path,
        problem:
          "unknown role '\(role)'; use one of \(Role.allCases.map(\.rawValue).joined(separator: ", "))"
      )
    }
    return config
  }

  /// The config that applies to the input at `path` when none is given: `glyphsmith.json` in
  /// the file's own folder, else at the root of the folder input (one of `roots`) it was found
  /// in; `nil` when there is none (the defaults apply).
  /// - Throws: as `load(path:)`, for a config file that is there but bad.
  public static func discover(for path: String, roots: [String]) throws -> LintConfig? {
    let own = URL(fileURLWithPath: path).deletingLastPathComponent()
      .appendingPathComponent(fileName).path
    if FileManager.default.fileExists(atPath: own) { return try load(path: own) }
    for root in roots where path.hasPrefix(root.hasSuffix("/") ? root : root + "/") {
      let candidate = URL(fileURLWithPath: root).appendingPathComponent(fileName).path
      if FileManager.default.fileExists(atPath: candidate) { return try load(path: candidate) }
    }
    return nil
  }

  /// `problem` (a `JSONShape` sentence) with its quoted key path behind `prefix`: `'rules.x'`
  /// -> `'lint.rules.x'`; an unknown top-level key `'x'` -> `'x' in 'lint'`.
  private static func prefixKeys(_ problem: String, with prefix: String) -> String {
    let place = String(prefix.dropLast())
    if problem.hasPrefix("unknown key "), !problem.contains(" in '") {
      return problem.replacingEvery("; allowed:", with: " in '\(place)'; allowed:")
    }
    return problem.replacingEvery(" in '", with: " in '\(prefix)")
      .replacingEvery(" for '", with: " for '\(prefix)")
  }

  private struct Raw: Codable {
    var rules: [String: RuleSetting]?
    var roles: [String: [String: RuleSetting]]?
  }

  /// Foundation's description of corrupt data, `roles.tab-bar.x: wrong type`, or the error.
  private static func describe(_ error: DecodingError, keyPath: String) -> String {
    if case .dataCorrupted(let context) = error { return context.debugDescription }
    if case .typeMismatch = error { return keyPath + ": wrong type" }
    return "\(error)"
  }

  /// The severity set for `rule` and `role` in this config: the role's override, else the
  /// rule's; `nil` when neither sets one.
  public func configuredSeverity(_ rule: LintRule, role: Role) -> LintSeverity? {
    roles[role.rawValue]?[rule.rawValue]?.severity ?? rules[rule.rawValue]?.severity
  }

  /// The severity of `rule` for `role` at `scale` (px per pt): the role's override, the
  /// rule's, else the default (which may depend on the scale and on whether the scales were
  /// asked for explicitly).
  public func severity(
    _ rule: LintRule, role: Role, scale: Int, scalesExplicit: Bool
  ) -> LintSeverity {
    configuredSeverity(rule, role: role)
      ?? LintDefaults.severity(rule, role: role, scale: scale, scalesExplicit: scalesExplicit)
  }

  /// The severity of `rule` for `role` at @1x with the default scales.
  public func severity(_ rule: LintRule, role: Role) -> LintSeverity {
    severity(rule, role: role, scale: 1, scalesExplicit: false)
  }

  /// The limit of `rule` for `role` and a target long side of `sizePt`.
  public func limit(_ rule: LintRule, role: Role, sizePt: Double) -> Double {
    roles[role.rawValue]?[rule.rawValue]?.limit ?? rules[rule.rawValue]?.limit
      ?? LintDefaults.limit(rule, role: role, sizePt: sizePt)
  }
}
