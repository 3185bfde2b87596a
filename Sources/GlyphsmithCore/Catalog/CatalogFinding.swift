import FoundationEssentials
import Glibc

/// One thing in an asset catalog that actool would warn about (or reject), found before it
/// does. Rules and their ids are listed in `CatalogRule`; docs/assets.md describes each.
public struct CatalogFinding: Equatable, Sendable, Comparable, CustomStringConvertible {
  /// How bad the finding is: `error` for what breaks the build or an App Store upload,
  /// `warning` for what actool warns about.
  public enum Severity: String, Sendable, Codable {
    /// actool would warn.
    case warning
    /// actool would fail, or the App Store would reject the upload.
    case error
  }

  /// Which rule found it (`missing-file`, `scale-mismatch`, ...).
  public var rule: CatalogRule
  /// The file the finding is about: an asset's `Contents.json` for entry findings, else the
  /// file or folder itself; prefixed by the catalog path as given.
  public var path: String
  /// The 1-based line in `path` of the entry's `"filename"` key, when known.
  public var line: Int?
  /// The asset's full name (namespaced groups prefix it, `Icons/star`), when about an asset.
  public var asset: String?
  /// The entry, e.g. `images[1] (universal 2x, star@2x.png)`, when about one entry.
  public var entry: String?
  /// The file inside the asset folder involved, when there is one.
  public var file: String?
  /// Lowercase sentence naming what is wrong, the fix last.
  public var message: String

  /// The rule's severity.
  public var severity: Severity { rule.severity }

  /// A finding; see the properties.
  public init(
    rule: CatalogRule, path: String, line: Int? = nil, asset: String? = nil, entry: String? = nil,
    file: String? = nil, message: String
  ) {
    self.rule = rule
    self.path = path
    self.line = line
    self.asset = asset
    self.entry = entry
    self.file = file
    self.message = message
  }

  /// This finding as the one finding type: kind `catalog`, the rule id as `rule`, column 1
  /// when the line is known, and the entry leading the message (`entry: message`); `asset`
  /// and `file` stay on the finding (the `--json` report carries them).
  public var diagnostic: Diagnostic {
    Diagnostic(
      Diagnostic.Severity(severity), path: path, line: line, column: line.map { _ in 1 },
      kind: Diagnostic.Kind.catalog, rule: rule.rawValue,
      message: (entry.map { "\($0): " } ?? "") + message)
  }

  /// Compiler form, `diagnostic`'s description: `path[:line:1]: warning: [rule] entry:
  /// message`.
  public var description: String { diagnostic.description }

  /// Ordered by path, line, rule id, entry and message, so output is stable.
  public static func < (a: CatalogFinding, b: CatalogFinding) -> Bool {
    if a.path != b.path { return a.path < b.path }
    if (a.line ?? 0) != (b.line ?? 0) { return (a.line ?? 0) < (b.line ?? 0) }
    if a.rule != b.rule { return a.rule.rawValue < b.rule.rawValue }
    if (a.entry ?? "") != (b.entry ?? "") { return (a.entry ?? "") < (b.entry ?? "") }
    return a.message < b.message
  }
}

extension CatalogFinding: Codable {
  private enum CodingKeys: String, CodingKey {
    case rule, severity, path, line, asset, entry, file, message
  }

  /// Every key is always present (`null` when absent) so the schema is stable.
  public func encode(to encoder: Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(rule, forKey: .rule)
    try container.encode(severity, forKey: .severity)
    try container.encode(path, forKey: .path)
    try container.encode(line, forKey: .line)
    try container.encode(asset, forKey: .asset)
    try container.encode(entry, forKey: .entry)
    try container.encode(file, forKey: .file)
    try container.encode(message, forKey: .message)
  }

  /// Reads a finding written by `encode(to:)`; `severity` is derived from the rule.
  public init(from decoder: Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    rule = try container.decode(CatalogRule.self, forKey: .rule)
    path = try container.decode(String.self, forKey: .path)
    line = try container.decodeIfPresent(Int.self, forKey: .line)
    asset = try container.decodeIfPresent(String.self, forKey: .asset)
    entry = try container.decodeIfPresent(String.self, forKey: .entry)
    file = try container.decodeIfPresent(String.self, forKey: .file)
    message = try container.decode(String.self, forKey: .message)
  }
}

extension Diagnostic.Severity {
  /// A catalog finding's severity as a diagnostic's: the same word.
  public init(_ severity: CatalogFinding.Severity) {
    switch severity {
    case .error: self = .error
    case .warning: self = .warning
    }
  }
}
