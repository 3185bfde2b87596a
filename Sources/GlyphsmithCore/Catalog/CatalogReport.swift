import FoundationEssentials
import Glibc

/// The `--json` document of `glyphsmith validate`: `{"catalog", "findings", "version" : 1}`,
/// and `"catalogs"` (the catalogs validated, in order) when the path given is a folder holding
/// catalogs rather than one catalog.
public struct CatalogReport: Codable, Equatable, Sendable {
  /// Schema version; 1.
  public var version = 1
  /// The catalog path as given.
  public var catalog: String
  /// Sorted findings.
  public var findings: [CatalogFinding]
  /// The catalogs found in `catalog` and validated, with the Icon Composer bundles found
  /// beside them, sorted; `nil` (absent from the JSON) when `catalog` is itself the catalog
  /// (or the bundle).
  public var catalogs: [String]?

  /// A report for `catalog`; `catalogs` as the property.
  public init(catalog: String, findings: [CatalogFinding], catalogs: [String]? = nil) {
    self.catalog = catalog
    self.findings = findings
    self.catalogs = catalogs
  }
}
