import FoundationEssentials
import Glibc
import GlyphsmithCore
import GlyphsmithRender

/// `glyphsmith appicon ICON --platform android -o RES_DIR`: an adaptive launcher icon as
/// Android Studio's Image Asset wizard writes it (formats.md, "Android launcher icons and
/// VectorDrawable"; geometry `AndroidLauncherGeometry`, docs/specs.md):
///
/// - `mipmap-anydpi-v26/NAME.xml` and `NAME_round.xml`: `<adaptive-icon>` with `<background>`,
///   `<foreground>` and `<monochrome>` (Android 13 themed icons);
/// - the layers as VectorDrawables (`drawable/NAME_foreground.xml`, `NAME_monochrome.xml`, a
///   file background's `NAME_background.xml`) where the artwork allows, else PNG layers
///   `mipmap-<density>/NAME_foreground.png` (108 dp: 108/162/216/324/432 px) with a warning;
/// - `values/NAME_background.xml` for a colour background;
/// - legacy `mipmap-<density>/NAME.png` (rounded square) and `NAME_round.png` (circle), 48 dp,
///   the visible 72 dp of the layers scaled to 48 dp and masked;
/// - `NAME-playstore.png` beside RES_DIR (where Studio puts it): 512 x 512 px, opaque RGB,
///   the visible 72 dp, no mask.
///
/// Checks (errors exit 1 and still write): foreground ink outside the 66 dp safe circle is a
/// warning, outside the 72 dp visible square an error; a monochrome layer of more than one
/// colour, or a background with transparency, is an error.
public enum AndroidLauncherJob {
  /// Writes the launcher icon of `iconPath` into the resource folder `resPath`.
  /// - Throws: `GlyphsmithError` for an unreadable input or a failed write.
  public static func run(iconPath: String, resPath: String, options: AndroidLauncherOptions)
    throws -> AndroidLauncherResult
  {
    let name = AndroidDrawables.resourceName(options.name)
    var options = options
    let foreground: Artwork
    var backgroundArt: Artwork? = nil
    var hiddenLayers: [Diagnostic] = []
    if options.layersFromGroups {
      let layers = try groupLayers(of: iconPath, backgroundGiven: options.backgroundGiven)
      foreground = layers.foreground
      hiddenLayers = layers.hidden
      if let back = layers.background {
        backgroundArt = back
        options.background = .file(back.path)
      }
    } else {
      foreground = try Artwork(path: iconPath)
    }
    let monochrome = try options.monochromePath.map { try Artwork(path: $0) } ?? foreground
    if backgroundArt == nil, case .file(let path) = options.background {
      backgroundArt = try Artwork(path: path)
    }
    var result = AndroidLauncherResult()
    result.findings += hiddenLayers
    if options.insetPercent == nil {
      let inset = try defaultInset(foreground)
      options.insetPercent = inset
      result.notes.append(
        Diagnostic(
          .note, path: iconPath, kind: Diagnostic.Kind.safeZone,
          message: AndroidLauncherOptions.defaultInsetNote(inset: inset)))
    }
    result.findings += foreground.diagnostics
    result.findings += try safeZone(foreground, options: options).map(\.finding)
    if options.monochromePath != nil, let problem = try colours(of: monochrome) {
      result.findings.append(
        .error(problem, path: monochrome.path, kind: Diagnostic.Kind.launcherLayer))
    }
    switch options.background {
    case .color(let color) where color.a < 255:
      result.findings.append(
        .error(
          "the background colour has transparency (alpha \(color.a)); launchers need an opaque background",
          path: iconPath, kind: Diagnostic.Kind.launcherLayer))
    case .file:
      let image = try render(backgroundArt!, side: Int(AndroidLauncherGeometry.layer * 4), inset: 0)
      if let i = stride(from: 3, to: image.pixels.count, by: 4).first(where: {
        image.pixels[$0] < 255
      }) {
        let pixel = (i / 4 % image.width, i / 4 / image.width)
        result.findings.append(
          .error(
            "the background has transparency (first at \(pixel.0),\(pixel.1) px of 432); launchers need an opaque background",
            path: backgroundArt!.path, kind: Diagnostic.Kind.launcherLayer))
      }
    default: break
    }
    var files: [(String, Data)] = []
    func layer(_ artwork: Artwork, _ suffix: String, inset: Double, template: Bool) throws -> String
    {
      var render = layerOptions(scale: 1, inset: inset)
      render.template = template
      do {
        let data = try VectorRender.vectorDrawable(artwork, options: render, minSdk: options.minSdk)
        files.append(("drawable/\(name)_\(suffix).xml", data))
        return "@drawable/\(name)_\(suffix)"
      } catch GlyphsmithError.unusable(_, let problem) {
        result.findings.append(
          .warning(
            "\(problem); the \(suffix) layer is written as PNGs", path: artwork.path,
            kind: Diagnostic.Kind.rasterFallback))
      }
      for density in AndroidDrawables.densities {
        var options = layerOptions(scale: density.scale, inset: inset)
        options.template = template
        let image = try GlyphRenderer.render(artwork, options: options).image
        files.append(("mipmap-\(density.name)/\(name)_\(suffix).png", try PNGCodec.encode(image)))
      }
      return "@mipmap/\(name)_\(suffix)"
    }
    let background: String
    switch options.background {
    case .color(let color):
      files.append(("values/\(name)_background.xml", colorResource(name + "_background", color)))
      background = "@color/\(name)_background"
    case .file:
      background = try layer(backgroundArt!, "background", inset: 0, template: false)
    }
    let front = try layer(foreground, "foreground", inset: options.inset, template: false)
    let mono = try layer(monochrome, "monochrome", inset: options.inset, template: true)
    let adaptive = adaptiveIcon(background: background, foreground: front, monochrome: mono)
    files.append(("mipmap-anydpi-v26/\(name).xml", adaptive))
    files.append(("mipmap-anydpi-v26/\(name)_round.xml", adaptive))
    // Legacy icons and the Play Store icon: the visible 72 dp of the composed layers.
    func composed(side visible: Int) throws -> RGBAImage {
      let side = Int(
        (Double(visible) * AndroidLauncherGeometry.layer / AndroidLauncherGeometry.visible)
          .rounded())
      let back: RGBAImage
      switch options.background {
      case .color(let color): back = RGBAImage(width: side, height: side, fill: color)
      case .file: back = try render(backgroundArt!, side: side, inset: 0)
      }
      let front = try render(foreground, side: side, inset: options.inset)
      return LayerImage.crop(LayerImage.over(front, back), side: visible)
    }
    for density in AndroidDrawables.densities {
      let side = Int((AndroidLauncherGeometry.legacy * density.scale).rounded())
      let icon = try composed(side: side)
      files.append(
        (
          "mipmap-\(density.name)/\(name).png",
          try PNGCodec.encode(LayerImage.masked(icon, radius: Double(side) * legacyCorner))
        ))
      files.append(
        (
          "mipmap-\(density.name)/\(name)_round.png",
          try PNGCodec.encode(LayerImage.masked(icon, radius: Double(side) / 2))
        ))
    }
    // The folder above RES_DIR as the user gave it (relative stays relative: the paths in
    // messages are the user's, never made absolute).
    let parent = FileName.parent(of: OutputManifest.normalised(resPath))
    let root = parent.isEmpty ? "." : parent
    let play = (parent.isEmpty ? "" : parent + "/") + "\(name)-playstore.png"
    let store = try PNGCodec.encode(
      try composed(side: AndroidLauncherGeometry.playStore), opaque: true)
    let outputs = files.map { (resPath + "/" + $0.0, $0.1) } + [(play, store)]
    let claimed = try claim(
      outputs, root: root, res: resPath, source: iconPath, force: options.force)
    result.findings = claimed.warnings + result.findings
    for (full, data) in outputs {
      try write(data, to: full)
      result.files.append(full)
    }
    // `force`: the user's files of the launcher resources in another extension or
    // qualifier go once Glyphsmith's are written (named by `claim`).
    for path in claimed.displaced where Platform.status(ofPath: path) != nil {
      guard FileName.withCPath(path, { unlink($0) }) == 0 else {
        throw GlyphsmithError.writeFailed(path: path, reason: String(cString: strerror(errno)))
      }
    }
    return result
  }

