/// What `glyphsmith validate` prints, assembled by the engine.
extension CatalogReport {
  /// Validates the catalog at `catalogPath` (see `CatalogValidator.validate`), or each
  /// catalog in the folder `catalogPath` when it is not one (`CatalogSearch.catalogs(at:)`,
  /// then `catalogs` lists them); the report names the path without trailing slashes.
  /// `symbolSets` checks one `.symbolset` folder's templates, `svgLayers` one SVG layer of an
  /// Icon Composer bundle (see
  /// `CatalogValidator.validate(catalogPath:checkingAssets:symbolSets:svgLayers:)`). The
  /// path may name a `.icon` bundle, and a folder's bundles beside its catalogs are validated
  /// with them (`CatalogSearch`).
  /// - Throws: a `GlyphsmithError` naming the path when it cannot be read or holds no catalog.
  package static func validating(
    catalogPath: String, symbolSets: @escaping (String, String) -> [CatalogFinding],
    svgLayers: @escaping (String) -> String?
  ) throws -> CatalogReport {
    var catalog = catalogPath
    while catalog.count > 1 && catalog.hasSuffix("/") { catalog.removeLast() }
    var findings: [CatalogFinding] = []
    let catalogs: [String]
    do {
      catalogs = try CatalogSearch.catalogs(at: catalogPath)
      for path in catalogs {
        findings += try CatalogValidator.validate(
          catalogPath: path, checkingAssets: { _ in true }, symbolSets: symbolSets,
          svgLayers: svgLayers)
      }
    } catch {
      throw GlyphsmithError.wrap(error, path: catalog)
    }
    return CatalogReport(
      catalog: catalog, findings: findings, catalogs: catalogs == [catalog] ? nil : catalogs)
  }

  /// The stderr lines without `--json`, each with whether it is a total (which `--quiet`
  /// drops): each finding, then `N findings (E errors)` when there are any. For a folder of
  /// catalogs, each catalog's findings, then its total naming it: `PATH: N findings (E
  /// errors)` or `PATH: no findings`.
  package var diagnostics: [(text: String, isTotal: Bool)] {
    guard let catalogs else { return Self.lines(findings, name: nil) }
    return catalogs.flatMap { catalog in
      Self.lines(findings.filter { $0.path.hasPrefix(catalog + "/") }, name: catalog)
    }
  }

  /// `findings` and their total, prefixed by `name` when given (which also gives a total for
  /// no findings).
  static func lines(_ findings: [CatalogFinding], name: String?) -> [(text: String, isTotal: Bool)]
  {
    let prefix = name.map { "\($0): " } ?? ""
    guard !findings.isEmpty else { return name == nil ? [] : [(prefix + "no findings", true)] }
    let errors = findings.filter { $0.severity == .error }.count
    let total =
      "\(counted(findings.count, "finding")) (\(counted(errors, "error")))"
    return findings.map { ($0.description, false) } + [(prefix + total, true)]
  }

  /// `nil` with no findings; `.answerIsNo` otherwise (warnings included).
  package var outcome: FailureCategory? { findings.isEmpty ? nil : .answerIsNo }
}
