import FoundationEssentials
import Glibc

/// Checks an existing `.xcassets` folder for what actool would warn about, before it does
/// (formats.md, "What actool warns about"; Apple "Asset Catalog Format Reference").
///
/// Walks groups (plain folders; `"provides-namespace" : true` prefixes names) and asset
/// folders (`NAME.type`). Image sets and app icons get every entry check; symbol, data and
/// colour sets get the entry and file checks; other asset types only the JSON check. An Icon
/// Composer bundle (`NAME.icon`) in the catalog, or given as the path, gets `IconBundleCheck`.
public enum CatalogValidator {
  /// `validate(catalogPath:checkingAssets:)` with the checks that need librsvg given:
  /// `symbolSets(folder, name)` returns the findings of one `.symbolset` folder, and
  /// `svgLayers(path)` whether an Icon Composer bundle's SVG layer loads and renders (`nil`,
  /// or why not). The full engine passes `SymbolSetCheck.check` and `IconLayerCheck.svg`;
  /// the light `glyphsmith` front passes calls that hand the command to `glyphsmith-render`.
  /// A `catalogPath` that names a `.icon` bundle is checked as one (`IconBundleCheck`).
  /// - Throws: as `validate(catalogPath:)`.
  package static func validate(
    catalogPath: String, checkingAssets: (String) -> Bool,
    symbolSets: @escaping (String, String) -> [CatalogFinding],
    svgLayers: @escaping (String) -> String?
  ) throws -> [CatalogFinding] {
    var root = catalogPath
    while root.count > 1 && root.hasSuffix("/") { root.removeLast() }
    var isFolder = false
    guard FileManager.default.fileExists(atPath: root, isDirectory: &isFolder) else {
      throw GlyphsmithError.unreadable(path: root, reason: "no such folder")
    }
    guard isFolder else {
      throw GlyphsmithError.unreadable(path: root, reason: "not a folder (expected NAME.xcassets)")
    }
    guard FileManager.default.isReadableFile(atPath: root), Platform.canList(root) else {
      throw GlyphsmithError.unreadable(path: root, reason: "permission denied")
    }
    if IconBundleCheck.isBundleName(root) {
      let name = PathName(root).lastPathComponent
      return IconBundleCheck.check(
        bundle: root, asset: IconBundleCheck.assetName(name), svgLayer: svgLayers)
    }
    var walk = CatalogWalk(root: root, symbolSets: symbolSets, svgLayers: svgLayers)
    walk.checkGroupContents(root)
    walk.walkGroup(root, namePrefix: "", checkingAssets: checkingAssets)
    walk.checkPendingAssets(jobs: min(8, ProcessInfo.processInfo.activeProcessorCount))
    walk.checkNames()
    return (walk.findings + nameClashes(catalog: root)).sorted()
  }

  /// An `icon-name-clash` finding for each flat app icon set in `catalog` (at any depth of
  /// its groups) named as an Icon Composer bundle beside the catalog (any case), with the
  /// advice `appicon --format icon` gives (`IconBundleFallback.clashes`).
  static func nameClashes(catalog: String) -> [CatalogFinding] {
    let parent = FileName.parent(of: catalog)
    var findings: [CatalogFinding] = []
    for bundle in (Platform.folderNames(atPath: parent.isEmpty ? "." : parent) ?? []).sorted()
    where IconBundleCheck.isBundleName(bundle) {
      let bundlePath = parent.isEmpty ? bundle : parent + "/" + bundle
      guard Platform.status(ofPath: bundlePath)?.isFolder == true else { continue }
      let asset = IconBundleCheck.assetName(bundle)
      for set in IconBundleCheck.flatSets(named: asset + ".appiconset", in: catalog) {
        findings.append(
          CatalogFinding(
            rule: .iconNameClash, path: set,
            message: "a flat app icon set of the name of \(bundlePath); actool (Xcode 26.3) "
              + "drops it without a word: rename or remove it; give the flat set for iOS 18 "
              + "and earlier another name (appicon --fallback writes \(asset)-Fallback)"))
      }
    }
    return findings
  }
}
