import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Whole-file reads with one open, fstat, read and close: the incremental check reads
/// thousands of small files, where Foundation's general reader costs more than the bytes.
public enum FileBytes {
  /// The file's bytes, or `nil` when it cannot be opened or read (missing, a folder, no
  /// permission).
  public static func read(_ path: String) -> Data? {
    let fd = open(path, O_RDONLY | O_CLOEXEC)
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
}

/// POSIX `read(2)`, named apart from Swift's `read` methods.
private func systemRead(_ fd: Int32, _ buffer: UnsafeMutableRawPointer, _ count: Int) -> Int {
  #if canImport(Glibc)
    return Glibc.read(fd, buffer, count)
  #else
    return Darwin.read(fd, buffer, count)
  #endif
}
