import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

extension Platform {
  /// One entry of a folder listing: its name and whether it is a folder.
  struct FolderEntry: Equatable {
    /// The name (`FileName.decode`d, so names that are not UTF-8 survive).
    var name: String
    /// Whether it is a folder, links followed (as `stat(2)` sees it).
    var isFolder: Bool
    /// Whether the entry itself is a symbolic link.
    var isLink: Bool
  }

  /// The entries of the folder at `path` (`.` and `..` left out), unsorted, with their kinds
  /// from the listing itself (`d_type`): one `opendir`/`readdir` pass and no `stat` per entry
  /// except links (followed with `stat`) and entries whose file system gives no type (looked
  /// at with `lstat`); `nil` when the folder cannot be read.
  static func folderEntries(atPath path: String) -> [FolderEntry]? {
    guard let folder = FileName.withCPath(path, { opendir($0) }) else { return nil }
    defer { closedir(folder) }
    var entries: [FolderEntry] = []
    while let entry = readdir(folder) {
      let name = withUnsafeBytes(of: entry.pointee.d_name) { raw -> String in
        let bytes = raw.bindMemory(to: UInt8.self)
        let length = bytes.firstIndex(of: 0) ?? bytes.count
        return FileName.decode(bytes[0..<length])
      }
      if name == "." || name == ".." { continue }
      var type = Int32(entry.pointee.d_type)
      if type == Int32(DT_UNKNOWN) {
        var info = stat()
        guard FileName.withCPath(path + "/" + name, { lstat($0, &info) }) == 0 else { continue }
        type = info.st_mode & S_IFMT == S_IFLNK ? Int32(DT_LNK) : info.st_mode & S_IFMT == S_IFDIR ? Int32(DT_DIR) : Int32(DT_REG)
      }
      var isFolder = type == Int32(DT_DIR)
      let isLink = type == Int32(DT_LNK)
      if isLink { isFolder = status(ofPath: path + "/" + name)?.isFolder ?? false }
      entries.append(FolderEntry(name: name, isFolder: isFolder, isLink: isLink))
    }
    return entries
  }

  /// Whether the folder at `path` can be listed (`opendir` succeeds); nothing is read.
  static func canList(_ path: String) -> Bool {
    guard let folder = FileName.withCPath(path, { opendir($0) }) else { return false }
    closedir(folder)
    return true
  }
}
