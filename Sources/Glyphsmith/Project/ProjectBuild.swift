import FoundationEssentials
import Glibc
import GlyphsmithCore

/// `glyphsmith build`: everything a `glyphsmith.json` declares, in one run (issue 24). The
/// icons are collected from `icons`, each gets its settings (defaults, then every matching
/// rule), icons with equal settings are written together by one `AssetsJob` (so each keeps the
/// incremental fingerprints, up-to-date checks and validation of `assets`; one worker pool
/// executes every group's icons, `AssetsJob.run(_:progress:)`), and outputs the run
/// no longer makes are pruned through each output folder's `OutputManifest`. The result
/// depends only on the file and the icons, never on what ran before: every setting is the
/// file's, and what an earlier file made that this one does not is removed.
public struct ProjectBuild: Sendable {
  /// The project file, loaded.
  public var config: ProjectConfig
  /// Threads (or worker processes) to render on.
  public var jobs = ParallelMap.availableCores
  /// Renders everything even when up to date.
  public var force = false
  /// Only share `index` of `count` (1-based), by asset name, as `assets --shard`.
  public var shard: (index: Int, count: Int)? = nil
  /// `--changed-since REV` (issue 37): build only the icons whose file (or dark variant, or a
  /// file it draws) changed since the git revision (`GitChanges`), or whose golden PNG did;
  /// all of them when the project file or a `golden.json` did (`changedIcons`). The others'
  /// outputs are not written and stay as they are; a deleted icon's are pruned. `nil`: every
  /// icon.
  public var changedSince: String? = nil
  /// `build --watch` after a save (issue 36): build only these icon files (paths as
  /// collected), as `changedSince` selects them: planning, names and the records see every
  /// icon, the others' outputs are not written and stay as they are. Ignored with
  /// `changedSince`; `nil`: every icon.
  package var only: Set<String>? = nil
  /// `build --watch` between saves (issue 36): what an earlier `plan()` of the same project
  /// file and the same icon files worked out from their paths alone (`Plan.layout`), taken
  /// as it is instead of listing, grouping and naming every icon again. Used only with
  /// `only` (and without `changedSince`): the watcher passes it when a save wrote icon files
  /// the last full build collected and nothing else, so the file list, the rules and every
  /// name are what they were. `nil`: worked out anew.
  package var layout: Layout? = nil
  /// Worker processes, given each planned icon over the pipe (`AssetsJob.serveWorker`);
  /// `nil`: threads in this process.
  package var isolation: AssetsIsolation? = nil
  /// Whether the prune adopts the outputs carrying Glyphsmith's mark found in an output
  /// folder that had no record of outputs, removing those no icon makes (`build
  /// --adopt-marked`, or `"adoptMarked": true` in the file); else they are kept and named in
  /// one warning (issue 32, trial finding 6).
  public var adoptMarked = false
  /// Told when another run holds an output folder and this one waits.
  public var lockNotice: @Sendable (String) -> Void = { _ in }

  /// A build of `config`.
  public init(config: ProjectConfig) {
    self.config = config
  }

  /// What a build did.
  public struct Result: Sendable {
    /// Every built icon's result in icon order, the catalog findings and warnings, as
    /// `assets --json` reports them.
    public var report: AssetsReport
    /// Outputs removed because their source is gone or no longer makes them, paths as
    /// printed.
    public var removed: [String] { removals.filter(\.kept.isEmpty).map(\.path) }
    /// Set folders kept for the files in them Glyphsmith did not make, paths as printed: those
    /// the prune kept now, not removed, then those kept before that still hold the files (a
    /// `kept-set` warning each, told on every run: the summary counts them every time).
    public var kept: [String] {
      OutputManifest.keptSets(removals: removals, warnings: report.warnings)
    }
    /// The outputs removed, in order (each told as it is made, `run(plan:told:progress:)`).
    package var removals: [OutputManifest.Removal]
    /// Icons a rule skipped.
    public var skipped: [String]
    /// What to tell, in order (`AssetsReport.notices` of `report`): the warnings, each
    /// icon's warnings and failure, the catalog findings; the command prints each as its
    /// compiler-form line (after the removals, told as they were made), then `recordError`.
    public var notices: [BatchNotice]
    /// Why the record of outputs could not be confirmed at the end (told last; also the
    /// report's `error`), else `nil`.
    package var recordError: GlyphsmithError?
    /// Each group's options and icon paths (image-set icons), for `--lint`.
    package var groups: [(options: AssetsOptions, paths: Set<String>)] = []
    /// The symbol sets written (`ios.symbols`; unchanged ones are not), for the summary.
    package var symbolSetsWritten = 0
  }

  /// What a build will do, planned once (`plan()`): the icons collected once, their groups,
  /// each group's job plan (input hashes, resolved options, fingerprints, outputs).
  package struct Plan: Sendable {
    /// Every icon file below the icons folder, skipped ones too, in collection order.
    package var files: [InputCollector.CollectedFile]
    /// The groups, in order of their first icon.
    package var groups: [Group]
    /// Icons a rule skipped.
    package var skipped: [String]
    /// Each group's job plan, in group order; `nil` for a group of symbol sets only.
    package var jobs: [AssetsJob.Plan?]
    /// What every icon makes (shards too), by output folder: `[root: [output: source]]`,
    /// for the records (`OutputManifest.update`).
    package var planned: [String: [String: String]] = [:]
    /// The outputs of `planned` only one of which is written (`AssetsJob.alternativeOutputs`).
    package var alternatives: Set<String> = []
    /// Existing outputs in the catalog this run's prune removes (`OutputManifest
    /// .pendingRemovals`), which a symbol set may take the name of.
    package var superseded: Set<String> = []
    /// Links in the icons folder the walk did not follow, each a warning (issue 33).
    package var skippedLinks: [Diagnostic] = []
    /// The folders in the icons folder (or it) that could not be listed, each an error
    /// naming it (`Layout.unlisted`): the run fails and removes nothing as gone.
    package var unlisted: [GlyphsmithError] = []
    /// With `changedSince`: what it selected (`ChangedIcons`); `nil` without.
    package var changed: ChangedIcons? = nil
    /// What this plan worked out from the project file and the icons' paths alone, for
    /// `ProjectBuild.layout` (`build --watch` keeps it between saves).
    package var layout: Layout? = nil
    /// `ios.symbols`: the icons whose symbol set cannot be written where it goes, with why,
    /// by path (a symbol set folder, or a group folder's `Contents.json`, Glyphsmith did not
    /// make; `checkSymbols`): each fails by name and the rest of the build goes on (issue 32,
    /// re-check N2).
    package var symbolRefusals: [String: GlyphsmithError] = [:]
  }

  /// What `plan()` works out from the project file and the icon files' paths alone, never
  /// from their bytes or the output folders (issue 36: for 1,776 icons about 40 % of the
  /// build of one saved icon): the icons collected, the links skipped, the groups (before any
  /// selection), the icons a rule skips, and every planned output of every icon with its
  /// source (`Plan.planned`, before the symbol sets) and the alternatives. Checked when it
  /// was made: every rule matches an icon, no two names collide.
  package struct Layout: Sendable {
    /// `Plan.files`.
    package var files: [InputCollector.CollectedFile]
    /// `Plan.skippedLinks`.
    package var skippedLinks: [Diagnostic]
    /// `Plan.unlisted`.
    package var unlisted: [GlyphsmithError] = []
    /// The groups, no icon selected.
    package var groups: [Group]
    /// `Plan.skipped`.
    package var skipped: [String]
    /// The image set, drawable and web outputs of every icon, by output folder.
    package var planned: [String: [String: String]]
    /// `Plan.alternatives`.
    package var alternatives: Set<String>
  }

