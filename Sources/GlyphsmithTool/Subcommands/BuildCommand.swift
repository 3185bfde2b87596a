import Dispatch
import FoundationEssentials
import Glibc
import Glyphsmith
import GlyphsmithCommands

/// `glyphsmith build [--config FILE] ...`: everything `glyphsmith.json` declares
/// (`ProjectBuild`), once or, with `--watch`, on every change (`ProjectWatcher`).
enum BuildCommand: DeclaredSubcommand {
  /// The command declared once: `parse`, the usage and this help all come from it.
  static let declaration = CommandDeclaration(
    name: "build",
    summary: "render everything glyphsmith.json declares, incrementally",
    synopsis: """
      [--config FILE] [--json [--plan]] [--jobs N] [--shard I/N] [--force]
      [--changed-since REV] [--adopt-marked] [--lint [--strict]] [--watch] [--quiet]
      [--outputs-in DIR]
      """,
    discussion: """
      Reads glyphsmith.json (in the current folder or the nearest one above it, as git finds
      .git), renders every icon of its "icons" folder for every platform it declares (ios,
      android, web), each with its settings (the "defaults", then every "rules" entry whose
      "match" glob matches, in order), validates what it wrote and prints one summary. Icons
      whose outputs carry their current fingerprint are not rendered again. Outputs an earlier
      build made whose source is gone (or that no rule makes any more) are removed, one line
      each: each output folder keeps a record of what it made (.glyphsmith-outputs.json), and
      nothing that record does not list is ever touched. The same file and icons always give
      the same outputs, whatever ran before. The file: docs/project.md.
      """,
    options: [
      .value(
        "config", "FILE", kind: .path,
        help: "the project file (default: glyphsmith.json here or above)"),
      .flag(
        "json",
        help: """
          print a JSON report on stdout: assets' report plus "config",
          "removed" and "skipped"
          """),
      .value(
        "jobs", "N", kind: .count, help: "threads (default: all cores); never changes the output"),
      .value("shard", "I/N", help: "build only the I-th of N shares (by a hash of the name)"),
      .value(
        "changed-since", "REV",
        help: """
          build only the icons whose file (or -dark file, or a file it draws)
          changed since the git revision REV (committed, staged, unstaged,
          untracked, or ignored in the icons folder), or whose golden PNG did
          (all of them when the project file or a golden.json changed, or a
          golden.json records another renderer); the others' outputs stay as
          they are, a deleted icon's are pruned
          """),
      .flag(
        "force",
        help: """
          render and write even icons whose outputs are up to date, and
          replace outputs glyphsmith did not make
          """),
      .flag(
        "adopt-marked",
        help: """
          in an output folder that had no record (an older version's), take
          the outputs carrying glyphsmith's mark as its own and remove those
          no icon makes (as "adoptMarked": true in the file); without it they
          are kept and named in one warning (a set copied from another
          catalog carries the mark too)
          """),
      .flag(
        "plan",
        help: """
          with --json: print the plan (icons, hashes, resolved options,
          outputs, fingerprints; docs/project.md) and write nothing
          """),
      .flag("lint", help: "also lint every icon (the file's \"lint\" block configures it)"),
      .flag("strict", help: "with --lint: exit 1 when any icon has a lint error or warning"),
      .flag(
        "watch",
        help: """
          keep running: rebuild when an icon, a sub-folder or the file
          itself changes (within 300 ms of the last change; a burst is one
          rebuild); an invalid file or icon prints its error and watching
          goes on; Ctrl-C stops (exit 130, SIGTERM 143; no file is left
          half-written)
          """),
      .flag("quiet", help: "no progress bar and no summary line"),
      .value(
        "outputs-in", "DIR", kind: .path,
        help: """
          write every platform's outputs into DIR instead of where the file
          says: the catalog as DIR/NAME.xcassets, Android as DIR/android/res,
          the web folder as DIR/web/NAME (the SwiftPM plugin's work folder;
          docs/plugin.md); icons and settings as the file says
          """),
    ],
    including: [BudgetOptions.group],
    helpColumn: 24,
    footer: """
      Exit: 0 built and valid; 1 built but the catalog has findings (or --lint --strict
      findings); 2 glyphsmith.json is missing or invalid, or an icon could not be rendered.
      """,
    abridgedSynopsis: true)

