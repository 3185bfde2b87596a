import Foundation
import Glyphsmith

/// `glyphsmith golden check|record ACTUAL_DIR GOLDEN_DIR`: the golden-image workflow.
enum GoldenCommand: Subcommand {
  static let name = "golden"
  static let summary = "check rendered PNGs against goldens (report, artifacts) or record goldens"
  static let help = """
    usage: glyphsmith golden check ACTUAL_DIR GOLDEN_DIR [--artifacts DIR] [--report FILE.html]
                                   [--json] [--threshold T] [--include-aa|--no-include-aa]
                                   [--blend MODE] [--metric yiq|oklab] [--fail-over N|P%]
           glyphsmith golden record ACTUAL_DIR GOLDEN_DIR [--only-missing|--only-failed]
                                    [--metric yiq|oklab]

    check compares every PNG under ACTUAL_DIR (recursively) with the golden of the same
    relative path in GOLDEN_DIR, by decoded pixels (pixelmatch). A differing image, a size
    change, a missing golden and a golden without an actual image are each a failure. It never
    writes a golden. When golden.json records another renderer than the running one, it says
    "renderer changed from X to Y: re-record after review" first.

    record copies the actual PNGs into GOLDEN_DIR, atomically, and writes golden.json (strict
    options when new: threshold 0.05, checkerboard blend, anti-aliased pixels counted
    ("includeAA": true), YIQ metric, no differing pixel allowed; the renderer versions and a
    SHA-256 of each pinned font). It never deletes a golden.

    Anti-aliased pixels count for goldens (pixelmatch does not count them by default): the
    renders are deterministic and golden.json pins the renderer, and on icons, which are
    almost all edges, the detector hides real regressions such as a heavier stroke. A
    golden.json without the key counts them too; unknown keys or values in it are an error.
    Every result says how many changed pixels were taken for anti-aliasing and not counted.

    check options:
      --artifacts DIR       for each failure write DIR/<path without .png>/expected.png,
                            actual.png and diff.png
      --report FILE.html    write an HTML report that opens from disk: a summary, failures
                            grouped by icon with scales side by side, a filter, counts per
                            folder, side by side and slider/blink views; its images are the
                            --artifacts files, or FILE-files/ beside it without --artifacts
      --json                print {"version": 1, "rendererChange", "options", "checked",
                            "passed", "failed", "errors", "results": [...]} on stdout
      --threshold T, --include-aa, --blend MODE, --metric M, --fail-over N|P%
                            change golden.json's options for this run (see 'compare')
      --no-include-aa       do not count anti-aliased pixels for this run
    record options:
      --only-missing        write only goldens that do not exist yet (golden.json's renderer
                            record is kept)
      --only-failed         write only goldens that are missing or fail the check
      --metric METRIC       record METRIC (yiq or oklab) as golden.json's options.metric
      --jobs N              threads (default: all cores)

    Exit: check 0 all match, 1 any failure, 2 could not run (missing folder, bad golden.json,
    unreadable PNG, write failure); record 0 written, 2 could not run or an actual PNG could
    not be read (the valid ones are recorded all the same).
    """

  static let options: [OptionSpec] = [
    .value("artifacts"), .value("report"), .flag("json"), .value("threshold"),
    .flag("include-aa"), .flag("no-include-aa"), .value("blend"), .value("metric"),
    .value("fail-over"), .flag("only-missing"),
    .flag("only-failed"), .value("jobs"), .flag("help"),
  ]

  /// A parsed `golden` invocation.
  enum Action: Equatable {
    case check(CheckOptions)
    case record(
      actual: String, golden: String, mode: GoldenRecord.Mode, metric: PixelmatchMetric?,
      jobs: Int)
  }

  /// `golden check`'s options: the engine's job.
  typealias CheckOptions = GoldenCheckJob

