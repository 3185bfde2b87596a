import FoundationEssentials
import Glibc
import GlyphsmithCore

/// Writes `NAME.symbolset` folders into an asset catalog.
package enum SymbolSetWriter {
  /// The symbol set's `Contents.json`, exactly as issue 17 and Xcode give it:
  /// `{"info":{"author":"xcode","version":1},"symbols":[{"filename":"NAME.svg",
  /// "idiom":"universal"}]}`, in Xcode's layout (`XcodeJSON`: sorted keys, `" : "`).
  /// - Throws: `GlyphsmithError.writeFailed` if it cannot be encoded (never for valid names).
  package static func contents(name: String) throws -> Data {
    do {
      return try AssetContents.symbolSet(filename: name + ".svg").xcodeJSON()
    } catch {
      throw GlyphsmithError.writeFailed(path: name + ".symbolset", reason: "\(error)")
    }
  }

  /// `catalog/NAME.symbolset`.
  package static func folder(name: String, catalog: String) -> String {
    catalog + "/" + name + ".symbolset"
  }

  /// What `write(_:toCatalog:)` did.
  package struct Outcome: Equatable, Sendable {
    /// The names of the files kept in the set (the user's), sorted.
    package var kept: [String]
    /// Whether the set was written; `false` when it already held exactly these bytes (an
    /// unchanged symbol: nothing is touched, as `build` leaves an unchanged image set).
    package var written: Bool
    /// The SHA-256 of each of the set's own files as they now are (written, or found holding
    /// these bytes), by normalised path: for the record of outputs, which otherwise took a
    /// rewritten symbol SVG for one the user changed and kept its old hash (issue 32, ninth
    /// trial finding C).
    package var hashes = WrittenHashes()
    /// The group `Contents.json` files Glyphsmith did not write that `replaceGroups`
    /// (`--force`) replaced, to be named (`OutputOwnership.replacedWarning`).
    package var replacedGroups: [String] = []
  }

  /// Writes `outline` as `catalog/NAME.symbolset` (Contents.json and NAME.svg), replacing an
  /// existing set atomically (`AtomicFolder`) but for the user's files in it
  /// (`OutputOwnership.userFiles`, kept; in a set `--force` writes into that Glyphsmith did
  /// not make too: it replaces only what it writes). A set whose two files already hold the
  /// bytes it would write is left alone (issue 39's trial: every `build` rewrote every
  /// symbol set). Creates the catalog folder and its own `Contents.json` when missing, and
  /// the set's group folders (`groups`, outermost first: `CATALOG/GROUP/NAME.symbolset`) each
  /// with a group `Contents.json` when it has none (`provides-namespace` with `namespace`;
  /// one that is there is kept as it is, but with `replaceGroups` (`--force`, issue 32,
  /// ninth trial finding F: it was kept without a word) replaced when its bytes differ).
  /// - Throws: `GlyphsmithError.writeFailed` naming the folder.
  @discardableResult
  package static func write(
    _ outline: SymbolOutline, toCatalog catalog: String, groups: [String] = [],
    namespace: Bool = false, replaceGroups: Bool = false
  ) throws -> Outcome {
    try ensureCatalog(catalog)
    var parent = catalog
    var replacedGroups: [String] = []
    for group in groups {
      parent += "/" + group
      let contents = parent + "/Contents.json"
      let data = try AssetContents.group(namespace: namespace).xcodeJSON()
      if Platform.status(ofPath: contents) == nil {
        try AtomicFile.write(data, toPath: contents)
      } else if replaceGroups, FileBytes.read(contents) != data {
        try AtomicFile.write(data, toPath: contents)
        replacedGroups.append(contents)
      }
    }
    let folder = folder(name: outline.name, catalog: parent)
    let files = try Self.files(outline)
    // A marked file of the set's own name that its `Contents.json` does not list (a copy,
    // `bell@2x.svg`) is the user's too (issue 32, seventh trial).
    let keeping = OutputOwnership.userFiles(
      in: folder, planned: Set(files.map(\.name)), recorded: nil
    ).user
    let present = Set((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? [])
    let hashes = WrittenHashes(
      Dictionary(
        files.map { (OutputManifest.normalised(folder + "/" + $0.name), ContentHash.sha256($0.data)) },
        uniquingKeysWith: { first, _ in first }))
    if present == Set(files.map(\.name) + keeping),
      files.allSatisfy({ FileManager.default.contents(atPath: folder + "/" + $0.name) == $0.data })
    {
      return Outcome(
        kept: keeping, written: false, hashes: hashes, replacedGroups: replacedGroups)
    }
    try AtomicFolder.write(files, toPath: folder, keeping: keeping)
    return Outcome(kept: keeping, written: true, hashes: hashes, replacedGroups: replacedGroups)
  }

  /// The files of `outline`'s symbol set: its `Contents.json` and its SVG.
  static func files(_ outline: SymbolOutline) throws -> [(name: String, data: Data)] {
    [
      (name: "Contents.json", data: try contents(name: outline.name)),
      (name: outline.name + ".svg", data: SymbolTemplateWriter.svg(outline)),
    ]
  }

  /// Whether the symbol set of `outline` at `folder` already holds exactly its files (what
  /// `write` leaves alone; the user's files in it aside).
  static func isUpToDate(_ outline: SymbolOutline, folder: String) -> Bool {
    guard let files = try? files(outline) else { return false }
    return files.allSatisfy { FileManager.default.contents(atPath: folder + "/" + $0.name) == $0.data }
  }

  /// Creates `catalog` and its root `Contents.json` when missing.
  static func ensureCatalog(_ catalog: String) throws {
    let manager = FileManager.default
    if !manager.fileExists(atPath: catalog) {
      do {
        try manager.createDirectory(atPath: catalog, withIntermediateDirectories: true)
      } catch {
        throw GlyphsmithError.writeFailed(path: catalog, reason: "cannot create the folder")
      }
    }
    let root = catalog + "/Contents.json"
    if !manager.fileExists(atPath: root) {
      try AtomicFile.write(try AssetContents().xcodeJSON(), toPath: root)
    }
  }
}