  /// The layers `--layers-from-groups` makes of the SVG at `path` (`SVGGroupSplitter`, as
  /// `IconBundleJob` splits it for a `.icon`): the foreground, the document with its
  /// top-level `background` group (any case) taken out, every other group kept in document
  /// order (the whole file when it has no such group, or `backgroundGiven`); and that
  /// group's document as the background layer (`path#ID`), `nil` when there is none or
  /// `backgroundGiven`. A hidden group (Inkscape's `style="display:none"` layer,
  /// `SVGGroupSplitter.Part.hidden`) is left out of both, as the `.icon` writer and
  /// Inkscape's export leave it out, each named in a warning (`hidden`; issue 35's fourth
  /// trial, L3: a hidden `Background` group became the adaptive background).
  /// - Throws: as `IconBundleJob.groupLayers(of:)` (no SVG, a top-level element outside
  ///   every group, two groups of one id); `.unusable` naming the file when the background
  ///   is its only group shown (naming the hidden ones: `IconBundleJob.onlyBackgroundProblem`); as `Artwork(data:path:baseDirectory:)`.
  static func groupLayers(of path: String, backgroundGiven: Bool) throws
    -> (foreground: Artwork, background: Artwork?, hidden: [Diagnostic])
  {
    let whole = try Artwork(path: path)
    let all = try IconBundleJob.groupLayers(of: path)
    let file = PathName(path).lastPathComponent
    let hidden = all.compactMap { part in
      part.hidden.map {
        Diagnostic.warning(
          "layer '\(part.name)' is hidden (\($0)) in \(file): left out", path: path,
          kind: Diagnostic.Kind.launcherLayer)
      }
    }
    let parts = all.filter { $0.hidden == nil }
    let hiddenIDs = Set(all.filter { $0.hidden != nil }.map(\.id))
    let folder = URL(fileURLWithPath: path).deletingLastPathComponent()
    guard !backgroundGiven, let back = parts.first(where: { $0.name.lowercased() == "background" })
    else {
      guard !hiddenIDs.isEmpty else { return (whole, nil, []) }
      switch SVGGroupSplitter.document(try FileBytes.readInput(path), without: hiddenIDs) {
      case .failure:
        throw GlyphsmithError.unusable(
          path: path,
          problem:
            "--layers-from-groups: every top-level group is hidden (\(all.map { "'\($0.name)': \($0.hidden ?? "shown")" }.joined(separator: ", "))); show the layers to export"
        )
      case .success(let front):
        return (try Artwork(data: front.data, path: path, baseDirectory: folder), nil, hidden)
      }
    }
    switch SVGGroupSplitter.document(
      try FileBytes.readInput(path), without: hiddenIDs.union([back.id]))
    {
    case .failure:
      throw GlyphsmithError.unusable(
        path: path, problem: IconBundleJob.onlyBackgroundProblem(hidden: all))
    case .success(let front):
      return (
        try Artwork(data: front.data, path: path, baseDirectory: folder),
        try Artwork(data: back.data, path: path + "#" + back.id, baseDirectory: folder),
        hidden
      )
    }
  }

