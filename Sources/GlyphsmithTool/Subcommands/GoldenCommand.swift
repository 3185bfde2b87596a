import Foundation
import Glyphsmith
import GlyphsmithCommands

/// `glyphsmith golden check|record ACTUAL_DIR GOLDEN_DIR`: the golden-image workflow.
enum GoldenCommand: Subcommand {
  static let name = GoldenText.name
  static let summary = GoldenText.summary
  static let help = GoldenText.help

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
