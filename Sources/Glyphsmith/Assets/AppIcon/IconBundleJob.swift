import FoundationEssentials
import Glibc
import GlyphsmithCore

/// Writes an Icon Composer `.icon` bundle (Xcode 26 app icons; docs/formats.md, "Icon
/// Composer") from SVG or PNG layers: `NAME.icon/icon.json` (`IconComposerDocument`, in
/// Apple's byte layout, only key paths and value forms of Apple's own documents:
/// `IconComposerVocabulary`), `Assets/` (each layer file copied byte for byte under its own
/// name, spaces kept) and Glyphsmith's mark (`markName`). The bundle is replaced whole and
/// atomically; one Glyphsmith did not write is never replaced without `force`.
///
/// The document: the foreground (and `layerPaths` behind it) in one group with Icon
/// Composer's default shadow (neutral, 0.5) and translucency (on, 0.5); a background file in
/// a group of its own behind it, without glass; the document fill `automatic`, or for a
/// background colour that colour in Display P3 as a two-stop gradient of one colour (the only
/// document fill form with a colour list Apple's files show); `supported-platforms` as Icon
/// Composer writes it (watchOS circles, shared squares).
public enum IconBundleJob {
  /// The hidden file in the bundle that marks it as Glyphsmith's: a line `glyphsmith FILE
  /// sha256 HEX` for each file written, `icon.json` first, then each `Assets/NAME` in sorted
  /// order (the SHA-256 of its bytes, lower-case hex). A bundle whose files no longer match
  /// (re-saved in Icon Composer, a layer file edited, added or removed) is not replaced without
  /// `--force` (`ownership(of:)`). Marks written before issue 35's trial hold the `icon.json`
  /// line only; they are still read, and vouch for `icon.json` only.
  public static let markName = ".glyphsmith-icon"

