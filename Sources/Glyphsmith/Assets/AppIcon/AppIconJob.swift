import FoundationEssentials
import Glibc
import GlyphsmithCore

/// Writes an app icon set into a catalog (formats.md, `.appiconset`; Apple "Asset Catalog
/// Format Reference", App Icon Type): the single 1024 x 1024 px universal iOS entry, dark and
/// tinted appearances when given, and optionally the legacy size list.
///
/// The "Any" icons (the 1024 marketing icon and every legacy size) are flattened onto the
/// opaque background and written as RGB PNGs without alpha, because the App Store rejects
/// icons with an alpha channel. Dark and tinted icons keep their alpha.
public enum AppIconJob {
  /// Side of the single-size icon, in px (1024 pt @1x).
  public static let marketingSide = 1024

  /// The largest factor a raster is enlarged by without `allowUpscale`: past 2x the
  /// resampled pixels show as blur in the App Store icon.
  public static let maximumUpscale = 2.0

  /// Refuses raster artwork that needs more than `maximumUpscale` to fill the icon.
  /// - Throws: `GlyphsmithError.unusable` naming the file, its size and the factor.
  static func checkUpscale(_ artwork: Artwork, options: AppIconOptions) throws {
    guard artwork.isRaster, !options.allowUpscale else { return }
    let size = artwork.canvasSize
    let factor = min(Double(marketingSide) / size.width, Double(marketingSide) / size.height)
    guard factor > maximumUpscale else { return }
    throw GlyphsmithError.unusable(
      path: artwork.path,
      problem:
        "the raster is \(Int(size.width))x\(Int(size.height)) px; the \(marketingSide) px app icon would enlarge it \(factor.formatted2)x (more than 2x blurs it); give artwork of at least \(marketingSide / 2) px (or an SVG), or pass --allow-upscale"
    )
  }

  /// Renders `iconPath` into `catalogPath/NAME.appiconset`, replacing that folder atomically;
  /// creates the catalog folder and its root `Contents.json` when missing; then validates
  /// the catalog and returns the findings about this app icon.
  /// - Throws: `GlyphsmithError.invalidOption` for a bad name or a translucent background;
  ///   `.unusable` for a raster that needs more than 2x upscaling (see `allowUpscale`);
  ///   `.unreadable`/`.render` for inputs that cannot be read or rendered; `.writeFailed`.
  public static func run(iconPath: String, catalogPath: String, options: AppIconOptions) throws
    -> AppIconResult
  {
    let name = options.name
    guard !name.isEmpty, !name.contains("/"), !name.hasPrefix("."), !name.contains(".") else {
      throw GlyphsmithError.invalidOption(
        "app icon name '\(name)' must be non-empty without '/' or '.'; e.g. AppIcon")
    }
    guard options.background.a == 255 else {
      throw GlyphsmithError.invalidOption(
        "the app icon background \(options.background) must be opaque (alpha FF); use #RRGGBB")
    }
    guard options.padding >= 0, options.padding < 0.5 else {
      throw GlyphsmithError.invalidOption(
        "app icon padding \(options.padding.formatted2) of the side leaves no room; use less than half (e.g. 10%)"
      )
    }
    var warnings: [Diagnostic] = []
    if let foreground = options.foreground {
      warnings += AppIconAppearanceCheck.foregroundWarnings(
        foreground, background: options.background)
    }
    var files: [(name: String, data: Data, pixels: Int)] = []
    var entries: [AssetContents.Entry] = []

    // The preview's path is checked before anything is written (`PictureOutput`).
    if let preview = options.previewPath { try PictureOutput.check(preview, inputs: [iconPath]) }
    let artwork = try Artwork(path: iconPath)
    try checkUpscale(artwork, options: options)
    warnings += squareWarning(artwork)
    var rendered: [Int: RGBAImage] = [:]
    func flattened(_ side: Int) throws -> Data {
      if rendered[side] == nil {
        let glyph = try render(
          artwork, side: side, padding: options.padding, foreground: options.foreground)
        if side == marketingSide {
          warnings += glyph.diagnostics
          if !options.backgroundChosen {
            warnings += cornerWarning(glyph.image, path: iconPath, background: options.background)
          }
          warnings += try AppIconAppearanceCheck.cutWarnings(
            glyph.image, path: iconPath, padding: options.padding)
        }
        rendered[side] = glyph.image
      }
      let opaque = Rasterizer.composite(rendered[side]!, over: options.background)
      return try PNGCodec.encode(opaque, opaque: true)
    }

    files.append(("icon-1024.png", try flattened(marketingSide), marketingSide))
    var layers: [(appearance: String, image: RGBAImage)] = [
      ("any", Rasterizer.composite(rendered[marketingSide]!, over: options.background))
    ]
    entries.append(
      .init(filename: "icon-1024.png", idiom: "universal", platform: "ios", size: "1024x1024"))
    for (value, path) in [("dark", options.darkPath), ("tinted", options.tintedPath)] {
      guard let path else { continue }
      let variant = try Artwork(path: path)
      try checkUpscale(variant, options: options)
      warnings += squareWarning(variant)
      let glyph = try render(variant, side: marketingSide, padding: options.padding)
      warnings += glyph.diagnostics
      warnings += try AppIconAppearanceCheck.cutWarnings(
        glyph.image, path: path, padding: options.padding)
      warnings +=
        value == "dark"
        ? AppIconAppearanceCheck.darkWarnings(glyph.image, path: path)
        : AppIconAppearanceCheck.tintedWarnings(glyph.image, path: path)
      layers.append((value, glyph.image))
      let filename = "icon-1024-\(value).png"
      files.append((filename, try PNGCodec.encode(glyph.image), marketingSide))
      entries.append(
        .init(
          filename: filename, idiom: "universal", platform: "ios", size: "1024x1024",
          appearances: [.init(appearance: "luminosity", value: value)]))
    }
    if options.legacy {
      for slot in LegacyIconSlot.iOS {
        files.append((slot.filename(prefix: "icon"), try flattened(slot.pixels), slot.pixels))
        entries.append(slot.entry(prefix: "icon"))
      }
    }
    files.append(("Contents.json", try AssetContents.appIcon(images: entries).xcodeJSON(), 0))

    let (root, folder, notices, _) = try write(
      files.map { ($0.name, $0.data) }, name: name, catalogPath: catalogPath, input: iconPath,
      force: options.force)
    warnings = notices + warnings
    let kept = Set(notices.compactMap(\.path))
    if let preview = options.previewPath {
      try AppIconPreview.write(layers, toPath: preview, inputs: [iconPath])
    }

    let findings = try self.findings(catalog: root, folder: folder, name: name, kept: kept)
    warnings += IconBundleFallback.clashes(flatSet: folder, name: name, catalog: root)
    return AppIconResult(
      folder: folder,
      files: files.filter { $0.name != "Contents.json" }.map { ($0.name, $0.pixels) },
      diagnostics: warnings, findings: findings)
  }

