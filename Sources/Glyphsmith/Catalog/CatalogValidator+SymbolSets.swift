extension CatalogValidator {
  /// Validates the catalog at `catalogPath` and returns its findings, sorted.
  /// Finding paths start with `catalogPath` as given (a trailing `/` dropped).
  /// - Throws: `GlyphsmithError.unreadable` when `catalogPath` is not a readable folder
  ///   (the CLI's exit 2); problems inside the catalog are findings, never errors.
  public static func validate(catalogPath: String) throws -> [CatalogFinding] {
    try validate(catalogPath: catalogPath, checkingAssets: { _ in true })
  }

  /// `validate(catalogPath:)` with the per-asset checks (Contents.json, entries, files, sizes)
  /// only for the asset folders `checkingAssets` accepts (their paths start with the catalog
  /// path as given, `/` dropped); the name checks (case collisions, duplicate names) always
  /// cover the whole catalog, as they need only the folder names.
  /// - Throws: as `validate(catalogPath:)`.
  public static func validate(
    catalogPath: String, checkingAssets: (String) -> Bool
  ) throws -> [CatalogFinding] {
    try validate(
      catalogPath: catalogPath, checkingAssets: checkingAssets,
      symbolSets: { SymbolSetCheck.check(folder: $0, asset: $1) },
      svgLayers: { IconLayerCheck.svg($0) })
  }
}
