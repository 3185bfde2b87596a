import Foundation
import Glyphsmith

/// `glyphsmith assets INPUT... -o CATALOG.xcassets ...`: icons to an Xcode asset catalog.
enum AssetsCommand: Subcommand {
  static let name = "assets"
  static let summary = "render icons (files or folders) into an Xcode .xcassets catalog"
  static let help = """
    usage: glyphsmith assets INPUT... -o CATALOG.xcassets [--role R] [--size PT] [--shape S]
                             [--scales 1,2,3] [--compact] [--template|--original] [--padding PT]
                             [--jobs N] [--json] [--quiet] [--lint [--strict]]

    Each INPUT is an .svg or .png file or a folder (searched recursively, sorted). Every icon
    becomes NAME.imageset with NAME.png, NAME@2x.png, NAME@3x.png (per --scales) and a
    Contents.json as Xcode writes it; --compact adds NAME-compact.imageset at the compact tab
    bar size. NAME is the file name without extension (NFC); names that collide, also in case
    only, are refused before anything is written. A rerun rewrites each imageset it has an
    input for, whole; other folders in the catalog are left alone.

    options:
      -o, --output DIR      the catalog folder, e.g. Icons.xcassets (required; a name
                            without .xcassets is written but warned about)
      --role R              tab-bar (default), toolbar, indicator, plain
      --size PT             target size in pt instead of the role's HIG size
      --shape S             circle, square, wide or tall for every icon (default: from the ink)
      --scales LIST         scales to write, from 1,2,3 (default 1,2,3)
      --compact             also write NAME-compact.imageset (tab-bar role)
      --template            template images (default for tab-bar, toolbar, indicator)
      --original            original colours (default for plain)
      --padding PT          transparent space in pt between each glyph and its canvas
                            edge: the glyph keeps its role's size and the canvas grows by
                            2 x PT (see "Padding" in docs/render.md)
      --jobs N              threads (default: all cores); never changes the output
      --json                print a JSON report on stdout:
                            {"version": 1, "inputs": [{"path", "name", "status", "role",
                            "shape", "sizePt", "files": [{"path", "width", "height"}], "error",
                            "warnings": [...], "lint": [...] (with --lint)}], "warnings": [...],
                            "catalogFindings": [...]}
      --quiet               no progress bar and no summary line (the progress bar, with an
                            ETA, shows only when stderr is a terminal and TERM is not dumb)
      --platform LIST       \(platformList), comma-separated: android writes
                            res/drawable-<density>/NAME.png (mdpi..xxxhdpi, --size in dp,
                            default 24) into --android-out (default: android/ beside the
                            catalog); web writes NAME/favicon.ico, apple-touch-icon.png,
                            icon-192.png, icon-512.png, icon-512-maskable.png and
                            manifest-icons.json into --web-out (default: web/ beside it);
                            without ios there is no catalog and -o is the folder android/
                            and web/ go into
      --android-out DIR     where Android drawables go
      --web-out DIR         where web icons go
      --namespace           mark catalog groups (the input's sub-folders) provides-namespace
      --force               render and write even inputs whose outputs are up to date
      --shard I/N           process only the I-th of N shares (by a hash of the name); the
                            shares together write exactly what one run writes
      --stats               print where the time went on stderr (renders, time inside librsvg,
                            cairo and libpng, Glyphsmith's own overhead)
      --lint                also run `glyphsmith lint` on every input at the same role, size
                            and scales: findings on stderr and, with --json, in each
                            input's "lint" list; the catalog is written either way
      --strict              with --lint: exit 1 when any input has a lint error or warning
      --symbols             ios only: write NAME.symbolset (a custom SF Symbol, template 3.0,
                            as `glyphsmith symbol` does) instead of NAME.imageset for every
                            SVG input (an image set and a symbol set of one name collide)
    \(BudgetOptions.help)

    roles:
    \(Role.helpTable)

    After writing, the catalog is validated as `glyphsmith validate` does; findings are printed
    and listed in the JSON report's "catalogFindings".

    Exit: 0 all written (or up to date) and the catalog valid; 1 all written but the catalog
    has findings; 2 at least one input could not be read, rendered or written (every other
    input is still written), or a usage error.
    """

  /// The `--platform` names of `AssetPlatformRegistry`, the default (`AssetsOptions`) marked.
  static var platformList: String {
    let defaults = AssetsOptions().platforms
    return AssetPlatform.allCases.map { defaults.contains($0) ? "\($0) (default)" : "\($0)" }
      .joined(separator: ", ")
  }