  /// The validator's findings (`CatalogValidator`) about the app icon set `folder` named
  /// `name` in the catalog `catalog`: those inside it, and a case collision or duplicate of
  /// its name; a file in `kept` (paths; the user's files `--force` kept in the set) is named
  /// by its warning, not as unassigned.
  /// - Throws: as `CatalogValidator.validate`.
  static func findings(catalog: String, folder: String, name: String, kept: Set<String>) throws
    -> [CatalogFinding]
  {
    try CatalogValidator.validate(catalogPath: catalog).filter { finding in
      !(finding.rule == .unassignedFile
        && finding.file.map { kept.contains(folder + "/" + $0) } == true)
    }.filter { finding in
      finding.path.hasPrefix(folder + "/")
        || (finding.asset?.lowercased() == name.lowercased()
          && (finding.rule == .caseCollision || finding.rule == .duplicateName))
    }
  }

  /// Whether the existing app icon set at `folder` is Glyphsmith's (issue 32): it is empty,
  /// or it holds only `Contents.json` and files named as `appicon` names them
  /// (`icon-1024.png`, `icon-1024-dark.png`, `icon-1024-tinted.png`, the legacy slots'
  /// `icon-IDIOM-SIZE@Nx.png`); Xcode's and other tools' sets name them otherwise.
  /// A set holding other files too is Glyphsmith's when its `Contents.json` names only
  /// such files (the user's files `--force` kept in it, or added since).
  /// A `Contents.json` there is `appicon`'s only when every image it lists names one of
  /// those files and it holds nothing but `images` and `info` (issue 32, sixth trial: Xcode's
  /// `AppIcon.appiconset`, a `Contents.json` alone listing slots without files and mac
  /// slots or `properties`, was replaced without `--force`).
  static func isOwnSet(_ folder: String) -> Bool {
    guard let names = Platform.folderNames(atPath: folder) else { return false }
    guard names.contains("Contents.json") else {
      return names.allSatisfy { knownNames.contains($0) || $0.hasPrefix(".") }
    }
    guard let data = FileBytes.read(folder + "/Contents.json"),
      let object = JSONValue.parse(data)?.object,
      Set(object.keys).isSubset(of: ["images", "info"]),
      let list = object["images"]?.array, !list.isEmpty
    else { return false }
    // Every element an object, as `as? [[String: Any]]` required.
    let images = list.compactMap(\.object)
    guard images.count == list.count else { return false }
    return images.allSatisfy { image in
      image["filename"]?.string.map(knownNames.contains) ?? false
    }
  }

