import FoundationEssentials
import Glibc
import GlyphsmithCore
import GlyphsmithRender

/// Makes `NAME.symbolset`s in a catalog from SVG icons (`glyphsmith symbol`, and `assets
/// --platform ios --symbols`), in parallel, results in input order.
public struct SymbolJob: Sendable {
  /// The SVG files, as given.
  public var inputs: [String]
  /// The `.xcassets` folder to write into (created with its `Contents.json` when missing).
  public var catalog: String
  /// How to make the weights.
  public var options = SymbolOptions()
  /// Also measure each template against its source (`SymbolMeasure`).
  public var measure = false
  /// Threads to use.
  public var jobs = ParallelMap.availableCores
  /// Put before each symbol's name (`--prefix`): `NAME` becomes `PREFIXNAME`.
  public var prefix = ""
  /// Put after each symbol's name (`--suffix`).
  public var suffix = ""

  /// A job for `inputs` into `catalog`.
  public init(inputs: [String], catalog: String) {
    self.inputs = inputs
    self.catalog = catalog
  }

  /// Replace an existing `NAME.symbolset` Glyphsmith did not make (`--force`); else such an
  /// input fails naming it (`OutputOwnership`).
  public var force = false
  /// Assets that leave the catalog in this run (a build's prune), whose names are free.
  package var superseded: Set<String> = []
  /// Whether the run this job is part of fails already (an image set's icon failed): then no
  /// symbol set that replaces a `superseded` asset is written (each such icon fails, naming
  /// the asset that stays). `nil`: whether an icon of this job fails.
  package var heldBack: Bool? = nil
  /// The outputs the catalog's record lists (`OutputManifest.recordedOutputs`, normalised
  /// paths starting with `catalog`): a symbol set among them is Glyphsmith's to replace.
  package var recorded: Set<String> = []

  /// The catalog group folders of each input, outermost first, by input path as given
  /// (`build`: the icon's sub-folders of the icons folder, as its image set had them); an
  /// input not listed sits at the catalog's root (issue 32, seventh trial: `sub/heart.svg`
  /// became `heart.symbolset` at the root while its image set was in the `sub` group).
  package var groups: [String: [String]] = [:]
  /// Marks the group folders this job creates `provides-namespace` (`ios.namespace`).
  package var namespace = false
  /// Inputs that fail before their outline is built, with why, by input path as given
  /// (`build`: a group folder's `Contents.json` Glyphsmith did not make): each fails by name
  /// in `prepare`, as a symbol set it did not make does, and the others are written (issue
  /// 32, re-check N2: one such conflict stopped the whole build).
  package var refused: [String: GlyphsmithError] = [:]

  /// The folder the symbol set of the SVG at `input` goes in: the catalog, or its group
  /// folder (`groups`).
  func groupFolder(of input: String) -> String {
    ([catalog] + (groups[input] ?? [])).joined(separator: "/")
  }

  /// The symbol set folder of the SVG at `input` (`CATALOG[/GROUP...]/PREFIXNAMESUFFIX.symbolset`).
  func folder(of input: String) -> String {
    SymbolSetWriter.folder(
      name: prefix + AssetName.from(path: input) + suffix, catalog: groupFolder(of: input))
  }

  /// Whether the symbol set folder at `folder` is Glyphsmith's to write: missing, recorded
  /// (`recorded`) or marked (`OutputOwnership.owns`).
  func owns(_ folder: String) -> Bool {
    OutputOwnership.owns(
      folder, folder: true, recorded: recorded.contains(OutputManifest.normalised(folder)))
  }

  /// The group folders' `Contents.json` a symbol set in `catalog` under `folders`
  /// (outermost first) has recorded as its outputs: those missing (its writer makes them, as
  /// an image set's, `ImageSetWriter.sharedFiles`), those `recorded` (normalised paths), and
  /// with `force` every one (replaced). One that is there and not recorded (the user's,
  /// Xcode's) is never recorded, so never pruned (issue 32, ninth trial finding F). `build`
  /// and `assets --symbols` plan them alike.
  package static func plannedGroupContents(
    catalog: String, folders: [String], force: Bool, recorded: Set<String>
  ) -> [String] {
    var parent = catalog
    return folders.compactMap { folder in
      parent += "/" + folder
      let contents = parent + "/Contents.json"
      let planned =
        Platform.status(ofPath: contents) == nil || force
        || recorded.contains(OutputManifest.normalised(contents))
      return planned ? contents : nil
    }
  }

