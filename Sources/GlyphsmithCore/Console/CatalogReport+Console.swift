/// What `glyphsmith validate` prints, assembled by the engine.
extension CatalogReport {
  /// Validates the catalog at `catalogPath` (see `CatalogValidator.validate`); the report
  /// names it without trailing slashes.
  /// `symbolSets` checks one `.symbolset` folder's templates (see
  /// `CatalogValidator.validate(catalogPath:checkingAssets:symbolSets:)`).
  /// - Throws: a `GlyphsmithError` naming the catalog when it cannot be read.
  package static func validating(
    catalogPath: String, symbolSets: @escaping (String, String) -> [CatalogFinding]
  ) throws -> CatalogReport {
    let findings: [CatalogFinding]
    do {
      findings = try CatalogValidator.validate(
        catalogPath: catalogPath, checkingAssets: { _ in true }, symbolSets: symbolSets)
    } catch {
      throw GlyphsmithError.wrap(error, path: catalogPath)
    }
    var catalog = catalogPath
    while catalog.count > 1 && catalog.hasSuffix("/") { catalog.removeLast() }
    return CatalogReport(catalog: catalog, findings: findings)
  }

  /// The stderr lines without `--json`: each finding, then
  /// `N findings (E errors)` when there are any.
  package var diagnostics: [String] {
    guard !findings.isEmpty else { return [] }
    let errors = findings.filter { $0.severity == .error }.count
    return findings.map(\.description) + [
      "\(findings.count) finding\(findings.count == 1 ? "" : "s") (\(errors) error\(errors == 1 ? "" : "s"))"
    ]
  }

  /// `nil` with no findings; `.answerIsNo` otherwise.
  package var outcome: FailureCategory? { findings.isEmpty ? nil : .answerIsNo }
}
