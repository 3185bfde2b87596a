import Foundation

/// Writes a small file so that it survives a crash of the process or of the machine once the
/// call returns: the bytes go to a hidden temporary file beside the target (`.NAME.tmp-PID-N`,
/// a staging name `OutputSafety.removeStaleStaging` clears after a killed run), which is
/// `fsync(2)`ed, renamed over the target, and then the folder is `fsync`ed so the rename is
/// on disk too. Used for the record of outputs (`OutputManifest`), which is a journal: it must
/// be on disk before the outputs it lists are written.
package enum DurableFile {
  /// Writes `data` to the file at `path` durably and atomically, creating missing parent
  /// folders.
  /// - Throws: `GlyphsmithError.writeFailed` naming `path` and the system's reason (`no space
  ///   left on device`, `read-only file system`, `permission denied`); the temporary file is
  ///   removed and the file at `path` left as it was.
  package static func write(_ data: Data, toPath path: String) throws {
    let slash = path.lastIndex(of: "/")
    let folder = slash.map { String(path[..<$0]) } ?? "."
    let name = slash.map { String(path[path.index(after: $0)...]) } ?? path
    let temporary =
      "\(folder.isEmpty ? "" : folder)/.\(name).tmp-\(Platform.processID)-\(POSIXFile.uniqueNumber())"
    func failure(_ error: Platform.Failure) -> GlyphsmithError {
      .writeFailed(path: path, reason: error.reason)
    }
    if !folder.isEmpty, Platform.status(ofPath: folder) == nil {
      do {
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
      } catch {
        throw GlyphsmithError.writeFailed(
          path: path,
          reason: "cannot create the folder \(folder) (a file is in the way, or no permission)")
      }
    }
    let fd = FileName.withCPath(temporary) {
      open($0, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
    }
    guard fd >= 0 else { throw failure(.last) }
    let written = data.withUnsafeBytes { raw -> Platform.Failure? in
      do throws(Platform.Failure) { try Platform.writeAll(fd, raw) } catch { return error }
      return fsync(fd) == 0 ? nil : .last
    }
    if let written {
      close(fd)
      Platform.removeFile(atPath: temporary)
      throw failure(written)
    }
    guard close(fd) == 0 else {
      let error = Platform.Failure.last
      Platform.removeFile(atPath: temporary)
      throw failure(error)
    }
    do throws(Platform.Failure) {
      try Platform.rename(temporary, to: path)
    } catch {
      Platform.removeFile(atPath: temporary)
      throw failure(error)
    }
    // The rename is durable once the folder is: a folder that cannot be opened or synced
    // (some file systems refuse fsync on folders) is no failure of the write itself.
    let folderFD = FileName.withCPath(folder.isEmpty ? "/" : folder) {
      open($0, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
    }
    if folderFD >= 0 {
      _ = fsync(folderFD)
      close(folderFD)
    }
  }
}
