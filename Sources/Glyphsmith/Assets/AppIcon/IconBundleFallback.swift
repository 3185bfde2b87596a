import FoundationEssentials
import Glibc
import GlyphsmithCore

/// The flat `.appiconset` written beside an Icon Composer bundle for iOS 18 and earlier
/// (`appicon FOREGROUND --format icon -o OUT/NAME.icon --fallback CATALOG.xcassets`, issue
/// 35), and the check for a flat set that has the bundle's own name.
///
/// actool (Xcode 26.3) drops a flat app icon set that shares the `.icon`'s name without a
/// word (docs/formats.md, "Icon Composer"), so the flat set has another name:
/// `NAME-Fallback` unless one is given. It is drawn from the written bundle's layers, flat
/// (`IconComposerRenderer.flat`: the fill, then the groups and layers with their opacity and
/// blend mode; no glass, shadow or highlight, which iOS 18 does not draw), as an unmasked
/// square (the system cuts the corners; a flat set holds none, so no corner radius of its
/// own can be wrong): `icon-1024.png`, the light appearance on its fill, opaque RGB (the App
/// Store rejects alpha); `icon-1024-dark.png`, the dark appearance's layers with their
/// alpha (the system draws its dark background behind them), on the document's dark fill
/// when it has one. No tinted image: iOS 18 makes the tinted icon from these.
package enum IconBundleFallback {
  /// What the default name adds to the bundle's asset name (`AppIcon` -> `AppIcon-Fallback`).
  package static let nameSuffix = "-Fallback"

  /// The fallback set's name: `given`, or the asset name of `bundle` (its folder name without
  /// `.icon`) with `nameSuffix`.
  /// - Throws: `GlyphsmithError.invalidOption` for a name that is empty, holds `/` or `.`, or
  ///   is the bundle's own name (any case: actool would drop the set).
  package static func name(_ given: String?, bundle: String) throws -> String {
    let asset = IconBundleCheck.assetName(PathName(bundle).lastPathComponent)
    let name = given ?? asset + nameSuffix
    guard !name.isEmpty, !name.contains("/"), !name.contains(".") else {
      throw GlyphsmithError.invalidOption(
        "--fallback-name needs an asset name without '/' or '.', got '\(name)'")
    }
    guard name.lowercased() != asset.lowercased() else {
      throw GlyphsmithError.invalidOption(
        "--fallback-name \(name) is the name of \(bundle); actool (Xcode 26.3) drops a flat app icon set of the .icon's name; give another (default \(asset + nameSuffix))"
      )
    }
    return name
  }

  /// Refuses a `--fallback` that is no asset catalog (a folder whose name ends in `.xcassets`,
  /// any case: Xcode compiles only those) or that lies inside the bundle being written
  /// (`Assets/` holds the layers; a catalog there is a stray folder in the bundle) or is the
  /// bundle itself. Paths are compared absolute, `.` and `..` and symbolic links of the parts
  /// that exist resolved.
  /// - Throws: `GlyphsmithError.invalidOption` (a usage error, exit 2) naming both.
  package static func checkCatalog(_ catalog: String, bundle: String) throws {
    let given = trimmed(catalog)
    guard PathName(given).pathExtension.lowercased() == "xcassets" else {
      throw GlyphsmithError.invalidOption(
        "--fallback needs an asset catalog, a folder named NAME.xcassets (the flat set goes to "
          + "CATALOG/\(IconBundleCheck.assetName(PathName(bundle).lastPathComponent))"
          + "\(nameSuffix).appiconset); got '\(catalog)'")
    }
    func resolved(_ path: String) -> String {
      URL(fileURLWithPath: path).standardizedFileURL.resolvingSymlinksInPath().path
    }
    let inside = resolved(given)
    let outer = resolved(trimmed(bundle))
    if inside == outer || inside.hasPrefix(outer + "/") {
      throw GlyphsmithError.invalidOption(
        "--fallback \(catalog) is inside the bundle \(bundle), whose Assets/ holds its layers; "
          + "give a catalog outside it (the app's Assets.xcassets)")
    }
    // Inside another bundle (issue 35's second trial, finding 11): that bundle's next run
    // would find the catalog added to it.
    let parts = URL(fileURLWithPath: inside).pathComponents.dropLast()
    if let other = parts.last(where: { IconBundleCheck.isBundleName($0) }) {
      throw GlyphsmithError.invalidOption(
        "--fallback \(catalog) is inside the bundle \(other), which holds icon.json and its "
          + "layers in Assets/ only; give a catalog outside it (the app's Assets.xcassets)")
    }
  }

  /// Refuses, before anything is written, an existing `catalog/NAME.appiconset` that
  /// Glyphsmith did not make (`AppIconJob.isOwnSet`), unless `force`.
  /// - Throws: `GlyphsmithError.unusable` naming `input` and the set (`OutputOwnership`).
  package static func checkOwnership(catalog: String, name: String, input: String, force: Bool)
    throws
  {
    let target = trimmed(catalog) + "/" + name + ".appiconset"
    guard !force, Platform.status(ofPath: target) != nil, !AppIconJob.isOwnSet(target) else {
      return
    }
    throw OutputOwnership.notOwned(target, input: input)
  }

  /// The two images of the flat set (see the type's description), 1024 px, from the bundle
  /// at `bundlePath`: PNG bytes of the light icon (opaque RGB) and of the dark one.
  /// - Throws: as `IconComposerBundle(path:)` and `IconComposerRenderer.flat`, naming the
  ///   layer file; `RenderError` from the PNG encoder.
  package static func images(bundlePath: String) throws -> (light: Data, dark: Data) {
    let bundle = try IconComposerBundle(path: bundlePath)
    let side = AppIconJob.marketingSide
    let light = try IconComposerRenderer.flat(
      IconScene(bundle.document, appearance: .light, idiom: .square), bundle: bundle, side: side)
    let darkScene = IconScene(bundle.document, appearance: .dark, idiom: .square)
    let dark = try IconComposerRenderer.flat(
      darkScene, bundle: bundle, side: side, withBackground: darkScene.fill != nil)
    return (
      try PNGCodec.encode(Rasterizer.composite(light, over: .white), opaque: true),
      try PNGCodec.encode(dark)
    )
  }

  /// Writes the flat set `catalog/NAME.appiconset` from the bundle at `bundlePath`
  /// (`images`), as `appicon` writes one (`AppIconJob.write`: the catalog created when
  /// missing, the set replaced atomically, one Glyphsmith did not make only with `force`),
  /// then validates it.
  /// - Throws: as `images(bundlePath:)` and `AppIconJob.write`; `CatalogValidator`'s errors.
  package static func write(
    bundlePath: String, catalog: String, name: String, input: String, force: Bool
  ) throws -> AppIconResult {
    let (light, dark) = try images(bundlePath: bundlePath)
    let side = AppIconJob.marketingSide
    let entries: [AssetContents.Entry] = [
      .init(filename: "icon-1024.png", idiom: "universal", platform: "ios", size: "1024x1024"),
      .init(
        filename: "icon-1024-dark.png", idiom: "universal", platform: "ios", size: "1024x1024",
        appearances: [.init(appearance: "luminosity", value: "dark")]),
    ]
    let files: [(name: String, data: Data)] = [
      ("icon-1024.png", light), ("icon-1024-dark.png", dark),
      ("Contents.json", try AssetContents.appIcon(images: entries).xcodeJSON()),
    ]
    let (root, folder, notices, unchanged) = try AppIconJob.write(
      files, name: name, catalogPath: catalog, input: input, force: force)
    let findings = try AppIconJob.findings(
      catalog: root, folder: folder, name: name, kept: Set(notices.compactMap(\.path)))
    return AppIconResult(
      folder: folder, files: [("icon-1024.png", side), ("icon-1024-dark.png", side)],
      diagnostics: notices, findings: findings, unchanged: unchanged)
  }

  /// A warning for each flat app icon set named as the bundle at `bundlePath` (any case)
  /// in `catalogs` and in every `*.xcassets` folder beside the bundle, at any depth of
  /// their groups: actool (Xcode 26.3) drops such a set without a word. `fallback` is the
  /// name the flat set is written under (`--fallback`), for the advice; `nil` when none is.
  package static func clashes(
    bundlePath: String, catalogs: [String], fallback: String?
  ) -> [Diagnostic] {
    let bundle = trimmed(bundlePath)
    let asset = IconBundleCheck.assetName(PathName(bundle).lastPathComponent)
    let setName = (asset + ".appiconset").lowercased()
    let parent = FileName.parent(of: bundle)
    let beside = (Platform.folderNames(atPath: parent.isEmpty ? "." : parent) ?? [])
      .filter { $0.lowercased().hasSuffix(".xcassets") }.sorted()
      .map { parent.isEmpty ? $0 : parent + "/" + $0 }
    var seen: Set<String> = []
    var found: [String] = []
    for catalog in catalogs.map(trimmed) + beside {
      let key = URL(fileURLWithPath: catalog).standardizedFileURL.path
      guard seen.insert(key).inserted else { continue }
      found += IconBundleCheck.flatSets(named: setName, in: catalog)
    }
    let advice =
      fallback.map { "the flat set for iOS 18 and earlier is \($0) (--fallback)" }
      ?? "give the flat set for iOS 18 and earlier another name (appicon --fallback writes \(asset + nameSuffix))"
    return found.map {
      .warning(
        "a flat app icon set of the name of \(bundle); actool (Xcode 26.3) drops it without a word: rename or remove it; \(advice)",
        path: $0, kind: Diagnostic.Kind.appIconNameClash)
    }
  }

  /// A warning when an Icon Composer bundle of the name `name` (any case) lies beside the
  /// catalog `catalog` that the flat set `folder` was written into (`appicon -o
  /// CATALOG --name NAME`): actool (Xcode 26.3) drops the flat set.
  package static func clashes(flatSet folder: String, name: String, catalog: String)
    -> [Diagnostic]
  {
    let parent = FileName.parent(of: trimmed(catalog))
    let wanted = (name + ".icon").lowercased()
    return (Platform.folderNames(atPath: parent.isEmpty ? "." : parent) ?? []).sorted()
      .filter { $0.lowercased() == wanted }
      .map { parent.isEmpty ? $0 : parent + "/" + $0 }
      .filter { Platform.status(ofPath: $0)?.isFolder == true }
      .map {
        .warning(
          "a flat app icon set of the name of \($0); actool (Xcode 26.3) drops it without a word: give it another name (e.g. --name \(name + nameSuffix), the name appicon --format icon --fallback gives it)",
          path: folder, kind: Diagnostic.Kind.appIconNameClash)
      }
  }

  /// `path` without trailing slashes.
  static func trimmed(_ path: String) -> String {
    var path = path
    while path.count > 1 && path.hasSuffix("/") { path.removeLast() }
    return path
  }
}