  /// Checks that every one of `outputs` is Glyphsmith's to write (issue 32): it does not
  /// exist, holds exactly the bytes written now, or the record of `root` (the folder holding
  /// `res`, `OutputManifest`) lists it; and that no file of the resources they are (in
  /// `res`, any extension and qualifier, `AndroidResourceIndex`) is the user's (issue 32
  /// trial: Android Studio's `mipmap-mdpi/ic_launcher.webp` stayed beside the written
  /// `ic_launcher.png`, and its `drawable-v24/ic_launcher_foreground.xml` took the new
  /// foreground's place on API 24 and later); then records them all, with the hashes of the
  /// bytes written now, before any is written.
  /// - Returns: with `force`, a warning naming each output it replaces that is not
  ///   Glyphsmith's and each user's file of one of its resources that it removes
  ///   (`displaced`, once the outputs are written) (`OutputOwnership.replacedWarning`), and a
  ///   warning naming each recorded output changed by hand since it was written (its bytes
  ///   hash otherwise than the record says, `OutputOwnership.changedWarning`), replaced; in
  ///   `outputs` order, then the displaced files'.
  /// - Throws: `PlanningFailure` naming every output that is not Glyphsmith's
  ///   (`OutputOwnership.problem`, one line each) and every user's file of one of its
  ///   resources (`AndroidResourceIndex.problem`, one line each) unless `force`, and every
  ///   output that is a build's of another icon (`OutputManifest.buildOutputs`,
  ///   `buildOutputError`) even with `force`; what `OutputManifest.add` throws. Nothing is
  ///   written then.
  static func claim(
    _ outputs: [(path: String, data: Data)], root: String, res: String, source: String,
    force: Bool
  ) throws -> (warnings: [Diagnostic], displaced: [String]) {
    let recorded = OutputManifest.recordedOutputs(root: root)
    let hashes = OutputManifest.recordedHashes(root: root)
    let built = OutputManifest.buildOutputs(root: root)
    let own = OutputManifest.real(source)
    var replaced: [Diagnostic] = []
    var foreign: [GlyphsmithError] = []
    // The record of the current folder (`-o res`) keys its files as `./res/...`: looked up
    // so too, or every file of an earlier run was "not made by glyphsmith" (issue 35's fifth
    // trial, F13).
    func rooted(_ path: String) -> String? {
      root == "." && !path.hasPrefix("/") ? OutputManifest.normalised("./" + path) : nil
    }
    for (path, data) in outputs where Platform.status(ofPath: path) != nil {
      let absolute = OutputManifest.normalised(OutputManifest.absolute(path))
      // A build's output of another icon (`ic_launcher_foreground.svg` with `android.format`
      // `vector`) is the build's, `force` or not (issue 32).
      if let made = built[absolute] ?? built[OutputManifest.normalised(path)], !made.isEmpty,
        made != own
      {
        foreign.append(buildOutputError(path, made: made, source: source))
        continue
      }
      let bytes = FileBytes.read(path)
      if bytes == data { continue }
      if recorded.contains(absolute) || recorded.contains(OutputManifest.normalised(path))
        || rooted(path).map(recorded.contains) == true
      {
        let hash =
          hashes[absolute] ?? hashes[OutputManifest.normalised(path)]
          ?? rooted(path).flatMap { hashes[$0] }
        if let hash, bytes.map(ContentHash.sha256) != hash {
          replaced.append(OutputOwnership.changedWarning(path))
        }
        continue
      }
      if force {
        replaced.append(OutputOwnership.replacedWarning(path))
      } else {
        foreign.append(OutputOwnership.notOwned(path, input: source))
      }
    }
    let conflicts = AndroidResourceIndex(res: res).conflicts(for: outputs.map(\.path)) {
      AndroidResourceIndex.isOwn($0, recorded: recorded)
        || rooted($0).map(recorded.contains) == true
    }
    for conflict in conflicts {
      if force {
        replaced.append(OutputOwnership.replacedWarning(conflict.path))
      } else {
        foreign.append(
          .unusable(path: source, problem: AndroidResourceIndex.problem([conflict])))
      }
    }
    // A colour the user defines in another file of `values` (their `colors.xml`) under the
    // name of the one written (`values/NAME_background.xml`) would make Gradle fail on
    // duplicate resources (issue 32, sixth trial): named, `force` or not.
    for (path, _) in outputs {
      guard let colour = valuesResourceName(path, res: res) else { continue }
      for found in userColorDefinitions(named: colour, res: res) {
        foreign.append(
          .unusable(
            path: source,
            problem:
              "\(found.path) defines the colour \(colour) (line \(found.line)), which appicon writes to \(path) for the background: Gradle fails on duplicate resources; remove that definition (appicon's file sets the colour), or give appicon another --name"
          ))
      }
    }
    if !foreign.isEmpty { throw PlanningFailure(foreign) }
    try OutputManifest.add(
      root: root,
      outputs: Dictionary(outputs.map { ($0.path, source) }, uniquingKeysWith: { a, _ in a }),
      hashes: Dictionary(
        outputs.map { ($0.path, ContentHash.sha256($0.data)) }, uniquingKeysWith: { a, _ in a }))
    return (replaced, conflicts.map(\.path))
  }

