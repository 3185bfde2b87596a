import FoundationEssentials
import Glibc
import GlyphsmithCore

/// An exclusive `flock(2)` on an output folder itself (no lock file inside it), held while a
/// run writes there, so that two runs on one catalog take turns instead of interleaving. The
/// lock goes with the process, so a killed run never leaves one behind.
package final class FolderLock {
  private let fd: Int32

  /// Creates the folder at `path` if missing and locks it, waiting for another holder;
  /// `waiting(message)` is called once before waiting.
  /// - Throws: `GlyphsmithError.writeFailed` when the folder cannot be created or opened.
  package init(path: String, waiting: (String) -> Void) throws {
    do {
      try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    } catch {
      throw GlyphsmithError.writeFailed(
        path: path, reason: "cannot create the folder (a file is in the way, or no permission)")
    }
    do throws(Platform.Failure) {
      fd = try Platform.lockFolder(path) {
        waiting("\(path): waiting for another glyphsmith run writing this folder to finish")
      }
    } catch {
      throw GlyphsmithError.writeFailed(path: path, reason: error.reason)
    }
  }

  deinit { Platform.unlockFolder(fd) }
}
