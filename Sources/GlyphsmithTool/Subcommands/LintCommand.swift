import FoundationEssentials
import Glibc
import Glyphsmith
import GlyphsmithCommands

/// `glyphsmith lint INPUT... [--role R] [--size PT | --compact] [--scales 1,2,3] [--json]
/// [--explain DIR] [--strict] [--config FILE]`: legibility checks at the pixel size an icon is
/// shown at.
enum LintCommand: DeclaredSubcommand {
  /// The command declared once: `parse`, the usage and this help all come from it.
  static let declaration = CommandDeclaration(
    name: "lint",
    summary: "find what will not survive the pixel size an icon is shown at",
    synopsis: """
      INPUT... [--role R] [--size PT | --compact] [--scales 1,2,3]
      [--json [--plan]] [--explain DIR] [--strict] [--config FILE] [--jobs N]
      """,
    discussion: """
      Renders each icon (an .svg or .png file, or a folder searched recursively) at the role's
      target size at each scale, plus once at 12 px per pt, and checks its pixels and its SVG
      structure for detail that turns to mush at that size (HIG "Icons", "Page controls").
      A NAME.symbolset folder (a custom SF Symbol) is linted as its Regular-S outline at the
      role's size: tab-bar or toolbar, where symbols show.
      Diagnostics go to stderr as `path:line:col: warning: [rule] message`.

      rules:
      \(LintRuleIndex.helpText)
      """,
    options: [
      .value(
        "role", "R",
        kind: .choice([
          "plain", "tab-bar", "toolbar", "indicator", "android-launcher", "icon-layer",
        ]),
        default: "tab-bar",
        help: """
          tab-bar (default), toolbar, indicator, plain; decides the size and
          the severities. android-launcher instead checks each input as an
          adaptive icon's foreground placed as appicon --platform android
          places it (--inset; a VectorDrawable, such as the
          drawable/NAME_foreground.xml appicon wrote, is the 108 dp layer
          itself; a folder such as appicon's RES_DIR gives its
          VectorDrawables and artwork, not the composited mipmap PNGs): ink
          outside the 66 dp safe circle is a warning, outside the 72 dp
          square launchers show an error (exit 1; --strict makes warnings
          exit 1 too). icon-layer checks each layer of an Icon Composer
          NAME.icon (or a file in its Assets/, or a file alone) as its
          document draws it on the 1024 pt canvas, at the sizes the icon is
          shown at (1024 px down to 58 px Settings and 40 px Spotlight):
          safe-area, appearance-contrast, vanishing-lines, artboard-rect,
          off-centre
          """),
      .value(
        "inset", "PERCENT",
        help: """
          android-launcher: the share of the 108 dp layer left free on each
          side, as appicon's --inset (default 19.44: the canvas in the 66 dp
          safe zone, more when its ink would reach past the safe circle; 0:
          the whole layer; a VectorDrawable: 0, and a given --inset applies
          to it too, with a note)
          """),
      .value(
        "size", "PT", kind: .positiveNumber,
        help: "target size in pt instead of the role's HIG size"),
      .flag(
        "compact", help: "compact tab bar sizes, as render --compact (tab-bar role, no --size)"),
      .value(
        "scales", "LIST", default: "1,2,3",
        help: """
          scales to check, from 1,2,3 (default 1,2,3; the iOS roles ship
          @2x and @3x only, so @1x findings are info unless --scales names 1)
          """),
      .flag(
        "json",
        help: """
          print {"version": 1, "files": [{"path", "role", "sizePt",
          "findings": [{"rule", "severity", "message", "line", "column",
          "scale", "box", "value", "limit", "count"}]}]} on stdout
          """),
      .value(
        "explain", "DIR", kind: .path,
        help: """
          write a PNG per finding: the render enlarged with the problem
          marked, beside the glyph at its real size
          """),
      .flag("strict", help: "warnings count as errors for the exit code"),
      .value(
        "config", "FILE", kind: .path,
        help: """
          limits and severities (JSON, see docs/lint.md); default:
          glyphsmith.json in the folder of each input, if any
          """),
      .value(
        "jobs", "N", kind: .count, help: "threads (default: all cores); never changes the output"),
      .flag(
        "plan",
        help: """
          with --json: print the plan (files, hashes, each file's resolved
          options and config; docs/lint.md) and lint nothing
          """),
    ],
    including: [BudgetOptions.group],
    helpColumn: 20,
    footer: """
      Silence a rule for one element with data-glyphsmith-ignore="rule ..." (on the root
      <svg>: the whole file), or a comment <!-- glyphsmith-ignore: rule --> before it;
      <!-- glyphsmith-ignore-file: rule --> silences it for the file.

      Exit: 0 no errors; 1 errors (with --strict, also warnings); 2 an input could not be
      read or rendered (the others are still linted), or a usage error.
      """,
    abridgedSynopsis: true)

  struct Options {
    var inputs: [String]
    var lint: LintOptions
    var configPath: String?
    var json: Bool
    var explain: String?
    var strict: Bool
    var jobs: Int
    /// `--plan`: print the plan (with `--json`) and lint nothing.
    var plan = false
    var limits = InputLimits()
    var budget = WorkerPool.Budget()
    /// `--role android-launcher`: the adaptive-icon safe-zone check of each input as a
    /// launcher foreground (`AndroidLauncherJob.safeZone`) instead of the legibility rules.
    var androidLauncher = false
    /// `--inset PERCENT` of `--role android-launcher`; `nil`: appicon's default (the safe
    /// zone), 0 for a VectorDrawable input.
    var inset: Double? = nil
  }