  static func parse(_ arguments: [String]) throws -> Action {
    let parsed = try ArgumentParser.parse(arguments, options: options)
    guard let verb = parsed.positionals.first, ["check", "record"].contains(verb) else {
      throw UsageError(message: "needs 'check' or 'record' first")
    }
    guard parsed.positionals.count == 3 else {
      throw UsageError(message: "golden \(verb) needs ACTUAL_DIR GOLDEN_DIR")
    }
    let actual = parsed.positionals[1]
    let golden = parsed.positionals[2]
    let jobs = try parsed.integer("jobs") ?? ParallelMap.availableCores
    let checkOnly =
      ["artifacts", "report", "threshold", "blend", "fail-over"]
      .filter { parsed.value($0) != nil }
      + ["json", "include-aa", "no-include-aa"].filter { parsed.has($0) }
    let metric = try parsed.value("metric").map(CompareOptionParsing.metric)
    let recordOnly = ["only-missing", "only-failed"].filter { parsed.has($0) }
    if verb == "record" {
      if let option = checkOnly.first {
        throw UsageError(message: "--\(option) applies to 'golden check' only")
      }
      guard recordOnly.count < 2 else {
        throw UsageError(message: "--only-missing and --only-failed exclude each other")
      }
      let mode: GoldenRecord.Mode =
        parsed.has("only-missing") ? .onlyMissing : parsed.has("only-failed") ? .onlyFailed : .all
      return .record(actual: actual, golden: golden, mode: mode, metric: metric, jobs: jobs)
    }
    if let option = recordOnly.first {
      throw UsageError(message: "--\(option) applies to 'golden record' only")
    }
    var check = CheckOptions(actual: actual, golden: golden)
    check.artifacts = parsed.value("artifacts")
    check.report = parsed.value("report")
    check.json = parsed.has("json")
    check.jobs = jobs
    var pixelmatch = PixelmatchOptions()
    var failOver = FailOver.zero
    do {
      try CompareOptionParsing.apply(parsed, to: &pixelmatch, failOver: &failOver)
    } catch let error as CompareError {
      if case .invalidOption(let message) = error { throw UsageError(message: message) }
      throw error
    }
    if parsed.value("threshold") != nil { check.overrides.threshold = pixelmatch.threshold }
    if parsed.has("include-aa") && parsed.has("no-include-aa") {
      throw UsageError(message: "--include-aa and --no-include-aa exclude each other")
    }
    if parsed.has("include-aa") { check.overrides.includeAA = true }
    if parsed.has("no-include-aa") { check.overrides.includeAA = false }
    check.overrides.metric = metric
    if parsed.value("blend") != nil { check.overrides.blend = pixelmatch.blend }
    if parsed.value("fail-over") != nil { check.overrides.failOver = failOver }
    return .check(check)
  }

  static func run(_ action: Action) throws -> FailureCategory? {
    switch action {
    case .check(let options): return try check(options)
    case .record(let actual, let golden, let mode, let metric, let jobs):
      return try record(actual: actual, golden: golden, mode: mode, metric: metric, jobs: jobs)
    }
  }

  static func check(_ job: GoldenCheckJob) throws -> FailureCategory? {
    let output = try job.run(diagnose: Terminal.error)
    FileHandle.standardOutput.write(output.stdout)
    return output.outcome
  }

  static func record(
    actual: String, golden: String, mode: GoldenRecord.Mode, metric: PixelmatchMetric?, jobs: Int
  ) throws -> FailureCategory? {
    let report: GoldenRecord.Report
    do {
      report = try GoldenRecord.run(
        actual: URL(fileURLWithPath: actual), golden: URL(fileURLWithPath: golden), mode: mode,
        metric: metric, jobs: jobs)
    } catch {
      throw GlyphsmithError.failure(error, path: golden)
    }
    // Progress of recording: stderr, silenced by --quiet (stdout carries data only).
    report.recordedLines(golden: golden).forEach(Terminal.info)
    // Warnings, then the total (--quiet drops it).
    let lines = report.diagnostics(golden: golden)
    lines.dropLast().forEach(Terminal.error)
    lines.last.map(Terminal.info)
    return report.outcome
  }
}