  /// Writes the bundle at `bundlePath` (its name ends in `.icon`; the parent folder is created
  /// when missing), then validates it (`IconBundleCheck`, SVG layers with librsvg).
  /// - Throws: `GlyphsmithError.invalidOption` for a path without `.icon`, or a `--fallback`
  ///   that is no `.xcassets` or lies inside the bundle (`IconBundleFallback.checkCatalog`);
  ///   `.unusable` naming
  ///   the second of two layers with one file name and other bytes; `.unreadable`/`.render`/
  ///   `.unusable` naming the second of two layers whose file names differ only in case;
  ///   `.unusable` for a layer that cannot be read or rendered, or whose content is not what
  ///   its extension says (PNG data named `.svg`, SVG named `.png`:
  ///   `IconBundleCheck.extensionProblem`), before anything is written; `.unusable` naming the
  ///   foreground, before anything is written, for an existing bundle that is not
  ///   Glyphsmith's or was changed since it wrote it (`Ownership.problem`), unless `force`;
  ///   `.writeFailed`.
  public static func run(
    foregroundPath: String, bundlePath: String, options: IconBundleOptions
  ) throws -> IconBundleResult {
    var bundle = bundlePath
    while bundle.count > 1 && bundle.hasSuffix("/") { bundle.removeLast() }
    guard IconBundleCheck.isBundleName(bundle) else {
      throw GlyphsmithError.invalidOption(
        "an Icon Composer bundle is a folder named NAME.icon; got '\(bundlePath)'")
    }
    try checkPlace(bundle: bundle, foreground: foregroundPath)
    try checkRepeats(foregroundPath: foregroundPath, options: options)
    var diagnostics: [Diagnostic] = placeWarnings(bundle: bundle) + cleanLeftovers(of: bundle)
    let fallbackName = try options.fallbackCatalog.map { catalog in
      try IconBundleFallback.checkCatalog(catalog, bundle: bundle)
      return try IconBundleFallback.name(options.fallbackName, bundle: bundle)
    }
    // Every layer: loaded and drawn as every input is, before anything is written.
    var options = options
    var foreground = fileName(foregroundPath)
    var layerNames = options.layerPaths.map(fileName)
    typealias Source = (name: String, path: String, data: Data, artwork: Artwork)
    func source(_ path: String) throws -> Source {
      let artwork = try Artwork(path: path)
      return (fileName(path), path, try FileBytes.readInput(path), artwork)
    }
    var sources: [Source] = []
    var backgroundIsGroup = false
    if options.layersFromGroups {
      // The whole file first (its size limits, and that it renders), then each group.
      _ = try Artwork(path: foregroundPath)
      let folder = URL(fileURLWithPath: foregroundPath).deletingLastPathComponent()
      // A hidden layer (Inkscape: `style="display:none"`) is left out, as Inkscape's own
      // export leaves it out, and said so (issue 35's fourth trial, L3).
      let parts = try groupLayers(of: foregroundPath)
      let shown = parts.filter { $0.hidden == nil }
      for part in parts {
        guard let why = part.hidden else { continue }
        diagnostics.append(
          .warning(
            "layer '\(part.name)' is hidden (\(why)) in \(fileName(foregroundPath)): left out",
            path: foregroundPath, kind: Diagnostic.Kind.launcherLayer))
      }
      guard !shown.isEmpty else {
        throw GlyphsmithError.unusable(
          path: foregroundPath,
          problem:
            "--layers-from-groups: every top-level group is hidden (\(parts.map { "'\($0.name)': \($0.hidden!)" }.joined(separator: ", "))); show the layers to export")
      }
      var front: [Source] = try shown.reversed().map { part in
        let path = foregroundPath + "#" + part.id
        return (
          part.name + ".svg", path, part.data,
          try Artwork(data: part.data, path: path, baseDirectory: folder)
        )
      }
      if options.background == nil,
        let index = front.firstIndex(where: { $0.name.lowercased() == "background.svg" })
      {
        let back = front.remove(at: index)
        options.background = .file(back.name)
        backgroundIsGroup = true
        sources.append(back)
      }
      guard let first = front.first else {
        throw GlyphsmithError.unusable(
          path: foregroundPath, problem: onlyBackgroundProblem(hidden: parts))
      }
      foreground = first.name
      layerNames = front.dropFirst().map(\.name) + layerNames
      sources = front + sources
    } else {
      sources.append(try source(foregroundPath))
    }
    var paths =
      (options.darkPath.map { [$0] } ?? []) + (options.tintedPath.map { [$0] } ?? [])
      + options.layerPaths
    if case .file(let path) = options.background, !backgroundIsGroup { paths.append(path) }
    sources += try paths.map(source)
    var files: [String: (path: String, data: Data)] = [:]
    var folded: [String: Source] = [:]
    for source in sources {
      // macOS's file system (where the bundle is compiled) takes names that differ only in
      // case for one file: one layer would replace the other when the bundle is copied.
      if let earlier = folded[source.name.lowercased()],
        !earlier.name.utf8.elementsEqual(source.name.utf8), earlier.name == source.name
      {
        let form = SVGGroupSplitter.normalForm
        throw GlyphsmithError.unusable(
          path: source.path,
          problem:
            "its layer file name '\(source.name)' differs from '\(earlier.name)' (of \(earlier.path)) only in Unicode normalisation (\(form(source.name)) and \(form(earlier.name))); macOS's file system takes them for one file; rename one"
        )
      }
      if let earlier = folded[source.name.lowercased()], earlier.name != source.name {
        throw GlyphsmithError.unusable(
          path: source.path,
          problem:
            "its layer file name '\(source.name)' differs from '\(earlier.name)' (of \(earlier.path)) only in case; macOS's file system takes them for one file; rename one"
        )
      }
      folded[source.name.lowercased()] = folded[source.name.lowercased()] ?? source
      // A file name no file system holds (a 300-character group id): refused before anything
      // is written, naming the layer, not the staging folder (issue 35's fourth trial, L2).
      if source.name.utf8.count > Self.maximumFileNameBytes {
        throw GlyphsmithError.unusable(
          path: source.path,
          problem:
            "its layer file name would be \(source.name.utf8.count) bytes ('\(source.name.prefix(24))…'); "
            + "a file name holds at most \(Self.maximumFileNameBytes) bytes (NAME_MAX); give the "
            + "group a shorter id or label, or the file a shorter name")
      }
      // Icon Composer and actool decode a layer by its extension (Glyphsmith by its
      // signature): PNG data named .svg would be another layer on the Mac (issue 35's fourth
      // trial, F2). A group of --layers-from-groups is SVG named .svg.
      if let problem = IconBundleCheck.extensionProblem(source.name, head: source.data.prefix(512)) {
        throw GlyphsmithError.unusable(path: source.path, problem: problem)
      }
      _ = try source.artwork.ink()
      diagnostics += source.artwork.diagnostics
      if let earlier = files[source.name], earlier.data != source.data {
        throw GlyphsmithError.unusable(
          path: source.path,
          problem:
            "the layer \(earlier.path) has the same file name, '\(source.name)', and other bytes; Assets/ holds one file of a name; rename one"
        )
      }
      files[source.name] = (source.path, source.data)
    }
    let planned = IconComposerBundle(
      path: bundle,
      document: document(
        foreground: foreground, dark: options.darkPath.map(fileName),
        tinted: options.tintedPath.map(fileName), layers: layerNames,
        background: options.background, darkBackground: options.darkBackground))
    // No more layers in a group than Glyphsmith reads (`validate` refuses the bundle
    // otherwise; issue 35's third trial, finding 5): refused before anything is written.
    // More than Icon Composer's documents hold (8) is written, with `validate`'s warning.
    for group in planned.document.groups
    where group.layers.count > IconComposerDocument.layerLimit {
      throw GlyphsmithError.unusable(
        path: foregroundPath,
        problem:
          "its group would hold \(group.layers.count) layers (the foreground, each --layer and "
          + "each top-level group of --layers-from-groups); Glyphsmith reads at most "
          + "\(IconComposerDocument.layerLimit) in a group (Icon Composer's documents hold at "
          + "most \(IconComposerDocument.maximumLayers)); merge layers into fewer files")
    }
    for (name, file) in files {
      planned.provide(
        try Artwork(
          data: file.data, path: file.path,
          baseDirectory: URL(fileURLWithPath: file.path).deletingLastPathComponent()), for: name)
    }
    if let darkPath = options.darkPath {
      try checkDarkCanvas(
        dark: planned.artwork(fileName(darkPath)), foreground: planned.artwork(foreground),
        darkPath: darkPath, foregroundPath: foregroundPath)
    }
    let (document, notes) = try self.document(
      foreground: foreground, dark: options.darkPath.map(fileName),
      tinted: options.tintedPath.map(fileName), layers: layerNames, options: options,
      in: planned)
    diagnostics += notes.map {
      Diagnostic(.note, path: foregroundPath, kind: Diagnostic.Kind.appearance, message: $0)
    }
    diagnostics += try fullCanvasNotes(
      document, bundle: planned, paths: files.mapValues(\.path))
    diagnostics += try enlargedRasters(in: document, bundle: planned, files: files)
    let json = document.encoded()
    // What this run writes, by path in the bundle (what an older mark cannot vouch for is
    // compared with it).
    var plannedFiles = ["icon.json": json]
    for (name, file) in files { plannedFiles["Assets/" + name] = file.data }

    // Whose the bundle is, judged on one folder: another run that swaps in its bundle while
    // this one looks (its folder renamed aside, the new one renamed in) shows a mix of the
    // two, or a moment without one; the check is made again on the folder now there, and
    // again before the swap below should it change once more (issue 35's fourth trial, L1:
    // one of 16 concurrent runs said a file "was added since glyphsmith wrote" the bundle).
    var checked = try checkOwnership(
      bundle: bundle, planned: plannedFiles, foregroundPath: foregroundPath, force: options.force,
      diagnostics: &diagnostics)
    if let catalog = options.fallbackCatalog, let fallbackName {
      try IconBundleFallback.checkOwnership(
        catalog: catalog, name: fallbackName, input: foregroundPath, force: options.force)
    }
    let parent = FileName.parent(of: bundle)
    if !parent.isEmpty {
      do {
        try FileManager.default.createDirectory(
          atPath: parent, withIntermediateDirectories: true)
      } catch {
        throw GlyphsmithError.writeFailed(path: parent, reason: "cannot create the folder")
      }
    }
    let assets = files.keys.sorted().map { ("Assets/" + $0, files[$0]!.data) }
    let newMark = mark([("icon.json", json)] + assets)
    let written = [("icon.json", json), (markName, newMark)] + assets
    // A rerun with the same inputs leaves the bundle, its bytes and times, alone (Xcode sees
    // no change; issue 35's trial, finding 23): Glyphsmith's own, every file as it wrote it
    // (the check above, on the folder still there), and the same files.
    var unchanged = false
    for attempt in 1...Self.readAttempts {
      unchanged =
        checked?.own == true && FileBytes.read(bundle + "/" + markName) == newMark
      // The folder checked is still the one there: swapped now (a window of a few calls).
      if Self.identity(bundle) == checked?.identity { break }
      if attempt == Self.readAttempts { throw replacedWhileWriting(bundle) }
      checked = try checkOwnership(
        bundle: bundle, planned: plannedFiles, foregroundPath: foregroundPath,
        force: options.force, diagnostics: &diagnostics)
    }
    if !unchanged { try AtomicFolder.write(written, toPath: bundle, remove: removeMarkLast) }
    // Each layer as the bundle holds it (what it links to beside the input is not there),
    // from the bytes written, not read back: another run may replace the bundle meanwhile
    // (issue 35's third trial, finding 7: 16 of 21 concurrent runs said "cannot read: no such
    // file").
    let opened = IconComposerBundle(path: bundle, document: document)
    let assetsFolder = URL(fileURLWithPath: bundle + "/Assets", isDirectory: true)
    for (name, file) in files {
      opened.provide(
        try Artwork(data: file.data, path: opened.filePath(name), baseDirectory: assetsFolder),
        for: name)
    }
    for name in files.keys.sorted() {
      // What the canvas shows decides; the file's own ink (measured at its own width and
      // height) only for a file no appearance draws (issue 35's second trial, finding 8).
      let coverage = try drawnCoverage(of: name, document: document, bundle: opened)
      if let coverage, coverage >= 1 { continue }
      let ink = try opened.artwork(name).ink()
      let why: String
      if ink == nil {
        why =
          "it is empty, or its art is in a file it links to (<image href>) that is not in the "
          + "bundle"
      } else if let coverage, coverage < 1 {
        // Placed so small (or so far off) that it covers less than a px of the 1024 px icon
        // (issue 35's second trial, finding 6).
        let size = try opened.artwork(name).canvasSize
        let placed = drawnScale(of: name, document: document).map {
          " at \((size.width * $0).lintText) x \((size.height * $0).lintText) pt (scale "
            + String(cFormat: "%.3g", $0) + ")"
        }
        why = "placed\(placed ?? ""), it covers \(coverage.lintText) px of the 1024 px icon"
      } else {
        continue
      }
      diagnostics.append(
        .warning(
          "draws nothing in the bundle (\(bundle)/Assets/\(name)): \(why); the layer will be "
            + "invisible", path: files[name]!.path, kind: Diagnostic.Kind.launcherLayer))
    }
    // The bundle read back as `validate` and `lint --role icon-layer BUNDLE` read it; read
    // again when another run replaced it meanwhile (its folder is another one after the
    // reading), and said so when that keeps happening (issue 35's third trial, finding 7).
    var findings: [CatalogFinding] = []
    var lint: [LintFileReport] = []
    for attempt in 1...Self.readAttempts {
      let before = Self.identity(bundle)
      do {
        findings = IconBundleCheck.check(
          bundle: bundle,
          asset: IconBundleCheck.assetName(PathName(bundle).lastPathComponent),
          svgLayer: IconLayerCheck.svg)
        lint = findings.isEmpty ? try IconLayerLinter.lint(bundlePath: bundle) : []
        if before != nil && Self.identity(bundle) == before { break }
      } catch {
        if before != nil && Self.identity(bundle) == before { throw error }
      }
      if attempt == Self.readAttempts {
        throw GlyphsmithError.unusable(
          path: bundle,
          problem:
            "written, but another run replaced the bundle while this one was reading it back "
            + "(\(Self.readAttempts) times), so it was not checked; run again, one run at a "
            + "time, or 'glyphsmith validate \(bundle)'")
      }
    }
    var fallback: AppIconResult? = nil
    if let catalog = options.fallbackCatalog, let fallbackName {
      fallback = try IconBundleFallback.write(
        bundlePath: bundle, catalog: catalog, name: fallbackName, input: foregroundPath,
        force: options.force)
    }
    return IconBundleResult(
      bundle: bundle, unchanged: unchanged, layerFiles: files.keys.sorted(),
      diagnostics: diagnostics,
      findings: findings, lint: lint, fallback: fallback,
      clashes: IconBundleFallback.clashes(
        bundlePath: bundle, catalogs: options.fallbackCatalog.map { [$0] } ?? [],
        fallback: fallback?.folder))
  }

