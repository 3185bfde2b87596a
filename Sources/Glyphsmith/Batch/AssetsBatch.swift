import FoundationEssentials
import Glibc
import GlyphsmithCore

/// `glyphsmith assets`'s work around `AssetsJob`: collects the inputs from files and folders,
/// runs the job, and turns the result into the report and the lines the command prints.
/// Inputs that do not exist are failures of the report too.
package struct AssetsBatch: Sendable {
  /// Files or folders of `.svg` and `.png` icons; sub-folders become catalog groups.
  package var inputs: [String]
  /// The `.xcassets` folder.
  package var catalog: String
  /// What to write.
  package var options: AssetsOptions
  /// Worker processes for the inputs (`AssetsJob.isolation`); `nil`: threads in this process.
  package var isolation: AssetsIsolation? = nil
  /// Told when another run holds an output folder and this one waits (`AssetsJob.lockNotice`).
  package var lockNotice: @Sendable (String) -> Void = { _ in }
  /// `--prune`: removes the outputs each output folder's record (`OutputManifest`) lists whose
  /// source is gone or no longer makes them. Every run keeps the records, `--prune` or not
  /// (issue 32 trial: a `build` took the sets plain `assets` made from another folder, which
  /// no record listed, for an older version's and removed them).
  package var prune = false
  /// `--adopt-marked` (with `prune`): the outputs carrying Glyphsmith's mark found in an
  /// output folder without a record of outputs (an older version's) are adopted, and those
  /// no input makes removed; else they are kept and named in one warning (issue 32, trial
  /// finding 6: a set copied by hand from another catalog carries the mark too).
  package var adoptMarked = false

  /// A batch; nothing runs until `run`.
  package init(inputs: [String], catalog: String, options: AssetsOptions) {
    self.inputs = inputs
    self.catalog = catalog
    self.options = options
  }

  /// What `run` found: the report (missing inputs first, as failures), what to tell about it
  /// and the outputs removed.
  package struct Result: Sendable {
    /// The report, as `--json` prints it.
    package var report: AssetsReport
    /// What to tell once rendering is over, in order: the symbol sets' warnings and
    /// failures (`symbols`), then the job's report's (`AssetsReport.notices`: its warnings,
    /// each input's warnings and failure, the catalog findings). Missing inputs are told to
    /// `diagnose` as they are found, not here.
    package var notices: [BatchNotice]
    /// With `prune`: the outputs removed, in order (each told as it is made, `run`'s `told`).
    package var removals: [OutputManifest.Removal] = []
    /// With `prune`: why the record of outputs could not be confirmed at the end (told last;
    /// also the report's `error`), else `nil`.
    package var recordError: GlyphsmithError? = nil
    /// With `prune`: the outputs removed, paths as printed.
    package var removed: [String] { removals.filter(\.kept.isEmpty).map(\.path) }
    /// Set folders kept for the files in them Glyphsmith did not make, paths as printed
    /// (`OutputManifest.keptSets(removals:warnings:)`: kept now or before).
    package var kept: [String] {
      OutputManifest.keptSets(removals: removals, warnings: report.warnings)
    }
  }

  /// Collects the inputs, tells `diagnose` the catalog name warning and each missing input
  /// (a `.failure`) at once, then writes every asset. `progress(done, total)` is called after
  /// each input, from any thread. With `prune`, `told` gets each removal as it is made.
  /// - Throws: a `GlyphsmithFailure` naming the catalog when the job cannot start or the
  ///   catalog cannot be created (see `AssetsJob.run(collected:progress:)`).
  package func run(
    diagnose: (BatchNotice) -> Void,
    told: @escaping (OutputManifest.Removal) -> Void = { _ in },
    progress: @escaping @Sendable (Int, Int) -> Void
  ) throws -> Result {
    try checkOutputFolders()
    if let warning = catalogNameWarning { diagnose(.diagnostic(warning)) }
    var skipped: [Diagnostic] = []
    var (files, missing) = InputCollector.collectTree(inputs, skipped: &skipped)
    for warning in skipped { diagnose(.diagnostic(warning)) }
    for error in missing { diagnose(.failure(error)) }
    let hasInputs = !files.isEmpty
    let collected = files
    // `symbols`: SVG inputs become symbol sets (written first, so the catalog validation
    // sees them); the rest is planned before anything is written.
    let symbolInputs =
      options.symbols && hasInputs
      ? files.map(\.path).filter { $0.lowercased().hasSuffix(".svg") } : []
    // Each symbol set goes in its input's catalog group folders, as its image set would
    // (issue 32, re-check F2: `icons/nav/house.svg` went to the catalog's root, beside
    // `build`'s `nav/house.symbolset`).
    let symbolGroups = Dictionary(
      files.filter { !$0.folders.isEmpty }.map { ($0.path, $0.folders) },
      uniquingKeysWith: { first, _ in first })
    if options.symbols && hasInputs { files.removeAll { $0.path.lowercased().hasSuffix(".svg") } }
    var job = AssetsJob(catalogPath: catalog, options: options)
    job.isolation = isolation
    job.lockNotice = lockNotice
    var jobPlan: AssetsJob.Plan? = nil
    var planned: [String: [String: String]] = [:]
    var alternatives: Set<String> = []
    if hasInputs {
      do {
        jobPlan = try job.plan(collected: files)
        var unsharded = options
        unsharded.shard = nil
        unsharded.selected = nil
        let all = try AssetPlanner.plan(files, options: unsharded).inputs
        planned = job.plannedOutputs(all)
        alternatives = job.alternativeOutputs(all)
        if options.symbols, let root = job.outputFolders[.ios] {
          let recorded = OutputManifest.recordedOutputs(root: root)
          for path in symbolInputs {
            let name = options.symbolPrefix + AssetName.from(path: path) + options.symbolSuffix
            let folders = symbolGroups[path] ?? []
            planned[root, default: [:]][
              ([root] + folders).joined(separator: "/") + "/" + name + ".symbolset"] = path
            // Its group folders' `Contents.json`, as `build` plans them.
            for contents in SymbolJob.plannedGroupContents(
              catalog: root, folders: folders, force: options.force, recorded: recorded)
            where planned[root]?[contents] == nil {
              planned[root, default: [:]][contents] = path
            }
          }
        }
      } catch let failure as PlanningFailure {
        // Every collision, one line each.
        throw failure
      } catch {
        throw GlyphsmithError.wrap(error, path: catalog)
      }
    }
    // Every planned output is recorded before any is written (the journal), `prune` or not.
    let roots = options.platforms.compactMap { job.outputFolders[$0] }
    var journal = OutputManifest.Journal()
    var recorded = !hasInputs
    let record = {
      guard !recorded else { return }
      journal = try OutputManifest.begin(
        roots: roots, planned: planned, force: options.force, marked: job.markedOutputs)
      recorded = true
    }
    var symbolNotices: [BatchNotice] = []
    var symbolFailures: [AssetInputResult] = []
    var symbolResults: [AssetInputResult] = []
    if options.symbols && hasInputs {
      var symbolJob = SymbolJob(inputs: symbolInputs, catalog: catalog)
      symbolJob.jobs = options.jobs
      symbolJob.prefix = options.symbolPrefix
      symbolJob.suffix = options.symbolSuffix
      symbolJob.force = options.force
      symbolJob.recorded = OutputManifest.recordedOutputs(root: catalog)
      symbolJob.groups = symbolGroups.filter { symbolInputs.contains($0.key) }
      symbolJob.namespace = options.namespace
      // With `prune`, what the prune removes (an image set an earlier `assets` run made of
      // the same icon) does not collide: it is replaced, as `build` replaces it.
      if prune, let root = job.outputFolders[.ios] {
        symbolJob.superseded = OutputManifest.pendingRemovals(
          root: root, planned: planned[root] ?? [:],
          considered: Set(collected.map { OutputManifest.absolute($0.path) }),
          marked: job.markedOutputs, adoptMarked: adoptMarked)
      }
      // A symbol set Glyphsmith did not make fails its input alone (`SymbolJob.prepare`), as
      // in `build`; the run then fails, so it switches no image set to a symbol set and
      // removes nothing (issue 32, re-check N2).
      // Under the catalog's lock, as every write there (released before the image sets
      // take it again).
      let lock = try FolderLock(path: catalog, waiting: lockNotice)
      defer { withExtendedLifetime(lock) {} }
      // Staging leftovers of killed runs cleaned, as before image sets (re-check N1).
      AssetsJob.cleanStaleStaging([catalog]).forEach { diagnose(.diagnostic($0)) }
      try record()
      let symbols = try symbolJob.run(journalling: roots)
      // What `build` names too: a set `--force` replaced, a file kept in it, a recorded file
      // changed by hand (re-check F1).
      symbolNotices =
        symbols.symbols.flatMap { $0.notices + $0.diagnostics }.map(BatchNotice.diagnostic)
        + symbols.failures.map { .failure($0.error) }
      symbolFailures = symbols.failures.map {
        AssetInputResult.failed(path: $0.path, role: options.role, error: $0.error)
      }
      // Each set as written, with its hashes for the record (issue 32, ninth trial finding
      // C: a rewritten symbol SVG kept its old hash and was later taken for the user's), and
      // in the report (re-check N3: the summary said "wrote 0 icons" and `--json` listed no
      // input for the sets written).
      symbolResults = symbols.symbols.map { entry in
        var result = AssetInputResult(
          path: entry.input, name: entry.name, status: entry.written ? .written : .unchanged,
          role: options.role.rawValue, shape: nil, sizePt: nil, files: [], failure: nil,
          warnings: entry.notices + entry.diagnostics)
        result.writtenHashes = entry.writtenHashes
        return result
      }
    }
    var report = AssetsReport(inputs: [])
    var removals: [OutputManifest.Removal] = []
    var recordError: GlyphsmithError? = nil
    let missingResults = missing.map { error -> AssetInputResult in
      let path: String
      switch error {
      case .unreadable(let p, _), .unusable(let p, _): path = p
      default: path = ""
      }
      return AssetInputResult.failed(path: path, role: options.role, error: error)
    }
    if let jobPlan {
      do {
        report = try AssetsJob.run(
          [(job, jobPlan)], progress: progress, beforeWriting: record,
          beforeReplacing: { try OutputManifest.replacing(roots: roots, replaced: $0) })[0]
        // The whole run's inputs (missing ones and symbol sets too) decide whether it failed,
        // and a failed run removes nothing (`AssetsJob.conclude`), as in `build`.
        var whole = report
        whole.inputs = missingResults + symbolFailures + symbolResults + report.inputs
        // Under each output folder's lock, as every write there.
        let locks = try Set(roots).sorted().filter { Platform.status(ofPath: $0) != nil }
          .map { try FolderLock(path: $0, waiting: lockNotice) }
        defer { withExtendedLifetime(locks) {} }
        var pruning = AssetsJob.Pruning(
          roots: roots, planned: planned, alternatives: alternatives,
          considered: Set(collected.map { OutputManifest.absolute($0.path) }),
          journal: journal, marked: job.markedOutputs, told: told)
        pruning.removes = prune
        pruning.adoptMarked = adoptMarked
        pruning.adoptHint = "run assets --prune with --adopt-marked"
        pruning.scope = inputs.map(OutputManifest.absolute)
        let outcome = AssetsJob.conclude([(job, jobPlan)], report: whole, pruning: pruning)
        removals = outcome.removed
        // What the prune removed collides with nothing: checked again (issue 32).
        if let again = try AssetsJob.findingsAfterPrune(
          [(job, jobPlan)], reports: [report], removed: removals,
          findings: report.catalogFindings)
        {
          report.catalogFindings = again
        }
        report.warnings += outcome.warnings
        recordError = outcome.error
        if let recordError { report.error = report.error ?? recordError.description }
      } catch let failure as PlanningFailure {
        // Every collision, one line each.
        throw failure
      } catch {
        throw GlyphsmithError.wrap(error, path: catalog)
      }
    }
    let notices = symbolNotices + report.notices
    report.inputs = missingResults + symbolFailures + symbolResults + report.inputs
    return Result(
      report: report, notices: notices, removals: removals, recordError: recordError)
  }

  /// The plan `run` would execute, for `--plan --json`: the inputs collected and planned
  /// exactly as `run` does (missing inputs and names that are not UTF-8 as `failures`, SVG
  /// inputs of `symbols` as `symbolSets`), nothing written. `diagnose` gets the catalog name
  /// warning, as in `run`; missing inputs are the plan's `failures`.
  /// - Throws: a `GlyphsmithFailure` naming the catalog when the job cannot be planned (a
  ///   name collision, a bad option).
  package func plan(diagnose: (BatchNotice) -> Void) throws -> AssetPlan {
    try checkOutputFolders()
    if let warning = catalogNameWarning { diagnose(.diagnostic(warning)) }
    var (files, missing) = InputCollector.collectTree(inputs)
    let job = AssetsJob(catalogPath: catalog, options: options)
    var symbolSets: [PlannedOutput] = []
    if options.symbols, let root = job.outputFolders[.ios] {
      for file in files where file.path.lowercased().hasSuffix(".svg") {
        let name = options.symbolPrefix + AssetName.from(path: file.path) + options.symbolSuffix
        symbolSets.append(
          PlannedOutput(
            path: ([root] + file.folders).joined(separator: "/") + "/" + name + ".symbolset",
            format: "symbolset"))
      }
      files.removeAll { $0.path.lowercased().hasSuffix(".svg") }
    }
    let planned: AssetsJob.Plan
    do {
      planned = try job.plan(collected: files)
    } catch let failure as PlanningFailure {
      // Every collision, one line each.
      throw failure
    } catch {
      throw GlyphsmithError.wrap(error, path: catalog)
    }
    var plan = AssetPlan(
      outputFolders: Dictionary(
        uniqueKeysWithValues: options.platforms.compactMap { platform in
          job.outputFolders[platform].map { (platform.rawValue, $0) }
        }),
      icons: planned.icons)
    if !symbolSets.isEmpty { plan.symbolSets = symbolSets }
    let failures = missing.map(\.description) + planned.rejected.map(\.error.description)
    if !failures.isEmpty { plan.failures = failures }
    if !planned.warnings.isEmpty { plan.warnings = planned.warnings }
    return plan
  }

  /// Refuses an output folder that is not a folder of its own, before anything is read or
  /// written: the catalog (`-o`), `--android-out` or `--web-out` (or their defaults) may not
  /// be `/`, the current folder or one holding it, an input folder or one inside it (but for
  /// a `.xcassets` catalog, which collecting the inputs skips): the check of
  /// `glyphsmith.json`'s folders (`OutputOwnership.clash`).
  /// - Throws: `GlyphsmithError.invalidOption` naming the option and its value.
  package func checkOutputFolders() throws {
    let job = AssetsJob(catalogPath: catalog, options: options)
    // Without iOS, -o is the folder the platforms' default folders are made in (trial H3:
    // `--platform android -o ''` wrote `/android/res`).
    if !options.platforms.contains(.ios),
      let problem = OutputOwnership.bareFolderProblem(catalog, option: "-o")
    {
      throw GlyphsmithError.invalidOption(problem)
    }
    let folders = inputs.filter { Platform.status(ofPath: $0)?.isFolder ?? false }
    for platform in options.platforms {
      guard let output = job.outputFolders[platform],
        let clash = OutputOwnership.clash(output, home: ".", inputs: folders)
      else { continue }
      // A catalog inside an input folder is skipped when the inputs are collected
      // (`InputCollector`), so nothing it holds is read back.
      if platform == .ios, case .insideInput = clash,
        PathName(output).pathExtension.lowercased() == "xcassets"
      {
        continue
      }
      let option = platform == .ios ? "-o" : "--\(platform.rawValue)-out"
      let given = options.outputFolders[platform] == nil && platform != .ios
      let what: String
      switch clash {
      case .root: what = "the root folder"
      case .home: what = "the current folder"
      case .holdsHome: what = "a folder holding the current folder"
      case .input(let input): what = "the input folder \(input)"
      case .insideInput(let input):
        what = "inside the input folder \(input) (what it writes would be read back as icons)"
      case .holdsInput(let input):
        what =
          "a folder holding the input folder \(input) (what it writes could land there and be read back as icons)"
      }
      let named = given ? "\(option) (by default, from -o)" : option
      throw GlyphsmithError.invalidOption(
        "\(named) is '\(output)', \(what); \(OutputOwnership.ownFolderRule)")
    }
    // Each platform prunes its own folder by its own record: one inside another's, or the
    // same, would have one prune the other's (as `glyphsmith.json` refuses, issue 32 trial).
    let platforms = options.platforms.filter { job.outputFolders[$0] != nil }
    func canonical(_ path: String) -> String { OutputOwnership.canonical(path) }
    for later in platforms.indices {
      for earlier in platforms.indices where earlier < later {
        let (first, second) = (platforms[earlier], platforms[later])
        let a = canonical(job.outputFolders[first]!)
        let b = canonical(job.outputFolders[second]!)
        guard a == b || a.hasPrefix(b + "/") || b.hasPrefix(a + "/") else { continue }
        func named(_ platform: AssetPlatform) -> String {
          let option = platform == .ios ? "-o" : "--\(platform.rawValue)-out"
          return "\(option) ('\(job.outputFolders[platform]!)')"
        }
        throw GlyphsmithError.invalidOption(
          "\(named(first)) and \(named(second)) overlap; each platform's output folder must be apart from those of the others, since each is pruned by its own record"
        )
      }
    }
  }

  /// The `--json` document when the job could not run: no inputs and `error`.
  package static func failureJSON(_ message: String) -> Data? {
    var failed = AssetsReport(inputs: [])
    failed.error = message
    return try? XcodeJSON.encode(failed)
  }

  /// A warning (kind `catalog-name`, about the catalog as given) when the iOS catalog folder
  /// does not end in `.xcassets` (Xcode reads only such folders as asset catalogs), else
  /// `nil`.
  package var catalogNameWarning: Diagnostic? {
    guard options.platforms.contains(.ios) else { return nil }
    return Self.catalogNameWarning(catalog)
  }

  /// The `catalog-name` warning for `catalog` (`assets -o` and `symbol -o` alike), or `nil`
  /// when it ends in `.xcassets` after a name (`.xcassets` alone: the name is empty).
  package static func catalogNameWarning(_ catalog: String) -> Diagnostic? {
    var path = catalog
    while path.count > 1 && path.hasSuffix("/") { path.removeLast() }
    let name = PathName(path).lastPathComponent
    // `.xcassets` alone is a hidden folder without a name, not `NAME.xcassets` whose NAME is
    // `.xcassets` (trial t36c L4: `use -o .xcassets.xcassets`).
    if name.lowercased() == ".xcassets" {
      return .warning(
        "the catalog folder's name is empty (\(name) alone, a hidden folder); Xcode reads only NAME.xcassets folders as asset catalogs; use -o \(String(path.dropLast(name.count)))Icons.xcassets",
        path: catalog, kind: Diagnostic.Kind.catalogName)
    }
    guard PathName(path).pathExtension.lowercased() != "xcassets" else { return nil }
    return .warning(
      "the catalog folder does not end in .xcassets; Xcode reads only NAME.xcassets folders as asset catalogs; use -o \(name).xcassets",
      path: catalog, kind: Diagnostic.Kind.catalogName)
  }

  /// The folders the platforms write into, in platform order: the catalog (iOS), the Android
  /// root, the web root (`AssetsJob`'s).
  package var outputFolders: [String] {
    let job = AssetsJob(catalogPath: catalog, options: options)
    return options.platforms.compactMap { job.outputFolders[$0] }
  }

  /// `wrote N icons (M PNG files[, V VectorDrawables][, P PDFs][, S SVGs][, Y symbol sets]) to FOLDERS in S s; U
  /// unchanged; F failed`, FOLDERS the platforms' output folders (`outputFolders`),
  /// comma-separated. The files are every file the run wrote, a failed icon's too (the sets
  /// it wrote before it failed are on disk; issue 32).
  package func summary(_ report: AssetsReport, seconds: Double) -> String {
    let written = report.inputs.filter { $0.status == .written }
    let files = report.inputs.filter { $0.status != .unchanged }.flatMap(\.files)
    let unchanged = report.inputs.filter { $0.status == .unchanged }.count
    // Symbol sets are SVGs: with --symbols iOS writes no PNG.
    var icon = options.icon
    if options.symbols { icon.platforms.removeAll { $0 == .ios } }
    let writesPNG = icon.writesPNG
    // `--symbols`: each SVG input written is a symbol set (it lists no file), counted as
    // `build` counts them: `wrote 3 icons (3 symbol sets)`.
    let symbolSets =
      options.symbols ? written.filter { $0.path.lowercased().hasSuffix(".svg") }.count : 0
    var counts = Self.fileCounts(files, pngs: writesPNG)
    if symbolSets > 0 {
      let sets = counted(symbolSets, "symbol set")
      counts = counts == "0 files" ? sets : counts + ", " + sets
    }
    return
      "wrote \(counted(written.count, "icon")) (\(counts)) to "
      + outputFolders.joined(separator: ", ") + " "
      + "in \(String(cFormat: "%.2f", seconds)) s; \(unchanged) unchanged; \(report.failures) failed"
  }

  /// `M PNG files[, V VectorDrawables][, P PDFs][, S SVGs]`: the files by kind (their
  /// extension), each vector kind named only when there are some, the PNG files when there
  /// are some or the run writes PNGs (`pngs`, `IconOptions.writesPNG`); `0 files` when
  /// neither (a rerun of vector sets, nothing rewritten).
  package static func fileCounts(_ files: [WrittenFile], pngs writesPNG: Bool = true) -> String {
    let vectors = [(".xml", "VectorDrawable"), (".pdf", "PDF"), (".svg", "SVG")].map { ext, noun in
      (noun, files.filter { $0.path.hasSuffix(ext) }.count)
    }
    let pngs = files.count - vectors.reduce(0) { $0 + $1.1 }
    let kinds =
      (pngs > 0 || writesPNG ? [counted(pngs, "PNG file")] : [])
      + vectors.filter { $0.1 > 0 }.map { counted($0.1, $0.0) }
    return kinds.isEmpty ? "0 files" : kinds.joined(separator: ", ")
  }

  /// What `assets --lint` adds to the summary line (issue 22: an `error:` that exits 0
  /// surprises everyone used to compilers): `; lint: E errors, W warnings (they do not fail
  /// the run; --strict makes errors and warnings exit 1)`, or with `strict` `; lint: E errors,
  /// W warnings (--strict: they fail the run)` when there are any; counts over `lint` and
  /// `lintCompact` of every input.
  package static func lintSummary(_ report: AssetsReport, strict: Bool) -> String {
    let findings = report.inputs.flatMap { ($0.lint ?? []) + ($0.lintCompact ?? []) }
    let errors = findings.filter { $0.severity == .error }.count
    let warnings = findings.filter { $0.severity == .warning }.count
    let counts = "; lint: \(counted(errors, "error")), \(counted(warnings, "warning"))"
    if errors + warnings == 0 { return counts }
    if strict { return counts + " (--strict: they fail the run)" }
    return counts
      + " (\(errors + warnings == 1 ? "it does" : "they do") not fail the run; --strict makes errors and warnings exit 1)"
  }

  /// `stats: N renders in W s wall; task time ...; overhead P %; canonical read C s (S % of
  /// task time); output check K s; CPU: this process P s, workers W s` (`--stats`; the check
  /// is the parent's, after the workers; CPU seconds are user + system so far, `getrusage`:
  /// this process's threads, and the worker processes it has waited for), `seconds` the wall
  /// time so far.
  package static func statistics(_ report: AssetsReport, seconds: Double) -> String {
    let s = report.statistics
    let overhead =
      s.renders > 0 ? String(cFormat: "%.1f %%", s.overhead * 100) : "n/a (nothing rendered)"
    return String(
        cFormat:
        "stats: %d renders in %.3f s wall; task time %.3f s, of it %.3f s in librsvg/cairo/libpng and %.3f s writing files; overhead ",
      s.renders, seconds, s.taskSeconds, s.librarySeconds, s.writeSeconds) + overhead
      + String(
        cFormat: "; canonical read %.3f s (%.1f %% of task time); output check %.3f s",
        s.canonicalSeconds, s.canonicalShare * 100, s.checkSeconds)
      + String(
        cFormat: "; CPU: this process %.3f s, workers %.3f s",
        Platform.cpuSeconds(children: false), Platform.cpuSeconds(children: true))
  }

  /// `.unusableInput` when any input failed or the report holds an error (a record of
  /// outputs that could not be confirmed); else `.answerIsNo` when `lintFailed` or the
  /// catalog has findings; else `nil`.
  package static func outcome(_ report: AssetsReport, lintFailed: Bool) -> FailureCategory? {
    if report.failures > 0 || report.error != nil { return .unusableInput }
    if lintFailed { return .answerIsNo }
    return report.catalogFindings.isEmpty ? nil : .answerIsNo
  }
}