  /// Works out the `Layout`: lists the icons folder, checks the rules, groups the icons and
  /// plans every icon's outputs.
  /// - Throws: `GlyphsmithError.unreadable` for a missing icons folder; `PlanningFailure` for
  ///   a rule that matches no icon; what `AssetPlanner.plan` throws for a group.
  private func makeLayout() throws -> Layout {
    let (files, skippedLinks, unlisted) = try collectListing()
    // A rule's icons may be in a folder not listed: the run fails on that folder instead.
    if unlisted.isEmpty { try checkRules(files) }
    let (groups, skipped) = self.groups(files)
    // What every icon makes, for `--changed-since`'s golden rule (each output's icon) and the
    // records; it does not depend on the selection.
    var planned: [String: [String: String]] = [:]
    var alternatives: Set<String> = []
    for group in groups where !group.files.isEmpty {
      var unsharded = group.options
      unsharded.shard = nil
      unsharded.selected = nil
      let all = try AssetPlanner.plan(group.files, options: unsharded).inputs
      for (root, outputs) in job(group).plannedOutputs(all) {
        planned[root, default: [:]].merge(outputs) { $1 }
      }
      alternatives.formUnion(job(group).alternativeOutputs(all))
    }
    var layout = Layout(
      files: files, skippedLinks: skippedLinks, groups: groups, skipped: skipped,
      planned: planned, alternatives: alternatives)
    layout.unlisted = unlisted
    return layout
  }

  /// What makes icons one group: equal resolved options (`IconOptions.normalised`, the
  /// platforms among them) and whether they become symbol sets.
  struct GroupKey: Hashable {
    var options: IconOptions
    var symbol: Bool
  }

  /// Icons with one set of options: written by one `AssetsJob`.
  package struct Group: Sendable {
    /// The options every icon of the group takes.
    package var options: AssetsOptions
    /// The icons (and their `-dark` files), in collection order.
    package var files: [InputCollector.CollectedFile]
    /// SVG icons that become symbol sets instead of image sets (`ios.symbols`).
    package var symbols: [String] = []
  }

  /// The icons folder, resolved against the file.
  public var iconsFolder: String { config.resolve(config.icons) }

  /// The output folder of each declared platform: the catalog, the folder holding `res`
  /// (Android's writer writes `res/drawable-*` inside it), the web folder.
  public var outputFolders: [AssetPlatform: String] {
    var folders: [AssetPlatform: String] = [:]
    if let ios = config.ios { folders[.ios] = config.resolve(ios.catalog) }
    if let android = config.android {
      let parent = FileName.parent(of: config.resolve(android.res))
      folders[.android] = parent.isEmpty ? "." : parent
    }
    if let web = config.web { folders[.web] = config.resolve(web.folder) }
    return folders
  }

  /// The icon files below `iconsFolder`, every one (skipped ones too).
  /// - Throws: `GlyphsmithError.unreadable` when the icons folder is missing or not a folder.
  package func collect() throws -> [InputCollector.CollectedFile] {
    try collectReporting().files
  }

  /// `collect()`, with a warning for each link the walk did not follow
  /// (`InputCollector.collectTree(_:skipped:)`).
  /// - Throws: as `collect()`.
  package func collectReporting() throws -> (
    files: [InputCollector.CollectedFile], skippedLinks: [Diagnostic]
  ) {
    let (files, skipped, _) = try collectListing()
    return (files, skipped)
  }

  /// `collectReporting()`, with the folders of the icons folder (it too) that could not be
  /// listed, each an error naming it with the system's reason (`icons/sub: error: cannot
  /// read the folder: permission denied`): a folder that cannot be read is not empty, so its
  /// icons are not gone.
  /// - Throws: as `collect()`.
  package func collectListing() throws -> (
    files: [InputCollector.CollectedFile], skippedLinks: [Diagnostic],
    unlisted: [GlyphsmithError]
  ) {
    let folder = iconsFolder
    guard let status = Platform.status(ofPath: folder), status.isFolder else {
      throw GlyphsmithError.unreadable(
        path: folder,
        reason:
          "the icons folder ('icons' in \(config.path)) is not there; create it or fix the path")
    }
    var skipped: [Diagnostic] = []
    let (files, missing) = InputCollector.collectTree([folder], skipped: &skipped)
    // An empty icons folder is no error to `build`; the rest are folders not listed.
    let unlisted = missing.filter {
      if case .unusable(_, let problem) = $0 { return problem != InputCollector.noIcons }
      return true
    }
    return (files, skipped, unlisted)
  }

  /// The path of `file` relative to the icons folder, as rules match it.
  package func relativePath(_ file: InputCollector.CollectedFile) -> String {
    (file.folders + [PathName(file.path).lastPathComponent]).joined(separator: "/")
  }

  /// The path of the file at `path` (as given, relative to the current folder or absolute)
  /// relative to the icons folder, as rules match it; `nil` when it is not below the icons
  /// folder.
  package func relativePath(ofPath path: String) -> String? {
    func absolute(_ path: String) -> String {
      let full =
        path.hasPrefix("/")
        ? path : FileManager.default.currentDirectoryPath + "/" + path
      return PathName(full).standardizingPath
    }
    let folder = absolute(iconsFolder)
    let file = absolute(path)
    let prefix = folder == "/" ? "/" : folder + "/"
    guard file.hasPrefix(prefix), file.count > prefix.count else { return nil }
    return String(file.dropFirst(prefix.count))
  }

  /// How `build` draws the icon at `relativePath` (relative to the icons folder): the role,
  /// size (pt), shape, padding (pt), template or original colours and compact its settings
  /// give (defaults, then every matching rule: `assetsOptions`), as the platform writers
  /// take them (`AssetPlatformContext.base`) at `scale` px per pt, with the compact glyph
  /// when the icon gets one; `nil` when a rule skips it. `sheet --project` draws by it.
  package func renderOptions(forRelativePath relativePath: String, scale: Double)
    -> RenderOptions?
  {
    let settings = config.settings(for: relativePath)
    if settings.skip == true { return nil }
    let options = assetsOptions(settings)
    var render = AssetPlatformContext(root: "", options: options).base
    render.scale = scale
    render.compact = options.compact
    return render
  }

