import FoundationEssentials
import Glibc
import GlyphsmithCore

/// Writes a folder of files (an `.imageset`) so that readers see the old folder or the new
/// one whole, never a mix: the files go into a hidden staging folder beside the target, which
/// is then renamed into place; an existing folder is renamed aside first and removed after.
package enum AtomicFolder {
  /// Replaces the folder at `path` with one holding exactly `files` (name inside the folder,
  /// `Assets/Logo.svg` in a folder of it, bytes), mode 0644, and the entries `keeping` names of the existing folder (the user's
  /// files in a set of Glyphsmith's, `OutputOwnership.userFiles`): each is hard-linked (a
  /// folder moved, its files' times and links as they were) into the new folder before it
  /// is swapped in, so it is never missing from the set, byte for byte (a folder moved back
  /// should the swap fail). The parent folder must exist.
  ///
  /// An existing folder that could not be removed once replaced (read-only: `chmod -R a-w`)
  /// is found before anything is renamed (`readOnlyFolder(in:)`), and should its removal
  /// fail all the same, the new folder is taken out again and the old one put back: a failed
  /// write leaves exactly what was there, and no hidden copy (issue 35's third trial,
  /// finding 6: the new bundle stayed, its old one hidden as `.A.icon.old-PID-1` for ever).
  /// A locked entry (`chattr +i`/`+a`, `lockedEntry(in:)`) is found before anything is renamed
  /// too (fourth trial, F1: the old folder was removed part-way, its `icon.json` lost, and put
  /// back as "left as it was"). Should the removal stop part-way all the same (a race), the old
  /// folder cannot be put back whole: the new one stays and the error names what is left of the
  /// old one.
  /// `remove` removes the old folder once it is aside (`FileManager.removeItem`; a test gives
  /// one that fails).
  /// - Throws: `GlyphsmithError.writeFailed` naming the folder and the system's reason; the
  ///   staging folder is removed and an existing folder left as it was.
  package static func write(
    _ files: [(name: String, data: Data)], toPath path: String, keeping: [String] = [],
    remove: (String) throws -> Void = { try FileManager.default.removeItem(atPath: $0) }
  ) throws {
    // A write in flight: an interrupted process exits once it is whole (`Interruption`).
    try Interruption.write { try swap(files, toPath: path, keeping: keeping, remove: remove) }
  }

  /// The first folder in the tree at `path` (itself included, links not followed) whose
  /// entries this process may not remove (no write and search permission): the tree could
  /// not be removed; `nil` when it can be.
  package static func readOnlyFolder(in path: String) -> String? {
    var pending = [path]
    while let folder = pending.popLast() {
      let entries = Platform.folderEntries(atPath: folder) ?? []
      if !entries.isEmpty && FileName.withCPath(folder, { access($0, W_OK | X_OK) }) != 0 {
        return folder
      }
      for entry in entries where entry.isFolder && !entry.isLink {
        pending.append(folder + "/" + entry.name)
      }
    }
    return nil
  }

  /// The first entry in the tree at `path` (itself included, links not followed, not looked
  /// through) that is locked against removal whatever its permission bits (`chattr +i` or
  /// `+a`: `Platform.lock(ofPath:)`), with its lock: the tree could not be removed whole;
  /// `nil` when none is (issue 35's fourth trial, finding F1).
  package static func lockedEntry(in path: String) -> (path: String, lock: Platform.Lock)? {
    var pending = [path]
    while let entry = pending.popLast() {
      if let lock = Platform.lock(ofPath: entry) { return (entry, lock) }
      guard Platform.kind(ofPath: entry, followingLinks: false) == .folder else { continue }
      for child in Platform.folderEntries(atPath: entry) ?? [] {
        pending.append(entry + "/" + child.name)
      }
    }
    return nil
  }

  /// Every entry in the tree at `path` (relative paths, links not followed), sorted: what a
  /// failed removal took away is told by comparing two of these.
  static func entries(in path: String) -> [String] {
    var out: [String] = []
    var pending = [""]
    while let relative = pending.popLast() {
      for child in Platform.folderEntries(atPath: relative.isEmpty ? path : path + "/" + relative)
        ?? []
      {
        let name = relative.isEmpty ? child.name : relative + "/" + child.name
        out.append(name)
        if child.isFolder && !child.isLink { pending.append(name) }
      }
    }
    return out.sorted()
  }

  /// The staging, linking and renames of `write`.
  private static func swap(
    _ files: [(name: String, data: Data)], toPath path: String, keeping: [String],
    remove: (String) throws -> Void
  ) throws {
    let slash = path.lastIndex(of: "/")
    let parent = slash.map { String(path[..<$0]) } ?? "."
    let last = slash.map { String(path[path.index(after: $0)...]) } ?? path
    let token = "\(Platform.processID)-\(POSIXFile.uniqueNumber())"
    let staging = "\(parent)/.\(last).tmp-\(token)"
    let retired = "\(parent)/.\(last).old-\(token)"
    func failure(_ what: String, _ error: Platform.Failure) -> GlyphsmithError {
      .writeFailed(path: path, reason: "\(what): \(error.reason)")
    }
    var moved: [String] = []
    do throws(Platform.Failure) {
      try Platform.makeFolder(atPath: staging, mode: 0o755)
    } catch {
      throw failure("cannot create a staging folder", error)
    }
    do {
      for file in files {
        // A name with `/` goes into a folder of the set (`Assets/Logo.svg`), made once.
        if let slash = file.name.lastIndex(of: "/") {
          let folder = staging + "/" + file.name[..<slash]
          do {
            try FileManager.default.createDirectory(
              atPath: folder, withIntermediateDirectories: true)
          } catch {
            throw GlyphsmithError.writeFailed(
              path: path, reason: "cannot create \(file.name[..<slash]) in the staging folder")
          }
        }
        try POSIXFile.create(file.data, atPath: staging + "/" + file.name) {
          .writeFailed(path: path, reason: $0)
        }
      }
      for name in keeping where !files.contains(where: { $0.name == name }) {
        let (old, new) = (path + "/" + name, staging + "/" + name)
        // A folder of the user's is moved, not copied (issue 32, sixth trial: copied on
        // every render, its files' times were reset and their hard links broken); it is
        // moved back should the swap fail.
        if Platform.kind(ofPath: old, followingLinks: false) == .folder {
          do throws(Platform.Failure) {
            try Platform.rename(old, to: new)
            moved.append(name)
            continue
          } catch {
            throw failure("cannot keep \(old) in the new set", error)
          }
        }
        if link(old, new) != 0 {
          do {
            try FileManager.default.copyItem(atPath: old, toPath: new)
          } catch {
            throw GlyphsmithError.writeFailed(
              path: path, reason: "cannot keep \(old) in the new set: \(error)")
          }
        }
      }
      do throws(Platform.Failure) {
        try Platform.rename(staging, to: path)
      } catch {
        guard error.isFolderNotEmpty else { throw failure("cannot rename into place", error) }
        // A locked entry (immutable, append-only) cannot be removed whatever the permission
        // bits say: removing the old folder would stop part-way, its icon.json gone (issue 35's
        // fourth trial, F1), so nothing is renamed.
        if let found = lockedEntry(in: path) {
          let (locked, lock) = (found.path, found.lock)
          throw GlyphsmithError.writeFailed(
            path: path,
            reason:
              "cannot replace it: \(locked == path ? "it" : locked) is locked (\(lock.word)), so the "
              + "old folder could not be removed; nothing was changed (unlock it, "
              + "\(lock.unlockCommand(locked)), or remove it)")
        }
        if let folder = readOnlyFolder(in: path) {
          throw GlyphsmithError.writeFailed(
            path: path,
            reason:
              "cannot replace it: \(folder == path ? "it" : folder) is read-only, so the old "
              + "folder could not be removed; nothing was changed (make it writable, chmod -R u+w "
              + "\(path), or remove it)")
        }
        do throws(Platform.Failure) {
          try Platform.rename(path, to: retired)
        } catch {
          throw failure("cannot move the old folder aside", error)
        }
        do throws(Platform.Failure) {
          try Platform.rename(staging, to: path)
        } catch {
          try? Platform.rename(retired, to: path)
          throw failure("cannot rename into place", error)
        }
        let old = entries(in: retired)
        do {
          try remove(retired)
        } catch {
          let reason = OutputManifest.removalReason(error, path: retired)
          // Part of the old folder removed (a lock the checks above did not see, a race): it
          // cannot be put back whole, so the new folder stays and the rest is named.
          if entries(in: retired) != old {
            throw GlyphsmithError.writeFailed(
              path: path,
              reason: "written, but the old folder could be removed only in part (\(reason)): "
                + "what is left of it is \(retired); delete it")
          }
          // Nothing removed: the new folder out again (to the staging name, removed below) and
          // the old one back: what was there stays, and no hidden copy.
          if (try? Platform.rename(path, to: staging)) != nil,
            (try? Platform.rename(retired, to: path)) != nil
          {
            throw GlyphsmithError.writeFailed(
              path: path,
              reason: "cannot replace it: the old folder could not be removed (\(reason)); "
                + "it is left as it was")
          }
          throw GlyphsmithError.writeFailed(
            path: path,
            reason: "written, but the old folder could not be removed (\(reason)): \(retired); "
              + "delete it")
        }
      }
    } catch {
      // The user's folders moved into the staging folder go back where they were.
      for name in moved { try? Platform.rename(staging + "/" + name, to: path + "/" + name) }
      try? FileManager.default.removeItem(atPath: staging)
      throw error
    }
  }
}