  /// The inputs whose catalog group folder (`groups`) holds a `Contents.json` Glyphsmith did
  /// not make (there, not recorded and not its mark's bytes: the user's, Xcode's
  /// `provides-namespace`), each with the error naming that file; none with `force`, which
  /// writes there. Such a group fails its symbols as it fails its image sets ("Catalog
  /// groups"; issue 32, eighth trial finding 9), in `build` and `assets --symbols` alike.
  package func groupContentsRefusals() -> [String: GlyphsmithError] {
    guard !force else { return [:] }
    var found: [String: GlyphsmithError] = [:]
    for input in inputs {
      var parent = catalog
      for folder in groups[input] ?? [] {
        parent += "/" + folder
        let contents = parent + "/Contents.json"
        guard Platform.status(ofPath: contents) != nil,
          !OutputOwnership.ownsGroupContents(
            contents, recorded: recorded.contains(OutputManifest.normalised(contents)),
            namespace: namespace)
        else { continue }
        found[input] = OutputOwnership.notOwned(contents, input: input)
        break
      }
    }
    return found
  }

  /// Where `run(diagnose:)` writes the JSON report, when set.
  public var reportPath: String? = nil

  /// `glyphsmith symbol`'s run: `run()`, then each warning and error to `diagnose` (input
  /// order), the report written to `reportPath`, and a summary line last.
  /// - Returns: `nil` when every input was written without warnings, `.answerIsNo` when some
  ///   have warnings (copied weights), `.unusableInput` when some could not be made.
  /// - Throws: what `run()` throws; `GlyphsmithError.writeFailed` for the report.
  public func run(diagnose: (String) -> Void) throws -> FailureCategory? {
    try checkReport(diagnose: diagnose)
    return try finish(try run(), diagnose: diagnose)
  }

  /// A file at `reportPath` that is not a report Glyphsmith wrote is never replaced but with
  /// `force` (then named to `diagnose`); checked before anything is written.
  /// - Throws: `GlyphsmithError.unusable` naming it, without `force`.
  package func checkReport(diagnose: (String) -> Void) throws {
    if let reportPath,
      let warning = try OutputOwnership.checkReport(
        reportPath, force: force, isOwn: SymbolReport.isOwn)
    {
      diagnose(warning.description)
    }
  }

  /// The end of `run(diagnose:)` once `report` is made: each warning and error to
  /// `diagnose`, the report written to `reportPath`, the summary line.
  /// - Returns: as `run(diagnose:)`.
  /// - Throws: `GlyphsmithError.writeFailed` for the report.
  package func finish(_ report: SymbolReport, diagnose: (String) -> Void) throws
    -> FailureCategory?
  {
    for entry in report.symbols {
      (entry.notices + entry.diagnostics).descriptions.forEach(diagnose)
    }
    report.errors.forEach(diagnose)
    if let reportPath {
      do {
        try AtomicFile.write(try XcodeJSON.encode(report), toPath: reportPath)
      } catch {
        throw GlyphsmithError.wrap(error, path: reportPath)
      }
    }
    let copied = report.symbols.filter { $0.method == SymbolOutline.Method.copied.rawValue }.count
    let count = report.symbols.count
    diagnose(
      "wrote \(counted(count, "symbol set")) to \(catalog) (\(copied) with copied "
        + "weights)")
    if !report.errors.isEmpty { return .unusableInput }
    return report.symbols.contains { !$0.diagnostics.isEmpty } ? .answerIsNo : nil
  }

  /// Runs the job. Errors for single inputs are collected in the report; the rest go on.
  /// - Throws: `GlyphsmithError.nameCollision` when two inputs give one symbol name (nothing
  ///   is written). A catalog folder that cannot be created fails each input (`.writeFailed`).
  public func run() throws -> SymbolReport {
    let prepared = try prepare()
    return write(prepared, failing: heldBack ?? prepared.fails)
  }

