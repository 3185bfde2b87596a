import Foundation

/// Default limits and severities of the lint rules, with where each number comes from.
/// Units: px at the scale being checked unless named otherwise.
public enum LintDefaults {
  /// Thinnest line or gap that survives, 1 px at each scale. Source: specs.md "Legibility at
  /// small sizes" ("a stroke or a gap thinner than 1 pt in an 18 pt compact glyph does not
  /// survive @1x") and the 1 pt stroke guidance (HIG 2014) in specs.md, i.e. 1 px at @1x.
  public static let thinnestPx = 1.0
  /// Peak coverage (0-1) a 1 px line must reach somewhere across its width to look crisp:
  /// 0.75. A line on a half pixel reaches 0.5 at best; on whole pixels 1.0. Our own choice
  /// between the two.
  public static let hairlineCoverage = 0.75
  /// Most separate parts plus holes per pt of the target's long side: one per 2.5 pt (each
  /// needs about 1 pt of ink and 1 pt of space, specs.md's 1 pt guidance, plus a margin);
  /// so 10 for a 25 pt tab bar glyph, 7 at 18 pt, 3 for an 8 pt indicator. Checked on the
  /// Lucide corpus: 97 % of its 1776 icons stay within 10 (see docs/lint.md).
  public static let ptPerFeature = 2.5
  /// Share of the high-resolution structure lost at the target size (1 - SSIM, see
  /// `PixelMeasures.detailLoss`) above which `detail-loss` reports: 0.35. Our own measurement
  /// on the Lucide corpus at the tab-bar size @1x (docs/lint.md): about the worst 5 %.
  public static let detailLoss = 0.35
  /// Largest offset of the ink's centre of mass from the canvas centre, as a share of the
  /// canvas side: 0.12. Our own measurement on the Lucide corpus (docs/lint.md): about the
  /// worst 5 %; HIG "Icons" asks to pad asymmetric glyphs so they look centred.
  public static let centreOffset = 0.12
  /// Smallest part or hole counted, in pt² (0.05): smaller specks are anti-aliasing seams.
  public static let minimumFeatureArea = 0.05
  /// Most different colours a template image may carry: 1 (only alpha is kept).
  public static let templateColours = 1.0

  /// The default limit of `rule` for a glyph whose target long side is `sizePt`.
  public static func limit(_ rule: LintRule, role: Role, sizePt: Double) -> Double {
    switch rule {
    case .innerLines: return thinnestPx
    case .negativeSpace: return role == .indicator ? 0 : thinnestPx
    case .text, .invisiblePaint, .rendererLimitation: return 0
    case .complexity: return max(1, (sizePt / ptPerFeature).rounded(.down))
    case .hairline: return hairlineCoverage
    case .detailLoss: return detailLoss
    case .templateColour: return templateColours
    case .offCentre: return centreOffset
    }
  }

  /// The default severity of `rule` for `role`: HIG "Page controls" makes inner lines, holes,
  /// text and complexity errors for indicators; elsewhere they are warnings. Measures without
  /// a HIG rule behind them (detail loss, centre of mass) are infos.
  public static func severity(_ rule: LintRule, role: Role) -> LintSeverity {
    switch rule {
    case .innerLines, .negativeSpace, .text, .complexity:
      return role == .indicator ? .error : .warning
    case .detailLoss: return role == .indicator ? .warning : .info
    case .offCentre: return .info
    case .hairline, .invisiblePaint, .templateColour, .rendererLimitation: return .warning
    }
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
  /// - Throws: `GlyphsmithError.unreadable` when missing, `.invalidOption` for bad JSON,
  ///   unknown keys or values (naming the key and the allowed ones), unknown rule ids or
  ///   roles.
  public static func load(path: String) throws -> LintConfig {
    guard let data = FileManager.default.contents(atPath: path) else {
      throw GlyphsmithError.unreadable(path: path, reason: "no such file")
    }
    if let problem = shape.problem(in: data) {
      throw GlyphsmithError.invalidOption("\(path): invalid lint config: \(problem)")
    }
    let config: LintConfig
    do {
      let raw = try JSONDecoder().decode(Raw.self, from: data)
      config = LintConfig(rules: raw.rules ?? [:], roles: raw.roles ?? [:])
    } catch {
      throw GlyphsmithError.invalidOption(
        "\(path): invalid lint config (\(Self.describe(error))); see docs/lint.md")
    }
    for id in config.rules.keys.sorted() + config.roles.values.flatMap({ $0.keys }).sorted()
    where LintRule(rawValue: id) == nil {
      throw GlyphsmithError.invalidOption(
        "\(path): unknown rule '\(id)'; use one of \(LintRule.allCases.map(\.rawValue).joined(separator: ", "))"
      )
    }
    for role in config.roles.keys.sorted() where Role(rawValue: role) == nil {
      throw GlyphsmithError.invalidOption(
        "\(path): unknown role '\(role)'; use one of \(Role.allCases.map(\.rawValue).joined(separator: ", "))"
      )
    }
    return config
  }

  private struct Raw: Codable {
    var rules: [String: RuleSetting]?
    var roles: [String: [String: RuleSetting]]?
  }

  private static func describe(_ error: Error) -> String {
    if case DecodingError.dataCorrupted(let context) = error { return context.debugDescription }
    if case DecodingError.typeMismatch(_, let context) = error {
      return context.codingPath.map(\.stringValue).joined(separator: ".") + ": wrong type"
    }
    return "\(error)"
  }

  /// The severity of `rule` for `role`: the role's override, the rule's, else the default.
  public func severity(_ rule: LintRule, role: Role) -> LintSeverity {
    roles[role.rawValue]?[rule.rawValue]?.severity ?? rules[rule.rawValue]?.severity
      ?? LintDefaults.severity(rule, role: role)
  }

  /// The limit of `rule` for `role` and a target long side of `sizePt`.
  public func limit(_ rule: LintRule, role: Role, sizePt: Double) -> Double {
    roles[role.rawValue]?[rule.rawValue]?.limit ?? rules[rule.rawValue]?.limit
      ?? LintDefaults.limit(rule, role: role, sizePt: sizePt)
  }
}