  /// The `--role` value of the launcher safe-zone check.
  static let androidLauncher = "android-launcher"
  /// The `--role` value of the Icon Composer layer checks (`IconLayerLinter`).
  static let iconLayer = "icon-layer"

  /// `--role android-launcher`: each input placed in the 108 dp foreground layer as `appicon
  /// --platform android` places it (`--inset`, default the safe zone; a VectorDrawable is the
  /// layer itself, inset 0 unless `--inset` is given); ink outside the 66 dp safe circle a
  /// warning, outside the 72 dp square an error (exit 1; with `--strict` warnings too), as
  /// docs/lint.md's exit codes say. Findings on stderr; with `--json` also a report on stdout
  /// in the shape of the other roles' (`LauncherLintReport`).
  static func runAndroidLauncher(_ options: Options) -> FailureCategory? {
    let (files, missing, notes) = LauncherLintInputs.collect(options.inputs)
    for error in missing { Terminal.error(error.description) }
    var failed = !missing.isEmpty
    var errors = 0
    var warnings = 0
    var report = LauncherLintReport()
    var noted = false
    for input in files {
      let file = input.path
      do {
        let data = file == "-" ? nil : try? FileBytes.readInput(file)
        let artwork: Artwork
        var launcher = AndroidLauncherOptions()
        launcher.insetPercent = options.inset
        if let data, VectorDrawableSVG.isVectorDrawable(data) {
          artwork = try VectorDrawableSVG.artwork(data, path: file)
          launcher.insetPercent = options.inset ?? 0
        } else if input.isLayer {
          artwork = try Artwork(path: file)
          launcher.insetPercent = options.inset ?? 0
        } else {
          artwork = try Artwork(path: file)
          if options.inset == nil {
            noted = true
            launcher.insetPercent = try AndroidLauncherJob.defaultInset(artwork)
          }
        }
        let found = try AndroidLauncherJob.safeZone(artwork, options: launcher)
        for finding in found {
          Terminal.error(finding.diagnostic)
          if finding.isError { errors += 1 } else { warnings += 1 }
        }
        report.files.append(
          LauncherLintReport.File(path: file, inset: launcher.inset, findings: found))
      } catch {
        Terminal.error(GlyphsmithError.wrap(error, path: file).description)
        failed = true
      }
    }
    for note in notes { Terminal.error(note.description) }
    // `--inset` on a layer (which is placed with none by default) is applied, and said so.
    if let inset = options.inset, files.contains(where: \.isLayer) {
      Terminal.error(
        Diagnostic(
          .note, path: nil, kind: Diagnostic.Kind.safeZone,
          message: LauncherLintInputs.layerInsetNote(inset)
        ).description)
    }
    // Once, after the findings, when an SVG or PNG was placed with the default inset.
    if noted {
      Terminal.error(
        Diagnostic(
          .note, path: nil, kind: Diagnostic.Kind.safeZone,
          message: AndroidLauncherOptions.defaultInsetNote
        ).description)
    }
    if options.json, let data = try? XcodeJSON.encode(report) {
      StandardStream.output.write(data)
      StandardStream.output.write(Data("\n".utf8))
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
      if parsed.has("plan") {
        throw UsageError(message: "--plan does not apply to --role \(androidLauncher)")
      }
      if parsed.has("compact") {
        throw UsageError(message: "--compact does not apply to --role \(androidLauncher)")
      }
      var options = Options(
        inputs: parsed.positionals, lint: LintOptions(), configPath: nil,
        json: parsed.has("json"), explain: nil, strict: parsed.has("strict"), jobs: 1)
      options.androidLauncher = true
      if let inset = parsed.value("inset") {
        guard let value = Double(inset), value >= 0, value < 50 else {
          throw UsageError(message: "--inset needs a percentage from 0 to under 50, got '\(inset)'")
        }
        options.inset = value
      }
      return options
    }
    if parsed.value("inset") != nil {
      throw UsageError(message: "--inset applies to --role \(androidLauncher)")
    }
    if parsed.value("role") == iconLayer {
      for option in ["size", "scales", "explain"] where parsed.value(option) != nil {
        throw UsageError(message: "--\(option) does not apply to --role \(iconLayer)")
      }
      for flag in ["compact", "plan"] where parsed.has(flag) {
        throw UsageError(message: "--\(flag) does not apply to --role \(iconLayer)")
      }
      var lint = LintOptions()
      lint.iconLayer = IconLayerLintOptions()
      let (limits, budget) = try BudgetOptions.parse(parsed)
      return Options(
        inputs: parsed.positionals, lint: lint, configPath: parsed.value("config"),
        json: parsed.has("json"), explain: nil, strict: parsed.has("strict"),
        jobs: try parsed.whole("jobs") ?? ParallelMap.availableCores, limits: limits,
        budget: budget)
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
    if parsed.has("plan") && !parsed.has("json") {
      throw UsageError(message: "--plan prints JSON; give --json too")
    }
    let (limits, budget) = try BudgetOptions.parse(parsed)
    return Options(
      inputs: parsed.positionals, lint: lint, configPath: parsed.value("config"),
      json: parsed.has("json"), explain: parsed.value("explain"), strict: parsed.has("strict"),
      jobs: try parsed.whole("jobs") ?? ParallelMap.availableCores, plan: parsed.has("plan"),
      limits: limits, budget: budget)
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
    if options.plan {
      let plan = session.plan()
      StandardStream.output.write(try plan.json())
      return plan.missing.isEmpty && plan.files.allSatisfy({ $0.failure == nil })
        ? nil : .unusableInput
    }
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
      StandardStream.output.write(data)
      StandardStream.output.write(Data("\n".utf8))
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