  struct Options {
    var config: String?
    var json = false
    var jobs = ParallelMap.availableCores
    var shard: (index: Int, count: Int)? = nil
    /// `--changed-since REV` (`ProjectBuild.changedSince`).
    var changedSince: String? = nil
    var force = false
    /// `--adopt-marked` (`ProjectBuild.adoptMarked`).
    var adoptMarked = false
    var lint = false
    var strict = false
    var watch = false
    var quiet = false
    /// `--plan`: print the plan (with `--json`) and write nothing.
    var plan = false
    /// `--outputs-in DIR`: every output folder moved into it (`ProjectConfig
    /// .redirectingOutputs(into:)`, given it absolute).
    var outputsIn: String? = nil
    var limits = InputLimits()
    var budget = WorkerPool.Budget()
  }

  static func parse(_ arguments: [String]) throws -> Options {
    let parsed = try declaration.parse(arguments)
    if let extra = parsed.positionals.first {
      throw UsageError(message: "unexpected argument '\(extra)' (build reads glyphsmith.json)")
    }
    var result = Options()
    result.config = parsed.value("config")
    result.json = parsed.has("json")
    result.jobs = try parsed.whole("jobs") ?? ParallelMap.availableCores
    if let shard = parsed.value("shard") {
      let parts = shard.split(separator: "/").compactMap { Int($0) }
      guard parts.count == 2, parts[1] >= 1, (1...parts[1]).contains(parts[0]) else {
        throw UsageError(message: "--shard needs I/N with 1 <= I <= N, such as 1/3, got '\(shard)'")
      }
      result.shard = (parts[0], parts[1])
    }
    result.changedSince = parsed.value("changed-since")
    result.force = parsed.has("force")
    result.adoptMarked = parsed.has("adopt-marked")
    result.lint = parsed.has("lint")
    result.strict = parsed.has("strict")
    if result.strict && !result.lint { throw UsageError(message: "--strict applies with --lint") }
    result.watch = parsed.has("watch")
    if result.watch && (result.json || result.shard != nil) {
      throw UsageError(message: "--watch cannot be combined with --json or --shard")
    }
    if result.watch && result.changedSince != nil {
      throw UsageError(message: "--watch cannot be combined with --changed-since")
    }
    result.quiet = parsed.has("quiet") || Terminal.isQuiet
    result.plan = parsed.has("plan")
    result.outputsIn = parsed.value("outputs-in")
    (result.limits, result.budget) = try BudgetOptions.parse(parsed)
    return result
  }

  /// The project file: `--config`, else `glyphsmith.json` here or above, relative to the
  /// current folder (`../../glyphsmith.json` from `design/icons`), so that every path the
  /// build prints is relative to where it runs, as the user would type it.
  /// - Throws: `GlyphsmithError.unreadable` when there is none.
  static func configPath(_ options: Options) throws -> String {
    try configPath(given: options.config)
  }

  /// The project file `given` (`--config`), else `glyphsmith.json` here or above, relative
  /// to the current folder, as `configPath(_:)` finds it (`sheet --project` too).
  /// - Throws: `GlyphsmithError.unreadable` when there is none.
  static func configPath(given: String?) throws -> String {
    if let path = given { return path }
    guard let found = ProjectConfig.find() else {
      throw GlyphsmithError.unreadable(
        path: ProjectConfig.fileName,
        reason:
          "no glyphsmith.json in this folder or any above it; write one with 'glyphsmith init' or give --config FILE"
      )
    }
    let cwd = FileManager.default.currentDirectoryPath
    if found.hasPrefix(cwd + "/") { return String(found.dropFirst(cwd.count + 1)) }
    // Found above: one `..` per folder between here and the file's folder.
    let folder = FileName.parent(of: found)
    guard folder == "/" || cwd.hasPrefix(folder + "/") else { return found }
    let below = cwd.dropFirst(folder == "/" ? 1 : folder.count + 1)
    let ups = below.split(separator: "/").map { _ in ".." }
    return (ups + [ProjectConfig.fileName]).joined(separator: "/")
  }

  static func run(_ options: Options) throws -> FailureCategory? {
    InputLimits.setCurrent(options.limits)
    let path = try configPath(options)
    if options.watch { return try watch(options, configPath: path) }
    do {
      return try buildOnce(options, configPath: path)
    } catch let failure as any GlyphsmithFailure {
      if options.json,
        let data = try? XcodeJSON.encode(
          BuildReport(config: path, error: failure.description))
      {
        StandardStream.output.write(data)
      }
      throw failure
    }
  }