  /// `run()` for a run that keeps a record of outputs in `roots` (begun): the sets it will
  /// replace are journalled first (`replacedOutputs`, `OutputManifest.replacing`), so that a
  /// run killed while writing them leaves no stale hashes (issue 32, eighth trial; `build`,
  /// `assets --symbols` and `symbol` alike).
  /// - Throws: as `run()`; `OutputManifest.replacing`'s error when the record cannot be
  ///   written (before any set is).
  package func run(journalling roots: [String]) throws -> SymbolReport {
    let prepared = try prepare()
    try OutputManifest.replacing(roots: roots, replaced: replacedOutputs(prepared))
    return write(prepared, failing: heldBack ?? prepared.fails)
  }

  /// Every symbol of a job built, nothing written yet (`prepare`).
  package struct Prepared: Sendable {
    /// Each input's outline and notices, or why it fails, in input order.
    fileprivate var built: [Result<(outline: SymbolOutline, notices: [Diagnostic]), GlyphsmithError>]
    /// The catalog's assets by lower-cased name (`otherAssets`), as found before writing.
    fileprivate var assets: [String: String]
    /// Whether an input fails.
    package var fails: Bool {
      built.contains { if case .failure = $0 { true } else { false } }
    }
  }

  /// The first half of `run`: names checked and every outline built, nothing written, so a
  /// build can know whether any symbol of any group fails before it writes one (issue 32,
  /// sixth trial).
  /// - Throws: `GlyphsmithError.nameCollision` when two inputs give one symbol name.
  package func prepare() throws -> Prepared {
    var seen: [String: String] = [:]
    let (prefix, suffix) = (self.prefix, self.suffix)
    for input in inputs {
      let name = prefix + AssetName.from(path: input) + suffix
      if let first = seen[name.lowercased()] {
        throw GlyphsmithError.nameCollision(name: name, first: first, second: input)
      }
      seen[name.lowercased()] = input
    }
    // The catalog is created by the first symbol set written (`SymbolSetWriter.write`): a
    // run whose every input fails creates nothing (issue 39's trial: `symbol p.png` left
    // an empty catalog behind).
    let superseded = self.superseded
    let assets = Self.otherAssets(in: catalog)
    let taken = assets.filter { !superseded.contains(OutputManifest.normalised($0.value)) }
    let (inputs, options, force) = (self.inputs, self.options, self.force)
    var job = self
    job.refused.merge(groupContentsRefusals()) { first, _ in first }
    // Every outline is built before any set is written: a symbol that replaces an asset this
    // run's prune removes (an image set switched to a symbol set) is written only when no
    // icon of the run fails (`heldBack`), since a failed run prunes nothing and a catalog
    // holding both loads neither (issue 32, sixth trial).
    let built = ParallelMap.map(count: inputs.count, jobs: max(jobs, 1)) {
      index -> Result<(outline: SymbolOutline, notices: [Diagnostic]), GlyphsmithError> in
      let input = inputs[index]
      do {
        let name = prefix + AssetName.from(path: input) + suffix
        if let other = taken[name.lowercased()] {
          throw Self.collision(name: name, input: input, other: other)
        }
        if let misnamed = AssetPlanner.misnamedGroup(input, folders: job.groups[input] ?? []) {
          throw misnamed
        }
        if let refusal = job.refused[input] { throw refusal }
        let folder = job.folder(of: input)
        var notices: [Diagnostic] = []
        if let link = OutputOwnership.linkError(folder, input: input) { throw link }
        if !job.owns(folder) {
          guard force else { throw OutputOwnership.notOwned(folder, input: input) }
          notices.append(OutputOwnership.replacedWarning(folder))
        }
        var outline = try SymbolBuilder.build(path: input, options: options)
        outline.name = name
        return .success((outline, notices))
      } catch {
        return .failure(GlyphsmithError.wrap(error, path: input))
      }
    }
    return Prepared(built: built, assets: assets)
  }

