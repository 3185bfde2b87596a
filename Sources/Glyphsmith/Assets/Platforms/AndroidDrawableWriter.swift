import Foundation

extension AssetPlatform {
  /// `res/drawable-<density>/NAME.png` for mdpi to xxxhdpi (`AndroidDrawableWriter`).
  public static let android = AssetPlatform(name: "android")
}

/// Android: `res/drawable-<density>/NAME.png` for each of `AndroidDrawables.densities` at
/// `AssetsOptions.androidSizeDp` dp (24 dp: 24, 36, 48, 72, 96 px), the artwork's canvas
/// fitted into the square (for glyph roles, scaled down further when its ink would come
/// closer to the edge than Material's 2 dp in 24 dp, `AndroidDrawables.marginShare`); NAME is `AndroidDrawables.resourceName` (formats.md, "Android and
/// web"). Files go one by one into the shared density folders.
package struct AndroidDrawableWriter: AssetPlatformWriter {
  /// A writer.
  package init() {}

  /// `.android`.
  package var platform: AssetPlatform { .android }

  /// `android` beside the catalog.
  package func defaultOutputFolder(catalogPath: String) -> String {
    folder("android", besideCatalog: catalogPath)
  }

  /// Resource names (`AssetInput.androidName`), which share each density folder.
  package func reservedNames(_ inputs: [AssetInput], options: AssetsOptions)
    -> [(name: String, path: String)]
  {
    inputs.map { (name: $0.androidName, path: $0.path) }
  }

  /// One single-file set per density.
  package func plannedSets(for input: AssetInput, in context: AssetPlatformContext)
    -> [PlannedAssetSet]
  {
    let options = context.options
    return AndroidDrawables.densities.map { density in
      var render = context.base
      render.role = .plain
      render.template = options.template ?? options.role.isTemplateByDefault
      render.sizePt = nil
      let side = Int((options.androidSizeDp * density.scale).rounded())
      render.widthPx = side
      render.heightPx = side
      // Glyph roles: Material's system icons keep 2 dp of the 24 dp box clear (the 20 dp live
      // area; Material Design, "System icons"): ink reaching closer is scaled down.
      if options.role != .plain {
        render.minimumInkMarginPt = Double(side) * AndroidDrawables.marginShare
      }
      let folder = "\(context.root)/res/drawable-\(density.name)"
      let filename = input.androidName + ".png"
      return PlannedAssetSet(
        folder: folder,
        files: [
          PlannedAssetFile(name: filename, render: render, reportPath: folder + "/" + filename)
        ],
        whole: false)
    }
  }
}