  static let options: [OptionSpec] = [
    .value("output", short: "o"), .value("role"), .value("size"), .value("shape"),
    .value("scales"), .flag("compact"), .flag("template"), .flag("original"), .value("padding"),
    .value("jobs"), .flag("json"), .flag("quiet"), .flag("stats"), .value("platform"),
    .value("android-out"), .value("web-out"), .flag("namespace"), .flag("force"),
    .value("shard"), .flag("lint"), .flag("strict"), .flag("symbols"), .flag("help"),
  ] + BudgetOptions.specs

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
    /// The arguments as given, for starting workers with the same options.
    var arguments: [String] = []
    /// Whether `--scales` was given (`LintOptions.scalesExplicit` for `--lint`).
    var scalesExplicit = false
  }

  static func parse(_ arguments: [String]) throws -> Options {
    let parsed = try ArgumentParser.parse(arguments, options: options)
    guard !parsed.positionals.isEmpty else {
      throw UsageError(message: "missing INPUT (files or folders of .svg and .png icons)")
    }
    let catalog = try CommonOptions.output(parsed, "CATALOG.xcassets")
    let template = try CommonOptions.template(parsed)
    var assets = AssetsOptions()
    assets.role = try CommonOptions.role(parsed.value("role"), default: .tabBar)
    assets.sizePt = try parsed.positiveDouble("size")
    assets.shape = try CommonOptions.shape(parsed.value("shape"))
    assets.scales = try CommonOptions.scales(parsed.value("scales")) ?? [1, 2, 3]
    assets.compact = parsed.has("compact")
    if assets.compact && assets.role != .tabBar {
      throw UsageError(message: "--compact applies to the tab-bar role only")
    }
    assets.template = template
    assets.paddingPt = try CommonOptions.padding(parsed) ?? assets.paddingPt
    assets.jobs = try parsed.integer("jobs") ?? ParallelMap.availableCores
    assets.platforms = try CommonOptions.platforms(parsed.value("platform")) ?? assets.platforms
    assets.androidOutput = parsed.value("android-out")
    assets.webOutput = parsed.value("web-out")
    assets.namespace = parsed.has("namespace")
    assets.force = parsed.has("force")
    assets.symbols = parsed.has("symbols")
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
      arguments: arguments, scalesExplicit: parsed.value("scales") != nil)
  }

  static func run(_ options: Options) throws -> FailureCategory? {
    let started = Date()
    InputLimits.setCurrent(options.limits)
    var batch = AssetsBatch(
      inputs: options.inputs, catalog: options.catalog, options: options.assets)
    batch.isolation = AssetsIsolation(
      workerCommand: [BudgetOptions.executablePath, WorkerCommand.name, name] + options.arguments,
      budget: options.budget)
    batch.lockNotice = { Terminal.error($0) }
    let bar = Terminal.ProgressBar(enabled: !options.quiet && !options.json)
    let result: AssetsBatch.Result
    do {
      result = try batch.run(diagnose: Terminal.error) { bar.update(done: $0, total: $1) }
    } catch let failure as any GlyphsmithFailure {
      bar.finish()
      if options.json, let data = AssetsBatch.failureJSON(failure.description) {
        FileHandle.standardOutput.write(data)
      }
      throw failure
    }
    bar.finish()
    result.diagnostics.forEach(Terminal.error)
    var report = result.report
    let lintFailed = options.lint ? lintInputs(&report, options: options) : false
    if options.json {
      if let data = try? XcodeJSON.encode(report) { FileHandle.standardOutput.write(data) }
    }
    if !options.quiet && !options.json {
      Terminal.error(batch.summary(report, seconds: Date().timeIntervalSince(started)))
    }
    if options.stats {
      Terminal.error(
        AssetsBatch.statistics(report, seconds: Date().timeIntervalSince(started)))
    }
    return AssetsBatch.outcome(report, lintFailed: lintFailed)
  }

  /// `--lint`: lints every input that was read, as `glyphsmith lint` does at the same role,
  /// size and scales (the same engine, `LintSession`, and the same config lookup), prints the
  /// findings (and inputs that could not be linted) and stores them in the report. Returns
  /// whether `--strict` fails the run (any error or warning).
  static func lintInputs(_ report: inout AssetsReport, options: Options) -> Bool {
    var lint = LintOptions()
    lint.role = options.assets.role
    lint.sizePt = options.assets.sizePt
    lint.scales = options.assets.scales
    lint.scalesExplicit = options.scalesExplicit
    let session = LintSession(inputs: options.inputs, options: lint, jobs: options.assets.jobs)
    let read = report.inputs.indices.filter { report.inputs[$0].status != "failed" }
    let results = session.lint(paths: read.map { report.inputs[$0].path })
    LintCommand.printFindings(results)
    var strictFailure = false
    for (index, result) in zip(read, results) {
      guard case .success(let linted) = result else { continue }
      report.inputs[index].lint = linted.report.findings
      let counted = linted.report.count(.error) + linted.report.count(.warning)
      strictFailure = strictFailure || counted > 0
    }
    return options.strict && strictFailure
  }
}
