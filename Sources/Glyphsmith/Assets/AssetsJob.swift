import Foundation

/// Options of `glyphsmith assets`. Sizes in pt.
public struct AssetsOptions: Sendable {
  /// Role of every icon (default `tab-bar`).
  public var role: Role = .tabBar
  /// Replaces the role's target size, in pt.
  public var sizePt: Double? = nil
  /// Forces a shape instead of the one found from the ink.
  public var shape: GlyphShape? = nil
  /// Scales written, e.g. [1, 2, 3] for @1x, @2x, @3x.
  public var scales: [Int] = [1, 2, 3]
  /// Also writes `NAME-compact.imageset` at the compact tab bar size.
  public var compact = false
  /// Template (`true`) or original (`false`) images; `nil`: the role's default.
  public var template: Bool? = nil
  /// Padding in pt added around each glyph.
  public var paddingPt: Double = 0
  /// Threads to render on (never changes the output).
  public var jobs = ParallelMap.availableCores

  /// Defaults: tab-bar role, @1x @2x @3x, no compact, all cores.
  public init() {}
}

/// One written file of an imageset.
public struct WrittenFile: Codable, Equatable, Sendable {
  /// Path of the PNG (the catalog path as given, joined with the file's place in it).
  public var path: String
  /// Size in px.
  public var width: Int
  public var height: Int
}

/// What happened to one input of `assets`; the `--json` report's `inputs` entries.
public struct AssetInputResult: Codable, Equatable, Sendable {
  /// The input path as given or found in a folder.
  public var path: String
  /// The asset name (file name without extension, NFC).
  public var name: String
  /// `written` or `failed`.
  public var status: String
  /// The role rendered.
  public var role: String
  /// The shape used for fitting, or `null` (plain role, failures).
  public var shape: String?
  /// The regular canvas's long side in pt, or `null` on failure.
  public var sizePt: Double?
  /// The files written, in order (regular @1x.. then compact @1x..).
  public var files: [WrittenFile]
  /// The error message when `status` is `failed`, else `null`.
  public var error: String?
  /// Warnings, in the form `path: warning: ...`.
  public var warnings: [String]

  /// A failed entry for an input that could not even be opened.
  public static func failed(path: String, role: Role, error: GlyphsmithError) -> AssetInputResult {
    AssetInputResult(
      path: path, name: AssetName.from(path: path), status: "failed", role: role.rawValue,
      shape: nil, sizePt: nil, files: [], error: error.description, warnings: [])
  }

  enum CodingKeys: String, CodingKey {
    case path, name, status, role, shape, sizePt, files, error, warnings
  }

  public func encode(to encoder: Encoder) throws {
    var c = encoder.container(keyedBy: CodingKeys.self)
    try c.encode(path, forKey: .path)
    try c.encode(name, forKey: .name)
    try c.encode(status, forKey: .status)
    try c.encode(role, forKey: .role)
    try c.encode(shape, forKey: .shape)  // null, not omitted
    try c.encode(sizePt, forKey: .sizePt)
    try c.encode(files, forKey: .files)
    try c.encode(error, forKey: .error)
    try c.encode(warnings, forKey: .warnings)
  }
}

/// The `--json` report of `assets`: `{"version": 1, "inputs": [...]}`.
public struct AssetsReport: Codable, Equatable, Sendable {
  /// Schema version, 1.
  public var version = 1
  /// One entry per input, in input order.
  public var inputs: [AssetInputResult]

  /// How the time went (not part of the JSON report).
  public var statistics = AssetsStatistics()

  /// Inputs that failed.
  public var failures: Int { inputs.filter { $0.status == "failed" }.count }

  enum CodingKeys: String, CodingKey { case version, inputs }
}

/// Where an `assets` run spent its time, for `--stats` and `bench/render`.
public struct AssetsStatistics: Equatable, Sendable {
  /// PNG files rendered.
  public var renders = 0
  /// Sum over inputs of the time from loading to the imageset in place, in seconds (across
  /// threads, so up to `jobs` x the wall time).
  public var taskSeconds = 0.0
  /// Of that, the time inside librsvg, Cairo and libpng calls (`LibraryClock`), in seconds.
  public var librarySeconds = 0.0
  /// Of that, the time spent writing imagesets to the file system (mkdir, open, write,
  /// rename, and the Contents.json text), in seconds.
  public var writeSeconds = 0.0
  /// Glyphsmith's own compute time relative to the libraries' time:
  /// (task - library - write) / library.
  public var overhead: Double {
    librarySeconds > 0 ? (taskSeconds - librarySeconds - writeSeconds) / librarySeconds : 0
  }
}

/// `glyphsmith assets`: renders icons into an Xcode asset catalog, one `NAME.imageset` per icon
/// (plus `NAME-compact.imageset` with `compact`), each with `NAME.png`, `NAME@2x.png`,
/// `NAME@3x.png` per scale and a `Contents.json` as Xcode writes it (Apple "Asset Catalog
/// Format Reference").
///
/// Each imageset is built in a hidden temporary folder and swapped in whole, so a rerun leaves
/// no stale files and an interrupted run no half-written ones; other folders in the catalog
/// are never touched. One input's failure never stops the others.
public struct AssetsJob {
  public let catalog: URL
  public let catalogPath: String
  public let options: AssetsOptions
  private let writeClock = SecondsCounter()

  /// A job writing into the catalog folder at `catalogPath` (created if missing).
  public init(catalogPath: String, options: AssetsOptions) {
    self.catalogPath = catalogPath
    self.catalog = URL(fileURLWithPath: catalogPath)
    self.options = options
  }

