import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

#if os(Linux)
  /// glibc's `mallopt(3)`; its header is not part of the Glibc module.
  @_silgen_name("mallopt")
  private func mallopt(_ parameter: Int32, _ value: Int32) -> Int32
#endif

/// The one place where Glyphsmith calls the C library's POSIX and glibc functions (files,
/// errno, memory hints); the rest of the engine and the CLI call these instead.
package enum Platform {
  /// A failed system call: errno and the system's reason for it.
  struct Failure: Error {
    /// `errno` right after the call.
    let code: Int32
    /// `strerror(code)`, first letter in lower case, as diagnostics are written.
    var reason: String {
      let text = String(cString: strerror(code))
      return text.prefix(1).lowercased() + text.dropFirst()
    }
    /// Whether the call failed because its target is a folder that is not empty.
    var isFolderNotEmpty: Bool { code == ENOTEMPTY || code == EEXIST }
    /// The failure `errno` describes now.
    static var last: Failure { Failure(code: errno) }
  }

  /// This process's id (`getpid(2)`), for temporary names.
  static var processID: Int32 { getpid() }

  /// What `stat(2)` says about `path`, or `nil` when it does not exist or cannot be looked at:
  /// whether it is a folder and its size in bytes.
  static func status(ofPath path: String) -> (isFolder: Bool, size: Int)? {
    var info = stat()
    guard FileName.withCPath(path, { stat($0, &info) }) == 0 else { return nil }
    return (info.st_mode & S_IFMT == S_IFDIR, Int(info.st_size))
  }

  /// The names in the folder at `path` (`.` and `..` left out), each decoded by
  /// `FileName.decode` so names that are not UTF-8 survive; `nil` when it cannot be read.
  static func folderNames(atPath path: String) -> [String]? {
    guard let folder = FileName.withCPath(path, { opendir($0) }) else { return nil }
    defer { closedir(folder) }
    var names: [String] = []
    while let entry = readdir(folder) {
      let name = withUnsafeBytes(of: entry.pointee.d_name) { raw -> String in
        let bytes = raw.bindMemory(to: UInt8.self)
        let length = bytes.firstIndex(of: 0) ?? bytes.count
        return FileName.decode(bytes[0..<length])
      }
      if name != "." && name != ".." { names.append(name) }
    }
    return names
  }

  /// `status(ofPath:)` for callers outside the engine: whether `path` exists (bytes that are
  /// not UTF-8 kept, see `FileName`) and is a folder.
  package static func fileExists(atPath path: String) -> (exists: Bool, isFolder: Bool) {
    guard let info = status(ofPath: path) else { return (false, false) }
    return (true, info.isFolder)
  }

  /// The command-line arguments after the program name, each decoded by `FileName.decode`
  /// (Swift's `CommandLine.arguments` replaces bytes that are not UTF-8 with U+FFFD, losing
  /// the file name).
  package static var arguments: [String] {
    (1..<Int(CommandLine.argc)).map { index in
      let pointer = CommandLine.unsafeArgv[index]!
      return FileName.decode(
        UnsafeBufferPointer(start: pointer, count: strlen(pointer)).map { UInt8(bitPattern: $0) })
    }
  }

  /// `text` for a message (see `FileName.display`).
  package static func displayName(_ text: String) -> String { FileName.display(text) }

  /// The bytes of the regular file at `path` with one open, fstat, read and close, or `nil`
  /// when it cannot be opened or read (missing, a folder, no permission).
  static func readRegularFile(atPath path: String) -> Data? {
    readRegularFile(opened: FileName.withCPath(path) { open($0, O_RDONLY | O_CLOEXEC) })
  }

  /// `readRegularFile(atPath:)` of the file `fd` an `open` returned (negative: `nil`); closes
  /// it.
  static func readRegularFile(opened fd: Int32) -> Data? {
    guard fd >= 0 else { return nil }
    defer { close(fd) }
    var info = stat()
    guard fstat(fd, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { return nil }
    var data = Data(count: Int(info.st_size))
    var total = 0
    let ok = data.withUnsafeMutableBytes { raw -> Bool in
      while total < raw.count {
        let n = systemRead(fd, raw.baseAddress! + total, raw.count - total)
        if n < 0 && errno == EINTR { continue }
        if n <= 0 { return false }
        total += n
      }
      return true
    }
    return ok ? data : nil
  }

  /// Creates a new file at `path` (it must not exist) holding `data`, with `mode`; a file
  /// left half-written is removed.
  /// - Throws: `CreateFailure.create` when the file cannot be created, `.write` when its bytes
  ///   cannot be written, each with errno.
  static func createFile(
    _ data: Data, atPath path: String, mode: mode_t
  ) throws(CreateFailure) {
    let fd = FileName.withCPath(path) { open($0, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, mode) }
    guard fd >= 0 else { throw .create(.last) }
    defer { close(fd) }
    let failure = data.withUnsafeBytes { raw -> Failure? in
      var offset = 0
      while offset < raw.count {
        let written = systemWrite(fd, raw.baseAddress! + offset, raw.count - offset)
        if written < 0 {
          if errno == EINTR { continue }
          return .last
        }
        offset += written
      }
      return nil
    }
    if let failure {
      _ = FileName.withCPath(path) { unlink($0) }
      throw .write(failure)
    }
  }

  /// The step of `createFile` that failed.
  enum CreateFailure: Error {
    case create(Failure)
    case write(Failure)
  }

  /// `mkdir(2)`: creates the folder `path` with `mode`.
  static func makeFolder(atPath path: String, mode: mode_t) throws(Failure) {
    guard FileName.withCPath(path, { mkdir($0, mode) }) == 0 else { throw .last }
  }

  /// `rename(2)`: moves `source` to `target`, replacing a file or an empty folder there.
  static func rename(_ source: String, to target: String) throws(Failure) {
    guard systemRename(source, target) == 0 else { throw .last }
  }

  /// `unlink(2)`: removes the file at `path`; a failure is ignored.
  static func removeFile(atPath path: String) {
    _ = FileName.withCPath(path) { unlink($0) }
  }

  /// Whether file descriptor `fd` is a terminal (`isatty(3)`); 2 is stderr.
  package static func isTerminal(_ fd: Int32) -> Bool { isatty(fd) == 1 }

  /// Asks glibc to keep freed buffers of up to 64 MiB on the heap (`M_MMAP_THRESHOLD`) and trim
  /// it only past 256 MiB (`M_TRIM_THRESHOLD`) instead of mapping and unmapping pages for each,
  /// for work that allocates a few MB of short-lived pixel buffers per input. Nothing elsewhere.
  package static func keepLargeBuffersOnHeap() {
    #if os(Linux)
      _ = mallopt(-3, 64 << 20)  // M_MMAP_THRESHOLD (glibc malloc.h; the macro is not imported)
      _ = mallopt(-1, 256 << 20)  // M_TRIM_THRESHOLD
    #endif
  }

  /// Asks Linux to back the 2 MiB-aligned inside of a fresh buffer with huge pages (as numpy does
  /// for large arrays), so that drawing a large diff takes 512 times fewer page faults. A hint
  /// only: nothing changes when the kernel declines, or on other systems.
  static func adviseHugePages(_ pointer: UnsafeMutableRawPointer, bytes: Int) {
    #if os(Linux)
      let huge = 2 << 20
      guard bytes >= 2 * huge else { return }
      let start = (Int(bitPattern: pointer) + huge - 1) & ~(huge - 1)
      let end = (Int(bitPattern: pointer) + bytes) & ~(huge - 1)
      if end > start, let aligned = UnsafeMutableRawPointer(bitPattern: start) {
        _ = madvise(aligned, end - start, MADV_HUGEPAGE)
      }
    #endif
  }
}

/// POSIX `read(2)`, named apart from Swift's `read` methods.
private func systemRead(_ fd: Int32, _ buffer: UnsafeMutableRawPointer, _ count: Int) -> Int {
  #if canImport(Glibc)
    return Glibc.read(fd, buffer, count)
  #else
    return Darwin.read(fd, buffer, count)
  #endif
}

/// POSIX `write(2)`, named apart from Swift's `write` methods.
private func systemWrite(_ fd: Int32, _ buffer: UnsafeRawPointer, _ count: Int) -> Int {
  #if canImport(Glibc)
    return Glibc.write(fd, buffer, count)
  #else
    return Darwin.write(fd, buffer, count)
  #endif
}

/// POSIX `rename(2)`, named apart from `Platform.rename`.
private func systemRename(_ source: String, _ target: String) -> Int32 {
  #if canImport(Glibc)
    return FileName.withCPath(source) { s in FileName.withCPath(target) { Glibc.rename(s, $0) } }
  #else
    return FileName.withCPath(source) { s in FileName.withCPath(target) { Darwin.rename(s, $0) } }
  #endif
}
