import Foundation

/// `golden record`: copies actual images into the golden folder, atomically, and keeps
/// `golden.json` up to date. The only code that writes goldens.
public enum GoldenRecord {
  /// Which goldens to write.
  public enum Mode: String, Sendable, Codable, CaseIterable {
    /// Every actual image.
    case all
    /// Only images that have no golden yet.
    case onlyMissing
    /// Only images whose golden is missing or fails the check.
    case onlyFailed
  }

  /// What a record run did.
  public struct Report: Sendable, Codable {
    /// Relative paths written, sorted.
    public var recorded: [String]
    /// Relative paths left as they were, sorted.
    public var unchanged: [String]
    /// Goldens with no actual image (never deleted by record), sorted.
    public var extra: [String]
    /// Whether `golden.json` was written.
    public var manifestWritten: Bool
    /// One message (`path: error: what`) per actual image that could not be read or decoded,
    /// so was not recorded, sorted by path; the valid ones are recorded all the same.
    public var errors: [String] = []
  }

  /// Records goldens from `actualDirectory` into `goldenDirectory` (created when absent).
  ///
  /// `golden.json` is created with strict options when absent (`includeAA` true, written out);
  /// its renderer record is updated for `.all` and `.onlyFailed` (after them every golden
  /// matches the running renderer) and kept for `.onlyMissing`. Its options change only where
  /// `metric` is given: it is recorded as `options.metric`.
  /// An actual PNG that cannot be read or decoded is not recorded and is reported in
  /// `Report.errors` (its path as the folder was given); every valid one is recorded.
  /// - Throws: `GoldenError` for a missing actual folder or a bad `golden.json`;
  ///   `GlyphsmithError` for a failed write.
  /// - Parameter metric: the colour metric to record in `golden.json` (`--metric`); `nil`
  ///   keeps the file's (YIQ for a new file).
  public static func run(
    actual actualDirectory: URL, golden goldenDirectory: URL, mode: Mode = .all,
    metric: PixelmatchMetric? = nil, jobs: Int? = nil
  ) throws -> Report {
    let jobs = jobs ?? ParallelMap.availableCores
    try GoldenFiles.requireFolder(actualDirectory, role: "actual")
    let existing = try GoldenManifest.load(from: goldenDirectory)
    var options = existing?.options ?? GoldenOptions()
    if let metric { options.pixelmatch.metric = metric }
    let actualFiles = GoldenFiles.pngs(in: actualDirectory, excluding: [goldenDirectory])
    let goldenFiles = Set(GoldenFiles.pngs(in: goldenDirectory))

    // Decide and validate everything before the first write.
    let decisions = ParallelMap.map(count: actualFiles.count, jobs: jobs) {
      index -> Result<Data?, Error> in
      let path = actualFiles[index]
      let url = actualDirectory.appendingPathComponent(path)
      let data: Data
      let image: RGBAImage
      do {
        data = try ImageComparison.read(url.path, named: url.relativePath)
        image = try PNGCodec.decode(data, path: url.relativePath)
      } catch {
        return .failure(GlyphsmithError.wrap(error, path: url.relativePath))
      }
      switch mode {
      case .all: return .success(data)
      case .onlyMissing: return .success(goldenFiles.contains(path) ? nil : data)
      case .onlyFailed:
        guard goldenFiles.contains(path) else { return .success(data) }
        let goldenURL = goldenDirectory.appendingPathComponent(path)
        guard let goldenData = FileBytes.read(goldenURL.path),
          let golden = try? PNGCodec.decode(goldenData, path: goldenURL.path)
        else { return .success(data) }
        let outcome = GoldenComparison.compare(
          expected: golden, actual: image, options: options, jobs: 1)
        return .success(outcome.status.isFailure ? data : nil)
      }
    }
    var recorded: [String] = []
    var unchanged: [String] = []
    var errors: [String] = []
    var writes: [(String, Data)] = []
    for (index, decision) in decisions.enumerated() {
      switch decision {
      case .success(let data?):
        writes.append((actualFiles[index], data))
        recorded.append(actualFiles[index])
      case .success(nil):
        unchanged.append(actualFiles[index])
      case .failure(let error):
        errors.append("\(error)")
      }
    }
    for (path, data) in writes {
      let url = goldenDirectory.appendingPathComponent(path)
      try OutputSafety.checkNoLinkedFolders(
        root: goldenDirectory.path, folder: url.deletingLastPathComponent().path)
      try AtomicFile.write(data, to: url)
    }
    var manifestWritten = false
    if existing == nil || mode != .onlyMissing || existing?.options != options {
      var manifest = existing ?? GoldenManifest()
      if existing == nil || mode != .onlyMissing { manifest.renderer = .current }
      manifest.options = options
      if manifest != existing {
        try FileManager.default.createDirectory(
          at: goldenDirectory, withIntermediateDirectories: true)
        try manifest.save(to: goldenDirectory)
        manifestWritten = true
      }
    }
    let extra = goldenFiles.subtracting(actualFiles).sorted()
    return Report(
      recorded: recorded, unchanged: unchanged, extra: extra, manifestWritten: manifestWritten,
      errors: errors)
  }
}
