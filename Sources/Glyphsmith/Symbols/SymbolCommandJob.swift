import FoundationEssentials
import Glibc
import GlyphsmithCore

/// `glyphsmith symbol`'s work around `SymbolJob`: collects the SVG files from files and
/// folders (other files are reported and skipped), runs the job and reports.
package struct SymbolCommandJob: Sendable {
  /// Files or folders of `.svg` icons (folders searched recursively, sorted).
  package var inputs: [String]
  /// The `.xcassets` folder.
  package var catalog: String
  /// How to make the weights.
  package var options = SymbolOptions()
  /// Also measure each template against its source.
  package var measure = false
  /// Where to write the JSON report, when set.
  package var reportPath: String? = nil
  /// Threads, when not all cores.
  package var jobs: Int? = nil
  /// Put before and after each symbol's name (`--prefix`, `--suffix`).
  package var prefix = ""
  /// See `prefix`.
  package var suffix = ""
  /// `--force`: replace symbol sets Glyphsmith did not make (`SymbolJob.force`).
  package var force = false

  /// A job; nothing runs until `run`.
  package init(inputs: [String], catalog: String) {
    self.inputs = inputs
    self.catalog = catalog
  }

  /// Collects, writes and reports (`SymbolJob.run(diagnose:)`); a catalog whose name does not
  /// end in `.xcassets` is warned about (`AssetsBatch.catalogNameWarning`); missing and non-SVG inputs
  /// go to `diagnose` first and make the outcome `.unusableInput`. The catalog's record of
  /// outputs (`OutputManifest`) lists each symbol set with its source, recorded before it is
  /// written and confirmed after, under the catalog's lock; nothing is pruned (issue 32
  /// trial: a `build` into the catalog took an unrecorded symbol set for an older version's
  /// and removed it). They are recorded as this command's (`OutputManifest.Document.symbol`),
  /// which `build` and `assets --prune` never prune (issue 32, sixth trial).
  /// - Throws: what `SymbolJob.run(diagnose:)` throws; `GlyphsmithError.writeFailed` naming
  ///   the record when it cannot be written (before any symbol set is).
  package func run(diagnose: (String) -> Void) throws -> FailureCategory? {
    // As `assets -o` warns (trial t36: `symbol -o notacatalog` wrote a folder Xcode does not
    // read, and said nothing).
    if let warning = AssetsBatch.catalogNameWarning(catalog) { diagnose(warning.description) }
    let (files, missing) = InputCollector.collect(inputs)
    for error in missing { diagnose(error.description) }
    let svgs = files.filter { $0.lowercased().hasSuffix(".svg") }
    for file in files where !file.lowercased().hasSuffix(".svg") {
      diagnose(
        GlyphsmithError.unusable(path: file, problem: "symbols need SVG artwork; skipped")
          .description)
    }
    var job = SymbolJob(inputs: svgs, catalog: catalog)
    job.options = options
    job.measure = measure
    job.reportPath = reportPath
    job.prefix = prefix
    job.suffix = suffix
    job.force = force
    if let jobs { job.jobs = jobs }
    let names = svgs.map { (prefix + AssetName.from(path: $0) + suffix).lowercased() }
    guard !svgs.isEmpty, Set(names).count == names.count else {
      // Nothing to record, or a collision `SymbolJob.run()` names before writing anything.
      let outcome = try job.run(diagnose: diagnose)
      return missing.isEmpty && svgs.count == files.count ? outcome : .unusableInput
    }
    try job.checkReport(diagnose: diagnose)
    let catalogIsNew = Platform.status(ofPath: catalog) == nil
    let lock = try FolderLock(path: catalog, waiting: { diagnose($0) })
    defer { withExtendedLifetime(lock) {} }
    var planned: [String: String] = [:]
    for input in svgs {
      let name = prefix + AssetName.from(path: input) + suffix
      planned[SymbolSetWriter.folder(name: name, catalog: catalog)] = input
    }
    var options = AssetsOptions()
    options.platforms = [.ios]
    let marked = AssetsJob(catalogPath: catalog, options: options).markedOutputs
    let journal = try OutputManifest.begin(
      roots: [catalog], planned: [catalog: planned], force: force, marked: marked,
      symbolCommand: true)
    let report = try job.run(journalling: [catalog])
    let confirmed = OutputManifest.update(
      roots: [catalog], planned: [catalog: planned], considered: [], journal: journal,
      marked: marked, removing: false, writtenSources: Set(svgs), symbolCommand: true)
    confirmed.warnings.descriptions.forEach(diagnose)
    if catalogIsNew && report.symbols.isEmpty { removeUnusedCatalog() }
    let outcome = try job.finish(report, diagnose: diagnose)
    if let error = confirmed.error {
      diagnose(error.description)
      return .unusableInput
    }
    return missing.isEmpty && svgs.count == files.count ? outcome : .unusableInput
  }

  /// Removes the catalog folder this run created when no symbol set was written into it: its
  /// record of outputs and its `Contents.json`, then the folder if nothing else is in it (a
  /// refused run leaves no catalog behind, as before the record was kept).
  private func removeUnusedCatalog() {
    let manager = FileManager.default
    for name in [OutputRecordFile.fileName, "Contents.json"] {
      try? manager.removeItem(atPath: catalog + "/" + name)
    }
    if (try? manager.contentsOfDirectory(atPath: catalog))?.isEmpty == true {
      try? manager.removeItem(atPath: catalog)
    }
  }
}
