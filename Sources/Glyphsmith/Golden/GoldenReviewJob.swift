import FoundationEssentials
import Glibc
import GlyphsmithCore

/// `glyphsmith golden review ACTUAL_DIR GOLDEN_DIR`: runs the check, serves the review page
/// and its JSON API on `host:port` (`GoldenReviewServer`) until the page's Done button or
/// Ctrl-C, and says what was done. The check's images go to a private temporary folder,
/// removed at the end.
package struct GoldenReviewJob: Sendable {
  /// The check to review (folders, option overrides, threads); its report, artifacts, JSON
  /// and JUnit settings are not used.
  package var check: GoldenCheckJob
  /// The address to serve on (`--host`, default 127.0.0.1; IPv4 or IPv6).
  package var host = "127.0.0.1"
  /// The port (`--port`; 0, the default: a free one).
  package var port: UInt16 = 0

  /// A review of `check`'s folders.
  package init(check: GoldenCheckJob) { self.check = check }

  /// Checks, serves until Done or Ctrl-C, and returns the closing line
  /// (`review done: A images accepted, R rejected, D deleted, U undone`,
  /// `GoldenReviewSession.summary`: counts of images, undone steps subtracted).
  /// - Parameters:
  ///   - diagnose: gets the stderr lines: a warning for a non-loopback host, the check's
  ///     summary line.
  ///   - ready: gets `review at http://HOST:PORT/?token=TOKEN` once the server listens.
  /// - Throws: a `GlyphsmithFailure`: `GoldenError` for a missing folder, a bad
  ///   `golden.json` or an address that cannot be bound.
  package func run(
    diagnose: (String) -> Void, ready: (_ line: String, _ address: String) -> Void
  ) throws -> String {
    let workspace = FileManager.default.temporaryDirectory.appendingPathComponent(
      "glyphsmith-review-\(Platform.processID)-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: workspace) }
    let files = workspace.appendingPathComponent("report-files")
    var report: GoldenCheck.Report
    do {
      report = try GoldenCheck.run(
        actual: URL(fileURLWithPath: check.actual), golden: URL(fileURLWithPath: check.golden),
        artifacts: files, overrides: check.overrides, jobs: check.jobs)
    } catch {
      throw GlyphsmithError.failure(error, path: check.golden)
    }
    report.addAcceptCommands(actual: check.actual, golden: check.golden)
    let page = GoldenHTMLReport.render(
      report, actual: check.actual, golden: check.golden,
      reportPath: workspace.appendingPathComponent("review.html").path, review: true)
    let served = Set(GoldenFiles.pngs(in: files).map { "report-files/" + $0 })
    let session = GoldenReviewSession(
      report: report, actual: check.actual, golden: check.golden, jobs: check.jobs)
    if !GoldenReviewServer.isLoopback(host) {
      diagnose(
        "glyphsmith: warning: --host \(host) serves the review beyond this machine; every request still needs the token"
      )
    }
    diagnose(report.summary(reportPath: nil))
    let server = try GoldenReviewServer(
      session: session, page: Data(page.utf8), files: workspace, servedFiles: served,
      host: host, port: port)
    ready("review at \(server.address)", server.address)
    Platform.catchInterrupt()
    server.serve { Platform.isInterrupted }
    return "review done: \(session.summary)"
  }
}
