import Foundation
import Glyphsmith
import GlyphsmithCommands

/// `glyphsmith lint INPUT... [--role R] [--size PT | --compact] [--scales 1,2,3] [--json]
/// [--explain DIR] [--strict] [--config FILE]`: legibility checks at the pixel size an icon is
/// shown at.
enum LintCommand: DeclaredSubcommand {
  static let declaration = LintText.declaration

  struct Options {
    var inputs: [String]
    var lint: LintOptions
    var configPath: String?
    var json: Bool
    var explain: String?
    var strict: Bool
    var jobs: Int
    var limits = InputLimits()
    var budget = WorkerPool.Budget()
    /// `--role android-launcher`: the adaptive-icon safe-zone check of each input as a
    /// launcher foreground (`AndroidLauncherJob.safeZone`) instead of the legibility rules.
    var androidLauncher = false
  }

  /// The `--role` value of the launcher safe-zone check.
  static let androidLauncher = "android-launcher"

  /// `--role android-launcher`: each input's canvas as the 108 dp foreground layer; ink
  /// outside the 66 dp safe circle a warning, outside the 72 dp square an error (exit 1; with
  /// `--strict` warnings too).
  static func runAndroidLauncher(_ options: Options) -> FailureCategory? {
    let (files, missing) = InputCollector.collect(options.inputs)
    missing.forEach { Terminal.error($0.description) }
    var failed = !missing.isEmpty
    var errors = 0
    var warnings = 0
    for file in files {
      do {
        let artwork = try Artwork(path: file)
        for finding in try AndroidLauncherJob.safeZone(artwork, options: AndroidLauncherOptions()) {
          Terminal.error(finding.diagnostic)
          if finding.isError { errors += 1 } else { warnings += 1 }
        }
      } catch {
        Terminal.error(GlyphsmithError.wrap(error, path: file).description)
        failed = true
      }
    }
    if failed { return .unusableInput }
    return errors > 0 || (options.strict && warnings > 0) ? .answerIsNo : nil
  }

  static func parse(_ arguments: [String]) throws -> Options {
    let parsed = try declaration.parse(arguments)
    guard !parsed.positionals.isEmpty else {
      throw UsageError(message: "missing INPUT (files or folders of .svg and .png icons)")
    }
    if parsed.value("role") == androidLauncher {
      for option in ["size", "scales", "explain", "config"] where parsed.value(option) != nil {
        throw UsageError(message: "--\(option) does not apply to --role \(androidLauncher)")
      }
      if parsed.has("compact") || parsed.has("json") {
        throw UsageError(message: "--compact and --json do not apply to --role \(androidLauncher)")
      }
      var options = Options(
        inputs: parsed.positionals, lint: LintOptions(), configPath: nil, json: false,
        explain: nil, strict: parsed.has("strict"), jobs: 1)
      options.androidLauncher = true
      return options
    }
    var lint = LintOptions()
    lint.role = try CommonOptions.role(parsed.valueOrDefault("role"), default: .tabBar)
    lint.sizePt = try parsed.number("size")
    lint.compact = parsed.has("compact")
    if lint.compact && lint.role != .tabBar {
      throw UsageError(message: "--compact applies to the tab-bar role only")
    }
    if lint.compact && lint.sizePt != nil {
      throw UsageError(message: "--compact and --size exclude each other")
    }
    lint.scales = try CommonOptions.scales(parsed.valueOrDefault("scales")) ?? lint.scales
    lint.scalesExplicit = parsed.value("scales") != nil
    let (limits, budget) = try BudgetOptions.parse(parsed)
    return Options(
      inputs: parsed.positionals, lint: lint, configPath: parsed.value("config"),
      json: parsed.has("json"), explain: parsed.value("explain"), strict: parsed.has("strict"),
      jobs: try parsed.whole("jobs") ?? ParallelMap.availableCores, limits: limits,
      budget: budget)
  }

  /// The session `run` and its workers use: the config loaded, the budgets set.
  static func session(_ options: Options) throws -> LintSession {
    // Each icon allocates a few MB of short-lived pixel buffers; keep them on the heap
    // instead of mapping and unmapping pages for every one (half the system time otherwise).
    Platform.keepLargeBuffersOnHeap()
    InputLimits.setCurrent(options.limits)
    var lint = options.lint
    if let path = options.configPath {
      do { lint.config = try LintConfig.load(path: path) } catch {
        throw GlyphsmithError.wrap(error, path: path)
      }
    }
    return LintSession(
      inputs: options.inputs, options: lint, explainFolder: options.explain, jobs: options.jobs)
  }

  /// Lints in worker processes (`LintSession.isolation`): a crash, hang or memory blow-up on
  /// one file fails that file alone.
  static func run(_ options: Options) throws -> FailureCategory? {
    if options.androidLauncher { return runAndroidLauncher(options) }
    var session = try session(options)
    session.isolation = WorkerIsolation(
      workerCommand: [BudgetOptions.executablePath, WorkerCommand.name, name],
      budget: options.budget)
    let bar = Terminal.ProgressBar(enabled: !options.json)
    session.progress = { bar.update(done: $0, total: $1) }
    let outcome = session.run()
    bar.finish()
    for error in outcome.missing { Terminal.error(error.description) }
    printFindings(outcome.results)
    if !options.json { Terminal.info(outcome.totals) }
    if options.json, let data = try? XcodeJSON.encode(outcome.report) {
      FileHandle.standardOutput.write(data)
      FileHandle.standardOutput.write(Data("\n".utf8))
    }
    if let failure = outcome.failureCategory { return failure }
    let warnings = outcome.count(.warning)
    return outcome.count(.error) > 0 || (options.strict && warnings > 0) ? .answerIsNo : nil
  }

  /// Prints each result's findings as compiler-style diagnostics (`recast` changes each one
  /// first), or its error, on stderr, in order.
  static func printFindings(
    _ results: [Result<LintResult, GlyphsmithError>],
    recast: (LintFinding) -> LintFinding = { $0 }
  ) {
    for result in results {
      switch result {
      case .success(let lint):
        for finding in lint.report.findings {
          Terminal.error(recast(finding).diagnostic(path: lint.report.path))
        }
      case .failure(let error):
        Terminal.error(error.description)
      }
    }
  }
}
