import Dispatch
import FoundationEssentials
import Glibc
import GlyphsmithCore

/// `glyphsmith assets`: renders icons into an Xcode asset catalog, one `NAME.imageset` per icon
/// (plus `NAME-compact.imageset` with `compact`), each with `NAME.png`, `NAME@2x.png`,
/// `NAME@3x.png` per scale and a `Contents.json` as Xcode writes it (Apple "Asset Catalog
/// Format Reference"); optionally Android drawables and web icons too. What each platform
/// writes is its `AssetPlatformWriter`'s plan (`AssetPlatformRegistry`); this type runs the
/// plans: reading, fingerprints, up-to-date checks, rendering in parallel, atomic writes and
/// the report.
///
/// Each imageset is built in a hidden temporary folder and swapped in whole, so a rerun leaves
/// no stale files and an interrupted run no half-written ones; other folders in the catalog
/// are never touched. One input's failure never stops the others. Every PNG carries a
/// fingerprint of its input, dark variant, options and renderer versions in a tEXt chunk
/// (`glyphsmith:source`); a rerun whose outputs all carry the current fingerprint renders and
/// writes nothing for that input (no state file).
public struct AssetsJob: Sendable {
  /// The catalog folder (`.xcassets`).
  public let catalog: URL
  /// The catalog folder as the user gave it; report paths start with it.
  public let catalogPath: String
  /// What to render and where.
  public let options: AssetsOptions
  /// The writers of every known platform, in output order (`AssetPlatformRegistry.writers`
  /// unless given).
  package let writers: [any AssetPlatformWriter]
  /// Where each known platform writes: `options.outputFolders`, else the writer's default
  /// (the catalog for iOS, `android` and `web` beside it).
  public let outputFolders: [AssetPlatform: String]
  /// The writers of the platforms asked for, with their contexts, in output order.
  private let outputs: [Output]
  /// Run each input in a worker process (see `AssetsIsolation`); `nil`: on threads in this
  /// process (library use).
  package var isolation: AssetsIsolation? = nil
  /// Told (once) when another run holds an output folder's lock and this one waits for it.
  public var lockNotice: @Sendable (String) -> Void = { _ in }
  let writeClock = SecondsCounter()
  private let fingerprintPrefix: String
  /// Each platform's fingerprint prefix (`platformOptions`): an output's fingerprint depends
  /// only on what changes its bytes, so a platform added or removed leaves the others' as
  /// they were (issue 32).
  private let fingerprintPrefixes: [AssetPlatform: String]

  /// A platform writer of this run and what it is given.
  private struct Output: Sendable {
    var writer: any AssetPlatformWriter
    var context: AssetPlatformContext
  }

  /// The tEXt key carrying each output's fingerprint.
  public static let fingerprintKey = "glyphsmith:source"

  /// The tEXt key carrying the input's shape and size, `shape=circle sizePt=25` (`shape=-`
  /// when none), so an unchanged rerun reports them without rendering.
  public static let glyphKey = "glyphsmith:glyph"

  /// `shape=S sizePt=N` for `glyphKey`.
  static func glyphText(shape: String?, sizePt: Double?) -> String {
    "shape=\(shape ?? "-") sizePt=\(sizePt.map { "\($0)" } ?? "-")"
  }

  /// `glyphText` of a recorded shape and size.
  static func glyphText(_ glyph: (shape: String?, sizePt: Double?)) -> String {
    glyphText(shape: glyph.shape, sizePt: glyph.sizePt)
  }

  /// The shape and size in a `glyphKey` text; `nil` when it is not one.
  static func parseGlyphText(_ text: String) -> (shape: String?, sizePt: Double?)? {
    let fields = text.split(separator: " ")
    guard fields.count == 2, fields[0].hasPrefix("shape="), fields[1].hasPrefix("sizePt=")
    else { return nil }
    let shape = String(fields[0].dropFirst("shape=".count))
    let size = String(fields[1].dropFirst("sizePt=".count))
    return (shape == "-" ? nil : shape, Double(size))
  }

  /// A job writing into the catalog folder at `catalogPath` (created if missing); Android and
  /// web output default to `android` and `web` beside the catalog. When iOS is not among the
  /// platforms there is no catalog: `catalogPath` (`-o`) is the folder the platforms' folders
  /// (`android`, `web`) go into. It writes with the registered platform writers
  /// (`AssetPlatformRegistry`: ios, android, web).
  public init(catalogPath: String, options: AssetsOptions) {
    self.init(catalogPath: catalogPath, options: options, writers: AssetPlatformRegistry.writers)
  }

  /// A job as `init(catalogPath:options:)` with the platform writers it knows given.
  package init(catalogPath: String, options: AssetsOptions, writers: [any AssetPlatformWriter]) {
    self.catalogPath = catalogPath
    self.catalog = URL(fileURLWithPath: catalogPath)
    self.options = options
    self.writers = writers
    var folders: [AssetPlatform: String] = [:]
    var container = catalogPath
    while container.count > 1 && container.hasSuffix("/") { container.removeLast() }
    // `''` is the current folder, never the root (`"" + "/Icons.xcassets"`; trial H3).
    if container.isEmpty { container = "." }
    // Without iOS, -o is the folder the platform folders go into: a catalog inside it.
    let defaultsFor =
      options.platforms.contains(.ios) ? catalogPath : container + "/" + "Icons.xcassets"
    for writer in writers {
      folders[writer.platform] =
        options.outputFolders[writer.platform]
        ?? writer.defaultOutputFolder(catalogPath: defaultsFor)
    }
    self.outputFolders = folders
    self.outputs = writers.filter { options.platforms.contains($0.platform) }.map {
      Output(
        writer: $0, context: AssetPlatformContext(root: folders[$0.platform]!, options: options))
    }
    self.fingerprintPrefix = Self.fingerprintPrefix(options.icon)
    var prefixes: [AssetPlatform: String] = [:]
    for writer in writers {
      prefixes[writer.platform] = Self.fingerprintPrefix(
        Self.platformOptions(options.icon, writer.platform))
    }
    self.fingerprintPrefixes = prefixes
  }

  /// Folder Android drawables go to (`res/drawable-*/` inside it).
  public var androidRoot: String { outputFolders[.android] ?? "" }
  /// Folder web icons go to (`NAME/` inside it).
  public var webRoot: String { outputFolders[.web] ?? "" }

  /// The asset names each input will get, checked for collisions before anything is written.
  /// - Throws: see `AssetPlanner.plan`.
  public func plan(_ files: [String]) throws -> [String] {
    try AssetPlanner.plan(files.map { .init(path: $0) }, options: options, writers: writers)
      .inputs.map(\.name)
  }

  /// Renders and writes files given directly (no catalog groups); see `run(collected:)`.
  public func run(
    _ files: [String], progress: @escaping @Sendable (Int, Int) -> Void = { _, _ in }
  ) throws -> AssetsReport {
    try run(collected: files.map { .init(path: $0) }, progress: progress)
  }

  /// Renders and writes every asset; sub-folders become catalog groups: `plan(collected:)`,
  /// then `run(plan:progress:)`.
  /// - Throws: what those throw.
  package func run(
    collected files: [InputCollector.CollectedFile],
    progress: @escaping @Sendable (Int, Int) -> Void = { _, _ in }
  ) throws -> AssetsReport {
    try run(plan: try plan(collected: files), progress: progress)
  }

  /// A job's plan: its icons, the planner's warnings and the files it set aside.
  package struct Plan: Sendable {
    /// The icons, in input order.
    package var icons: [PlannedIcon]
    /// Planning warnings (`AssetPlanner.plan`'s).
    package var warnings: [Diagnostic]
    /// Files that fail alone before anything runs (a file name that is not UTF-8).
    package var rejected: [(path: String, error: GlyphsmithError)]
    /// Each icon's output sets as its platforms' writers plan them (in `icons` order), so
    /// this process plans them once; a worker plans its icon's again from the icon.
    package var sets: [[PlannedAssetSet]]
    /// Each icon's asset (in `icons` order), as the writers take it.
    package var inputs: [AssetInput]
  }

