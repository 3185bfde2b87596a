import FoundationEssentials
import Glibc
import GlyphsmithCore

/// The path look-ups of one step of `OutputManifest` (`begin`, `update`, `pendingRemovals`),
/// each made once (issue 32, prune speed): a pruning build of thousands of outputs asked the
/// file system the same questions about the same folders for every output (about 29 `stat`
/// calls and 3 folder listings per removed output). What is cached here does not change
/// while one step runs: sources and the folders above outputs are not created, linked or
/// removed by a prune, only the outputs themselves (which are looked at once each).
final class PrunePaths {
  /// The current folder, standardized, read once.
  private let cwd: String
  /// `real(_:)` by standardized path.
  private var resolved: [String: String] = ["/": "/"]
  /// `exists(_:)` by path.
  private var existing: [String: Bool] = [:]
  /// `absolute(_:)` by path as given.
  private var absolutes: [String: String] = [:]
  /// The folders `display(_:)` strips: the current folder as given and its real path.
  private lazy var displayPrefixes: Set<String> = Set([cwd, real(".")])
  /// Folders above outputs checked to be no links (`OutputSafety.checkNoLinkedFolders`).
  var linkFreeFolders: Set<String> = []

  /// Paths resolved from the current folder as it is now.
  init() {
    cwd = Self.standardized(FileManager.default.currentDirectoryPath, cwd: "/")
  }

  /// `path` absolute (from the current folder) with `.` and `..` taken out and runs of `/`
  /// collapsed, by text alone (as `URL.standardizedFileURL` does).
  static func standardized(_ path: String, cwd: String) -> String {
    let full = path.hasPrefix("/") ? path : cwd + "/" + path
    // Most paths are standardized already: they come back as they are, unsplit (issue 36).
    if PathBytes.isStandardized(full) { return full }
    return textStandardized(full)
  }

  /// `standardized` of the absolute path `full` by its components, whatever it holds.
  static func textStandardized(_ full: String) -> String {
    var parts: [Substring] = []
    for part in full.split(separator: "/") {
      if part == "." { continue }
      if part == ".." {
        if !parts.isEmpty { parts.removeLast() }
        continue
      }
      parts.append(part)
    }
    return "/" + parts.joined(separator: "/")
  }

  /// `OutputManifest.real(path)`: standardized, absolute, its symbolic links resolved (as far
  /// as it exists). Each folder above it is resolved once for all the paths in it, with one
  /// `lstat` of each name; a name that is a link is resolved by Foundation, as before.
  func real(_ path: String) -> String {
    resolve(Self.standardized(path, cwd: cwd))
  }

  /// `real` of a standardized absolute path.
  private func resolve(_ standard: String) -> String {
    if let hit = resolved[standard] { return hit }
    let slash = standard.lastIndex(of: "/")!
    let parent = slash == standard.startIndex ? "/" : String(standard[..<slash])
    let leaf = standard[standard.index(after: slash)...]
    let realParent = resolve(parent)
    let candidate = (realParent == "/" ? "" : realParent) + "/" + leaf
    let result =
      Platform.kind(ofPath: candidate, followingLinks: false) == .link
      ? OutputManifest.real(candidate) : candidate
    resolved[standard] = result
    return result
  }

  /// Whether something is at `path` (`stat(2)`, links followed), asked once per path.
  func exists(_ path: String) -> Bool {
    if let hit = existing[path] { return hit }
    let found = Platform.status(ofPath: path) != nil
    existing[path] = found
    return found
  }

  /// `OutputManifest.absolute(path)`, computed once per path.
  func absolute(_ path: String) -> String {
    if let hit = absolutes[path] { return hit }
    let found = OutputManifest.absolute(path)
    absolutes[path] = found
    return found
  }

  /// An absolute path as the user would write it: relative to the current folder when inside
  /// it (as given or through its links).
  func display(_ path: String) -> String {
    for prefix in displayPrefixes where path.hasPrefix(prefix + "/") {
      return String(path.dropFirst(prefix.count + 1))
    }
    return path
  }
}
