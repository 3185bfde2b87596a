import FoundationEssentials
import Glibc

/// What `glyphsmith validate PATH` validates: the catalog PATH names, or the catalogs in the
/// folder PATH names, so that a wrong path is never a silent pass (issue 22).
///
/// - A folder named `NAME.xcassets` is one catalog.
/// - Any other folder holding `NAME.xcassets` folders (at any depth; hidden folders and the
///   inside of catalogs are not searched) stands for those catalogs, sorted by path.
/// - Any other folder that is laid out as a catalog (a root `Contents.json` or an asset folder
///   such as `star.imageset` among its entries) is one catalog, as before.
/// - A folder named `NAME.icon` is one Icon Composer bundle (issue 35).
/// - Beside the catalogs found, the Icon Composer bundles outside them (Xcode 26 keeps a
///   `.icon` in the project folder, not in the catalog) are validated too; a folder that
///   holds bundles and no catalog stands for its bundles.
/// - An asset folder (`star.imageset`) and anything else are errors, the latter naming what
///   the folder holds.
public enum CatalogSearch {
  /// How deep below the given folder catalogs are looked for (the folder's own entries are
  /// depth 1): deep enough for `ios/App/Resources/App.xcassets`, shallow enough that a
  /// mistyped home folder answers quickly.
  public static let maximumDepth = 6

  /// The catalogs `path` stands for (trailing slashes dropped), see the type's rules.
  /// - Throws: `GlyphsmithError.unreadable` when `path` does not exist, is not a folder or
  ///   cannot be listed; `GlyphsmithError.unusable` naming the path and what it holds
  ///   (`12 .svg files, 2 folders`) when it holds no catalog.
  public static func catalogs(at path: String) throws -> [String] {
    var root = path
    while root.count > 1 && root.hasSuffix("/") { root.removeLast() }
    switch Platform.kind(ofPath: root) {
    case .folder: break
    case nil: throw GlyphsmithError.unreadable(path: root, reason: "no such folder")
    default:
      throw GlyphsmithError.unreadable(path: root, reason: "not a folder (expected NAME.xcassets)")
    }
    guard Platform.canList(root) else {
      throw GlyphsmithError.unreadable(path: root, reason: "permission denied")
    }
    if isCatalogName(root) || IconBundleCheck.isBundleName(root) { return [root] }
    let kind = CatalogVocabulary.folderType(PathName(root).lastPathComponent)
    if !kind.isEmpty {
      throw GlyphsmithError.unusable(
        path: root,
        problem:
          "a .\(kind) folder is an asset, not a catalog; pass the .xcassets folder that holds it")
    }
    let found = search(root, depth: 1)
    let catalogs = found.filter(isCatalogName)
    if !catalogs.isEmpty { return found }
    let entries = CatalogWalk.children(root)
    let laidOut = entries.contains { entry in
      entry.isFolder ? !entry.kind.isEmpty : entry.name == "Contents.json"
    }
    // A folder laid out as a catalog is one, its bundles checked by its walk.
    if laidOut { return [root] }
    if !found.isEmpty { return found }
    throw GlyphsmithError.unusable(
      path: root,
      problem:
        "no asset catalog here: no NAME.xcassets folder in it or below, and it is not laid out as one (no Contents.json, no NAME.imageset); it holds \(inventory(entries)); pass the .xcassets folder"
    )
  }

  /// Whether `path`'s last component ends in `.xcassets` (any case).
  static func isCatalogName(_ path: String) -> Bool {
    PathName(path).pathExtension.lowercased() == "xcassets"
  }

  /// The `.xcassets` folders and `.icon` bundles in `folder` and below (not inside either),
  /// sorted; hidden entries skipped.
  static func search(_ folder: String, depth: Int) -> [String] {
    guard depth <= maximumDepth else { return [] }
    var found: [String] = []
    for child in CatalogWalk.children(folder) where child.isFolder {
      let path = folder + "/" + child.name
      if isCatalogName(child.name) || IconBundleCheck.isBundleName(child.name) {
        found.append(path)
      } else {
        found += search(path, depth: depth + 1)
      }
    }
    return found
  }

  /// `12 .svg files, 1 .png file, 2 folders`, or `nothing` for an empty folder: the visible
  /// entries counted by extension (most first, then by name), folders last.
  static func inventory(_ entries: [CatalogWalk.Child]) -> String {
    var byExtension: [String: Int] = [:]
    var folders = 0
    for entry in entries {
      if entry.isFolder {
        folders += 1
      } else {
        byExtension[PathName(entry.name).pathExtension.lowercased(), default: 0] += 1
      }
    }
    var parts = byExtension.sorted { $0.value != $1.value ? $0.value > $1.value : $0.key < $1.key }
      .map { counted($0.value, $0.key.isEmpty ? "file without extension" : ".\($0.key) file") }
    if folders > 0 { parts.append(counted(folders, "folder")) }
    return parts.isEmpty ? "nothing" : parts.joined(separator: ", ")
  }
}