  /// Plans `files` once: names and collisions (`AssetPlanner.plan`), each input's and dark
  /// variant's bytes read once and hashed (SHA-256), each icon's resolved options, fingerprint
  /// and output files. Nothing is written.
  /// - Throws: what `AssetPlanner.plan` throws.
  package func plan(collected files: [InputCollector.CollectedFile]) throws -> Plan {
    let (inputs, warnings, rejected) = try AssetPlanner.plan(
      files, options: options, writers: writers)
    let resolved = options.icon.normalised
    // The records' outputs, kept sets, hashes and launchers, looked up for every icon: made
    // once per record version (issue 36: `OutputManifest.lookups`, `RecordLookups`).
    let lookups = OutputManifest.lookups(roots: outputRoots)
    let records = lookups.records
    // Sets pruned and kept for the user's files: what is at Glyphsmith's paths there is not
    // its own (issue 32, fifth trial).
    let kept = lookups.kept
    let hashes = lookups.hashes
    // Every root's recorded outputs as one set, made once for all icons (issue 32, prune
    // speed: made per icon, it cost the square of the catalog's size).
    let recorded = lookups.recorded
    // `appicon`'s launcher files, which no icon writes over (issue 32).
    let launchers = lookups.launchers
    // The user's files of the Android resources the icons write, in any extension and
    // qualifier (issue 32 trial: a hand-made `drawable-hdpi/bell.webp` beside the written
    // `bell.png` failed the app's build): each `res` listed once for all icons.
    let android = outputs.filter { $0.writer.platform == .android }
    let resources = android.map {
      AndroidResourceIndex(res: OutputManifest.normalised($0.context.root) + "/res")
    }
    // Of them, those whose root has a record of outputs: there a marked file the record does
    // not list is a copy the user made, which shadows the new art (issue 32, seventh trial
    // finding 7); a root without a record adopts its marked files instead. The same
    // listings (issue 36: each `res` was listed twice).
    let recordedResources = zip(android, resources).filter {
      Platform.status(ofPath: $0.0.context.root + "/" + OutputManifest.fileName) != nil
    }.map(\.1)
    // The folders holding a file the records hash (a set's, made once for all icons): in
    // such a set every file Glyphsmith wrote has a hash, so one without is not its own.
    let hashedFolders = lookups.hashedFolders
    // The recorded hashes by set folder and file name, made once for all icons: a set
    // rewritten whole removes only the files its record says it wrote (issue 32, seventh
    // trial).
    let hashesByFolder = lookups.hashesByFolder
    let planned = ParallelMap.map(count: inputs.count, jobs: options.jobs) { index in
      let input = inputs[index]
      var sets = plannedSets(input)
      // A file of the other `android.format` the user changed since Glyphsmith wrote it is
      // theirs: not removed when this set is written (the prune keeps and names it; issue
      // 32, seventh trial: an edited `drawable-mdpi/bell.png` was deleted on the switch).
      func isEdited(_ path: String) -> Bool {
        guard let hash = hashes[OutputManifest.normalised(path)], let data = FileBytes.read(path)
        else { return false }
        return ContentHash.sha256(data) != hash
      }
      for index in sets.indices {
        sets[index].replaces.removeAll(where: isEdited)
        for fallback in (sets[index].fallback ?? []).indices {
          sets[index].fallback![fallback].replaces.removeAll(where: isEdited)
        }
        if sets[index].whole {
          sets[index].recorded = hashesByFolder[OutputManifest.normalised(sets[index].folder)]
        }
        for fallback in (sets[index].fallback ?? []).indices where sets[index].fallback![fallback].whole {
          sets[index].fallback![fallback].recorded =
            hashesByFolder[OutputManifest.normalised(sets[index].fallback![fallback].folder)]
        }
      }
      let shared = outputs.flatMap { $0.writer.sharedFiles(for: input, in: $0.context) }
      let owned = ownership(
        sets, shared: shared, recorded: recorded, hashes: hashes, hashedFolders: hashedFolders,
        kept: kept)
      let changed = changedFiles(
        sets, hashes: hashes, records: records, hashedFolders: hashedFolders)
      let primary = sets.filter { !$0.whole }.flatMap {
        set in set.files.map { set.folder + "/" + $0.name }
      }
      let files =
        primary
        + sets.flatMap { $0.fallback ?? [] }.filter { !$0.whole }.flatMap {
          set in set.files.map { set.folder + "/" + $0.name }
        }
      // Judged against the files written first (`auto`'s VectorDrawable), its fallback PNGs
      // not counted as written: which one `auto` writes is known only when it renders, so a
      // user's file at a fallback PNG's path (`drawable-xxhdpi/bell.png`) fails the icon as
      // it does with `vector`, before anything is written (trial: `auto` wrote `bell.xml`
      // beside it, or removed `bell.xml` and wrote three of the five PNGs).
      let conflicts = resources.flatMap {
        $0.conflicts(for: primary) { AndroidResourceIndex.isOwn($0, recorded: recorded) }
      }
      let shadows = recordedResources.flatMap { $0.shadowing(for: files, recorded: recorded) }
      let sha = Self.readBounded(input.path).map { ContentHash.sha256($0) }
      let darkSha = input.darkPath.flatMap { Self.readBounded($0) }.map { ContentHash.sha256($0) }
      let references = Self.references(of: input)
      var fingerprint: String? = nil
      if let sha, input.darkPath == nil || darkSha != nil {
        fingerprint = Self.fingerprint(
          sha256: sha, darkSha256: darkSha, prefix: fingerprintPrefix, references: references)
      }
      var icon = PlannedIcon(
        path: input.path, name: input.name, groups: input.groups, sha256: sha,
        darkPath: input.darkPath, darkSha256: darkSha, options: resolved,
        fingerprint: fingerprint, outputs: plannedFiles(sets))
      icon.references = references
      if fingerprint != nil, let sha {
        let all = setFingerprints(sha256: sha, darkSha256: darkSha, references: references)
        icon.fingerprints = Dictionary(
          uniqueKeysWithValues: outputs.compactMap { output in
            all[output.writer.platform].map { (output.writer.platform.rawValue, $0) }
          })
      }
      return (icon, sets, owned, changed, conflicts, shadows)
    }
    // Paths Glyphsmith did not make fail their icon by name (the rest goes on), unless
    // `force` replaces them; the user's files in its own sets are named.
    var plan = Plan(icons: [], warnings: warnings, rejected: rejected, sets: [], inputs: [])
    for (index, (icon, sets, owned, changed, conflicts, shadows)) in planned.enumerated() {
      var icon = icon
      // A launcher file `appicon` made is its own: an icon of its name fails, `force` or not.
      if let (path, source) = Self.launcherFile(icon.outputs, launchers: launchers) {
        plan.rejected.append(
          (icon.path, Self.launcherError(path, source: source, input: icon.path)))
        continue
      }
      // Files Glyphsmith wrote and the user changed since are replaced, each named (one that
      // is not Glyphsmith's any more, in a set it keeps for the user's files, is below).
      let changed = changed.filter { !owned.foreign.contains($0) }
      if !changed.isEmpty {
        icon.changed = changed
        plan.warnings += changed.map(OutputOwnership.changedWarning)
      }
      // An output path that is a link fails its icon, `force` or not (re-check F4).
      if let link = (owned.foreign + owned.fallbackForeign).lazy.compactMap({
        OutputOwnership.linkError($0, input: icon.path)
      }).first
      {
        plan.rejected.append((icon.path, link))
        continue
      }
      if !owned.foreign.isEmpty {
        guard options.force else {
          // Every such path of the icon named, not only the first.
          var seen: Set<String> = []
          let paths = owned.foreign.filter { seen.insert($0).inserted }
          plan.rejected.append(
            (
              icon.path,
              .unusable(path: icon.path, problem: OutputOwnership.problem(paths))
            ))
          continue
        }
        icon.replacing = owned.foreign
        // Named once (a group's `Contents.json` is shared by its icons).
        for path in owned.foreign {
          let warning = OutputOwnership.replacedWarning(path)
          if !plan.warnings.contains(warning) { plan.warnings.append(warning) }
        }
      }
      if options.force, !owned.fallbackForeign.isEmpty {
        icon.replacing = (icon.replacing ?? []) + owned.fallbackForeign
      }
      // The user's files of its Android resources in another extension or qualifier fail
      // the icon by name; `force` removes them once the icon is written, each named.
      if !conflicts.isEmpty {
        guard options.force else {
          plan.rejected.append(
            (
              icon.path,
              .unusable(path: icon.path, problem: AndroidResourceIndex.problem(conflicts))
            ))
          continue
        }
        icon.displacing = conflicts.map(\.path)
        plan.warnings += conflicts.map { OutputOwnership.replacedWarning($0.path) }
      }
      // Any other path of `auto`'s fallback PNGs that Glyphsmith did not make (a folder at a
      // PNG's path) fails the icon too, before anything is written, unless `force`.
      let fallbackForeign = owned.fallbackForeign.filter { path in
        !conflicts.contains { $0.path == path }
      }
      if !options.force, !fallbackForeign.isEmpty {
        plan.rejected.append(
          (icon.path, .unusable(path: icon.path, problem: OutputOwnership.problem(fallbackForeign))))
        continue
      }
      plan.warnings += owned.warnings
      plan.warnings += shadows.map(AndroidResourceIndex.shadowingWarning)
      plan.icons.append(icon)
      plan.sets.append(sets)
      plan.inputs.append(inputs[index])
    }
    return plan
  }

  /// The first of `outputs` that is a launcher file `appicon` made (`launchers`,
  /// `OutputManifest.launcherOutputs`), with the source it was made from; `nil` when none is.
  static func launcherFile(_ outputs: [PlannedOutput], launchers: [String: String]) -> (
    path: String, source: String
  )? {
    guard !launchers.isEmpty else { return nil }
    for output in outputs {
      if let source = launchers[OutputManifest.normalised(output.path)] {
        return (output.path, source)
      }
    }
    return nil
  }

  /// The error of the icon at `input` whose output `path` is a launcher file `appicon` made
  /// from `source` (issue 32): `INPUT: error: PATH is a launcher file glyphsmith appicon made
  /// from SOURCE, which a build never replaces; rename the icon`.
  static func launcherError(_ path: String, source: String, input: String) -> GlyphsmithError {
    .unusable(
      path: input,
      problem:
        "\(path) is a launcher file glyphsmith appicon made from \(OutputManifest.shown(source)), which a build never replaces; rename the icon"
    )
  }

