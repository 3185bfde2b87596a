/// A rectangle of whole pixels at one scale (px, top-left origin), where a pixel finding is.
public struct PixelBox: Codable, Equatable, Sendable {
  /// Left column, in px at the finding's scale.
  public var x: Int
  /// Top row, in px at the finding's scale.
  public var y: Int
  /// Width in px at the finding's scale (at least 1).
  public var width: Int
  /// Height in px at the finding's scale (at least 1).
  public var height: Int

  /// A box from its top-left px and size in px.
  public init(x: Int, y: Int, width: Int, height: Int) {
    self.x = x
    self.y = y
    self.width = width
    self.height = height
  }

  /// The smallest box holding both (px at the same scale).
  public func union(_ other: PixelBox) -> PixelBox {
    let x0 = min(x, other.x)
    let y0 = min(y, other.y)
    let x1 = max(x + width, other.x + other.width)
    let y1 = max(y + height, other.y + other.height)
    return PixelBox(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
  }
}

/// One problem `lint` found in one file.
///
/// JSON form (keys sorted, nulls kept): `{"rule", "severity", "message", "line", "column",
/// "scale", "box", "value", "limit", "count"}`.
public struct LintFinding: Codable, Equatable, Sendable {
  /// The rule's id, e.g. `inner-lines`.
  public var rule: LintRule
  /// `error`, `warning` or `info` (never `off`: disabled rules report nothing).
  public var severity: LintSeverity
  /// Lowercase, the fix last; does not repeat the path or rule id.
  public var message: String
  /// 1-based line of the SVG element's start tag (`<`), or `nil` for pixel findings.
  public var line: Int?
  /// 1-based column (in characters) of the start tag's `<`, or `nil` for pixel findings.
  public var column: Int?
  /// The scale (px per pt: 1, 2, 3) the finding fails at; structural findings give the
  /// smallest scale linted.
  public var scale: Int
  /// Where on the render at `scale` (px), or `nil` for structural findings.
  public var box: PixelBox?
  /// The measured value, in the unit the rule's message names (px at `scale`, pt, a count,
  /// a share 0-1).
  public var value: Double
  /// The limit `value` was held against, same unit.
  public var limit: Double
  /// How many identical findings this one stands for (at least 1): findings of one file with
  /// the same rule, scale, severity, value, limit, line and column are merged into one
  /// (`Linter.merged`), their boxes united.
  public var count: Int

  /// A finding; see the properties for units.
  public init(
    rule: LintRule, severity: LintSeverity, message: String, line: Int? = nil,
    column: Int? = nil, scale: Int, box: PixelBox? = nil, value: Double, limit: Double,
    count: Int = 1
  ) {
    self.rule = rule
    self.severity = severity
    self.message = message
    self.line = line
    self.column = column
    self.scale = scale
    self.box = box
    self.value = value
    self.limit = limit
    self.count = count
  }

  enum CodingKeys: String, CodingKey {
    case rule, severity, message, line, column, scale, box, value, limit, count
  }

  /// Reads a finding; a missing `count` (reports written before it existed) is 1.
  /// - Throws: `DecodingError` for a missing or mistyped field.
  public init(from decoder: Decoder) throws {
    let c = try decoder.container(keyedBy: CodingKeys.self)
    rule = try c.decode(LintRule.self, forKey: .rule)
    severity = try c.decode(LintSeverity.self, forKey: .severity)
    message = try c.decode(String.self, forKey: .message)
    line = try c.decodeIfPresent(Int.self, forKey: .line)
    column = try c.decodeIfPresent(Int.self, forKey: .column)
    scale = try c.decode(Int.self, forKey: .scale)
    box = try c.decodeIfPresent(PixelBox.self, forKey: .box)
    value = try c.decode(Double.self, forKey: .value)
    limit = try c.decode(Double.self, forKey: .limit)
    count = try c.decodeIfPresent(Int.self, forKey: .count) ?? 1
  }

  /// Encodes every key, `null` for a missing line, column or box.
  public func encode(to encoder: Encoder) throws {
    var c = encoder.container(keyedBy: CodingKeys.self)
    try c.encode(rule, forKey: .rule)
    try c.encode(severity, forKey: .severity)
    try c.encode(message, forKey: .message)
    try c.encode(line, forKey: .line)
    try c.encode(column, forKey: .column)
    try c.encode(scale, forKey: .scale)
    try c.encode(box, forKey: .box)
    try c.encode(value.rounded4, forKey: .value)
    try c.encode(limit.rounded4, forKey: .limit)
    try c.encode(count, forKey: .count)
  }

  /// This finding as the one finding type: kind `lint`, the rule id as `rule`, the line and
  /// column (column 1 when only the line is known), the severity as is; `value`, `limit`,
  /// `scale`, `box` and `count` stay on the finding (the `--json` report carries them).
  public func diagnostic(in path: String) -> Diagnostic {
    Diagnostic(
      Diagnostic.Severity(severity), path: path, line: line, column: line.map { _ in column ?? 1 },
      kind: Diagnostic.Kind.lint, rule: rule.rawValue, message: message)
  }

  /// The compiler-style line, `diagnostic(in:)`'s description: `path:line:col: warning:
  /// [rule] message`, or `path: warning: [rule] message` when there is no element to point at.
  public func diagnostic(path: String) -> String { diagnostic(in: path).description }
}

extension Double {
  /// Rounded to 4 decimals, so JSON output does not depend on the last bits of a float.
  var rounded4: Double { (self * 10000).rounded() / 10000 }
}

extension Double {
  /// Up to two decimals, trailing zeros dropped (0.5, 1, 0.46), for messages.
  var lintText: String {
    var text = String(cFormat: "%.2f", self)
    while text.hasSuffix("0") { text.removeLast() }
    if text.hasSuffix(".") { text.removeLast() }
    return text
  }
}

extension Diagnostic.Severity {
  /// A lint severity as a diagnostic's: the same word (`error`, `warning`, `info`); `off`,
  /// which no finding carries, is `info`.
  public init(_ severity: LintSeverity) {
    switch severity {
    case .error: self = .error
    case .warning: self = .warning
    case .info, .off: self = .info
    }
  }
}