  /// The groups of `files`, in order of their first icon, and the icons skipped. A
  /// `NAME-dark` file takes the settings of `NAME` beside it.
  package func groups(_ files: [InputCollector.CollectedFile]) -> (
    groups: [Group], skipped: [String]
  ) {
    let relative = files.map(relativePath)
    var stems: [String: Int] = [:]
    for (index, path) in relative.enumerated() {
      stems[PathName(path).deletingPathExtension] =
        stems[PathName(path).deletingPathExtension] ?? index
    }
    var groups: [Group] = []
    var keys: [GroupKey: Int] = [:]
    var skipped: [String] = []
    for (index, file) in files.enumerated() {
      var matched = relative[index]
      let stem = PathName(matched).deletingPathExtension
      if stem.hasSuffix("-dark"), let base = stems[String(stem.dropLast(5))] {
        matched = relative[base]
      }
      let settings = config.settings(for: matched)
      if settings.skip == true {
        skipped.append(file.path)
        continue
      }
      var options = assetsOptions(settings)
      var symbol = false
      if config.ios?.symbols == true, options.platforms.contains(.ios),
        file.path.lowercased().hasSuffix(".svg")
      {
        symbol = true
        options.platforms.removeAll { $0 == .ios }
      }
      let key = GroupKey(options: options.icon.normalised, symbol: symbol)
      if keys[key] == nil {
        keys[key] = groups.count
        groups.append(Group(options: options, files: []))
      }
      if symbol && !stem.hasSuffix("-dark") { groups[keys[key]!].symbols.append(file.path) }
      if !options.platforms.isEmpty { groups[keys[key]!].files.append(file) }
    }
    return (groups, skipped)
  }

  /// The `assets` options one icon's settings give.
  package func assetsOptions(_ settings: IconSettings) -> AssetsOptions {
    var options = AssetsOptions()
    // The file's own defaults, then every per-icon key given (`IconKey.all`).
    options.platforms = config.platforms
    options.compact = config.ios?.compact ?? false
    options.icon.catalogFormat = config.ios?.format ?? options.icon.catalogFormat
    settings.apply(to: &options.icon)
    options.platforms = config.platforms.filter(options.platforms.contains)
    // Compact sizes exist for tab bars only; other roles ignore it.
    options.compact =
      options.compact && options.role == .tabBar && options.platforms.contains(.ios)
    options.scales = config.ios?.scales ?? options.scales
    options.androidFormat = config.android?.format ?? "png"
    if let minSdk = config.android?.minSdk { options.minSdk = minSdk }
    options.namespace = config.ios?.namespace ?? false
    options.outputFolders = outputFolders
    options.jobs = jobs
    options.force = force
    options.shard = shard
    return options
  }

  /// The catalog path every job is given (the iOS catalog; without iOS, a name in the web or
  /// Android folder, unused since every platform's folder is set).
  private var catalogPath: String {
    outputFolders[.ios] ?? (outputFolders[.web] ?? outputFolders[.android]!) + "/Icons.xcassets"
  }

  /// The job writing `group`'s icons.
  private func job(_ group: Group) -> AssetsJob {
    var job = AssetsJob(catalogPath: catalogPath, options: group.options)
    job.isolation = isolation
    job.lockNotice = lockNotice
    return job
  }

  /// Plans the build: `glyphsmith.json` is the one already loaded (`config`), the icons
  /// folder is listed once, each icon's settings resolved (defaults, then matching rules),
  /// icons grouped by their resolved options, each input read and hashed once. Nothing is
  /// written.
  /// - Throws: `GlyphsmithError.unreadable` for a missing icons folder; `PlanningFailure` for
  ///   a rule that matches no icon (`checkRules`, over every icon, before sharding); a name
  ///   collision over all icons; what `AssetsJob.plan(collected:)` throws; `PlanningFailure` for symbol
  ///   names that collide (`checkSymbols`); `PlanningFailure` naming each output folder
  ///   whose record another project's build wrote (`checkOwnFolders`).
  package func plan() throws -> Plan {
    try checkOwnFolders()
    // A watched save reuses what the last full plan worked out from the paths (`layout`).
    let kept = changedSince == nil && only != nil ? layout : nil
    let layout = try kept ?? makeLayout()
    let (files, skippedLinks, skipped) = (layout.files, layout.skippedLinks, layout.skipped)
    var groups = layout.groups
    let (planned, alternatives) = (layout.planned, layout.alternatives)
    let outputs = planned.values.reduce(into: [String: String]()) {
      $0.merge($1) { first, _ in first }
    }
    let changed = try changedSince.map {
      try changedIcons($0, files: files, outputs: outputs)
    }
    let selection = changed == nil ? only : changed?.selected
    if let selected = selection {
      for index in groups.indices {
        groups[index].options.selected = selected
      }
    }
    // Names are checked over every icon at once, as one `assets` run checks them (a kept
    // layout's were checked when it was made, and no name has changed since).
    if kept == nil {
      var union = AssetsOptions()
      union.platforms = config.platforms
      union.compact = groups.contains { $0.options.compact }
      union.namespace = config.ios?.namespace ?? false
      union.template = false
      _ = try AssetPlanner.plan(groups.flatMap(\.files), options: union)
    }
    let jobs = try groups.map { group in
      group.files.isEmpty ? nil : try job(group).plan(collected: group.files)
    }
    var plan = Plan(files: files, groups: groups, skipped: skipped, jobs: jobs)
    plan.skippedLinks = skippedLinks
    plan.unlisted = layout.unlisted
    plan.changed = changed
    plan.planned = planned
    plan.alternatives = alternatives
    plan.layout = layout
    let folders = symbolGroups(files)
    let recordedCatalog = outputFolders[.ios].map { OutputManifest.recordedOutputs(root: $0) } ?? []
    for group in groups {
      if let catalog = outputFolders[.ios] {
        for path in group.symbols {
          let set = symbolSetPath(path, catalog: catalog, groups: folders[path] ?? [])
          plan.planned[catalog, default: [:]][set] = path
          // Its group folders' `Contents.json` (`SymbolJob.plannedGroupContents`): the first
          // icon's.
          for contents in SymbolJob.plannedGroupContents(
            catalog: catalog, folders: folders[path] ?? [], force: force,
            recorded: recordedCatalog)
          where plan.planned[catalog]?[contents] == nil {
            plan.planned[catalog, default: [:]][contents] = path
          }
        }
      }
    }
    // Symbol sets are planned (recorded) for every icon, written for the selected ones.
    if let selected = selection {
      for index in plan.groups.indices {
        plan.groups[index].symbols.removeAll { !selected.contains($0) }
      }
    }
    try checkSymbols(&plan)
    try checkAssetNames(plan)
    return plan
  }

  /// What `--changed-since REV` selects among `files`: their paths as collected.
  package struct ChangedIcons: Sendable, Equatable {
    /// The revision as given.
    package var revision: String
    /// The icon files (and dark variants) that changed, paths as collected; `nil` when every
    /// icon is built (`everything` says why).
    package var selected: Set<String>?
    /// How many icon files there are (skipped ones too).
    package var total: Int
    /// Why every icon is built: `the project file`, `golden/ios/golden.json` (a `golden.json`
    /// changed), `the renderer is not the one golden/ios/golden.json records`; `nil` when only
    /// `selected` are.
    package var everything: String? = nil

    /// The line `build` prints before it starts: `changed since REV: 3 of 16 icon files
    /// (only their icons are built; the others' outputs stay as they are, a deleted icon's
    /// are pruned)`, or `changed since REV: the project file, so every icon is built`.
    package var line: String {
      guard let selected else {
        let why = everything ?? "the project file"
        return "changed since \(revision): \(why), so every icon is built"
      }
      return
        "changed since \(revision): \(selected.count) of \(counted(total, "icon file")) (only their icons are built; the others' outputs stay as they are, a deleted icon's are pruned)"
    }
  }