  /// Which existing outputs of `sets` and `shared` files (a catalog group's `Contents.json`,
  /// `AssetPlatformWriter.sharedFiles`) Glyphsmith did not make (`OutputOwnership.owns`: not
  /// in `records`, each root's `OutputManifest.recordedOutputs`, and not marked), in writing
  /// order (`fallbackForeign`: those of fallback sets), and a warning for each user's file
  /// inside an existing set (of Glyphsmith's, or one `--force` writes into). `recorded`:
  /// the union of `records`' values, made once by the caller for every icon. Inside a set
  /// folder that is Glyphsmith's, a file at one of the paths it writes that it did not write
  /// (`isUnwritten`: the user's `bell.svg` in a PNG set switched to `--format svg`) is not
  /// Glyphsmith's either (issue 34). Nor, in a set pruned and `kept` for the user's files
  /// (normalised folders, `OutputManifest.keptOutputs`), is any file at a path it writes
  /// (`isRefilled`: the user made the set their own; issue 32, fifth trial).
  func ownership(
    _ sets: [PlannedAssetSet], shared: [String] = [], recorded: Set<String>,
    hashes: [String: String] = [:], hashedFolders: Set<String> = [], kept: Set<String> = []
  ) -> (foreign: [String], fallbackForeign: [String], warnings: [Diagnostic]) {
    // The shared files are catalog groups' `Contents.json` (`ImageSetWriter.sharedFiles`).
    var foreign = shared.filter {
      Platform.status(ofPath: $0) != nil
        && !OutputOwnership.ownsGroupContents(
          $0, recorded: recorded.contains(OutputManifest.normalised($0)),
          namespace: options.namespace)
    }
    var warnings: [Diagnostic] = []
    var fallbackForeign: [String] = []
    // A fallback set (`auto`'s PNGs) is written only when its VectorDrawable cannot be: its
    // files are listed apart (`fallbackForeign`), fail the icon in `plan(collected:)` unless
    // `force` replaces them, and are checked again when written
    // (`write(_:files:replacing:input:)`).
    for set in sets.flatMap({ $0.fallback ?? [] }) where !set.whole {
      for file in set.files {
        let path = set.folder + "/" + file.name
        let isRecorded = recorded.contains(OutputManifest.normalised(path))
        if !OutputOwnership.owns(path, folder: false, recorded: isRecorded) {
          fallbackForeign.append(path)
        }
      }
    }
    for set in sets {
      let names =
        set.files.filter { !set.isPacked($0.name) }.map(\.name)
        + (set.icon.map { [$0.name] } ?? []) + set.texts.map(\.name)
      if set.whole {
        let isRecorded = recorded.contains(OutputManifest.normalised(set.folder))
        guard Platform.status(ofPath: set.folder) != nil else { continue }
        // A folder Glyphsmith did not make fails the icon; `--force` writes its files into it,
        // keeping (and naming) every other file in it.
        if !OutputOwnership.owns(set.folder, folder: true, recorded: isRecorded, planned: names) {
          foreign.append(set.folder)
        } else if kept.contains(OutputManifest.normalised(set.folder)) {
          var refilled = names.filter { Self.isRefilled($0, inKeptSet: set) }
          if !names.contains("Contents.json"), Self.hasForeignContents(inKeptSet: set, names) {
            refilled.append("Contents.json")
          }
          foreign += refilled.map { set.folder + "/" + $0 }
        } else {
          foreign += names.filter {
            Self.isUnwritten($0, inSet: set.folder, hashes: hashes, hashedFolders: hashedFolders)
          }.map { set.folder + "/" + $0 }
        }
        let found = OutputOwnership.userFiles(
          in: set.folder, planned: Set(names), recorded: set.recorded)
        for name in found.user {
          let path = set.folder + "/" + name
          if found.changed.contains(name) {
            warnings.append(OutputOwnership.changedKeptWarning(path: path))
          } else if let warning = OutputOwnership.userFileWarning(path: path) {
            warnings.append(warning)
          }
        }
      } else {
        for name in names {
          let path = set.folder + "/" + name
          let isRecorded = recorded.contains(OutputManifest.normalised(path))
          if !OutputOwnership.owns(path, folder: false, recorded: isRecorded) {
            foreign.append(path)
          }
        }
      }
    }
    return (foreign, fallbackForeign, warnings)
  }

  /// The files of `sets` (their fallback sets' too) that Glyphsmith wrote and that were
  /// changed by hand since (issue 32), in writing order: one whose bytes no longer hash as
  /// its output folder's record says (`hashes`, `OutputManifest.recordedHashes`); without a
  /// hash, one of a name Glyphsmith gives (`OutputOwnership.isOwnName`) that has lost the
  /// mark, in a set folder that is Glyphsmith's (recorded in `records`, or marked), or a
  /// recorded single file (an Android drawable). Such a file is rewritten and named
  /// (`OutputOwnership.changedWarning`), whatever the fingerprints say.
  /// A file a set of Glyphsmith's holds at one of the paths it writes but that it did not
  /// write (`isUnwritten`) is never among them: it is the user's (issue 34).
  func changedFiles(
    _ sets: [PlannedAssetSet], hashes: [String: String], records: [String: Set<String>],
    hashedFolders: Set<String> = []
  ) -> [String] {
    var changed: [String] = []
    for set in sets + sets.flatMap({ $0.fallback ?? [] }) {
      let names =
        set.files.filter { !set.isPacked($0.name) }.map(\.name)
        + (set.icon.map { [$0.name] } ?? []) + set.texts.map(\.name)
      var folderOwned: Bool? = nil
      for name in names {
        let path = set.folder + "/" + name
        let key = OutputManifest.normalised(path)
        if let hash = hashes[key] {
          if let data = FileBytes.read(path), ContentHash.sha256(data) != hash {
            changed.append(path)
          } else if Self.isDanglingLink(path) {
            // A link pointing nowhere now stands where it wrote the file: named as changed.
            changed.append(path)
          }
          continue
        }
        guard !OutputOwnership.unmarkedNames.contains(name),
          let status = Platform.status(ofPath: path), !status.isFolder,
          !OutputOwnership.isMarkedFile(path)
        else { continue }
        if set.whole {
          guard OutputOwnership.isOwnName(name, inFolder: set.folder),
            !Self.isUnwritten(
              name, inSet: set.folder, hashes: hashes, hashedFolders: hashedFolders)
          else { continue }
          if folderOwned == nil {
            let folder = OutputManifest.normalised(set.folder)
            folderOwned =
              records.values.contains { $0.contains(folder) }
              || OutputOwnership.isMarkedFolder(set.folder, planned: names)
          }
          if folderOwned == true { changed.append(path) }
        } else if records.values.contains(where: { $0.contains(key) }) {
          changed.append(path)
        }
      }
    }
    return changed
  }

  /// Whether the file `name` in the set folder `folder` (one Glyphsmith owns, replaced
  /// whole) exists and was not written by Glyphsmith although it is at a path Glyphsmith
  /// writes (issue 34): a format switch (`--format svg`, `"format": "pdf"`) writes
  /// `bell.svg` where the user may have put a file of that name. Glyphsmith's when the record
  /// hashes it (`hashes`, changed or not) or it carries the mark; else not when the record
  /// hashes other files of the folder (`hashedFolders`: it hashes every file it writes), nor,
  /// in a catalog set without hashes (an older record, or none: an adopted set), when the
  /// set's `Contents.json` does not list it. `Contents.json` itself is the set's own.
  static func isUnwritten(
    _ name: String, inSet folder: String, hashes: [String: String], hashedFolders: Set<String>
  ) -> Bool {
    let path = folder + "/" + name
    guard !OutputOwnership.unmarkedNames.contains(name),
      hashes[OutputManifest.normalised(path)] == nil,
      let status = Platform.status(ofPath: path), !status.isFolder,
      !OutputOwnership.isMarkedFile(path)
    else { return false }
    if hashedFolders.contains(OutputManifest.normalised(folder)) { return true }
    guard OutputOwnership.setName(ofFolder: folder).catalog,
      let listed = OutputOwnership.listedNames(inSet: folder)
    else { return false }
    return !listed.contains(name)
  }

  /// Whether `path` is a symbolic link to nothing (its target missing).
  static func isDanglingLink(_ path: String) -> Bool {
    Platform.kind(ofPath: path, followingLinks: false) == .link
      && Platform.kind(ofPath: path) == nil
  }

  /// Whether the file `name` of `set`, a set folder Glyphsmith pruned and keeps for the user's
  /// files (`OutputManifest.keptOutputs`: it removed its own files then), is there and is not
  /// what Glyphsmith writes: a text (`Contents.json`) with other bytes than planned, any
  /// other file without the mark (the user's PNG and Xcode's `Contents.json` in a set they
  /// filled by hand, issue 32 fifth trial: overwritten when the icon came back). One a run
  /// killed since wrote (its bytes, its mark) is Glyphsmith's.
  static func isRefilled(_ name: String, inKeptSet set: PlannedAssetSet) -> Bool {
    let path = set.folder + "/" + name
    guard let status = Platform.status(ofPath: path) else { return false }
    if status.isFolder { return true }
    if let text = set.texts.first(where: { $0.name == name }) {
      return FileBytes.read(path) != text.data
    }
    return !OutputOwnership.isMarkedFile(path)
  }

  /// Whether the catalog set `set`, pruned and kept for the user's files, holds a
  /// `Contents.json` Glyphsmith did not write (`isRefilled` for the description its writer
  /// makes when it writes the set): one not in Xcode's text, or listing a file that is not
  /// among `planned` or does not carry the mark (Xcode's, describing the designer's PNG).
  static func hasForeignContents(inKeptSet set: PlannedAssetSet, _ planned: [String]) -> Bool {
    guard OutputOwnership.setName(ofFolder: set.folder).catalog,
      Platform.status(ofPath: set.folder + "/Contents.json") != nil
    else { return false }
    guard let listed = OutputOwnership.listedNames(inSet: set.folder) else { return true }
    return listed.contains {
      !planned.contains($0) || !OutputOwnership.isMarkedFile(set.folder + "/" + $0)
    }
  }