  /// The imageset names each input will get, checked for collisions before anything is
  /// written.
  /// - Throws: `GlyphsmithError.nameCollision` naming both inputs; `.invalidOption` for
  ///   `compact` outside the tab-bar role.
  public func plan(_ files: [String]) throws -> [String] {
    if options.compact && options.role != .tabBar {
      throw GlyphsmithError.invalidOption("--compact applies to the tab-bar role only")
    }
    let names = files.map { AssetName.from(path: $0) }
    var entries = zip(names, files).map { (name: $0.0, path: $0.1) }
    if options.compact {
      entries += zip(names, files).map { (name: $0.0 + "-compact", path: $0.1) }
    }
    if let collision = AssetName.firstCollision(entries) { throw collision }
    return names
  }

  /// Renders and writes every file; `progress(done, total)` is called after each input, from
  /// any thread.
  /// - Throws: what `plan` throws, and `GlyphsmithError.writeFailed` when the catalog itself
  ///   cannot be created; per-input failures are reported in the result instead.
  public func run(_ files: [String], progress: @escaping @Sendable (Int, Int) -> Void = { _, _ in })
    throws -> AssetsReport
  {
    let names = try plan(files)
    try prepareCatalog()
    let counter = ProgressCounter(total: files.count, report: progress)
    let libraryBefore = LibraryClock.seconds
    let timed = ParallelMap.map(count: files.count, jobs: options.jobs) { index in
      defer { counter.tick() }
      let start = DispatchTime.now().uptimeNanoseconds
      let result = process(files[index], name: names[index])
      return (result, Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
    }
    var report = AssetsReport(inputs: timed.map(\.0))
    report.statistics.renders = report.inputs.reduce(0) { $0 + $1.files.count }
    report.statistics.taskSeconds = timed.reduce(0) { $0 + $1.1 }
    report.statistics.librarySeconds = LibraryClock.seconds - libraryBefore
    report.statistics.writeSeconds = writeClock.seconds
    return report
  }

  private func prepareCatalog() throws {
    let root = catalog.appendingPathComponent("Contents.json")
    if !FileManager.default.fileExists(atPath: root.path) {
      try AtomicFile.write(try XcodeJSON.encode(CatalogContents()), to: root)
    }
  }

  private func process(_ path: String, name: String) -> AssetInputResult {
    var result = AssetInputResult(
      path: path, name: name, status: "failed", role: options.role.rawValue, shape: nil,
      sizePt: nil, files: [], error: nil, warnings: [])
    do {
      let artwork = try Artwork(path: path)
      var variants: [(suffix: String, compact: Bool)] = [("", false)]
      if options.compact { variants.append(("-compact", true)) }
      var warnings: [String] = []
      for variant in variants {
        var renderOptions = RenderOptions()
        renderOptions.role = options.role
        renderOptions.sizePt = options.sizePt
        renderOptions.shape = options.shape
        renderOptions.template = options.template
        renderOptions.paddingPt = options.paddingPt
        renderOptions.compact = variant.compact
        let setName = name + variant.suffix
        var files: [(filename: String, data: Data, scale: Int, width: Int, height: Int)] = []
        for scale in options.scales {
          renderOptions.scale = Double(scale)
          let glyph = try GlyphRenderer.render(artwork, options: renderOptions)
          for warning in glyph.warnings where !warnings.contains(warning) {
            warnings.append(warning)
          }
          if !variant.compact {
            result.shape = glyph.shape?.rawValue
            result.sizePt = glyph.targetPt.map { max($0.width, $0.height) } ?? glyph.canvasPt.width
          }
          let filename = setName + (scale == 1 ? "" : "@\(scale)x") + ".png"
          files.append(
            (
              filename, try PNGCodec.encode(glyph.image), scale, glyph.image.width,
              glyph.image.height
            ))
        }
        let contents = ImageSetContents(
          images: files.map { .init(filename: $0.filename, scale: "\($0.scale)x") },
          template: renderOptions.isTemplate)
        try writeImageSet(
          named: setName, files: files.map { ($0.filename, $0.data) }, contents: contents)
        result.files += files.map {
          WrittenFile(
            path: catalogPath + "/\(setName).imageset/\($0.filename)", width: $0.width,
            height: $0.height)
        }
      }
      result.status = "written"
      result.warnings = warnings
    } catch {
      result.files = []
      result.error = GlyphsmithError.wrap(error, path: path).description
    }
    return result
  }

  /// Builds the imageset in a hidden temporary folder, then swaps it in for the old one.
  private func writeImageSet(
    named name: String, files: [(String, Data)], contents: ImageSetContents
  ) throws {
    let start = DispatchTime.now().uptimeNanoseconds
    defer { writeClock.add(DispatchTime.now().uptimeNanoseconds - start) }
    let json = try contents.xcodeJSON()
    try AtomicFolder.write(
      files.map { (name: $0.0, data: $0.1) } + [(name: "Contents.json", data: json)],
      toPath: catalog.path + "/\(name).imageset")
  }
}

/// Adds up durations across threads.
final class SecondsCounter: @unchecked Sendable {
  private let lock = NSLock()
  private var nanoseconds: UInt64 = 0
  func add(_ value: UInt64) {
    lock.lock()
    nanoseconds += value
    lock.unlock()
  }
  var seconds: Double {
    lock.lock()
    defer { lock.unlock() }
    return Double(nanoseconds) / 1e9
  }
}

/// Counts finished inputs across threads and forwards `(done, total)`.
final class ProgressCounter: @unchecked Sendable {
  private let lock = NSLock()
  private var done = 0
  let total: Int
  let report: @Sendable (Int, Int) -> Void

  init(total: Int, report: @escaping @Sendable (Int, Int) -> Void) {
    self.total = total
    self.report = report
  }

  func tick() {
    lock.lock()
    done += 1
    let now = done
    lock.unlock()
    report(now, total)
  }
}