  /// The names of the files `appicon` writes in an app icon set: `Contents.json`,
  /// `icon-1024.png`, `icon-1024-dark.png`, `icon-1024-tinted.png` and the legacy slots'.
  static let knownNames: Set<String> = {
    var known: Set<String> = ["Contents.json", "icon-1024.png"]
    for value in ["dark", "tinted"] { known.insert("icon-1024-\(value).png") }
    for slot in LegacyIconSlot.iOS { known.insert(slot.filename(prefix: "icon")) }
    return known
  }()

  /// Writes `files` as `catalogPath/NAME.appiconset`, atomically (the folder replaced
  /// whole), after creating the catalog folder and its root `Contents.json` when missing.
  /// An existing set that is not Glyphsmith's (`isOwnSet`) is replaced only with `force`,
  /// which writes its files into it and keeps every other file there (`--force` replaces
  /// only what it writes).
  /// - Returns: the catalog folder (without trailing slashes), the app icon set's folder,
  ///   whether the set was left alone (it already held exactly these files, its own), and
  ///   the warnings to tell: the set `force` replaced (`OutputOwnership.replacedWarning`)
  ///   and each file kept in it (`OutputOwnership.userFileWarning`).
  /// - Throws: `GlyphsmithError.unusable` naming the set and `input` when it is not
  ///   Glyphsmith's (`OutputOwnership.problem`), or when another asset of the catalog has its
  ///   name (naming both), before anything is written;
  ///   `GlyphsmithError.writeFailed` naming what could not be written.
  static func write(
    _ files: [(name: String, data: Data)], name: String, catalogPath: String,
    input: String = "-", force: Bool = false
  ) throws -> (root: String, folder: String, notices: [Diagnostic], unchanged: Bool) {
    var root = catalogPath
    while root.count > 1 && root.hasSuffix("/") { root.removeLast() }
    let target = root + "/" + name + ".appiconset"
    // An asset of the same name elsewhere in the catalog (any folder or type) makes Xcode
    // load neither (issue 32, sixth trial: `--name bell` was written beside `bell.imageset`).
    let others = (SymbolJob.catalogAssets(in: root)[name.lowercased()] ?? []).filter {
      OutputManifest.normalised($0) != OutputManifest.normalised(target)
    }
    if !others.isEmpty {
      throw GlyphsmithError.unusable(
        path: input,
        problem:
          "app icon set '\(name)' (\(target)) would collide with \(others.joined(separator: ", ")) (asset names are unique in a catalog, whatever their folder or type: Xcode cannot load both); give --name another name or rename it"
      )
    }
    var notices = cleanLeftovers(of: target, writing: Set(files.map(\.name)))
    var keeping: [String] = []
    if Platform.status(ofPath: target) != nil {
      if !isOwnSet(target) {
        guard force else { throw OutputOwnership.notOwned(target, input: input) }
        notices.append(OutputOwnership.replacedWarning(target))
      }
      // Every file in it that `appicon` does not write is kept and named.
      let written = Set(files.map(\.name))
      keeping = (Platform.folderNames(atPath: target) ?? []).filter {
        !written.contains($0) && !Self.knownNames.contains($0)
      }.sorted()
      notices += keeping.compactMap { OutputOwnership.userFileWarning(path: target + "/" + $0) }
    }
    do {
      try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
    } catch {
      throw GlyphsmithError.writeFailed(path: root, reason: "cannot create the catalog folder")
    }
    let rootContents = root + "/Contents.json"
    if !FileManager.default.fileExists(atPath: rootContents) {
      try AtomicFile.write(try AssetContents().xcodeJSON(), toPath: rootContents)
    }
    let folder = root + "/" + name + ".appiconset"
    // A rerun with the same inputs leaves the set, its bytes, inodes and times, alone (Xcode
    // sees no change; issue 35's second trial, finding 10, as the `.icon` bundle does): its
    // own, holding exactly the files it writes, each with these bytes.
    let unchanged =
      notices.isEmpty && keeping.isEmpty && Platform.status(ofPath: folder) != nil
      && Set(Platform.folderNames(atPath: folder) ?? []) == Set(files.map(\.name))
      && files.allSatisfy { FileBytes.read(folder + "/" + $0.name) == $0.data }
    if !unchanged { try AtomicFolder.write(files, toPath: folder, keeping: keeping) }
    return (root, folder, notices, unchanged)
  }

