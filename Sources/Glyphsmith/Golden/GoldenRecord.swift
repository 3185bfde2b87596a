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
    /// Relative paths left as they were (the golden already had the same pixels, or the mode
    /// left it out), sorted.
    public var unchanged: [String]
    /// Goldens with no actual image that were kept (without `prune`), sorted.
    public var extra: [String]
    /// Whether `golden.json` was written.
    public var manifestWritten: Bool
    /// One message (`path: error: what`) per actual image that could not be read or decoded,
    /// so was not recorded, sorted by path; the valid ones are recorded all the same.
    public var errors: [String] = []
    /// Goldens deleted because they have no actual image (`prune`), sorted.
    public var pruned: [String] = []
    /// Whether pruning was asked for (the summary then counts pruned goldens, even 0).
    public var pruneRequested = false
    /// The exact paths of the selection (`GoldenSelection(exactPaths:)`, a review's accept)
    /// that selected no image, in the order given; a pattern that selects nothing throws
    /// instead.
    public var unmatchedPatterns: [String] = []
    /// The folder whose `golden.json` was used when it is above the golden folder (a record
    /// of a sub-folder: that file is used and no second one is written); `nil` otherwise.
    public var manifestFolder: String?
  }

  /// Records goldens from `actualDirectory` into `goldenDirectory` (created when absent).
  ///
  /// `golden.json` is created with strict options when absent (`includeAA` true, written out);
  /// its renderer record is updated for `.all` and `.onlyFailed` (after them every golden
  /// recorded matches the running renderer) and kept for `.onlyMissing`. Its options change
  /// only where `metric` is given: it is recorded as `options.metric`. When the golden folder
  /// has no `golden.json` but a folder above it has one, that one's options are used and no
  /// `golden.json` is written (a sub-folder record leaves no stray file).
  ///
  /// An image whose golden already has the same pixels is left untouched and counted as
  /// unchanged. An actual PNG that cannot be read or decoded is not recorded and is reported
  /// in `Report.errors` (its path as the folder was given); every valid one is recorded.
  /// Every folder written into is checked for links first (nothing is written through a link
  /// below the golden folder, so nothing lands outside it); one refused folder stops the run
  /// before the first write.
  /// - Throws: `GoldenError` for a missing actual folder, a bad `golden.json` or an `only`
  ///   pattern (not an exact path) that selects nothing (`selectsNothing`, before any write);
  ///   `GlyphsmithError` for a refused or failed write.
  /// - Parameters:
  ///   - metric: the colour metric to record in `golden.json` (`--metric`); `nil` keeps the
  ///     file's (YIQ for a new file).
  ///   - only: the images to record (`--only`: paths, folders, globs, icon names); `nil`:
  ///     every actual image.
  ///   - prune: delete the (selected) goldens that have no actual image (`--prune`).
  public static func run(
    actual actualDirectory: URL, golden goldenDirectory: URL, mode: Mode = .all,
    metric: PixelmatchMetric? = nil, only: GoldenSelection? = nil, prune: Bool = false,
    jobs: Int? = nil
  ) throws -> Report {
    let jobs = jobs ?? ParallelMap.availableCores
    try GoldenFiles.requireFolder(actualDirectory, role: "actual")
    let located = try GoldenManifest.locate(from: goldenDirectory)
    let inherited =
      located.map {
        $0.folder.path != goldenDirectory.standardizedFileURL.path
      } ?? false
    let existing = located?.manifest
    var options = existing?.options ?? GoldenOptions()
    if let metric { options.pixelmatch.metric = metric }
    if inherited, options != existing?.options, let folder = located?.folder {
      throw GoldenError.manifestAbove(
        path: folder.appendingPathComponent(GoldenManifest.fileName).path)
    }
    var actualFiles: [String]
    var goldenList: [String]
    if let only, only.isExactPaths {
      // Look the named files up; no listing of thousands of files for an accept.
      actualFiles = only.patterns.filter { GoldenFiles.isRegularFile(actualDirectory, $0) }
      goldenList = only.patterns.filter { GoldenFiles.isRegularFile(goldenDirectory, $0) }
    } else {
      actualFiles = GoldenFiles.pngs(in: actualDirectory, excluding: [goldenDirectory])
      goldenList = GoldenFiles.pngs(in: goldenDirectory)
      if let only {
        actualFiles = actualFiles.filter(only.matches)
        goldenList = goldenList.filter(only.matches)
      }
    }
    actualFiles = Array(Set(actualFiles)).sorted()
    let goldenFiles = Set(goldenList)
    let unmatched = only?.unmatched(in: actualFiles + goldenList) ?? []
    // A pattern or name that selects nothing is a mistake: nothing is written or pruned.
    if let only, !only.isExactPaths, !unmatched.isEmpty {
      throw GoldenError.selectsNothing(patterns: unmatched)
    }

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
      guard goldenFiles.contains(path) else { return .success(data) }
      if mode == .onlyMissing { return .success(nil) }
      let goldenURL = goldenDirectory.appendingPathComponent(path)
      guard let goldenData = FileBytes.read(goldenURL.path) else { return .success(data) }
      if goldenData == data { return .success(nil) }
      guard let golden = try? PNGCodec.decode(goldenData, path: goldenURL.path) else {
        return .success(data)
      }
      switch mode {
      case .all:
        let same =
          golden.width == image.width && golden.height == image.height
          && golden.pixels == image.pixels
        return .success(same ? nil : data)
      case .onlyMissing, .onlyFailed:
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
    let extra = goldenFiles.subtracting(actualFiles).sorted()
    let removals = prune ? extra : []
    for path in writes.map(\.0) + removals {
      let url = goldenDirectory.appendingPathComponent(path)
      try OutputSafety.checkNoLinkedFolders(
        root: goldenDirectory.path, folder: url.deletingLastPathComponent().path)
    }
    for (path, data) in writes {
      try AtomicFile.write(data, to: goldenDirectory.appendingPathComponent(path))
    }
    for path in removals {
      try GoldenFiles.remove(path, in: goldenDirectory)
    }
    var manifestWritten = false
    if !inherited && (existing == nil || mode != .onlyMissing || existing?.options != options) {
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
    return Report(
      recorded: recorded, unchanged: unchanged, extra: prune ? [] : extra,
      manifestWritten: manifestWritten, errors: errors, pruned: removals,
      pruneRequested: prune, unmatchedPatterns: unmatched,
      manifestFolder: inherited ? located?.folder.path : nil)
  }
}