  /// Checks whose the existing bundle at `bundle` is (`ownership(of:planned:)`) on one folder:
  /// when the folder there changes during the check (another run swapped in its bundle), the
  /// check is made again, up to `readAttempts` times. Appends `--force`'s warning for a bundle
  /// not Glyphsmith's as it wrote it.
  /// - Returns: the identity (`identity(_:)`) of the folder checked and whether it is
  ///   Glyphsmith's as it wrote it (`.own`); `nil` when there is none.
  /// - Throws: `GlyphsmithError.unusable` naming `foregroundPath` with `Ownership.problem`
  ///   unless `force`; `.unusable` naming the bundle when it keeps changing during the check
  ///   (`replacedWhileWriting`).
  static func checkOwnership(
    bundle: String, planned: [String: Data], foregroundPath: String, force: Bool,
    diagnostics: inout [Diagnostic]
  ) throws -> (identity: [UInt64], own: Bool)? {
    for _ in 1...Self.readAttempts {
      guard let before = Self.identity(bundle) else {
        FaultInjection.swapBundle(bundle, stage: .back)
        // None there (or one swapping in right now): looked at again.
        if Self.identity(bundle) == nil { return nil }
        continue
      }
      let ownership = ownership(of: bundle, planned: planned)
      FaultInjection.swapBundle(bundle, stage: .back)
      guard Self.identity(bundle) == before else { continue }
      if ownership != .own {
        guard force else {
          throw GlyphsmithError.unusable(path: foregroundPath, problem: ownership.problem(bundle))
        }
        // Once, should the check be made again before the swap.
        let warning = ownership.forcedWarning(bundle)
        if !diagnostics.contains(warning) { diagnostics.append(warning) }
      }
      return (before, ownership == .own)
    }
    throw replacedWhileWriting(bundle)
  }

  /// `BUNDLE: error: another run replaced NAME.icon while this one was writing (N times), so
  /// whose it is could not be told; nothing was written; run again, one run at a time`.
  static func replacedWhileWriting(_ bundle: String) -> GlyphsmithError {
    .unusable(
      path: bundle,
      problem:
        "another run replaced \(PathName(bundle).lastPathComponent) while this one was "
        + "writing (\(Self.readAttempts) times), so whose it is could not be told; nothing was "
        + "written; run again, one run at a time")
  }

  /// How often the written bundle is read back (`validate`'s check and the layers' lint)
  /// while other runs keep replacing it.
  static let readAttempts = 5

  /// The folder at `path` as the system knows it (device, inode and change time, links
  /// followed): another one once the folder was replaced by a rename (the change time tells a
  /// new folder that reused a removed one's inode, and a folder renamed away and back);
  /// `nil` when it is gone.
  static func identity(_ path: String) -> [UInt64]? {
    var info = stat()
    guard FileName.withCPath(path, { stat($0, &info) }) == 0 else { return nil }
    return [
      UInt64(info.st_dev), UInt64(info.st_ino), UInt64(bitPattern: Int64(info.st_ctim.tv_sec)),
      UInt64(bitPattern: Int64(info.st_ctim.tv_nsec)),
    ]
  }

  /// How much of the 1024 px icon (1 px per pt of the canvas) the layer file `name` covers as
  /// `document` places it (`IconComposerRenderer.layerImage`: its position's scale and
  /// translation, its fill): the sum of its alpha over 255, in px, the most of the light,
  /// dark and tinted appearances; `nil` when no appearance draws it. Decides "draws nothing"
  /// by what is drawn on the bundle's canvas, not by the file's own width and height (issue
  /// 35's second trial, findings 6 and 8: a 20000 px wide SVG drawn at 665 pt draws; one
  /// placed at scale 0.001 does not).
  /// - Throws: as `IconComposerRenderer.layerImage`, naming the file.
  static func drawnCoverage(
    of name: String, document: IconComposerDocument, bundle: IconComposerBundle
  ) throws -> Double? {
    var most: Double? = nil
    for appearance in [IconAppearance.light, .dark, .tinted] {
      let scene = IconScene(document, appearance: appearance)
      guard
        let layer = scene.groups.lazy.flatMap(\.layers).first(where: { $0.imageName == name })
      else { continue }
      let image = try IconComposerRenderer.layerImage(
        layer, in: bundle, appearance: .light, side: Int(IconScene.canvas))
      var sum = 0
      for i in stride(from: 3, to: image.pixels.count, by: 4) { sum += Int(image.pixels[i]) }
      most = max(most ?? 0, Double(sum) / 255)
      if most! >= 1 { break }
    }
    return most
  }

  /// The scale `document` draws layer file `name` at (its group's times its own, the default
  /// entries), for messages; `nil` when no layer draws it.
  static func drawnScale(of name: String, document: IconComposerDocument) -> Double? {
    for group in document.groups {
      for layer in group.layers where layer.imageNames.contains(name) {
        return (group.position.value?.scale ?? 1) * (layer.position.value?.scale ?? 1)
      }
    }
    return nil
  }

  /// A warning for each PNG layer that `document` draws larger than its px (a `scale` over
  /// 1: the icon is drawn at 1 px per pt of the 1024 pt canvas, so each px of the file is
  /// spread over more than one), naming the input (`files[name].path`), its px size and the
  /// size in pt it is drawn at: it blurs, where the flat `.appiconset` refuses more than 2x
  /// (`AppIconJob.maximumUpscale`) without `--allow-upscale` (issue 35's trial, finding 16).
  /// - Throws: as `IconComposerBundle.artwork`.
  static func enlargedRasters(
    in document: IconComposerDocument, bundle: IconComposerBundle,
    files: [String: (path: String, data: Data)]
  ) throws -> [Diagnostic] {
    var warned: Set<String> = []
    var out: [Diagnostic] = []
    for group in document.groups {
      let groupScale = group.position.value?.scale ?? 1
      for layer in group.layers {
        guard let name = layer.imageNames.first, let file = files[name],
          !warned.contains(name)
        else { continue }
        let artwork = try bundle.artwork(name)
        let scale = groupScale * (layer.position.value?.scale ?? 1)
        guard artwork.isRaster, scale > 1.005 else { continue }
        warned.insert(name)
        let size = artwork.canvasSize
        func pt(_ v: Double) -> String { (v * scale).lintText }
        out.append(
          .warning(
            "a \(Int(size.width)) x \(Int(size.height)) px PNG drawn \(scale.lintText)x larger, "
              + "\(pt(size.width)) x \(pt(size.height)) pt of the 1024 pt canvas (1024 px on the "
              + "App Store): it will look blurred; give a PNG of at least "
              + "\(Int((size.width * scale).rounded(.up))) x "
              + "\(Int((size.height * scale).rounded(.up))) px, or an SVG", path: file.path,
            kind: Diagnostic.Kind.upscaledRaster))
      }
    }
    return out
  }