  /// One build of the file at `configPath` (`config`: it, already loaded): plans it once
  /// (`ProjectBuild.plan`), then prints the plan (`--plan`) or runs it and prints its
  /// diagnostics, report and summary.
  /// - Throws: what `ProjectConfig.load`, `ProjectBuild.plan` and `.run` throw.
  ///
  /// `build --watch` (issue 36): `only` builds those icon files alone; `layout` is what the
  /// last full plan worked out from the paths (`ProjectBuild.layout`), reused with `only`;
  /// `planned` is given each plan made (for its `layout`), and `stats` the plan's icon count;
  /// `watching` tells an input that changed during the run as built again
  /// (`BatchNotice.watching`); `reported` is given the icons of the run's report, and the
  /// summary counts those of `known` (the last full build's) left out of it as unchanged.
  static func buildOnce(
    _ options: Options, configPath: String, config loaded: ProjectConfig? = nil,
    only: Set<String>? = nil, layout: ProjectBuild.Layout? = nil, watching: Bool = false,
    known: Set<String> = [], reported: (Set<String>) -> Void = { _ in },
    planned: (ProjectBuild.Plan) -> Void = { _ in }
  ) throws -> FailureCategory? {
    let started = Date()
    var config = try loaded ?? ProjectConfig.load(path: configPath)
    if let folder = options.outputsIn {
      let absolute =
        folder.hasPrefix("/") ? folder : FileManager.default.currentDirectoryPath + "/" + folder
      config = try config.redirectingOutputs(into: absolute)
    }
    var build = ProjectBuild(config: config)
    build.jobs = options.jobs
    build.force = options.force
    build.adoptMarked = options.adoptMarked
    build.shard = options.shard
    build.changedSince = options.changedSince
    build.only = only
    build.layout = layout
    build.isolation = AssetsIsolation(
      workerCommand: [BudgetOptions.executablePath, WorkerCommand.name, AssetsCommand.name],
      budget: options.budget)
    build.lockNotice = { Terminal.error($0) }
    let plan: ProjectBuild.Plan
    do {
      plan = try build.plan()
    } catch let failure as any GlyphsmithFailure {
      // A run that fails in planning ends with a summary line too (issue 32), so a CI log
      // says what happened: nothing was written or removed.
      if !options.plan && !options.quiet && !options.json {
        report(failure)
        Terminal.error(
          build.planningFailedSummary(failure, seconds: Date().timeIntervalSince(started)))
        return failure.category
      }
      throw failure
    }
    planned(plan)
    if options.plan {
      guard options.json else { throw UsageError(message: "--plan prints JSON; give --json too") }
      let printed = build.assetPlan(plan)
      StandardStream.output.write(try printed.json())
      // Each icon that cannot be built is named on stderr too, as a run names it: the
      // SwiftPM plugin shows stderr only (t37c's trial: "error: " and nothing else).
      for failure in printed.failures ?? [] { Terminal.error(failure) }
      return printed.failures == nil ? nil : .unusableInput
    }
    if let changed = plan.changed, !options.quiet && !options.json {
      Terminal.error(changed.line)
    }
    let bar = Terminal.ProgressBar(enabled: !options.quiet && !options.json)
    // Each removal is printed as the prune makes it (the progress bar ended first); the
    // notices follow once the run is over.
    var result: ProjectBuild.Result
    do {
      result = try build.run(
        plan: plan,
        told: {
          bar.finish()
          Terminal.error($0.line)
        },
        progress: { bar.update(done: $0, total: $1) })
    } catch let failure as any GlyphsmithFailure {
      // A run stopped before it wrote anything (a record that cannot be written: a read-only
      // or full folder) ends with a summary line too (issue 32, eighth trial finding 12).
      bar.finish()
      if options.quiet || options.json { throw failure }
      report(failure)
      Terminal.error(
        build.planningFailedSummary(failure, seconds: Date().timeIntervalSince(started)))
      return failure.category
    }
    bar.finish()
    AssetsCommand.tell(
      watching ? result.notices.map(\.watching) : result.notices,
      removals: [], recordError: result.recordError)
    var lintFound = false
    if options.lint {
      for group in result.groups {
        lintFound =
          AssetsCommand.lint(
            &result.report, assets: group.options, roots: [build.iconsFolder],
            scalesExplicit: false, config: config.lint ?? LintConfig(), only: group.paths)
          || lintFound
      }
    }
    var report = BuildReport(config: configPath, result: result)
    report.changedSince = plan.changed.map {
      BuildReport.ChangedSinceRecord(
        revision: $0.revision, everything: $0.everything, icons: $0.selected?.count,
        total: $0.total)
    }
    if options.json, let data = try? XcodeJSON.encode(report) {
      StandardStream.output.write(data)
    }
    let icons = Set(result.report.inputs.map(\.path))
    reported(icons)
    if !options.quiet && !options.json {
      Terminal.error(
        build.summary(
          result, seconds: Date().timeIntervalSince(started),
          leftOut: known.subtracting(icons).count))
    }
    return AssetsBatch.outcome(result.report, lintFailed: options.strict && lintFound)
  }

