import Foundation

/// Lints many inputs the way `glyphsmith lint` does, for `lint`, `assets --lint` and `dots`:
/// finds the config for each file, lints the files on `jobs` threads (results in input order,
/// whatever `jobs` is), and writes the `--explain` pictures.
///
/// Config: `options.config` when set (`lint --config FILE`), else `glyphsmith.json` in the
/// file's own folder, else at the root of the folder input it was found in
/// (`LintConfig.discover`), else the defaults.
public struct LintSession: Sendable {
  /// The command-line inputs: files, folders (searched recursively) and `-` (stdin).
  public var inputs: [String]
  /// Role, size, scales and an explicit config for every input.
  public var options: LintOptions
  /// Folder inputs: a `glyphsmith.json` at the root of one applies to the files found below
  /// it that have none in their own folder.
  public var roots: [String]
  /// Where `--explain` pictures go (`LintExplain`); `nil`: none are drawn.
  public var explainFolder: String?
  /// Threads; never changes the results or their order.
  public var jobs: Int
  /// Lint each file in a worker process (`WorkerIsolation`); `nil`, or stdin among the
  /// files: on threads in this process.
  package var isolation: WorkerIsolation? = nil
  /// Called with (files done, files in all) after each file, from any thread (`lint`'s
  /// progress bar); never changes the results.
  public var progress: @Sendable (Int, Int) -> Void = { _, _ in }

  /// A session for the command-line `inputs` (files, folders, `-`): the folders among them
  /// become `roots`.
  public init(
    inputs: [String], options: LintOptions, explainFolder: String? = nil,
    jobs: Int? = nil
  ) {
    self.inputs = inputs
    self.options = options
    self.roots = inputs.filter { input in
      var isDirectory: ObjCBool = false
      return FileManager.default.fileExists(atPath: input, isDirectory: &isDirectory)
        && isDirectory.boolValue
    }
    self.explainFolder = explainFolder
    self.jobs = jobs ?? ParallelMap.availableCores
  }

  /// The files `inputs` name (folders searched recursively, as `InputCollector.collect`;
  /// a `NAME.symbolset` folder is one input, linted as its Regular-S outline, docs/symbols.md),
  /// linted; inputs that do not exist come back as `missing`.
  public func run() -> LintOutcome {
    let (files, missing) = collectFiles()
    return LintOutcome(results: lint(paths: files), missing: missing)
  }

  /// The files `run` lints, in order (`.symbolset` inputs first, then `InputCollector`'s),
  /// and the missing inputs; the worker side (`serveWorker`) collects the same list.
  func collectFiles() -> (files: [String], missing: [GlyphsmithError]) {
    let symbolsets = inputs.filter { $0.hasSuffix(".symbolset") }
    let (files, missing) = InputCollector.collect(inputs.filter { !$0.hasSuffix(".symbolset") })
    return (symbolsets + files, missing)
  }

  /// Each file linted, in the order given; a file that cannot be read, rendered or explained
  /// (or whose config is bad) is a failure naming it.
  public func lint(paths: [String]) -> [Result<LintResult, GlyphsmithError>] {
    // stdin (`-`) is the workers' request channel: a lint of stdin runs in this process.
    if let isolation, !paths.contains("-") { return lintInWorkers(paths, isolation: isolation) }
    let counter = ProgressCounter(total: paths.count, report: progress)
    return ParallelMap.map(count: paths.count, jobs: jobs) { index in
      let path = paths[index]
      defer { counter.tick() }
      do {
        return .success(try lint(path: path))
      } catch {
        return .failure(GlyphsmithError.wrap(error, path: path))
      }
    }
  }

  /// One file linted with its config (`-`: stdin), its `--explain` pictures written.
  /// - Throws: as `Linter.lint(path:options:)` and `LintConfig.load`; as
  ///   `LintExplain.write` when drawing or writing a picture fails.
  public func lint(path: String) throws -> LintResult {
    var fileOptions = options
    if fileOptions.config == nil {
      fileOptions.config = try LintConfig.discover(for: path, roots: roots)
    }
    let result = try Linter.lint(path: path, options: fileOptions)
    if let explainFolder {
      try LintExplain.write(result, toFolder: explainFolder)
    }
    return result
  }
}

/// What a `LintSession` run found: a result per file, in order, and the inputs that do not
/// exist.
public struct LintOutcome: Sendable {
  /// Each file's result, in the order the inputs were given and folders listed.
  public var results: [Result<LintResult, GlyphsmithError>]
  /// Inputs that do not exist (`GlyphsmithError.unreadable`).
  public var missing: [GlyphsmithError]

  /// The reports of the files linted, in order, without those that failed.
  public var reports: [LintFileReport] {
    results.compactMap { result in
      guard case .success(let lint) = result else { return nil }
      return lint.report
    }
  }

  /// The `--json` report: the files linted, without those that failed.
  public var report: LintReport { LintReport(files: reports) }

  /// Whether an input was missing or could not be linted (exit 2).
  public var failed: Bool {
    !missing.isEmpty || reports.count < results.count
  }

  /// The category of the run's failures, from the errors themselves: `.usage` when any is a
  /// usage error, else `.unusableInput` when any input was missing or could not be linted
  /// (both exit 2); `nil` when every input was linted.
  public var failureCategory: FailureCategory? {
    let failures = missing + results.compactMap { result -> GlyphsmithError? in
      guard case .failure(let error) = result else { return nil }
      return error
    }
    let categories = failures.map(\.category)
    if categories.contains(.usage) { return .usage }
    if categories.contains(.unusableInput) { return .unusableInput }
    return categories.isEmpty ? nil : .answerIsNo
  }

  /// Findings of `severity` over every file linted.
  public func count(_ severity: LintSeverity) -> Int {
    reports.reduce(0) { $0 + $1.count(severity) }
  }

  /// The totals line `lint` prints last (issue 22): `N files: E errors, W warnings, I info`,
  /// with `; F could not be linted` when some failed or were missing.
  public var totals: String {
    func count(_ n: Int, _ noun: String) -> String { "\(n) \(noun)\(n == 1 ? "" : "s")" }
    var line =
      "\(count(results.count, "file")): \(count(self.count(.error), "error")), "
      + "\(count(self.count(.warning), "warning")), \(self.count(.info)) info"
    let failures = results.count - reports.count + missing.count
    if failures > 0 { line += "; \(failures) could not be linted" }
    return line
  }
}