  /// The output sets of `input` on every platform of the job, in writing order.
  func plannedSets(_ input: AssetInput) -> [PlannedAssetSet] {
    outputs.flatMap { output in
      output.writer.plannedSets(for: input, in: output.context).map { set in
        var set = set
        set.platform = output.writer.platform
        set.fallback = set.fallback?.map { fallback in
          var fallback = fallback
          fallback.platform = output.writer.platform
          return fallback
        }
        return set
      }
    }
  }

  /// `options` as the outputs of `platform` see them: that platform alone (so `normalised`
  /// sets what only another platform reads to its neutral value), and without iOS the
  /// defaults of what only image sets read (`scales`, `compact`).
  static func platformOptions(_ options: IconOptions, _ platform: AssetPlatform) -> IconOptions {
    var result = options
    result.platforms = [platform]
    if platform != .ios {
      result.scales = IconOptions().scales
      result.compact = false
    }
    return result
  }

  /// The fingerprint each platform's outputs of an input carry, from the SHA-256 of the
  /// input's bytes and of its dark variant's (`fingerprint(sha256:darkSha256:prefix:)` with
  /// the platform's prefix).
  func setFingerprints(sha256: String, darkSha256: String?, references: [String: String]? = nil)
    -> [AssetPlatform: String]
  {
    fingerprintPrefixes.mapValues {
      Self.fingerprint(
        sha256: sha256, darkSha256: darkSha256, prefix: $0, references: references)
    }
  }

  /// The local files the icon's SVG (and its dark variant's) draws (`SVGReferences`), each
  /// with the SHA-256 of its bytes (`missing` for one that cannot be read), by absolute path;
  /// `nil` when it draws none.
  static func references(of input: AssetInput) -> [String: String]? {
    var found: [String: String] = [:]
    for path in [input.path] + (input.darkPath.map { [$0] } ?? []) {
      for file in SVGReferences.localFiles(ofSVGAt: path) where found[file] == nil {
        found[file] = readBounded(file).map { ContentHash.sha256($0) } ?? "missing"
      }
    }
    return found.isEmpty ? nil : found
  }

  /// The fingerprint the files of `set` carry, of `fingerprints` (`setFingerprints`).
  private func fingerprint(of set: PlannedAssetSet, in fingerprints: [AssetPlatform: String])
    -> String
  {
    set.platform.flatMap { fingerprints[$0] } ?? fingerprints.values.sorted().first ?? ""
  }

  /// The files of `sets`, in writing order, with their formats (a fallback set's files
  /// marked).
  private func plannedFiles(_ sets: [PlannedAssetSet]) -> [PlannedOutput] {
    func files(_ set: PlannedAssetSet, fallback: Bool?) -> [PlannedOutput] {
      var found = set.files.filter { !set.isPacked($0.name) }.map {
        PlannedOutput(path: set.folder + "/" + $0.name, format: $0.format.name, fallback: fallback)
      }
      if let icon = set.icon {
        found.append(
          PlannedOutput(
            path: set.folder + "/" + icon.name, format: OutputFormats.ico.name, fallback: fallback))
      }
      found += set.texts.map {
        PlannedOutput(path: set.folder + "/" + $0.name, format: "json", fallback: fallback)
      }
      return found
    }
    return sets.flatMap { set in
      files(set, fallback: nil) + (set.fallback ?? []).flatMap { files($0, fallback: true) }
    }
  }

  /// Renders and writes every icon of `plan`, then ends the run (`conclude`: the files its
  /// sets replace are removed only when no icon failed). `progress(done, total)` is called
  /// after each input, from any thread. After a run that wrote something, each platform's writer checks
  /// its output into `catalogFindings` (iOS: the catalog validated by `CatalogValidator`).
  /// - Throws: what a writer's `prepare` throws (`GlyphsmithError.writeFailed` when the
  ///   catalog or a group folder cannot be created) and what its `findings` throw; per-input
  ///   failures (an input changed or deleted since planning among them) are reported in the
  ///   result instead.
  package func run(
    plan: Plan, progress: @escaping @Sendable (Int, Int) -> Void = { _, _ in }
  ) throws -> AssetsReport {
    let report = try Self.run([(self, plan)], progress: progress)[0]
    // A run that failed removes nothing; one that succeeded, what its sets replace.
    _ = Self.conclude([(self, plan)], report: report, pruning: nil)
    return report
  }

  /// Executes several jobs' plans as one run (a build's groups, each a job of its own
  /// options): every output folder locked once, every job's writers prepared, then every
  /// icon of every plan executed together (one worker pool with `isolation`: each planned
  /// icon carries its options), then each job's report and findings, in order. `progress`
  /// counts the icons of all the plans. Each report is what `run(plan:)` of its job alone
  /// gives, but for `librarySeconds` of work done here, which the first report holds.
  /// `beforeWriting` runs once the folders are locked, before anything is written (the
  /// journal of outputs, `OutputManifest.begin`); what it throws ends the run then.
  /// `beforeReplacing` runs once the writers are prepared, before any icon is written, with
  /// the output paths the out-of-date icons will replace (`staleOutputs`: standardized
  /// absolute set folders and files), so the journal can say they are being replaced
  /// (`OutputManifest.replacing`); what it throws ends the run then.
  /// - Throws: as `run(plan:progress:)`, and what `beforeWriting` or `beforeReplacing` throw.
  package static func run(
    _ parts: [(job: AssetsJob, plan: Plan)],
    progress: @escaping @Sendable (Int, Int) -> Void = { _, _ in },
    beforeWriting: () throws -> Void = {},
    beforeReplacing: (Set<String>) throws -> Void = { _ in }
  ) throws -> [AssetsReport] {
    guard let first = parts.first?.job else { return [] }
    // Each output folder is locked for the whole run (two runs take turns), and staging
    // leftovers of killed runs in it are cleaned. Asset folders are not entered: they are
    // replaced whole, so nothing stages inside one (a stray file in one of this run's sets
    // makes it out of date, and it is rewritten whole).
    let roots = Set(parts.flatMap(\.job.outputRoots)).sorted()
    let locks = try roots.map { try FolderLock(path: $0, waiting: first.lockNotice) }
    defer { withExtendedLifetime(locks) {} }
    let leftovers = cleanStaleStaging(roots)
    try beforeWriting()
    for (job, plan) in parts {
      for output in job.outputs { try output.writer.prepare(plan.inputs, in: output.context) }
    }
    let counter = ProgressCounter(
      total: parts.reduce(0) { $0 + $1.plan.inputs.count }, report: progress)
    let libraryBefore = LibraryClock.seconds
    let canonicalBefore = CanonicalReadClock.seconds
    // The outputs the stale icons replace are told before any is (the journal, issue 32
    // eighth trial: a run killed while re-rendering recorded outputs left their old hashes,
    // and the next run took its own new files for the user's).
    let (unchanged, replaced) = staleOutputs(parts)
    try beforeReplacing(replaced)
    let (timed, workerClocks) = processAll(parts, counter: counter, unchanged: unchanged)
    let librarySeconds = LibraryClock.seconds - libraryBefore
    let canonicalSeconds = CanonicalReadClock.seconds - canonicalBefore
    var reports = try parts.indices.map { part in
      try parts[part].job.report(
        parts[part].plan, timed: timed[part], workerClocks: workerClocks[part],
        librarySeconds: part == 0 ? librarySeconds : 0,
        canonicalSeconds: part == 0 ? canonicalSeconds : 0)
    }
    reports[0].warnings = leftovers + reports[0].warnings
    return reports
  }

  /// Cleans the staging leftovers of killed runs (and of workers that died in this one) in
  /// the output folders `roots` (`OutputSafety.cleanStaleStaging`), asset folders not
  /// entered: a set a killed run had moved aside (`.NAME.old-PID-N`) while `NAME` is missing
  /// is put back, and a leftover holding a file Glyphsmith did not write is kept (issue 32
  /// trial: the user's file in a set whose swap was killed was deleted with it).
  /// - Returns: a warning (kind `output-record`) for each set put back and each leftover
  ///   kept.
  @discardableResult
  static func cleanStaleStaging(_ roots: [String]) -> [Diagnostic] {
    var warnings: [Diagnostic] = []
    for root in roots {
      let cleanup = OutputSafety.cleanStaleStaging(
        under: root, descendingInto: { !isAssetFolder($0) },
        isOwn: OutputOwnership.isOwnStagedFile)
      for (from, to) in cleanup.restored {
        let name = from.split(separator: "/").last.map(String.init) ?? from
        warnings.append(
          .warning(
            "put back from \(name), where a glyphsmith run killed while replacing it had moved it",
            path: to, kind: Diagnostic.Kind.outputRecord))
      }
      for path in cleanup.kept {
        warnings.append(
          .warning(
            "left by a glyphsmith run that was killed, and holds files glyphsmith did not write; kept: move them out, then delete it",
            path: path, kind: Diagnostic.Kind.outputRecord))
      }
    }
    return warnings
  }

  /// The report of `plan` executed (`timed`: each icon's result and task seconds, in plan
  /// order): the planner's set-aside files first, the statistics, and after every run,
  /// written or unchanged alike, the findings of each platform's writer.
  private func report(
    _ plan: Plan, timed: [(AssetInputResult, Double)], workerClocks: WorkerClocks,
    librarySeconds: Double, canonicalSeconds: Double
  ) throws -> AssetsReport {
    let inputs = plan.inputs
    // Files the planner set aside (a file name that is not UTF-8) fail alone, first.
    let refused = plan.rejected.map {
      AssetInputResult.failed(path: $0, role: options.role, error: $1)
    }
    var report = AssetsReport(inputs: refused + timed.map(\.0))
    report.warnings = plan.warnings
    report.statistics.renders = timed.reduce(0) {
      $0 + ($1.0.status == .written ? $1.0.files.count : 0)
    }
    report.statistics.taskSeconds = timed.reduce(0) { $0 + $1.1 }
    report.statistics.librarySeconds = librarySeconds + workerClocks.librarySeconds
    report.statistics.writeSeconds = writeClock.seconds + workerClocks.writeSeconds
    report.statistics.canonicalSeconds = canonicalSeconds + workerClocks.canonicalSeconds
    // Every run, written or unchanged alike, so the same inputs give the same findings and
    // exit code (see `AssetPlatformWriter.findings(in:inputs:written:)`).
    let checkStart = DispatchTime.now().uptimeNanoseconds
    report.catalogFindings = try catalogFindings(inputs, results: timed.map(\.0))
    report.statistics.checkSeconds =
      Double(DispatchTime.now().uptimeNanoseconds - checkStart) / 1e9
    return report
  }

