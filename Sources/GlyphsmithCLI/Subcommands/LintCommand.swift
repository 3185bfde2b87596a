import Foundation
import Glyphsmith

/// `glyphsmith lint INPUT... [--role R] [--size PT | --compact] [--scales 1,2,3] [--json]
/// [--explain DIR] [--strict] [--config FILE]`: legibility checks at the pixel size an icon is
/// shown at.
enum LintCommand: Subcommand {
  static let name = "lint"
  static let summary = "find what will not survive the pixel size an icon is shown at"
  static let help = """
    usage: glyphsmith lint INPUT... [--role R] [--size PT | --compact] [--scales 1,2,3]
                           [--json] [--explain DIR] [--strict] [--config FILE] [--jobs N]

    Renders each icon (an .svg or .png file, or a folder searched recursively) at the role's
    target size at each scale, plus once at 12 px per pt, and checks its pixels and its SVG
    structure for detail that turns to mush at that size (HIG "Icons", "Page controls").
    A NAME.symbolset folder (a custom SF Symbol) is linted as its Regular-S outline at the
    role's size: tab-bar or toolbar, where symbols show.
    Diagnostics go to stderr as `path:line:col: warning: [rule] message`.

    rules:
    \(LintRegistry.helpText)

    options:
      --role R          tab-bar (default), toolbar, indicator, plain; decides the size and
                        the severities
      --size PT         target size in pt instead of the role's HIG size
      --compact         compact tab bar sizes, as render --compact (tab-bar role, no --size)
      --scales LIST     scales to check, from 1,2,3 (default 1,2,3; the iOS roles ship
                        @2x and @3x only, so @1x findings are info unless --scales names 1)
      --json            print {"version": 1, "files": [{"path", "role", "sizePt",
                        "findings": [{"rule", "severity", "message", "line", "column",
                        "scale", "box", "value", "limit", "count"}]}]} on stdout
      --explain DIR     write a PNG per finding: the render enlarged with the problem
                        marked, beside the glyph at its real size
      --strict          warnings count as errors for the exit code
      --config FILE     limits and severities (JSON, see docs/lint.md); default:
                        glyphsmith.json in the folder of each input, if any
      --jobs N          threads (default: all cores); never changes the output

    Silence a rule for one element with data-glyphsmith-ignore="rule ..." (on the root
    <svg>: the whole file), or a comment <!-- glyphsmith-ignore: rule --> before it;
    <!-- glyphsmith-ignore-file: rule --> silences it for the file.

    Exit: 0 no errors; 1 errors (with --strict, also warnings); 2 an input could not be
    read or rendered (the others are still linted), or a usage error.
    """

  static let options: [OptionSpec] = [
    .value("role"), .value("size"), .flag("compact"), .value("scales"), .flag("json"),
    .value("explain"), .flag("strict"), .value("config"), .value("jobs"), .flag("help"),
  ] + BudgetOptions.specs

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
    /// The arguments as given, for starting workers with the same options.
    var arguments: [String] = []
  }

  static func parse(_ arguments: [String]) throws -> Options {
    let parsed = try ArgumentParser.parse(arguments, options: options)
    guard !parsed.positionals.isEmpty else {
      throw UsageError(message: "missing INPUT (files or folders of .svg and .png icons)")
    }
    var lint = LintOptions()
    lint.role = try CommonOptions.role(parsed.value("role"), default: .tabBar)
    lint.sizePt = try parsed.positiveDouble("size")
    lint.compact = parsed.has("compact")
    if lint.compact && lint.role != .tabBar {
      throw UsageError(message: "--compact applies to the tab-bar role only")
    }
    if lint.compact && lint.sizePt != nil {
      throw UsageError(message: "--compact and --size exclude each other")
    }
    lint.scales = try CommonOptions.scales(parsed.value("scales")) ?? [1, 2, 3]
    lint.scalesExplicit = parsed.value("scales") != nil
    let (limits, budget) = try BudgetOptions.parse(parsed)
    return Options(
      inputs: parsed.positionals, lint: lint, configPath: parsed.value("config"),
      json: parsed.has("json"), explain: parsed.value("explain"), strict: parsed.has("strict"),
      jobs: try parsed.integer("jobs") ?? ParallelMap.availableCores, limits: limits,
      budget: budget, arguments: arguments)
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
    var session = try session(options)
    session.isolation = WorkerIsolation(
      workerCommand: [BudgetOptions.executablePath, WorkerCommand.name, name] + options.arguments,
      budget: options.budget)
    let outcome = session.run()
    for error in outcome.missing { Terminal.error(error.description) }
    printFindings(outcome.results)
    if options.json, let data = try? XcodeJSON.encode(outcome.report) {
      FileHandle.standardOutput.write(data)
      FileHandle.standardOutput.write(Data("\n".utf8))
    }
    if outcome.failed { return .unusableInput }
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
