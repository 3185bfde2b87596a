import Foundation

/// `glyphsmith assets`'s work around `AssetsJob`: collects the inputs from files and folders,
/// runs the job, and turns the result into the report and the lines the command prints.
/// Inputs that do not exist are failures of the report too.
public struct AssetsBatch: Sendable {
  /// Files or folders of `.svg` and `.png` icons; sub-folders become catalog groups.
  public var inputs: [String]
  /// The `.xcassets` folder.
  public var catalog: String
  /// What to write.
  public var options: AssetsOptions
  /// Worker processes for the inputs (`AssetsJob.isolation`); `nil`: threads in this process.
  public var isolation: AssetsIsolation? = nil
  /// Told when another run holds an output folder and this one waits (`AssetsJob.lockNotice`).
  public var lockNotice: @Sendable (String) -> Void = { _ in }

  /// A batch; nothing runs until `run`.
  public init(inputs: [String], catalog: String, options: AssetsOptions) {
    self.inputs = inputs
    self.catalog = catalog
    self.options = options
  }

  /// What `run` found: the report (missing inputs first, as failures) and the stderr lines
  /// about it (report warnings, each input's warnings and error, catalog findings).
  public struct Result: Sendable {
    /// The report, as `--json` prints it.
    public var report: AssetsReport
    /// The lines to print once rendering is over.
    public var diagnostics: [String]
  }

  /// Collects the inputs, reports each missing one to `diagnose` at once, then writes every
  /// asset. `progress(done, total)` is called after each input, from any thread.
  /// - Throws: a `GlyphsmithFailure` naming the catalog when the job cannot start or the
  ///   catalog cannot be created (see `AssetsJob.run(collected:progress:)`).
  public func run(
    diagnose: (String) -> Void, progress: @escaping @Sendable (Int, Int) -> Void
  ) throws -> Result {
    let (files, missing) = InputCollector.collectTree(inputs)
    for error in missing { diagnose(error.description) }
    var report: AssetsReport
    do {
      var job = AssetsJob(catalogPath: catalog, options: options)
      job.isolation = isolation
      job.lockNotice = lockNotice
      report = try job.run(collected: files, progress: progress)
    } catch {
      throw GlyphsmithError.wrap(error, path: catalog)
    }
    var diagnostics = report.warnings
    for input in report.inputs {
      diagnostics += input.warnings
      if let error = input.error { diagnostics.append(error) }
    }
    diagnostics += report.catalogFindings
    let missingResults = missing.map { error -> AssetInputResult in
      let path: String
      if case .unreadable(let p, _) = error { path = p } else { path = "" }
      return AssetInputResult.failed(path: path, role: options.role, error: error)
    }
    report.inputs = missingResults + report.inputs
    return Result(report: report, diagnostics: diagnostics)
  }

  /// The `--json` document when the job could not run: no inputs and `error`.
  public static func failureJSON(_ message: String) -> Data? {
    var failed = AssetsReport(inputs: [])
    failed.error = message
    return try? XcodeJSON.encode(failed)
  }

  /// `wrote N icons (M PNG files) to CATALOG in S s; U unchanged; F failed`.
  public func summary(_ report: AssetsReport, seconds: Double) -> String {
    let written = report.inputs.filter { $0.status == "written" }
    let unchanged = report.inputs.filter { $0.status == "unchanged" }.count
    let fileCount = written.reduce(0) { $0 + $1.files.count }
    func count(_ n: Int, _ noun: String) -> String { "\(n) \(noun)\(n == 1 ? "" : "s")" }
    return
      "wrote \(count(written.count, "icon")) (\(count(fileCount, "PNG file"))) to \(catalog) "
      + "in \(String(format: "%.2f", seconds)) s; \(unchanged) unchanged; \(report.failures) failed"
  }

  /// `stats: N renders in W s wall; task time ...; overhead P %` (`--stats`), `seconds` the
  /// wall time so far.
  public static func statistics(_ report: AssetsReport, seconds: Double) -> String {
    let s = report.statistics
    let overhead =
      s.renders > 0 ? String(format: "%.1f %%", s.overhead * 100) : "n/a (nothing rendered)"
    return String(
      format:
        "stats: %d renders in %.3f s wall; task time %.3f s, of it %.3f s in librsvg/cairo/libpng and %.3f s writing files; overhead ",
      s.renders, seconds, s.taskSeconds, s.librarySeconds, s.writeSeconds) + overhead
  }

  /// `.unusableInput` when any input failed; else `.answerIsNo` when `lintFailed` or the
  /// catalog has findings; else `nil`.
  public static func outcome(_ report: AssetsReport, lintFailed: Bool) -> FailureCategory? {
    if report.failures > 0 { return .unusableInput }
    if lintFailed { return .answerIsNo }
    return report.catalogFindings.isEmpty ? nil : .answerIsNo
  }
}
