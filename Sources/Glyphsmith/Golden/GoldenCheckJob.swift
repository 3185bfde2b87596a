import FoundationEssentials
import Glibc
import GlyphsmithCore

/// `glyphsmith golden check`'s work: `GoldenCheck.run` over two folders, the stderr lines, the
/// optional HTML report and what goes to stdout (the JSON report or the summary line).
package struct GoldenCheckJob: Sendable, Equatable {
  /// The folder of actual PNGs, as the user gave it.
  package var actual: String
  /// The folder of goldens (with `golden.json`), as the user gave it.
  package var golden: String
  /// Where failure artifacts go (`--artifacts`); `nil`: beside the report `X.html` in
  /// `X-files/` (the report links them), or none without a report.
  package var artifacts: String?
  /// Where the HTML report goes (`--report`); `nil`: none.
  package var report: String?
  /// Where the JUnit XML goes (`--junit`); `nil`: none.
  package var junit: String?
  /// Where the pull-request comment goes (`--markdown`, `GoldenMarkdown`); `nil`: none.
  package var markdown: String?
  /// Whether stdout gets the JSON report (`--json`) instead of the summary line.
  package var json = false
  /// Options that change `golden.json`'s for this run.
  package var overrides = GoldenCheck.Overrides()
  /// Threads (never changes the output).
  package var jobs = ParallelMap.availableCores
  /// `--force`: the report and JUnit paths, and the artifacts, may replace a file Glyphsmith
  /// did not write (`OutputOwnership.checkReport`, `GoldenCheck.claimArtifacts`).
  package var force = false
  /// `--shard I/N`: check only that shard's icons (`GoldenCheck.Shard`); its report, JUnit
  /// file and JSON cover only them, the JSON with the `shard` record `golden merge` reads.
  package var shard: GoldenCheck.Shard?
  /// `--changed-since REV`: compare only the icons that changed since the git revision
  /// (`GoldenCheck.ChangedSince`); the report, JUnit file and JSON cover only them, the JSON
  /// with the `changedSince` record.
  package var changedSince: String?
  /// `--config FILE`: the project file `--changed-since` reads (which icon makes which
  /// output, and whether the project file changed); `nil`: the `glyphsmith.json` found above
  /// the folders or the current folder.
  package var config: String?

  /// A job for `actual` against `golden`; nothing runs until `run`.
  package init(actual: String, golden: String) {
    self.actual = actual
    self.golden = golden
  }

  /// What a run prints on stdout and how it ends.
  package struct Output: Sendable, Equatable {
    /// The bytes for stdout: the JSON report, or the summary line and a newline; empty when
    /// the JSON could not be encoded.
    package var stdout: Data
    /// `GoldenCheck.Report.outcome`; `.unusableInput` when the JSON could not be encoded.
    package var outcome: FailureCategory?
  }

  /// The folders this check would write into that are refused (issue 32, eighth trial
  /// finding 5: artifacts written into the catalog, a set, the golden folder, `.` or the icons
  /// folder were read back as images by the next check, 10 -> 16): the artifacts folder
  /// (`--artifacts`, or `X-files` beside `--report X.html`) that is, is inside or holds the
  /// actual folder, the golden folder or a project's icons folder
  /// (`GoldenRecord.iconsFolders`); the folder of a `--report` or `--junit`
  /// file that is one of them or inside one. Each as `GoldenError.unsafeFolder`.
  func unsafeFolders() -> [GoldenError] {
    func canonical(_ path: String) -> String {
      OutputOwnership.canonical(URL(fileURLWithPath: path).standardizedFileURL.path)
    }
    let icons = GoldenRecord.iconsFolders(near: [actual, golden])
    let kept = [("actual", actual), ("golden", golden)].map {
      (path: canonical($0.1), shown: $0.1, role: $0.0)
    }
    func problem(_ folder: String, holding: Bool) -> String? {
      GoldenRecord.clash(folder, with: kept, holding: holding)
        ?? GoldenRecord.clash(folder, with: icons, holding: holding)
    }
    var found: [GoldenError] = []
    if let folder = GoldenCheck.artifactsFolder(artifacts: artifacts, report: report),
      let why = problem(canonical(folder), holding: true)
    {
      found.append(
        .unsafeFolder(
          path: folder, role: artifacts != nil ? "--artifacts folder" : "--report's files folder",
          problem: why, example: "golden-artifacts"))
    }
    for (option, file) in [("--report", report), ("--junit", junit)] {
      guard let file else { continue }
      let parent = FileName.parent(of: canonical(file))
      if let why = problem(parent.isEmpty ? "/" : parent, holding: false) {
        found.append(
          .unsafeFolder(
            path: file, role: "\(option) file's folder", problem: why, example: "reports"))
      }
    }
    return found
  }

  /// The summary line's start with `--changed-since`: `changed since REV: 2 icons compared,
  /// 40 images of unchanged icons left out; ` or `changed since REV: every image compared
  /// (golden/golden.json changed); `.
  static func changedLine(_ record: GoldenCheck.ChangedSinceRecord) -> String {
    if let why = record.everything {
      return "changed since \(record.revision): every image compared (\(why)); "
    }
    return
      "changed since \(record.revision): \(counted(record.icons, "icon")) compared, \(counted(record.skipped, "image")) of unchanged icons left out; "
  }

  /// Checks, hands each stderr line (`GoldenCheck.Report.diagnostics`) to `diagnose`, writes
  /// the HTML report when asked, and returns stdout's bytes and the outcome.
  /// - Throws: a `GlyphsmithFailure`: `GoldenError` for a missing folder or a bad
  ///   `golden.json`, `GlyphsmithError` when an artifact or the report cannot be written.
  package func run(diagnose: (String) -> Void) throws -> Output {
    // The report paths are checked before anything is written: a file there that is not a
    // report of its kind Glyphsmith wrote is never replaced but with `force`.
    // Every such path is named before the run ends (exit 2).
    var foreign: [GlyphsmithError] = []
    for (path, isOwn) in [
      (junit, GoldenJUnit.isOwn), (self.report, GoldenHTMLReport.isOwn),
      (markdown, GoldenMarkdown.isOwn),
    ] as [(String?, (Data) -> Bool)] {
      guard let path else { continue }
      do {
        if let warning = try OutputOwnership.checkReport(path, force: force, isOwn: isOwn) {
          diagnose(warning.description)
        }
      } catch let error as GlyphsmithError {
        foreign.append(error)
      }
    }
    // Every refused folder is named; the last one (or a foreign report) ends the run.
    var unsafe = unsafeFolders()
    if let last = unsafe.popLast() {
      for error in unsafe { diagnose(error.description) }
      if foreign.isEmpty { throw last }
      diagnose(last.description)
    }
    if foreign.count == 1 { throw foreign[0] }
    if !foreign.isEmpty { throw PlanningFailure(foreign) }
    // A missing folder is named as typed before git is asked anything (issue 37 trial
    // MEDIUM-2: it was blamed on git). Under `--changed-since` a missing actual folder the
    // project makes is an empty one (`GoldenCheck.run`).
    do {
      // The actual folder first, as ever (under `--changed-since` it is checked later).
      if changedSince == nil {
        try GoldenFiles.requireFolder(URL(fileURLWithPath: actual), role: "actual")
      }
      try GoldenFiles.requireFolder(URL(fileURLWithPath: golden), role: "golden")
    } catch {
      throw GlyphsmithError.failure(error, path: golden)
    }
    let changed = try changedSince.map {
      try GoldenCheck.ChangedSince.read($0, actual: actual, golden: golden, config: config)
    }
    if let note = changed?.note { diagnose(note) }
    var report: GoldenCheck.Report
    do {
      report = try GoldenCheck.run(
        actual: URL(fileURLWithPath: actual), golden: URL(fileURLWithPath: golden),
        artifacts: GoldenCheck.artifactsFolder(artifacts: artifacts, report: self.report)
          .map { URL(fileURLWithPath: $0) }, overrides: overrides, jobs: jobs, force: force,
        shard: shard,
        excluding: markdown.map { [URL(fileURLWithPath: GoldenMarkdown.imagesFolder(for: $0))] }
          ?? [], changedSince: changed, diagnose: { diagnose($0.description) })
    } catch {
      throw GlyphsmithError.failure(error, path: golden)
    }
    report.addAcceptCommands(actual: actual, golden: golden)
    if let shard {
      report.shard = GoldenCheck.ShardRecord(
        index: shard.index, count: shard.count, actual: actual, golden: golden,
        artifacts: GoldenCheck.artifactsFolder(artifacts: artifacts, report: self.report),
        renderer: .current, run: GoldenCheck.runIdentity(golden: URL(fileURLWithPath: golden)),
        images: Dictionary(
          uniqueKeysWithValues: report.results.compactMap { entry in
            entry.artifacts == nil
              ? nil : (entry.path, GoldenJUnit.artifactFiles(entry).map(\.name))
          }))
    }
    report.diagnostics(actual: actual, golden: golden).forEach(diagnose)
    if let path = junit {
      try GoldenJUnit.write(report, toPath: path, actual: actual, golden: golden)
    }
    if let path = self.report {
      try report.writeHTML(toPath: path, actual: actual, golden: golden)
    }
    if let path = markdown {
      // The ownership of the file was told above: `force` here only to not tell it twice.
      try GoldenMarkdown.write(report, toPath: path, force: true, diagnose: { _ in })
    }
    guard json else {
      let summary =
        (shard.map { "shard \($0.description): " } ?? "")
        + (report.changedSince.map(Self.changedLine) ?? "")
        + report.summary(reportPath: self.report) + "\n"
      return Output(stdout: Data(summary.utf8), outcome: report.outcome)
    }
    guard let data = try? XcodeJSON.encode(report) else {
      return Output(stdout: Data(), outcome: .unusableInput)
    }
    return Output(stdout: data, outcome: report.outcome)
  }
}
