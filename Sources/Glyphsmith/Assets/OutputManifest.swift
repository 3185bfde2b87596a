import FoundationEssentials
import Glibc
import GlyphsmithCore

/// The record of what `assets --prune` and `build` made in one output folder, so that an
/// output whose source is gone can be removed without guessing (issue 24): a hidden
/// `.glyphsmith-outputs.json` in the folder (the catalog, the Android root, the web folder),
/// `{"outputs": {"OUTPUT": "SOURCE"}, "version": 1}`, both paths relative to the folder.
/// OUTPUT is a folder replaced whole (an image set, a symbol set, a web icon folder) or one
/// file (an Android drawable at one density). Something not in the record (a set made by hand,
/// by another tool, or by a run without the record) is never touched.
///
/// The record is a journal (issue 32): a run records every output it plans before it writes
/// any (`begin`: the new ones under `"pending"`, the file fsynced with its folder), and
/// confirms them when it ends (`update`: `"pending"` is gone again, and the record is what a
/// run that was never interrupted leaves). A run killed or failed midway leaves a record that
/// lists everything it may have written, and the next run prunes from it; a pending output is
/// removed only when it carries Glyphsmith's mark. An output folder that has no record yet
/// (made before records existed) adopts the outputs in it that carry the mark
/// (`AssetPlatformWriter.markedOutputs`), with an unknown source (`""`): those no icon of the
/// run makes are removed only when it adopts them (`--adopt-marked`) or an icon makes an
/// output of their name, else kept and named (issue 32, trial finding 6).
package enum OutputManifest {
  /// The record's file name inside each output folder (hidden: Xcode, aapt and the catalog
  /// validator skip dot files).
  package static let fileName = OutputRecordFile.fileName

  /// The record's JSON.
  struct Document: Codable, Equatable {
    var version = 1
    var outputs: [String: String]
    /// Outputs a run recorded before writing them and has not confirmed (`begin`); absent
    /// from the record of a run that ended.
    var pending: [String: String]? = nil
    /// Set folders Glyphsmith made and pruned that still hold the user's files, sorted: still
    /// Glyphsmith's (an icon of that name writes into it again, keeping them), never removed
    /// again; absent when none.
    var kept: [String]? = nil
    /// The output folders of the project whose `build` wrote this record, by platform
    /// (`ios`, `android`, `web`), relative to this folder (`.` for itself): a platform block
    /// that disappears from `glyphsmith.json` is found from them (`droppedFolders`). Absent
    /// from the records of `assets --prune`.
    var folders: [String: String]? = nil
    /// The SHA-256 of each file Glyphsmith wrote for a recorded output, by path relative to
    /// this folder (`bell.imageset/bell@2x.png`, `res/drawable-mdpi/bell.png`): a file whose
    /// bytes hash otherwise was changed by hand since, and the next run replaces it with a
    /// warning (`AssetsJob.ownership`, issue 32). Absent when none.
    var hashes: [String: String]? = nil
    /// The outputs `appicon --platform android` made in this folder (the launcher icons:
    /// mipmap PNGs, the adaptive icon's XML, `ic_launcher-playstore.png` beside `res`), by path
    /// relative to this folder, with their sources: Glyphsmith's (`recordedOutputs`), so a
    /// later `appicon` replaces them, but never planned nor pruned by `build` or `assets
    /// --prune`, which do not make them (issue 32: a build after `appicon` called them "not
    /// made by glyphsmith" and dropped them from the record). Absent when none.
    var appicon: [String: String]? = nil
    /// The project file whose `build` wrote this record (its `glyphsmith.json`), relative to
    /// this folder's real path (`../../glyphsmith.json`): a folder is one project's, and the
    /// build of another that names it is refused (`otherProject`, issue 32: a project pointed
    /// at another's web folder took its sets, and pruned them once pointed back). Absent from
    /// the records of `assets --prune` and `appicon`, which keep the one they find.
    var project: String? = nil
    /// The folders Glyphsmith created in this folder, relative to it, sorted: those a run
    /// found missing above an output it planned (`res`, `res/drawable-hdpi`, a catalog
    /// group), recorded before it wrote (`begin`). Only they are removed when a prune leaves
    /// them empty; a folder that was there before (the user's `drawable-hdpi` made by hand)
    /// never is (issue 32, sixth trial). Absent when none.
    var created: [String]? = nil
    /// The symbol sets `glyphsmith symbol` made in this catalog, by path relative to it, with
    /// their sources (as `outputs`): Glyphsmith's, but another command's, so `build` and
    /// `assets --prune` never prune them (issue 32, sixth trial: a build removed
    /// `sf-bell.symbolset`, made by `symbol icons/bell.svg --prefix sf-`, as an output
    /// `icons/bell.svg` "no longer makes"). A build planning one of them takes it over (it
    /// moves to `outputs`). Absent when none.
    var symbol: [String: String]? = nil
    /// The hashes (as `hashes`) of the files of recorded outputs a run began writing anew
    /// and has not confirmed (`replacing`), moved out of `hashes` before they were replaced:
    /// what the run's own writers compare the user's edits with (`recordedHashes`), while a
    /// prune takes either content of them, the old or the new, for Glyphsmith's by its mark
    /// (issue 32, eighth trial). Absent from the record of a run that ended, and dropped by
    /// the next run's journal.
    var replacing: [String: String]? = nil
  }

  /// One output folder's record as read: the confirmed outputs, the pending ones, and
  /// whether a record file is there and whether it cannot be read.
  struct Record: Sendable {
    var outputs: [String: String] = [:]
    var pending: [String: String] = [:]
    /// Pruned set folders still holding the user's files (`Document.kept`).
    var kept: Set<String> = []
    /// The project's output folders by platform (`Document.folders`), standardized absolute
    /// paths.
    var folders: [String: String] = [:]
    /// The hashes of the files Glyphsmith wrote (`Document.hashes`), by relative path.
    var hashes: [String: String] = [:]
    /// The outputs `appicon` made (`Document.appicon`), by relative path, with their sources.
    var appicon: [String: String] = [:]
    /// The project file whose build wrote the record (`Document.project`), a standardized
    /// absolute path with links resolved; `nil` when it names none.
    var project: String? = nil
    /// The folders Glyphsmith created (`Document.created`), relative paths.
    var created: Set<String> = []
    /// The symbol sets `glyphsmith symbol` made (`Document.symbol`), with their sources.
    var symbol: [String: String] = [:]
    /// The hashes of the files a run began replacing (`Document.replacing`).
    var replacing: [String: String] = [:]
    /// The hashes of what the run that began replacing them put in their place, by relative
    /// path (`replacementsFileName`), for files of recorded outputs only.
    var replacements: [String: Set<String>] = [:]
    var exists = false
    var unreadable = false

    /// The file's content as decoded (`nil`: no record file, or one that cannot be read):
    /// a record whose new content equals it is not encoded and written again.
    var document: Document? = nil

    /// Every output the record lists, a pending source taking the place of a confirmed one.
    var all: [String: String] { outputs.merging(pending) { $1 } }
  }

  /// What `begin` found in each output folder before this run wrote anything (the records as
  /// they were, with the adopted outputs of folders that had none); `update` reads them from
  /// here, not from the journal `begin` wrote.
  package struct Journal: Sendable {
    /// By output folder (without trailing slashes).
    var records: [String: Record] = [:]
    /// By output folder: the recorded outputs this run does not plan that were there when it
    /// began. One gone when `update` comes was removed by this run (the PNGs a VectorDrawable
    /// replaces, `PlannedAssetSet.replaces`) and is told as removed.
    var present: [String: Set<String>] = [:]
    /// By output folder: the planned outputs `begin` found Glyphsmith's to write (missing,
    /// recorded or marked, `recordable`). `update` takes them as its own without reading each
    /// one's mark again (for a new catalog that was every set's `Contents.json` decoded three
    /// times, most of a vector batch's parent time).
    var admitted: [String: Set<String>] = [:]
    /// By output folder: the folders `begin` found missing above a planned output, which
    /// this run creates (`Document.created`), relative paths.
    var created: [String: Set<String>] = [:]
    /// By output folder: the folder's real path when `begin` looked, and each planned
    /// source's recorded form (relative to that real path, `recordable`) as `begin` worked
    /// it out; `update` takes them rather than resolving every source's links again (issue
    /// 36: an `lstat` per icon, 4.5 % of a watched save), when the folder's real path is the
    /// same.
    var recordedSources: [String: (realRoot: String, sources: [String: String])] = [:]
  }

  /// What an update removed.
  package struct Removal: Equatable, Sendable {
    /// The output as a path starting with its folder's path as given.
    package var path: String
    /// The source it was made from, as a path relative to the current folder or absolute;
    /// empty when unknown (an output adopted from a folder without a record).
    package var source: String
    /// Whether the source file is gone (else it is there but no longer makes this output:
    /// skipped, or a platform or compact variant dropped).
    package var sourceGone: Bool
    /// The names of the files in the set folder at `path` that Glyphsmith did not make, for
    /// which it was kept, not removed (`Document.kept`); empty for an output removed.
    package var kept: [String] = []
    /// A folder kept for the user's files before, removed now that it is empty.
    package var emptiedKept = false
    /// The names among `kept` of files Glyphsmith wrote that were changed since (their bytes
    /// no longer hash as the record says, issue 32 sixth trial): the user's now, kept.
    package var changed: [String] = []

    /// A removal of `path` made from `source`.
    package init(
      path: String, source: String, sourceGone: Bool, kept: [String] = [],
      emptiedKept: Bool = false, changed: [String] = []
    ) {
      self.changed = changed
      self.path = path
      self.source = source
      self.sourceGone = sourceGone
      self.kept = kept
      self.emptiedKept = emptiedKept
    }

    /// `PATH: removed (its source SOURCE is gone)`, one line per output; `PATH: kept, not
    /// removed (...)` for a set kept for the user's files.
    package var line: String {
      if !kept.isEmpty {
        let why =
          source.isEmpty
          ? "no icon makes it now"
          : sourceGone ? "its source \(source) is gone" : "\(source) no longer makes it"
        let changedSet = Set(changed)
        let foreign = kept.filter { !changedSet.contains($0) }
        var parts: [String] = []
        if !foreign.isEmpty {
          parts.append(
            "\(foreign.joined(separator: ", ")) in it \(foreign.count == 1 ? "is" : "are") not glyphsmith's"
          )
        }
        if !changed.isEmpty {
          let one = changed.count == 1
          parts.append(
            "\(changed.joined(separator: ", ")) \(foreign.isEmpty ? "in it " : "")\(one ? "was" : "were") changed since glyphsmith wrote \(one ? "it" : "them"), so \(one ? "it is" : "they are") yours now"
          )
        }
        return
          "\(path): kept, not removed (\(why); glyphsmith removed its own files, and \(parts.joined(separator: ", and ")))"
      }
      if emptiedKept {
        return "\(path): removed (kept for files glyphsmith did not make, which are gone now)"
      }
      if source.isEmpty {
        return
          "\(path): removed (it carries glyphsmith's mark in a folder that had no record of outputs, as older versions left them; no icon makes it now)"
      }
      return sourceGone
        ? "\(path): removed (its source \(source) is gone)"
        : "\(path): removed (\(source) no longer makes it)"
    }
  }

  /// Records in each folder of `roots` every output this run plans (`planned[root]`, paths
  /// starting with `root`, each with its source) before anything is written: the record is
  /// rewritten (atomically, fsynced with its folder, `AtomicFile.write(_:toPath:durable:)`) holding what it held plus
  /// the planned outputs it did not list under `"pending"`; it is not touched when it lists
  /// them all already. A folder without a record adopts the outputs `marked(root)` finds
  /// (paths starting with the root), with an unknown source. An existing path Glyphsmith did
  /// not make is not recorded unless `force` replaces it. `folders`: the project's output
  /// folders by platform (`build`), added to those each record lists (a dropped folder stays
  /// listed until `update` has pruned it). `project`: the project file of the `build`
  /// (`Document.project`), which each record names from then on.
  /// - Returns: the records as they were, for `update`.
  /// - Throws: `GlyphsmithError.writeFailed` naming the record and the system's reason when
  ///   one cannot be written, `unreadableError` when one is there and cannot be read (before
  ///   any record is written); nothing should be written then.
  package static func begin(
    roots: [String], planned: [String: [String: String]], force: Bool = false,
    folders: [String: String]? = nil, project: String? = nil,
    marked: (String) -> [String] = { _ in [] }, symbolCommand: Bool = false
  ) throws -> Journal {
    try checkReadable(roots: roots)
    var journal = Journal()
    let paths = PrunePaths()
    for root in roots {
      let base = trimmed(root)
      if journal.records[base] != nil { continue }
      let old = prior(root: base, marked: marked)
      journal.records[base] = old
      var record = old
      let all = old.all
      var recordedSources: [String: String] = [:]
      let new = recordable(
        root: base, planned: planned[root] ?? [:], old: all.merging(old.symbol) { a, _ in a },
        kept: old.kept, launcher: Set(old.appicon.keys), force: force, paths: paths,
        recordedSources: &recordedSources)
      journal.recordedSources[base] = (paths.real(base), recordedSources)
      if symbolCommand {
        // `glyphsmith symbol`'s sets are its own, recorded apart (`Document.symbol`).
        for (output, source) in new {
          record.symbol[output] = source
          record.outputs[output] = nil
          record.pending[output] = nil
        }
      } else {
        for (output, source) in new where all[output] != source {
          record.pending[output] = source
        }
        // A symbol set `symbol` made that this run plans is its own from now on.
        for output in new.keys { record.symbol[output] = nil }
      }
      journal.admitted[base] = Set(new.keys)
      let created = missingFolders(root: base, outputs: Array(new.keys))
      journal.created[base] = created
      record.created.formUnion(created)
      journal.present[base] = Set(
        all.keys.filter { new[$0] == nil && Platform.status(ofPath: base + "/" + $0) != nil })
      let path = base + "/" + fileName
      if !old.exists && record.pending.isEmpty && record.symbol.isEmpty {
        dropReplacements(root: base)
        continue
      }
      let listed = folders.map { old.folders.merging(absoluteFolders($0)) { $1 } } ?? old.folders
      let document = Document(
        outputs: record.outputs, pending: record.pending.isEmpty ? nil : record.pending,
        kept: record.kept.isEmpty ? nil : record.kept.sorted(),
        folders: relative(listed, from: base), hashes: record.hashes.isEmpty ? nil : record.hashes,
        appicon: record.appicon.isEmpty ? nil : record.appicon,
        project: projectEntry(project ?? old.project, root: base, paths: paths),
        created: record.created.isEmpty ? nil : record.created.sorted(),
        symbol: record.symbol.isEmpty ? nil : record.symbol)
      // Nothing new (a rerun): the file already says this (issue 34: encoding 10,656 hashes
      // to find that out cost a rerun of 1,776 icons 10 % of its time).
      if old.document != document {
        let data = try OutputRecordEncoder.shared.encode(document, root: base)
        if FileBytes.read(path) != data {
          try AtomicFile.write(data, toPath: path, durable: true)
          remember(document, data: data, root: base)
        }
      }
      // The contents a killed run journalled are in the record now (`read` took them in).
      dropReplacements(root: base)
    }
    return journal
  }

  /// Says in the record of each folder in `roots` that the outputs at `replaced`
  /// (standardized absolute paths: set folders, the files in them, drawables) are about to be
  /// written anew, before any is: the hashes it holds for their files (`Document.hashes`)
  /// are moved to `Document.replacing` (the file rewritten atomically and fsynced with its
  /// folder), where this run's writers still find them (`recordedHashes`), so a run killed
  /// or failing midway (a full disk, a record that cannot be confirmed) leaves a record that
  /// takes either content, the old or the new, for Glyphsmith's (by its mark), and the next
  /// run hashes them anew (issue 32, eighth trial: the old hashes called Glyphsmith's own new
  /// files "changed since glyphsmith wrote them", and a deleted icon's set was kept). A
  /// record that hashes none of them is not touched (a rerun with nothing to write costs no
  /// write).
  /// - Throws: `GlyphsmithError.writeFailed` naming the record and the system's reason when
  ///   one cannot be written; nothing should be written then.
  package static func replacing(roots: [String], replaced: Set<String>) throws {
    guard !replaced.isEmpty else { return }
    var done: Set<String> = []
    for root in roots {
      let base = trimmed(root)
      guard done.insert(base).inserted else { continue }
      let record = read(root: base)
      guard record.exists, !record.unreadable, var document = record.document,
        let hashes = document.hashes, !hashes.isEmpty
      else { continue }
      let folder = normalised(base)
      // The replaced paths below the folder, relative to it: a hash's key in the form
      // `normalised` leaves alone is looked up as it is, with its folder, without building
      // its path (issue 36: a path built per entry, 10,656 a save, was 4 % of a watched save).
      var below: Set<Substring> = []
      for path in replaced where path.hasPrefix(folder + "/") {
        below.insert(path.dropFirst(folder.count + 1))
      }
      let wholeFolder = replaced.contains(folder)
      // The hashes moved aside, gathered in the same pass (issue 36: a second pass looking
      // every hash up in the kept ones was 3.5 % of a watched save).
      var moved: [String: String] = [:]
      let kept = hashes.filter { file, hash in
        let keep: Bool
        if !wholeFolder, folder != "/", let slash = file.utf8.lastIndex(of: UInt8(ascii: "/")),
          isPlainRelative(file)
        {
          keep = !below.contains(file[...]) && !below.contains(file[..<slash])
        } else {
          let path = normalised(folder + "/" + file)
          keep = !replaced.contains(path) && !replaced.contains(FileName.parent(of: path))
        }
        if !keep { moved[file] = hash }
        return keep
      }
      guard kept.count != hashes.count else { continue }
      document.hashes = kept.isEmpty ? nil : kept
      document.replacing = (document.replacing ?? [:]).merging(moved) { $1 }
      let data = try OutputRecordEncoder.shared.encode(document, root: base)
      try AtomicFile.write(data, toPath: base + "/" + fileName, durable: true)
      remember(document, data: data, root: base)
    }
  }

  /// Brings the record of each folder in `roots` up to date and removes what it recorded that
  /// is no longer made. `planned[root]` maps every output this run's plan makes (paths
  /// starting with `root`) to its source; `considered` holds the sources (standardized absolute
  /// paths) this run decides for: a recorded output is removed when its source is gone (inside
  /// `scope`, the folders and files the run reads; `nil`: anywhere), or is considered here
  /// but no longer plans that output; others' records are kept. `journal`:
  /// the records `begin` read before this run wrote anything (else each record is read now,
  /// with `marked` adopting outputs in a folder without one). A pending output (or an adopted
  /// one) is removed only when it carries Glyphsmith's mark.
  /// - Returns: the removals, by folder (in `roots` order) then path, warnings (kind
  ///   `output-record`, about the record or the output) for a record that cannot be read (it
  ///   is then rewritten from this run's plan) or an output that cannot be removed (kind
  ///   `user-file` for a user's file kept), and the error of a record that cannot be
  ///   written (the journal `begin` wrote stays, so the next run still prunes from it).
  ///   `folders`: the project's output folders by platform (`build`), which each record of
  ///   one of them lists from now on; a root of `roots` not among them is a dropped folder
  ///   (`droppedFolders`): its record lists no folders, and is removed once it lists nothing.
  ///   `removing` false (a run that failed): nothing is removed, and the record keeps
  ///   listing what it did, so the next run that succeeds prunes it. `writtenSources`: the
  ///   inputs (paths as in `planned`) this run wrote; the files of their outputs are hashed
  ///   anew into the record (`Document.hashes`), the others' hashes kept (a file without one
  ///   yet is hashed as it is). `project`: as `begin`'s. `told`: called with each removal
  ///   as it is made (a set kept for the user's files too), in the order returned, so a
  ///   command prints it then rather than when the prune is over. `symbolCommand`: the run
  ///   is `glyphsmith symbol`'s, whose sets are recorded apart (`Document.symbol`), as
  ///   `begin`'s. `adoptMarked`: an output of unknown source (`""`, carrying the mark, found
  ///   when its folder had no record) that no icon makes and whose name no planned output
  ///   of its folder has (`outputName`) is removed; else (the default) it stays in the record
  ///   as it was, and those still there are named in one warning (`unadoptedWarning`, kind
  ///   `marked-output`, ending `to remove them, ` and `adoptHint`), since a set copied in by
  ///   hand from another catalog carries the mark too (issue 32, trial finding 6).
  package static func update(
    roots: [String], planned: [String: [String: String]], considered: Set<String>,
    scope: [String]? = nil,
    journal: Journal? = nil, folders: [String: String]? = nil, project: String? = nil,
    marked: (String) -> [String] = { _ in [] }, removing: Bool = true,
    writtenSources: Set<String> = [], writtenHashes: [String: String] = [:],
    failedSources: Set<String> = [],
    symbolCommand: Bool = false, adoptMarked: Bool = false,
    adoptHint: String = "pass --adopt-marked",
    told: (Removal) -> Void = { _ in }
  ) -> (removed: [Removal], warnings: [Diagnostic], error: GlyphsmithError?) {
    var removed: [Removal] = []
    // Outputs of unknown source (adopted from a folder without a record) kept, not adopted.
    var unadopted: [String] = []
    // Each removal is told as it is made (`told`), in the order of the result.
    func tell(_ removal: Removal) {
      removed.append(removal)
      told(removal)
    }
    var warnings: [Diagnostic] = []
    var failure: GlyphsmithError? = nil
    var done: Set<String> = []
    // Every path question of this update asked once (issue 32: prune speed).
    let paths = PrunePaths()
    for root in roots {
      let base = trimmed(root)
      guard done.insert(base).inserted else { continue }
      let recordPath = base + "/" + fileName
      let record = journal?.records[base] ?? prior(root: base, marked: marked)
      // Whether the file at `path` (starting with `base`) is one Glyphsmith wrote whose bytes
      // no longer hash as the record says: the user changed it, and it is theirs now.
      func isChanged(_ path: String) -> Bool {
        guard let relative = relativePath(of: normalised(path), under: normalised(base)),
          let hash = record.hashes[relative], let data = FileBytes.read(path)
        else { return false }
        return ContentHash.sha256(data) != hash
      }
      if record.unreadable {
        warnings.append(
          .warning(
            "the record of outputs cannot be read; nothing it lists is removed this run, and it is written anew",
            path: recordPath, kind: Diagnostic.Kind.outputRecord))
      }
      // The record's hashes of a set folder's files by name (`nil`: it hashes none), indexed
      // once when a pruned set first asks.
      var hashIndex: [String: [String: String]]? = nil
      func folderHashes(_ output: String) -> [String: String]? {
        if hashIndex == nil {
          var index: [String: [String: String]] = [:]
          for (file, hash) in record.hashes {
            guard let slash = file.lastIndex(of: "/") else { continue }
            index[String(file[..<slash]), default: [:]][String(file[file.index(after: slash)...])] =
              hash
          }
          hashIndex = index
        }
        return hashIndex?[output]
      }
      let old = record.all
      var recordedSources: [String: String] = [:]
      if let begun = journal?.recordedSources[base], begun.realRoot == paths.real(base) {
        recordedSources = begun.sources
      }
      var new = recordable(
        root: base, planned: planned[root] ?? [:], old: old.merging(record.symbol) { a, _ in a },
        kept: record.kept, admitted: journal?.admitted[base] ?? [],
        launcher: Set(record.appicon.keys), paths: paths, recordedSources: &recordedSources)
      var pending: [String: String] = [:]
      // A kept set an icon plans again but this run did not write (the icon failed, its files
      // the user's: issue 32, fifth trial) stays kept, and out of the outputs, so a prune
      // never takes what the user put there for Glyphsmith's.
      let sources = Dictionary(
        (planned[root] ?? [:]).map { (normalised($0.key), $0.value) },
        uniquingKeysWith: { a, _ in a })
      // An output of an icon that failed, which the record did not list as written before,
      // stays pending: the run may never have written it (issue 32, seventh trial: a
      // drawable that could not be written was listed, and the user's file put there later
      // was replaced as "changed since glyphsmith wrote it").
      if !failedSources.isEmpty {
        for (output, source) in new where record.outputs[output] != source {
          guard let planned = sources[normalised(base + "/" + output)],
            failedSources.contains(planned)
          else { continue }
          new[output] = nil
          pending[output] = source
        }
      }
      for output in record.kept where new[output] != nil {
        let source = sources[normalised(base + "/" + output)]
        if source.map({ !writtenSources.contains($0) }) ?? true { new[output] = nil }
      }
      // A pruned set still holding the user's files stays Glyphsmith's while it is there and
      // no icon makes it again.
      var kept = record.kept.filter {
        new[$0] == nil && Platform.status(ofPath: base + "/" + $0)?.isFolder == true
      }
      // Only the folders Glyphsmith created are removed when left empty (issue 32, sixth
      // trial: a `drawable-hdpi` the user made went with its last drawable).
      var created = record.created.union(journal?.created[base] ?? [])
      let current = folders.map(absoluteFolders) ?? record.folders
      // Folders left empty go up to the output folder, never it nor a configured one
      // (`android.res` of a build is the folder `res` under the Android root).
      let configured = Set(
        [paths.absolute(base)] + current.values
          + current.filter { $0.key == "android" }.map { paths.absolute($0.value + "/res") })
      // A kept folder the user has emptied since goes (in a run that removes).
      for output in kept.sorted() where removing && isSafe(output) {
        let path = base + "/" + output
        guard Platform.folderNames(atPath: path)?.isEmpty == true,
          FileName.withCPath(path, { rmdir($0) }) == 0
        else { continue }
        kept.remove(output)
        removeIfEmpty(
              parentOf: path, root: base, keeping: configured, created: &created, paths: paths)
        tell(Removal(path: path, source: "", sourceGone: true, emptiedKept: true))
      }
      var stale =
        removing
        ? stale(
          root: base, old: old, new: new, considered: considered, scope: scope, paths: paths)
        : []
      // A marked output of unknown source whose name no icon of this run makes is kept and
      // named, never removed unasked (issue 32, trial finding 6: a set copied by hand from
      // another catalog carries the mark too); one that is gone leaves the record.
      var vanished: Set<String> = []
      if removing && !adoptMarked {
        // Made only when an output of unknown source is stale (issue 36: made over every
        // planned output for every save of `build --watch`).
        var claimed: Set<String>? = nil
        stale = stale.filter { entry in
          guard entry.source.isEmpty else { return true }
          if claimed == nil { claimed = claimedNames(root: base, planned: planned[root] ?? [:]) }
          guard !claimed!.contains(claimKey(entry.output)) else {
            return true
          }
          if isSafe(entry.output), Platform.status(ofPath: base + "/" + entry.output) != nil {
            unadopted.append(base + "/" + entry.output)
          } else {
            vanished.insert(entry.output)
          }
          return false
        }
      }
      let removable = Set(stale.map(\.output)).union(vanished)
      for (output, source) in old where new[output] == nil && !removable.contains(output) {
        if record.pending[output] != nil {
          pending[output] = source
        } else {
          new[output] = source
        }
      }
      for stale in groupFilesLast(stale) where isSafe(stale.output) {
        let path = base + "/" + stale.output
        // One `lstat` tells whether it is there, a link, or a folder (a link is looked
        // through only to tell a dangling one, which counts as gone).
        let kind = Platform.kind(ofPath: path, followingLinks: false)
        let target = kind == .link ? Platform.kind(ofPath: path) : kind
        guard let target else {
          // Removed by this run as it wrote what replaces it (`android.format` switched).
          if journal?.present[base]?.contains(stale.output) == true {
            removeIfEmpty(
              parentOf: path, root: base, keeping: configured, created: &created, paths: paths)
            tell(
              Removal(path: path, source: paths.display(stale.source), sourceGone: stale.gone))
          }
          continue
        }
        do {
          // The folders above it are checked once for all the outputs in them.
          let parent = String(path[..<path.lastIndex(of: "/")!])
          if !paths.linkFreeFolders.contains(parent) {
            try OutputSafety.checkNoLinkedFolders(root: base, folder: parent)
            paths.linkFreeFolders.insert(parent)
          }
          if kind == .link { try OutputSafety.checkNoLinkedFolders(root: base, folder: path) }
          let (userFiles, changedFiles) = try remove(
            path, isFolder: target == .folder, markedOnly: record.pending[stale.output] != nil,
            changed: isChanged, recorded: { folderHashes(stale.output) })
          // A group's `Contents.json` beside what stays in its folder stays, unnamed.
          if userFiles == [path] && OutputOwnership.isGroupContentsFile(path) { continue }
          if userFiles == [path] && changedFiles == [path] {
            // A file the user changed since Glyphsmith wrote it is theirs now (issue 32,
            // sixth trial: it was deleted without a word).
            warnings.append(
              changedKeptWarning(path: path, source: paths.display(stale.source), gone: stale.gone))
            continue
          }
          if userFiles == [path] {
            warnings += userFiles.compactMap(OutputOwnership.userFileWarning(path:))
            continue
          }
          // A set kept for the user's files is told as kept (and warned about below).
          if !userFiles.isEmpty { kept.insert(stale.output) }
          if userFiles.isEmpty {
            removeIfEmpty(
              parentOf: path, root: base, keeping: configured, created: &created, paths: paths)
          }
          tell(
            Removal(
              path: path, source: paths.display(stale.source), sourceGone: stale.gone,
              kept: userFiles.map { String($0.dropFirst(path.count + 1)) },
              changed: changedFiles.map { String($0.dropFirst(path.count + 1)) }))
        } catch {
          // It stays in the record (pending as it was) until a run removes it (issue 32
          // trial: a read-only folder dropped from the record was never pruned again).
          if record.pending[stale.output] != nil {
            pending[stale.output] = record.pending[stale.output]
          } else {
            new[stale.output] = record.outputs[stale.output]
          }
          warnings.append(
            .warning(
              "cannot remove this output of a gone source: \(removalReason(error, path: path)); it stays in the record, and the next run removes it",
              path: path, kind: Diagnostic.Kind.outputRecord))
        }
      }
      for output in kept.sorted() {
        let path = base + "/" + output
        let names = Platform.folderNames(atPath: path)?.sorted() ?? []
        guard !names.isEmpty else { continue }
        warnings.append(
          keptWarning(path: path, names: names, changed: names.filter { isChanged(path + "/" + $0) }))
      }
      let dropped = folders != nil && !current.values.contains(absolute(base))
      let onDisk = FileBytes.read(recordPath)
      // `glyphsmith symbol`'s sets (`Document.symbol`): those this run planned when it is
      // that command's; else those still there that this run does not take over.
      var symbol = record.symbol.filter {
        new[$0.key] == nil && isSafe($0.key) && Platform.status(ofPath: base + "/" + $0.key) != nil
      }
      if dropped && new.isEmpty && pending.isEmpty && kept.isEmpty && record.appicon.isEmpty
        && symbol.isEmpty
      {
        // A dropped folder's record that lists nothing any more goes with it.
        if onDisk != nil { Platform.removeFile(atPath: recordPath) }
        dropReplacements(root: base)
        continue
      }
      created = created.filter { Platform.status(ofPath: base + "/" + $0)?.isFolder == true }
      var hashes = fileHashes(
        root: base, outputs: new, planned: planned[root] ?? [:], old: record.hashes,
        writtenSources: writtenSources, known: writtenHashes, failedSources: failedSources)
      // `appicon`'s outputs keep their hashes, whatever this run plans.
      for output in record.appicon.keys where new[output] == nil {
        if let hash = record.hashes[output] { hashes[output] = hash }
      }
      // So do `symbol`'s sets.
      for (file, hash) in record.hashes
      where hashes[file] == nil && symbol.keys.contains(where: { file.hasPrefix($0 + "/") }) {
        hashes[file] = hash
      }
      if symbolCommand {
        let made = Set(
          (planned[root] ?? [:]).keys.compactMap {
            relativePath(of: normalised($0), under: normalised(base))
          })
        for output in made { if let source = new.removeValue(forKey: output) { symbol[output] = source } }
      }
      // So do the files the user changed that a prune kept (in a kept set, or a drawable):
      // an icon of that name coming back names each as changed when it replaces it.
      for (file, hash) in record.hashes where hashes[file] == nil && isSafe(file) {
        let path = base + "/" + file
        guard isChanged(path) else { continue }
        hashes[file] = hash
      }
      // The files of outputs this run began replacing that it did not hash as written (an
      // icon whose worker died: issue 32, ninth trial, a SIGXFSZ kept the old hashes and lost
      // "replacing", and the next run called every new file "changed since glyphsmith wrote
      // it"): hashed as on disk when that is the old or the new content, else kept with the
      // old hash (the user's) (`resolvingReplacements`); symbol sets alike.
      let journalled = read(root: base)
      for file in Set(journalled.replacing.keys).union(journalled.replacements.keys)
      where isSafe(file) && writtenHashes[normalised(base + "/" + file)] == nil
      {
        guard let hash = journalled.hashes[file],
          new[file] != nil || new[FileName.parent(of: file)] != nil
        else { continue }
        hashes[file] = hash
      }
      let document = Document(
        outputs: new, pending: pending.isEmpty ? nil : pending,
        kept: kept.isEmpty ? nil : kept.sorted(),
        folders: dropped ? nil : relative(current, from: base),
        hashes: hashes.isEmpty ? nil : hashes,
        appicon: record.appicon.isEmpty ? nil : record.appicon,
        project: projectEntry(project ?? record.project, root: base, paths: paths),
        created: created.isEmpty ? nil : created.sorted(),
        symbol: symbol.isEmpty ? nil : symbol)
      if new.isEmpty && pending.isEmpty && old.isEmpty && kept.isEmpty && symbol.isEmpty
        && onDisk == nil
      {
        continue
      }
      if onDisk != nil, read(root: base, resolving: false).document == document {
        dropReplacements(root: base)
        continue
      }
      guard let data = try? OutputRecordEncoder.shared.encode(document, root: base), onDisk != data else {
        dropReplacements(root: base)
        continue
      }
      do {
        try AtomicFile.write(data, toPath: recordPath, durable: true)
        remember(document, data: data, root: base)
        // What this run journalled as it replaced outputs is in the record now.
        dropReplacements(root: base)
      } catch {
        failure = failure ?? GlyphsmithError.wrap(error, path: recordPath)
      }
    }
    if !unadopted.isEmpty {
      warnings.append(unadoptedWarning(paths: unadopted, hint: adoptHint))
    }
    return (removed, warnings, failure)
  }

  /// The name the output `relative` (a path relative to its output folder) goes by, as an
  /// icon names its outputs there, lowercased: a set folder's name without `.imageset` or
  /// `.symbolset` (and without `-compact`), a drawable's resource name (before its first
  /// `.`), a web folder's name. An output of unknown source (`""`, adopted from a folder
  /// without a record) is an icon's of this run when the icon makes an output of its name
  /// in the folder (`claimedNames`): its image set before `ios.symbols`, its PNGs before
  /// `android.format` `vector`.
  static func outputName(_ relative: String) -> String {
    var name = relative.split(separator: "/").last.map(String.init) ?? relative
    if name.hasSuffix(".imageset") || name.hasSuffix(".symbolset") {
      name = PathName(name).deletingPathExtension
      if name.hasSuffix("-compact") { name.removeLast("-compact".count) }
    } else if let dot = name.firstIndex(of: ".") {
      name = String(name[..<dot])
    }
    return name.lowercased()
  }

  /// The names (`outputName`) of the outputs `planned` (paths starting with `root`) makes in
  /// the folder `root`.
  private static func claimedNames(root base: String, planned: [String: String]) -> Set<String> {
    let folder = normalised(base)
    return Set(
      planned.keys.compactMap { relativePath(of: normalised($0), under: folder) }.map(claimKey))
  }

  /// The key under which an output of unknown source is an icon's of this run
  /// (`claimedNames`): its name (`outputName`) in its place, the folder holding it, Android's
  /// `drawable` and `drawable-<density>` folders counting as one (an icon's PNGs before
  /// `android.format` `vector`). A marked copy in a place this run writes none of that name
  /// (another qualifier folder such as `drawable-night`, another catalog group) is no icon's,
  /// kept and named without `--adopt-marked` (issue 32, eighth trial finding 1: they were
  /// removed as "no icon makes it now").
  static func claimKey(_ relative: String) -> String {
    // Split by hand: corelibs Foundation's `deletingLastPathComponent` traps on some paths
    // (an empty one: the whole test process died in CI).
    var folders = relative.split(separator: "/").dropLast().map(String.init)
    if let last = folders.last, densityFolders.contains(last) {
      folders[folders.count - 1] = "drawable*"
    }
    return folders.joined(separator: "/") + "|" + outputName(relative)
  }

  /// Android's `drawable` folder and its density-qualified ones (`claimKey`).
  private static let densityFolders: Set<String> = [
    "drawable", "drawable-ldpi", "drawable-mdpi", "drawable-hdpi", "drawable-xhdpi",
    "drawable-xxhdpi", "drawable-xxxhdpi",
  ]

  /// The one warning (kind `marked-output`) naming the outputs at `paths` (as printed) that
  /// carry Glyphsmith's mark, were found when their folder had no record of outputs, and
  /// that no icon makes now: kept, since an older version's set and one the user copied in
  /// from another catalog look alike (issue 32, trial finding 6); `hint` says how to remove
  /// them (`--adopt-marked`).
  static func unadoptedWarning(paths: [String], hint: String) -> Diagnostic {
    let one = paths.count == 1
    return .warning(
      "kept \(paths.count) output\(one ? "" : "s") that no icon makes now and that \(one ? "carries" : "carry") glyphsmith's mark, found when \(one ? "its" : "their") folder had no record of outputs: \(paths.joined(separator: ", ")); an older version made \(one ? "it" : "them") or \(one ? "it was" : "they were") copied in by hand (glyphsmith cannot tell which), so \(one ? "it is" : "they are") never removed unasked; to remove \(one ? "it" : "them"), \(hint)",
      kind: Diagnostic.Kind.markedOutput)
  }

  /// The hashes of the files of the recorded `outputs` of the folder `base` (relative paths):
  /// a set folder's files but the user's (`OutputOwnership.userFiles`), a file output itself.
  /// An output whose source (in `planned`, paths starting with the root given) is among
  /// `writtenSources` is hashed from disk; another keeps its `old` hashes, or is hashed from
  /// disk when it has none.
  private static func fileHashes(
    root base: String, outputs: [String: String], planned: [String: String],
    old: [String: String], writtenSources: Set<String>, known: [String: String] = [:],
    failedSources: Set<String> = []
  ) -> [String: String] {
    var rewritten: Set<String> = []
    for (output, source) in planned where writtenSources.contains(source) {
      if let relative = relativePath(of: normalised(output), under: normalised(base)) {
        rewritten.insert(relative)
      }
    }
    // The outputs an icon that failed wrote before it failed are hashed as written (issue
    // 32, seventh trial: their old hashes were kept, and the next run named six files
    // nobody had touched as changed).
    if !failedSources.isEmpty {
      var folders: Set<Substring> = []
      for key in known.keys {
        if let slash = key.lastIndex(of: "/") { folders.insert(key[..<slash]) }
      }
      for (output, source) in planned where failedSources.contains(source) {
        let path = normalised(output)
        guard known[path] != nil || folders.contains(path[...]),
          let relative = relativePath(of: path, under: normalised(base))
        else { continue }
        rewritten.insert(relative)
      }
    }
    // An old hash is kept when its file, or a folder above it, is an output this run did
    // not rewrite; such an output is then `covered` and not hashed from disk. One pass over
    // the old hashes, looking each prefix up (issue 34: an index of a dictionary per prefix
    // cost a rerun of 1,776 icons 5 % of its time).
    let reusable = Set(outputs.keys.filter { isSafe($0) && !rewritten.contains($0) }.map { $0[...] })
    var hashes: [String: String] = [:]
    var covered = Set<Substring>()
    let slashByte = UInt8(ascii: "/")
    if !reusable.isEmpty {
      for (file, hash) in old {
        var keep = false
        if reusable.contains(file[...]) {
          keep = true
          covered.insert(file[...])
        }
        // Each folder above it, found on the UTF-8 bytes (issue 36: walking the key by
        // `Character` was 3 % of a watched save).
        let utf8 = file.utf8
        var index = utf8.startIndex
        while let slash = utf8[index...].firstIndex(of: slashByte) {
          if reusable.contains(file[..<slash]) {
            keep = true
            covered.insert(file[..<slash])
          }
          index = utf8.index(after: slash)
        }
        if keep { hashes[file] = hash }
      }
    }
    for output in outputs.keys where isSafe(output) && !covered.contains(output[...]) {
      let path = base + "/" + output
      guard let status = Platform.status(ofPath: path) else { continue }
      if !status.isFolder {
        if let hash = known[normalised(path)] {
          hashes[output] = hash
        } else if let data = FileBytes.read(path) {
          hashes[output] = ContentHash.sha256(data)
        }
        continue
      }
      guard let names = Platform.folderNames(atPath: path) else { continue }
      // A set this run wrote whole: every file in it is one the writer hashed (a user's file
      // would have none), so nothing is read back (issue 34).
      let visible = names.filter { !$0.hasPrefix(".") }
      let folder = normalised(path)
      let written = visible.compactMap { name in known[folder + "/" + name].map { (name, $0) } }
      // Written this run with the user's files kept in it: only what it wrote is its own
      // (issue 32, seventh trial: a marked copy `bell@4x.png` was hashed as its own).
      if !written.isEmpty {
        for (name, hash) in written { hashes[output + "/" + name] = hash }
        continue
      }
      let prefix = output + "/"
      let recorded = old.reduce(into: [String: String]()) { found, entry in
        guard entry.key.hasPrefix(prefix) else { return }
        let name = String(entry.key.dropFirst(prefix.count))
        if !name.contains("/") { found[name] = entry.value }
      }
      let found = OutputOwnership.userFiles(
        in: path, planned: [], recorded: recorded.isEmpty ? nil : recorded)
      let user = Set(found.user)
      // A file it wrote that the user changed keeps its hash: named as changed when replaced.
      for name in found.changed { hashes[prefix + name] = recorded[name] }
      for name in names where !user.contains(name) && !name.hasPrefix(".") {
        if let data = FileBytes.read(path + "/" + name) {
          hashes[output + "/" + name] = ContentHash.sha256(data)
        }
      }
    }
    return hashes
  }

  /// The hashes of the files Glyphsmith wrote that the record of the folder `root` lists
  /// (`Document.hashes`; with `replacing`, `Document.replacing` too: what a writer of the run
  /// that moved them there compares with, once `begin` has dropped those a killed run left),
  /// by normalised path starting with `root` (`normalised`); empty when it has no record or
  /// lists none.
  package static func recordedHashes(root: String, replacing: Bool = false) -> [String: String] {
    let base = trimmed(root)
    let record = read(root: base, movedWin: replacing)
    var found: [String: String] = [:]
    let hashes =
      // The hashes moved aside win over what `read` made of them from the disk: a writer
      // of the run compares with the content recorded before it began.
      replacing
      ? record.hashes.merging(record.replacing, uniquingKeysWith: { _, b in b }) : record.hashes
    for (file, hash) in hashes where isSafe(file) {
      found[normalised(base + "/" + file)] = hash
    }
    return found
  }

  /// `recordedHashes(root:replacing:)`'s entries whose folder (the path up to its last `/`)
  /// is among `folders` (normalised), by file name then folder: the same hashes, found
  /// without building a path for every entry of the record (issue 36: the watcher asked for
  /// a few folders of 10,656 entries). An entry whose key or folder `normalised` would change
  /// is taken the long way. `names`: for a folder listed there (normalised), only the files
  /// of those names are taken (issue 36: the hashes of a shared Android density folder, 1,776
  /// files, were indexed for the one drawable of the saved icon).
  package static func recordedHashes(
    root: String, replacing: Bool, inFolders folders: Set<String>,
    names: [String: Set<String>] = [:]
  ) -> [String: [String: String]] {
    let base = trimmed(root)
    let record = read(root: base, movedWin: replacing)
    // The moved hashes looked up before the others, not merged into a copy of them (issue
    // 36: the copy of 10,656 entries per call was 9 % of a watched save).
    let moved = replacing ? record.replacing : [:]
    var found: [String: [String: String]] = [:]
    func add(_ file: String) {
      let path = normalised(base + "/" + file)
      guard let slash = path.lastIndex(of: "/") else { return }
      let folder = String(path[..<slash])
      let name = String(path[path.index(after: slash)...])
      guard folders.contains(folder), names[folder].map({ $0.contains(name) }) ?? true,
        let hash = moved[file] ?? record.hashes[file], isSafe(file)
      else { return }
      found[folder, default: [:]][name] = hash
    }
    // The wanted names by folder relative to `base`, for the plain keys' quick test.
    var wantedNames: [Substring: Set<String>] = [:]
    for (folder, wanted) in names where folder.hasPrefix(base + "/") {
      wantedNames[folder.dropFirst(base.count + 1)] = wanted
    }
    let clean = normalised(base) == base && !base.hasSuffix("/")
    // The wanted folders under `base`, relative to it (`""`: `base` itself).
    var wanted: Set<Substring> = []
    for folder in folders {
      if folder == base { wanted.insert("") }
      if folder.hasPrefix(base + "/") { wanted.insert(folder.dropFirst(base.count + 1)) }
    }
    for file in [record.hashes.keys, moved.keys].joined() {
      guard clean, isPlainRelative(file) else {
        add(file)
        continue
      }
      let slash = file.utf8.lastIndex(of: UInt8(ascii: "/"))
      let folder = slash.map { file[..<$0] } ?? ""
      guard wanted.contains(folder) else { continue }
      if let only = wantedNames[folder] {
        let name = slash.map { String(file[file.utf8.index(after: $0)...]) } ?? file
        if !only.contains(name) { continue }
      }
      add(file)
    }
    return found
  }

  /// The warning about the set folder at `path`, pruned and kept for the files `names` in it
  /// that Glyphsmith did not make (kind `kept-set`), told on every run while they are there:
  /// a catalog set has no `Contents.json` then, and `validate` warns about it alike (rule
  /// `kept-set`, which does not fail it), unless its `Contents.json` is among `names` (kept:
  /// then it lists images the set no longer holds).
  /// `changed`: the names among `names` of files Glyphsmith wrote that the user changed
  /// since (their bytes hash otherwise than the record says), named as such.
  static func keptWarning(path: String, names: [String], changed: [String] = []) -> Diagnostic {
    let changedSet = Set(changed)
    let foreign = names.filter { !changedSet.contains($0) }
    var parts: [String] = []
    if !foreign.isEmpty {
      parts.append("\(foreign.joined(separator: ", ")), which glyphsmith did not make")
    }
    if !changed.isEmpty {
      let single = changed.count == 1
      parts.append(
        "\(changed.joined(separator: ", ")), which \(single ? "was" : "were") changed since glyphsmith wrote \(single ? "it" : "them")"
      )
    }
    let one = names.count == 1
    // Its Contents.json kept among the user's files (changed since, or not Glyphsmith's),
    // the set is still an asset: said so, not "no Contents.json" (issue 32, eighth trial
    // finding 8).
    let removedFiles =
      !OutputOwnership.setName(ofFolder: path).catalog
      ? "its own files are removed"
      : names.contains("Contents.json")
        ? "its other files are removed, so its Contents.json, kept, lists images it no longer holds (validate names them: missing-file)"
        : "its own files are removed, so it has no Contents.json and is no asset (validate warns alike: kept-set)"
    return .warning(
      "kept for \(parts.joined(separator: ", and ")); \(removedFiles); move \(one ? "it" : "them") out and the next run removes the folder",
      path: path, kind: Diagnostic.Kind.keptSet)
  }

  /// The warning about the file output at `path` (an Android drawable) that a prune keeps
  /// because the user changed it since Glyphsmith wrote it (its bytes hash otherwise than
  /// the record says; issue 32, sixth trial), kind `kept-set` (counted as kept):
  /// `PATH: warning: changed since glyphsmith wrote it; kept, not removed (its source SOURCE
  /// is gone; the file is yours now, and glyphsmith never deletes it)`.
  static func changedKeptWarning(path: String, source: String, gone: Bool) -> Diagnostic {
    let why =
      source.isEmpty
      ? "no icon makes it now"
      : gone ? "its source \(source) is gone" : "\(source) no longer makes it"
    return .warning(
      "changed since glyphsmith wrote it; kept, not removed (\(why); the file is yours now, and glyphsmith never deletes it)",
      path: path, kind: Diagnostic.Kind.keptSet)
  }

  /// The set folders a run keeps for the user's files, paths as printed, each once: those of
  /// `removals` kept now (`Removal.kept`), then those of `warnings` of kind `kept-set`
  /// (`keptWarning`, told on every run while a set is kept).
  package static func keptSets(removals: [Removal], warnings: [Diagnostic]) -> [String] {
    var seen: Set<String> = []
    let now = removals.filter { !$0.kept.isEmpty }.map(\.path)
    let before = warnings.filter { $0.kind == Diagnostic.Kind.keptSet }.compactMap(\.path)
    return (now + before).filter { seen.insert($0).inserted }
  }

  /// `planned` less the `alternatives` (`AssetsJob.alternativeOutputs`: `android.format
  /// auto`'s VectorDrawable and fallback PNGs, of which a run writes one) that are not there
  /// with Glyphsmith's mark after the run: the record lists only what was written, so a file
  /// the user puts later at the path not written is never taken as Glyphsmith's. For `update`.
  package static func written(
    _ planned: [String: [String: String]], alternatives: Set<String>
  ) -> [String: [String: String]] {
    guard !alternatives.isEmpty else { return planned }
    return planned.mapValues { outputs in
      outputs.filter { output, _ in
        !alternatives.contains(output) || OutputOwnership.isMarkedFile(output)
      }
    }
  }

  /// The outputs (paths starting with `root` as given) that `update` would remove from
  /// `root` for `planned` and `considered`, without removing anything: what a run's plan
  /// takes as gone (a symbol set may take the name of an image set this run removes).
  /// `marked`, `adoptMarked`: as `update`'s.
  package static func pendingRemovals(
    root: String, planned: [String: String], considered: Set<String>, scope: [String]? = nil,
    marked: (String) -> [String] = { _ in [] }, adoptMarked: Bool = false
  ) -> Set<String> {
    let base = trimmed(root)
    let paths = PrunePaths()
    let record = prior(root: base, marked: marked)
    let old = record.all
    var recordedSources: [String: String] = [:]
    let new = recordable(
      root: base, planned: planned, old: old, kept: record.kept,
      launcher: Set(record.appicon.keys), paths: paths, recordedSources: &recordedSources)
    let claimed = adoptMarked ? [] : claimedNames(root: base, planned: planned)
    let removable = stale(
      root: base, old: old, new: new, considered: considered, scope: scope, paths: paths
    ).filter {
      guard isSafe($0.output) else { return false }
      // A marked output of unknown source no icon claims is kept (`update`).
      if !adoptMarked && $0.source.isEmpty && !claimed.contains(claimKey($0.output)) {
        return false
      }
      guard record.pending[$0.output] != nil else { return true }
      let path = base + "/" + $0.output
      return Platform.status(ofPath: path).map {
        $0.isFolder ? OutputOwnership.isMarkedFolder(path) : OutputOwnership.isMarkedFile(path)
      } ?? false
    }
    // A set kept for the user's files that they have emptied since goes too (`update`).
    let emptied = record.kept.filter {
      new[$0] == nil && isSafe($0)
        && Platform.folderNames(atPath: base + "/" + $0)?.isEmpty == true
    }
    return Set((removable.map(\.output) + emptied).map { normalised(base + "/" + $0) })
  }

  /// Adds `outputs` (paths starting with `root` as given, each with its source) to the record
  /// of the folder `root`, written (atomically) before the outputs are, so that a run killed
  /// midway leaves a record that lists what it wrote (`appicon --platform android`, under
  /// `Document.appicon`: `build` never prunes them); the record's pending outputs stay pending. `hashes`: the SHA-256 of the bytes about to be
  /// written, by output (`Document.hashes`).
  /// - Throws: `GlyphsmithError.writeFailed` naming the record when it cannot be written,
  ///   `unreadableError` when it is there and cannot be read; then nothing should be written.
  package static func add(
    root: String, outputs: [String: String], hashes: [String: String] = [:]
  ) throws {
    let base = trimmed(root)
    try checkReadable(roots: [base])
    let rootURL = URL(fileURLWithPath: base).standardizedFileURL
    let realRoot = URL(fileURLWithPath: real(base), isDirectory: true)
    let record = read(root: base)
    var document = Document(
      outputs: record.outputs, pending: record.pending.isEmpty ? nil : record.pending,
      kept: record.kept.isEmpty ? nil : record.kept.sorted(),
      folders: relative(record.folders, from: base),
      hashes: record.hashes.isEmpty ? nil : record.hashes,
      appicon: record.appicon.isEmpty ? nil : record.appicon,
      project: projectEntry(record.project, root: base, paths: PrunePaths()),
      created: record.created.isEmpty ? nil : record.created.sorted(),
      symbol: record.symbol.isEmpty ? nil : record.symbol)
    for (output, source) in outputs {
      guard let relative = relativePath(of: absolute(output), under: rootURL.path) else {
        continue
      }
      // An `appicon` output recorded as a build's by an earlier version moves to `appicon`.
      document.outputs[relative] = nil
      document.appicon = (document.appicon ?? [:]).merging(
        [relative: relativePath(from: realRoot, to: real(source))]) { $1 }
      if let hash = hashes[output] {
        document.hashes = (document.hashes ?? [:]).merging([relative: hash]) { $1 }
      }
    }
    let path = base + "/" + fileName
    let data = try OutputRecordEncoder.shared.encode(document, root: base)
    if FileBytes.read(path) == data { return }
    do {
      try AtomicFile.write(data, toPath: path, durable: true)
      remember(document, data: data, root: base)
    } catch {
      throw GlyphsmithError.wrap(error, path: path)
    }
  }

  /// The outputs the record of the folder `root` lists as confirmed (and the pruned set
  /// folders it keeps as Glyphsmith's, `Document.kept`), as normalised paths starting with
  /// `root` (`normalised`); empty when it has no record or one that cannot be read. A pending
  /// output is not among them: it is Glyphsmith's only when it carries the mark
  /// (`OutputOwnership.owns`).
  package static func recordedOutputs(root: String) -> Set<String> {
    let base = trimmed(root)
    return recordedOutputs(read(root: base), base: base)
  }

  /// `recordedOutputs(root:)` of `record`, the record of the folder `base` (trimmed).
  private static func recordedOutputs(_ record: Record, base: String) -> Set<String> {
    Set(
      (Array(record.outputs.keys) + record.kept + record.appicon.keys + record.symbol.keys)
        .filter(isSafe).map {
        normalised(base + "/" + $0)
      })
  }

  /// The pruned set folders the record of the folder `root` keeps for the user's files
  /// (`Document.kept`), as normalised paths starting with `root`: Glyphsmith removed its own
  /// files from them, so a file at one of the paths it writes there is not its own.
  package static func keptOutputs(root: String) -> Set<String> {
    let base = trimmed(root)
    return keptOutputs(read(root: base), base: base)
  }

  /// `keptOutputs(root:)` of `record`, the record of the folder `base` (trimmed).
  private static func keptOutputs(_ record: Record, base: String) -> Set<String> {
    Set(record.kept.filter(isSafe).map { normalised(base + "/" + $0) })
  }

  /// `path` with runs of `/` collapsed and no trailing `/`, as outputs are compared.
  /// Works on the UTF-8 bytes (a `/` byte is never part of another character), and returns
  /// `path` itself when there is nothing to change: it is asked for every output of a run
  /// (issue 34: by `Character` it cost 60 us a path, 0.3 s of CPU on 1,776 SVG sets).
  package static func normalised(_ path: String) -> String {
    let slash = UInt8(ascii: "/")
    let utf8 = path.utf8
    var previous: UInt8 = 0
    var clean = true
    for byte in utf8 {
      if byte == slash && previous == slash {
        clean = false
        break
      }
      previous = byte
    }
    if clean {
      // Only a trailing `/` (not the root's own) may be left.
      if utf8.count > 1 && utf8.last == slash { return trimmed(path) }
      return path
    }
    var bytes: [UInt8] = []
    bytes.reserveCapacity(utf8.count)
    for byte in utf8 where !(byte == slash && bytes.last == slash) { bytes.append(byte) }
    return trimmed(String(decoding: bytes, as: UTF8.self))
  }

  /// Whether the record key `relative` is in the form `normalised` leaves alone below a
  /// folder (not empty, no `/` first or last, no `//`), told on its bytes (issue 36: a
  /// `contains("//")` per entry of a record was 4 % of a watched save).
  static func isPlainRelative(_ relative: String) -> Bool {
    let slash = UInt8(ascii: "/")
    var previous = slash
    for byte in relative.utf8 {
      if byte == slash && previous == slash { return false }
      previous = byte
    }
    return previous != slash
  }

  /// `root` without trailing slashes.
  private static func trimmed(_ root: String) -> String {
    var bytes = Array(root.utf8)
    while bytes.count > 1 && bytes.last == UInt8(ascii: "/") { bytes.removeLast() }
    return bytes.count == root.utf8.count ? root : String(decoding: bytes, as: UTF8.self)
  }

  /// What is wrong with the record of outputs in the folder `root` when it is there and
  /// cannot be read (`nil` when it is missing or reads): git's conflict markers (`it holds
  /// git conflict markers (line 1: <<<<<<< HEAD)`), where it stops being JSON
  /// (`JSONSyntaxProblem`), that it is not a record, or that it cannot be opened. Something
  /// else than a file there (a folder) is not a record that cannot be read: writing the
  /// record names it (`cannot write: is a folder`).
  package static func unreadableProblem(root: String) -> String? {
    let base = trimmed(root)
    let path = base + "/" + fileName
    guard Platform.kind(ofPath: path) == .regular else { return nil }
    guard let data = FileBytes.read(path) else {
      return "it cannot be opened (permission denied or an I/O error)"
    }
    // Decoded through the cache the run's other reads share.
    if RecordCache.shared.record(root: base, data: data)?.unreadable == false { return nil }
    let record = decode(data, root: base)
    RecordCache.shared.store(record, root: base, data: data)
    if !record.unreadable { return nil }
    let lines = String(decoding: data, as: UTF8.self).split(
      separator: "\n", omittingEmptySubsequences: false)
    for (index, line) in lines.enumerated()
    where ["<<<<<<<", "=======", ">>>>>>>"].contains(where: { line.hasPrefix($0) }) {
      return "it holds git conflict markers (line \(index + 1): \(line.prefix(40)))"
    }
    return JSONSyntaxProblem.describe(data)
      ?? "it is JSON but not a record of outputs ({\"outputs\": {...}, \"version\": 1})"
  }

  /// Stops a run before anything is written when the record of outputs of any folder of
  /// `roots` is there and cannot be read (`unreadableProblem`, issue 32): written anew it
  /// would forget the outputs it lists, and those of icons deleted meanwhile would never be
  /// pruned.
  /// - Throws: `GlyphsmithError.unusable` naming the record, what is wrong and the fix:
  ///   `RECORD: error: the record of outputs cannot be read: WHAT; fix the conflict or
  ///   delete it ...; nothing was written`.
  package static func checkReadable(roots: [String]) throws {
    if let error = roots.lazy.compactMap(unreadableError).first { throw error }
  }

  /// The error `checkReadable` throws for the record of the folder `root`; `nil` when it is
  /// missing or reads.
  package static func unreadableError(root: String) -> GlyphsmithError? {
    unreadableProblem(root: root).map { problem in
      .unusable(
        path: normalised(trimmed(root) + "/" + fileName),
        problem:
          "the record of outputs cannot be read: \(problem); fix the conflict or delete it (without a record, the outputs carrying glyphsmith's mark are adopted again); nothing was written"
      )
    }
  }

  /// The record of the folder `base` (empty when there is none or it cannot be read).
  ///
  /// `resolving` false: the record as the file holds it, without the journal's contents
  /// (`resolvingReplacements`), for a caller that only compares its `document`. `movedWin`:
  /// the files of `Record.replacing` are not resolved (their `hashes` left as the file
  /// says), for a caller that takes their moved hash over any other (`recordedHashes` with
  /// `replacing`): the same answer for it, without reading and hashing those files on every
  /// call (issue 36: 5 % of a watched save).
  private static func read(root base: String, resolving: Bool = true, movedWin: Bool = false)
    -> Record
  {
    let path = base + "/" + fileName
    guard let data = FileBytes.read(path) else {
      let exists = Platform.status(ofPath: path) != nil
      return Record(exists: exists, unreadable: exists)
    }
    // A run asks for its record several times (outputs, hashes, kept sets, launchers, the
    // journal, the update): the bytes are read each time, decoded once while they are the
    // same (issue 34: a rerun of 1,776 icons decoded its 10,656 hashes six times, 0.97 s).
    var record: Record
    if let cached = RecordCache.shared.record(root: base, data: data) {
      record = cached
    } else {
      record = decode(data, root: base)
      RecordCache.shared.store(record, root: base, data: data)
    }
    guard resolving else { return record }
    return resolvingReplacements(record, root: base, data: data, movedWin: movedWin)
  }

  /// The file beside a folder's record (`fileName`) in which a run that replaces recorded
  /// outputs (`replacing(roots:replaced:)`) journals, before each set's files are put in
  /// place, what it writes: one JSON object a line, `{"file":"bell.imageset/bell.png",
  /// "hash":"SHA-256"}` (path relative to the folder), appended and fsynced by each writer
  /// (`journalReplacements`). The record written at the end of a run (`update`) or at the
  /// start of the next (`begin`) takes them in, and it is removed then.
  package static let replacementsFileName = ".glyphsmith-replacing.jsonl"

  /// Journals in the record folder `root` that the files `files` (relative paths, with the
  /// SHA-256 of the bytes about to be put there) are written now over recorded outputs
  /// (appended to `replacementsFileName`, fsynced), before they are renamed into place: a
  /// run killed after the rename leaves a content the next run knows as Glyphsmith's, and
  /// any third content as the user's (issue 32, ninth trial: after a kill any marked
  /// content counted as Glyphsmith's, and a file the user edited was deleted silently).
  /// - Throws: `GlyphsmithError.writeFailed` naming the file and the system's reason; the
  ///   files must not be written then.
  package static func journalReplacements(root: String, files: [(file: String, hash: String)])
    throws
  {
    guard !files.isEmpty else { return }
    let path = trimmed(root) + "/" + replacementsFileName
    var text = ""
    for (file, hash) in files {
      let line = JSONValue.object(["file": .string(file), "hash": .string(hash)]).encoded()
      text += String(decoding: line, as: UTF8.self) + "\n"
    }
    let bytes = Array(text.utf8)
    let descriptor = FileName.withCPath(path) { open($0, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0o644) }
    guard descriptor >= 0 else {
      throw GlyphsmithError.writeFailed(path: path, reason: String(cString: strerror(errno)))
    }
    defer { close(descriptor) }
    var offset = 0
    while offset < bytes.count {
      let count = bytes[offset...].withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
      if count < 0 && errno == EINTR { continue }
      guard count > 0 else {
        throw GlyphsmithError.writeFailed(path: path, reason: String(cString: strerror(errno)))
      }
      offset += count
    }
    guard fsync(descriptor) == 0 else {
      throw GlyphsmithError.writeFailed(path: path, reason: String(cString: strerror(errno)))
    }
  }

  /// The contents `replacementsFileName` of the folder `base` journals, by relative path;
  /// a line that does not read (a killed write's last) is skipped.
  static func replacements(root base: String) -> [String: Set<String>] {
    guard let data = FileBytes.read(base + "/" + replacementsFileName) else { return [:] }
    var found: [String: Set<String>] = [:]
    for line in data.split(separator: UInt8(ascii: "\n")) {
      guard
        let object = JSONValue.parse(Data(line))?.object,
        object.values.allSatisfy({ $0.string != nil }),
        let file = object["file"]?.string, let hash = object["hash"]?.string, isSafe(file)
      else { continue }
      found[file, default: []].insert(hash)
    }
    return found
  }

  /// Removes `replacementsFileName` from the folder `base` once its record no longer lists
  /// outputs being replaced (`Document.replacing`): what it journalled is in the record.
  static func dropReplacements(root base: String) {
    let path = base + "/" + replacementsFileName
    guard Platform.status(ofPath: path) != nil else { return }
    // Decoded through the cache: the record was most often just written by this run.
    if let data = FileBytes.read(base + "/" + fileName) {
      let record = RecordCache.shared.record(root: base, data: data) ?? decode(data, root: base)
      if record.document?.replacing?.isEmpty == false { return }
    }
    Platform.removeFile(atPath: path)
  }

  /// `record` of the folder `base` with the files of the outputs a run began replacing
  /// (`Record.replacing`, `Record.replacements`) and that the record does not hash hashed
  /// as they are on disk when that content is one the journal names, the old or the new
  /// (Glyphsmith's), else with their old hash (a third content is the user's, named as
  /// changed and kept; a file with no old hash and a third content is the user's file):
  /// under "replacing" exactly two contents are Glyphsmith's (issue 32, ninth trial).
  ///
  /// `data`: the record file's bytes `record` was decoded from, when known: the record so
  /// resolved is kept with them (`RecordCache`), and a later read of the same bytes, the same
  /// journal and the same contents on disk gets it without copying the record's hashes again
  /// (issue 36: every read while a journal was open copied the 10,656-entry map to put a few
  /// files in it, 11 % of a watched save).
  ///
  /// `movedWin`: the files of `Record.replacing` left out (`read(root:resolving:movedWin:)`).
  static func resolvingReplacements(
    _ record: Record, root base: String, data: Data? = nil, movedWin: Bool = false
  ) -> Record {
    var record = record
    record.replacements = replacements(root: base)
    guard !record.replacing.isEmpty || !record.replacements.isEmpty else { return record }
    // What the journal changes, worked out first (a few files), applied to a copy only when
    // no read of the same bytes made the same changes already.
    var resolved: [String: String] = [:]
    let files =
      movedWin
      ? Set(record.replacements.keys.filter { record.replacing[$0] == nil })
      : Set(record.replacing.keys).union(record.replacements.keys)
    for file in files where record.hashes[file] == nil && isSafe(file) {
      guard let data = FileBytes.read(base + "/" + file) else { continue }
      let hash = ContentHash.sha256(data)
      let old = record.replacing[file]
      if hash == old || record.replacements[file]?.contains(hash) == true {
        resolved[file] = hash
      } else if let old {
        resolved[file] = old
      }
    }
    guard !resolved.isEmpty else { return record }
    // Kept for a whole resolution alone (one kept a folder: `movedWin`'s would replace it).
    let data = movedWin ? nil : data
    if let data,
      let cached = RecordCache.shared.resolved(
        root: base, data: data, replacements: record.replacements, changes: resolved)
    {
      return cached
    }
    for (file, hash) in resolved { record.hashes[file] = hash }
    if let data {
      RecordCache.shared.storeResolved(
        record, root: base, data: data, replacements: record.replacements, changes: resolved)
    }
    return record
  }

  /// The record `data` (the file's bytes) of the folder `base` holds.
  private static func decode(_ data: Data, root base: String) -> Record {
    // The common case read without `Codable` (issue 36); anything else as before.
    guard
      let document = OutputRecordReader.document(data)
        ?? (try? JSONDecoder().decode(Document.self, from: data))
    else {
      return Record(exists: true, unreadable: true)
    }
    return record(of: document, root: base)
  }

  /// Keeps `document`, just written as exactly `data` to the record of the folder `base`, as
  /// the record those bytes hold (`RecordCache`), so the run's next read of them (the
  /// update after the journal, the next save of `build --watch`) does not parse the file it
  /// wrote (issue 36: each save of one icon of 1,776 decoded 1.2-1.9 MB of JSON per record
  /// after each of its writes, about a fifth of the watcher's CPU). The same value `decode`
  /// gives for those bytes: the document is what they encode.
  private static func remember(_ document: Document, data: Data, root base: String) {
    RecordCache.shared.store(record(of: document, root: base), root: base, data: data)
  }

  /// The record the decoded `document` of the folder `base` holds.
  private static func record(of document: Document, root base: String) -> Record {
    let folderURL = URL(fileURLWithPath: base).standardizedFileURL
    return Record(
      outputs: document.outputs, pending: document.pending ?? [:],
      kept: Set((document.kept ?? []).filter(isSafe)),
      folders: (document.folders ?? [:]).mapValues {
        URL(fileURLWithPath: $0, relativeTo: folderURL).standardizedFileURL.path
      }, hashes: document.hashes ?? [:], appicon: document.appicon ?? [:],
      project: document.project.map {
        real(PrunePaths.standardized($0, cwd: real(base)))
      }, created: Set((document.created ?? []).filter(isSafe)),
      symbol: (document.symbol ?? [:]).filter { isSafe($0.key) },
      replacing: document.replacing ?? [:], exists: true, document: document)
  }

  /// The record of the folder `base` as a run starts from it: `read`, and when there is no
  /// record file, the outputs `marked(base)` finds (paths starting with `base`) adopted as
  /// pending with an unknown source (`""`).
  private static func prior(root base: String, marked: (String) -> [String]) -> Record {
    var record = read(root: base)
    guard !record.exists else { return record }
    for path in marked(base) {
      guard let relative = relativePath(of: normalised(path), under: normalised(base)),
        isSafe(relative)
      else { continue }
      record.pending[relative] = ""
    }
    return record
  }

  /// This run's planned outputs of `base` as the record holds them (relative output, relative
  /// source), but for an existing path Glyphsmith did not make and `old` does not list
  /// (`OutputOwnership.owns`): a path that is not Glyphsmith's never enters its record, but
  /// with `force` (which replaces it). A path among `admitted` (`Journal.admitted`) or `kept` (a pruned folder holding the user's
  /// files) is Glyphsmith's. A path among `launcher` (an `appicon` output, `Document.appicon`)
  /// is never a build's, whatever `force` says: the icon planning it fails by name
  /// (`AssetsJob.plan`), and `appicon`'s record of it stays its own. A group's
  /// `Contents.json` that is there already in Glyphsmith's bytes and is neither listed nor
  /// `admitted` is the user's (Xcode's), never recorded. `recordedSources`: each source's
  /// recorded form (relative to the real path of `base`) already worked out, taken as it is;
  /// those worked out here are added to it.
  private static func recordable(
    root base: String, planned: [String: String], old: [String: String],
    kept: Set<String> = [], admitted: Set<String> = [], launcher: Set<String> = [],
    force: Bool = false, paths: PrunePaths, recordedSources: inout [String: String]
  ) -> [String: String] {
    let realRoot = paths.real(base)
    let folder = normalised(base)
    var new: [String: String] = [:]
    // Each source's recorded form worked out once (an icon plans several outputs: five
    // drawables, a set and its group's `Contents.json`), and kept in `recordedSources` for
    // the caller (`Journal.recordedSources`).
    for (output, source) in planned {
      guard let relative = relativePath(of: normalised(output), under: folder),
        !launcher.contains(relative)
      else {
        continue
      }
      if !force, old[relative] == nil, !kept.contains(relative), !admitted.contains(relative),
        let status = Platform.status(ofPath: output),
        !OutputOwnership.owns(output, folder: status.isFolder, recorded: false)
      {
        continue
      }
      // A group's `Contents.json` that was there before (Xcode's, the user's: the same bytes
      // Glyphsmith writes) is written over with those bytes but never becomes Glyphsmith's
      // to prune (issue 32, sixth trial: the user's group went with its last icon).
      if old[relative] == nil, !admitted.contains(relative),
        OutputOwnership.isGroupContentsFile(output)
      {
        continue
      }
      if let known = recordedSources[source] {
        new[relative] = known
      } else {
        let recorded = relativePath(fromFolder: realRoot, to: paths.real(source))
        recordedSources[source] = recorded
        new[relative] = recorded
      }
    }
    return new
  }

  /// The recorded outputs of `old` to remove, sorted by path: not planned now (`new`,
  /// `recordable`) and whose source is gone or is `considered` by this run. An unknown source
  /// (`""`, an adopted output) counts as gone. A source that is gone counts only inside
  /// `scope` (standardized absolute paths of the folders and files the run reads: a build's
  /// icons folder, the inputs of `assets --prune`; `nil`: everywhere): an output another
  /// pipeline made from other icons (plain `assets brand -o ...` into a build's catalog) is
  /// that pipeline's, never removed by this run (issue 32 trial). A source is relative to the
  /// folder's real path (symbolic links resolved, `real`), as `recordable` writes it; one an
  /// earlier version wrote relative to the path's text (through a linked folder) is found
  /// that way too.
  private static func stale(
    root base: String, old: [String: String], new: [String: String], considered: Set<String>,
    scope: [String]? = nil, paths: PrunePaths
  ) -> [(output: String, source: String, gone: Bool)] {
    let realScope = scope.map { $0.map(paths.real) }
    func inScope(_ path: String) -> Bool {
      guard let realScope else { return true }
      return realScope.contains { path == $0 || path.hasPrefix($0 == "/" ? "/" : $0 + "/") }
    }
    let rootPath = paths.absolute(base)
    let realRoot = paths.real(base)
    let linked = realRoot != rootPath
    var realConsidered: Set<String>? = nil
    var found: [(output: String, source: String, gone: Bool)] = []
    for (output, source) in old.sorted(by: { $0.key < $1.key }) where new[output] == nil {
      if source.isEmpty {
        found.append((output, "", true))
        continue
      }
      var path = paths.real(PrunePaths.standardized(source, cwd: realRoot))
      if linked, !paths.exists(path) {
        let textual = PrunePaths.standardized(source, cwd: rootPath)
        if paths.exists(textual) { path = paths.real(textual) }
      }
      let gone = !paths.exists(path)
      if gone && !inScope(path) { continue }
      if !gone && realConsidered == nil { realConsidered = Set(considered.map(paths.real)) }
      guard gone || realConsidered!.contains(path) else { continue }
      found.append((output, path, gone))
    }
    return found
  }

  /// `path` standardized, absolute and with its symbolic links resolved (as far as it
  /// exists), so a source is recorded and found alike whatever linked path led to it.
  package static func real(_ path: String) -> String {
    URL(fileURLWithPath: path).standardizedFileURL.resolvingSymlinksInPath().path
  }

  /// Removes the recorded output at `path`, but for what in it is not Glyphsmith's: a set
  /// folder loses its marked files and `Contents.json` (`OutputOwnership.userFiles` stay, and
  /// the folder with them), a file goes only when it carries the mark. `markedOnly` (a
  /// pending or adopted output, which the run may never have written): a folder holding no
  /// marked file is kept whole.
  /// A file Glyphsmith wrote whose bytes `changed` says hash otherwise than the record says
  /// (the user edited it, keeping its mark) is kept too.
  /// - Returns: the paths kept, and those of them kept because they were changed.
  /// - Throws: what removing throws.
  /// The folder is listed once (`Platform.folderEntries`, kinds from the listing), only files
  /// of Glyphsmith's names are read (for the mark), and each entry goes with one `unlink`,
  /// the folder with one `rmdir` (issue 32: prune speed). `isFolder`: what is at `path` (links
  /// followed; a link there was refused before).
  private static func remove(
    _ path: String, isFolder: Bool, markedOnly: Bool, changed: (String) -> Bool,
    recorded: () -> [String: String]? = { nil }
  ) throws -> (kept: [String], changed: [String]) {
    guard isFolder else {
      // A group's `Contents.json` goes only with its folder's last other entry.
      if OutputOwnership.isGroupContentsFile(path) {
        let folder = String(path[..<path.lastIndex(of: "/")!])
        guard Platform.folderNames(atPath: folder) == ["Contents.json"] else {
          return ([path], [])
        }
      } else if !OutputOwnership.isMarkedFile(path) {
        return ([path], [])
      } else if changed(path) {
        return ([path], [path])
      }
      try removeEntry(path, isFolder: false)
      return ([], [])
    }
    if markedOnly && !OutputOwnership.isMarkedFolder(path) { return ([path], []) }
    guard let entries = Platform.folderEntries(atPath: path) else {
      // Not listable: Foundation's removal says why.
      try FileManager.default.removeItem(atPath: path)
      return ([], [])
    }
    var keeping = Set(OutputOwnership.userFiles(in: path, entries: entries, planned: []))
    // A marked file of the set's own name the record does not hash (a copy, `bell@4x.png`)
    // is the user's too (issue 32, seventh trial).
    keeping.formUnion(
      OutputOwnership.userFiles(in: path, planned: [], recorded: recorded()).user.filter {
        name in !changed(path + "/" + name)
      })
    // A file Glyphsmith wrote that the user changed since (its bytes hash otherwise than the
    // record says, its mark kept) is theirs now (issue 32, sixth trial).
    let edited = entries.filter {
      !keeping.contains($0.name) && !$0.isFolder && !$0.isLink && changed(path + "/" + $0.name)
    }.map(\.name).sorted()
    keeping.formUnion(edited)
    for entry in entries where !keeping.contains(entry.name) {
      try removeEntry(path + "/" + entry.name, isFolder: entry.isFolder && !entry.isLink)
    }
    if keeping.isEmpty {
      guard FileName.withCPath(path, { rmdir($0) }) == 0 else { throw removalError(path) }
    }
    return (keeping.sorted().map { path + "/" + $0 }, edited.map { path + "/" + $0 })
  }

  /// Removes the entry at `path`: a file (or link) with one `unlink`, a folder whole.
  /// - Throws: `GlyphsmithError.writeFailed` naming it and the system's reason.
  private static func removeEntry(_ path: String, isFolder: Bool) throws {
    if isFolder {
      try FileManager.default.removeItem(atPath: path)
      return
    }
    guard FileName.withCPath(path, { unlink($0) }) == 0 else { throw removalError(path) }
  }

  /// Why removing the output at `path` failed, as a prune warning says it after `cannot
  /// remove this output ...: ` (issue 32, sixth trial: it read `PATH: error: cannot write:
  /// permission denied`): the system's reason, the path first when it is another one (a file
  /// inside a set folder), Foundation's underlying POSIX reason rather than its domain text.
  static func removalReason(_ error: Error, path: String) -> String {
    if case .writeFailed(let failed, let reason)? = error as? GlyphsmithError {
      return failed == path ? reason : "\(failed): \(reason)"
    }
    return SystemError.posixReason(error) ?? "\(error)"
  }

  /// The error of a removal of `path` that failed now (`errno`).
  private static func removalError(_ path: String) -> GlyphsmithError {
    .writeFailed(path: path, reason: String(cString: strerror(errno)))
  }

  /// The output folders the records of `roots` list (`Document.folders`, written by `build`)
  /// that are none of `roots` and still hold a record of outputs: the folders of platforms
  /// dropped from `glyphsmith.json` (or moved), whose recorded outputs `build` prunes. A
  /// folder whose record another project's build wrote (`otherProject`, with `project` the
  /// build's project file and `icons` its icons folder) is never among them: a build never removes what another project's
  /// record lists. Paths as the user would write them (relative to the current folder when
  /// inside it), sorted.
  package static func droppedFolders(
    roots: [String], project: String? = nil, icons: String? = nil
  ) -> [String] {
    let current = Set(roots.map { absolute(trimmed($0)) })
    var found: Set<String> = []
    for root in roots {
      for folder in read(root: trimmed(root)).folders.values where !current.contains(folder) {
        guard Platform.status(ofPath: folder + "/" + fileName) != nil else { continue }
        if let project, otherProject(root: folder, project: project, icons: icons) != nil {
          continue
        }
        found.insert(folder)
      }
    }
    return found.map(display).sorted()
  }

  /// Who else's build wrote a record of outputs (`otherProject`).
  package enum OtherProject: Equatable, Sendable {
    /// The record names its project file (`Document.project`), which is there and is not this
    /// one: its standardized absolute path, links resolved.
    case project(String)
    /// A record a build wrote before records named their project: it lists the output folders
    /// of its project (`Document.folders`, absolute paths by platform) and this folder is
    /// none of them.
    case folders([String: String])
    /// A record a build wrote before records named their project, listing outputs made from
    /// icons that are there but outside this project's icons folder, and none made from one
    /// inside it: the first such icon (standardized absolute path, links resolved).
    case icons(String)
    /// The record names a project file that is gone (moved, or its project removed), and
    /// none of its outputs is made from an icon inside this project's icons folder: that
    /// file's standardized absolute path. Not taken over silently (issue 32 trial: a project
    /// naming one folder of a neighbour whose file had moved took over every record of it);
    /// the moved project's own build takes its folders back (its outputs are made from its
    /// icons), `build --force` makes the folder this project's.
    case goneProject(String)
  }

  /// Whether the record of the output folder `root` was written by the build of another
  /// project than the file at `project` (issue 32): it names another project file that is
  /// there (`Document.project`; the same file reached by another path is not another
  /// project), or one that is gone while none of the record's outputs is made from an icon
  /// inside `icons` (`goneProject`: a project whose file moved still makes its outputs from
  /// its icons folder, and takes the record back), or, written before records named their
  /// project, it lists the
  /// output folders of a build (`Document.folders`) among which `root` is not, or outputs
  /// made from icons that are there, none of them inside `icons` (this project's icons
  /// folder, when given). `nil` when there is no record, it cannot be read (the run names
  /// it), it was written by `assets --prune` or `appicon` only, or it is this project's.
  package static func otherProject(root: String, project: String, icons: String? = nil)
    -> OtherProject?
  {
    let base = trimmed(root)
    let record = read(root: base)
    guard record.exists, !record.unreadable else { return nil }
    if let recorded = record.project {
      if recorded == real(project) { return nil }
      if Platform.kind(ofPath: recorded) == .regular { return .project(recorded) }
      // Its file is gone: this project's own record when it made the outputs from this
      // project's icons (its file was moved), else another's.
      if let icons {
        let here = real(base)
        let iconsFolder = real(icons)
        let inside = record.all.values.contains { source in
          !source.isEmpty
            && real(PrunePaths.standardized(source, cwd: here)).hasPrefix(iconsFolder + "/")
        }
        if inside { return nil }
      }
      return .goneProject(recorded)
    }
    guard !record.folders.isEmpty else { return nil }
    let here = real(base)
    guard record.folders.values.contains(where: { real($0) == here }) else {
      return .folders(record.folders)
    }
    guard let icons else { return nil }
    let iconsFolder = real(icons)
    var outside: String? = nil
    for source in record.outputs.values.sorted() where !source.isEmpty {
      let path = real(PrunePaths.standardized(source, cwd: here))
      if path.hasPrefix(iconsFolder + "/") { return nil }
      if outside == nil, Platform.status(ofPath: path) != nil { outside = path }
    }
    return outside.map { .icons($0) }
  }

  /// The absolute path `path` as messages name it: relative to the current folder, with up
  /// to three `..` steps (`../pk/glyphsmith.json`), else as it is.
  package static func shown(_ path: String) -> String {
    let from = real(".")
    let relative = relativePath(fromFolder: from, to: path)
    let ups = relative.split(separator: "/").prefix { $0 == ".." }.count
    return ups <= 3 && !relative.isEmpty ? relative : path
  }

  /// `project` (an absolute path) as the record of the folder `base` names it
  /// (`Document.project`): relative to the folder's real path; `nil` for `nil`.
  private static func projectEntry(_ project: String?, root base: String, paths: PrunePaths)
    -> String?
  {
    project.map { relativePath(fromFolder: paths.real(base), to: real($0)) }
  }

  /// The launcher files `appicon --platform android` made in the output folder `root`
  /// (`Document.appicon`): by normalised path starting with `root` (`normalised`), the
  /// source each was made from (standardized absolute path, links resolved). A build never
  /// writes over one (`AssetsJob.plan` fails the icon naming it).
  package static func launcherOutputs(root: String) -> [String: String] {
    let base = trimmed(root)
    return launcherOutputs(read(root: base), base: base)
  }

  /// `launcherOutputs(root:)` of `record`, the record of the folder `base` (trimmed).
  private static func launcherOutputs(_ record: Record, base: String) -> [String: String] {
    guard !record.appicon.isEmpty else { return [:] }
    let realRoot = real(base)
    var found: [String: String] = [:]
    for (output, source) in record.appicon where isSafe(output) {
      found[normalised(base + "/" + output)] = real(PrunePaths.standardized(source, cwd: realRoot))
    }
    return found
  }

  /// The outputs a build (or `assets --prune`) recorded in the output folder `root`, pending
  /// ones too, but not `appicon`'s (`launcherOutputs`): by normalised path starting with
  /// `root`, the source each was made from (standardized absolute path, links resolved; empty
  /// when unknown). `appicon` never writes over one made from another source.
  package static func buildOutputs(root: String) -> [String: String] {
    let base = trimmed(root)
    let record = read(root: base)
    let realRoot = real(base)
    var found: [String: String] = [:]
    for (output, source) in record.all where isSafe(output) && record.appicon[output] == nil {
      found[normalised(base + "/" + output)] =
        source.isEmpty ? "" : real(PrunePaths.standardized(source, cwd: realRoot))
    }
    return found
  }

  /// `folders` (absolute paths) relative to `base`, `nil` when empty.
  private static func relative(_ folders: [String: String], from base: String) -> [String: String]?
  {
    guard !folders.isEmpty else { return nil }
    let baseURL = URL(fileURLWithPath: base).standardizedFileURL
    return folders.mapValues {
      let path = relativePath(from: baseURL, to: $0)
      return path.isEmpty ? "." : path
    }
  }

  /// Each of `folders` standardized and absolute.
  private static func absoluteFolders(_ folders: [String: String]) -> [String: String] {
    folders.mapValues(absolute)
  }

  /// `stale` in its order, but for the group `Contents.json` files (`sharedFiles`), which
  /// come last, inner groups first: a group folder goes once what was in it is gone.
  private static func groupFilesLast(
    _ stale: [(output: String, source: String, gone: Bool)]
  ) -> [(output: String, source: String, gone: Bool)] {
    func isGroupFile(_ output: String) -> Bool { output.hasSuffix("/Contents.json") }
    let files = stale.filter { isGroupFile($0.output) }.sorted {
      let (a, b) = ($0.output.split(separator: "/").count, $1.output.split(separator: "/").count)
      return a != b ? a > b : $0.output < $1.output
    }
    return stale.filter { !isGroupFile($0.output) } + files
  }

  /// Removes the folder holding the removed output at `path` (`res/drawable-mdpi` of a
  /// drawable) when it is empty now, then each folder above it left empty so (`res` once its
  /// last `drawable-*` is gone), up to `root`: they held only Glyphsmith's files. Never
  /// `root` nor a folder of `keeping` (absolute paths, `absolute`: the configured output
  /// folders), never a folder holding anything, and only a folder of `created` (relative
  /// paths, `Document.created`: Glyphsmith made it), which loses it once removed.
  /// `rmdir(2)` alone tells an empty folder: it removes nothing else (`ENOTEMPTY`), so a
  /// folder still holding drawables costs one call, not a listing (issue 32: prune speed).
  /// A catalog group folder it created that holds nothing but the group `Contents.json`
  /// Glyphsmith writes (`OutputOwnership.isGroupContentsFile`) goes with it: that file stayed
  /// beside a set kept for the user's files, and without this the empty group stayed for
  /// good once the kept set went (issue 32, re-check F5).
  private static func removeIfEmpty(
    parentOf path: String, root: String, keeping: Set<String>, created: inout Set<String>,
    paths: PrunePaths
  ) {
    var path = path
    let top = normalised(root)
    while let slash = path.lastIndex(of: "/") {
      let folder = String(path[..<slash])
      guard normalised(folder) != top, folder.hasPrefix(root + "/"),
        let relative = relativePath(of: normalised(folder), under: top),
        created.contains(relative),
        !keeping.contains(paths.absolute(folder))
      else { return }
      if FileName.withCPath(folder, { rmdir($0) }) != 0 {
        let contents = folder + "/Contents.json"
        guard Platform.folderNames(atPath: folder) == ["Contents.json"],
          OutputOwnership.isGroupContentsFile(contents),
          FileName.withCPath(contents, { unlink($0) }) == 0,
          FileName.withCPath(folder, { rmdir($0) }) == 0
        else { return }
      }
      created.remove(relative)
      path = folder
    }
  }

  /// The folders (relative to `base`) above `outputs` (relative paths) that are missing
  /// now, each looked up once: those a run creates (`Document.created`).
  static func missingFolders(root base: String, outputs: [String]) -> Set<String> {
    var checked: [String: Bool] = [:]
    var missing: Set<String> = []
    let slash = UInt8(ascii: "/")
    for output in outputs where isSafe(output) {
      // A plain key (no `//`, no `/` first or last): each folder above it is the key up to
      // one of its slashes, found on the bytes without splitting it (issue 36: the split was
      // 2 % of a watched save); the same folders, in the same order, as the split gives.
      if isPlainRelative(output) {
        let utf8 = output.utf8
        var index = utf8.startIndex
        while let found = utf8[index...].firstIndex(of: slash) {
          let prefix = String(output[..<found])
          if checked[prefix] == nil {
            checked[prefix] = Platform.status(ofPath: base + "/" + prefix) == nil
          }
          if checked[prefix] == true { missing.insert(prefix) }
          index = utf8.index(after: found)
        }
        continue
      }
      var parts = output.split(separator: "/")
      parts.removeLast()
      var prefix = ""
      for part in parts {
        prefix = prefix.isEmpty ? String(part) : prefix + "/" + part
        if checked[prefix] == nil {
          checked[prefix] = Platform.status(ofPath: base + "/" + prefix) == nil
        }
        if checked[prefix] == true { missing.insert(prefix) }
      }
    }
    return missing
  }

  /// `path` standardized and absolute (relative paths from the current folder).
  package static func absolute(_ path: String) -> String {
    URL(fileURLWithPath: path).standardizedFileURL.path
  }

  /// `path` relative to `folder` when it lies inside it, else `nil`.
  private static func relativePath(of path: String, under folder: String) -> String? {
    guard path.hasPrefix(folder + "/") else { return nil }
    return String(path.dropFirst(folder.count + 1))
  }

  /// `path` relative to the folder `folder`, both standardized absolute paths, with `..`
  /// steps as needed (`relativePath(from:to:)` by text alone: no look-up).
  static func relativePath(fromFolder folder: String, to path: String) -> String {
    if let fast = PathBytes.relativePath(fromFolder: folder, to: path) { return fast }
    return textRelativePath(fromFolder: folder, to: path)
  }

  /// `relativePath(fromFolder:to:)` by `String` components: the reference
  /// `PathBytes.relativePath(fromFolder:to:)` answers alike, and the answer for paths that
  /// are not ASCII (whose components `String` compares by canonical equivalence).
  static func textRelativePath(fromFolder folder: String, to path: String) -> String {
    func components(_ path: String) -> [String] {
      ["/"] + path.split(separator: "/").map(String.init)
    }
    let from = components(folder)
    let to = components(path)
    var common = 0
    while common < min(from.count, to.count) && from[common] == to[common] { common += 1 }
    let ups = Array(repeating: "..", count: from.count - common)
    return (ups + to[common...]).joined(separator: "/")
  }

  /// `path` (absolute) relative to `folder`, with `..` steps as needed.
  private static func relativePath(from folder: URL, to path: String) -> String {
    let from = folder.pathComponents
    let to = URL(fileURLWithPath: path).pathComponents
    var common = 0
    while common < min(from.count, to.count) && from[common] == to[common] { common += 1 }
    let ups = Array(repeating: "..", count: from.count - common)
    return (ups + to[common...]).joined(separator: "/")
  }

  /// Whether a recorded output is a relative path inside its folder: not absolute, no `..`
  /// or `.` step, not the folder itself (`.`, issue 32 eighth trial finding 11: a hand-edited
  /// entry `"."` was taken for a set and the folder "kept"), not the record.
  private static func isSafe(_ output: String) -> Bool {
    // On the UTF-8 bytes, without splitting (issue 36: asked for every entry of a record
    // several times a run, the split was 4 % of a watched save): not absolute, some step,
    // no step `.` or `..`.
    let slash = UInt8(ascii: "/")
    let dot = UInt8(ascii: ".")
    if output.utf8.first == slash { return false }
    var hasStep = false
    var stepLength = 0
    var stepDots = true
    for byte in output.utf8 {
      if byte == slash {
        if stepLength > 0 {
          if stepDots && stepLength <= 2 { return false }
          hasStep = true
        }
        stepLength = 0
        stepDots = true
      } else {
        stepLength += 1
        if byte != dot { stepDots = false }
      }
    }
    if stepLength > 0 {
      if stepDots && stepLength <= 2 { return false }
      hasStep = true
    }
    return hasStep && output != fileName
  }

  /// An absolute path as the user would write it: relative to the current folder when inside
  /// it.
  private static func display(_ path: String) -> String {
    for cwd in Set([absolute(FileManager.default.currentDirectoryPath), real(".")])
    where path.hasPrefix(cwd + "/") {
      return String(path.dropFirst(cwd.count + 1))
    }
    return path
  }
}