  /// Refuses, before anything is read, a foreground that is itself a `.icon` bundle (a folder:
  /// `appicon --format icon` writes one from SVG or PNG layers, `validate` and `--preview`
  /// read one), an output that is a symbolic link (the bundle is replaced by a rename, which
  /// a link cannot take), and an output inside another `.icon` bundle (issue 35's trial,
  /// findings 7, 18, 9).
  /// - Throws: `GlyphsmithError.unusable` naming the foreground; `.invalidOption` for the
  ///   output inside a bundle.
  static func checkPlace(bundle: String, foreground: String) throws {
    if IconBundleCheck.isBundleName(foreground),
      Platform.status(ofPath: foreground)?.isFolder == true
    {
      throw GlyphsmithError.unusable(
        path: foreground,
        problem:
          "is an Icon Composer bundle, not a layer; appicon --format icon writes a bundle from SVG or PNG layers (give the foreground's art), and a bundle is read by 'glyphsmith validate' and 'glyphsmith appicon BUNDLE --preview FILE' (nothing rewrites one)"
      )
    }
    if Platform.kind(ofPath: bundle, followingLinks: false) == .link {
      let target = (try? FileManager.default.destinationOfSymbolicLink(atPath: bundle)) ?? "?"
      throw GlyphsmithError.unusable(
        path: foreground,
        problem:
          "\(bundle) is a symbolic link (to \(target)); give the bundle's real path in -o")
    }
    let parts = URL(fileURLWithPath: bundle).standardizedFileURL.pathComponents.dropLast()
    if let outer = parts.last(where: { IconBundleCheck.isBundleName($0) }) {
      throw GlyphsmithError.invalidOption(
        "-o \(bundle) is inside the bundle \(outer); a .icon bundle holds icon.json and its layers in Assets/, no other bundle: give a path outside it"
      )
    }
  }

  /// Refuses a layer given twice (`--layer x --layer x`), or a `--layer`, `--dark`,
  /// `--tinted` or `--background` file that is the foreground itself (one file for `--dark`
  /// and `--tinted` is a choice, and taken): each adds nothing (the
  /// same file in `Assets/` once; a dark or tinted appearance drawing what light draws), so it
  /// is a mistake, not a wish (issue 35's second trial, finding 14). Files are the same when
  /// their paths lead to one file (links resolved).
  /// - Throws: `GlyphsmithError.invalidOption` naming both options and the file.
  static func checkRepeats(foregroundPath: String, options: IconBundleOptions) throws {
    func key(_ path: String) -> String {
      URL(fileURLWithPath: path).standardizedFileURL.resolvingSymlinksInPath().path
    }
    var seen: [String: String] = [:]
    // The key each was seen under, as bytes: Swift's dictionary takes `café` in NFC and in
    // NFD for one key, Linux's file system for two files (issue 35's fifth trial, F5).
    var seenKeys: [String: String] = [:]
    if !options.layersFromGroups {
      seen[key(foregroundPath)] = "the foreground (ICON)"
      seenKeys[key(foregroundPath)] = key(foregroundPath)
    }
    var given: [(option: String, path: String)] = options.layerPaths.map { ("--layer", $0) }
    if let dark = options.darkPath { given.append(("--dark", dark)) }
    if let tinted = options.tintedPath { given.append(("--tinted", tinted)) }
    if case .file(let path)? = options.background { given.append(("--background", path)) }
    for (option, path) in given {
      if let earlier = seen[key(path)] {
        let problem: String
        if let earlierKey = seenKeys[key(path)], !earlierKey.utf8.elementsEqual(key(path).utf8) {
          let form = SVGGroupSplitter.normalForm
          throw GlyphsmithError.invalidOption(
            "\(option) \(path) and \(earlier) differ only in Unicode normalisation "
              + "(\(form(key(path))) and \(form(earlierKey))): two files here, one on macOS's file "
              + "system, and one layer file name in the bundle; rename one")
        } else if earlier == "the foreground (ICON)" {
          problem =
            option == "--layer"
            ? "is the foreground (ICON) itself: it would be one layer twice; leave out \(option) \(path)"
            : option == "--background"
              ? "is the foreground (ICON) itself: the back layer would draw the foreground's art; give the background's own art or a colour"
              : "is the foreground (ICON) itself: the \(option.dropFirst(2)) appearance would draw the light one's art; leave out \(option) or give the \(option.dropFirst(2)) art"
        } else if earlier == option + " " + path {
          problem = "is given twice: it would be one layer twice; leave out one"
        } else {
          problem = "is \(earlier) already: one file is one layer; leave out \(option) \(path)"
        }
        throw GlyphsmithError.invalidOption("\(option) \(path) \(problem)")
      }
      // The same dark and tinted art is a choice; only layers are compared with layers.
      if option == "--layer" {
        seen[key(path)] = option + " " + path
        seenKeys[key(path)] = key(path)
      }
    }
  }

  /// Why `--layers-from-groups` leaves no foreground when the background is the only group
  /// shown: the hidden groups of `hidden` (the file's top-level groups; those with
  /// `Part.hidden`) named with why, when there are any (issue 35's fifth trial, F9: a file of
  /// three groups was said to have the background as its only one), for the `.icon` writer
  /// and Android alike.
  static func onlyBackgroundProblem(hidden parts: [SVGGroupSplitter.Part]) -> String {
    let hidden = parts.filter { $0.hidden != nil }
    guard !hidden.isEmpty else {
      return "--layers-from-groups: its only top-level group is the background; give the foreground its own <g id> group"
    }
    return "--layers-from-groups: every top-level group but the background is hidden ("
      + hidden.map { "'\($0.name)': \($0.hidden!)" }.joined(separator: ", ")
      + "); show the foreground's layers to export, or give the foreground its own <g id> group"
  }

  /// Cleans what killed runs left beside the bundle at `bundle` (`.NAME.icon.tmp-PID-N`,
  /// `.NAME.icon.old-PID-N` of a process that is gone: `OutputSafety.stagingPID`), never
  /// losing what the user made (issue 35's third trial, finding 6: a hidden copy stayed for
  /// ever): an old bundle moved aside while `NAME.icon` is missing is put back; a leftover
  /// that is a bundle as Glyphsmith wrote it (`ownership(of:)` `.own`), or holds what
  /// `NAME.icon` holds (`OutputSafety.sameContent`), is removed; any other is kept.
  /// - Returns: a warning (kind `output-record`) naming each leftover put back, kept, or that
  ///   could not be removed.
  static func cleanLeftovers(of bundle: String) -> [Diagnostic] {
    let parent = FileName.parent(of: bundle).isEmpty ? "." : FileName.parent(of: bundle)
    let name = PathName(bundle).lastPathComponent
    var warnings: [Diagnostic] = []
    for leftover in OutputSafety.staleStaging(in: parent)
    where OutputSafety.stagedTarget(leftover)?.target == name {
      let path = (FileName.parent(of: bundle).isEmpty ? "" : parent + "/") + leftover
      let retired = OutputSafety.stagedTarget(leftover)?.retired == true
      if retired && Platform.kind(ofPath: bundle, followingLinks: false) == nil {
        if (try? Platform.rename(path, to: bundle)) != nil {
          warnings.append(
            .warning(
              "put back from \(leftover), where a glyphsmith run killed while replacing it had "
                + "moved it", path: bundle, kind: Diagnostic.Kind.outputRecord))
          continue
        }
      }
      let isFolder = Platform.kind(ofPath: path, followingLinks: false) == .folder
      if isFolder, ownership(of: path) != .own, !OutputSafety.sameContent(path, bundle),
        let foreign = foreignEntry(inLeftover: path, bundle: bundle, staging: !retired)
      {
        warnings.append(
          .warning(
            "left by a glyphsmith run that was killed, and holds \(foreign), which glyphsmith "
              + "did not write; kept: move it out, then delete the folder", path: path,
            kind: Diagnostic.Kind.outputRecord))
        continue
      }
      do {
        if let folder = isFolder ? AtomicFolder.readOnlyFolder(in: path) : nil {
          throw GlyphsmithError.writeFailed(path: folder, reason: "read-only")
        }
        try FileManager.default.removeItem(atPath: path)
      } catch {
        warnings.append(
          .warning(
            "left by a glyphsmith run that was killed; cannot be removed "
              + "(\(OutputManifest.removalReason(error, path: path))): delete it", path: path,
            kind: Diagnostic.Kind.outputRecord))
      }
    }
    return warnings
  }

