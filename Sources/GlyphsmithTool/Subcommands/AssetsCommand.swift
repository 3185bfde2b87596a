import Foundation
import Glyphsmith
import GlyphsmithCommands

/// `glyphsmith assets INPUT... -o CATALOG.xcassets ...`: icons to an Xcode asset catalog.
enum AssetsCommand: DeclaredSubcommand {
  static let declaration = AssetsText.declaration

  struct Options {
    var inputs: [String]
    var catalog: String
    var assets: AssetsOptions
    var json: Bool
    var quiet: Bool
    var stats: Bool
    var lint = false
    var strict = false
    var limits = InputLimits()
    var budget = WorkerPool.Budget()
    /// Whether `--scales` was given (`LintOptions.scalesExplicit` for `--lint`).
    var scalesExplicit = false
    /// `--prune`: remove recorded outputs whose source is gone (`AssetsBatch.prune`).
    var prune = false
    /// `--plan`: print the plan (with `--json`) and write nothing.
    var plan = false
  }

  static func parse(_ arguments: [String]) throws -> Options {
    let parsed = try declaration.parse(arguments)
    guard !parsed.positionals.isEmpty else {
      throw UsageError(message: "missing INPUT (files or folders of .svg and .png icons)")
    }
    let catalog = try CommonOptions.output(parsed, "CATALOG.xcassets")
    let template = try CommonOptions.template(parsed)
    var assets = AssetsOptions()
    assets.role = try CommonOptions.role(parsed.valueOrDefault("role"), default: .tabBar)
    assets.sizePt = try parsed.number("size")
    assets.shape = try CommonOptions.shape(parsed.value("shape"))
    assets.scales = try CommonOptions.scales(parsed.valueOrDefault("scales")) ?? assets.scales
    assets.compact = parsed.has("compact")
    if assets.compact && assets.role != .tabBar {
      throw UsageError(message: "--compact applies to the tab-bar role only")
    }
    assets.template = template
    assets.paddingPt = try parsed.number("padding") ?? assets.paddingPt
    assets.jobs = try parsed.whole("jobs") ?? ParallelMap.availableCores
    assets.platforms = try CommonOptions.platforms(parsed.value("platform")) ?? assets.platforms
    assets.androidOutput = parsed.value("android-out")
    if let format = parsed.value("android-format") {
      guard let known = AndroidFormat(rawValue: format) else {
        let names = OutputFormatIndex.spoken(ProjectConfig.androidFormats)
        throw UsageError(message: "--android-format: \(names), got '\(format)'")
      }
      assets.androidFormat = known
    }
    assets.minSdk = try parsed.whole("min-sdk") ?? assets.minSdk
    if (parsed.value("android-format") != nil || parsed.value("min-sdk") != nil)
      && !assets.platforms.contains(.android)
    {
      throw UsageError(message: "--android-format and --min-sdk apply with --platform android")
    }
    assets.webOutput = parsed.value("web-out")
    assets.namespace = parsed.has("namespace")
    assets.force = parsed.has("force")
    assets.symbols = parsed.has("symbols")
    assets.symbolPrefix = parsed.value("prefix") ?? ""
    assets.symbolSuffix = parsed.value("suffix") ?? ""
    if !assets.symbols && (parsed.value("prefix") != nil || parsed.value("suffix") != nil) {
      throw UsageError(message: "--prefix and --suffix name symbol sets; give them with --symbols")
    }
    if assets.symbols && assets.platforms != [.ios] {
      throw UsageError(message: "--symbols applies to --platform ios alone")
    }
    if let shard = parsed.value("shard") {
      let parts = shard.split(separator: "/").compactMap { Int($0) }
      guard parts.count == 2, parts[1] >= 1, (1...parts[1]).contains(parts[0]) else {
        throw UsageError(message: "--shard needs I/N with 1 <= I <= N, such as 1/3, got '\(shard)'")
      }
      assets.shard = (parts[0], parts[1])
    }
    if parsed.has("strict") && !parsed.has("lint") {
      throw UsageError(message: "--strict applies with --lint")
    }
    let (limits, budget) = try BudgetOptions.parse(parsed)
    return Options(
      inputs: parsed.positionals, catalog: catalog, assets: assets, json: parsed.has("json"),
      quiet: parsed.has("quiet") || Terminal.isQuiet, stats: parsed.has("stats"),
      lint: parsed.has("lint"), strict: parsed.has("strict"), limits: limits, budget: budget,
      scalesExplicit: parsed.value("scales") != nil,
      prune: parsed.has("prune"), plan: parsed.has("plan"))
  }

