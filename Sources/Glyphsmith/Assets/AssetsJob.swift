import Foundation
import Synchronization

/// `glyphsmith assets`: renders icons into an Xcode asset catalog, one `NAME.imageset` per icon
/// (plus `NAME-compact.imageset` with `compact`), each with `NAME.png`, `NAME@2x.png`,
/// `NAME@3x.png` per scale and a `Contents.json` as Xcode writes it (Apple "Asset Catalog
/// Format Reference"); optionally Android drawables and web icons too.
///
/// Each imageset is built in a hidden temporary folder and swapped in whole, so a rerun leaves
/// no stale files and an interrupted run no half-written ones; other folders in the catalog
/// are never touched. One input's failure never stops the others. Every PNG carries a
/// fingerprint of its input, dark variant, options and renderer versions in a tEXt chunk
/// (`glyphsmith:source`); a rerun whose outputs all carry the current fingerprint renders and
/// writes nothing for that input (no state file).
public struct AssetsJob {
  /// The catalog folder (`.xcassets`).
  public let catalog: URL
  /// The catalog folder as the user gave it; report paths start with it.
  public let catalogPath: String
  /// What to render and where.
  public let options: AssetsOptions
  /// Folder Android drawables go to (`res/drawable-*/` inside it).
  public let androidRoot: String
  /// Folder web icons go to (`NAME/` inside it).
  public let webRoot: String
  /// Run each input in a worker process (see `AssetsIsolation`); `nil`: on threads in this
  /// process (library use).
  public var isolation: AssetsIsolation? = nil
  /// Told (once) when another run holds an output folder's lock and this one waits for it.
  public var lockNotice: @Sendable (String) -> Void = { _ in }
  let writeClock = SecondsCounter()
  private let contentsTemplates = ContentsTemplates()
  private let fingerprintPrefix: String

  /// The tEXt key carrying each output's fingerprint.
  public static let fingerprintKey = "glyphsmith:source"

  /// A job writing into the catalog folder at `catalogPath` (created if missing); Android and
  /// web output default to `android` and `web` beside the catalog.
  public init(catalogPath: String, options: AssetsOptions) {
    self.catalogPath = catalogPath
    self.catalog = URL(fileURLWithPath: catalogPath)
    self.options = options
    let parent = catalog.deletingLastPathComponent().path
    self.androidRoot = options.androidOutput ?? parent + "/android"
    self.webRoot = options.webOutput ?? parent + "/web"
    self.fingerprintPrefix = Self.fingerprintPrefix(options)
  }

  /// The asset names each input will get, checked for collisions before anything is written.
  /// - Throws: see `AssetPlanner.plan`.
  public func plan(_ files: [String]) throws -> [String] {
    try AssetPlanner.plan(files.map { .init(path: $0) }, options: options).inputs.map(\.name)
  }

  /// Renders and writes files given directly (no catalog groups); see `run(collected:)`.
  public func run(
    _ files: [String], progress: @escaping @Sendable (Int, Int) -> Void = { _, _ in }
  ) throws -> AssetsReport {
    try run(collected: files.map { .init(path: $0) }, progress: progress)
  }