  /// The first entry (its path relative to `leftover`, sorted, links not followed) of a
  /// leftover folder of a killed run beside the bundle at `bundle` that may be the user's;
  /// `nil` when every one is Glyphsmith's: the mark; a file the leftover's mark lists with
  /// its bytes; a file `bundle` holds too at the same place with the same bytes; in a staging
  /// folder (`staging`: `.NAME.icon.tmp-PID-N`, which only a run writes into) also
  /// `icon.json` and a file directly in `Assets/`, whole or half-written; a folder holding
  /// only such entries (issue 35's fifth trial, F3: a retired bundle whose mark the killed
  /// removal had unlinked first, and a staging folder cut short by SIGXFSZ, were both said to
  /// hold "files glyphsmith did not write" on every run).
  static func foreignEntry(inLeftover leftover: String, bundle: String, staging: Bool)
    -> String?
  {
    var listed: [String: String] = [:]
    if Platform.kind(ofPath: leftover + "/" + markName, followingLinks: false) == .regular,
      let data = FileBytes.read(leftover + "/" + markName), let entries = markEntries(data)
    {
      for entry in entries { listed[entry.file] = entry.hash }
    }
    for relative in AtomicFolder.entries(in: leftover) {
      let path = leftover + "/" + relative
      switch Platform.kind(ofPath: path, followingLinks: false) {
      case .folder?:
        // Judged by what it holds; an empty folder is no one's work.
        continue
      case .regular?:
        if relative == markName { continue }
        if let hash = listed[relative], let bytes = FileBytes.read(path),
          ContentHash.sha256(bytes) == hash
        {
          continue
        }
        if OutputSafety.sameContent(path, bundle + "/" + relative) { continue }
        let parts = relative.split(separator: "/", omittingEmptySubsequences: false)
        if staging
          && (relative == "icon.json" || (parts.count == 2 && parts[0] == "Assets"))
        {
          continue
        }
        return relative
      default:
        return relative
      }
    }
    return nil
  }

  /// Removes the bundle folder at `path` (an old bundle moved aside) with its mark last, so
  /// that a run killed part-way leaves a folder whose remaining files the mark still lists
  /// (`foreignEntry(inLeftover:bundle:staging:)` then knows them for Glyphsmith's; issue 35's
  /// fifth trial, F3: the mark went first and the rest was taken for the user's).
  /// - Throws: the first removal that fails.
  static func removeMarkLast(_ path: String) throws {
    for name in (Platform.folderNames(atPath: path) ?? []).sorted() where name != markName {
      try FileManager.default.removeItem(atPath: path + "/" + name)
    }
    if Platform.kind(ofPath: path + "/" + markName, followingLinks: false) != nil {
      try FileManager.default.removeItem(atPath: path + "/" + markName)
    }
    try FileManager.default.removeItem(atPath: path)
  }

  /// A warning when the bundle at `bundle` is written inside an asset catalog (a folder
  /// `.xcassets` among its parents): Xcode compiles a `.icon` placed in the project, beside
  /// the catalog, not inside it (docs/formats.md, "Icon Composer"; issue 35's trial, 9).
  static func placeWarnings(bundle: String) -> [Diagnostic] {
    let parts = URL(fileURLWithPath: bundle).standardizedFileURL.pathComponents.dropLast()
    guard
      let catalog = parts.last(where: { PathName($0).pathExtension.lowercased() == "xcassets" })
    else { return [] }
    return [
      .warning(
        "is inside the asset catalog \(catalog); Xcode 26 compiles a .icon placed in the "
          + "project beside the catalog, not inside it: move it out", path: bundle,
        kind: Diagnostic.Kind.catalog)
    ]
  }

  /// The layers `--layers-from-groups` makes of the SVG at `path`: its top-level `<g id>`
  /// groups, one document each, in document order (`SVGGroupSplitter`).
  /// - Throws: `GlyphsmithError.unreadable` for a file that cannot be read; `.unusable`
  ///   naming it for one that is no SVG or cannot be split (what is wrong).
  static func groupLayers(of path: String) throws -> [SVGGroupSplitter.Part] {
    let data = try FileBytes.readInput(path)
    guard PathName(path).pathExtension.lowercased() == "svg" else {
      throw GlyphsmithError.unusable(
        path: path, problem: "--layers-from-groups splits an SVG's groups; this is no .svg file")
    }
    switch SVGGroupSplitter.split(data) {
    case .success(let parts): return parts
    case .failure(let failure):
      throw GlyphsmithError.unusable(
        path: path, problem: "--layers-from-groups: \(failure.message)")
    }
  }

  /// Refuses `--dark` art whose canvas differs from the foreground's by more than 0.5 pt on a
  /// side: the dark file takes the foreground's place in its layer (`image-name-
  /// specializations`, the one per-appearance file swap Apple's documents hold), so it is
  /// drawn at the foreground layer's `position` (a 1024 pt bolt at a 24 pt rocket's scale
  /// 27.7 covered the whole dark icon; issue 35's third trial, finding 1).
  /// - Throws: `GlyphsmithError.unusable` naming `darkPath` and both canvases (pt).
  static func checkDarkCanvas(
    dark: Artwork, foreground: Artwork, darkPath: String, foregroundPath: String
  ) throws {
    let (d, f) = (dark.canvasSize, foreground.canvasSize)
    guard abs(d.width - f.width) > 0.5 || abs(d.height - f.height) > 0.5 else { return }
    throw GlyphsmithError.unusable(
      path: darkPath,
      problem:
        "--dark: its canvas is \(d.width.lintText) x \(d.height.lintText) pt and the foreground's (\(foregroundPath)) \(f.width.lintText) x \(f.height.lintText) pt; the dark art replaces the foreground's file in its layer and is drawn at its scale, so draw it on the foreground's canvas"
    )
  }

  /// The share of the icon's side a foreground's canvas spans when it is not drawn for the
  /// 1024 pt canvas: 0.65, the default glyph scale of generated documents (docs/formats.md,
  /// "Icon Composer").
  package static let glyphShare = 0.65

  /// The `position.scale` a layer file of `canvas` (pt) is written with: `nil` (its own size,
  /// scale 1) for a canvas of 1024 pt on its long side, drawn for Icon Composer's canvas;
  /// else, for the foreground and `--layer` files (`cover` false), the scale that makes the
  /// long side `glyphShare` of 1024 pt (a 24 pt glyph becomes 665.6 pt, not a speck); for a
  /// background file (`cover`), the scale that makes the short side 1024 pt (full bleed).
  /// A square canvas of a side other than 1024 pt (within 0.5) is art drawn for the whole
  /// icon (`isFullCanvas`), as a layer drawn for the 1024 pt canvas is: it is scaled to the
  /// canvas (`1024 / side`: a 2048 px export at 0.5, a 1000 px one at 1.024), not placed at
  /// `glyphShare`, so its layers line up with those drawn at 1024 (issue 35's fifth trial,
  /// F4: a 2048 px bolt went to 0.325 inside its 1024 pt ring).
  package static func scale(canvas: Size, cover: Bool) -> Double? {
    let long = max(canvas.width, canvas.height)
    let short = min(canvas.width, canvas.height)
    guard long > 0, short > 0,
      abs(long - IconScene.canvas) > 0.5 || (cover && short < IconScene.canvas - 0.5)
    else {
      return nil
    }
    if cover || isFullCanvas(canvas) { return IconScene.canvas / short }
    return glyphShare * IconScene.canvas / long
  }

