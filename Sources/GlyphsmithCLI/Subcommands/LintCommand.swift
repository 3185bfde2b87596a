import Foundation
import Glyphsmith

/// `glyphsmith lint INPUT... [--role R] [--size PT] [--scales 1,2,3] [--json] [--explain DIR]
/// [--strict] [--config FILE]`: legibility checks at the pixel size an icon is shown at.
enum LintCommand: Subcommand {
  static let name = "lint"
  static let summary = "find what will not survive the pixel size an icon is shown at"
  static let help = """
    usage: glyphsmith lint INPUT... [--role R] [--size PT] [--scales 1,2,3] [--json]
                           [--explain DIR] [--strict] [--config FILE] [--jobs N]

    Renders each icon (an .svg or .png file, or a folder searched recursively) at the role's
    target size at each scale, plus once at 12 px per pt, and checks its pixels and its SVG
    structure for detail that turns to mush at that size (HIG "Icons", "Page controls").
    Diagnostics go to stderr as `path:line:col: warning: [rule] message`.

    rules:
      inner-lines          lines inside the glyph thinner than 1 px at a scale
      negative-space       holes that fill in at a scale; for indicators, every hole (error)
      text                 <text> in the SVG (error for indicators)
      complexity           more parts + holes than one per 2.5 pt of the target size
      hairline             a 1 px line on a half pixel: grey rows instead of a crisp one
      detail-loss          share of the high-resolution structure lost (1 - SSIM), over 35 %
      invisible-paint      elements that paint nothing (opacity 0, zero size, gradients in
                           objectBoundingBox units on a flat shape)
      template-colour      more than one colour in a template image
      off-centre           ink touching a plain canvas's edge; centre of mass over 12 % off
      renderer-limitation  SVG features librsvg 2.54 draws differently from browsers

    options:
      --role R          tab-bar (default), toolbar, indicator, plain; decides the size and
                        the severities
      --size PT         target size in pt instead of the role's HIG size
      --scales LIST     scales to check, from 1,2,3 (default 1,2,3)
      --json            print {"version": 1, "files": [{"path", "role", "sizePt",
                        "findings": [{"rule", "severity", "message", "line", "column",
                        "scale", "box", "value", "limit"}]}]} on stdout
      --explain DIR     write a PNG per finding: the render enlarged with the problem
                        marked, beside the glyph at its real size
      --strict          warnings count as errors for the exit code
      --config FILE     limits and severities (JSON, see docs/lint.md); default:
                        glyphsmith.json in the folder of each input, if any
      --jobs N          threads (default: all cores); never changes the output
    \(BudgetOptions.help)

    Silence a rule for one element with data-glyphsmith-ignore="rule ..." (on the root
    <svg>: the whole file), or a comment <!-- glyphsmith-ignore: rule --> before it;
    <!-- glyphsmith-ignore-file: rule --> silences it for the file.

    Exit: 0 no errors; 1 errors (with --strict, also warnings); 2 an input could not be
    read or rendered (the others are still linted), or a usage error.
    """

  static let options: [OptionSpec] = [
    .value("role"), .value("size"), .value("scales"), .flag("json"), .value("explain"),
    .flag("strict"), .value("config"), .value("jobs"), .flag("help"),
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
    lint.scales = try CommonOptions.scales(parsed.value("scales")) ?? [1, 2, 3]
    let (limits, budget) = try BudgetOptions.parse(parsed)
    return Options(
      inputs: parsed.positionals, lint: lint, configPath: parsed.value("config"),
      json: parsed.has("json"), explain: parsed.value("explain"), strict: parsed.has("strict"),
      jobs: try parsed.integer("jobs") ?? ParallelMap.availableCores, limits: limits,
      budget: budget, arguments: arguments)
  }

  /// The files to lint, what could not be found, and the folder inputs (config roots).
  struct Plan {
    var options: Options
    var files: [String]
    var missing: [GlyphsmithError]
    var roots: [String]
  }

  /// Loads the config and collects the files, as both the command and its workers do.
  static func plan(_ parsedOptions: Options) throws -> Plan {
    var options = parsedOptions
    if let path = options.configPath {
      do { options.lint.config = try LintConfig.load(path: path) } catch {
        throw GlyphsmithError.wrap(error, path: path)
      }
    }
    let (files, missing) = InputCollector.collect(options.inputs)
    // Folder inputs share the glyphsmith.json at their root unless a file's own folder has one.
    let roots = options.inputs.filter { input in
      var isDirectory: ObjCBool = false
      return FileManager.default.fileExists(atPath: input, isDirectory: &isDirectory)
        && isDirectory.boolValue
    }
    return Plan(options: options, files: files, missing: missing, roots: roots)
  }