  /// Renders and writes every asset; sub-folders become catalog groups. `progress(done,
  /// total)` is called after each input, from any thread.
  /// After writing, the catalog is validated (`CatalogValidator`) into `catalogFindings`.
  /// - Throws: what `AssetPlanner.plan` throws (before anything is written), and
  ///   `GlyphsmithError.writeFailed` when the catalog or a group folder cannot be created;
  ///   per-input failures are reported in the result instead.
  public func run(
    collected files: [InputCollector.CollectedFile],
    progress: @escaping @Sendable (Int, Int) -> Void = { _, _ in }
  ) throws -> AssetsReport {
    let (inputs, warnings) = try AssetPlanner.plan(files, options: options)
    // Each output folder is locked for the whole run (two runs take turns), and staging
    // leftovers of killed runs in it are removed.
    let locks = try outputRoots.map { try FolderLock(path: $0, waiting: lockNotice) }
    defer { withExtendedLifetime(locks) {} }
    for root in outputRoots { OutputSafety.removeStaleStaging(under: root) }
    if options.platforms.contains(.ios) { try prepareCatalog(for: inputs) }
    let counter = ProgressCounter(total: inputs.count, report: progress)
    let libraryBefore = LibraryClock.seconds
    let (timed, workerClocks) = processAll(inputs, counter: counter)
    var report = AssetsReport(inputs: timed.map(\.0))
    report.warnings = warnings
    report.statistics.renders = timed.reduce(0) {
      $0 + ($1.0.status == "written" ? $1.0.files.count : 0)
    }
    report.statistics.taskSeconds = timed.reduce(0) { $0 + $1.1 }
    report.statistics.librarySeconds =
      LibraryClock.seconds - libraryBefore + workerClocks.librarySeconds
    report.statistics.writeSeconds = writeClock.seconds + workerClocks.writeSeconds
    // Validate what was written (the whole catalog, as names collide across it); a run that
    // wrote nothing changed nothing to validate.
    if options.platforms.contains(.ios), report.inputs.contains(where: { $0.status == "written" }) {
      report.catalogFindings = try CatalogValidator.validate(catalogPath: catalogPath).map(
        \.description)
    }
    return report
  }

  // MARK: - Catalog and groups

  /// The folders this job writes into, sorted (locks are taken in this order).
  var outputRoots: [String] {
    var roots: Set<String> = []
    if options.platforms.contains(.ios) { roots.insert(catalogPath) }
    if options.platforms.contains(.android) { roots.insert(androidRoot) }
    if options.platforms.contains(.web) { roots.insert(webRoot) }
    return roots.sorted()
  }

  /// Throws when a folder between an output root and `folder` is a symbolic link.
  func checkOutputFolder(_ folder: String) throws {
    for root in outputRoots { try OutputSafety.checkNoLinkedFolders(root: root, folder: folder) }
  }

  private func prepareCatalog(for inputs: [AssetInput]) throws {
    try writeIfDifferent(
      try XcodeJSON.encode(CatalogContents()), toPath: catalogPath + "/Contents.json")
    let groups = Set(
      inputs.flatMap { input in
        input.groups.indices.map { input.groups[...$0].joined(separator: "/") }
      })
    for group in groups.sorted() {
      try checkOutputFolder("\(catalogPath)/\(group)")
      let contents = GroupContents(namespace: options.namespace)
      try writeIfDifferent(
        try XcodeJSON.encode(contents), toPath: "\(catalogPath)/\(group)/Contents.json")
    }
  }

  /// Writes atomically unless the file already holds exactly `data` (so reruns keep mtimes).
  private func writeIfDifferent(_ data: Data, toPath path: String) throws {
    if FileBytes.read(path) == data { return }
    try AtomicFile.write(data, toPath: path)
  }

  // MARK: - One input

  /// A file of one output set, before rendering.
  private struct PlannedFile {
    var name: String
    var render: RenderOptions
    var dark: Bool
    var opaque: Bool = false
    var reportPath: String
  }

  /// A folder written whole: an imageset, an Android density folder's file, a web folder.
  private struct PlannedSet {
    var folder: String
    var files: [PlannedFile]
    /// Extra non-PNG files (Contents.json, manifest) and their exact bytes.
    var texts: [(name: String, data: Data)]
    /// Written as one folder (imagesets, web) or file by file into a shared folder (Android).
    var whole: Bool
    /// A favicon.ico made from these PNG files (name, sizes), web only.
    var icon: (name: String, sizes: [Int])? = nil
  }

