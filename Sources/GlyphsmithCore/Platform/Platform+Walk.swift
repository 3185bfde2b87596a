extension Platform {
  /// Every entry below the folder at `path`, relative to it (`a`, `a/b.png`), a folder before
  /// what it holds, as Foundation's `FileManager.enumerator(atPath:)` listed them (hidden
  /// names included; a symbolic link listed, never followed), without Foundation (which
  /// links ICU; issue 37). Within a folder the order is the file system's; `nil` when `path`
  /// cannot be read as a folder.
  package static func walk(_ path: String) -> [String]? {
    guard let top = folderNames(atPath: path) else { return nil }
    var found: [String] = []
    var pending = top.reversed().map { $0 }
    while let relative = pending.popLast() {
      found.append(relative)
      if kind(ofPath: path + "/" + relative, followingLinks: false) == .folder,
        let names = folderNames(atPath: path + "/" + relative)
      {
        pending.append(contentsOf: names.reversed().map { relative + "/" + $0 })
      }
    }
    return found
  }
}