  /// Lints file `index` of `plan`: its report, or the message why it could not be linted.
  static func lintOne(_ plan: Plan, index: Int) -> Result<LintFileReport, LintFailure> {
    let path = plan.files[index]
    do {
      var fileOptions = plan.options.lint
      if fileOptions.config == nil {
        fileOptions.config = try configFor(path, roots: plan.roots)
      }
      let result = try Linter.lint(path: path, options: fileOptions)
      if let explain = plan.options.explain {
        try LintExplain.write(result, toFolder: explain)
      }
      return .success(result.report)
    } catch {
      return .failure(LintFailure(message: GlyphsmithError.wrap(error, path: path).description))
    }
  }

  /// A file that could not be linted, with its message.
  struct LintFailure: Error, Codable {
    var message: String
  }

  /// One worker reply: the report or the failure.
  struct WorkerReply: Codable {
    var report: LintFileReport?
    var failure: LintFailure?
  }

  /// The worker side (`glyphsmith __worker lint ARGS...`): answers file indices.
  static func serveWorker(_ options: Options) -> Never {
    Platform.keepLargeBuffersOnHeap()
    InputLimits.setCurrent(options.limits)
    guard let plan = try? plan(options) else { exit(ExitCode.failure.rawValue) }
    WorkerPool.serve { index in
      guard plan.files.indices.contains(index) else { return Data("{}".utf8) }
      let reply: WorkerReply
      switch lintOne(plan, index: index) {
      case .success(let report): reply = WorkerReply(report: report)
      case .failure(let failure): reply = WorkerReply(failure: failure)
      }
      return (try? JSONEncoder().encode(reply)) ?? Data("{}".utf8)
    }
  }

  /// Lints every file in worker processes (`WorkerPool`): a crash, hang or memory blow-up on
  /// one file fails that file alone with exit 2.
  static func run(_ parsedOptions: Options) -> ExitCode {
    // Each icon allocates a few MB of short-lived pixel buffers; keep them on the heap
    // instead of mapping and unmapping pages for every one (half the system time otherwise).
    Platform.keepLargeBuffersOnHeap()
    InputLimits.setCurrent(parsedOptions.limits)
    let plan: Plan
    do { plan = try Self.plan(parsedOptions) } catch {
      Terminal.error("\(error)")
      return .failure
    }
    let options = plan.options
    let files = plan.files
    let missing = plan.missing
    for error in missing { Terminal.error(error.description) }
    // stdin (`-`) is the workers' request channel: a lint of stdin runs in this process.
    if files.contains("-") {
      return report(
        ParallelMap.map(count: files.count, jobs: options.jobs) { lintOne(plan, index: $0) },
        options: options, missing: missing)
    }
    let replies = WorkerPool.run(
      count: files.count, jobs: options.jobs,
      command: [BudgetOptions.executablePath, WorkerCommand.name, name] + options.arguments,
      budget: options.budget)
    let results = replies.enumerated().map { index, reply -> Result<LintFileReport, LintFailure> in
      switch reply {
      case .success(let line):
        guard let decoded = try? JSONDecoder().decode(WorkerReply.self, from: line) else {
          return .failure(
            LintFailure(message: "\(files[index]): error: the linter's reply could not be read"))
        }
        if let report = decoded.report { return .success(report) }
        return .failure(decoded.failure ?? LintFailure(message: "\(files[index]): error: ?"))
      case .failure(let failure):
        return .failure(LintFailure(message: failure.message(path: files[index])))
      }
    }
    return report(results, options: options, missing: missing)
  }

  /// Prints the findings and failures, and the JSON report with `--json`.
  static func report(
    _ results: [Result<LintFileReport, LintFailure>], options: Options,
    missing: [GlyphsmithError]
  ) -> ExitCode {
    var reports: [LintFileReport] = []
    var failed = !missing.isEmpty
    var errors = 0
    var warnings = 0
    for result in results {
      switch result {
      case .success(let report):
        reports.append(report)
        for finding in report.findings {
          Terminal.error(finding.diagnostic(path: report.path))
        }
        errors += report.count(.error)
        warnings += report.count(.warning)
      case .failure(let failure):
        Terminal.error(failure.message)
        failed = true
      }
    }
    if options.json, let data = try? XcodeJSON.encode(LintReport(files: reports)) {
      FileHandle.standardOutput.write(data)
      FileHandle.standardOutput.write(Data("\n".utf8))
    }
    if failed { return .failure }
    return errors > 0 || (options.strict && warnings > 0) ? .negative : .success
  }

  /// `glyphsmith.json` in the file's own folder, else at the root of the folder input it was
  /// found in; `nil` lets the engine look next to the file (and find nothing).
  static func configFor(_ path: String, roots: [String]) throws -> LintConfig? {
    let own = URL(fileURLWithPath: path).deletingLastPathComponent()
      .appendingPathComponent(LintConfig.fileName).path
    if FileManager.default.fileExists(atPath: own) { return try LintConfig.load(path: own) }
    for root in roots where path.hasPrefix(root.hasSuffix("/") ? root : root + "/") {
      let candidate = URL(fileURLWithPath: root).appendingPathComponent(LintConfig.fileName).path
      if FileManager.default.fileExists(atPath: candidate) {
        return try LintConfig.load(path: candidate)
      }
    }
    return nil
  }
}
