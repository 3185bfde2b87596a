import Foundation

/// `glyphsmith golden check`'s work: `GoldenCheck.run` over two folders, the stderr lines, the
/// optional HTML report and what goes to stdout (the JSON report or the summary line).
public struct GoldenCheckJob: Sendable, Equatable {
  /// The folder of actual PNGs, as the user gave it.
  public var actual: String
  /// The folder of goldens (with `golden.json`), as the user gave it.
  public var golden: String
  /// Where failure artifacts go (`--artifacts`); `nil`: beside the report `X.html` in
  /// `X-files/` (the report links them), or none without a report.
  public var artifacts: String?
  /// Where the HTML report goes (`--report`); `nil`: none.
  public var report: String?
  /// Whether stdout gets the JSON report (`--json`) instead of the summary line.
  public var json = false
  /// Options that change `golden.json`'s for this run.
  public var overrides = GoldenCheck.Overrides()
  /// Threads (never changes the output).
  public var jobs = ParallelMap.availableCores

  /// A job for `actual` against `golden`; nothing runs until `run`.
  public init(actual: String, golden: String) {
    self.actual = actual
    self.golden = golden
  }

  /// What a run prints on stdout and how it ends.
  public struct Output: Sendable, Equatable {
    /// The bytes for stdout: the JSON report, or the summary line and a newline; empty when
    /// the JSON could not be encoded.
    public var stdout: Data
    /// `GoldenCheck.Report.outcome`; `.unusableInput` when the JSON could not be encoded.
    public var outcome: FailureCategory?
  }

  /// Checks, hands each stderr line (`GoldenCheck.Report.diagnostics`) to `diagnose`, writes
  /// the HTML report when asked, and returns stdout's bytes and the outcome.
  /// - Throws: a `GlyphsmithFailure`: `GoldenError` for a missing folder or a bad
  ///   `golden.json`, `GlyphsmithError` when an artifact or the report cannot be written.
  public func run(diagnose: (String) -> Void) throws -> Output {
    let report: GoldenCheck.Report
    do {
      report = try GoldenCheck.run(
        actual: URL(fileURLWithPath: actual), golden: URL(fileURLWithPath: golden),
        artifacts: GoldenCheck.artifactsFolder(artifacts: artifacts, report: self.report)
          .map { URL(fileURLWithPath: $0) }, overrides: overrides, jobs: jobs)
    } catch {
      throw GlyphsmithError.failure(error, path: golden)
    }
    report.diagnostics(actual: actual, golden: golden).forEach(diagnose)
    if let path = self.report {
      try report.writeHTML(toPath: path, actual: actual, golden: golden)
    }
    guard json else {
      let summary = report.summary(reportPath: self.report) + "\n"
      return Output(stdout: Data(summary.utf8), outcome: report.outcome)
    }
    guard let data = try? XcodeJSON.encode(report) else {
      return Output(stdout: Data(), outcome: .unusableInput)
    }
    return Output(stdout: data, outcome: report.outcome)
  }
}