  /// The least side (pt) of a square canvas taken for art of the whole icon: 90 % of the
  /// 1024 pt canvas (921.6 pt). Glyph canvases (16 to 512 pt: Lucide's 24, Font Awesome's
  /// 512) stay below it; exports of the icon at any resolution (1000, 2048, 3072 px) reach it.
  package static let fullCanvasSide = 0.9 * IconScene.canvas

  /// Whether a layer file of `canvas` (pt) is art of the whole icon canvas: square (sides
  /// within 0.5 pt) and at least `fullCanvasSide` on a side.
  package static func isFullCanvas(_ canvas: Size) -> Bool {
    abs(canvas.width - canvas.height) <= 0.5 && canvas.width >= fullCanvasSide
  }

  /// The notes for the front layer files `document` scales to the canvas as art of the whole
  /// icon (`isFullCanvas`, not 1024 pt): `FILE: note: is 2048 x 2048 pt, art of the whole
  /// icon canvas: drawn at scale 0.5, to the 1024 pt canvas (as a layer drawn at 1024 pt is)`.
  static func fullCanvasNotes(
    _ document: IconComposerDocument, bundle: IconComposerBundle, paths: [String: String]
  ) throws -> [Diagnostic] {
    var notes: [Diagnostic] = []
    var seen: Set<String> = []
    for g in document.groups.indices where g != 1 || document.groups.count == 1 {
      for layer in document.groups[g].layers {
        guard let name = layer.imageNames.first, seen.insert(name).inserted else { continue }
        let size = try bundle.artwork(name).canvasSize
        guard isFullCanvas(size), let scale = scale(canvas: size, cover: false) else { continue }
        notes.append(
          Diagnostic(
            .note, path: paths[name] ?? name, kind: Diagnostic.Kind.appearance,
            message:
              "is \(size.width.lintText) x \(size.height.lintText) pt, art of the whole icon "
              + "canvas: drawn at scale \(IconComposerJSON.number(scale)), to the 1024 pt canvas "
              + "(as a layer drawn at 1024 pt is)"))
      }
    }
    return notes
  }

  /// The document `run` writes, from the layer files `bundle` provides (by name): the
  /// document of `document(foreground:dark:tinted:layers:background:darkBackground:)` with each
  /// file placed by `scale(canvas:cover:)`, then the groups' and layers' properties of
  /// `options.properties` (a `position` given there wins), and the foreground filled white in each of the dark (when no
  /// `dark` file is given) and tinted (when no `tinted` file is given: the foreground is
  /// hidden there) appearances where its own colours would vanish (under
  /// 3:1 against what is behind it, `IconLayerLinter.contrast`: a black glyph on the dark
  /// background) and white raises that contrast (art already white is left as it is); each
  /// such fill comes with a note (a phrase) saying so.
  /// - Throws: as `IconComposerBundle.artwork` and the renderer, naming the file;
  ///   `IconBundleProperties.apply`'s errors.
  package static func document(
    foreground: String, dark: String?, tinted: String? = nil, layers: [String],
    options: IconBundleOptions, in bundle: IconComposerBundle
  ) throws -> (document: IconComposerDocument, notes: [String]) {
    typealias Document = IconComposerDocument
    var document = self.document(
      foreground: foreground, dark: dark, tinted: tinted, layers: layers,
      background: options.background, darkBackground: options.darkBackground)
    for g in document.groups.indices {
      for l in document.groups[g].layers.indices {
        guard let name = document.groups[g].layers[l].imageNames.first else { continue }
        let cover = g == 1
        let artwork = try bundle.artwork(name)
        if let scale = scale(canvas: artwork.canvasSize, cover: cover) {
          // A canvas too small to place (`width="0.0001"`) would be written with a scale
          // `validate` itself refuses (issue 35's third trial, finding 2).
          guard scale <= Document.Position.maximumScale else {
            let size = artwork.canvasSize
            throw GlyphsmithError.unusable(
              path: artwork.path,
              problem:
                "its canvas is \(String(cFormat: "%g", size.width)) x \(String(cFormat: "%g", size.height)) pt: placing it on the 1024 pt icon needs a scale of \(String(cFormat: "%g", scale)), over the \(IconComposerJSON.number(Document.Position.maximumScale)) Icon Composer takes; give the SVG a real width and height (or viewBox)"
            )
          }
          document.groups[g].layers[l].position = .init(Document.Position(scale: scale))
        }
      }
    }
    document = try options.properties.apply(
      to: document, key: "appicon.groups", source: options.propertiesSource)
    bundle.document = document
    var fills: [Document.Specialization<Document.Fill>] = []
    var notes: [String] = []
    let white = Document.Color(space: .displayP3, components: [1, 1, 1, 1])
    for appearance in [IconAppearance.dark, .tinted] where appearance != .dark || dark == nil {
      let scene = IconScene(document, appearance: appearance)
      guard let group = scene.groups.first(where: { $0.index == 0 }),
        let layer = group.layers.first(where: { $0.index == 0 }),
        let ratio = try IconLayerLinter.contrast(of: layer, group: 0, scene: scene, bundle: bundle),
        ratio < AppIconAppearanceCheck.minimumContrast
      else { continue }
      // Filled white only where that helps: art already white (a white hairline on the
      // tinted base) stays as it is, and the lint's warning says what is wrong (issue 35's
      // trial, finding 24).
      var filled = document
      filled.groups[0].layers[0].fill = .init(
        specializations: [
          .init(value: .none),
          .init(appearance: appearance.documentAppearance, value: .solid(white)),
        ])
      let filledScene = IconScene(filled, appearance: appearance)
      guard
        let whiteLayer = filledScene.groups.first(where: { $0.index == 0 })?.layers.first(where: {
          $0.index == 0
        }),
        let whiteRatio = try IconLayerLinter.contrast(
          of: whiteLayer, group: 0, scene: filledScene, bundle: bundle),
        whiteRatio > ratio + 0.05
      else { continue }
      if fills.isEmpty { fills.append(.init(value: .none)) }
      fills.append(.init(appearance: appearance.documentAppearance, value: .solid(white)))
      notes.append(
        "the foreground's colours stand out by \(ratio.lintText):1 in the \(appearance.rawValue) "
          + "appearance (under 3:1); it is filled white there (a \(appearance.rawValue) "
          + "fill-specialization)\(appearance == .dark ? "; give --dark ICON to choose" : "")")
    }
    if !fills.isEmpty {
      document.groups[0].layers[0].fill = .init(specializations: fills)
      bundle.document = document
    }
    return (document, notes)
  }

