import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// An exclusive `flock(2)` on an output folder itself (no lock file inside it), held while a
/// run writes there, so that two runs on one catalog take turns instead of interleaving. The
/// lock goes with the process, so a killed run never leaves one behind.
public final class FolderLock {
  private let fd: Int32

  /// Creates the folder at `path` if missing and locks it, waiting for another holder;
  /// `waiting(message)` is called once before waiting.
  /// - Throws: `GlyphsmithError.writeFailed` when the folder cannot be created or opened.
  public init(path: String, waiting: (String) -> Void) throws {
    do {
      try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    } catch {
      throw GlyphsmithError.writeFailed(
        path: path, reason: "cannot create the folder (a file is in the way, or no permission)")
    }
    let fd = open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
    guard fd >= 0 else {
      throw GlyphsmithError.writeFailed(path: path, reason: Platform.Failure.last.reason)
    }
    if flock(fd, LOCK_EX | LOCK_NB) != 0 {
      waiting("\(path): waiting for another glyphsmith run writing this folder to finish")
      while flock(fd, LOCK_EX) != 0 && errno == EINTR {}
    }
    self.fd = fd
  }

  deinit {
    _ = flock(fd, LOCK_UN)
    close(fd)
  }
}
