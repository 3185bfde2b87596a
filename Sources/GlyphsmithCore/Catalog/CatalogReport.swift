import Foundation

/// The `--json` document of `glyphsmith validate`: `{"catalog", "findings", "version" : 1}`.
public struct CatalogReport: Codable, Equatable, Sendable {
  /// Schema version; 1.
  public var version = 1
  /// The catalog path as given.
  public var catalog: String
  /// Sorted findings.
  public var findings: [CatalogFinding]

  /// A report for `catalog`.
  public init(catalog: String, findings: [CatalogFinding]) {
    self.catalog = catalog
    self.findings = findings
  }
}
