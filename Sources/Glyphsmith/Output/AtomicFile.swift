import Foundation

/// Writes files so that readers see the old content or the new, never half of either:
/// the bytes go to a temporary file in the same folder, which is then renamed over the target.
public enum AtomicFile {
  /// Writes `data` to the file at `path` atomically, creating missing parent folders;
  /// the path `-` writes to stdout instead.
  /// - Throws: `GlyphsmithError.writeFailed` naming the path.
  public static func write(_ data: Data, toPath path: String) throws {
    if path == "-" {
      FileHandle.standardOutput.write(data)
      return
    }
    try write(data, to: URL(fileURLWithPath: path))
  }

  /// Writes `data` to `url` atomically, creating missing parent folders.
  /// - Throws: `GlyphsmithError.writeFailed` naming the path.
  public static func write(_ data: Data, to url: URL) throws {
    let folder = url.deletingLastPathComponent()
    do {
      try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    } catch {
      throw GlyphsmithError.writeFailed(path: folder.path, reason: "cannot create the folder")
    }
    let temporary = folder.appendingPathComponent(
      ".\(url.lastPathComponent).tmp-\(ProcessInfo.processInfo.processIdentifier)-\(UUID().uuidString.prefix(8))"
    )
    guard FileManager.default.createFile(atPath: temporary.path, contents: data) else {
      throw GlyphsmithError.writeFailed(
        path: url.path, reason: "cannot create a file in \(folder.path)")
    }
    if rename(temporary.path, url.path) != 0 {
      let reason = String(cString: strerror(errno))
      try? FileManager.default.removeItem(at: temporary)
      throw GlyphsmithError.writeFailed(path: url.path, reason: reason)
    }
  }
}