  /// The resource name of `path` when it is a file of the default `values` folder of `res`
  /// (`res/values/ic_launcher_background.xml`: `ic_launcher_background`), else `nil`.
  static func valuesResourceName(_ path: String, res: String) -> String? {
    let folder = OutputManifest.normalised(res) + "/values/"
    let normalised = OutputManifest.normalised(path)
    guard normalised.hasPrefix(folder), normalised.hasSuffix(".xml") else { return nil }
    let name = String(normalised.dropFirst(folder.count).dropLast(4))
    return name.contains("/") ? nil : name
  }

  /// The definitions of the colour `name` in the files of the default `values` folder of
  /// `res` other than `values/NAME.xml` (the one appicon writes): a `<color name="NAME">` or
  /// an `<item name="NAME" type="color">` directly inside `<resources>`, read with libxml2
  /// (`LibXMLReader.events`); each file's path and the line of the definition, by file name.
  /// Qualified folders (`values-night`) override rather than duplicate, and are not read; a
  /// file that is not well-formed XML yields what was read before the error.
  static func userColorDefinitions(named name: String, res: String) -> [(path: String, line: Int)]
  {
    let folder = OutputManifest.normalised(res) + "/values"
    guard let files = Platform.folderNames(atPath: folder) else { return [] }
    var found: [(path: String, line: Int)] = []
    for file in files.sorted() where file.hasSuffix(".xml") && file != name + ".xml" {
      let path = folder + "/" + file
      guard let data = FileBytes.read(path) else { continue }
      var depth = 0
      var root: String? = nil
      _ = LibXMLReader.events(data) { event in
        switch event {
        case .start(let tag):
          depth += 1
          if depth == 1 { root = tag.name }
          guard depth == 2, root == "resources", tag.attributes["name"] == name else { return }
          if tag.name == "color" || (tag.name == "item" && tag.attributes["type"] == "color") {
            found.append((path, tag.line))
          }
        case .end: depth -= 1
        default: break
        }
      }
    }
    return found
  }