  /// The findings of each platform's writer about `inputs` (`AssetPlatformWriter.findings(
  /// in:inputs:written:)`), given their `results` in the same order: failed icons left out,
  /// written ones checked whole. Run after every run, and again after a prune that removed
  /// something (issue 32, eighth trial finding 6: a set the prune removes is no collision).
  /// - Throws: what the writers' `findings` throw (the catalog cannot be read).
  package func catalogFindings(_ inputs: [AssetInput], results: [AssetInputResult]) throws
    -> [Diagnostic]
  {
    let done = zip(inputs, results).filter { $0.1.status != .failed }
    let written = done.filter { $0.1.status == .written }.map(\.0)
    var findings: [Diagnostic] = []
    for output in outputs {
      findings += try output.writer.findings(
        in: output.context, inputs: done.map(\.0), written: written)
    }
    return findings
  }

  /// The findings of `parts` after a prune, given each part's report in the same order
  /// (`AssetsJob.run`'s): `catalogFindings` of each part's planned inputs with their results
  /// (an input without one counts as failed), findings in order without repeats. The catalog
  /// is checked before the prune; what the prune removed collides with nothing, so a run whose
  /// prune `removed` a set and that had findings checks again (issue 32, eighth trial finding
  /// 6: renaming `Bell.svg` back to `bell.svg`, or moving an icon into a group, exited 1 on the
  /// set the same run removed; `build` and `assets --prune` alike).
  /// - Returns: `nil` when nothing needs checking again (no set removed, or no finding).
  /// - Throws: what `catalogFindings` throws.
  package static func findingsAfterPrune(
    _ parts: [(AssetsJob, Plan)], reports: [AssetsReport], removed: [OutputManifest.Removal],
    findings: [Diagnostic]
  ) throws -> [Diagnostic]? {
    guard removed.contains(where: { $0.kept.isEmpty }), !findings.isEmpty else { return nil }
    var again: [Diagnostic] = []
    for ((job, jobPlan), part) in zip(parts, reports) {
      let byPath = Dictionary(
        part.inputs.map { ($0.path, $0) },
        uniquingKeysWith: { (first: AssetInputResult, _: AssetInputResult) in first })
      let results = jobPlan.inputs.map {
        byPath[$0.path]
          ?? AssetInputResult.failed(
            path: $0.path, role: job.options.role,
            error: .unusable(path: $0.path, problem: "no result"))
      }
      for finding in try job.catalogFindings(jobPlan.inputs, results: results)
      where !again.contains(finding) {
        again.append(finding)
      }
    }
    return again
  }

  /// Whether a folder named `name` is an asset folder (`NAME.imageset`, `.appiconset`,
  /// `.symbolset`, ...: an extension `CatalogVocabulary.entryKeys` knows).
  static func isAssetFolder(_ name: String) -> Bool {
    guard let dot = name.utf8.lastIndex(of: UInt8(ascii: ".")), dot != name.startIndex else {
      return false
    }
    return CatalogVocabulary.entryKeys[String(name[name.index(after: dot)...])] != nil
  }

  /// What each of `inputs` makes, by output folder: `[root: [output: source]]`, the output a
  /// set folder replaced whole (an image set, a web icon folder) or else each file (an Android
  /// drawable, the fallback PNGs of `auto` among them; a catalog group's `Contents.json`,
  /// `AssetPlatformWriter.sharedFiles`, its first input's), as paths starting with the root;
  /// the source the input's path. For `OutputManifest`.
  package func plannedOutputs(_ inputs: [AssetInput]) -> [String: [String: String]] {
    var planned: [String: [String: String]] = [:]
    for output in outputs {
      var root = output.context.root
      while root.count > 1 && root.hasSuffix("/") { root.removeLast() }
      for input in inputs {
        // A fallback set (`auto`'s PNGs, written when the VectorDrawable cannot be) is
        // recorded too, so a deleted icon's fallback PNGs are pruned.
        let sets = output.writer.plannedSets(for: input, in: output.context)
        for set in sets + sets.flatMap({ $0.fallback ?? [] }) {
          let paths =
            set.whole
            ? [set.folder]
            : set.files.filter { !set.isPacked($0.name) }.map { set.folder + "/" + $0.name }
          for path in paths { planned[root, default: [:]][path] = input.path }
        }
        for path in output.writer.sharedFiles(for: input, in: output.context)
        where planned[root]?[path] == nil {
          planned[root, default: [:]][path] = input.path
        }
      }
    }
    return planned
  }

  /// The outputs of `inputs` only one of which a run writes (paths as `plannedOutputs` gives
  /// them): `android.format auto`'s VectorDrawable and its fallback PNGs. The journal lists
  /// both; the confirmed record only the one written (`OutputManifest.written`).
  package func alternativeOutputs(_ inputs: [AssetInput]) -> Set<String> {
    var found: Set<String> = []
    for output in outputs {
      for input in inputs {
        for set in output.writer.plannedSets(for: input, in: output.context) {
          guard let fallback = set.fallback else { continue }
          for alternative in [set] + fallback where !alternative.whole {
            for file in alternative.files where !alternative.isPacked(file.name) {
              found.insert(alternative.folder + "/" + file.name)
            }
          }
        }
      }
    }
    return found
  }

  /// The outputs in the output folder `root` that carry Glyphsmith's mark, of every platform
  /// of the job writing there (`AssetPlatformWriter.markedOutputs`), for
  /// `OutputManifest.begin` in a folder without a record.
  package func markedOutputs(root: String) -> [String] {
    let base = OutputManifest.normalised(root)
    return outputs.filter { OutputManifest.normalised($0.context.root) == base }.flatMap {
      $0.writer.markedOutputs(in: $0.context)
    }
  }

  /// The folders this job writes into, sorted (locks are taken in this order).
  var outputRoots: [String] { Set(outputs.map(\.context.root)).sorted() }

  /// Throws when a folder between an output root and `folder` is a symbolic link.
  func checkOutputFolder(_ folder: String) throws {
    for root in outputRoots { try OutputSafety.checkNoLinkedFolders(root: root, folder: folder) }
  }

  // MARK: - One input

  /// The result of `icon` (whose output sets are `sets`) when its outputs already carry its
  /// planned fingerprint (status `unchanged`), else nil: nothing is read or rendered, and any
  /// error is left to `process`.
  func upToDateResult(_ icon: PlannedIcon, sets: [PlannedAssetSet]) -> AssetInputResult? {
    guard !options.force, icon.changed == nil, icon.fingerprint != nil, let sha = icon.sha256,
      let existing = upToDateFiles(
        sets,
        fingerprints: setFingerprints(
          sha256: sha, darkSha256: icon.darkSha256, references: icon.references))
    else { return nil }
    let result = AssetInputResult(
      path: icon.path, name: icon.name, status: .unchanged, role: options.role.rawValue,
      shape: existing.shape, sizePt: existing.sizePt, files: existing.files, failure: nil,
      warnings: [])
    return result
  }

