import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// File-system rules every output follows, so hostile or odd targets are never clobbered:
/// special files are written into (character devices, FIFOs) or refused, never renamed over;
/// a symbolic link to a folder inside an output tree is an error (the tree's root may be one);
/// staging folders and files left by a killed run are recognised and cleaned.
public enum OutputSafety {
  /// What the existing file at an output path is.
  enum Target {
    /// Missing, or a regular file: write beside it and rename over it.
    case replaceable
    /// A character device or FIFO (`/dev/stdout`, `/dev/null`, a named pipe): write into it.
    case stream
    /// Something that must not be written or replaced (a folder, a block device, a socket).
    case refused(String)
  }

  /// Classifies the existing file at `path` (links followed).
  static func target(_ path: String) -> Target {
    var info = stat()
    guard stat(path, &info) == 0 else { return .replaceable }
    switch info.st_mode & S_IFMT {
    case S_IFCHR, S_IFIFO: return .stream
    case S_IFDIR: return .refused("is a folder; give a file name")
    case S_IFBLK: return .refused("is a block device; give a regular file")
    case S_IFSOCK: return .refused("is a socket; give a regular file")
    default:
      // /dev/stdout and friends redirected to a regular file: write through the link.
      return path.hasPrefix("/dev/") || path.hasPrefix("/proc/") ? .stream : .replaceable
    }
  }

  /// Writes `data` into the existing stream file at `path` (no temporary, no rename).
  /// - Throws: `GlyphsmithError.writeFailed` naming the path.
  static func writeStream(_ data: Data, toPath path: String) throws {
    let fd = open(path, O_WRONLY | O_CLOEXEC)
    guard fd >= 0 else {
      throw GlyphsmithError.writeFailed(path: path, reason: Platform.Failure.last.reason)
    }
    defer { close(fd) }
    try data.withUnsafeBytes { raw in
      var offset = 0
      while offset < raw.count {
        let written = write(fd, raw.baseAddress! + offset, raw.count - offset)
        if written < 0 && errno == EINTR { continue }
        if written <= 0 {
          throw GlyphsmithError.writeFailed(path: path, reason: Platform.Failure.last.reason)
        }
        offset += written
      }
    }
  }

  /// Throws when a folder on the way from `root` (exclusive: the root may be a link) to
  /// `folder` (inclusive) is a symbolic link: output is never written through one to
  /// wherever it points.
  /// - Throws: `GlyphsmithError.writeFailed` naming the link.
  public static func checkNoLinkedFolders(root: String, folder: String) throws {
    var base = root
    while base.count > 1 && base.hasSuffix("/") { base.removeLast() }
    guard folder.hasPrefix(base + "/") else { return }
    var current = base
    for component in folder.dropFirst(base.count + 1).split(separator: "/") {
      current += "/" + component
      var info = stat()
      guard lstat(current, &info) == 0 else { return }
      if info.st_mode & S_IFMT == S_IFLNK {
        throw GlyphsmithError.writeFailed(
          path: current,
          reason: "it is a symbolic link inside the output folder \(base); output is never "
            + "written through links below the output folder; replace it with a real folder")
      }
    }
  }

  /// Whether `name` is a staging or retired name `AtomicFolder`/`AtomicFile` use:
  /// `.NAME.tmp-PID-N` or `.NAME.old-PID-N`; returns the PID.
  static func stagingPID(_ name: String) -> pid_t? {
    guard name.hasPrefix(".") else { return nil }
    for marker in [".tmp-", ".old-"] {
      guard let range = name.range(of: marker, options: .backwards) else { continue }
      let parts = name[range.upperBound...].split(separator: "-")
      if parts.count == 2, let pid = pid_t(parts[0]), Int(parts[1]) != nil { return pid }
    }
    return nil
  }

  /// Whether the process `pid` is gone (its staging leftovers can go).
  static func isGone(_ pid: pid_t) -> Bool {
    pid != getpid() && kill(pid, 0) != 0 && errno == ESRCH
  }

  /// Staging leftovers of killed runs directly inside `folder`: hidden `.NAME.tmp-PID-N` and
  /// `.NAME.old-PID-N` entries whose process is gone.
  public static func staleStaging(in folder: String) -> [String] {
    staleStaging(among: Platform.folderNames(atPath: folder) ?? [])
  }

  /// The staging leftovers of killed runs among `names` (a folder's entries), sorted.
  static func staleStaging(among names: [String]) -> [String] {
    names.filter { name in stagingPID(name).map(isGone) ?? false }.sorted()
  }

  /// Removes the staging leftovers of killed runs inside `folder` and its sub-folders
  /// (links not followed). Returns the paths removed.
  @discardableResult
  public static func removeStaleStaging(under folder: String) -> [String] {
    removeStaleStaging(under: folder, descendingInto: { _ in true })
  }

  /// `removeStaleStaging(under:)` entering only the sub-folders whose name `descendingInto`
  /// accepts; each folder is listed once, its entries' kinds taken from the listing.
  static func removeStaleStaging(
    under folder: String, descendingInto: (String) -> Bool
  ) -> [String] {
    var removed: [String] = []
    var pending = [folder]
    while let current = pending.popLast() {
      let entries = Platform.folderEntries(atPath: current) ?? []
      for name in staleStaging(among: entries.map(\.name)) {
        let path = current + "/" + name
        if (try? FileManager.default.removeItem(atPath: path)) != nil { removed.append(path) }
      }
      for entry in entries
      where entry.isFolder && !entry.isLink && !entry.name.hasPrefix(".")
        && descendingInto(entry.name)
      {
        pending.append(current + "/" + entry.name)
      }
    }
    return removed.sorted()
  }
}
