import FoundationEssentials
import Glibc
import Synchronization

/// Writes files so that readers see the old content or the new, never half of either:
/// the bytes go to a temporary file in the same folder (`.NAME.tmp-PID-N`, a staging name
/// `OutputSafety.removeStaleStaging` clears after a killed run), which is then renamed over
/// the target. Durably, too (the record of outputs, `OutputManifest`, a journal that must be
/// on disk before the outputs it lists are written): the temporary file is `fsync(2)`ed
/// before the rename and the folder after it, so the file survives a crash of the process or
/// of the machine once the call returns.
package enum AtomicFile {
  /// Writes `data` to the file at `path` (as the user gave it; messages keep it so)
  /// atomically, creating missing parent folders; the path `-` writes to stdout instead.
  /// An existing character device or FIFO (`/dev/stdout`, a named pipe) is written into
  /// directly; other special files are refused, never renamed over. `durable`: on disk when
  /// the call returns (see the type).
  /// - Throws: `GlyphsmithError.writeFailed` naming the path and the system's reason (`durable`:
  ///   the reason alone, `no space left on device`, `read-only file system`, `permission
  ///   denied`); the temporary file is removed and the file at `path` left as it was.
  package static func write(_ data: Data, toPath path: String, durable: Bool = false) throws {
    if path == "-" {
      // Standard output, whole; a full disk, a closed descriptor or a reader gone (with
      // SIGPIPE ignored) fails the write, named as stdout (trial t36b F3: it was dropped and
      // the command exited 0).
      let failure: Platform.Failure? = data.withUnsafeBytes { bytes in
        do throws(Platform.Failure) {
          try Platform.writeAll(1, bytes)
          return nil
        } catch {
          return error
        }
      }
      if let failure { throw GlyphsmithError.writeFailed(path: "stdout", reason: failure.reason) }
      return
    }
    if path.hasSuffix("/") {
      throw GlyphsmithError.writeFailed(path: path, reason: "is a folder; give a file name")
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
    // A write in flight from the staging file to the rename: an interrupted process exits
    // only once it is renamed into place or removed (`Interruption`).
    try Interruption.write {
      try stageAndRename(data, folder: folder, name: name, path: path, durable: durable)
    }
    guard durable else { return }
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

  /// The staging file `.NAME.tmp-PID-N` in `folder`, renamed over `path` (removed when the
  /// rename fails).
  private static func stageAndRename(
    _ data: Data, folder: String, name: String, path: String, durable: Bool
  ) throws {
    let temporary = "\(folder)/.\(name).tmp-\(Platform.processID)-\(POSIXFile.uniqueNumber())"
    if durable {
      do throws(Platform.CreateFailure) {
        try Platform.createFile(data, atPath: temporary, mode: 0o644, sync: true)
      } catch {
        switch error {
        case .create(let error), .write(let error):
          throw GlyphsmithError.writeFailed(path: path, reason: error.reason)
        }
      }
    } else {
      try POSIXFile.create(data, atPath: temporary) { .writeFailed(path: path, reason: $0) }
    }
    do throws(Platform.Failure) {
      try Platform.rename(temporary, to: path)
    } catch {
      Platform.removeFile(atPath: temporary)
      throw GlyphsmithError.writeFailed(path: path, reason: error.reason)
    }
  }

  /// Writes `data` to `url` atomically; see `write(_:toPath:)`.
  package static func write(_ data: Data, to url: URL) throws {
    try write(data, toPath: url.path)
  }
}

/// Small POSIX file helpers shared by `AtomicFile` and `AtomicFolder`.
package enum POSIXFile {
  private static let counter = Atomic<Int>(0)

  /// A number unique within this process, for temporary names.
  package static func uniqueNumber() -> Int {
    counter.wrappingAdd(1, ordering: .relaxed).newValue
  }

  /// Creates a new file (it must not exist) holding `data`, mode 0644.
  /// - Throws: `failure(reason)`.
  package static func create(
    _ data: Data, atPath path: String, failure: (String) -> GlyphsmithError
  ) throws {
    do throws(Platform.CreateFailure) {
      try Platform.createFile(data, atPath: path, mode: 0o644)
    } catch {
      switch error {
      case .create(let error): throw failure("cannot create \(path): \(error.reason)")
      case .write(let error): throw failure("cannot write \(path): \(error.reason)")
      }
    }
  }
}