  /// The second half of `run`: the sets of `prepared` written, but with `failing` (an icon of
  /// the run fails) none that replaces a `superseded` asset, each such input failing by name.
  /// The outputs `write(_:failing:)` will replace (standardized absolute paths: each
  /// existing symbol set folder whose files differ from what its built outline makes, its
  /// `Contents.json` and SVG), for the journal (`OutputManifest.replacing`), so that a run
  /// killed while writing them leaves no stale hashes (issue 32, eighth trial: symbol sets
  /// were not journalled as image sets are).
  package func replacedOutputs(_ prepared: Prepared) -> Set<String> {
    var found: Set<String> = []
    for (input, built) in zip(inputs, prepared.built) {
      guard case .success(let made) = built else { continue }
      let folder = self.folder(of: input)
      guard Platform.status(ofPath: folder)?.isFolder == true,
        !SymbolSetWriter.isUpToDate(made.outline, folder: folder)
      else { continue }
      found.insert(OutputManifest.normalised(folder))
      for name in ["Contents.json", made.outline.name + ".svg"] {
        found.insert(OutputManifest.normalised(folder + "/" + name))
      }
    }
    return found
  }

  package func write(_ prepared: Prepared, failing: Bool) -> SymbolReport {
    let (built, assets) = (prepared.built, prepared.assets)
    let superseded = self.superseded
    let (inputs, catalog, measure) = (self.inputs, self.catalog, self.measure)
    let (groups, namespace) = (self.groups, self.namespace)
    let job = self
    // The catalog record's hashes: a symbol SVG the user changed since Glyphsmith wrote it
    // is named when replaced, as image sets' files are (issue 32, seventh trial finding 6).
    // With those a journal moved aside before this run replaced them (`replacedOutputs`).
    let hashes = OutputManifest.recordedHashes(root: catalog, replacing: true)
    let results = ParallelMap.map(count: inputs.count, jobs: max(jobs, 1)) {
      index -> Result<SymbolReport.Entry, GlyphsmithError> in
      let input = inputs[index]
      do {
        let (outline, notices0) = try built[index].get()
        var notices = notices0
        let name = outline.name
        let folder = job.folder(of: input)
        if failing, let replaced = assets[name.lowercased()],
          superseded.contains(OutputManifest.normalised(replaced))
        {
          throw GlyphsmithError.unusable(
            path: input,
            problem:
              "not switched to a symbol set this run, since other icons fail: \(replaced) stays until a run without errors (a catalog holding it and \(folder) loads neither); fix them and build again"
          )
        }
        let svg = folder + "/" + name + ".svg"
        var edited = false
        if let hash = hashes[OutputManifest.normalised(svg)], let data = FileBytes.read(svg),
          ContentHash.sha256(data) != hash
        {
          edited = true
        }
        FaultInjection.checkWrite(FileBytes.read(input) ?? Data())
        // A recorded set about to be replaced: its new contents journalled first, as image
        // sets' are, so that after a kill exactly the old and the new content are
        // Glyphsmith's (issue 32, ninth trial finding A).
        let setFiles = try SymbolSetWriter.files(outline)
        if setFiles.contains(where: { hashes[OutputManifest.normalised(folder + "/" + $0.name)] != nil }),
          !SymbolSetWriter.isUpToDate(outline, folder: folder)
        {
          let prefix = OutputManifest.relativePath(
            fromFolder: OutputManifest.normalised(catalog), to: OutputManifest.normalised(folder))
          try OutputManifest.journalReplacements(
            root: catalog,
            files: setFiles.map { (prefix + "/" + $0.name, ContentHash.sha256($0.data)) })
        }
        let outcome = try SymbolSetWriter.write(
          outline, toCatalog: catalog, groups: groups[input] ?? [], namespace: namespace,
          replaceGroups: job.force)
        notices += outcome.replacedGroups.map(OutputOwnership.replacedWarning)
        if edited && outcome.written { notices.append(OutputOwnership.changedWarning(svg)) }
        // The user's files kept in the set are named on every run, as in image sets (issue
        // 32, seventh trial: they were named only with `--force`).
        notices += outcome.kept.compactMap {
          OutputOwnership.userFileWarning(path: folder + "/" + $0)
        }
        var result: SymbolMeasure.Result? = nil
        if measure {
          let source = try Artwork(path: input)
          if case .svg(let document) = source.source {
            result = try SymbolMeasure.measure(
              template: SymbolTemplateWriter.svg(outline), outline: outline, source: document)
          }
        }
        var entry = SymbolReport.Entry(
          input: input, name: outline.name, symbolset: folder, method: outline.method.rawValue,
          weighted: outline.isWeighted,
          paths: outline.paths.count, diagnostics: outline.diagnostics, measure: result)
        entry.notices = notices
        entry.written = outcome.written
        entry.writtenHashes = outcome.hashes
        return .success(entry)
      } catch {
        return .failure(GlyphsmithError.wrap(error, path: input))
      }
    }
    var entries: [SymbolReport.Entry] = []
    var failures: [(path: String, error: GlyphsmithError)] = []
    for (index, result) in results.enumerated() {
      switch result {
      case .success(let entry): entries.append(entry)
      case .failure(let error): failures.append((inputs[index], error))
      }
    }
    return SymbolReport(symbols: entries, failures: failures)
  }

