import FoundationEssentials
import Glibc
import GlyphsmithCore

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
    /// Whether `golden.json` was written for its options or renderer record (what the
    /// summary tells); a change of its record of goldens alone is `recordWritten`.
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
    /// Goldens Glyphsmith did not make (`GoldenManifest.goldens` does not list them and they
    /// carry no mark) that the run would have replaced or pruned, left as they are (no
    /// `force`), sorted; each is an error naming it (exit 2), the rest of the run goes on.
    public var notOwned: [String] = []
    /// Goldens Glyphsmith did not make that `force` replaced or pruned, sorted; each is a
    /// warning naming it.
    public var forced: [String] = []
    /// Whether a `golden.json` (the golden folder's or the one above it) was written at all,
    /// its record of goldens included (`GoldenManifest.goldens`).
    public var recordWritten = false
    /// The goldens of `extra` that the record does not list (Glyphsmith did not make them),
    /// which `--prune` would keep too (issue 32, sixth trial: their warning suggested
    /// `--prune`, which then refused them), sorted.
    public var extraNotOwned: [String] = []
  }

  /// Whether a golden is Glyphsmith's to replace or prune (issue 32).
  private enum Ownership {
    /// `golden.json` holds the record of the goldens it wrote (paths relative to its folder).
    case recorded(Set<String>)
    /// No record yet (no `golden.json`, or one an older version wrote): a golden counts when
    /// it is a PNG carrying Glyphsmith's mark (`isMarkedGolden`), and only such goldens are
    /// adopted into the record this run writes (issue 32 trial: a hand-made golden folder was
    /// taken as Glyphsmith's whole, its files replaced and pruned).
    case unrecorded
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
  ///   - force: replace and prune goldens Glyphsmith did not make too (`--force`), each named
  ///     in `Report.forced`; without it each is left as it is and named in `Report.notOwned`.
  ///
  /// Ownership (issue 32): a golden is Glyphsmith's when `golden.json`'s record
  /// (`GoldenManifest.goldens`) lists it, or, when no record exists yet (no `golden.json`, or
  /// one an older version wrote), when it is a PNG carrying Glyphsmith's mark
  /// (`isMarkedGolden`): only those are adopted into the record this run writes; any other
  /// file there is the user's, never replaced or pruned without `force`. A golden with the
  /// actual image's pixels is taken into the record; one that is written is added, one that
  /// is pruned removed.
  public static func run(
    actual actualDirectory: URL, golden goldenDirectory: URL, mode: Mode = .all,
    metric: PixelmatchMetric? = nil, only: GoldenSelection? = nil, prune: Bool = false,
    force: Bool = false, jobs: Int? = nil
  ) throws -> Report {
    let jobs = jobs ?? ParallelMap.availableCores
    try GoldenFiles.requireFolder(actualDirectory, role: "actual")
    try checkOwnFolder(golden: goldenDirectory, actual: actualDirectory)
    try checkIconsFolder(golden: goldenDirectory, actual: actualDirectory)
    var only = only
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
      // `--only out/Icons.xcassets/star.imageset/star.png`, written from the current folder,
      // means the file inside the actual folder `out` (when it selects nothing as given).
      if let given = only {
        let resolved = given.resolvingPaths(
          inside: [actualDirectory.path, goldenDirectory.path],
          currentFolder: FileManager.default.currentDirectoryPath)
        let listed = actualFiles + goldenList
        var chosen = given
        chosen.patterns = zip(given.patterns, resolved.patterns).map { pattern, inside in
          listed.contains { GoldenSelection.matches(pattern: pattern, path: $0) } ? pattern : inside
        }
        only = chosen
      }
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

    // The record's paths are relative to the folder holding golden.json.
    let manifestRoot = (located?.folder ?? goldenDirectory).standardizedFileURL.path
    let goldenRoot = goldenDirectory.standardizedFileURL.path
    let prefix =
      goldenRoot == manifestRoot ? "" : String(goldenRoot.dropFirst(manifestRoot.count + 1)) + "/"
    let ownership: Ownership = existing?.goldens.map { .recorded(Set($0)) } ?? .unrecorded
    /// Whether the golden at `path` (its bytes `data`, if read) is Glyphsmith's: the record
    /// lists it. Where there is a record its mark does not make it so (issue 32): a PNG of
    /// Glyphsmith's copied into the folder by hand carries the mark as the one it renders
    /// does. Without a record the mark is all there is to tell (`isMarkedGolden`).
    func isOwn(_ path: String, _ data: Data?) -> Bool {
      switch ownership {
      case .recorded(let record): return record.contains(prefix + path)
      case .unrecorded: return data.map(isMarkedGolden) ?? false
      }
    }

    // Decide and validate everything before the first write.
    let decisions = ParallelMap.map(count: actualFiles.count, jobs: jobs) {
      index -> Result<Decision, Error> in
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
      guard goldenFiles.contains(path) else { return .success(.write(data, own: true)) }
      if mode == .onlyMissing { return .success(.unchanged(adopt: false)) }
      let goldenURL = goldenDirectory.appendingPathComponent(path)
      guard let goldenData = FileBytes.read(goldenURL.path) else {
        return .success(.write(data, own: isOwn(path, nil)))
      }
      if goldenData == data { return .success(.unchanged(adopt: true)) }
      let own = isOwn(path, goldenData)
      guard let golden = try? PNGCodec.decode(goldenData, path: goldenURL.path) else {
        return .success(.write(data, own: own))
      }
      let same =
        golden.width == image.width && golden.height == image.height
        && golden.pixels == image.pixels
      if same { return .success(.unchanged(adopt: true)) }
      switch mode {
      case .all:
        return .success(.write(data, own: own))
      case .onlyMissing, .onlyFailed:
        let outcome = GoldenComparison.compare(
          expected: golden, actual: image, options: options, jobs: 1)
        return .success(
          outcome.status.isFailure ? .write(data, own: own) : .unchanged(adopt: false))
      }
    }
    var recorded: [String] = []
    var unchanged: [String] = []
    var errors: [String] = []
    var writes: [(String, Data)] = []
    var adopted: [String] = []
    var notOwned: [String] = []
    var forced: [String] = []
    for (index, decision) in decisions.enumerated() {
      let path = actualFiles[index]
      switch decision {
      case .success(.write(let data, let own)):
        if !own {
          guard force else {
            notOwned.append(path)
            continue
          }
          forced.append(path)
        }
        writes.append((path, data))
        recorded.append(path)
      case .success(.unchanged(let adopt)):
        unchanged.append(path)
        if adopt { adopted.append(path) }
      case .failure(let error):
        errors.append("\(error)")
      }
    }
    let extra = goldenFiles.subtracting(actualFiles).sorted()
    var removals: [String] = []
    // Only a golden the record lists is pruned: a PNG carrying the mark that no record lists
    // is a copy of an output the user put there (issue 32, fifth trial), never deleted but
    // with `force`.
    func isRecorded(_ path: String) -> Bool {
      if case .recorded(let record) = ownership { return record.contains(prefix + path) }
      return false
    }
    for path in prune ? extra : [] {
      if !isRecorded(path) {
        guard force else {
          notOwned.append(path)
          continue
        }
        forced.append(path)
      }
      removals.append(path)
    }
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
    // The record: what was there (all of it when there was no record yet), what was written
    // or found equal, less what was pruned.
    var record: Set<String>
    switch ownership {
    case .recorded(let listed): record = listed
    case .unrecorded:
      // Only the goldens carrying the mark are adopted; a file the user put there (and left
      // as it is) stays out of the record, so it stays the user's.
      // A marked PNG where no actual image is (a copy of an output put there by hand) is
      // not adopted either (issue 32, fifth trial: `--prune` deleted such copies).
      let notTouched = Set(notOwned)
      let actual = Set(actualFiles)
      record = Set(
        GoldenFiles.pngs(in: goldenDirectory).filter { path in
          !notTouched.contains(path) && actual.contains(path)
            && isOwn(path, FileBytes.read(goldenDirectory.appendingPathComponent(path).path))
        }.map { prefix + $0 })
    }
    if only == nil {
      // A full run sees every golden of the folder: entries whose file is gone are dropped.
      record = record.filter {
        !$0.hasPrefix(prefix) || goldenFiles.contains(String($0.dropFirst(prefix.count)))
      }
    }
    record.formUnion((recorded + adopted).map { prefix + $0 })
    record.subtract(removals.map { prefix + $0 })
    var manifestWritten = false
    var recordWritten = false
    if !inherited {
      var manifest = existing ?? GoldenManifest()
      if existing == nil || mode != .onlyMissing { manifest.renderer = .current }
      manifest.options = options
      var unrecorded = manifest
      unrecorded.goldens = existing?.goldens
      manifest.goldens = record.sorted()
      if manifest != existing {
        try FileManager.default.createDirectory(
          at: goldenDirectory, withIntermediateDirectories: true)
        try manifest.save(to: goldenDirectory)
        manifestWritten = existing == nil || unrecorded != existing
        recordWritten = true
      }
    } else if let located, var manifest = existing, manifest.goldens != nil {
      // A sub-folder's goldens go into the record of the folder's golden.json (only it
      // changes); a file without a record yet stays so (every golden under it counts).
      manifest.goldens = record.sorted()
      if manifest != existing {
        try manifest.save(to: located.folder)
        recordWritten = true
      }
    }
    return Report(
      recorded: recorded, unchanged: unchanged, extra: prune ? [] : extra,
      manifestWritten: manifestWritten, errors: errors, pruned: removals,
      pruneRequested: prune, unmatchedPatterns: unmatched,
      manifestFolder: inherited ? located?.folder.path : nil, notOwned: notOwned.sorted(),
      forced: forced.sorted(), recordWritten: recordWritten,
      extraNotOwned: prune ? [] : extra.filter { !isRecorded($0) })
  }

  /// Refuses a golden folder that is the actual folder, holds it (`.` holding the catalog) or
  /// is inside it, compared standardized with links resolved, before anything is read or
  /// written (issue 32, fifth trial: `golden record App/Icons.xcassets .` recorded the
  /// outputs as goldens of themselves, and `--prune` was free to delete them). A folder
  /// that does not exist yet is compared where it will be, its nearest existing folder's
  /// links resolved (`OutputOwnership.canonical`; issue 32, seventh trial: `act/golden` with
  /// `act` a link to the catalog wrote the goldens inside it).
  /// - Throws: `GoldenError.overlapsActual` naming both folders as given.
  static func checkOwnFolder(golden: URL, actual: URL) throws {
    func canonical(_ url: URL) -> String {
      OutputOwnership.canonical(url.standardizedFileURL.path)
    }
    let (goldenPath, actualPath) = (canonical(golden), canonical(actual))
    func holds(_ outer: String, _ inner: String) -> Bool {
      inner.hasPrefix(outer == "/" ? "/" : outer + "/")
    }
    let how: Bool?
    if goldenPath == actualPath {
      how = nil
    } else if holds(goldenPath, actualPath) {
      how = true
    } else if holds(actualPath, goldenPath) {
      how = false
    } else {
      return
    }
    throw GoldenError.overlapsActual(
      path: golden.relativePath, actual: actual.relativePath, holds: how)
  }

  /// Throws `GoldenError.unsafeFolder` when the golden folder is a project's icons folder,
  /// inside one or holding one (`iconsFolders`; issue 32, eighth trial finding 5: `golden
  /// record ACT icons` wrote goldens the next build read as icons). `actual` as given.
  static func checkIconsFolder(golden: URL, actual: URL) throws {
    let goldenPath = OutputOwnership.canonical(golden.standardizedFileURL.path)
    if let problem = GoldenRecord.clash(
      goldenPath, with: iconsFolders(near: [golden.path, actual.path]), holding: true)
    {
      throw GoldenError.unsafeFolder(
        path: golden.relativePath, role: "golden folder", problem: problem, example: "golden")
    }
  }

  /// The icons folders (standardized, links resolved, with the path to show) of the projects
  /// whose `glyphsmith.json` is the nearest above each of `paths` or the current folder
  /// (`ProjectConfig.find`), as their `"icons"` key names them; a file that is not JSON
  /// names none.
  static func iconsFolders(near paths: [String]) -> [(path: String, shown: String)] {
    var found: [(path: String, shown: String)] = []
    let here = FileManager.default.currentDirectoryPath
    for start in paths + [here] {
      let from = OutputOwnership.canonical(
        URL(fileURLWithPath: start).standardizedFileURL.path)
      guard let file = ProjectConfig.find(from: from),
        let data = FileManager.default.contents(atPath: file),
        let icons = JSONValue.parse(data)?.object?["icons"]?.string
      else { continue }
      let folder = FileName.parent(of: file)
      let path = OutputOwnership.canonical(
        icons.hasPrefix("/") ? icons : (folder.isEmpty ? "." : folder) + "/" + icons)
      guard !found.contains(where: { $0.path == path }) else { continue }
      let home = OutputOwnership.canonical(here)
      let shown =
        path == home ? "." : path.hasPrefix(home + "/") ? String(path.dropFirst(home.count + 1)) : path
      found.append((path, shown))
    }
    return found
  }

  /// How `folder` (standardized, links resolved) clashes with a project's icons folder
  /// among `icons`: `is the icons folder icons`, `is inside the icons folder icons`, or (with
  /// `holding`) `holds the icons folder icons`; `nil` when it does not.
  static func clash(
    _ folder: String, with icons: [(path: String, shown: String)], holding: Bool
  ) -> String? {
    clash(folder, with: icons.map { ($0.path, $0.shown, "icons") }, holding: holding)
  }

  /// How `folder` clashes with one of `folders` (each with the `role` its message names:
  /// `is the golden folder G`, `is inside the actual folder A`, `holds the icons folder I`);
  /// `nil` when it does not.
  static func clash(
    _ folder: String, with folders: [(path: String, shown: String, role: String)],
    holding: Bool
  ) -> String? {
    for other in folders {
      if folder == other.path { return "is the \(other.role) folder \(other.shown)" }
      if folder.hasPrefix(other.path == "/" ? "/" : other.path + "/") {
        return "is inside the \(other.role) folder \(other.shown)"
      }
      if holding, other.path.hasPrefix(folder == "/" ? "/" : folder + "/") {
        return "holds the \(other.role) folder \(other.shown)"
      }
    }
    return nil
  }

  /// Whether `data` is a golden Glyphsmith wrote, for a golden folder without a record: a PNG
  /// (its header reads) carrying Glyphsmith's mark (the `glyphsmith:source` fingerprint
  /// every PNG it renders carries). A file of another kind named `.png`, or a PNG without the
  /// mark, is the user's.
  static func isMarkedGolden(_ data: Data) -> Bool {
    PNGCodec.size(of: data) != nil && PNGFormat().fingerprint(in: data) != nil
  }

  /// What to do with one actual image.
  private enum Decision {
    /// Write `data` as its golden; `own`: the golden it replaces (if any) is Glyphsmith's.
    case write(Data, own: Bool)
    /// Leave the golden; `adopt`: it has the actual pixels, so it joins the record.
    case unchanged(adopt: Bool)
  }
}