  func process(_ input: AssetInput) -> AssetInputResult {
    var result = AssetInputResult(
      path: input.path, name: input.name, status: "failed", role: options.role.rawValue,
      shape: nil, sizePt: nil, files: [], error: nil, warnings: [])
    do {
      let data = try readInput(input.path)
      let darkData = try input.darkPath.map { try readInput($0) }
      let fingerprint = Self.fingerprint(input: data, dark: darkData, prefix: fingerprintPrefix)
      let sets = plannedSets(for: input)
      if !options.force, let existing = upToDateFiles(sets, fingerprint: fingerprint) {
        result.status = "unchanged"
        result.files = existing
        return result
      }
      let base = URL(fileURLWithPath: input.path).deletingLastPathComponent()
      let artwork = try Artwork(data: data, path: input.path, baseDirectory: base)
      let dark = try input.darkPath.map {
        try Artwork(data: darkData!, path: $0, baseDirectory: base)
      }
      var warnings = artwork.warnings
      for set in sets {
        var written: [(name: String, data: Data)] = []
        for file in set.files {
          let source = file.dark ? dark! : artwork
          let glyph = try GlyphRenderer.render(source, options: file.render)
          for warning in glyph.warnings where !warnings.contains(warning) {
            // One upscaling warning an input is enough (the factor differs per scale).
            if warning.contains("warning: upscaling"),
              warnings.contains(where: { $0.contains("warning: upscaling") })
            {
              continue
            }
            warnings.append(warning)
          }
          if result.shape == nil, let shape = glyph.shape { result.shape = shape.rawValue }
          if result.sizePt == nil {
            result.sizePt = Self.sizePt(glyph)
          }
          let png = try PNGCodec.encode(
            glyph.image, opaque: file.opaque, text: [(Self.fingerprintKey, fingerprint)])
          written.append((file.name, png))
          result.files.append(
            WrittenFile(path: file.reportPath, width: glyph.image.width, height: glyph.image.height)
          )
        }
        if let icon = set.icon {
          let entries = icon.sizes.map { size in
            written.first { $0.name == "favicon-\(size).png" }!.data
          }
          written.removeAll { $0.name.hasPrefix("favicon-") }
          written.append((icon.name, ICOFile.make(pngs: zip(icon.sizes, entries).map { ($0, $1) })))
        }
        try write(set, files: written + set.texts)
      }
      result.status = "written"
      result.warnings = warnings
    } catch {
      result.files = []
      result.error = GlyphsmithError.wrap(error, path: input.path).description
    }
    return result
  }

  private func readInput(_ path: String) throws -> Data {
    // Artwork(path:) gives the precise errors (missing, folder, size); reuse it for them.
    guard let data = FileBytes.read(path) else {
      _ = try Artwork(path: path)
      throw GlyphsmithError.unreadable(path: path, reason: "cannot read")
    }
    if data.count > SVGDocument.maximumFileSize && !data.starts(with: [0x89, 0x50, 0x4E, 0x47]) {
      throw GlyphsmithError.render(
        .tooLarge(path: path, what: "\(data.count) bytes; SVG files are limited to 10 MiB"))
    }
    return data
  }

  /// The size a glyph was made for, in pt: the HIG target's limiting side for its shape
  /// (width for wide, height for tall, the side for circle and square), else the canvas width.
  static func sizePt(_ glyph: RenderedGlyph) -> Double {
    guard let target = glyph.targetPt else { return glyph.canvasPt.width }
    switch glyph.shape {
    case .wide: return target.width
    case .tall: return target.height
    default: return min(target.width, target.height)
    }
  }

  /// The renderer versions, read once.
  private static let rendererSummary = RendererVersions.current.summary

  /// SHA-256 over everything that decides an input's outputs.
  static func fingerprint(input: Data, dark: Data?, prefix: String) -> String {
    let parts = [prefix, ContentHash.sha256(input), dark.map { ContentHash.sha256($0) } ?? "-"]
    return ContentHash.sha256(parts.joined(separator: "\n"))
  }

  /// The part of every fingerprint that is the same for all inputs of a job: a format
  /// version, the renderer versions, the options and the platforms.
  static func fingerprintPrefix(_ options: AssetsOptions) -> String {
    [
      "glyphsmith-assets-1", rendererSummary, options.fingerprint,
      "platforms=\(options.platforms.map(\.rawValue))",
    ].joined(separator: "\n")
  }

  private func write(_ set: PlannedSet, files: [(name: String, data: Data)]) throws {
    let start = DispatchTime.now().uptimeNanoseconds
    defer { writeClock.add(DispatchTime.now().uptimeNanoseconds - start) }
    try checkOutputFolder(set.folder)
    if set.whole {
      try FileManager.default.createDirectory(
        atPath: URL(fileURLWithPath: set.folder).deletingLastPathComponent().path,
        withIntermediateDirectories: true)
      try AtomicFolder.write(files, toPath: set.folder)
    } else {
      for file in files { try AtomicFile.write(file.data, toPath: set.folder + "/" + file.name) }
    }
  }