  /// The icon files among `files` that changed since `revision` (`GitChanges`), by the rule
  /// `golden check --changed-since` compares by (`GoldenCheck.ChangedSince`), so that the
  /// check finds an actual image for every image it compares (issue 37 trial HIGH-1):
  /// - an icon file or its `-dark` file changed (ignored icon files in the icons folder
  ///   count as changed), or a local file it draws (`<image href>`, `PlannedIcon.references`);
  /// - an output of the icon (`outputs`: output path to icon path) has a golden PNG that
  ///   changed: a changed PNG below a folder holding a `golden.json`, whose path relative to
  ///   that folder ends an output's path (a file), or whose folder's does (a set written
  ///   whole: `golden/ios/bell.imageset/bell@2x.png` is `App/Icons.xcassets/bell.imageset`);
  /// - every icon (`nil`) when the project file changed, a `golden.json` changed, or a
  ///   tracked `golden.json` records another renderer than this one.
  /// - Throws: what `GitChanges.since` throws (no git, no work tree, an unknown revision).
  private func changedIcons(
    _ revision: String, files: [InputCollector.CollectedFile], outputs: [String: String]
  ) throws -> ChangedIcons {
    let changes = try GitChanges.since(
      revision, near: FileName.parent(of: config.path), named: config.path,
      ignoredUnder: [iconsFolder])
    var result = ChangedIcons(revision: revision, selected: nil, total: files.count)
    if changes.contains(config.path) {
      result.everything = "the project file"
      return result
    }
    let manifest = GoldenManifest.fileName
    let goldenChanges = changes.paths.sorted().filter {
      PathName($0).lastPathComponent == manifest
    }
    if let first = goldenChanges.first {
      result.everything = OutputManifest.shown(first)
      return result
    }
    for path in changes.tracked(named: manifest) {
      let folder = URL(fileURLWithPath: FileName.parent(of: path))
      if let recorded = try? GoldenManifest.load(from: folder),
        recorded.renderer.change(to: .current) != nil
      {
        result.everything = "the renderer is not the one \(OutputManifest.shown(path)) records"
        return result
      }
    }
    var selected = Set(
      files.filter {
        // A `-dark` file deleted since counts too (issue 37 trial F2: it was ignored).
        changes.contains($0.path) || changes.containsDarkVariant(of: $0.path)
          || SVGReferences.localFiles(ofSVGAt: $0.path).contains(where: changes.contains)
      }.map(\.path))
    // Golden PNGs changed: the icons whose outputs they are.
    var manifests: [String: String?] = [:]
    func goldenFolder(of path: String) -> String? {
      var folder = FileName.parent(of: path)
      var visited: [String] = []
      while folder.hasPrefix(changes.top) {
        if let known = manifests[folder] {
          for seen in visited { manifests[seen] = known }
          return known
        }
        visited.append(folder)
        if Platform.status(ofPath: folder + "/" + manifest) != nil {
          for seen in visited { manifests[seen] = folder }
          return folder
        }
        if folder == changes.top { break }
        folder = FileName.parent(of: folder)
      }
      for seen in visited { manifests[seen] = String?.none }
      return nil
    }
    let changedGoldens = changes.paths.filter { $0.lowercased().hasSuffix(".png") }.compactMap {
      path -> String? in
      guard let folder = goldenFolder(of: path) else { return nil }
      return "/" + path.dropFirst(folder.count + 1)
    }
    if !changedGoldens.isEmpty {
      // Each golden's path and its folders' (`/a.imageset/a@2x.png`, `/a.imageset`): an
      // output is a file (a drawable) or a folder written whole (an image set, a web icon).
      var ends: Set<String> = []
      for end in changedGoldens {
        var path = Substring(end)
        while !path.isEmpty {
          ends.insert(String(path))
          guard let slash = path.lastIndex(of: "/") else { break }
          path = path[..<slash]
        }
      }
      for (output, source) in outputs where !selected.contains(source) {
        let absolute = OutputManifest.absolute(output)
        // The relative path's every ending: `/a.imageset/a@2x.png`, then `/a@2x.png`.
        var index = absolute.startIndex
        while let slash = absolute[index...].firstIndex(of: "/") {
          if ends.contains(String(absolute[slash...])) {
            selected.insert(source)
            break
          }
          index = absolute.index(after: slash)
        }
      }
    }
    result.selected = selected
    return result
  }

  /// Every image set and symbol set the build plans in its catalog checked against the
  /// assets of the same name elsewhere in the catalog (any folder, any type) that stay, before
  /// anything is written (issue 32, sixth trial: `house.imageset` was written beside the
  /// user's `Group/house.imageset`, and only `validate` said so): asset names are unique per
  /// catalog whatever their folder. An asset this run's prune removes (`superseded`, or
  /// pending removal) or writes is no collision. A `build --watch` save checks every planned
  /// set too (trial t36: checking the saved icons' sets alone missed an asset added by hand
  /// that collides with an icon not saved, which `build` refuses).
  /// - Throws: `PlanningFailure` naming each colliding icon, its set and the other asset's
  ///   path, one line each.
  private func checkAssetNames(_ plan: Plan) throws {
    guard let catalog = outputFolders[.ios], Platform.status(ofPath: catalog) != nil else {
      return
    }
    let planned = plan.planned[catalog] ?? [:]
    let plannedPaths = Set(planned.keys.map(OutputManifest.normalised))
    let sets = planned.filter {
      let ext = PathName($0.key).pathExtension
      return ext == "imageset" || ext == "symbolset"
    }
    guard !sets.isEmpty else { return }
    let assets = SymbolJob.catalogAssets(in: catalog)
    var removed: Set<String>? = plan.superseded.isEmpty ? nil : plan.superseded
    var errors: [(source: String, output: String, error: GlyphsmithError)] = []
    let namespaced = config.ios?.namespace ?? false
    let base = OutputManifest.normalised(catalog)
    for (output, source) in sets {
      let name = PathName(PathName(output).lastPathComponent).deletingPathExtension
      // Its name as Xcode knows it: each group above it that provides a namespace (one that
      // is there as its Contents.json says, one this run makes as the file says) prefixes it.
      var qualified = ""
      var folder = base
      let relative = OutputManifest.normalised(output).dropFirst(base.count + 1)
      for group in relative.split(separator: "/").dropLast() {
        folder += "/" + group
        let contents = folder + "/Contents.json"
        let marks =
          Platform.status(ofPath: contents) == nil || OutputOwnership.isGroupContentsFile(contents)
          ? namespaced : SymbolJob.providesNamespace(folder)
        if marks { qualified += group.lowercased() + "/" }
      }
      qualified += name.lowercased()
      let others = (assets[qualified] ?? []).filter {
        !plannedPaths.contains(OutputManifest.normalised($0))
      }
      guard !others.isEmpty else { continue }
      if removed == nil {
        removed = OutputManifest.pendingRemovals(
          root: catalog, planned: planned,
          considered: Set(plan.files.map { OutputManifest.absolute($0.path) }), scope: scope,
          marked: markedOutputs, adoptMarked: adoptsMarked)
      }
      let staying = others.filter { !removed!.contains(OutputManifest.normalised($0)) }
      guard !staying.isEmpty else { continue }
      errors.append(
        (
          source, output,
          .unusable(
            path: source,
            problem:
              "asset name '\(name)' of \(output) collides with \(staying.joined(separator: ", ")) (asset names are unique in a catalog, whatever their folder or type: Xcode cannot load both); rename one"
          )
        ))
    }
    guard !errors.isEmpty else { return }
    let order = Dictionary(
      plan.files.enumerated().map { ($1.path, $0) }, uniquingKeysWith: { first, _ in first })
    errors.sort {
      let (a, b) = (order[$0.source] ?? Int.max, order[$1.source] ?? Int.max)
      return a != b ? a < b : $0.output < $1.output
    }
    throw PlanningFailure(errors.map(\.error))
  }

