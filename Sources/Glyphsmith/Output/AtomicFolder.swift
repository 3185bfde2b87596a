import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Writes a folder of files (an `.imageset`) so that readers see the old folder or the new
/// one whole, never a mix: the files go into a hidden staging folder beside the target, which
/// is then renamed into place; an existing folder is renamed aside first and removed after.
public enum AtomicFolder {
  /// Replaces the folder at `path` with one holding exactly `files` (name inside the folder,
  /// bytes), mode 0644. The parent folder must exist.
  /// - Throws: `GlyphsmithError.writeFailed` naming the folder and the system's reason; the
  ///   staging folder is removed and an existing folder left as it was.
  public static func write(_ files: [(name: String, data: Data)], toPath path: String) throws {
    let slash = path.lastIndex(of: "/")
    let parent = slash.map { String(path[..<$0]) } ?? "."
    let last = slash.map { String(path[path.index(after: $0)...]) } ?? path
    let token = "\(getpid())-\(POSIXFile.uniqueNumber())"
    let staging = "\(parent)/.\(last).tmp-\(token)"
    let retired = "\(parent)/.\(last).old-\(token)"
    func failure(_ what: String) -> GlyphsmithError {
      .writeFailed(path: path, reason: "\(what): \(POSIXFile.lastError())")
    }
    guard mkdir(staging, 0o755) == 0 else { throw failure("cannot create a staging folder") }
    do {
      for file in files {
        try POSIXFile.create(file.data, atPath: staging + "/" + file.name) {
          .writeFailed(path: path, reason: $0)
        }
      }
      if rename(staging, path) != 0 {
        guard errno == ENOTEMPTY || errno == EEXIST else {
          throw failure("cannot rename into place")
        }
        guard rename(path, retired) == 0 else { throw failure("cannot move the old folder aside") }
        guard rename(staging, path) == 0 else {
          let error = failure("cannot rename into place")
          _ = rename(retired, path)
          throw error
        }
        if (try? FileManager.default.removeItem(atPath: retired)) == nil {
          throw GlyphsmithError.writeFailed(
            path: path, reason: "written, but the old folder could not be removed: \(retired)")
        }
      }
    } catch {
      try? FileManager.default.removeItem(atPath: staging)
      throw error
    }
  }
}