  // MARK: - Planned outputs

  private func plannedSets(for input: AssetInput) -> [PlannedSet] {
    var sets: [PlannedSet] = []
    var base = RenderOptions()
    base.role = options.role
    base.sizePt = options.sizePt
    base.shape = options.shape
    base.template = options.template
    base.paddingPt = options.paddingPt
    base.wholePoints = true
    if options.platforms.contains(.ios) {
      let groupPath = input.groups.map { "/" + $0 }.joined()
      let variants = options.compact ? [("", false), ("-compact", true)] : [("", false)]
      for (suffix, compact) in variants {
        let setName = input.name + suffix
        let folder = "\(catalogPath)\(groupPath)/\(setName).imageset"
        var files: [PlannedFile] = []
        var images: [ImageSetContents.Image] = []
        for scale in options.scales {
          for dark in input.darkPath == nil ? [false] : [false, true] {
            var render = base
            render.compact = compact
            render.scale = Double(scale)
            let filename =
              setName + (dark ? "-dark" : "") + (scale == 1 ? "" : "@\(scale)x") + ".png"
            files.append(
              PlannedFile(
                name: filename, render: render, dark: dark, reportPath: folder + "/" + filename))
            images.append(
              ImageSetContents.Image(
                filename: filename, scale: "\(scale)x",
                appearances: dark ? [.init(appearance: "luminosity", value: "dark")] : nil))
          }
        }
        let contents = ImageSetContents(images: images, template: !options.keepsColour)
        sets.append(
          PlannedSet(
            folder: folder, files: files,
            texts: [("Contents.json", contentsTemplates.json(contents, setName: setName))],
            whole: true))
      }
    }
    if options.platforms.contains(.android) {
      for density in AndroidDrawables.densities {
        var render = base
        render.role = .plain
        render.template = options.template ?? options.role.isTemplateByDefault
        render.sizePt = nil
        let side = Int((options.androidSizeDp * density.scale).rounded())
        render.widthPx = side
        render.heightPx = side
        let folder = "\(androidRoot)/res/drawable-\(density.name)"
        let filename = input.androidName + ".png"
        sets.append(
          PlannedSet(
            folder: folder,
            files: [
              PlannedFile(
                name: filename, render: render, dark: false, reportPath: folder + "/" + filename)
            ],
            texts: [], whole: false))
      }
    }
    if options.platforms.contains(.web) {
      let spec = WebIcons.plan(root: webRoot, name: input.androidName, base: base)
      sets.append(
        PlannedSet(
          folder: spec.folder,
          files: spec.files.map {
            PlannedFile(
              name: $0.name, render: $0.render, dark: false, opaque: $0.opaque,
              reportPath: spec.folder + "/" + $0.name)
          },
          texts: spec.texts, whole: true, icon: (WebIcons.faviconName, WebIcons.faviconSizes)))
    }
    return sets
  }

  /// The planned PNG files as they are on disk (sizes from their headers) when every output
  /// exists, every PNG (and the favicon's embedded PNGs) carries `fingerprint`, every text file
  /// holds exactly its expected bytes and no stray file sits in a whole folder; else `nil`.
  private func upToDateFiles(_ sets: [PlannedSet], fingerprint: String) -> [WrittenFile]? {
    let manager = FileManager.default
    var files: [WrittenFile] = []
    for set in sets {
      for file in set.files where !(set.icon != nil && file.name.hasPrefix("favicon-")) {
        guard let data = FileBytes.read(set.folder + "/" + file.name),
          PNGCodec.text(Self.fingerprintKey, in: data) == fingerprint,
          let size = PNGCodec.size(of: data)
        else { return nil }
        files.append(WrittenFile(path: file.reportPath, width: size.width, height: size.height))
      }
      for text in set.texts {
        guard FileBytes.read(set.folder + "/" + text.name) == text.data else { return nil }
      }
      if let icon = set.icon {
        guard let data = FileBytes.read(set.folder + "/" + icon.name),
          data.range(of: Data(fingerprint.utf8)) != nil
        else { return nil }
      }
      if set.whole {
        var expected = Set(set.files.map(\.name) + set.texts.map(\.name))
        if let icon = set.icon {
          expected = expected.filter { !$0.hasPrefix("favicon-") }
          expected.insert(icon.name)
        }
        guard let present = try? manager.contentsOfDirectory(atPath: set.folder),
          Set(present) == expected
        else { return nil }
      }
    }
    return files
  }
}