  /// What the build reads its sources from (`AssetsJob.Pruning.scope`): the icons folder,
  /// standardized and absolute. A recorded output whose source is gone is pruned only when
  /// the source was inside it (issue 32 trial: sets plain `assets` made from another folder).
  var scope: [String] { [OutputManifest.absolute(iconsFolder)] }

  /// Whether this build adopts marked outputs: `adoptMarked` or the file's `adoptMarked`.
  var adoptsMarked: Bool { adoptMarked || config.adoptMarked }

  /// The project file as the records of outputs name it (`OutputManifest.Document.project`):
  /// standardized, absolute, links resolved.
  var projectFile: String { OutputManifest.real(config.path) }

  /// Refuses every output folder (`ios.catalog`, the folder holding `android.res`,
  /// `web.folder`) whose record of outputs cannot be read (`OutputManifest.unreadableError`:
  /// git's conflict markers, not JSON) or was written by another project's build
  /// (`OutputManifest.otherProject`), before anything is read or written (issue 32: a
  /// project pointed at another's web folder took that project's sets as its own, and once
  /// pointed back removed them). A record naming a project file that is gone, made from
  /// icons outside this project's icons folder, is refused too, naming the missing file, but
  /// with `force`, which makes the folder this project's (issue 32 trial: a neighbour took
  /// over the folders of a project whose file had moved).
  /// - Throws: `PlanningFailure`, one `glyphsmith.json: error: 'KEY' is 'VALUE', another
  ///   project's output folder: ...` line per folder, naming the record and the other
  ///   project's file (or, for a record from before records named their project, the output
  ///   folders it lists).
  func checkOwnFolders() throws {
    // A record that cannot be read stops the build (`OutputManifest.checkReadable`).
    var errors = config.platforms.compactMap { outputFolders[$0] }.compactMap(
      OutputManifest.unreadableError)
    for platform in config.platforms {
      guard let root = outputFolders[platform],
        let other = OutputManifest.otherProject(
          root: root, project: projectFile, icons: iconsFolder)
      else { continue }
      let (key, value): (String, String)
      switch platform {
      case .ios: (key, value) = ("ios.catalog", config.ios!.catalog)
      case .android: (key, value) = ("android.res", config.android!.res)
      default: (key, value) = ("web.folder", config.web!.folder)
      }
      let record = OutputManifest.normalised(root + "/" + OutputManifest.fileName)
      if case .goneProject(let file) = other {
        if force { continue }
        errors.append(
          .unusable(
            path: config.path,
            problem:
              "'\(key)' is '\(value)', whose record of outputs (\(record)) was written by the build of \(OutputManifest.shown(file)), a file that is gone, from icons outside this project's icons folder; if that project's file was moved, build it there to take its folders back, or build here with --force to make '\(key)' this project's"
          ))
        continue
      }
      let writer: String
      switch other {
      case .project(let file):
        writer = "the build of another project, \(OutputManifest.shown(file))"
      case .folders(let folders):
        let listed = folders.sorted { $0.key < $1.key }.map {
          "\($0.key) \(OutputManifest.shown(OutputManifest.real($0.value)))"
        }
        writer =
          "the build of another project, whose output folders (\(listed.joined(separator: ", "))) are not this one"
      case .icons(let icon):
        writer =
          "the build of another project, from icons outside this project's icons folder (\(OutputManifest.shown(icon)))"
      case .goneProject: continue
      }
      errors.append(
        .unusable(
          path: config.path,
          problem:
            "'\(key)' is '\(value)', another project's output folder: its record of outputs (\(record)) was written by \(writer); two projects writing and pruning one folder replace and remove each other's icons, so give '\(key)' a folder of its own"
        ))
    }
    if !errors.isEmpty { throw PlanningFailure(errors) }
  }

  /// `CATALOG[/GROUP...]/NAME.symbolset` of the SVG icon at `path` whose catalog group
  /// folders (its sub-folders of the icons folder, as its image set's) are `groups`.
  private func symbolSetPath(_ path: String, catalog: String, groups: [String]) -> String {
    ([catalog] + groups).joined(separator: "/") + "/" + AssetName.from(path: path) + ".symbolset"
  }

  /// The catalog group folders of each collected icon, by path: its sub-folders of the icons
  /// folder, outermost first, which its image set or symbol set sits in (issue 32, seventh
  /// trial: symbol sets went to the catalog's root).
  private func symbolGroups(_ files: [InputCollector.CollectedFile]) -> [String: [String]] {
    Dictionary(files.map { ($0.path, $0.folders) }, uniquingKeysWith: { first, _ in first })
  }

  /// `ios.symbols`: every symbol name checked before anything is written or pruned, against
  /// the other symbols, this run's image sets and the assets that stay in the catalog (an
  /// asset this run's prune removes is `superseded`, and its name free), and every symbol
  /// set folder that exists, and every group folder's `Contents.json` a symbol set goes in,
  /// checked to be Glyphsmith's (but with `force`): those fail their icon alone
  /// (`Plan.symbolRefusals`).
  /// - Throws: `PlanningFailure` naming every collision.
  private func checkSymbols(_ plan: inout Plan) throws {
    guard let catalog = outputFolders[.ios] else { return }
    let symbols = plan.groups.flatMap(\.symbols)
    guard !symbols.isEmpty else { return }
    plan.superseded = OutputManifest.pendingRemovals(
      root: catalog, planned: plan.planned[catalog] ?? [:],
      considered: Set(plan.files.map { OutputManifest.absolute($0.path) }), scope: scope,
      marked: markedOutputs, adoptMarked: adoptsMarked)
    var errors: [GlyphsmithError] = []
    var names: [String: String] = [:]
    for (group, jobPlan) in zip(plan.groups, plan.jobs)
    where group.options.platforms.contains(.ios) {
      for input in jobPlan?.inputs ?? [] {
        names[input.name.lowercased()] = names[input.name.lowercased()] ?? input.path
        if group.options.compact {
          names[(input.name + "-compact").lowercased()] = input.path
        }
      }
    }
    let planned = Set((plan.planned[catalog] ?? [:]).keys.map(OutputManifest.normalised))
    let others = SymbolJob.otherAssets(in: catalog).filter {
      let path = OutputManifest.normalised($0.value)
      return !plan.superseded.contains(path) && !planned.contains(path)
    }
    for path in symbols {
      let name = AssetName.from(path: path)
      if let first = names[name.lowercased()] {
        errors.append(.nameCollision(name: name, first: first, second: path))
      } else if let other = others[name.lowercased()] {
        errors.append(
          .unusable(
            path: path,
            problem:
              "symbol '\(name)' would collide with \(other) (an asset of the same name; one of them cannot be loaded); rename one"
          ))
      }
      names[name.lowercased()] = names[name.lowercased()] ?? path
    }
    // A symbol set folder Glyphsmith did not make fails its icon, by name; the others are
    // written (issue 32's rule: the rest of the batch goes on; re-check N2: one such folder
    // stopped the whole build). A failing run switches no image set to a symbol set and
    // removes nothing, so nothing is left half-switched.
    let job = symbolJob(symbols, catalog: catalog, files: plan.files)
    // A symbol set path that is a link fails its icon, `--force` or not (re-check F4).
    for path in symbols {
      if let link = OutputOwnership.linkError(job.folder(of: path), input: path) {
        plan.symbolRefusals[path] = link
      }
    }
    if !force {
      for path in symbols where plan.symbolRefusals[path] == nil && !job.owns(job.folder(of: path)) {
        plan.symbolRefusals[path] = OutputOwnership.notOwned(job.folder(of: path), input: path)
      }
    }
    // A group folder's `Contents.json` the user made fails the group's symbols
    // (`SymbolJob.groupContentsRefusals`; issue 32, eighth trial finding 9).
    plan.symbolRefusals.merge(job.groupContentsRefusals()) { first, _ in first }
    // A refused icon writes nothing on its other platforms either (issue 32, re-check F3:
    // its drawables and web icons were written while its symbol set failed).
    if !plan.symbolRefusals.isEmpty {
      for index in plan.jobs.indices {
        guard var part = plan.jobs[index] else { continue }
        let keep = part.icons.indices.filter { plan.symbolRefusals[part.icons[$0].path] == nil }
        guard keep.count < part.icons.count else { continue }
        part.icons = keep.map { part.icons[$0] }
        part.sets = keep.map { part.sets[$0] }
        part.inputs = keep.map { part.inputs[$0] }
        plan.jobs[index] = part
      }
    }
    // A refused icon's symbol set is not written, so not journalled either.
    let groups = symbolGroups(plan.files)
    for path in plan.symbolRefusals.keys {
      plan.planned[catalog]?[symbolSetPath(path, catalog: catalog, groups: groups[path] ?? [])] =
        nil
    }
    if !errors.isEmpty { throw PlanningFailure(errors) }
  }

