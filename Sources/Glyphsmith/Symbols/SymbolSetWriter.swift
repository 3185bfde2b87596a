import Foundation

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

  /// Writes `outline` as `catalog/NAME.symbolset` (Contents.json and NAME.svg), replacing an
  /// existing set atomically (`AtomicFolder`) but for the user's files in it
  /// (`OutputOwnership.userFiles`, kept; in a set `--force` writes into that Glyphsmith did
  /// not make too: it replaces only what it writes). Creates the catalog folder and its own
  /// `Contents.json` when missing.
  /// - Returns: the names of the files kept in the set, sorted.
  /// - Throws: `GlyphsmithError.writeFailed` naming the folder.
  @discardableResult
  package static func write(_ outline: SymbolOutline, toCatalog catalog: String) throws
    -> [String]
  {
    try ensureCatalog(catalog)
    let folder = folder(name: outline.name, catalog: catalog)
    let files = [
      (name: "Contents.json", data: try contents(name: outline.name)),
      (name: outline.name + ".svg", data: SymbolTemplateWriter.svg(outline)),
    ]
    let keeping = OutputOwnership.userFiles(in: folder, planned: Set(files.map(\.name)))
    try AtomicFolder.write(files, toPath: folder, keeping: keeping)
    return keeping
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
