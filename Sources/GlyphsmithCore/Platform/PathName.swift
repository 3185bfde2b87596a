/// A path's parts as corelibs Foundation's `NSString` path methods give them
/// (`lastPathComponent`, `pathExtension`, `deletingPathExtension`,
/// `appendingPathComponent`, `standardizingPath`), without `NSString`: importing Foundation
/// links ICU (about 30 MB), and the binaries import only FoundationEssentials (issue 37).
///
/// Every result is the one `(path as NSString).member` gives on Linux (Swift 6.3.1): runs of
/// `/` count as one, a trailing `/` is ignored (except the root `/`), and an extension is what
/// follows the last `.` of the last component when that `.` is neither its first nor its last
/// character. `PathNameTests` compares each member with `NSString` on many paths.
package struct PathName: Sendable {
  /// The path as given.
  package let path: String

  /// Wraps `path`.
  package init(_ path: String) { self.path = path }

  /// `path` with every run of `/` made one `/` and one trailing `/` removed (the root `/`
  /// stays), as NSString's internal `_stringByFixingSlashes` does.
  /// A path of two or more `/` and nothing else gives the empty string, as NSString does.
  package static func fixingSlashes(_ path: String) -> String {
    if path == "/" { return path }
    // Nothing to fix (no `//`, no trailing `/`): the path as it is, found on its bytes (a
    // `String` built Character by Character was most of a `pathExtension` the catalog check
    // asks of every file it checks, issue 36). A `/` byte is a `/` Character or part of
    // one, so such a path has no two `/` Characters in a row and none at its end.
    var previous: UInt8 = 0
    var clean = true
    for byte in path.utf8 {
      if byte == UInt8(ascii: "/") && previous == UInt8(ascii: "/") {
        clean = false
        break
      }
      previous = byte
    }
    if clean && previous != UInt8(ascii: "/") { return path }
    if !path.isEmpty, path.allSatisfy({ $0 == "/" }) { return "" }
    var result = ""
    result.reserveCapacity(path.utf8.count)
    var previousSlash = false
    for character in path {
      if character == "/" {
        if previousSlash { continue }
        previousSlash = true
      } else {
        previousSlash = false
      }
      result.append(character)
    }
    if result.count > 1, result.last == "/" { result.removeLast() }
    return result
  }

  /// Where the last component of a fixed path (no trailing `/`, more than one character)
  /// starts.
  private static func startOfLastComponent(_ fixed: String) -> String.Index {
    if let slash = fixed.lastIndex(of: "/") { return fixed.index(after: slash) }
    return fixed.startIndex
  }

  /// Where the extension (after its `.`) of a fixed path starts, or nil when it has none.
  private static func startOfExtension(_ fixed: String) -> String.Index? {
    let start = startOfLastComponent(fixed)
    var position = fixed.endIndex
    while position > start {
      let previous = fixed.index(before: position)
      let character = fixed[previous]
      if character == "/" { return nil }
      if character == "." {
        if previous == start || position == fixed.endIndex { return nil }
        return position
      }
      position = previous
    }
    return nil
  }

  /// The last component (`a/b.png`: `b.png`; `a/b/`: `b`; `/`: `/`; empty: empty).
  package var lastPathComponent: String {
    let fixed = Self.fixingSlashes(path)
    if fixed.count <= 1 { return fixed }
    return String(fixed[Self.startOfLastComponent(fixed)...])
  }

  /// The last component's extension without its dot (`a/b.png`: `png`; `.hidden`, `b.`,
  /// `b`: empty).
  package var pathExtension: String {
    let fixed = Self.fixingSlashes(path)
    if fixed.count <= 1 { return "" }
    guard let start = Self.startOfExtension(fixed) else { return "" }
    return String(fixed[start...])
  }

  /// The path without the last component's extension and its dot (`a/b.png`: `a/b`; `b.`:
  /// `b`; `.hidden` and `..`: unchanged), slashes fixed as `fixingSlashes` does.
  package var deletingPathExtension: String {
    let fixed = Self.fixingSlashes(path)
    if fixed == "/" { return fixed }
    let start = Self.startOfLastComponent(fixed)
    guard fixed[start...] != "..", let dot = fixed[start...].lastIndex(of: "."), dot != start
    else { return fixed }
    return String(fixed[..<dot])
  }

  /// `component` appended after a `/` unless the path already ends with one (`a` + `b`:
  /// `a/b`; `a/` + `b`: `a/b`; `a` + `/b`: `a//b`; empty + `b`: `b`; `a` + empty: `a`);
  /// slashes are kept as they are, as NSString does.
  package func appendingPathComponent(_ component: String) -> String {
    if component.isEmpty { return path }
    if path.isEmpty { return component }
    if path.hasSuffix("/") { return path + component }
    return path + "/" + component
  }

  /// An absolute path with `.` components and runs of `/` removed and each `..` taking away
  /// the component before it (`/a/./b/../c/`: `/a/c`; `/..`: `/`), lexically (symbolic links
  /// are not resolved), as NSString's `standardizingPath` gives absolute paths; a relative path
  /// comes back with its slashes fixed (`fixingSlashes`) only.
  package var standardizingPath: String {
    guard path.hasPrefix("/") else { return Self.fixingSlashes(path) }
    var kept: [Substring] = []
    for component in path.split(separator: "/", omittingEmptySubsequences: true) {
      switch component {
      case ".": continue
      case "..": if !kept.isEmpty { kept.removeLast() }
      default: kept.append(component)
      }
    }
    return "/" + kept.joined(separator: "/")
  }
}
