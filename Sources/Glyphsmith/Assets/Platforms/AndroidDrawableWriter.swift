import FoundationEssentials
import Glibc
import GlyphsmithCore

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

  /// The files in `res/drawable` and `res/drawable-*` that carry Glyphsmith's mark (launcher
  /// icons, in `mipmap-*`, are `appicon`'s and never among them), but for copies: files of
  /// one folder holding the same bytes under two names (`ad.png` and `ad_copy.png`) are none
  /// of them, since a copy's mark does not say which one Glyphsmith made.
  package func markedOutputs(in context: AssetPlatformContext) -> [String] {
    let res = context.root + "/res"
    var found: [String] = []
    for folder in Platform.folderEntries(atPath: res) ?? []
    where folder.isFolder && !folder.isLink
      && (folder.name == "drawable" || folder.name.hasPrefix("drawable-"))
    {
      let path = res + "/" + folder.name
      var marked: [String] = []
      for file in Platform.folderEntries(atPath: path) ?? []
      where !file.isFolder && !file.isLink && !file.name.hasPrefix(".")
        && OutputOwnership.isMarkedFile(path + "/" + file.name)
      {
        marked.append(path + "/" + file.name)
      }
      found += OutputOwnership.withoutCopies(marked) { FileBytes.read($0) }
    }
    return found.sorted()
  }

  /// Resource names (`AssetInput.androidName`), which share each density folder.
  package func reservedNames(_ inputs: [AssetInput], options: AssetsOptions)
    -> [(name: String, path: String)]
  {
    inputs.map { (name: $0.androidName, path: $0.path) }
  }

  /// One single-file set per density; with `--android-format vector`, one
  /// `res/drawable/NAME.xml`; with `auto`, that with the density sets as its fallback.
  package func plannedSets(for input: AssetInput, in context: AssetPlatformContext)
    -> [PlannedAssetSet]
  {
    let pngs = densitySets(for: input, in: context)
    guard let format = OutputFormats.drawn(context.options.androidFormat, at: .android)
        ?? (context.options.androidFormat == OutputFormatIndex.androidAuto.name
          ? OutputFormats.vectorDrawable : nil),
      format.name != OutputFormats.png.name
    else {
      return pngs.map { set in
        var set = set
        set.replaces = [vectorPath(input, in: context)]
        return set
      }
    }
    let folder = "\(context.root)/res/drawable"
    let filename = input.androidName + ".xml"
    var file = PlannedAssetFile(
      name: filename, render: render(in: context, side: context.options.androidSizeDp, scale: 1),
      reportPath: folder + "/" + filename)
    file.format = format
    var set = PlannedAssetSet(folder: folder, files: [file], whole: false)
    set.replaces = pngs.map { $0.folder + "/" + $0.files[0].name }
    if context.options.androidFormat == OutputFormatIndex.androidAuto.name {
      set.fallback = pngs.map { png in
        var png = png
        png.replaces = [folder + "/" + filename]
        return png
      }
    }
    return [set]
  }

  /// `res/drawable/NAME.xml`.
  private func vectorPath(_ input: AssetInput, in context: AssetPlatformContext) -> String {
    "\(context.root)/res/drawable/\(input.androidName).xml"
  }

  /// The render options of a `side` x `side` drawable at `scale` px per dp (the canvas
  /// fitted in, padding in dp).
  private func render(in context: AssetPlatformContext, side: Double, scale: Double)
    -> RenderOptions
  {
    var render = context.base
    render.role = .plain
    render.template = context.options.template ?? context.options.role.isTemplateByDefault
    render.sizePt = nil
    let px = Int((side * scale).rounded())
    render.widthPx = px
    render.heightPx = px
    render.scale = scale
    // Glyph roles: Material's system icons keep 2 dp of the 24 dp box clear (the 20 dp live
    // area; Material Design, "System icons"): ink reaching closer is scaled down. In dp, so
    // the VectorDrawable (scale 1) and every density's PNG place the glyph alike.
    if context.options.role != .plain {
      render.minimumInkMarginPt = side * AndroidDrawables.marginShare
    }
    return render
  }

  /// `res/drawable-<density>/NAME.png`, one set per density.
  private func densitySets(for input: AssetInput, in context: AssetPlatformContext)
    -> [PlannedAssetSet]
  {
    AndroidDrawables.densities.map { density in
      let folder = "\(context.root)/res/drawable-\(density.name)"
      let filename = input.androidName + ".png"
      return PlannedAssetSet(
        folder: folder,
        files: [
          PlannedAssetFile(
            name: filename,
            render: render(in: context, side: context.options.androidSizeDp, scale: density.scale),
            reportPath: folder + "/" + filename)
        ],
        whole: false)
    }
  }
}
