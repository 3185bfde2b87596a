import FoundationEssentials
import Glibc
import GlyphsmithCore

extension AssetPlatform {
  /// `NAME/favicon.ico`, `apple-touch-icon.png`, `icon-192.png`, `icon-512.png`,
  /// `icon-512-maskable.png` and `manifest-icons.json` (`WebIconWriter`).
  public static let web = AssetPlatform(name: "web")
}

/// Web: one folder `NAME/` per input (NAME as for Android, so it is URL-safe) with the files
/// of `WebIcons` (formats.md, "Android and web"); the favicon's PNG entries are packed into
/// `favicon.ico`.
package struct WebIconWriter: AssetPlatformWriter {
  /// A writer.
  package init() {}

  /// `.web`.
  package var platform: AssetPlatform { .web }

  /// `web` beside the catalog.
  package func defaultOutputFolder(catalogPath: String) -> String {
    folder("web", besideCatalog: catalogPath)
  }

  /// The folders in the web folder that show themselves as Glyphsmith's
  /// (`OutputOwnership.isMarkedFolder`), but for copies: folders whose `favicon.ico` holds the
  /// bytes of another's (a `cp -r ad ad_copy`) are none of them, since a copy's mark does not
  /// say which one Glyphsmith made.
  package func markedOutputs(in context: AssetPlatformContext) -> [String] {
    let found = (Platform.folderEntries(atPath: context.root) ?? []).filter {
      $0.isFolder && !$0.isLink && !$0.name.hasPrefix(".")
        && OutputOwnership.isMarkedFolder(context.root + "/" + $0.name)
    }.map { context.root + "/" + $0.name }
    return OutputOwnership.withoutCopies(found) { FileBytes.read($0 + "/" + WebIcons.faviconName) }
      .sorted()
  }

  /// Folder names (`AssetInput.androidName`).
  package func reservedNames(_ inputs: [AssetInput], options: AssetsOptions)
    -> [(name: String, path: String)]
  {
    inputs.map { (name: $0.androidName, path: $0.path) }
  }

  /// The one folder of `WebIcons.plan`.
  package func plannedSets(for input: AssetInput, in context: AssetPlatformContext)
    -> [PlannedAssetSet]
  {
    let spec = WebIcons.plan(root: context.root, name: input.androidName, base: context.base)
    let icon = PlannedAssetSet.Icon(
      name: WebIcons.faviconName,
      entries: WebIcons.faviconSizes.map { (side: $0, file: "favicon-\($0).png") })
    return [
      PlannedAssetSet(
        folder: spec.folder,
        files: spec.files.map {
          PlannedAssetFile(
            name: $0.name, render: $0.render, opaque: $0.opaque,
            reportPath: spec.folder + "/" + $0.name)
        },
        texts: spec.texts, whole: true, icon: icon)
    ]
  }
}