  /// Renders and writes `icon`'s sets, or answers `unchanged` when its outputs carry its
  /// fingerprint. An input (or dark variant) whose bytes no longer hash as planned, or that
  /// is gone, fails naming it (`GlyphsmithError.unusable`, "changed while the run was going
  /// on"). `knownStale`: the caller (the parent of a worker) has just found them out of date
  /// (`upToDateResult`), so they are not read and checked a second time. `sets`: its output
  /// sets, when already planned (else planned here). `recorded`: the records' hashes of its
  /// sets' folders as the parent read them (`recordedForWorker`), so a worker does not decode
  /// the records to find them; `nil`: read here (`RecordedHashIndex`).
  func process(
    _ icon: PlannedIcon, sets planned: [PlannedAssetSet]? = nil, knownStale: Bool = false,
    recorded: [String: [String: String]]? = nil
  ) -> AssetInputResult {
    var result = AssetInputResult(
      path: icon.path, name: icon.name, status: .failed, role: options.role.rawValue,
      shape: nil, sizePt: nil, files: [], failure: nil, warnings: [])
    do {
      let data = try readInput(icon.path, planned: icon.sha256)
      let darkData = try icon.darkPath.map { try readInput($0, planned: icon.darkSha256) }
      let fingerprints = setFingerprints(
        sha256: icon.sha256 ?? ContentHash.sha256(data),
        darkSha256: icon.darkSha256 ?? darkData.map { ContentHash.sha256($0) },
        references: icon.references)
      let sets = planned ?? withRecordedHashes(plannedSets(icon.input), index: recorded)
      if !options.force, !knownStale, icon.changed == nil,
        let existing = upToDateFiles(sets, fingerprints: fingerprints)
      {
        result.status = .unchanged
        result.files = existing.files
        result.shape = existing.shape
        result.sizePt = existing.sizePt
        return result
      }
      let base = URL(fileURLWithPath: icon.path).deletingLastPathComponent()
      let artwork = try Artwork(data: data, path: icon.path, baseDirectory: base)
      let dark = try icon.darkPath.map {
        try Artwork(data: darkData!, path: $0, baseDirectory: base)
      }
      var warnings = artwork.diagnostics
      var upscaled = false
      var pending = sets[...]
      while let set = pending.popFirst() {
        var written: [(name: String, data: Data)] = []
        var files: [WrittenFile] = []
        // Each set's files carry the shape and size of the set's own first render, so a
        // platform's bytes never depend on which other platforms the run writes (issue 32,
        // re-check F6: Android PNGs carried iOS's glyph text, so switching `ios.symbols` or
        // adding iOS left them unlike a clean build's).
        var setShape: String? = nil
        var setSizePt: Double? = nil
        do {
          for file in set.files {
            let source = OutputSource(
              artwork: file.dark ? dark! : artwork,
              fingerprint: fingerprint(of: set, in: fingerprints),
              minSdk: options.minSdk, shape: setShape, sizePt: setSizePt)
            let encoded = try file.format.encode(file, from: source)
            warnings += encoded.warnings.filter { !warnings.contains($0) }
            if let glyph = encoded.glyph {
              for warning in glyph.diagnostics where !warnings.contains(warning) {
                // One upscaling warning an input is enough (the factor differs per scale);
                // told apart by its kind, never by its words.
                if warning.kind == Diagnostic.Kind.upscaledRaster {
                  if upscaled { continue }
                  upscaled = true
                }
                warnings.append(warning)
              }
              if setShape == nil, let shape = glyph.shape { setShape = shape.rawValue }
              if setSizePt == nil { setSizePt = Self.sizePt(glyph) }
              if result.shape == nil, let shape = glyph.shape { result.shape = shape.rawValue }
              if result.sizePt == nil { result.sizePt = Self.sizePt(glyph) }
            }
            if let recorded = encoded.recorded {
              if setShape == nil { setShape = recorded.shape }
              if setSizePt == nil { setSizePt = recorded.sizePt }
              if result.shape == nil { result.shape = recorded.shape }
              if result.sizePt == nil { result.sizePt = recorded.sizePt }
            }
            written.append((file.name, encoded.data))
            files.append(
              WrittenFile(path: file.reportPath, width: encoded.width, height: encoded.height))
          }
        } catch let error as GlyphsmithError {
          // `auto`: a VectorDrawable that cannot express the input gives way to its PNGs (an
          // SVG image set to its PDF).
          // The warning names the file that could not be expressed: a dark variant's own.
          guard let fallback = set.fallback, case .unusable(let path, let problem) = error else {
            throw error
          }
          warnings.append(
            .warning(
              "\(problem); \(set.fallbackNote)", path: path,
              kind: Diagnostic.Kind.rasterFallback))
          pending = fallback[...] + pending
          continue
        }
        if let icon = set.icon {
          let pngs = icon.entries.map { entry in
            (side: entry.side, data: written.first { $0.name == entry.file }!.data)
          }
          written.removeAll { set.isPacked($0.name) }
          written.append((icon.name, OutputFormats.ico.pack(pngs)))
        }
        // What the set replaces (the other `android.format`'s files) is removed once every
        // icon has been executed (`conclude`), in a failed run too.
        try write(
          set, files: written + set.texts,
          replacing: (icon.replacing ?? []) + (icon.changed ?? []), input: icon.path,
          recorded: recorded)
        // Listed once on disk: a failed icon's result keeps the sets it did write, so the
        // summary counts what is there (issue 32, seventh trial 3b).
        result.files += files
        for file in written + set.texts {
          result.writtenHashes.byPath[OutputManifest.normalised(set.folder + "/" + file.name)] =
            ContentHash.sha256(file.data)
        }
      }
      // `--force`: the user's files of its Android resources in another extension or
      // qualifier go now that the icon's own are written (`PlannedIcon.displacing`).
      // Not one this icon has just written (`auto`'s fallback PNG at the user's file's path).
      for path in icon.displacing ?? []
      where Platform.status(ofPath: path) != nil
        && result.writtenHashes.byPath[OutputManifest.normalised(path)] == nil
      {
        guard FileName.withCPath(path, { unlink($0) }) == 0 else {
          throw GlyphsmithError.writeFailed(path: path, reason: String(cString: strerror(errno)))
        }
      }
      result.status = .written
      result.warnings = warnings
    } catch {
      // `files` keeps the sets written before the failure (they are on disk, and hashed).
      result.failure = GlyphsmithError.wrap(error, path: icon.path)
    }
    return result
  }

  /// `sets`, planned anew (in a worker), each set replaced whole given its record's hashes
  /// (`PlannedAssetSet.recorded`), as `plan(collected:)` gives them: read once per record
  /// (`RecordedHashIndex`), or from `index` when given (`recordedForWorker`: the parent's).
  func withRecordedHashes(_ sets: [PlannedAssetSet], index given: [String: [String: String]]? = nil)
    -> [PlannedAssetSet]
  {
    var sets = sets
    let index = given ?? RecordedHashIndex.shared.byFolder(roots: outputRoots)
    for position in sets.indices where sets[position].whole {
      sets[position].recorded = index[OutputManifest.normalised(sets[position].folder)]
    }
    for position in sets.indices {
      for fallback in (sets[position].fallback ?? []).indices
      where sets[position].fallback![fallback].whole {
        sets[position].fallback![fallback].recorded =
          index[OutputManifest.normalised(sets[position].fallback![fallback].folder)]
      }
    }
    return sets
  }

  /// What of the records' hashes by folder (`index`: `RecordedHashIndex.byFolder` of this
  /// job's output roots, read after the journal moved the replaced hashes aside) a worker
  /// asks for when it executes an icon whose sets are `sets` (fallbacks included): each whole
  /// set's folder entire (`withRecordedHashes`; its user's files are told by it), and of a
  /// folder of files written one by one (drawables) the entries of the set's own files
  /// (`journalReplacements` asks for no other). The parent hands it with the icon, so a
  /// fresh worker does not decode the records (1.2-1.9 MB each on Lucide) for a few hashes
  /// (issue 36: 16 % of a `build --watch` save); the worker's answer is what it would have
  /// read, from the same record bytes.
  static func recordedForWorker(
    _ sets: [PlannedAssetSet], index: [String: [String: String]]
  ) -> [String: [String: String]] {
    var handed: [String: [String: String]] = [:]
    for set in sets + sets.flatMap({ $0.fallback ?? [] }) {
      let folder = OutputManifest.normalised(set.folder)
      guard let entries = index[folder] else { continue }
      if set.whole {
        handed[folder] = entries
        continue
      }
      var names = Set(set.files.map(\.name) + set.texts.map(\.name))
      if let icon = set.icon { names.insert(icon.name) }
      for name in names {
        if let hash = entries[name] { handed[folder, default: [:]][name] = hash }
      }
    }
    return handed
  }

  /// The problem of an input that differs from what was planned.
  static let changedProblem = "changed while the run was going on; run again"
  /// The problem of an input that was read when planning and is gone (or unreadable) now.
  static let goneProblem =
    "was deleted or became unreadable while the run was going on; run again"

  /// The bytes of the file at `path`, or `nil` when it cannot be read or is larger than any
  /// input may be (the SVG and the PNG file bounds, `Artwork(path:)`): a file past them is
  /// never read into memory, not even to hash it when planning (issue 33: `assets` read a
  /// 150 MB PNG whole, 2.3 s and 175 MB, before refusing it by its size).
  static func readBounded(_ path: String) -> Data? {
    let bound = max(
      SVGDocument.maximumFileSize,
      PNGCodec.maximumFileBytes(maxPixels: InputLimits.current.maxPixels))
    if let size = Platform.status(ofPath: path)?.size, size > bound { return nil }
    return FileBytes.read(path)
  }

  /// The bytes of the input at `path`, which hashed to `planned` when the run was planned
  /// (`nil`: it could not be read then).
  /// - Throws: `GlyphsmithError.unusable` (`changedProblem`) when it hashes otherwise now, or
  ///   is gone or unreadable though it was read when planning; else the precise error of an
  ///   unreadable or too large input.
  private func readInput(_ path: String, planned: String?) throws -> Data {
    // Artwork(path:) gives the precise errors (missing, folder, size); reuse it for them.
    guard let data = Self.readBounded(path) else {
      if planned != nil {
        throw GlyphsmithError.unusable(path: path, problem: Self.goneProblem)
      }
      _ = try Artwork(path: path)
      throw GlyphsmithError.unreadable(path: path, reason: "cannot read")
    }
    guard planned == ContentHash.sha256(data) else {
      throw GlyphsmithError.unusable(path: path, problem: Self.changedProblem)
    }
    if data.count > SVGDocument.maximumFileSize && !data.starts(with: [0x89, 0x50, 0x4E, 0x47]) {
      throw GlyphsmithError.render(
        .tooLarge(path: path, what: "\(data.count) bytes; SVG files are limited to 10 MiB"))
    }
    return data
  }

  /// The size a glyph was made for, in pt: the HIG target's limiting side for its shape
  /// (width for wide, height for tall, the side for circle and square), else the canvas width.
  static func sizePt(_ glyph: RenderedGlyph) -> Double {
    sizePt(shape: glyph.shape, targetPt: glyph.targetPt, canvasPt: glyph.canvasPt)
  }

  /// `sizePt(_:)` from a layout's shape, HIG target box and canvas (pt), for a vector file
  /// laid out as the PNG is (`VectorRender.laidOut`).
  static func sizePt(shape: GlyphShape?, targetPt: Size?, canvasPt: Size) -> Double {
    guard let target = targetPt else { return canvasPt.width }
    switch shape {
    case .wide: return target.width
    case .tall: return target.height
    default: return min(target.width, target.height)
    }
  }

