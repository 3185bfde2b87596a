import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Writes files so that readers see the old content or the new, never half of either:
/// the bytes go to a temporary file in the same folder, which is then renamed over the target.
public enum AtomicFile {
  /// Writes `data` to the file at `path` (as the user gave it; messages keep it so)
  /// atomically, creating missing parent folders; the path `-` writes to stdout instead.
  /// An existing character device or FIFO (`/dev/stdout`, a named pipe) is written into
  /// directly; other special files are refused, never renamed over.
  /// - Throws: `GlyphsmithError.writeFailed` naming the path and the system's reason.
  public static func write(_ data: Data, toPath path: String) throws {
    if path == "-" {
      FileHandle.standardOutput.write(data)
      return
    }
    switch OutputSafety.target(path) {
    case .stream:
      try OutputSafety.writeStream(data, toPath: path)
      return
    case .refused(let reason):
      throw GlyphsmithError.writeFailed(path: path, reason: reason)
    case .replaceable:
      break
    }
    let slash = path.lastIndex(of: "/")
    let folder = slash.map { String(path[..<$0]) } ?? "."
    let name = slash.map { String(path[path.index(after: $0)...]) } ?? path
    if !folder.isEmpty {
      do {
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
      } catch {
        throw GlyphsmithError.writeFailed(
          path: path,
          reason: "cannot create the folder \(folder) (a file is in the way, or no permission)")
      }
    }
    let temporary = "\(folder)/.\(name).tmp-\(getpid())-\(POSIXFile.uniqueNumber())"
    try POSIXFile.create(data, atPath: temporary) { .writeFailed(path: path, reason: $0) }
    if rename(temporary, path) != 0 {
      let reason = POSIXFile.lastError()
      unlink(temporary)
      throw GlyphsmithError.writeFailed(path: path, reason: reason)
    }
  }

  /// Writes `data` to `url` atomically; see `write(_:toPath:)`.
  public static func write(_ data: Data, to url: URL) throws {
    try write(data, toPath: url.path)
  }
}

/// Small POSIX file helpers shared by `AtomicFile` and `AtomicFolder`.
enum POSIXFile {
  private static let lock = NSLock()
  nonisolated(unsafe) private static var counter = 0

  /// A number unique within this process, for temporary names.
  static func uniqueNumber() -> Int {
    lock.lock()
    defer { lock.unlock() }
    counter += 1
    return counter
  }

  /// `strerror(errno)`, first letter in lower case, as diagnostics are written.
  static func lastError() -> String {
    let text = String(cString: strerror(errno))
    return text.prefix(1).lowercased() + text.dropFirst()
  }

  /// Creates a new file (it must not exist) holding `data`, mode 0644.
  /// - Throws: `failure(reason)`.
  static func create(
    _ data: Data, atPath path: String, failure: (String) -> GlyphsmithError
  ) throws {
    let fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
    guard fd >= 0 else { throw failure("cannot create \(path): \(lastError())") }
    defer { close(fd) }
    try data.withUnsafeBytes { raw in
      var offset = 0
      while offset < raw.count {
        let written = systemWrite(fd, raw.baseAddress! + offset, raw.count - offset)
        if written < 0 {
          if errno == EINTR { continue }
          let reason = "cannot write \(path): \(lastError())"
          unlink(path)
          throw failure(reason)
        }
        offset += written
      }
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
