import FoundationEssentials
import Glibc
import GlyphsmithCore

/// Lints many inputs the way `glyphsmith lint` does, for `lint`, `assets --lint` and `dots`:
/// plans them once (`LintPlan`: the inputs collected, each file's bytes hashed and its options
/// resolved, the config that applies found), lints the planned files on `jobs` threads or in
/// worker processes (results in input order, whatever `jobs` is), and writes the `--explain`
/// pictures.
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
      var isDirectory = false
      return FileManager.default.fileExists(atPath: input, isDirectory: &isDirectory)
        && isDirectory
    }
    self.explainFolder = explainFolder
    self.jobs = jobs ?? ParallelMap.availableCores
  }

  /// The files `inputs` name (folders searched recursively, as `InputCollector.collect`;
  /// a `NAME.symbolset` folder is one input, linted as its Regular-S outline, docs/symbols.md),
  /// planned once (`plan()`) and linted as planned; inputs that do not exist come back as
  /// `missing`.
  public func run() -> LintOutcome {
    run(plan: plan())
  }

  /// The files `plan` lists, linted as planned (`lint(plan:)`), and its missing inputs.
  public func run(plan: LintPlan) -> LintOutcome {
    LintOutcome(results: lint(plan: plan.files), missing: plan.missing)
  }

  /// The plan `run` executes: the inputs collected once (`.symbolset` inputs first, then
  /// `InputCollector`'s), each file's bytes read and hashed, each file's options resolved
  /// (the config that applies found), the missing inputs. Nothing is linted.
  public func plan() -> LintPlan {
    if options.iconLayer != nil { return planIconLayers() }
    let symbolsets = inputs.filter { $0.hasSuffix(".symbolset") }
    let (files, missing) = InputCollector.collect(inputs.filter { !$0.hasSuffix(".symbolset") })
    return LintPlan(files: plan(paths: symbolsets + files), missing: missing)
  }

  /// The plan of `lint --role icon-layer`: a `NAME.icon` input stands for each layer file its
  /// document draws (`IconComposerBundle.imageNames`, in order), linted in that bundle; other
  /// inputs are collected as files are (`InputCollector`), a file directly in a bundle's
  /// `Assets/` folder linted in that bundle (`IconLayerLintOptions.bundle(containing:)`), any
  /// other alone. A bundle whose `icon.json` cannot be read is planned as its `icon.json`
  /// with the failure.
  func planIconLayers() -> LintPlan {
    var items: [(path: String, bundle: String?, failure: GlyphsmithError?)] = []
    var missing: [GlyphsmithError] = []
    for input in inputs {
      var trimmed = input
      while trimmed.count > 1 && trimmed.hasSuffix("/") { trimmed.removeLast() }
      if trimmed.hasSuffix(".icon"), Platform.status(ofPath: trimmed)?.isFolder == true {
        do {
          let bundle = try IconComposerBundle(path: trimmed)
          items += bundle.imageNames.map { (bundle.filePath($0), bundle.path, nil) }
        } catch {
          items.append(
            (trimmed + "/icon.json", trimmed, GlyphsmithError.wrap(error, path: trimmed)))
        }
        continue
      }
      let (files, gone) = InputCollector.collect([input])
      missing += gone
      items += files.map { ($0, IconLayerLintOptions.bundle(containing: $0), nil) }
    }
    let files = ParallelMap.map(count: items.count, jobs: jobs) { index -> PlannedLintFile in
      let item = items[index]
      var session = self
      session.options.iconLayer = IconLayerLintOptions(bundle: item.bundle)
      var file = session.plan(path: item.path)
      if let failure = item.failure {
        file.sha256 = nil
        file.failure = failure
      }
      return file
    }
    return LintPlan(files: files, missing: missing)
  }

  /// `paths` planned, in order (see `plan()`), on `jobs` threads.
  public func plan(paths: [String]) -> [PlannedLintFile] {
    ParallelMap.map(count: paths.count, jobs: jobs) { plan(path: paths[$0]) }
  }

  /// One file planned: the hash of its bytes (`nil` for stdin and a file that cannot be read
  /// now) and its options, the config that applies to it resolved: `options.config`, else
  /// `LintConfig.discover` (its folder, then `roots`), else the defaults. A bad config is the
  /// file's `failure`.
  public func plan(path: String) -> PlannedLintFile {
    var fileOptions = options
    var failure: GlyphsmithError? = nil
    if fileOptions.config == nil {
      do {
        fileOptions.config = try LintConfig.discover(for: path, roots: roots) ?? LintConfig()
      } catch {
        failure = GlyphsmithError.wrap(error, path: path)
      }
    }
    let sha = path == "-" ? nil : (try? Linter.read(path)).map { ContentHash.sha256($0.bytes) }
    return PlannedLintFile(path: path, sha256: sha, options: fileOptions, failure: failure)
  }

  /// Each file planned and linted, in the order given; a file that cannot be read, rendered
  /// or explained (or whose config is bad) is a failure naming it.
  public func lint(paths: [String]) -> [Result<LintResult, GlyphsmithError>] {
    lint(plan: plan(paths: paths))
  }

  /// Each planned file linted as planned (`lint(planned:)`), in order: in worker processes
  /// with `isolation` (unless stdin is among them), else on `jobs` threads here.
  public func lint(plan files: [PlannedLintFile]) -> [Result<LintResult, GlyphsmithError>] {
    // stdin (`-`) is the workers' request channel: a lint of stdin runs in this process.
    if let isolation, !files.contains(where: { $0.path == "-" }) {
      return lintInWorkers(files, isolation: isolation)
    }
    let counter = ProgressCounter(total: files.count, report: progress)
    return ParallelMap.map(count: files.count, jobs: jobs) { index in
      let file = files[index]
      defer { counter.tick() }
      do {
        return .success(try lint(planned: file))
      } catch {
        return .failure(GlyphsmithError.wrap(error, path: file.path))
      }
    }
  }

  /// One file planned and linted (`-`: stdin), its `--explain` pictures written.
  /// - Throws: as `lint(planned:)`.
  public func lint(path: String) throws -> LintResult {
    try lint(planned: plan(path: path))
  }

  /// One planned file linted as planned (`Linter.lint(planned:)`: its bytes must still hash
  /// as planned), its `--explain` pictures written.
  /// - Throws: as `Linter.lint(planned:)`; as `LintExplain.write` when drawing or writing a
  ///   picture fails.
  public func lint(planned file: PlannedLintFile) throws -> LintResult {
    let result = try Linter.lint(planned: file)
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
    let failures =
      missing
      + results.compactMap { result -> GlyphsmithError? in
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
    var line =
      "\(counted(results.count, "file")): \(counted(self.count(.error), "error")), "
      + "\(counted(self.count(.warning), "warning")), \(self.count(.info)) info"
    let failures = results.count - reports.count + missing.count
    if failures > 0 { line += "; \(failures) could not be linted" }
    return line
  }
}
