import Foundation

/// `golden check`: every PNG under an actual folder against the golden of the same relative
/// path. Never writes a golden; writes artifacts only into the artifacts folder it is given.
public enum GoldenCheck {
  /// Option changes given on the command line, applied over `golden.json`'s.
  public struct Overrides: Sendable, Equatable {
    /// Threshold 0-1.
    public var threshold: Double?
    /// Count anti-aliased pixels too.
    public var includeAA: Bool?
    /// Blend mode.
    public var blend: PixelmatchBlend?
    /// Colour metric.
    public var metric: PixelmatchMetric?
    /// Differing pixels allowed.
    public var failOver: FailOver?

    /// No overrides.
    public init() {}

    func apply(to options: inout GoldenOptions) {
      if let threshold { options.pixelmatch.threshold = threshold }
      if let includeAA { options.pixelmatch.includeAA = includeAA }
      if let blend { options.pixelmatch.blend = blend }
      if let metric { options.pixelmatch.metric = metric }
      if let failOver { options.failOver = failOver }
    }
  }

  /// The whole check, as `--json` prints it.
  public struct Report: Sendable, Codable {
    /// Schema version, 1.
    public var version = 1
    /// "renderer changed from X to Y: re-record after review", or `nil`.
    public var rendererChange: String?
    /// Whether the golden folder has a `golden.json` (without one: strict options, and the
    /// renderer cannot be checked).
    public var manifestFound: Bool
    /// The options used (golden.json's with the overrides).
    public var options: GoldenOptions
    /// Images compared or looked for.
    public var checked: Int
    /// Entries that passed.
    public var passed: Int
    /// Entries that failed (`differs`, `sizeChanged`, `missingGolden`, `extraGolden`).
    public var failed: Int
    /// Entries that could not be checked (`unreadable`).
    public var errors: Int
    /// Failures first, largest difference first, then passes; ties by path.
    public var results: [GoldenEntry]
  }

  /// Where a check writes the failures' images: `artifacts` when given, else `X-files` beside
  /// the HTML report `X.html` (which links them), else nowhere.
  public static func artifactsFolder(artifacts: String?, report: String?) -> String? {
    if let artifacts { return artifacts }
    guard let report else { return nil }
    let stem = report.lowercased().hasSuffix(".html") ? String(report.dropLast(5)) : report
    return stem + "-files"
  }

  /// Runs the check.
  /// - Parameters:
  ///   - artifacts: where to write `<relative path>/expected.png, actual.png, diff.png` for
  ///     each failure (`nil`: write none).
  /// - Throws: `GoldenError.missingFolder` when a folder is absent, `GoldenError.invalidManifest`
  ///   for a bad `golden.json`, `GlyphsmithError.writeFailed` when an artifact cannot be written.
  public static func run(
    actual actualDirectory: URL, golden goldenDirectory: URL, artifacts: URL? = nil,
    overrides: Overrides = Overrides(), jobs: Int? = nil
  ) throws -> Report {
    let jobs = jobs ?? ParallelMap.availableCores
    try GoldenFiles.requireFolder(actualDirectory, role: "actual")
    try GoldenFiles.requireFolder(goldenDirectory, role: "golden")
    let manifest = try GoldenManifest.load(from: goldenDirectory)
    var options = manifest?.options ?? GoldenOptions()
    overrides.apply(to: &options)
    try options.pixelmatch.validate()
    var rendererChange: String? = nil
    if let manifest, let change = manifest.renderer.change(to: .current) {
      rendererChange =
        "renderer changed from \(change.from) to \(change.to): re-record after review"
    }

    let actualFiles = GoldenFiles.pngs(
      in: actualDirectory, excluding: [goldenDirectory] + (artifacts.map { [$0] } ?? []))
    let goldenFiles = GoldenFiles.pngs(in: goldenDirectory)
    let paths = Array(Set(actualFiles).union(goldenFiles)).sorted()
    let actualSet = Set(actualFiles)
    let goldenSet = Set(goldenFiles)
    let pixelJobs = paths.count >= jobs ? 1 : jobs
    var entries = ParallelMap.map(count: paths.count, jobs: jobs) { index in
      checkOne(
        paths[index], actual: actualSet.contains(paths[index]) ? actualDirectory : nil,
        golden: goldenSet.contains(paths[index]) ? goldenDirectory : nil, options: options,
        jobs: pixelJobs)
    }
    if let artifacts {
      for index in entries.indices where entries[index].status.isFailure {
        // An entry with no image to show (an unreadable input) gets no folder, and no mention.
        let images = entries[index].images
        guard images.expected != nil || images.actual != nil || images.diff != nil else {
          continue
        }
        let folder = GoldenComparison.artifactsFolder(artifacts, relativePath: entries[index].path)
        // Never through a linked sub-folder to wherever it points (the root may be a link).
        try OutputSafety.checkNoLinkedFolders(root: artifacts.path, folder: folder.path)
        try GoldenComparison.writeArtifacts(images, to: folder)
        // As given: relative when the folder was given relative, like the other paths printed.
        entries[index].artifacts = folder.relativePath
      }
    }
    entries.sort { a, b in
      if a.status.isFailure != b.status.isFailure { return a.status.isFailure }
      if a.magnitude != b.magnitude { return a.magnitude > b.magnitude }
      return a.path < b.path
    }
    let errors = entries.filter { $0.status == .unreadable }.count
    let failed = entries.filter { $0.status.isFailure }.count - errors
    return Report(
      rendererChange: rendererChange, manifestFound: manifest != nil, options: options,
      checked: entries.count,
      passed: entries.count - failed - errors, failed: failed, errors: errors, results: entries)
  }