  /// The renderer versions, read once.
  private static let rendererSummary = RendererVersions.current.summary

  /// SHA-256 over everything that decides an input's outputs: `prefix` and the SHA-256 of
  /// the input's bytes and of its dark variant's.
  /// With `references` (the files the SVG draws, `references(of:)`), one line more: each
  /// file's name relative to the icon's folder and its SHA-256 (`parts/tex.png SHA`), sorted,
  /// `;`-separated; without (an icon that draws no file) the text and so the fingerprint are
  /// exactly those before references were hashed (issue 37 trial HIGH-2).
  static func fingerprint(
    sha256: String, darkSha256: String?, prefix: String, references: [String: String]? = nil
  ) -> String {
    var lines = [sha256, darkSha256 ?? "-"]
    if let references, !references.isEmpty {
      lines.append(
        references.sorted { $0.key < $1.key }
          .map { "\(PathName($0.key).lastPathComponent) \($0.value)" }
          .joined(separator: ";"))
    }
    // The hash of `prefix` + newline + the lines, the prefix's state kept between inputs.
    return ContentHash.sha256(prefix: prefix + "\n", rest: lines.joined(separator: "\n"))
  }

  /// The part of every fingerprint that is the same for all icons of one resolved value: a
  /// format version, the renderer versions, and the options with the platforms
  /// (`IconOptions.fingerprintText`).
  static func fingerprintPrefix(_ options: IconOptions) -> String {
    ["glyphsmith-assets-2", rendererSummary, options.fingerprintText].joined(separator: "\n")
  }

  /// Writes `files` as `set`: a whole folder keeping the user's files in it
  /// (`OutputOwnership.userFiles`; also in a folder not Glyphsmith's that `force` writes into:
  /// `--force` replaces only what it writes), else file by file, none of them over a file Glyphsmith did not
  /// make unless among `replacing` (a fallback set, which planning did not fail the icon for;
  /// the error names `input`).
  private func write(
    _ set: PlannedAssetSet, files: [(name: String, data: Data)], replacing: [String],
    input: String, recorded: [String: [String: String]]? = nil
  ) throws {
    let start = DispatchTime.now().uptimeNanoseconds
    defer { writeClock.add(DispatchTime.now().uptimeNanoseconds - start) }
    try checkOutputFolder(set.folder)
    try journalReplacements(set, files: files, index: recorded)
    if set.whole {
      try FileManager.default.createDirectory(
        atPath: URL(fileURLWithPath: set.folder).deletingLastPathComponent().path,
        withIntermediateDirectories: true)
      let keeping = OutputOwnership.userFiles(
        in: set.folder, planned: Set(files.map(\.name)), recorded: set.recorded
      ).user
      try AtomicFolder.write(files, toPath: set.folder, keeping: keeping)
    } else {
      for file in files {
        let path = set.folder + "/" + file.name
        if !replacing.contains(path), !OutputOwnership.owns(path, folder: false, recorded: false) {
          throw OutputOwnership.notOwned(path, input: input)
        }
      }
      for file in files { try AtomicFile.write(file.data, toPath: set.folder + "/" + file.name) }
    }
  }

  /// Journals in the record of `set`'s output folder what `files` will put there, before any
  /// of them is (`OutputManifest.journalReplacements`), when `set` is an output the record
  /// hashes (a set folder it hashes files of, every file of it then; a drawable it hashes):
  /// a run killed after the rename leaves a content the next run knows as Glyphsmith's, and
  /// a third one is the user's (issue 32, ninth trial). New outputs are not journalled
  /// (their record entry is pending, judged by Glyphsmith's mark). `index`: the records'
  /// hashes by folder the parent handed (`recordedForWorker`), else read
  /// (`RecordedHashIndex`).
  /// - Throws: `GlyphsmithError.writeFailed` when the journal cannot be written; nothing of
  ///   the set is written then.
  private func journalReplacements(
    _ set: PlannedAssetSet, files: [(name: String, data: Data)],
    index: [String: [String: String]]? = nil
  ) throws {
    let folder = OutputManifest.normalised(set.folder)
    // A whole set carries its record's hashes (`PlannedAssetSet.recorded`); the index is
    // asked only for files written one by one (drawables).
    let recorded =
      set.whole
      ? set.recorded : (index ?? RecordedHashIndex.shared.byFolder(roots: outputRoots))[folder]
    guard let recorded, !recorded.isEmpty else { return }
    let chosen = files.filter { set.whole || recorded[$0.name] != nil }
    let root = outputRoots.map(OutputManifest.normalised)
      .filter { folder.hasPrefix($0 + "/") }.max { $0.utf8.count < $1.utf8.count }
    guard !chosen.isEmpty, let root else { return }
    let prefix = String(folder.dropFirst(root.count + 1))
    try OutputManifest.journalReplacements(
      root: root, files: chosen.map { (prefix + "/" + $0.name, ContentHash.sha256($0.data)) })
  }

  /// Removes each of `paths` that is a file Glyphsmith wrote (one a registered format reads
  /// a fingerprint from, `OutputFormats.carriesFingerprint`); anything else is left alone. A
  /// folder left empty so (`res/drawable-mdpi` once its last PNG is gone) goes too.
  /// - Returns: the paths removed.
  private static func removeReplaced(_ paths: [String]) -> [String] {
    var removed: [String] = []
    for path in paths {
      guard let data = FileBytes.read(path), OutputFormats.carriesFingerprint(data) else {
        continue
      }
      guard (try? FileManager.default.removeItem(atPath: path)) != nil,
        let slash = path.lastIndex(of: "/")
      else { continue }
      removed.append(path)
      let folder = String(path[..<slash])
      if Platform.folderNames(atPath: folder)?.isEmpty == true {
        _ = FileName.withCPath(folder) { rmdir($0) }
      }
    }
    return removed
  }

  /// The records `conclude` brings up to date (`OutputManifest.update`'s arguments): with
  /// every `assets` run and `build` (only those with `removes` prune).
  package struct Pruning {
    /// The output folders whose records are updated.
    package var roots: [String]
    /// What every icon of the run makes, by output folder (`plannedOutputs`).
    package var planned: [String: [String: String]]
    /// The outputs of `planned` only one of which is written (`alternativeOutputs`).
    package var alternatives: Set<String> = []
    /// The sources this run decides for (standardized absolute paths).
    package var considered: Set<String>
    /// The folders and files the run reads its sources from (standardized absolute paths:
    /// a build's icons folder, the inputs of `assets`): a recorded output whose source is
    /// gone is removed only when the source was inside them (`OutputManifest.update`); `nil`:
    /// anywhere.
    package var scope: [String]? = nil
    /// What `OutputManifest.begin` found.
    package var journal: OutputManifest.Journal
    /// The project's output folders by platform (`build`), else `nil`.
    package var folders: [String: String]? = nil
    /// The project file of the build (`OutputManifest.Document.project`), else `nil`.
    package var project: String? = nil
    /// The marked outputs of a folder without a record.
    package var marked: (String) -> [String] = { _ in [] }
    /// Told each removal as it is made (`OutputManifest.update`'s `told`).
    package var told: (OutputManifest.Removal) -> Void = { _ in }
    /// Whether a run that succeeds removes what the records list that is no longer made
    /// (`build`, `assets --prune`); false for plain `assets`, which keeps the records (what
    /// it wrote, from which source) and removes nothing.
    package var removes = true
    /// Whether the outputs of unknown source (carrying Glyphsmith's mark, adopted from a
    /// folder without a record) that no icon makes are removed (`--adopt-marked`); else they
    /// are kept and named in one warning (`OutputManifest.update`).
    package var adoptMarked = false
    /// How that warning says to remove them (`OutputManifest.update`'s `adoptHint`).
    package var adoptHint = "pass --adopt-marked"

    /// The records to update.
    package init(
      roots: [String], planned: [String: [String: String]], alternatives: Set<String> = [],
      considered: Set<String>, journal: OutputManifest.Journal,
      folders: [String: String]? = nil, project: String? = nil,
      marked: @escaping (String) -> [String] = { _ in [] },
      told: @escaping (OutputManifest.Removal) -> Void = { _ in }
    ) {
      self.told = told
      self.project = project
      self.roots = roots
      self.planned = planned
      self.alternatives = alternatives
      self.considered = considered
      self.journal = journal
      self.folders = folders
      self.marked = marked
    }
  }

  /// Whether a run whose every icon has been executed failed: `report` (the whole run's, the
  /// inputs that were missing, refused or failed among its inputs) holds a failed input.
  package static func failed(_ report: AssetsReport) -> Bool { report.failures > 0 }