  /// The document of a bundle whose layer files are named `foreground`, `dark` (its dark
  /// appearance), `tinted` (its tinted appearance), `layers` (behind it) and the
  /// background's (see the type's description), each at its own size; with `tinted`, the
  /// foreground is hidden in the tinted appearance (`hidden-specializations`, `tinted`
  /// true, as AssetCatalogTinkerer's bundles hide a group) and `tinted` is a layer of its
  /// own right behind it, hidden but in the tinted appearance (`[{"value" : true},
  /// {"appearance" : "tinted", "value" : false}]`): Apple's documents swap a layer's file
  /// for `dark` only, never for `tinted` (`IconComposerVocabulary`), but show and hide
  /// layers per appearance. With `darkBackground` (and a background colour) the document
  /// fill becomes `fill-specializations` as Apple's files hold a fill per appearance: an
  /// `automatic-gradient` of the background colour, then the dark one of `darkBackground`
  /// with its orientation.
  package static func document(
    foreground: String, dark: String?, tinted: String? = nil, layers: [String],
    background: IconBundleOptions.Background?, darkBackground: RGBA8? = nil
  ) -> IconComposerDocument {
    typealias Document = IconComposerDocument
    func layer(
      _ name: String, dark: String? = nil, glass: Bool? = nil,
      hidden: Document.Property<Bool> = .init()
    ) -> Document.Layer {
      let image: Document.Property<String> =
        dark.map {
          .init(specializations: [.init(value: name), .init(appearance: .dark, value: $0)])
        } ?? .init(name)
      return Document.Layer(
        name: layerName(name), imageName: image, glass: .init(glass), hidden: hidden)
    }
    var front = [layer(foreground, dark: dark)]
    if let tinted {
      front[0].hidden = .init(specializations: [.init(appearance: .tinted, value: true)])
      front.append(
        layer(
          tinted,
          hidden: .init(specializations: [
            .init(value: true), .init(appearance: .tinted, value: false),
          ])))
    }
    var groups = [
      Document.Group(
        layers: front + layers.map { layer($0) },
        shadow: .init(Document.Shadow(kind: .neutral, opacity: 0.5)),
        translucency: .init(Document.Translucency(enabled: true, value: 0.5)))
    ]
    var fill = Document.Property<Document.Fill>(.automatic)
    switch background {
    case .file(let path)?:
      groups.append(
        Document.Group(
          layers: [layer(fileName(path), glass: false)],
          shadow: .init(Document.Shadow(kind: .neutral, opacity: 0.5)),
          translucency: .init(Document.Translucency(enabled: true, value: 0.5))))
    case .color(let color)?:
      fill = .init(solidFill(color))
    case nil:
      break
    }
    if let darkBackground, case .color(let light)? = background {
      // Apple's one form of a document fill per appearance (LNPopupController's): an
      // automatic gradient of a colour each, the dark one with its orientation.
      fill = .init(
        specializations: [
          .init(value: .automaticGradient(displayP3(light), orientation: nil)),
          .init(
            appearance: .dark,
            value: .automaticGradient(displayP3(darkBackground), orientation: topToSeventy)),
        ])
    }
    return Document(
      fill: fill, groups: groups,
      supportedPlatforms: .init(circles: ["watchOS"], squares: .keyword("shared")))
  }

  /// The document fill of one colour: `color` in Display P3 as a two-stop linear gradient of
  /// that colour, top to 70 % (the only document fill form with a colour list Apple's files
  /// show).
  static func solidFill(_ color: RGBA8) -> IconComposerDocument.Fill {
    let p3 = displayP3(color)
    return .linearGradient([p3, p3], orientation: topToSeventy)
  }

  /// Icon Composer's fill orientation: from the top centre down to 70 %.
  static let topToSeventy = IconComposerDocument.Orientation(
    start: .init(x: 0.5, y: 0), stop: .init(x: 0.5, y: 0.7))

  /// Whether the bundle at `path` is Glyphsmith's, unchanged since it wrote it
  /// (`ownership(of:)` is `.own`).
  package static func isOwnBundle(_ path: String) -> Bool { ownership(of: path) == .own }

  /// Whose the existing bundle at `bundle` is, by its mark (`markName`).
  package enum Ownership: Equatable, Sendable {
    /// Glyphsmith's, each file as it wrote it: replaced without a word.
    case own
    /// No mark (or none Glyphsmith can read): a bundle Glyphsmith did not write.
    case foreign
    /// Glyphsmith's, but the file at `path` (the bundle's path, `/`, the file's) was changed
    /// since it wrote it (`icon.json` re-saved in Icon Composer, a layer file edited).
    case changed(String)
    /// Glyphsmith's, but the file at `path` was added since it wrote the bundle.
    case added(String)
    /// Glyphsmith's, but the file at `path` it wrote was removed since.
    case removed(String)
    /// Glyphsmith's by a mark of the older form (its `icon.json` line only), which cannot say
    /// whether the file at `path` is as Glyphsmith wrote it, and that file is not what this
    /// run writes there (a layer edited, or the input changed since; issue 35's second trial:
    /// such a bundle lost a designer's layer edit and added file without a word).
    case unvouched(String)
    /// The mark, or a file it lists, at `path` is a symbolic link (to `target`): Glyphsmith
    /// writes files, never links, so the mark vouches for nothing (issue 35's third trial,
    /// finding 10: a mark linking out of the bundle was trusted).
    case link(String, target: String)

    /// What is wrong, after `INPUT: error: `: `BUNDLE exists and was not made by glyphsmith;
    /// move it or pass --force` (`OutputOwnership.problem`); `FILE changed since glyphsmith
    /// wrote it; move BUNDLE or pass --force` (for `icon.json`: `(saved in Icon Composer?)`
    /// after `it`); `FILE was added since glyphsmith wrote BUNDLE; move it or pass --force`;
    /// `FILE was removed since glyphsmith wrote it; move BUNDLE or pass --force`.
    package func problem(_ bundle: String) -> String {
      switch self {
      case .own, .foreign: return OutputOwnership.problem(bundle)
      case .changed(let file):
        let why = file.hasSuffix("/icon.json") ? " (saved in Icon Composer?)" : ""
        return "\(file) changed since glyphsmith wrote it\(why); move \(bundle) or pass --force"
      case .added(let file):
        return "\(file) was added since glyphsmith wrote \(bundle); move it or pass --force"
      case .removed(let file):
        return "\(file) was removed since glyphsmith wrote it; move \(bundle) or pass --force"
      case .link(let file, let target):
        return
          "\(file) is a symbolic link (to \(target)), not a file glyphsmith wrote; move \(bundle) or pass --force"
      case .unvouched(let file):
        return
          "\(file) differs from what this run writes, and the mark an older glyphsmith left in \(bundle) covers icon.json only, so it cannot tell whether the file was edited since; move \(bundle) or pass --force"
      }
    }

    /// The warning `--force` gives replacing the bundle: `BUNDLE: warning: not made by
    /// glyphsmith; replaced (--force)` (kind `replaced-by-force`), else naming the file (kind
    /// `changed-output`): `FILE: warning: changed since glyphsmith wrote it; replaced
    /// (--force)`, `... added since glyphsmith wrote the bundle; deleted (--force)`, `...
    /// removed since glyphsmith wrote it; written again (--force)`.
    package func forcedWarning(_ bundle: String) -> Diagnostic {
      let (file, message): (String, String)
      switch self {
      case .own, .foreign: return OutputOwnership.replacedWarning(bundle)
      case .changed(let path):
        (file, message) = (path, "changed since glyphsmith wrote it; replaced")
      case .added(let path):
        (file, message) = (path, "added since glyphsmith wrote the bundle; deleted")
      case .removed(let path):
        (file, message) = (path, "removed since glyphsmith wrote it; written again")
      case .link(let path, _):
        (file, message) = (path, "a symbolic link, not a file glyphsmith wrote; replaced")
      case .unvouched(let path):
        (file, message) = (
          path, "not covered by the older mark and not what this run writes; replaced"
        )
      }
      return .warning(message + " (--force)", path: file, kind: Diagnostic.Kind.changedOutput)
    }
  }

