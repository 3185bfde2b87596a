import Foundation
import Glyphsmith
import GlyphsmithCommands

/// `glyphsmith golden check|record|review ACTUAL_DIR GOLDEN_DIR`: the golden-image workflow.
enum GoldenCommand: DeclaredSubcommand {
  static let declaration = GoldenText.declaration

  /// A parsed `golden` invocation.
  enum Action: Equatable {
    case check(CheckOptions)
    case record(RecordOptions)
    case review(ReviewOptions)
  }

  /// `golden check`'s options: the engine's job.
  typealias CheckOptions = GoldenCheckJob

  /// `golden record`'s options.
  struct RecordOptions: Equatable {
    var actual: String
    var golden: String
    var mode: GoldenRecord.Mode
    var metric: PixelmatchMetric?
    var only: [String]
    var prune: Bool
    var verbose: Bool
    var jobs: Int
  }

  /// `golden review`'s options: the engine's job and whether to open a browser.
  struct ReviewOptions: Equatable {
    var host: String
    var port: UInt16
    var check: GoldenCheckJob
    var open: Bool
  }

  static let verbs = ["check", "record", "review"]
  static let checkOnly = ["artifacts", "report", "json", "junit"]
  static let comparison = ["threshold", "blend", "fail-over", "include-aa", "no-include-aa"]
  static let recordOnly = ["only-missing", "only-failed", "only", "prune", "verbose"]
  static let reviewOnly = ["port", "host", "no-open"]

  static func parse(_ arguments: [String]) throws -> Action {
    let parsed = try declaration.parse(arguments)
    guard let verb = parsed.positionals.first, verbs.contains(verb) else {
      throw UsageError(message: "needs 'check', 'record' or 'review' first")
    }
    // `--only A B C`: the words after the two folders are more patterns.
    let extra = parsed.positionals.dropFirst(3)
    guard parsed.positionals.count == 3 || (verb == "record" && !parsed.all("only").isEmpty)
    else {
      throw UsageError(message: "golden \(verb) needs ACTUAL_DIR GOLDEN_DIR")
    }
    guard parsed.positionals.count >= 3 else {
      throw UsageError(message: "golden \(verb) needs ACTUAL_DIR GOLDEN_DIR")
    }
    let actual = parsed.positionals[1]
    let golden = parsed.positionals[2]
    let jobs = try parsed.whole("jobs") ?? ParallelMap.availableCores
    let given = Set(parsed.values.keys).union(parsed.flags)
    let metric = try parsed.value("metric").map(CompareOptionParsing.metric)
    let allowed: [String: [String]] = [
      "check": checkOnly + comparison, "record": recordOnly, "review": reviewOnly + comparison,
    ]
    for option in (checkOnly + comparison + recordOnly + reviewOnly).sorted()
    where given.contains(option) && !allowed[verb]!.contains(option) {
      let owners = verbs.filter { allowed[$0]!.contains(option) }.map { "'golden \($0)'" }
      throw UsageError(
        message: "--\(option) applies to \(owners.joined(separator: " and ")) only")
    }
    if verb == "record" {
      guard !(parsed.has("only-missing") && parsed.has("only-failed")) else {
        throw UsageError(message: "--only-missing and --only-failed exclude each other")
      }
      let mode: GoldenRecord.Mode =
        parsed.has("only-missing") ? .onlyMissing : parsed.has("only-failed") ? .onlyFailed : .all
      let only = parsed.all("only") + extra
      if let empty = only.first(where: { $0.isEmpty || $0.hasPrefix("/") }) {
        throw UsageError(
          message: "--only takes paths relative to ACTUAL_DIR, got '\(empty)'")
      }
      return .record(
        RecordOptions(
          actual: actual, golden: golden, mode: mode, metric: metric, only: only,
          prune: parsed.has("prune"), verbose: parsed.has("verbose"), jobs: jobs))
    }
    var check = CheckOptions(actual: actual, golden: golden)
    check.artifacts = parsed.value("artifacts")
    check.report = parsed.value("report")
    check.junit = parsed.value("junit")
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
    guard verb == "review" else { return .check(check) }
    // Port 0: the system picks a free one (the help's default).
    let port = try parsed.whole("port") ?? 0
    return .review(
      ReviewOptions(
        host: parsed.valueOrDefault("host")!, port: UInt16(port), check: check,
        open: !parsed.has("no-open")))
  }

  static func run(_ action: Action) throws -> FailureCategory? {
    switch action {
    case .check(let options): return try check(options)
    case .record(let options): return try record(options)
    case .review(let options): return try review(options)
    }
  }

  static func check(_ job: GoldenCheckJob) throws -> FailureCategory? {
    let output = try job.run(diagnose: Terminal.error)
    FileHandle.standardOutput.write(output.stdout)
    return output.outcome
  }

  static func record(_ options: RecordOptions) throws -> FailureCategory? {
    let report: GoldenRecord.Report
    do {
      report = try GoldenRecord.run(
        actual: URL(fileURLWithPath: options.actual), golden: URL(fileURLWithPath: options.golden),
        mode: options.mode, metric: options.metric,
        only: options.only.isEmpty ? nil : GoldenSelection(patterns: options.only),
        prune: options.prune, jobs: options.jobs)
    } catch {
      throw GlyphsmithError.failure(error, path: options.golden)
    }
    // Per-file lines only with --verbose (stderr; stdout carries data only).
    if options.verbose { report.recordedLines(golden: options.golden).forEach(Terminal.info) }
    // Warnings, then the one summary line (--quiet drops it).
    let lines = report.diagnostics(golden: options.golden)
    lines.dropLast().forEach(Terminal.error)
    lines.last.map(Terminal.info)
    return report.outcome
  }

  static func review(_ options: ReviewOptions) throws -> FailureCategory? {
    var job = GoldenReviewJob(check: options.check)
    job.host = options.host == "localhost" ? "127.0.0.1" : options.host
    job.port = options.port
    let closing = try job.run(diagnose: Terminal.error) { line, address in
      Terminal.output(line)
      if options.open { openBrowser(address) }
    }
    Terminal.info(closing)
    return nil
  }

  /// Opens `address` with `xdg-open` (or `open` on macOS) when there is one; never fails.
  static func openBrowser(_ address: String) {
    let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
    for tool in ["xdg-open", "open"] {
      for folder in path.split(separator: ":") {
        let candidate = "\(folder)/\(tool)"
        guard FileManager.default.isExecutableFile(atPath: candidate) else { continue }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: candidate)
        process.arguments = [address]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try? process.run()
        return
      }
    }
  }
}
