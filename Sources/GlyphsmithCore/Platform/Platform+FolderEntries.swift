import FoundationEssentials
import Glibc

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

extension Platform {
  /// One entry of a folder listing: its name and whether it is a folder.
  package struct FolderEntry: Equatable {
    /// The name (`FileName.decode`d, so names that are not UTF-8 survive).
    package var name: String
    /// Whether it is a folder, links followed (as `stat(2)` sees it).
    package var isFolder: Bool
    /// Whether the entry itself is a symbolic link.
    package var isLink: Bool
  }

  /// The entries of the folder at `path` (`.` and `..` left out), unsorted, with their kinds
  /// from the listing itself (`d_type`): one `opendir`/`readdir` pass and no `stat` per entry
  /// except links (followed with `stat`) and entries whose file system gives no type (looked
  /// at with `lstat`); `nil` when the folder cannot be read.
  package static func folderEntries(atPath path: String) -> [FolderEntry]? {
    try? listFolder(atPath: path).get()
  }

  /// `folderEntries(atPath:)`, with why the folder could not be listed: the `Failure` of
  /// `opendir(3)` (`EACCES` for a folder without read permission) or of a `readdir(3)` that
  /// stopped early (`EIO`); a listing that fails is never taken for an empty folder.
  package static func listFolder(atPath path: String) -> Result<[FolderEntry], Failure> {
    guard let folder = FileName.withCPath(path, { opendir($0) }) else { return .failure(.last) }
    defer { closedir(folder) }
    var entries: [FolderEntry] = []
    while true {
      errno = 0
      guard let entry = readdir(folder) else {
        if errno != 0 { return .failure(.last) }
        break
      }
      let name = entryName(entry)
      if name == "." || name == ".." { continue }
      var type = Int32(entry.pointee.d_type)
      if type == Int32(DT_UNKNOWN) {
        switch kind(ofPath: path + "/" + name, followingLinks: false) {
        case .link: type = Int32(DT_LNK)
        case .folder: type = Int32(DT_DIR)
        default: type = Int32(DT_REG)
        }
      }
      var isFolder = type == Int32(DT_DIR)
      let isLink = type == Int32(DT_LNK)
      if isLink { isFolder = kind(ofPath: path + "/" + name) == .folder }
      entries.append(FolderEntry(name: name, isFolder: isFolder, isLink: isLink))
    }
    return .success(entries)
  }

  /// The name of a `readdir` entry, `FileName.decode`d.
  package static func entryName(_ entry: UnsafeMutablePointer<dirent>) -> String {
    withUnsafeBytes(of: entry.pointee.d_name) { raw -> String in
      let bytes = raw.bindMemory(to: UInt8.self)
      let length = bytes.firstIndex(of: 0) ?? bytes.count
      return FileName.decode(bytes[0..<length])
    }
  }

  /// Whether the folder at `path` can be listed (`opendir` succeeds); nothing is read.
  package static func canList(_ path: String) -> Bool {
    guard let folder = FileName.withCPath(path, { opendir($0) }) else { return false }
    closedir(folder)
    return true
  }
}

extension Platform {
  /// A folder opened once, its files read and its names listed relative to it: the path is
  /// looked up once for all of them (the up-to-date check reads every file of thousands of
  /// small folders).
  package final class OpenFolder {
    /// The folder's descriptor; -1 once the listing has taken it over.
    private var fd: Int32

    /// Opens the folder at `path`; `nil` when it is not a folder or cannot be opened.
    package init?(path: String) {
      fd = FileName.withCPath(path) { open($0, O_RDONLY | O_DIRECTORY | O_CLOEXEC) }
      if fd < 0 { return nil }
      buffer = UnsafeMutableRawPointer.allocate(byteCount: Self.smallFile, alignment: 16)
    }

    deinit {
      if fd >= 0 { close(fd) }
      buffer.deallocate()
    }

    /// Files smaller than this are read with one `read` into `buffer` (no `fstat`).
    private static let smallFile = 16 * 1024
    /// Scratch space for small files, one per open folder.
    private let buffer: UnsafeMutableRawPointer

    /// The bytes of the file `name` in the folder; `nil` when it cannot be opened or read
    /// (missing, a folder) or the folder was listed already. A file under 16 KiB is read with
    /// one `read` (a short read is the end of the file); a larger one as
    /// `readRegularFile(atPath:)` reads it. Opened non-blocking, so a FIFO gives no bytes
    /// instead of waiting for a writer.
    package func read(_ name: String) -> Data? {
      guard fd >= 0 else { return nil }
      let file = FileName.withCPath(name) {
        openat(fd, $0, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
      }
      guard file >= 0 else { return nil }
      let count = Self.readOnce(file, buffer, Self.smallFile)
      guard count >= 0 else {
        close(file)
        return nil
      }
      guard count == Self.smallFile else {
        close(file)
        return Data(bytes: buffer, count: count)
      }
      guard lseek(file, 0, SEEK_SET) == 0 else {
        close(file)
        return nil
      }
      return readRegularFile(opened: file)
    }

    /// POSIX `read(2)` once, retried on `EINTR`.
    private static func readOnce(_ file: Int32, _ buffer: UnsafeMutableRawPointer, _ count: Int)
      -> Int
    {
      while true {
        #if canImport(Glibc)
          let n = Glibc.read(file, buffer, count)
        #else
          let n = Darwin.read(file, buffer, count)
        #endif
        if n < 0 && errno == EINTR { continue }
        return n
      }
    }

    /// The names in the folder (`.` and `..` left out), as `folderNames(atPath:)`; `nil` when
    /// it cannot be read. The last use of the folder: it is closed after.
    package func namesClosing() -> [String]? {
      guard fd >= 0, let folder = fdopendir(fd) else { return nil }
      fd = -1
      defer { closedir(folder) }
      var names: [String] = []
      while let entry = readdir(folder) {
        let name = Platform.entryName(entry)
        if name != "." && name != ".." { names.append(name) }
      }
      return names
    }
  }
}