/// Encodes each shape of imageset `Contents.json` once: the text for a set differs from the
/// template only in the set's name, which is substituted when it needs no JSON escaping (no
/// quote, backslash or control character); other names are encoded in full. JSONEncoder
/// produces every text either way.
final class ContentsTemplates: Sendable {
  /// The template text split at each placeholder, by shape.
  private let cache = Mutex<[String: [Data]]>([:])
  private static let placeholder = "GLYPHSMITH-SET-NAME-PLACEHOLDER"

  func json(_ contents: ImageSetContents, setName: String) -> Data {
    let plain = !setName.unicodeScalars.contains { $0 == "\"" || $0 == "\\" || $0.value < 0x20 }
    guard plain, !setName.contains(Self.placeholder) else {
      return (try? contents.xcodeJSON()) ?? Data()
    }
    var shape = contents
    for i in shape.images.indices where shape.images[i].filename.hasPrefix(setName) {
      shape.images[i].filename =
        Self.placeholder + shape.images[i].filename.dropFirst(setName.count)
    }
    let key =
      shape.images.map { "\($0.filename)|\($0.scale)|\($0.appearances?.count ?? 0)" }
      .joined(separator: ",") + "|\(shape.properties?.templateRenderingIntent ?? "")"
    var parts = cache.withLock { $0[key] }
    if parts == nil {
      let template = (try? shape.xcodeJSON()) ?? Data()
      let split = template.split(separator: Data(Self.placeholder.utf8))
      cache.withLock { $0[key] = split }
      parts = split
    }
    var out = Data()
    let name = Data(setName.utf8)
    for (index, part) in parts!.enumerated() {
      if index > 0 { out.append(name) }
      out.append(part)
    }
    return out
  }
}

extension Data {
  /// The bytes between occurrences of `separator` (empty pieces kept).
  fileprivate func split(separator: Data) -> [Data] {
    var parts: [Data] = []
    var start = startIndex
    while let found = range(of: separator, in: start..<endIndex) {
      parts.append(self[start..<found.lowerBound])
      start = found.upperBound
    }
    parts.append(self[start..<endIndex])
    return parts
  }
}

/// A catalog group folder's `Contents.json`: `info`, and `provides-namespace` when names in
/// it are prefixed with the group's name.
struct GroupContents: Codable, Equatable {
  struct Properties: Codable, Equatable {
    var providesNamespace: Bool
    enum CodingKeys: String, CodingKey { case providesNamespace = "provides-namespace" }
  }
  var info = ImageSetContents.Info()
  var properties: Properties?
  init(namespace: Bool) {
    properties = namespace ? Properties(providesNamespace: true) : nil
  }
}

/// Adds up durations across threads.
final class SecondsCounter: Sendable {
  private let nanoseconds = Atomic<UInt64>(0)
  func add(_ value: UInt64) {
    nanoseconds.wrappingAdd(value, ordering: .relaxed)
  }
  var seconds: Double {
    Double(nanoseconds.load(ordering: .relaxed)) / 1e9
  }
}

/// Counts finished inputs across threads and forwards `(done, total)`.
final class ProgressCounter: Sendable {
  private let done = Atomic<Int>(0)
  let total: Int
  let report: @Sendable (Int, Int) -> Void

  init(total: Int, report: @escaping @Sendable (Int, Int) -> Void) {
    self.total = total
    self.report = report
  }

  func tick() {
    let now = done.wrappingAdd(1, ordering: .relaxed).newValue
    report(now, total)
  }
}
