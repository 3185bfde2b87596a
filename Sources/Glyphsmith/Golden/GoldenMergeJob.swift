import FoundationEssentials
import Glibc
import GlyphsmithCore

/// `glyphsmith golden merge RESULTS... -o DIR`: the `--json` results of the shards of one
/// check (`golden check --shard I/N --json`) merged into what the unsharded check writes, byte
/// for byte (issue 37): `DIR/results.json` (its `--json`), `DIR/junit.xml` (its `--junit`),
/// `DIR/report.html` (its `--report`) with the failures' artifacts copied into
/// `DIR/report-files/`, and its exit code.
///
/// Each shard's artifacts are read from its artifacts folder as its JSON names it (`shard`'s
/// `artifacts`), relative to the current folder, else relative to the folder of its results
/// file (the folder as given, then its last component): a CI job that downloads each shard's
/// `results.json` and artifacts folder side by side finds them either way.
package struct GoldenMergeJob: Sendable, Equatable {
  /// The shards' `--json` results files, as given.
  package var results: [String]
  /// The folder to write into (`-o`).
  package var output: String
  /// `--force`: the outputs may replace files Glyphsmith did not write.
  package var force = false
  /// `--markdown`: also write the pull-request comment (`GoldenMarkdown`), its pictures from
  /// the shards' artifacts.
  package var markdown: String?

  /// A merge of `results` into `output`; nothing runs until `run`.
  package init(results: [String], output: String) {
    self.results = results
    self.output = output
  }

  /// The merged results file in `output`.
  package var jsonPath: String { PathName(output).appendingPathComponent("results.json") }
  /// The merged JUnit file in `output`.
  package var junitPath: String { PathName(output).appendingPathComponent("junit.xml") }
  /// The merged HTML report in `output`; its images go to `report-files/` beside it.
  package var reportPath: String { PathName(output).appendingPathComponent("report.html") }

  /// One shard's results, read.
  struct Shard {
    var file: String
    var report: GoldenCheck.Report
    var record: GoldenCheck.ShardRecord
  }

  /// Reads and checks the shards, writes the merged outputs, hands each stderr line (as
  /// `golden check` prints them) to `diagnose`, and returns the stdout bytes (the summary
  /// line, `merged N shards: ...; report in DIR/report.html`, then one line per file written)
  /// and the outcome (check's: `.answerIsNo` for any failure, `.unusableInput` for an
  /// unreadable image).
  /// - Throws: `PlanningFailure` (exit 2) naming every results file that cannot be read, is
  ///   not a shard's `--json` result, or disagrees with the others (shard count, options,
  ///   renderer, folders), every shard missing or given twice, every image in two shards and
  ///   every artifact file that cannot be read; a `GlyphsmithFailure` when an output cannot
  ///   be written or is not Glyphsmith's (without `force`).
  package func run(diagnose: (String) -> Void) throws -> GoldenCheckJob.Output {
    let shards = try read()
    let first = shards[0]
    var problems: [GlyphsmithError] = []
    // Every image in exactly one shard.
    var owner: [String: String] = [:]
    for shard in shards {
      for entry in shard.report.results {
        if let other = owner[entry.path] {
          problems.append(
            .unusable(
              path: shard.file,
              problem: "\(entry.path) is also in \(other): the shards overlap"))
        } else {
          owner[entry.path] = shard.file
        }
      }
    }
    var entries: [GoldenEntry] = []
    for shard in shards {
      let root = artifactsRoot(shard)
      for var entry in shard.report.results {
        entry.artifacts = nil
        if let names = shard.record.images[entry.path], let root {
          let folder = GoldenComparison.artifactsFolder(root, relativePath: entry.path)
          for name in names {
            let url = folder.appendingPathComponent(name + ".png")
            guard let data = FileBytes.read(url.path) else {
              problems.append(
                .unusable(
                  path: url.relativePath,
                  problem: "cannot read this artifact of \(entry.path) (\(shard.file))"))
              continue
            }
            switch name {
            case "expected": entry.images.expected = data
            case "actual": entry.images.actual = data
            default: entry.images.diff = data
            }
          }
        } else if !(shard.record.images[entry.path] ?? []).isEmpty {
          problems.append(
            .unusable(
              path: shard.file,
              problem:
                "artifacts folder \(shard.record.artifacts ?? "") not found, relative to the current folder or to the results file's"
            ))
        }
        entries.append(entry)
      }
    }
    if !problems.isEmpty { throw PlanningFailure(problems) }

    var foreign: [GlyphsmithError] = []
    for (path, isOwn) in [
      (jsonPath, Self.isOwnJSON), (junitPath, GoldenJUnit.isOwn),
      (reportPath, GoldenHTMLReport.isOwn),
    ] + (markdown.map { [($0, GoldenMarkdown.isOwn)] } ?? []) as [(String, (Data) -> Bool)] {
      do {
        if let warning = try OutputOwnership.checkReport(path, force: force, isOwn: isOwn) {
          diagnose(warning.description)
        }
      } catch let error as GlyphsmithError {
        foreign.append(error)
      }
    }
    if !foreign.isEmpty { throw PlanningFailure(foreign) }
    do {
      try FileManager.default.createDirectory(atPath: output, withIntermediateDirectories: true)
    } catch {
      throw GlyphsmithError.failure(error, path: output)
    }
    if entries.contains(where: { $0.images.expected != nil || $0.images.actual != nil }) {
      let artifacts = GoldenCheck.artifactsFolder(artifacts: nil, report: reportPath)!
      try GoldenCheck.writeArtifacts(
        &entries, root: URL(fileURLWithPath: artifacts), force: force,
        diagnose: { diagnose($0.description) })
    }
    var report = GoldenCheck.report(
      entries, rendererChange: first.report.rendererChange,
      manifestFound: first.report.manifestFound, options: first.report.options)
    // Shards of one `--changed-since` check: what the unsharded check says it compared
    // (issue 37 trial F7: the merged results lacked it). An icon is in one shard only.
    if let record = first.report.changedSince {
      report.changedSince = GoldenCheck.ChangedSinceRecord(
        revision: record.revision, everything: record.everything,
        icons: shards.reduce(0) { $0 + ($1.report.changedSince?.icons ?? 0) },
        skipped: shards.reduce(0) { $0 + ($1.report.changedSince?.skipped ?? 0) })
    }
    let actual = first.record.actual
    let golden = first.record.golden
    report.diagnostics(actual: actual, golden: golden).forEach(diagnose)
    let json: Data
    do { json = try XcodeJSON.encode(report) } catch {
      throw GlyphsmithError.failure(error, path: jsonPath)
    }
    do { try AtomicFile.write(json, toPath: jsonPath) } catch {
      throw GlyphsmithError.failure(error, path: jsonPath)
    }
    try GoldenJUnit.write(report, toPath: junitPath, actual: actual, golden: golden)
    try report.writeHTML(toPath: reportPath, actual: actual, golden: golden)
    if let markdown {
      try GoldenMarkdown.write(report, toPath: markdown, force: true, diagnose: { _ in })
    }
    let lines =
      ["merged \(counted(shards.count, "shard")): " + report.summary(reportPath: reportPath)]
      + ([jsonPath, junitPath, reportPath] + (markdown.map { [$0] } ?? [])).map { "wrote \($0)" }
    return GoldenCheckJob.Output(
      stdout: Data((lines.joined(separator: "\n") + "\n").utf8), outcome: report.outcome)
  }

  /// Whether `data` is a results file `merge` wrote (a golden check report without a shard
  /// record), which it may replace.
  static func isOwnJSON(_ data: Data) -> Bool {
    (try? JSONDecoder().decode(GoldenCheck.Report.self, from: data)).map { $0.shard == nil }
      ?? false
  }

  /// The shards' results, read and checked against each other: one count N, every shard
  /// 1...N exactly once, the same options, renderer and folders.
  func read() throws -> [Shard] {
    var problems: [GlyphsmithError] = []
    var shards: [Shard] = []
    if results.isEmpty {
      throw PlanningFailure([.unusable(path: output, problem: "no results files to merge")])
    }
    for file in results {
      guard let data = FileBytes.read(file) else {
        problems.append(.unusable(path: file, problem: "cannot read this results file"))
        continue
      }
      let report: GoldenCheck.Report
      do { report = try JSONDecoder().decode(GoldenCheck.Report.self, from: data) } catch {
        problems.append(
          .unusable(
            path: file,
            problem:
              "not a 'golden check --json' result: \(Self.describe(error))"))
        continue
      }
      guard report.version == 1 else {
        problems.append(
          .unusable(path: file, problem: "results version \(report.version); this reads 1"))
        continue
      }
      guard let record = report.shard else {
        problems.append(
          .unusable(
            path: file,
            problem:
              "not a shard's result: it has no \"shard\" record (run 'golden check --shard I/N --json')"
          ))
        continue
      }
      shards.append(Shard(file: file, report: report, record: record))
    }
    if !problems.isEmpty { throw PlanningFailure(problems) }
    let first = shards[0]
    let count = first.record.count
    for shard in shards.dropFirst() {
      let record = shard.record
      var differs: [String] = []
      if record.count != count {
        differs.append("is shard \(record.index)/\(record.count), not of \(count) shards")
      }
      if shard.report.options != first.report.options { differs.append("its golden options") }
      if shard.report.changedSince?.revision != first.report.changedSince?.revision
        || shard.report.changedSince?.everything != first.report.changedSince?.everything
      {
        differs.append("its --changed-since")
      }
      if record.renderer != first.record.renderer
        || shard.report.rendererChange != first.report.rendererChange
        || shard.report.manifestFound != first.report.manifestFound
      {
        differs.append("its renderer")
      }
      if record.run != first.record.run {
        differs.append(
          "its run (another commit or other goldens: every shard must come from one run of the same checkout)"
        )
      }
      if record.actual != first.record.actual || record.golden != first.record.golden {
        differs.append(
          "its folders (\(record.actual) against \(record.golden), not \(first.record.actual) against \(first.record.golden))"
        )
      }
      if !differs.isEmpty {
        problems.append(
          .unusable(
            path: shard.file,
            problem:
              "differs from \(first.file) (shard \(first.record.index)/\(count)): "
              + differs.joined(separator: ", ")))
      }
    }
    if !problems.isEmpty { throw PlanningFailure(problems) }
    var byIndex: [Int: [String]] = [:]
    for shard in shards { byIndex[shard.record.index, default: []].append(shard.file) }
    for index in 1...count {
      let files = byIndex[index] ?? []
      if files.isEmpty {
        problems.append(
          .unusable(
            path: output, problem: "shard \(index)/\(count) is missing: give every shard once"))
      } else if files.count > 1 {
        problems.append(
          .unusable(
            path: files[1],
            problem: "shard \(index)/\(count) is given twice (also \(files[0]))"))
      }
    }
    if !problems.isEmpty { throw PlanningFailure(problems) }
    return shards.sorted { $0.record.index < $1.record.index }
  }

  /// The folder holding `shard`'s artifacts: its `artifacts` as given (relative to the
  /// current folder), else relative to the results file's folder, else that folder's
  /// namesake of its last component; `nil` when none is a folder.
  func artifactsRoot(_ shard: Shard) -> URL? {
    guard let given = shard.record.artifacts else { return nil }
    let base = FileName.parent(of: shard.file)
    var candidates = [given]
    if !given.hasPrefix("/") {
      candidates.append(PathName(base).appendingPathComponent(given))
    }
    candidates.append(
      PathName(base).appendingPathComponent(PathName(given).lastPathComponent))
    for candidate in candidates where Platform.kind(ofPath: candidate, followingLinks: true) == .folder {
      return URL(fileURLWithPath: candidate)
    }
    return nil
  }

  /// A decoding error in a line: the key or value at fault.
  static func describe(_ error: Error) -> String {
    switch error {
    case DecodingError.keyNotFound(let key, let context):
      return "no \"\(key.stringValue)\"\(at(context))"
    case DecodingError.typeMismatch(_, let context), DecodingError.valueNotFound(_, let context),
      DecodingError.dataCorrupted(let context):
      return context.debugDescription + at(context)
    default:
      return "\(error)"
    }
  }

  private static func at(_ context: DecodingError.Context) -> String {
    let path = context.codingPath.map { $0.intValue.map { "[\($0)]" } ?? $0.stringValue }
    return path.isEmpty ? "" : " at " + path.joined(separator: ".")
  }
}