extension OutputManifest {
  /// The lookups `AssetsJob.plan(collected:)` makes in the records of `roots`
  /// (`RecordLookups`): equal to `RecordLookups.full(roots:)`, made from the last ones this
  /// process made for the same roots by applying what changed in each record since (its
  /// hashes, outputs, kept sets, launchers and symbol sets compared entry by entry with the
  /// record they were made from, whoever wrote it), or from every entry when there are none,
  /// the roots overlap, a changed path is not in the form `normalised` leaves alone, or much
  /// changed (issue 36: a watched save of one icon indexed every entry of the three records).
  package static func lookups(roots: [String]) -> RecordLookups {
    LookupsCache.shared.next { lookups(roots: roots, after: $0) }.lookups
  }

  /// `RecordLookups` with the roots and records they were made from (`lookups(roots:)`).
  struct LookupsState: Sendable {
    /// The lookups.
    var lookups: RecordLookups
    /// The records they were made from, in `roots` order (as `read` gave them).
    var records: [Record]
    /// The output folders, as given.
    var roots: [String]
    /// Whether they were brought up to date from the last ones (else made from every entry).
    var updated = false
  }

  /// The lookups of `roots` as the records are now, brought up to date from `previous`
  /// when it can be (`lookups(roots:)`, which keeps the last for the next call).
  static func lookups(roots: [String], after previous: LookupsState?) -> LookupsState {
    let records = roots.map { read(root: trimmed($0)) }
    var lookups: RecordLookups
    var wasUpdated = false
    if let previous, let made = updated(previous, roots: roots, records: records) {
      lookups = made
      wasUpdated = true
    } else {
      lookups = RecordLookups()
      for (root, record) in zip(roots, records) {
        lookups.records[root] = recordedOutputs(record, base: trimmed(root))
      }
      lookups.recorded = lookups.records.values.reduce(into: Set<String>()) { $0.formUnion($1) }
      for (root, record) in zip(roots, records) {
        let base = trimmed(root)
        for (file, hash) in record.hashes where isSafe(file) {
          lookups.hashes[normalised(base + "/" + file)] = hash
        }
      }
      for (key, hash) in lookups.hashes { lookups.addHash(key, hash) }
    }
    // The kept sets and launchers (a few entries, most often none) made anew.
    lookups.kept = []
    lookups.launchers = [:]
    for (root, record) in zip(roots, records) {
      let base = trimmed(root)
      lookups.kept.formUnion(keptOutputs(record, base: base))
      lookups.launchers.merge(launcherOutputs(record, base: base)) { first, _ in first }
    }
    return LookupsState(lookups: lookups, records: records, roots: roots, updated: wasUpdated)
  }

