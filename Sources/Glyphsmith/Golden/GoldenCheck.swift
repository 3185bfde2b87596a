import FoundationEssentials
import Glibc
import GlyphsmithCore

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
    /// Which shard this is and what `golden merge` needs to rebuild the whole check's
    /// outputs (`--shard I/N` only; absent from an unsharded check and from a merged one).
    public var shard: ShardRecord?
    /// What `--changed-since` compared (`ChangedSinceRecord`); absent without it.
    public var changedSince: ChangedSinceRecord?
  }

  /// One of N parts of a check (`--shard I/N`): the images split by icon, so an icon's
  /// scales and variants stay together.
  ///
  /// An image's icon is its folder plus the shortest of its icon names
  /// (`GoldenSelection.iconNames(of:)`, the grouping `golden record --only NAME` uses):
  /// `tabs/bell.png`, `tabs/bell@2x.png` and `tabs/bell-dark@3x.png` are the icon `tabs/bell`.
  /// The icon goes to shard `(first 8 bytes of SHA-256(UTF-8 of the icon), big-endian) mod N
  /// + 1`: the same on every machine and run, and an icon's shard never moves when other
  /// icons come or go.
  public struct Shard: Sendable, Equatable, Codable {
    /// 1-based, at most `count`.
    public var index: Int
    /// How many shards, at least 1.
    public var count: Int

    /// Shard `index` of `count`; `nil` unless 1 <= index <= count.
    public init?(index: Int, count: Int) {
      guard count >= 1, index >= 1, index <= count else { return nil }
      self.index = index
      self.count = count
    }

    /// `I/N` as `--shard` takes it (decimal digits only); `nil` for anything else or an
    /// index outside 1...N.
    public init?(parsing text: String) {
      let parts = text.split(separator: "/", omittingEmptySubsequences: false)
      guard parts.count == 2, parts.allSatisfy({ !$0.isEmpty && $0.allSatisfy(\.isASCII) }),
        parts.allSatisfy({ $0.allSatisfy(\.isNumber) }),
        let index = Int(parts[0]), let count = Int(parts[1])
      else { return nil }
      self.init(index: index, count: count)
    }

    /// `I/N`.
    public var description: String { "\(index)/\(count)" }

    /// The icon `path` belongs to: its folder and its shortest icon name
    /// (`tabs/bell-dark@2x.png` → `tabs/bell`); the file name less `.png` when it has none.
    public static func icon(of path: String) -> String {
      let folder = GoldenHTMLReport.folderOf(path)
      let file = path.split(separator: "/").last.map(String.init) ?? path
      let name =
        GoldenSelection.iconNames(of: path).last
        ?? (file.lowercased().hasSuffix(".png") ? String(file.dropLast(4)) : file)
      return folder.isEmpty ? name : folder + "/" + name
    }

    /// The shard (1-based) of `count` that checks `path`: the first 8 bytes of the SHA-256 of
    /// its icon's UTF-8 bytes, as a big-endian number, modulo `count`, plus 1. (FNV-1a's low
    /// bits were tried first: modulo 4 they split 2,076 Lucide icons 3936/714/1392/186
    /// images: its low bits depend on the low bits of the bytes only.)
    public static func index(of path: String, count: Int) -> Int {
      let digest = ContentHash.sha256(icon(of: path))
      let high = UInt64(digest.prefix(16), radix: 16) ?? 0
      return Int(high % UInt64(count)) + 1
    }

    /// Whether this shard checks `path`.
    public func contains(_ path: String) -> Bool {
      Self.index(of: path, count: count) == index
    }
  }

  /// What a shard's `--json` carries besides the results, for `golden merge`.
  public struct ShardRecord: Sendable, Equatable, Codable {
    /// 1-based.
    public var index: Int
    /// How many shards the check was split into.
    public var count: Int
    /// The actual folder as given (the merged report, JUnit file and accept commands name it).
    public var actual: String
    /// The golden folder as given.
    public var golden: String
    /// The artifacts folder as given (`--artifacts`, or `X-files` of `--report X.html`);
    /// `nil` when none was written.
    public var artifacts: String?
    /// The renderer that ran this shard: shards of different renderers are not merged.
    public var renderer: RendererRecord
    /// What identifies the run the shard belongs to (`runIdentity`: the golden folder's
    /// contents and the commit checked out), equal in every shard of one run: `golden merge`
    /// refuses a shard of another run (issue 37 trial HIGH-4). Absent in results written
    /// before it was recorded (they merge only with each other).
    public var run: String? = nil
    /// For each failure with artifacts (by path), the artifact files written:
    /// `expected`, `actual`, `diff`, those present.
    public var images: [String: [String]]
  }

  /// The identity of a check's run that every shard of it computes alike (`ShardRecord.run`):
  /// the SHA-256 of the lines `golden.json` and the SHA-256 of its bytes (the file found at or
  /// above `golden`, with the options and the list of goldens), each golden PNG's path
  /// (relative to `golden`, sorted) and the SHA-256 of its bytes, and `HEAD COMMIT`, the commit
  /// git has checked out in the work tree holding `golden` (left out where git cannot say).
  /// Each shard reads every golden for it, not its own only.
  static func runIdentity(golden: URL) -> String {
    var lines: [String] = []
    if let located = try? GoldenManifest.locate(from: golden),
      let bytes = FileBytes.read(
        located.folder.appendingPathComponent(GoldenManifest.fileName).path)
    {
      lines.append("golden.json " + ContentHash.sha256(bytes))
    }
    for path in GoldenFiles.pngs(in: golden).sorted() {
      let bytes = FileBytes.read(golden.appendingPathComponent(path).path)
      lines.append(path + " " + (bytes.map { ContentHash.sha256($0) } ?? "unreadable"))
    }
    if let head = GitChanges.head(near: golden.path) { lines.append("HEAD " + head) }
    return ContentHash.sha256(lines.joined(separator: "\n"))
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
  ///     each failure (`nil`: write none), replacing only files Glyphsmith wrote there
  ///     (`claimArtifacts`).
  ///   - force: replace artifact files Glyphsmith did not write too, each named to `diagnose`.
  ///   - diagnose: told each warning about the artifacts (a file `force` replaces).
  ///   - shard: check only the images of this shard (`Shard.contains`); `nil`: all.
  ///   - excluding: more folders whose PNGs are not actual images (`--markdown`'s pictures).
  ///   - changedSince: compare only the icons it selects (`ChangedSince.icons`), all of them
  ///     when the renderer is not the one `golden.json` records; the report says so
  ///     (`Report.changedSince`).
  /// - Throws: `GoldenError.missingFolder` when a folder is absent, `GoldenError.invalidManifest`
  ///   for a bad `golden.json`, `GlyphsmithError.writeFailed` when an artifact cannot be
  ///   written, `PlanningFailure` naming every artifact path holding a file Glyphsmith did not
  ///   write (without `force`; no artifact is written then).
  public static func run(
    actual actualDirectory: URL, golden goldenDirectory: URL, artifacts: URL? = nil,
    overrides: Overrides = Overrides(), jobs: Int? = nil, force: Bool = false,
    shard: Shard? = nil, excluding: [URL] = [], changedSince: ChangedSince? = nil,
    diagnose: (Diagnostic) -> Void = { _ in }
  ) throws -> Report {
    let jobs = jobs ?? ParallelMap.availableCores
    // Under `--changed-since`, an actual folder the project makes that is not there yet is
    // empty (issue 37 trial MEDIUM-1: `build --changed-since` that rendered no Android icon
    // in a fresh clone made no `res` folder).
    let madeByTheProject = changedSince?.made?.isEmpty == false
    if !madeByTheProject || Platform.status(ofPath: actualDirectory.path) != nil {
      try GoldenFiles.requireFolder(actualDirectory, role: "actual")
    }
    try GoldenFiles.requireFolder(goldenDirectory, role: "golden")
    // A sub-folder of a golden folder is checked with the folder's golden.json.
    let manifest = try GoldenManifest.locate(from: goldenDirectory)?.manifest
    var options = manifest?.options ?? GoldenOptions()
    overrides.apply(to: &options)
    try options.pixelmatch.validate()
    var rendererChange: String? = nil
    if let manifest, let change = manifest.renderer.change(to: .current) {
      rendererChange =
        "renderer changed from \(change.from) to \(change.to): re-record after review"
    }

    let actualFiles = GoldenFiles.pngs(
      in: actualDirectory,
      excluding: [goldenDirectory] + (artifacts.map { [$0] } ?? []) + excluding)
    let goldenFiles = GoldenFiles.pngs(in: goldenDirectory)
    var paths = Array(Set(actualFiles).union(goldenFiles)).sorted()
    if let shard { paths = paths.filter(shard.contains) }
    let actualSet = Set(actualFiles)
    let goldenSet = Set(goldenFiles)
    var changedRecord: ChangedSinceRecord? = nil
    if var changed = changedSince {
      if changed.everything == nil, rendererChange != nil {
        changed.everything = "the renderer changed"
      }
      func fingerprint(_ folder: URL, _ path: String) -> String? {
        (try? Data(contentsOf: folder.appendingPathComponent(path)))
          .flatMap(PNGFormat().fingerprint(in:))
      }
      let icons = changed.icons(
        paths,
        actual: { path in
          actualSet.contains(path) ? (true, fingerprint(actualDirectory, path)) : (false, nil)
        },
        golden: { path in goldenSet.contains(path) ? fingerprint(goldenDirectory, path) : nil })
      let all = paths.count
      paths = paths.filter { icons.contains(Shard.icon(of: $0)) }
      changedRecord = ChangedSinceRecord(
        revision: changed.revision, everything: changed.everything, icons: icons.count,
        skipped: all - paths.count)
    }
    let pixelJobs = paths.count >= jobs ? 1 : jobs
    var entries = ParallelMap.map(count: paths.count, jobs: jobs) { index in
      checkOne(
        paths[index], actual: actualSet.contains(paths[index]) ? actualDirectory : nil,
        golden: goldenSet.contains(paths[index]) ? goldenDirectory : nil, options: options,
        jobs: pixelJobs)
    }
    if let artifacts {
      try writeArtifacts(&entries, root: artifacts, force: force, diagnose: diagnose)
    }
    var result = report(
      entries, rendererChange: rendererChange, manifestFound: manifest != nil, options: options)
    result.changedSince = changedRecord
    return result
  }

  /// The report of `entries` (in any order): sorted failures first, largest difference
  /// first, then by path; the counts.
  static func report(
    _ entries: [GoldenEntry], rendererChange: String?, manifestFound: Bool,
    options: GoldenOptions
  ) -> Report {
    var entries = entries
    entries.sort { a, b in
      if a.status.isFailure != b.status.isFailure { return a.status.isFailure }
      if a.magnitude != b.magnitude { return a.magnitude > b.magnitude }
      return a.path < b.path
    }
    let errors = entries.filter { $0.status == .unreadable }.count
    let failed = entries.filter { $0.status.isFailure }.count - errors
    return Report(
      rendererChange: rendererChange, manifestFound: manifestFound, options: options,
      checked: entries.count,
      passed: entries.count - failed - errors, failed: failed, errors: errors, results: entries)
  }

  /// Writes each failure's artifacts (those with an image to show) under `artifacts`,
  /// claiming the files first (`claimArtifacts`), and sets the entries' `artifacts` folders
  /// (as given: relative when `artifacts` is).
  /// - Throws: as `run` does for artifacts.
  static func writeArtifacts(
    _ entries: inout [GoldenEntry], root artifacts: URL, force: Bool,
    diagnose: (Diagnostic) -> Void
  ) throws {
    var writes: [(index: Int, folder: URL)] = []
    for index in entries.indices where entries[index].status.isFailure {
      // An entry with no image to show (an unreadable input) gets no folder, and no mention.
      let images = entries[index].images
      guard images.expected != nil || images.actual != nil || images.diff != nil else {
        continue
      }
      let folder = GoldenComparison.artifactsFolder(artifacts, relativePath: entries[index].path)
      // Never through a linked sub-folder to wherever it points (the root may be a link).
      try OutputSafety.checkNoLinkedFolders(root: artifacts.path, folder: folder.path)
      writes.append((index, folder))
    }
    let kept = try claimArtifacts(
      root: artifacts,
      files: writes.flatMap { write in
        Self.artifactFiles(entries[write.index].images).map {
          (write.folder.appendingPathComponent($0.name), $0.data)
        }
      }, force: force, diagnose: diagnose)
    for (index, folder) in writes {
      try GoldenComparison.writeArtifacts(
        entries[index].images, to: folder,
        keeping: Set(kept.filter { $0.deletingLastPathComponent().path == folder.path }
          .map(\.lastPathComponent)))
      // As given: relative when the folder was given relative, like the other paths printed.
      entries[index].artifacts = folder.relativePath
    }
  }

  /// The record of the artifact files a check wrote, in the artifacts folder (hidden):
  /// `{"files": ["bell/diff.png", ...], "version": 1}`, paths relative to the folder.
  public static let artifactsRecordName = ".glyphsmith-artifacts.json"

  /// The record's JSON.
  struct ArtifactsRecord: Codable {
    var files: [String]
    var version = 1
  }

  /// The artifact files of `images`: `expected.png`, `actual.png`, `diff.png`, each with its
  /// bytes (`nil`: not given now, a stale one removed).
  static func artifactFiles(_ images: GoldenImages) -> [(name: String, data: Data?)] {
    [("expected.png", images.expected), ("actual.png", images.actual), ("diff.png", images.diff)]
  }

  /// Checks that every existing file of `files` (in the artifacts folder `root`, each with the
  /// bytes about to be written, `nil` for one about to be removed) is Glyphsmith's (issue 32):
  /// the folder's record (`artifactsRecordName`) lists it, or it holds exactly those bytes (a
  /// folder written before records existed is not adopted: its files' names are the only
  /// sign, and a user's file may have them). Then records them all before any is written.
  /// - Returns: the existing files that are not Glyphsmith's and are not written (one about to
  ///   be removed is kept), for `GoldenComparison.writeArtifacts(_:to:keeping:)`.
  /// - Throws: `PlanningFailure` naming every file to be written that is not Glyphsmith's
  ///   (`PATH: error: exists and was not made by glyphsmith; move it or pass --force`) unless
  ///   `force` (then each is told to `diagnose`, `OutputOwnership.replacedWarning`);
  ///   `GlyphsmithError.writeFailed` when the record cannot be written.
  static func claimArtifacts(
    root: URL, files: [(url: URL, data: Data?)], force: Bool, diagnose: (Diagnostic) -> Void
  ) throws -> [URL] {
    let recordPath = root.appendingPathComponent(artifactsRecordName).path
    let base = root.standardizedFileURL.path
    func relative(_ url: URL) -> String {
      String(url.standardizedFileURL.path.dropFirst(base.count + 1))
    }
    let recordData = FileBytes.read(recordPath)
    var listed = Set(
      recordData.flatMap { try? JSONDecoder().decode(ArtifactsRecord.self, from: $0) }?.files ?? [])
    var foreign: [GlyphsmithError] = []
    var kept: [URL] = []
    for (url, data) in files {
      let path = url.path
      guard let existing = Platform.status(ofPath: path) else { continue }
      let owned =
        !existing.isFolder
        && (listed.contains(relative(url)) || (data != nil && FileBytes.read(path) == data))
      if owned { continue }
      guard data != nil else {
        kept.append(url)
        continue
      }
      // Named as given: relative when the folder was given relative.
      if force && !existing.isFolder {
        diagnose(OutputOwnership.replacedWarning(url.relativePath))
      } else {
        foreign.append(.unusable(path: url.relativePath, problem: OutputOwnership.foreignProblem))
      }
    }
    if !foreign.isEmpty { throw PlanningFailure(foreign) }
    let before = listed
    for (url, data) in files where data != nil { listed.insert(relative(url)) }
    guard listed != before || (recordData == nil && !files.isEmpty) else { return kept }
    do {
      try FileManager.default.createDirectory(atPath: base, withIntermediateDirectories: true)
      try AtomicFile.write(
        try XcodeJSON.encode(ArtifactsRecord(files: listed.sorted())), toPath: recordPath)
    } catch {
      throw GlyphsmithError.wrap(error, path: recordPath)
    }
    return kept
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
        "golden missing; record it after review"
      return entry
    }
    guard let actualImage else {
      entry.status = .extraGolden
      entry.message = "golden has no actual image; prune the golden if the image is gone"
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
        } else if PathName(entry.name).pathExtension.lowercased() == "png" {
          paths.append(path)
        }
      }
    }
    walk("")
    return paths.sorted()
  }

  /// Whether `folder/relative` is a `.png` file `pngs` would list: reached without entering a
  /// linked folder below `folder`, no hidden, `.` or `..` component.
  static func isRegularFile(_ folder: URL, _ relative: String) -> Bool {
    let parts = relative.split(separator: "/", omittingEmptySubsequences: false)
    guard !relative.hasPrefix("/"), relative.lowercased().hasSuffix(".png"),
      !parts.contains(where: { $0.isEmpty || $0.hasPrefix(".") })
    else { return false }
    var current = folder.standardizedFileURL.path
    for (index, part) in parts.enumerated() {
      current += "/" + part
      let last = index == parts.count - 1
      guard let kind = Platform.kind(ofPath: current, followingLinks: last) else { return false }
      if !last && kind != .folder { return false }
      if last { return kind == .regular }
    }
    return false
  }

  /// Deletes the golden `relative` in `folder` (a pruned golden), then the folders it leaves
  /// empty up to `folder`.
  /// - Throws: `GlyphsmithError.writeFailed` naming the file when it cannot be deleted.
  static func remove(_ relative: String, in folder: URL) throws {
    let url = folder.appendingPathComponent(relative)
    do { try FileManager.default.removeItem(at: url) } catch {
      throw GlyphsmithError.writeFailed(path: url.path, reason: "cannot delete it: \(error)")
    }
    var parent = url.deletingLastPathComponent().standardizedFileURL
    let root = folder.standardizedFileURL.path
    while parent.path.hasPrefix(root + "/"),
      (try? FileManager.default.contentsOfDirectory(atPath: parent.path))?.isEmpty == true
    {
      try? FileManager.default.removeItem(at: parent)
      parent = parent.deletingLastPathComponent().standardizedFileURL
    }
  }

  static func requireFolder(_ url: URL, role: String) throws {
    var isDirectory = false
    guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory),
      isDirectory
    else { throw GoldenError.missingFolder(path: url.relativePath, role: role) }
  }
}
