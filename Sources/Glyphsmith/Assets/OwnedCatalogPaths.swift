import FoundationEssentials
import Glibc
import GlyphsmithCore

/// The files and folders one `assets` run owns in its catalog, to keep only the validator's
/// findings about them.
struct OwnedCatalogPaths {
  /// Owned files (the catalog's and groups' `Contents.json`).
  var files: Set<String> = []
  /// Owned asset folders (`NAME.imageset`); everything inside them is owned.
  var folders: Set<String> = []

  /// Whether a finding's path is an owned file, an owned folder, or inside one.
  func contains(finding path: String) -> Bool {
    if files.contains(path) || folders.contains(path) { return true }
    var folder = Substring(path)
    while let slash = folder.lastIndex(of: "/") {
      folder = folder[..<slash]
      if folders.contains(String(folder)) { return true }
    }
    return false
  }
}