  /// `previous` (made from `previous.records`) brought up to date for `records`, the records
  /// of `roots` now; `nil` when it cannot be so exactly (see `lookups(roots:)`).
  private static func updated(_ previous: LookupsState, roots: [String], records: [Record])
    -> RecordLookups?
  {
    guard previous.roots == roots, previous.records.count == records.count else { return nil }
    let bases = roots.map(trimmed)
    // Each root's paths start with it and no other root's: none inside another.
    for base in bases {
      guard normalised(base) == base, base != "/" else { return nil }
      for other in bases where other != base {
        if other.hasPrefix(base + "/") { return nil }
      }
    }
    guard Set(bases).count == bases.count else { return nil }
    // A path `normalised` would change may collide with another entry's: taken the long way.
    func clean(_ relative: String) -> Bool { isPlainRelative(relative) }
    var lookups = previous.lookups
    var budget = 4_000
    for (index, base) in bases.enumerated() {
      let old = previous.records[index]
      let new = records[index]
      // Hashes added, changed or gone.
      for (file, hash) in new.hashes where old.hashes[file] != hash && isSafe(file) {
        budget -= 1
        guard clean(file), budget > 0 else { return nil }
        let path = base + "/" + file
        lookups.hashes[path] = hash
        lookups.addHash(path, hash)
      }
      for file in old.hashes.keys where new.hashes[file] == nil && isSafe(file) {
        budget -= 1
        guard clean(file), budget > 0 else { return nil }
        let path = base + "/" + file
        lookups.hashes[path] = nil
        lookups.removeHash(path)
      }
      // Recorded outputs that came or went (`recordedOutputs`: confirmed outputs, kept sets,
      // launchers, symbol sets).
      var candidates: Set<String> = []
      for output in new.outputs.keys where old.outputs[output] == nil { candidates.insert(output) }
      for output in old.outputs.keys where new.outputs[output] == nil { candidates.insert(output) }
      if old.kept != new.kept { candidates.formUnion(old.kept.symmetricDifference(new.kept)) }
      if old.appicon.count != new.appicon.count || old.appicon.keys.contains(where: { new.appicon[$0] == nil }) {
        candidates.formUnion(Set(old.appicon.keys).symmetricDifference(new.appicon.keys))
      }
      if old.symbol.count != new.symbol.count || old.symbol.keys.contains(where: { new.symbol[$0] == nil }) {
        candidates.formUnion(Set(old.symbol.keys).symmetricDifference(new.symbol.keys))
      }
      let root = roots[index]
      for output in candidates where isSafe(output) {
        budget -= 1
        guard clean(output), budget > 0 else { return nil }
        let path = base + "/" + output
        let listed =
          new.outputs[output] != nil || new.kept.contains(output) || new.appicon[output] != nil
          || new.symbol[output] != nil
        if listed {
          lookups.records[root, default: []].insert(path)
          lookups.recorded.insert(path)
        } else {
          lookups.records[root]?.remove(path)
          lookups.recorded.remove(path)
        }
      }
    }
    return lookups
  }
}

