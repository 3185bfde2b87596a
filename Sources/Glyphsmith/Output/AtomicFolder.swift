import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Writes a folder of files (an `.imageset`) so that readers see the old folder or the new
/// one whole, never a mix: the files go into a hidden staging folder beside the target, which
/// is then renamed into place; an existing folder is renamed aside first and removed after.
public enum AtomicFolder {
  private static let counter = Counter()

  /// Replaces the folder at `path` with one holding exactly `files` (name inside the folder,
  /// bytes), mode 0644. The parent folder must exist.
  /// - Throws: `GlyphsmithError.writeFailed` naming the folder and the system's reason; the
  ///   staging folder is removed and an existing folder left as it was.
  public static func write(_ files: [(name: String, data: Data)], toPath path: String) throws {
    let slash = path.lastIndex(of: "/")
    let parent = slash.map { String(path[..<$0]) } ?? "."
    let last = slash.map { String(path[path.index(after: $0)...]) } ?? path
    let token = "\(getpid())-\(counter.next())"
    let staging = "\(parent.isEmpty ? "" : parent)/.\(last).tmp-\(token)"
    let retired = "\(parent.isEmpty ? "" : parent)/.\(last).old-\(token)"
    func failure(_ what: String) -> GlyphsmithError {
      .writeFailed(path: path, reason: "\(what): \(String(cString: strerror(errno)))")
    }
    guard mkdir(staging, 0o755) == 0 else { throw failure("cannot create a staging folder") }
    do {
      for file in files {
        try writeFile(file.data, toPath: staging + "/" + file.name) { failure($0) }
      }
      if rename(staging, path) != 0 {
        guard errno == ENOTEMPTY || errno == EEXIST else {
          throw failure("cannot rename into place")
        }
        guard rename(path, retired) == 0 else { throw failure("cannot move the old folder aside") }
        guard rename(staging, path) == 0 else {
          let error = failure("cannot rename into place")
          _ = rename(retired, path)
          throw error
        }
        try? FileManager.default.removeItem(atPath: retired)
      }
    } catch {
      try? FileManager.default.removeItem(atPath: staging)
      throw error
    }
  }

  private static func writeFile(
    _ data: Data, toPath path: String, failure: (String) -> GlyphsmithError
  ) throws {
    let fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
    guard fd >= 0 else { throw failure("cannot create \(path)") }
    defer { close(fd) }
    try data.withUnsafeBytes { raw in
      var offset = 0
      while offset < raw.count {
        let written = systemWrite(fd, raw.baseAddress! + offset, raw.count - offset)
        if written < 0 {
          if errno == EINTR { continue }
          throw failure("cannot write \(path)")
        }
        offset += written
      }
    }
  }

  /// A process-wide counter for unique staging names.
  private final class Counter: @unchecked Sendable {
    private let lock = NSLock()
    private var value = 0
    func next() -> Int {
      lock.lock()
      defer { lock.unlock() }
      value += 1
      return value
    }
  }
}

/// POSIX `write(2)`, named apart from Swift's `write` methods.
private func systemWrite(_ fd: Int32, _ buffer: UnsafeRawPointer, _ count: Int) -> Int {
  #if canImport(Glibc)
    return Glibc.write(fd, buffer, count)
  #else
    return Darwin.write(fd, buffer, count)
  #endif
}