  /// `--watch`: builds, then rebuilds after every change (`ProjectWatcher`) until Ctrl-C
  /// (exit 130; SIGTERM 143), which ends it once no file write is in flight and its workers
  /// are ended (`Interruption`), so every output is whole. A bad file or icon prints its error and watching goes on; an edit of the file
  /// re-reads it (and watches its icons folder anew).
  ///
  /// A burst that only wrote icon files the last full build collected (an editor's save) is
  /// built for those icons alone, and the icons that draw them (`<image href>`), as
  /// `--changed-since` builds (issue 36: every save planned, checked and recorded all icons,
  /// 1.6 s for 1,776); anything else (a file added, removed or renamed away, a folder, the
  /// project file) builds everything, as the first build does. What a full plan worked out
  /// from the paths alone (the icon list, groups, names, every icon's planned outputs:
  /// `ProjectBuild.Layout`) is kept in memory and reused by such a save's build, so it plans
  /// the saved icons alone; a full build makes it anew.
  ///
  /// The workers of a build are kept between builds (`WorkerPool.keepWorkersBetweenRuns`):
  /// a save's icon goes to the worker the last build left idle, not to a new process; one
  /// that crashes is reported and replaced as in any build.
  ///
  /// With `GLYPHSMITH_WATCH_STATS=1` in the environment, each save's build ends with the
  /// line `watch stats: built in B ms, T ms after the last event (settle S ms); P of N icons
  /// planned, layout reused|made` on stderr, for `bench/watch` on a loaded machine.
  static func watch(_ options: Options, configPath: String) throws -> FailureCategory? {
    #if canImport(Glibc)
      Interruption.exitOnSignal()
      // One warm worker across saves (issue 36): a save no longer starts a process.
      WorkerPool.keepWorkersBetweenRuns()
      var watcher: ProjectWatcher? = nil
      var watchedIcons: String? = nil
      var known = WatchedIcons()
      var layout: ProjectBuild.Layout? = nil
      // The icons the last full build reported: a save's build counts the others unchanged.
      var reported: Set<String> = []
      let stats = ProcessInfo.processInfo.environment["GLYPHSMITH_WATCH_STATS"] == "1"
      while true {
        var icons: String? = nil
        let started = DispatchTime.now().uptimeNanoseconds
        var planned = 0
        var reused = false
        do {
          let config = try ProjectConfig.load(path: configPath)
          let build = ProjectBuild(config: config)
          icons = build.iconsFolder
          if let changes = watcher?.changes, let only = known.selection(changes) {
            reused = layout != nil
            _ = try buildOnce(
              options, configPath: configPath, config: config, only: only, layout: layout,
              watching: true, known: reported,
              planned: { planned = $0.jobs.reduce(0) { $0 + ($1?.icons.count ?? 0) } })
            known.update(only)
          } else {
            known = WatchedIcons()
            layout = nil
            reported = []
            _ = try buildOnce(
              options, configPath: configPath, config: config, watching: true,
              reported: { reported = $0 },
              planned: {
                layout = $0.layout
                planned = $0.jobs.reduce(0) { $0 + ($1?.icons.count ?? 0) }
              })
            known = WatchedIcons(files: layout?.files ?? (try? build.collect()) ?? [])
          }
        } catch let failure as any GlyphsmithFailure {
          known = WatchedIcons()
          layout = nil
          reported = []
          report(failure)
        } catch {
          known = WatchedIcons()
          layout = nil
          reported = []
          Terminal.error("glyphsmith build: error: \(error)")
        }
        if stats, let watcher {
          let now = DispatchTime.now().uptimeNanoseconds
          let built = Double(now - started) / 1e9
          let total = Double(now - min(watcher.lastEvent, now)) / 1e9
          Terminal.error(
            "watch stats: built in \(Int((built * 1000).rounded())) ms, \(Int((total * 1000).rounded())) ms after the last event (settle \(Int((watcher.settle * 1000).rounded())) ms); \(planned) of \(layout?.files.count ?? known.count) icons planned, layout \(reused ? "reused" : "made")"
          )
        }
        let folder = icons ?? watchedIcons ?? "."
        if watcher == nil || folder != watchedIcons {
          watcher = try ProjectWatcher(iconsFolder: folder, configPath: configPath)
          watchedIcons = folder
        }
        Terminal.error("watching \(folder) and \(configPath) for changes (Ctrl-C stops)")
        // A burst that changed nothing any icon reads (an editor's temporary file, written
        // before the rename that a later burst brings) is waited past, not built.
        repeat { watcher!.waitForChange() } while known.selection(watcher!.changes)?.isEmpty == true
      }
    #else
      throw UsageError(message: "--watch needs inotify (Linux)")
    #endif
  }
}