  /// The error of the launcher file `path` that is a build's output of the icon at `made`
  /// (issue 32): `SOURCE: error: PATH is glyphsmith build's output of MADE, which appicon
  /// never replaces; rename that icon or give appicon another --name`.
  static func buildOutputError(_ path: String, made: String, source: String) -> GlyphsmithError {
    .unusable(
      path: source,
      problem:
        "\(path) is glyphsmith build's output of \(OutputManifest.shown(made)), which appicon never replaces; rename that icon or give appicon another --name"
    )
  }

  /// The legacy square icon's corner radius as a share of its side (Glyphsmith's choice:
  /// 1/6, a rounded square between Android's square and circle launcher shapes).
  static let legacyCorner = 1.0 / 6

  /// Render options of a 108 dp layer at `scale` px per dp, the canvas fitted in with `inset`
  /// percent of the layer free on each side.
  static func layerOptions(scale: Double, inset: Double) -> RenderOptions {
    var render = RenderOptions()
    render.role = .plain
    let px = Int((AndroidLauncherGeometry.layer * scale).rounded())
    render.widthPx = px
    render.heightPx = px
    render.scale = scale
    render.paddingPt = AndroidLauncherGeometry.layer * inset / 100
    render.template = false
    return render
  }

  /// `artwork` as a `side` px layer.
  static func render(_ artwork: Artwork, side: Int, inset: Double) throws -> RGBAImage {
    try GlyphRenderer.render(
      artwork,
      options: layerOptions(scale: Double(side) / AndroidLauncherGeometry.layer, inset: inset)
    ).image
  }

  /// The inset a foreground gets without `--inset`: its canvas in the 66 dp safe square
  /// (`AndroidLauncherGeometry.safeZoneInsetPercent`), or smaller, about the layer's centre,
  /// until its ink's farthest point from the centre lies within the 66 dp safe circle (issue
  /// 39's trial: the square put Heroicons' `megaphone` 33.07 dp out, and the default warned
  /// on its own output). The ink is measured on a render in that square at
  /// `AndroidLauncherGeometry.checkScale` px per dp, every pixel with any ink counted by its
  /// corner farthest from the centre, so the check (pixel centres of 50 % ink) never finds
  /// the result outside the circle.
  /// - Throws: what rendering the artwork throws.
  package static func defaultInset(_ artwork: Artwork) throws -> Double {
    let square = AndroidLauncherGeometry.safeZoneInsetPercent
    let k = AndroidLauncherGeometry.checkScale
    let image = try render(artwork, side: Int(AndroidLauncherGeometry.layer * k), inset: square)
    let centre = Double(image.width) / 2
    var farthest = 0.0
    for y in 0..<image.height {
      let dy = max(abs(Double(y) - centre), abs(Double(y) + 1 - centre))
      for x in 0..<image.width where image.pixels[(y * image.width + x) * 4 + 3] > 0 {
        let dx = max(abs(Double(x) - centre), abs(Double(x) + 1 - centre))
        farthest = max(farthest, (dx * dx + dy * dy).squareRoot())
      }
    }
    let reach = farthest / k
    let limit = AndroidLauncherGeometry.safe / 2
    guard reach > limit else { return square }
    // The canvas (66 dp at the square's inset) shrinks by limit / reach about the centre.
    let canvas = AndroidLauncherGeometry.safe * limit / reach
    return (AndroidLauncherGeometry.layer - canvas) / 2 / AndroidLauncherGeometry.layer * 100
  }

