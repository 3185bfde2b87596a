import Foundation

/// Checks an existing `.xcassets` folder for what actool would warn about, before it does
/// (formats.md, "What actool warns about"; Apple "Asset Catalog Format Reference").
///
/// Walks groups (plain folders; `"provides-namespace" : true` prefixes names) and asset
/// folders (`NAME.type`). Image sets and app icons get every entry check; symbol, data and
/// colour sets get the entry and file checks; other asset types only the JSON check.
public enum CatalogValidator {
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
    var root = catalogPath
    while root.count > 1 && root.hasSuffix("/") { root.removeLast() }
    var isFolder: ObjCBool = false
    guard FileManager.default.fileExists(atPath: root, isDirectory: &isFolder) else {
      throw GlyphsmithError.unreadable(path: root, reason: "no such folder")
    }
    guard isFolder.boolValue else {
      throw GlyphsmithError.unreadable(path: root, reason: "not a folder (expected NAME.xcassets)")
    }
    guard FileManager.default.isReadableFile(atPath: root), Platform.canList(root) else {
      throw GlyphsmithError.unreadable(path: root, reason: "permission denied")
    }
    var walk = CatalogWalk(root: root)
    walk.checkGroupContents(root)
    walk.walkGroup(root, namePrefix: "", checkingAssets: checkingAssets)
    walk.checkNames()
    return walk.findings.sorted()
  }
}