  /// The job writing the symbol sets of `paths` into `catalog`: `force` as the build's, the
  /// catalog's record of outputs (`SymbolJob.recorded`) telling its own sets.
  private func symbolJob(
    _ paths: [String], catalog: String, files: [InputCollector.CollectedFile]
  ) -> SymbolJob {
    var job = SymbolJob(inputs: paths, catalog: catalog)
    let groups = symbolGroups(files)
    let wanted = Set(paths)
    job.groups = groups.filter { wanted.contains($0.key) && !$0.value.isEmpty }
    job.namespace = config.ios?.namespace ?? false
    job.jobs = jobs
    job.force = force
    job.recorded = OutputManifest.recordedOutputs(root: catalog)
    return job
  }

  /// The plan as `build --plan --json` prints it: every icon in collection order, the symbol
  /// sets, the skipped icons and the planning warnings.
  package func assetPlan(_ plan: Plan) -> AssetPlan {
    let order = Dictionary(
      plan.files.enumerated().map { ($1.path, $0) }, uniquingKeysWith: { first, _ in first })
    let icons = plan.jobs.compactMap { $0 }.flatMap(\.icons).sorted {
      (order[$0.path] ?? 0) < (order[$1.path] ?? 0)
    }
    var result = AssetPlan(
      outputFolders: Dictionary(
        uniqueKeysWithValues: config.platforms.compactMap { platform in
          outputFolders[platform].map { (platform.rawValue, $0) }
        }),
      icons: icons)
    if let catalog = outputFolders[.ios] {
      let groups = symbolGroups(plan.files)
      let symbols = plan.groups.flatMap(\.symbols).filter { plan.symbolRefusals[$0] == nil }
        .sorted { (order[$0] ?? 0) < (order[$1] ?? 0) }.map {
        PlannedOutput(
          path: symbolSetPath($0, catalog: catalog, groups: groups[$0] ?? []),
          format: "symbolset")
      }
      if !symbols.isEmpty { result.symbolSets = symbols }
    }
    result.skipped = plan.skipped
    result.remove = removals(plan)
    let warnings = plan.jobs.compactMap { $0 }.flatMap(\.warnings)
    if !warnings.isEmpty { result.warnings = warnings }
    let failures =
      plan.jobs.compactMap { $0 }.flatMap(\.rejected).map(\.error.description)
      + plan.symbolRefusals.sorted { (order[$0.key] ?? 0, $0.key) < (order[$1.key] ?? 0, $1.key) }
      .map(\.value.description)
    if !failures.isEmpty { result.failures = failures }
    return result
  }

  /// What `run(plan:)` would prune, without removing anything (`AssetPlan.remove`): in each
  /// output folder (those of the file, then those of dropped platforms,
  /// `OutputManifest.droppedFolders`), the outputs `OutputManifest.pendingRemovals` finds,
  /// sorted.
  private func removals(_ plan: Plan) -> [String] {
    // A folder not listed fails the run, which removes nothing (`run(plan:)`).
    guard plan.unlisted.isEmpty else { return [] }
    let roots = config.platforms.compactMap { outputFolders[$0] }
    let considered = Set(plan.files.map { OutputManifest.absolute($0.path) })
    var seen: Set<String> = []
    var found: [String] = []
    for root in roots
      + OutputManifest.droppedFolders(
        roots: roots, project: projectFile, icons: iconsFolder)
    where seen.insert(OutputManifest.normalised(root)).inserted {
      found += OutputManifest.pendingRemovals(
        root: root, planned: plan.planned[root] ?? [:], considered: considered, scope: scope,
        marked: markedOutputs, adoptMarked: adoptsMarked
      ).sorted()
    }
    return Self.keepingGroupsOfKeptSets(found)
  }

  /// `removals` less each group's `Contents.json` the prune keeps: one whose folder holds an
  /// entry that is not removed, or a removed set that holds a file Glyphsmith did not make
  /// (kept for it, so the group stays; the prune removes a group's `Contents.json` only with
  /// its folder's last other entry). Issue 32, re-check F5: `build --plan --json` listed it.
  static func keepingGroupsOfKeptSets(_ removals: [String]) -> [String] {
    let listed = Set(removals.map(OutputManifest.normalised))
    return removals.filter { path in
      guard OutputOwnership.isGroupContentsFile(path) else { return true }
      let folder = FileName.parent(of: path)
      guard let entries = Platform.folderEntries(atPath: folder) else { return true }
      for entry in entries where entry.name != "Contents.json" {
        let child = folder + "/" + entry.name
        guard listed.contains(OutputManifest.normalised(child)) else { return false }
        if entry.isFolder, !OutputOwnership.userFiles(in: child, planned: []).isEmpty {
          return false
        }
      }
      return true
    }
  }

  /// Builds everything: `plan()`, then `run(plan:progress:)`.
  /// - Throws: what those throw.
  public func run(progress: @escaping @Sendable (Int, Int) -> Void = { _, _ in }) throws
    -> Result
  {
    try run(plan: try plan(), progress: progress)
  }

  /// The outputs carrying Glyphsmith's mark in the output folder `root`, of every declared
  /// platform writing there (`AssetsJob.markedOutputs`): what a folder without a record of
  /// outputs adopts.
  private func markedOutputs(root: String) -> [String] {
    var options = AssetsOptions()
    options.platforms = config.platforms
    options.outputFolders = outputFolders
    return AssetsJob(catalogPath: catalogPath, options: options).markedOutputs(root: root)
  }