  /// The safe-zone check of the foreground (drawn at `AndroidLauncherGeometry.checkScale`):
  /// ink (coverage >= 50 %) whose pixel centre lies more than 33 dp from the layer's centre
  /// is a warning, more than 36 dp across or down an error.
  package static func safeZone(_ artwork: Artwork, options: AndroidLauncherOptions) throws
    -> [SafeZoneFinding]
  {
    let k = AndroidLauncherGeometry.checkScale
    let image = try render(
      artwork, side: Int(AndroidLauncherGeometry.layer * k), inset: options.inset)
    let centre = Double(image.width) / 2
    var radius = 0.0
    var across = 0.0
    for y in 0..<image.height {
      for x in 0..<image.width where image.pixels[(y * image.width + x) * 4 + 3] >= 128 {
        let dx = abs(Double(x) + 0.5 - centre)
        let dy = abs(Double(y) + 0.5 - centre)
        radius = max(radius, (dx * dx + dy * dy).squareRoot())
        across = max(across, dx, dy)
      }
    }
    var found: [SafeZoneFinding] = []
    let half = AndroidLauncherGeometry.visible / 2
    if across / k > half {
      found.append(
        SafeZoneFinding(
          .error(
            "the foreground's ink reaches \(String(cFormat: "%.2f", across / k)) dp from the centre across or down, outside the 72 dp square launchers show: it is cropped (give --inset or redraw)",
            path: artwork.path, kind: Diagnostic.Kind.safeZone),
          reachDp: across / k, limitDp: half))
    } else if radius / k > AndroidLauncherGeometry.safe / 2 {
      found.append(
        SafeZoneFinding(
          .warning(
            "the foreground's ink reaches \(String(cFormat: "%.2f", radius / k)) dp from the centre, outside the 66 dp safe circle: some launcher masks cut it (give --inset or redraw)",
            path: artwork.path, kind: Diagnostic.Kind.safeZone),
          reachDp: radius / k, limitDp: AndroidLauncherGeometry.safe / 2))
    }
    return found
  }

  /// Why `artwork` is not one colour (distinct solid colours of its paths, or of its opaque
  /// pixels for a PNG, or for an SVG whose drawing is not recorded: filters, images or text,
  /// `VectorModel.isRecorded`), else `nil`.
  static func colours(of artwork: Artwork) throws -> String? {
    var colours = Set<String>()
    if let model = try artwork.svg?.vectorModel(), model.isRecorded {
      for path in model.paths {
        colours.insert(path.color?.hexRGB ?? "gradient")
      }
    } else {
      let image = try render(artwork, side: 108, inset: 0)
      for i in stride(from: 0, to: image.pixels.count, by: 4) where image.pixels[i + 3] == 255 {
        colours.insert(
          String(cFormat: "#%02X%02X%02X", image.pixels[i], image.pixels[i + 1], image.pixels[i + 2])
        )
      }
    }
    guard colours.count > 1 else { return nil }
    return
      "the monochrome layer has \(colours.count) colours (\(colours.sorted().prefix(4).joined(separator: ", "))); Android tints it as one, so give it one colour"
  }

  /// `values/NAME.xml` with one `<color>`.
  static func colorResource(_ name: String, _ color: RGBA8) -> Data {
    let hex = String(cFormat: "#%02X%02X%02X", color.r, color.g, color.b)
    return Data(
      """
      <?xml version="1.0" encoding="utf-8"?>
      <resources>
          <color name="\(name)">\(hex)</color>
      </resources>

      """.utf8)
  }

  /// The `<adaptive-icon>` XML as Android Studio writes it.
  static func adaptiveIcon(background: String, foreground: String, monochrome: String) -> Data {
    Data(
      """
      <?xml version="1.0" encoding="utf-8"?>
      <adaptive-icon xmlns:android="http://schemas.android.com/apk/res/android">
          <background android:drawable="\(background)" />
          <foreground android:drawable="\(foreground)" />
          <monochrome android:drawable="\(monochrome)" />
      </adaptive-icon>

      """.utf8)
  }

  private static func write(_ data: Data, to path: String) throws {
    do {
      try FileManager.default.createDirectory(
        atPath: URL(fileURLWithPath: path).deletingLastPathComponent().path,
        withIntermediateDirectories: true)
      try AtomicFile.write(data, toPath: path)
    } catch let error as GlyphsmithError {
      throw error
    } catch {
      throw GlyphsmithError.writeFailed(path: path, reason: "\(error)")
    }
  }
}