  /// The refusal of a symbol whose name the asset at `other` has. An image set Glyphsmith
  /// made (its mark) is said to be Glyphsmith's, with how to switch it to a symbol: `assets
  /// --symbols --prune` replaces it, as `build` does (issue 39's trial).
  static func collision(name: String, input: String, other: String) -> GlyphsmithError {
    let collides = "symbol '\(name)' would collide with \(other)"
    let reason = "an asset of the same name; one of them cannot be loaded"
    if PathName(other).pathExtension == "imageset",
      OutputOwnership.owns(other, folder: true, recorded: false)
    {
      return .unusable(
        path: input,
        problem: collides + " (an image set Glyphsmith made; " + reason
          + "); to make it a symbol instead, run assets --symbols --prune (it removes the "
          + "image set, as build does) or delete the image set; else give --prefix or --suffix")
    }
    return .unusable(
      path: input,
      problem: collides + " (" + reason + "); rename one, or give --prefix or --suffix")
  }

  /// The assets in `catalog` (any depth) that are not symbol sets, by lower-cased name
  /// (asset names are unique per catalog whatever their type or folder, and in more than
  /// letter case: Apple, "Asset Catalog Format Reference"), with their paths. An asset folder
  /// that has no `Contents.json` (such as a set folder the catalog's record keeps for the
  /// user's files, `OutputRecordFile.keptSets`) is no asset, so takes no name (issue 32
  /// trials).
  static func otherAssets(in catalog: String) -> [String: String] {
    catalogAssets(in: catalog, symbols: false).compactMapValues(\.first)
  }

  /// The assets in `catalog` (any depth; symbol sets too unless `symbols` is false) by
  /// lower-cased name, a group marked `provides-namespace` prefixing the names in it
  /// (`group/bell`, as Xcode names them), each name's paths in walking order (sorted entries,
  /// depth first). An asset folder that has no `Contents.json` (a set folder the catalog's
  /// record keeps for the user's files, or one the user made) is no asset.
  static func catalogAssets(in catalog: String, symbols: Bool = true) -> [String: [String]] {
    var result: [String: [String]] = [:]
    func walk(_ folder: String, prefix: String) {
      // Listed and looked at by the system calls themselves (`readdir`, `stat`, links
      // followed), not through FileManager (issue 36: the walk of a 1,776-set catalog was
      // 4 % of a watched save).
      let entries = (Platform.folderNames(atPath: folder) ?? []).sorted()
      for entry in entries {
        let path = folder + "/" + entry
        guard Platform.status(ofPath: path)?.isFolder == true else { continue }
        let ext = PathName(entry).pathExtension
        if ext.isEmpty {
          walk(path, prefix: prefix + (providesNamespace(path) ? entry.lowercased() + "/" : ""))
        } else if symbols || ext != "symbolset" {
          // An asset folder without a `Contents.json` is no asset (it has no slots to load;
          // `validate` names it, `missing-contents`, and a kept set alike): it takes no name
          // (issue 32, seventh trial), and stays as it is.
          if Platform.status(ofPath: path + "/Contents.json") == nil { continue }
          let name = prefix + PathName(entry).deletingPathExtension.lowercased()
          result[name, default: []].append(path)
        }
      }
    }
    walk(catalog, prefix: "")
    return result
  }

  /// Whether the catalog group folder at `folder` is marked `provides-namespace` in its
  /// `Contents.json` (false without one).
  static func providesNamespace(_ folder: String) -> Bool {
    guard let data = FileBytes.read(folder + "/Contents.json"),
      let contents = try? AssetContents.read(data)
    else { return false }
    return contents.properties?.providesNamespace == true
  }
}
