import FoundationEssentials
import Glibc
import Glyphsmith
import GlyphsmithCommands

/// `glyphsmith assets INPUT... -o CATALOG.xcassets ...`: icons to an Xcode asset catalog.
enum AssetsCommand: DeclaredSubcommand {
  /// The command declared once: `parse`, the usage and this help all come from it.
  static let declaration = CommandDeclaration(
    name: "assets",
    summary: "render icons (files or folders) into an Xcode .xcassets catalog",
    synopsis: """
      INPUT... -o CATALOG.xcassets [--role R] [--size PT] [--shape S]
      [--format png|pdf|svg] [--scales 1,2,3] [--compact] [--padding PT]
      [--template|--original] [--platform ios,android,web] [--android-format F]
      [--jobs N] [--json [--plan]] [--quiet] [--lint [--strict]]
      """,
    discussion: """
      Each INPUT is an .svg or .png file or a folder (searched recursively, sorted). Every icon
      becomes NAME.imageset with NAME.png, NAME@2x.png, NAME@3x.png (per --scales) and a
      Contents.json as Xcode writes it; --compact adds NAME-compact.imageset at the compact tab
      bar size. NAME is the file name without extension (NFC); names that collide, also in case
      only, are refused before anything is written. A rerun rewrites each imageset it has an
      input for, whole; other folders in the catalog are left alone.
      """,
    options: [
      .value(
        "output", short: "o", "DIR",
        help: """
          the catalog folder, e.g. Icons.xcassets (required; a name
          without .xcassets is written but warned about)
          """),
      .value(
        "role", "R", kind: .choice(["plain", "tab-bar", "toolbar", "indicator"]),
        default: "tab-bar",
        help: "tab-bar (default), toolbar, indicator, plain"),
      .value(
        "size", "PT", kind: .positiveNumber,
        help: "target size in pt instead of the role's HIG size"),
      .value(
        "shape", "S", kind: .choice(["circle", "square", "wide", "tall"]),
        help: "circle, square, wide or tall for every icon (default: from the ink)"),
      .value(
        "scales", "LIST", default: "1,2,3", help: "scales to write, from 1,2,3 (default 1,2,3)"),
      .flag("compact", help: "also write NAME-compact.imageset (tab-bar role)"),
      .flag("template", help: "template images (default for tab-bar, toolbar, indicator)"),
      .flag("original", help: "original colours (default for plain)"),
      .value(
        "padding", "PT", kind: .points,
        help: """
          transparent space in pt between each glyph and its canvas
          edge: the glyph keeps its role's size and the canvas grows by
          2 x PT (see "Padding" in docs/render.md)
          """),
      .value(
        "jobs", "N", kind: .count, help: "threads (default: all cores); never changes the output"),
      .flag(
        "json",
        help: """
          print a JSON report on stdout:
          {"version": 1, "inputs": [{"path", "name", "status", "role",
          "shape", "sizePt", "files": [{"path", "width", "height"}], "error",
          "warnings": [...], "lint": [...] (with --lint)}], "warnings": [...],
          "catalogFindings": [...]}
          """),
      .flag(
        "quiet",
        help: """
          no progress bar and no summary line (the progress bar, with an
          ETA, shows only when stderr is a terminal and TERM is not dumb)
          """),
      .value(
        "platform", "LIST",
        help: """
          \(AssetPlatformIndex.helpList), comma-separated: android writes
          res/drawable-<density>/NAME.png (mdpi..xxxhdpi, --size in dp,
          default 24) into --android-out (default: android/ beside the
          catalog); web writes NAME/favicon.ico, apple-touch-icon.png,
          icon-192.png, icon-512.png, icon-512-maskable.png and
          manifest-icons.json into --web-out (default: web/ beside it);
          without ios there is no catalog and -o is the folder android/
          and web/ go into
          """),
      .value(
        "format", "F", kind: .choice(OutputFormatIndex.names(for: .catalog)), default: "png",
        help: """
          the image sets' files: png (default) one per scale; pdf or svg one
          vector file per set and appearance, no scale, the page the @1x
          PNG's size in pt, preserves-vector-representation on (svg: plain
          paths; what they cannot express is written as PDF, with a warning)
          """),
      .value("android-out", "DIR", kind: .path, help: "where Android drawables go"),
      .value(
        "android-format", "F", kind: .choice(OutputFormatIndex.androidNames),
        // Each registered Android format's phrase, then auto's (`OutputFormatIndex`).
        help: OutputFormatIndex.androidHelp(
          tail: ". The other format's earlier output of the same name is removed (only files"
            + " Glyphsmith wrote)")),
      .value(
        "min-sdk", "N", kind: .integer(minimum: 1, maximum: 1000), default: "21",
        help: """
          Android API level the drawables must work on (default 21): below
          24, even-odd fills are rewritten for the nonzero rule and
          gradients are an error (Android draws them from API 24)
          """),
      .value("web-out", "DIR", kind: .path, help: "where web icons go"),
      .flag("namespace", help: "mark catalog groups (the input's sub-folders) provides-namespace"),
      .flag(
        "force",
        help: """
          render and write even inputs whose outputs are up to date, and
          replace outputs glyphsmith did not make
          """),
      .flag(
        "plan",
        help: """
          with --json: print the plan (inputs, hashes, resolved options,
          outputs, fingerprints; docs/assets.md) and write nothing
          """),
      .flag(
        "prune",
        help: """
          remove the outputs an earlier run (assets, symbol or glyphsmith
          build) made from a source among the INPUTs that is gone now, one
          line each; each output folder keeps a record of what every run
          made there and from which source (.glyphsmith-outputs.json), and
          nothing the record does not list is touched
          """),
      .flag(
        "adopt-marked",
        help: """
          with --prune: in an output folder that had no record (an older
          version's), take the outputs carrying glyphsmith's mark as its own
          and remove those no INPUT makes; without it they are kept and
          named in one warning (a set copied from another catalog carries
          the mark too)
          """),
      .value(
        "shard", "I/N",
        help: """
          process only the I-th of N shares (by a hash of the name); the
          shares together write exactly what one run writes
          """),
      .flag(
        "stats",
        help: """
          print where the time went on stderr (renders, time inside librsvg,
          cairo and libpng, Glyphsmith's own overhead, the canonical read)
          """),
      .flag(
        "lint",
        help: """
          also run `glyphsmith lint` on every input at the same role, size
          and scales: findings on stderr and, with --json, in each
          input's "lint" list; the catalog is written either way
          """),
      .flag("strict", help: "with --lint: exit 1 when any input has a lint error or warning"),
      .flag(
        "symbols",
        help: """
          ios only: write NAME.symbolset (a custom SF Symbol, template 3.0,
          as `glyphsmith symbol` does) instead of NAME.imageset for every
          SVG input (an image set and a symbol set of one name collide:
          one already in the catalog fails that input, exit 2)
          """),
      .value(
        "prefix", "P", placement: .under,
        help: "with --symbols: name each symbol set P + NAME + S"),
      .value("suffix", "S", listing: .joined, help: ""),
    ],
    including: [BudgetOptions.group],
    helpColumn: 24,
    footer: """
      roles:
      \(RoleHelpTable.text)

      After writing, the catalog is validated as `glyphsmith validate` does; findings are printed
      and listed in the JSON report's "catalogFindings".

      Exit: 0 all written (or up to date) and the catalog valid; 1 all written but the catalog
      has findings; 2 at least one input could not be read, rendered or written (every other
      input is still written), or a usage error.
      """,
    abridgedSynopsis: true)

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
    /// `--adopt-marked` (with `--prune`, `AssetsBatch.adoptMarked`).
    var adoptMarked = false
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
    if let format = parsed.value("format") {
      let names = OutputFormatIndex.names(for: .catalog)
      guard names.contains(format) else {
        throw UsageError(
          message: "--format: \(OutputFormatIndex.spoken(names)), got '\(format)'")
      }
      guard assets.platforms.contains(.ios) else {
        throw UsageError(message: "--format applies to the iOS image sets; add --platform ios")
      }
      // A vector set is one file per appearance, at no scale: --scales would do nothing.
      if format != "png", let scales = parsed.value("scales") {
        throw UsageError(
          message:
            "--scales \(scales) applies to PNG image sets; a --format \(format) set is one vector file for every scale (drop --scales)"
        )
      }
      assets.icon.catalogFormat = format
    }
    if let format = parsed.value("android-format") {
      guard ProjectConfig.androidFormats.contains(format) else {
        let names = OutputFormatIndex.spoken(ProjectConfig.androidFormats)
        throw UsageError(message: "--android-format: \(names), got '\(format)'")
      }
      assets.androidFormat = OutputFormatIndex.canonicalAndroid(format)
    }
    assets.minSdk = try parsed.whole("min-sdk") ?? assets.minSdk
    if (parsed.value("android-format") != nil || parsed.value("min-sdk") != nil)
      && !assets.platforms.contains(.android)
    {
      throw UsageError(message: "--android-format and --min-sdk apply with --platform android")
    }
    assets.webOutput = parsed.value("web-out")
    // An output folder of a platform not written is unused: said, never silently ignored.
    for (option, platform) in [("android-out", AssetPlatform.android), ("web-out", .web)]
    where parsed.value(option) != nil && !assets.platforms.contains(platform) {
      throw UsageError(
        message:
          "--\(option) is unused: it names the \(platform.rawValue) output folder, and --platform has no \(platform.rawValue); add --platform \((assets.platforms + [platform]).map(\.rawValue).joined(separator: ",")) or drop --\(option)"
      )
    }
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
    if parsed.has("adopt-marked") && !parsed.has("prune") {
      throw UsageError(
        message: "--adopt-marked applies with --prune (only a pruning run removes what it adopts)")
    }
    let (limits, budget) = try BudgetOptions.parse(parsed)
    return Options(
      inputs: parsed.positionals, catalog: catalog, assets: assets, json: parsed.has("json"),
      quiet: parsed.has("quiet") || Terminal.isQuiet, stats: parsed.has("stats"),
      lint: parsed.has("lint"), strict: parsed.has("strict"), limits: limits, budget: budget,
      scalesExplicit: parsed.value("scales") != nil,
      prune: parsed.has("prune"), plan: parsed.has("plan"),
      adoptMarked: parsed.has("adopt-marked"))
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
    batch.adoptMarked = options.adoptMarked
    if options.plan {
      guard options.json else { throw UsageError(message: "--plan prints JSON; give --json too") }
      let plan = try batch.plan(diagnose: tell)
      StandardStream.output.write(try plan.json())
      return plan.failures == nil ? nil : .unusableInput
    }
    let bar = Terminal.ProgressBar(enabled: !options.quiet && !options.json)
    let result: AssetsBatch.Result
    do {
      // Each removal is printed as `--prune` makes it (the progress bar ended first).
      result = try batch.run(
        diagnose: tell,
        told: {
          bar.finish()
          Terminal.error($0.line)
        },
        progress: { bar.update(done: $0, total: $1) })
    } catch let failure as any GlyphsmithFailure {
      bar.finish()
      if options.json, let data = AssetsBatch.failureJSON(failure.description) {
        StandardStream.output.write(data)
      }
      // A run that fails in planning (collisions, a symbol set glyphsmith did not make: found
      // before anything is written) ends with a summary line too (issue 32), F the inputs
      // its error lines name.
      var planning = failure is PlanningFailure
      if case .nameCollision? = failure as? GlyphsmithError { planning = true }
      if planning && !options.quiet && !options.json {
        report(failure)
        var named: [String] = []
        for line in failure.description.split(separator: "\n") {
          guard let end = line.firstRange(of: ": error: ") else { continue }
          let path = String(line[..<end.lowerBound])
          if !named.contains(path) { named.append(path) }
        }
        let failed = AssetsReport(
          inputs: named.map {
            AssetInputResult.failed(
              path: $0, role: .plain, error: .unusable(path: $0, problem: "planning failed"))
          })
        Terminal.error(
          batch.summary(failed, seconds: Date().timeIntervalSince(started))
            + (options.prune ? "; 0 removed" : "")
            + " (planning failed: nothing was written or removed)")
        return failure.category
      }
      throw failure
    }
    bar.finish()
    tell(result.notices, removals: [], recordError: result.recordError)
    var report = result.report
    let lintFailed = options.lint ? lintInputs(&report, options: options) : false
    if options.json {
      if let data = try? XcodeJSON.encode(report) { StandardStream.output.write(data) }
    }
    if !options.quiet && !options.json {
      Terminal.error(
        batch.summary(report, seconds: Date().timeIntervalSince(started))
          + (options.prune ? "; \(result.removed.count) removed" : "")
          + (result.kept.isEmpty ? "" : "; \(result.kept.count) kept")
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

  /// Prints what a run found once it is over (`assets`, `build`): each notice (`tell`; the
  /// inputs a full disk failed after the first as one error,
  /// `BatchNotice.summarisingFullDisk`), then each removed output given (`PATH: removed
  /// (...)`; `build` and `assets --prune` print them as they are made and give none), then
  /// the error of a record of outputs that could not be written, if any.
  static func tell(
    _ notices: [BatchNotice], removals: [OutputManifest.Removal], recordError: GlyphsmithError?
  ) {
    BatchNotice.summarisingFullDisk(notices).forEach(tell)
    for removal in removals { Terminal.error(removal.line) }
    if let recordError { tell(.failure(recordError)) }
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