  /// Executes `plan`: every planned output recorded first (`OutputManifest.begin`, the
  /// journal), then the icons written, then the records confirmed and what they list that is
  /// no longer made removed (`OutputManifest.update`), each removal given to `told` as it is
  /// made. `progress(done, total)` after each icon, from any thread.
  /// - Throws: what `AssetsJob.run(plan:progress:)` throws (an output folder that cannot be
  ///   created); `GlyphsmithError.writeFailed` naming a record that cannot be written, before
  ///   anything is written; per-icon failures are in the report instead.
  package func run(
    plan: Plan, told: @escaping (OutputManifest.Removal) -> Void = { _ in },
    progress: @escaping @Sendable (Int, Int) -> Void = { _, _ in }
  ) throws -> Result {
    let (files, groups, skipped) = (plan.files, plan.groups, plan.skipped)
    let total = groups.reduce(0) { $0 + $1.files.count + $1.symbols.count }
    let done = ProgressCounter(total: total, report: progress)
    var report = AssetsReport(inputs: [])
    report.warnings += plan.skippedLinks
    let planned = plan.planned
    // Every group's icons executed together (one worker pool): each planned icon carries its
    // own options. Each group's report is what its job alone gives.
    let jobs = groups.map(job)
    let parts = zip(jobs, plan.jobs).compactMap { job, jobPlan in jobPlan.map { (job, $0) } }
    let roots = config.platforms.compactMap { outputFolders[$0] }
    // The project's output folders go into each record, so that the outputs of a platform
    // block removed from the file (or of a folder moved) are pruned: its folder's record is
    // updated as if no icon made anything there.
    let folders = Dictionary(
      uniqueKeysWithValues: config.platforms.compactMap { platform in
        outputFolders[platform].map { (platform.rawValue, $0) }
      })
    let project = projectFile
    let dropped = OutputManifest.droppedFolders(
      roots: roots, project: project, icons: iconsFolder)
    var journal = OutputManifest.Journal()
    let record = {
      journal = try OutputManifest.begin(
        roots: roots, planned: planned, force: force, folders: folders, project: project,
        marked: markedOutputs)
    }
    // Symbol sets only: the journal is written before them, under the catalog's lock.
    if parts.isEmpty, let catalog = outputFolders[.ios] {
      let lock = try FolderLock(path: catalog, waiting: lockNotice)
      try withExtendedLifetime(lock) { try record() }
    } else if parts.isEmpty {
      try record()
    }
    var symbolSetsWritten = 0
    var parted = try AssetsJob.run(
      parts, progress: { _, _ in done.tick() }, beforeWriting: record,
      beforeReplacing: { try OutputManifest.replacing(roots: roots, replaced: $0) })[
      ...]
    let partReports = Array(parted)
    // A run whose image sets failed switches no image set to a symbol set (issue 32, sixth
    // trial: the symbol sets were written beside the image sets the failed run kept).
    var failing = parted.contains(where: AssetsJob.failed)
    // Every symbol of every group built before any is written, under the catalog's lock (as
    // every write there), so a symbol failing in a later group holds back the switch of an
    // earlier group's image sets too.
    var symbolLock: FolderLock? = nil
    var prepared: [Int: (job: SymbolJob, prepared: SymbolJob.Prepared)] = [:]
    if let catalog = outputFolders[.ios], groups.contains(where: { !$0.symbols.isEmpty }) {
      symbolLock = try FolderLock(path: catalog, waiting: lockNotice)
      // The staging leftovers of killed runs in the catalog cleaned, as `AssetsJob.run`
      // cleans its folders (issue 32, re-check N1: a symbol set's `.bell.symbolset.tmp-PID-N`
      // stayed, since with `ios.symbols` no image set job writes in the catalog).
      report.warnings += AssetsJob.cleanStaleStaging([catalog])
      // An icon that failed on its other platforms (a drawable the user made, say) writes
      // no symbol set either: a failing icon writes nothing, with `symbols` or without
      // (issue 32, re-check F3); its failure is told once, by its other platforms.
      let failedElsewhere = Set(
        partReports.flatMap { $0.inputs.filter { $0.status == .failed }.map(\.path) })
      for (index, group) in groups.enumerated()
      where !group.symbols.filter({ !failedElsewhere.contains($0) }).isEmpty {
        var job = symbolJob(
          group.symbols.filter { !failedElsewhere.contains($0) }, catalog: catalog, files: files)
        job.superseded = plan.superseded
        job.refused = plan.symbolRefusals
        let ready = try job.prepare()
        failing = failing || ready.fails
        prepared[index] = (job, ready)
      }
    }
    // The symbol sets this run replaces are journalled as image sets are, before any is
    // written (issue 32, eighth trial: a run killed while rewriting them left their old
    // hashes, and the next took Glyphsmith's own new files for the user's).
    let replacedSymbols = prepared.values.reduce(into: Set<String>()) {
      $0.formUnion($1.job.replacedOutputs($1.prepared))
    }
    try OutputManifest.replacing(roots: roots, replaced: replacedSymbols)
    for (index, (group, jobPlan)) in zip(groups, plan.jobs).enumerated() {
      if jobPlan != nil, let part = parted.popFirst() {
        report.inputs += part.inputs
        report.warnings += part.warnings
        for finding in part.catalogFindings where !report.catalogFindings.contains(finding) {
          report.catalogFindings.append(finding)
        }
        report.statistics.renders += part.statistics.renders
        report.statistics.taskSeconds += part.statistics.taskSeconds
      }
      if let (job, ready) = prepared[index] {
        let made = symbolSets(job.write(ready, failing: failing), options: group.options)
        report.inputs += made
        symbolSetsWritten += made.filter { $0.status == .written }.count
        for _ in group.symbols { done.tick() }
      }
    }
    // Released before the prune takes every output folder's lock (this one among them).
    withExtendedLifetime(symbolLock) {}
    symbolLock = nil
    let order = Dictionary(
      files.enumerated().map { ($1.path, $0) }, uniquingKeysWith: { first, _ in first })
    report.inputs.sort { (order[$0.path] ?? 0) < (order[$1.path] ?? 0) }
    // A folder that could not be listed fails the run, which then removes nothing (its icons
    // are not gone; trial: `chmod 000 icons/sub` had their outputs removed, exit 0).
    report.inputs =
      plan.unlisted.map { error in
        var path = ""
        if case .unusable(let folder, _) = error { path = folder }
        return AssetInputResult.failed(path: path, role: .plain, error: error)
      } + report.inputs
    let considered = Set(files.map { OutputManifest.absolute($0.path) })
    // The prune too, under each output folder's lock (in sorted order, as runs take them).
    let locks = try Set(roots + dropped).sorted().filter { Platform.status(ofPath: $0) != nil }
      .map { try FolderLock(path: $0, waiting: lockNotice) }
    defer { withExtendedLifetime(locks) {} }
    // A run that fails (a planning error such as a path Glyphsmith did not make or a
    // collision, or an icon that failed) removes nothing (issue 32, `AssetsJob.conclude`):
    // what it recorded stays recorded, and the next run that succeeds prunes it.
    var pruning = AssetsJob.Pruning(
      roots: roots + dropped, planned: planned, alternatives: plan.alternatives,
      considered: considered, journal: journal, folders: folders, project: project,
      told: told)
    pruning.scope = scope
    pruning.adoptMarked = adoptsMarked
    pruning.adoptHint =
      "build with --adopt-marked (or \"adoptMarked\": true in \(PathName(config.path).lastPathComponent))"
    let (removed, warnings, recordError) = AssetsJob.conclude(
      parts, report: report, pruning: pruning)
    report.warnings += warnings
    if let recordError { report.error = report.error ?? recordError.description }
    // The catalog was checked before the prune: what the prune removed collides with
    // nothing (issue 32, eighth trial finding 6: renaming `Bell.svg` back to `bell.svg`, or
    // moving an icon into a group, exited 1 on the set the same run removed). Checked again.
    if let again = try AssetsJob.findingsAfterPrune(
      parts, reports: partReports, removed: removed, findings: report.catalogFindings)
    {
      report.catalogFindings = again
    }
    return Result(
      report: report, removals: removed, skipped: skipped, notices: report.notices,
      recordError: recordError,
      groups: groups.map { ($0.options, Set($0.files.map(\.path) + $0.symbols)) },
      symbolSetsWritten: symbolSetsWritten)
  }