  /// Whose the existing bundle at `path` is: `.link` when its mark, or a file the mark lists,
  /// is a symbolic link; `.foreign` without a readable mark; else the
  /// first difference, in the mark's order (`icon.json`, then `Assets/` sorted), between the
  /// files the mark lists and the bundle's files (every regular file below it, except the
  /// mark and Finder's `.DS_Store`): a file changed (other bytes), removed, or added (one the
  /// mark does not list, sorted). A mark of the older form (its `icon.json` line only) vouches
  /// for `icon.json` only: every other file must be one of `planned` (paths relative to the
  /// bundle, with the bytes this run writes there) with those bytes, else it is `.unvouched`
  /// (or `.added` when this run writes no such file); without `planned`, any other file makes
  /// it `.unvouched`.
  package static func ownership(of path: String, planned: [String: Data]? = nil) -> Ownership {
    // A link (the mark, or a file it lists) is never Glyphsmith's: not followed.
    func link(_ file: String) -> Ownership? {
      let full = path + "/" + file
      guard Platform.kind(ofPath: full, followingLinks: false) == .link else { return nil }
      return .link(full, target: (try? FileManager.default.destinationOfSymbolicLink(atPath: full)) ?? "?")
    }
    if let link = link(markName) { return link }
    guard let data = FileBytes.read(path + "/" + markName),
      let entries = markEntries(data), entries.first?.file == "icon.json"
    else { return .foreign }
    for entry in entries {
      if let link = link(entry.file) { return link }
      guard let bytes = FileBytes.read(path + "/" + entry.file) else {
        return .removed(path + "/" + entry.file)
      }
      if ContentHash.sha256(bytes) != entry.hash { return .changed(path + "/" + entry.file) }
    }
    let older = entries.count == 1
    let listed = Set(entries.map(\.file))
    var found: [String] = []
    if let walker = Platform.walk(path) {
      for relative in walker {
        let name = PathName(relative).lastPathComponent
        guard relative != markName, name != ".DS_Store" else { continue }
        // A symbolic link (to a file, a folder, or nothing) and an empty folder are the
        // user's too: a rewrite would delete them (issue 35's second trial, finding 15).
        switch Platform.kind(ofPath: path + "/" + relative, followingLinks: false) {
        case .folder?:
          FaultInjection.swapBundle(path, stage: .aside)
          if (Platform.folderNames(atPath: path + "/" + relative) ?? []).isEmpty {
            found.append(relative + "/")
          }
        case nil:
          continue
        default:
          found.append(relative)
        }
      }
    }
    let unlisted = found.filter { !listed.contains($0) }.sorted()
    guard older else {
      if let extra = unlisted.first { return .added(path + "/" + extra) }
      return .own
    }
    for file in unlisted {
      guard let planned else { return .unvouched(path + "/" + file) }
      guard let bytes = planned[file] else { return .added(path + "/" + file) }
      if FileBytes.read(path + "/" + file) != bytes { return .unvouched(path + "/" + file) }
    }
    return .own
  }

  /// The mark's lines (`glyphsmith FILE sha256 HEX`) as (file, hash) pairs; `nil` when a line
  /// is not of that form.
  static func markEntries(_ data: Data) -> [(file: String, hash: String)]? {
    guard let text = String(data: data, encoding: .utf8), text.hasSuffix("\n") else { return nil }
    var entries: [(file: String, hash: String)] = []
    for line in text.dropLast().split(separator: "\n", omittingEmptySubsequences: false) {
      guard line.hasPrefix("glyphsmith "),
        let range = line.lastRange(of: " sha256 ")
      else { return nil }
      let file = String(line[line.index(line.startIndex, offsetBy: 11)..<range.lowerBound])
      let hash = String(line[range.upperBound...])
      guard !file.isEmpty, hash.count == 64 else { return nil }
      entries.append((file, hash))
    }
    return entries.isEmpty ? nil : entries
  }

  /// The mark for the files written (`icon.json` first, then `Assets/NAME` sorted): one line
  /// `glyphsmith FILE sha256 HEX` each.
  package static func mark(_ files: [(String, Data)]) -> Data {
    Data(files.map { "glyphsmith \($0.0) sha256 \(ContentHash.sha256($0.1))\n" }.joined().utf8)
  }

  /// The longest file name, in bytes, the file systems a bundle lives on hold (`NAME_MAX`:
  /// ext4, APFS, NTFS in UTF-16 aside).
  static let maximumFileNameBytes = 255

  /// A layer file's name in `Assets/`: the input's own file name.
  static func fileName(_ path: String) -> String { PathName(path).lastPathComponent }

  /// A layer's name in Icon Composer's sidebar: its file name without `.svg` or `.png`.
  static func layerName(_ fileName: String) -> String {
    let ext = PathName(fileName).pathExtension.lowercased()
    return ext == "svg" || ext == "png" ? PathName(fileName).deletingPathExtension : fileName
  }

  /// `color` (sRGB, 8 bits a channel) in Display P3, as Icon Composer's colour strings hold
  /// it: sRGB's transfer function undone, the linear sRGB to linear Display P3 matrix (both
  /// D65; CSS Color 4's conversions), the transfer function (the same for both) applied.
  package static func displayP3(_ color: RGBA8) -> IconComposerDocument.Color {
    func linear(_ c: Double) -> Double {
      c <= 0.04045 ? c / 12.92 : pow((c + 0.055) / 1.055, 2.4)
    }
    func encoded(_ c: Double) -> Double {
      let c = min(max(c, 0), 1)
      return c <= 0.0031308 ? 12.92 * c : 1.055 * pow(c, 1 / 2.4) - 0.055
    }
    let r = linear(Double(color.r) / 255)
    let g = linear(Double(color.g) / 255)
    let b = linear(Double(color.b) / 255)
    let p3 = [
      0.8224621 * r + 0.1775380 * g,
      0.0331941 * r + 0.9668058 * g,
      0.0170827 * r + 0.0723974 * g + 0.9105199 * b,
    ].map(encoded)
    return IconComposerDocument.Color(
      space: .displayP3, components: p3 + [Double(color.a) / 255])
  }
}

/// What `IconBundleJob.run` wrote and found.
public struct IconBundleResult: Sendable {
  /// The `.icon` bundle written.
  public var bundle: String
  /// Whether the bundle was left as it was: Glyphsmith's, unchanged since it wrote it, and
  /// what this run would write is the same (its mark lists the same files and bytes).
  public var unchanged: Bool = false
  /// The layer files written in `Assets/`, sorted.
  public var layerFiles: [String]
  /// Warnings (of loading the layers; a bundle replaced by `--force`; a layer that draws
  /// nothing in the bundle), in order.
  public var diagnostics: [Diagnostic]
  /// Validator findings about the written bundle (none when all is well).
  public var findings: [CatalogFinding]
  /// The written layers' lint (`lint --role icon-layer`), one report per layer file in
  /// document order; empty when the validator has findings.
  public var lint: [LintFileReport] = []
  /// The flat app icon set for iOS 18 and earlier written beside the bundle (`--fallback`);
  /// `nil` when none was asked for.
  public var fallback: AppIconResult? = nil
  /// A warning for each flat app icon set of the bundle's own name found in the fallback's
  /// catalog or a catalog beside the bundle (`IconBundleFallback.clashes`).
  public var clashes: [Diagnostic] = []

  /// The stderr lines: warnings and notes, findings, lint findings, `wrote BUNDLE
  /// (icon.json, N layer files)` (`unchanged BUNDLE ...` when it was left alone); then the fallback set's lines (`AppIconResult.lines`);
  /// then the warnings about flat sets of the bundle's name.
  package var lines: [String] {
    let count = layerFiles.count
    return (diagnostics + findings.map(\.diagnostic)).descriptions
      + lint.flatMap { report in report.findings.map { $0.diagnostic(path: report.path) } }
      + [
        "\(unchanged ? "unchanged" : "wrote") \(bundle) (icon.json, \(count) layer "
          + "file\(count == 1 ? "" : "s"))"
      ]
      + (fallback?.lines ?? []) + clashes.descriptions
  }

  /// `nil` when the written bundle is valid, its layers lint without errors and the fallback
  /// set (if any) is valid; `.answerIsNo` when a validator has findings or the lint an error.
  package var outcome: FailureCategory? {
    findings.isEmpty && !lint.contains(where: { $0.count(.error) > 0 })
      && fallback?.outcome == nil ? nil : .answerIsNo
  }
}