  /// Ends a run once every icon of `parts` is executed, for `assets` and `build` alike: a
  /// run removes the files its written or unchanged sets replace (`PlannedAssetSet.replaces`:
  /// the other `android.format`'s drawables, when they carry Glyphsmith's mark) of every icon
  /// with files of those sets on disk, whether the run failed or not (trial t36c F9: never
  /// both formats of one icon), then, with `pruning`, brings the records up to date and
  /// removes what they list that is no longer made (`OutputManifest.update`); a run that
  /// failed (`failed(report)`: an icon that failed, a path refused, a missing input) updates
  /// the records pruning nothing (issue 32), so the next run that succeeds prunes what they
  /// list.
  /// - Returns: `OutputManifest.update`'s outcome (empty without `pruning`).
  package static func conclude(
    _ parts: [(job: AssetsJob, plan: Plan)], report: AssetsReport, pruning: Pruning?
  ) -> (removed: [OutputManifest.Removal], warnings: [Diagnostic], error: GlyphsmithError?) {
    let removing = !failed(report)
    // The other format's files removed are removals as the prune's are: told and counted
    // (trial t36: `android.format auto` switching an icon said `0 removed`). They go in a
    // failed run too, for every icon (failed ones included: another platform failing it)
    // whose set of the new format has files on disk: a `res` holding both formats of one
    // icon is a duplicate resource to aapt (trial t36c F9: an `auto` switch in a run where
    // iOS failed the icon kept `drawable/NAME.xml` beside the new PNGs). An icon none of
    // whose new files were written keeps its old ones.
    var replaced: [OutputManifest.Removal] = []
    var written: [String: Set<String>] = [:]
    for input in report.inputs where !input.files.isEmpty {
      written[input.path, default: []].formUnion(input.files.map(\.path))
    }
    for (_, plan) in parts {
      for (icon, sets) in zip(plan.icons, plan.sets) {
        guard let files = written[icon.path] else { continue }
        for set in sets + sets.flatMap({ $0.fallback ?? [] })
        where set.files.contains(where: { files.contains($0.reportPath) }) {
          for path in removeReplaced(set.replaces.filter { !files.contains($0) }) {
            replaced.append(
              OutputManifest.Removal(
                path: path.hasPrefix("./") ? String(path.dropFirst(2)) : path,
                source: icon.path, sourceGone: false))
          }
        }
      }
    }
    guard let pruning else { return (replaced, [], nil) }
    var updated = OutputManifest.update(
      roots: pruning.roots,
      planned: OutputManifest.written(pruning.planned, alternatives: pruning.alternatives),
      considered: pruning.considered, scope: pruning.scope, journal: pruning.journal,
      folders: pruning.folders,
      project: pruning.project, marked: pruning.marked, removing: removing && pruning.removes,
      writtenSources: Set(report.inputs.filter { $0.status == .written }.map(\.path)),
      writtenHashes: report.inputs.reduce(into: [:]) {
        $0.merge($1.writtenHashes.byPath) { _, last in last }
      },
      failedSources: Set(report.inputs.filter { $0.status == .failed }.map(\.path)),
      adoptMarked: pruning.adoptMarked, adoptHint: pruning.adoptHint,
      told: pruning.told)
    // A switch of the format in the settings: the record lists the other format's files, and
    // the prune tells them; an `auto` switch: only here.
    let pruned = Set(updated.removed.map { OutputManifest.absolute($0.path) })
    for removal in replaced where !pruned.contains(OutputManifest.absolute(removal.path)) {
      pruning.told(removal)
      updated.removed.append(removal)
    }
    return updated
  }

  // MARK: - Up to date

  /// The planned PNG files as they are on disk (sizes from their headers), with the shape and
  /// size recorded in the first (`glyphKey`), when every output exists, every PNG (and the
  /// favicon's embedded PNGs) carries `fingerprint`, an imageset's PNG sizes are in proportion
  /// to their scales, every text file holds exactly its expected bytes and no stray file sits
  /// in a whole folder; else `nil`. This is the cheap re-verification of an unchanged set.
  private func upToDateFiles(
    _ sets: [PlannedAssetSet], fingerprints: [AssetPlatform: String]
  ) -> (
    files: [WrittenFile], shape: String?, sizePt: Double?
  )? {
    var files: [WrittenFile] = []
    var glyph: (shape: String?, sizePt: Double?)? = nil
    for set in sets {
      if let fallback = set.fallback {
        var alone = set
        alone.fallback = nil
        guard
          let found = upToDateFiles([alone], fingerprints: fingerprints)
            ?? upToDateFiles(fallback, fingerprints: fingerprints)
        else { return nil }
        files += found.files
        if glyph == nil, found.shape != nil || found.sizePt != nil {
          glyph = (found.shape, found.sizePt)
        }
        continue
      }
      let fingerprint = fingerprint(of: set, in: fingerprints)
      // The folder is looked up once; its files are read and its names listed through it.
      guard let folder = Platform.OpenFolder(path: set.folder) else { return nil }
      var baseSizes: [Bool: (width: Int, height: Int, scale: Int)] = [:]
      for file in set.files where !set.isPacked(file.name) {
        guard let data = folder.read(file.name),
          let found = file.format.existing(data, file: file, fingerprint: fingerprint)
        else { return nil }
        if file.format.recordsGlyph, glyph == nil {
          guard let recorded = found.glyph else { return nil }
          glyph = recorded
        }
        if file.format.isRaster {
          // Sizes in proportion to the scales (a @1x copied over the @2x is not up to date).
          if set.folder.hasSuffix(".imageset") {
            let scale = Int(file.render.scale.rounded())
            if let base = baseSizes[file.dark] {
              guard found.width * base.scale == base.width * scale,
                found.height * base.scale == base.height * scale
              else { return nil }
            } else {
              baseSizes[file.dark] = (found.width, found.height, scale)
            }
          }
        }
        files.append(WrittenFile(path: file.reportPath, width: found.width, height: found.height))
      }
      for text in set.texts {
        guard folder.read(text.name) == text.data else { return nil }
      }
      if let icon = set.icon {
        guard let data = folder.read(icon.name),
          OutputFormats.ico.fingerprint(in: data) == fingerprint
        else { return nil }
      }
      if set.whole {
        var expected = Set(set.files.map(\.name) + set.texts.map(\.name))
        if let icon = set.icon {
          expected = expected.filter { !set.isPacked($0) }
          expected.insert(icon.name)
        }
        // The user's files in the set are kept, and do not make it out of date.
        guard let present = folder.namesClosing().map(Set.init), expected.isSubset(of: present)
        else { return nil }
        let extra = present.subtracting(expected)
        if !extra.isEmpty {
          let user = OutputOwnership.userFiles(
            in: set.folder, planned: expected, recorded: set.recorded
          ).user
          guard Set(user) == extra
          else { return nil }
        }
      }
    }
    return (files, glyph?.shape, glyph?.sizePt)
  }
}

/// The hashes the records of output folders hold, by set folder (normalised) and file name,
/// read once per record as it is on disk (its size and modification time): a worker replans
/// each icon's sets and asks for every one (`AssetsJob.withRecordedHashes`).
final class RecordedHashIndex: @unchecked Sendable {
  /// The one index of the process.
  static let shared = RecordedHashIndex()
  private let lock = PlainLock()
  private var cached: [String: (stamp: String, index: [String: [String: String]])] = [:]
  /// The last answer, with the roots and record stamps it was made for: a worker asks once per
  /// icon, and merging the records' indexes anew each time cost time in proportion to the
  /// records' size per icon (issue 36).
  private var lastMerged: (key: [String], merged: [String: [String: String]])?

  /// The hashes of the records of `roots` by set folder, then file name.
  func byFolder(roots: [String]) -> [String: [String: String]] {
    var stamps: [String] = []
    for root in roots {
      let record = (root.hasSuffix("/") ? root : root + "/") + OutputManifest.fileName
      let stamp = Platform.stamp(ofPath: record)
      stamps.append("\(stamp?.size ?? -1) \(stamp?.modified ?? 0)")
    }
    let key = roots + stamps
    lock.lock()
    if let last = lastMerged, last.key == key {
      lock.unlock()
      return last.merged
    }
    lock.unlock()
    var merged: [String: [String: String]] = [:]
    for (root, stamp) in zip(roots, stamps) {
      lock.lock()
      let hit = cached[root].flatMap { $0.stamp == stamp ? $0.index : nil }
      lock.unlock()
      let index = hit ?? Self.index(root: root)
      if hit == nil {
        lock.lock()
        cached[root] = (stamp, index)
        lock.unlock()
      }
      merged.merge(index) { $0.merging($1) { a, _ in a } }
    }
    lock.lock()
    lastMerged = (key, merged)
    lock.unlock()
    return merged
  }

  /// What `read(roots:)` answers for the folders `folders` (normalised) alone, the others
  /// left out: the entries of a few folders without indexing every entry of the records.
  /// `names`: for a folder listed there, only the files of those names (a shared Android
  /// density folder, of which an icon's set writes a file or two: issue 36).
  static func read(
    roots: [String], folders: Set<String>, names: [String: Set<String>] = [:]
  ) -> [String: [String: String]] {
    var merged: [String: [String: String]] = [:]
    for root in roots {
      let index = OutputManifest.recordedHashes(
        root: root, replacing: true, inFolders: folders, names: names)
      merged.merge(index) { $0.merging($1) { a, _ in a } }
    }
    return merged
  }

  /// What `byFolder(roots:)` answers, read now from the records as they are (no cache: the
  /// parent of `build --watch` lives across saves, and a record rewritten with the same size
  /// within the file system's time granularity would look unchanged to the stamp).
  static func read(roots: [String]) -> [String: [String: String]] {
    var merged: [String: [String: String]] = [:]
    for root in roots { merged.merge(index(root: root)) { $0.merging($1) { a, _ in a } } }
    return merged
  }

  /// The hashes of the record of `root` by set folder (normalised), then file name: those it
  /// holds and those this run's journal moved aside before writing (issue 32, eighth trial:
  /// a worker reads the record after `begin` and `replacing`).
  private static func index(root: String) -> [String: [String: String]] {
    var index: [String: [String: String]] = [:]
    for (key, hash) in OutputManifest.recordedHashes(root: root, replacing: true) {
      guard let slash = key.lastIndex(of: "/") else { continue }
      index[String(key[..<slash]), default: [:]][String(key[key.index(after: slash)...])] = hash
    }
    return index
  }
}