  /// One path: load what exists, compare, and keep the PNG bytes a failure shows.
  static func checkOne(
    _ path: String, actual: URL?, golden: URL?, options: GoldenOptions, jobs: Int
  ) -> GoldenEntry {
    var entry = GoldenEntry(path: path, status: .passed, message: "")
    var expectedImage: RGBAImage? = nil
    var actualImage: RGBAImage? = nil
    for (folder, isGolden) in [(golden, true), (actual, false)] {
      guard let folder else { continue }
      let url = folder.appendingPathComponent(path)
      do {
        let data = try ImageComparison.read(url.path, named: url.relativePath)
        let image = try PNGCodec.decode(data, path: url.relativePath)
        if isGolden {
          entry.images.expected = data
          entry.expectedSize = ImageSize(of: image)
          expectedImage = image
        } else {
          entry.images.actual = data
          entry.actualSize = ImageSize(of: image)
          entry.totalPixels = image.width * image.height
          actualImage = image
        }
      } catch {
        entry.status = .unreadable
        entry.message = GlyphsmithError.wrap(error, path: url.relativePath).description
        return entry
      }
    }
    guard let expected = expectedImage else {
      entry.status = .missingGolden
      entry.message =
        "golden missing; record it with 'glyphsmith golden record --only-missing' after review"
      return entry
    }
    guard let actualImage else {
      entry.status = .extraGolden
      entry.message = "golden has no actual image; delete the golden if the image is gone"
      return entry
    }
    let outcome = GoldenComparison.compare(
      expected: expected, actual: actualImage, options: options, jobs: jobs)
    entry.status = outcome.status
    entry.message = outcome.message
    entry.mismatchedPixels = outcome.result?.mismatchedPixels
    entry.antiAliasedPixels = outcome.result?.antiAliasedPixels
    if let result = outcome.result, result.mismatchedPixels > 0 {
      entry.largestDifference = (result.largestDifference * 1000).rounded() / 1000
      entry.largestDifferenceAt = result.largestDifferenceAt
    }
    if entry.status.isFailure {
      entry.images.diff = try? PNGCodec.encode(outcome.diff)
    } else {
      entry.images = GoldenImages()
    }
    return entry
  }
}

/// Listing and checking the folders of a golden check or record.
enum GoldenFiles {
  /// Relative paths of the `.png` files under `folder`, recursively, hidden files and the
  /// `excluding` folders (a golden or artifacts folder kept inside the actual one) skipped,
  /// sorted.
  /// Listed with `Platform.folderEntries`, so names that are not UTF-8 survive (Foundation's
  /// enumerator turned their bytes into U+FFFD, and the file was then "not found"); linked
  /// folders are not entered.
  static func pngs(in folder: URL, excluding: [URL] = []) -> [String] {
    let base = folder.standardizedFileURL.path
    let skipped = Set(excluding.map { $0.standardizedFileURL.path })
    var paths: [String] = []
    func walk(_ relative: String) {
      let full = relative.isEmpty ? base : base + "/" + relative
      guard let entries = Platform.folderEntries(atPath: full) else { return }
      for entry in entries where !entry.name.hasPrefix(".") {
        let path = relative.isEmpty ? entry.name : relative + "/" + entry.name
        if entry.isFolder {
          if !entry.isLink && !skipped.contains(base + "/" + path) { walk(path) }
        } else if (entry.name as NSString).pathExtension.lowercased() == "png" {
          paths.append(path)
        }
      }
    }
    walk("")
    return paths.sorted()
  }

  static func requireFolder(_ url: URL, role: String) throws {
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory),
      isDirectory.boolValue
    else { throw GoldenError.missingFolder(path: url.path, role: role) }
  }
}