/// The last `RecordLookups` this process made, with the roots and records they were made
/// from (`OutputManifest.lookups(roots:)`).
private final class LookupsCache: @unchecked Sendable {
  static let shared = LookupsCache()
  private let lock = PlainLock()
  private var last: OutputManifest.LookupsState? = nil

  /// The state `make` gives from the last one (`nil`: none yet), kept for the next call.
  func next(_ make: (OutputManifest.LookupsState?) -> OutputManifest.LookupsState)
    -> OutputManifest.LookupsState
  {
    lock.lock()
    defer { lock.unlock() }
    let state = make(last)
    last = state
    return state
  }
}

/// The records decoded in this process, by folder, with the bytes each was decoded from: a
/// record is decoded again only when its file's bytes changed (`OutputManifest.read`).
private final class RecordCache: @unchecked Sendable {
  static let shared = RecordCache()
  private let lock = PlainLock()
  private var entries: [String: (data: Data, record: OutputManifest.Record)] = [:]

  /// The record decoded from exactly `data` for `root`, if any.
  func record(root: String, data: Data) -> OutputManifest.Record? {
    lock.lock()
    defer { lock.unlock() }
    guard let entry = entries[root], entry.data == data else { return nil }
    return entry.record
  }

  /// Keeps `record`, decoded from `data`, for `root` (one entry a folder).
  func store(_ record: OutputManifest.Record, root: String, data: Data) {
    lock.lock()
    defer { lock.unlock() }
    entries[root] = (data, record)
    resolvedEntries[root] = nil
  }

  /// The record of `root` decoded from `data` with a journal's `changes` put in its hashes
  /// (`OutputManifest.resolvingReplacements`), by folder: one a folder, the last made.
  private var resolvedEntries:
    [String: (
      data: Data, replacements: [String: Set<String>], changes: [String: String],
      record: OutputManifest.Record
    )] = [:]

  /// The record `storeResolved` kept for `root`, if it was resolved from exactly `data`,
  /// `replacements` and `changes`.
  func resolved(
    root: String, data: Data, replacements: [String: Set<String>], changes: [String: String]
  ) -> OutputManifest.Record? {
    lock.lock()
    defer { lock.unlock() }
    guard let entry = resolvedEntries[root], entry.changes == changes,
      entry.replacements == replacements, entry.data == data
    else { return nil }
    return entry.record
  }

  /// Keeps `record`, the record decoded from `data` with `changes` (worked out from
  /// `replacements` and the files on disk) put in its hashes, for `root`.
  func storeResolved(
    _ record: OutputManifest.Record, root: String, data: Data,
    replacements: [String: Set<String>], changes: [String: String]
  ) {
    lock.lock()
    defer { lock.unlock() }
    resolvedEntries[root] = (data, replacements, changes, record)
  }
}