  static func run(_ options: Options) throws -> FailureCategory? {
    let started = Date()
    InputLimits.setCurrent(options.limits)
    var batch = AssetsBatch(
      inputs: options.inputs, catalog: options.catalog, options: options.assets)
    batch.isolation = AssetsIsolation(
      workerCommand: [BudgetOptions.executablePath, WorkerCommand.name, name],
      budget: options.budget)
    batch.lockNotice = { Terminal.error($0) }
    batch.prune = options.prune
    if options.plan {
      guard options.json else { throw UsageError(message: "--plan prints JSON; give --json too") }
      let plan = try batch.plan(diagnose: tell)
      FileHandle.standardOutput.write(try plan.json())
      return plan.failures == nil ? nil : .unusableInput
    }
    let bar = Terminal.ProgressBar(enabled: !options.quiet && !options.json)
    let result: AssetsBatch.Result
    do {
      result = try batch.run(diagnose: tell) { bar.update(done: $0, total: $1) }
    } catch let failure as any GlyphsmithFailure {
      bar.finish()
      if options.json, let data = AssetsBatch.failureJSON(failure.description) {
        FileHandle.standardOutput.write(data)
      }
      throw failure
    }
    bar.finish()
    tell(result.notices, removals: result.removals)
    var report = result.report
    let lintFailed = options.lint ? lintInputs(&report, options: options) : false
    if options.json {
      if let data = try? XcodeJSON.encode(report) { FileHandle.standardOutput.write(data) }
    }
    if !options.quiet && !options.json {
      Terminal.error(
        batch.summary(report, seconds: Date().timeIntervalSince(started))
          + (options.prune ? "; \(result.removed.count) removed" : "")
          + (options.lint ? AssetsBatch.lintSummary(report, strict: options.strict) : ""))
    }
    if options.stats {
      Terminal.error(
        AssetsBatch.statistics(report, seconds: Date().timeIntervalSince(started)))
    }
    return AssetsBatch.outcome(report, lintFailed: lintFailed)
  }

  /// Prints `notice` on stderr as its compiler-form line: a warning's or finding's
  /// `Diagnostic.description`, a failed input's `GlyphsmithError.description`.
  static func tell(_ notice: BatchNotice) {
    switch notice {
    case .diagnostic(let diagnostic): Terminal.error(diagnostic.description)
    case .failure(let error): Terminal.error(error.description)
    }
  }

  /// Prints what a run found once it is over (`assets`, `build`): each notice (`tell`), then
  /// each removed output (`PATH: removed (...)`).
  static func tell(_ notices: [BatchNotice], removals: [OutputManifest.Removal]) {
    notices.forEach(tell)
    for removal in removals { Terminal.error(removal.line) }
  }

  /// `--lint`: lints every input that was read, as `glyphsmith lint` does at the same role,
  /// size and scales (the same engine, `LintSession`, and the same config lookup), prints the
  /// findings (and inputs that could not be linted) and stores them in the report; with
  /// `--compact`, also at the compact sizes (`lintCompact`). Returns whether `--strict` fails
  /// the run (any error or warning at either size).
  static func lintInputs(_ report: inout AssetsReport, options: Options) -> Bool {
    let found = lint(
      &report, assets: options.assets, roots: options.inputs,
      scalesExplicit: options.scalesExplicit)
    return options.strict && found
  }

  /// Lints the inputs of `report` that were read (of them, those in `only` when given) at
  /// `assets`' role, size, scales and compact sizes, with `config` (else each input's
  /// discovered config, `roots` being the folder inputs), prints the findings and stores them
  /// in the report. Returns whether any has an error or warning.
  static func lint(
    _ report: inout AssetsReport, assets: AssetsOptions, roots: [String], scalesExplicit: Bool,
    config: LintConfig? = nil, only: Set<String>? = nil
  ) -> Bool {
    var lint = LintOptions()
    lint.role = assets.role
    lint.sizePt = assets.sizePt
    lint.scales = assets.scales
    lint.scalesExplicit = scalesExplicit
    lint.template = assets.template
    lint.config = config
    let read = report.inputs.indices.filter {
      report.inputs[$0].status != .failed && (only?.contains(report.inputs[$0].path) ?? true)
    }
    let paths = read.map { report.inputs[$0].path }
    guard !paths.isEmpty else { return false }
    var found = false
    // The regular sizes, then (with --compact) the compact ones the NAME-compact sets ship,
    // as `glyphsmith lint --compact` finds them; their diagnostics say "(compact size)".
    for compact in assets.compact ? [false, true] : [false] {
      lint.compact = compact
      if compact { lint.sizePt = nil }
      let session = LintSession(inputs: roots, options: lint, jobs: assets.jobs)
      let results = session.lint(paths: paths)
      // An input that cannot be linted is named once, in the regular pass.
      let shown = compact ? results.filter { (try? $0.get()) != nil } : results
      LintCommand.printFindings(shown) { finding in
        var finding = finding
        if compact { finding.message += " (compact size)" }
        return finding
      }
      for (index, result) in zip(read, results) {
        guard case .success(let linted) = result else { continue }
        if compact {
          report.inputs[index].lintCompact = linted.report.findings
        } else {
          report.inputs[index].lint = linted.report.findings
        }
        let counted = linted.report.count(.error) + linted.report.count(.warning)
        found = found || counted > 0
      }
    }
    return found
  }
}
