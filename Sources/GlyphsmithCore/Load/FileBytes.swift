import Foundation

/// Whole-file reads with one open, fstat, read and close: the incremental check reads
/// thousands of small files, where Foundation's general reader costs more than the bytes.
package enum FileBytes {
  /// The file's bytes, or `nil` when it cannot be opened or read (missing, a folder, no
  /// permission).
  package static func read(_ path: String) -> Data? {
    Platform.readRegularFile(atPath: path)
  }
}