  /// Cleans what killed runs left beside the set at `target` (`.NAME.appiconset.tmp-PID-N`
  /// or `.old-PID-N` of a process that is gone, in the catalog): a set moved aside while
  /// `NAME.appiconset` is missing is put back; a leftover holding only files the set holds
  /// too with the same bytes, files Glyphsmith marked, or (a staging folder, which only a run
  /// writes into) files of the names `writing` lists, is removed; any other is kept and its
  /// first such file named (issue 35's fifth trial, F3: `--fallback`'s staging folder stayed
  /// for good, and validate asked for a `build` the user never ran).
  /// - Returns: a warning (kind `output-record`) for each leftover put back or kept.
  static func cleanLeftovers(of target: String, writing: Set<String>) -> [Diagnostic] {
    let root = FileName.parent(of: target).isEmpty ? "." : FileName.parent(of: target)
    let name = PathName(target).lastPathComponent
    var warnings: [Diagnostic] = []
    for leftover in OutputSafety.staleStaging(in: root)
    where OutputSafety.stagedTarget(leftover)?.target == name {
      let path = root + "/" + leftover
      let retired = OutputSafety.stagedTarget(leftover)?.retired == true
      guard Platform.kind(ofPath: path, followingLinks: false) == .folder else {
        try? FileManager.default.removeItem(atPath: path)
        continue
      }
      if retired && Platform.kind(ofPath: target, followingLinks: false) == nil {
        if (try? Platform.rename(path, to: target)) != nil {
          warnings.append(
            .warning(
              "put back from \(leftover), where a glyphsmith run killed while replacing it had "
                + "moved it", path: target, kind: Diagnostic.Kind.outputRecord))
          continue
        }
      }
      let foreign = (Platform.folderNames(atPath: path) ?? []).sorted().first { entry in
        let file = path + "/" + entry
        if OutputSafety.sameContent(file, target + "/" + entry) { return false }
        if OutputOwnership.isOwnStagedFile(folder: path, name: entry, target: target) {
          return false
        }
        return retired || !writing.contains(entry)
          || Platform.kind(ofPath: file, followingLinks: false) != .regular
      }
      if let foreign {
        warnings.append(
          .warning(
            "left by a glyphsmith run that was killed, and holds \(foreign), which glyphsmith "
              + "did not write; kept: move it out, then delete the folder", path: path,
            kind: Diagnostic.Kind.outputRecord))
      } else if (try? FileManager.default.removeItem(atPath: path)) == nil {
        warnings.append(
          .warning(
            "left by a glyphsmith run that was killed; cannot be removed: delete it", path: path,
            kind: Diagnostic.Kind.outputRecord))
      }
    }
    return warnings
  }

  /// Renders `artwork` into a `side` x `side` px square (plain role, aspect kept, centred,
  /// original colours or `foreground`), inset by `padding` x `side` px on each side.
  static func render(
    _ artwork: Artwork, side: Int, padding: Double = 0, foreground: RGBA8? = nil
  ) throws -> RenderedGlyph {
    var options = RenderOptions()
    options.role = .plain
    options.template = false
    options.widthPx = side
    options.heightPx = side
    options.paddingPt = padding * Double(side)
    options.tint = foreground
    return try GlyphRenderer.render(artwork, options: options)
  }

  /// A warning when the artwork is not square (it is centred, leaving bands).
  static func squareWarning(_ artwork: Artwork) -> [Diagnostic] {
    let size = artwork.canvasSize
    guard abs(size.width - size.height) > 0.001 else { return [] }
    return [
      .warning(
        "the artwork is \(size) (not square); it is centred in the 1024x1024 px icon; give square artwork",
        path: artwork.path, kind: Diagnostic.Kind.appearance)
    ]
  }

  /// A warning when a corner of the rendered marketing icon is not opaque.
  static func cornerWarning(_ image: RGBAImage, path: String, background: RGBA8) -> [Diagnostic] {
    let corners = [
      ("top-left", 0, 0), ("top-right", image.width - 1, 0), ("bottom-left", 0, image.height - 1),
      ("bottom-right", image.width - 1, image.height - 1),
    ]
    let transparent = corners.filter { image[$0.1, $0.2].a < 255 }.map(\.0)
    guard !transparent.isEmpty else { return [] }
    let hex = String(background.description.prefix(7))
    return [
      .warning(
        "transparent corner (\(transparent.joined(separator: ", "))); the marketing icon is flattened onto \(hex) because the App Store rejects alpha; fill the background in the artwork or pass --background COLOR",
        path: path, kind: Diagnostic.Kind.appearance)
    ]
  }
}