  /// `ios.symbols`: the symbol sets a `SymbolJob` wrote (`symbols`; the assets this run's
  /// prune removes do not collide with them, and are not replaced by a symbol set when the
  /// run fails, `SymbolJob.write(_:failing:)`), reported as inputs.
  private func symbolSets(_ symbols: SymbolReport, options: AssetsOptions) -> [AssetInputResult]
  {
    var results = symbols.symbols.map { entry in
      var result = AssetInputResult(
        path: entry.input, name: entry.name, status: entry.written ? .written : .unchanged,
        role: options.role.rawValue,
        shape: nil, sizePt: nil, files: [], failure: nil,
        warnings: entry.notices + entry.diagnostics)
      // The record hashes the set as written (issue 32, ninth trial finding C).
      result.writtenHashes = entry.writtenHashes
      return result
    }
    results += symbols.failures.map {
      AssetInputResult.failed(path: $0.path, role: options.role, error: $0.error)
    }
    return results
  }

  /// The summary line of a build whose planning failed (`plan()` threw `failure`: a
  /// collision, a rule that matches no icon, a path Glyphsmith did not make, ...), so that a
  /// CI log says what happened as after every other run: `summary`'s line for no icon built
  /// and nothing removed, F the icons the error lines name (each line that starts with an
  /// icon's path), K the icons a rule skips (0 when the icons folder cannot be listed), then
  /// ` (planning failed: nothing was written or removed)`, e.g. `built 0 icons (0 PNG files)
  /// to App/Icons.xcassets in 0.02 s; 0 unchanged; 0 skipped; 2 failed; 0 removed (planning
  /// failed: nothing was written or removed)`.
  public func planningFailedSummary(_ failure: any GlyphsmithFailure, seconds: Double) -> String
  {
    var icons: [String] = []
    for line in failure.description.split(separator: "\n") {
      guard let end = line.firstRange(of: ": error: ") else { continue }
      let path = String(line[..<end.lowerBound])
      if relativePath(ofPath: path) != nil, !icons.contains(path) { icons.append(path) }
    }
    let skipped = (try? collect()).map { groups($0).skipped } ?? []
    let report = AssetsReport(
      inputs: icons.map {
        AssetInputResult.failed(
          path: $0, role: .plain, error: .unusable(path: $0, problem: "planning failed"))
      })
    let result = Result(report: report, removals: [], skipped: skipped, notices: [])
    var line = summary(result, seconds: seconds)
    let done = " (nothing was written or removed)"
    if line.hasSuffix(done) { line.removeLast(done.count) }
    return line + " (planning failed: nothing was written or removed)"
  }

  /// `built N icons (M PNG files[, V VectorDrawables][, P PDFs][, S SVGs][, Y symbol sets]) to FOLDERS in S s; U unchanged; K
  /// skipped; F failed[ (P partly written)]; R removed[; K kept][ (nothing was written or
  /// removed)]` (K: set folders kept for the user's files; the last when every icon failed
  /// and the run wrote and removed nothing).
  /// Icons are counted once each however many results the run has for them (issue 32: an SVG
  /// of `ios.symbols` is a symbol set and its Android and web outputs, two results): an icon
  /// with a failed result is failed, else one with a written result is built, else unchanged.
  /// The files are every file the run wrote, a failed icon's too (the sets it wrote before it
  /// failed are on disk: issue 32, seventh trial 3b); P counts the failed icons that wrote
  /// some. `leftOut` icons not in `result` count as unchanged too: `build --watch` builds a
  /// save's icons alone, and the others stay as the last full build left them (trial t36:
  /// the line said `0 unchanged` where `build` said `99 unchanged`).
  public func summary(_ result: Result, seconds: Double, leftOut: Int = 0) -> String {
    let inputs = result.report.inputs
    let byIcon = Dictionary(grouping: inputs, by: \.path).values
    let failedIcons = byIcon.filter { $0.contains { $0.status == .failed } }.count
    let partlyWritten = byIcon.filter {
      $0.contains { $0.status == .failed }
        && $0.contains { $0.status != .unchanged && !$0.files.isEmpty }
    }.count
    let builtIcons = byIcon.filter {
      !$0.contains { $0.status == .failed } && $0.contains { $0.status == .written }
    }.count
    let written = inputs.filter { $0.status != .unchanged }
    let unchanged = byIcon.filter { $0.allSatisfy { $0.status == .unchanged } }.count + leftOut
    // Every icon failed and the run wrote and removed nothing (each failed on a path
    // Glyphsmith did not make, say): said as a failed planning says it (issue 32, eighth
    // trial finding 12).
    let nothingDone =
      !byIcon.isEmpty && failedIcons == byIcon.count && partlyWritten == 0
      && written.allSatisfy { $0.files.isEmpty } && result.symbolSetsWritten == 0
      && result.removals.isEmpty
    // PNG files are counted when some platform writes them by the project's defaults (a
    // rule's own format shows in the files written).
    var defaults = IconOptions()
    defaults.platforms = config.platforms.filter { $0 != .ios || config.ios?.symbols != true }
    defaults.catalogFormat = config.ios?.format ?? "png"
    defaults.androidFormat = config.android?.format ?? "png"
    let writesPNG = defaults.writesPNG
    let folders = config.platforms.compactMap {
      $0 == .android ? config.android.map { config.resolve($0.res) } : outputFolders[$0]
    }
    var files = AssetsBatch.fileCounts(written.flatMap(\.files), pngs: writesPNG)
    if result.symbolSetsWritten > 0 {
      let sets = counted(result.symbolSetsWritten, "symbol set")
      files = files == "0 files" ? sets : files + ", " + sets
    }
    return
      "built \(counted(builtIcons, "icon")) (\(files)) to "
      + folders.joined(separator: ", ") + " in \(String(cFormat: "%.2f", seconds)) s; "
      + "\(unchanged) unchanged; \(result.skipped.count) skipped; "
      + "\(failedIcons) failed"
      + (partlyWritten > 0 ? " (\(partlyWritten) partly written)" : "")
      + "; \(result.removed.count) removed"
      + (result.kept.isEmpty ? "" : "; \(result.kept.count) kept")
      + (nothingDone ? " (nothing was written or removed)" : "")
  }
}
