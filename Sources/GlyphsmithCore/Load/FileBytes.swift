import FoundationEssentials
import Glibc

/// Whole-file reads with one open, fstat, read and close: the incremental check reads
/// thousands of small files, where Foundation's general reader costs more than the bytes.
package enum FileBytes {
  /// The file's bytes, or `nil` when it cannot be opened or read (missing, a folder, no
  /// permission).
  package static func read(_ path: String) -> Data? {
    Platform.readRegularFile(atPath: path)
  }

  /// `read(path)` for an input already known to exist and not to be a folder.
  /// - Throws: `GlyphsmithError.unreadable` naming `path`: not a regular file (a FIFO is
  ///   refused at once, never waited on), else the system's reason (`Platform.readFailure`:
  ///   `permission denied`, `too many open files`, `input/output error`).
  package static func readInput(_ path: String) throws -> Data {
    if let data = read(path) { return data }
    if Platform.isSpecialFile(atPath: path) {
      throw GlyphsmithError.unreadable(path: path, reason: Platform.specialFileProblem)
    }
    throw GlyphsmithError.unreadable(path: path, reason: Platform.readFailure(atPath: path).reason)
  }
}
