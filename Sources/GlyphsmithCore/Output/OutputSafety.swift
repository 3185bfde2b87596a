import FoundationEssentials
import Glibc

/// File-system rules every output follows, so hostile or odd targets are never clobbered:
/// special files are written into (character devices, FIFOs) or refused, never renamed over;
/// every regular file is replaced atomically, wherever it is (`/dev/shm` too), except one
/// reached through a link under `/dev` or `/proc` (`/dev/stdout` redirected to a file), which
/// is truncated and written through;
/// a symbolic link to a folder inside an output tree is an error (the tree's root may be one);
/// staging folders and files left by a killed run are recognised and cleaned.
package enum OutputSafety {
  /// What the existing file at an output path is.
  package enum Target {
    /// Missing, or a regular file: write beside it and rename over it.
    case replaceable
    /// A character device or FIFO (`/dev/stdout`, `/dev/null`, a named pipe), or a link
    /// under `/dev` or `/proc` to a regular file (a redirected stdout): write into it.
    case stream
    /// Something that must not be written or replaced (a folder, a block device, a socket).
    case refused(String)
  }

  /// Classifies the existing file at `path` (links followed).
  package static func target(_ path: String) -> Target {
    guard let kind = Platform.kind(ofPath: path) else { return .replaceable }
    switch kind {
    case .characterDevice, .fifo: return .stream
    case .folder: return .refused("is a folder; give a file name")
    case .blockDevice: return .refused("is a block device; give a regular file")
    case .socket: return .refused("is a socket; give a regular file")
    case .regular, .link, .other:
      // /dev/stdout and friends redirected to a regular file: write through the link (it
      // cannot be renamed over). A regular file itself is replaced, even under /dev
      // (/dev/shm): written in place, a shorter output would keep the old file's tail.
      let isAlias =
        (path.hasPrefix("/dev/") || path.hasPrefix("/proc/"))
        && Platform.kind(ofPath: path, followingLinks: false) == .link
      return isAlias ? .stream : .replaceable
    }
  }

  /// How long `writeStream` waits for a reader to open a FIFO before naming it (seconds).
  package static let fifoReaderWait = 2.0

  /// Writes `data` into the existing stream file at `path` (no temporary, no rename): a
  /// regular file behind a `/dev` or `/proc` link is truncated first; a FIFO must get a reader
  /// within `fifoReaderWait` seconds.
  /// - Throws: `GlyphsmithError.writeFailed` naming the path (for a FIFO nobody reads: that
  ///   it is one, rather than waiting until a render budget runs out).
  package static func writeStream(_ data: Data, toPath path: String) throws {
    let kind = Platform.kind(ofPath: path)
    let failure = data.withUnsafeBytes { raw -> Platform.Failure? in
      do throws(Platform.Failure) {
        let fd =
          kind == .fifo
          ? try Platform.openFIFOForWriting(path, waitingSeconds: fifoReaderWait)
          : try Platform.openForWriting(path, truncating: kind == .regular)
        defer { Platform.close(fd) }
        try Platform.writeAll(fd, raw)
        return nil
      } catch { return error }
    }
    guard let failure else { return }
    let reason =
      kind == .fifo && failure.isNoReader
      ? "it is a FIFO (named pipe) and nothing opened it for reading within "
        + "\(Int(fifoReaderWait)) s; start the reader first (e.g. cat FIFO > out.png &)"
      : failure.reason
    throw GlyphsmithError.writeFailed(path: path, reason: reason)
  }

  /// Throws when a folder on the way from `root` (exclusive: the root may be a link) to
  /// `folder` (inclusive) is a symbolic link: output is never written through one to
  /// wherever it points.
  /// - Throws: `GlyphsmithError.writeFailed` naming the link.
  package static func checkNoLinkedFolders(root: String, folder: String) throws {
    var base = root
    while base.count > 1 && base.hasSuffix("/") { base.removeLast() }
    guard folder.hasPrefix(base + "/") else { return }
    var current = base
    for component in folder.dropFirst(base.count + 1).split(separator: "/") {
      current += "/" + component
      guard let kind = Platform.kind(ofPath: current, followingLinks: false) else { return }
      if kind == .link {
        throw GlyphsmithError.writeFailed(
          path: current,
          reason: "it is a symbolic link inside the output folder \(base); output is never "
            + "written through links below the output folder; replace it with a real folder")
      }
    }
  }

  /// Whether `name` is a staging or retired name `AtomicFolder`/`AtomicFile` use:
  /// `.NAME.tmp-PID-N` or `.NAME.old-PID-N`; returns the PID.
  package static func stagingPID(_ name: String) -> Int32? {
    guard name.hasPrefix(".") else { return nil }
    for marker in [".tmp-", ".old-"] {
      guard let range = name.lastRange(of: marker) else { continue }
      let parts = name[range.upperBound...].split(separator: "-")
      if parts.count == 2, let pid = Int32(parts[0]), Int(parts[1]) != nil { return pid }
    }
    return nil
  }

  /// Staging leftovers of killed runs directly inside `folder`: hidden `.NAME.tmp-PID-N` and
  /// `.NAME.old-PID-N` entries whose process is gone.
  package static func staleStaging(in folder: String) -> [String] {
    staleStaging(among: Platform.folderNames(atPath: folder) ?? [])
  }

  /// The staging leftovers of killed runs among `names` (a folder's entries), sorted.
  package static func staleStaging(among names: [String]) -> [String] {
    names.filter { name in stagingPID(name).map(Platform.isGone) ?? false }.sorted()
  }

  /// What `removeStaleStaging` did with the staging leftovers of killed runs.
  package struct Cleanup: Equatable, Sendable {
    /// The leftovers removed (they held only what Glyphsmith wrote, or what their set holds
    /// too), sorted.
    package var removed: [String] = []
    /// Retired folders (`.NAME.old-PID-N`) renamed back to `NAME`, which was missing: a run
    /// killed between the two renames of a swap (`AtomicFolder`), as `(from, to)`.
    package var restored: [(from: String, to: String)] = []
    /// Leftover folders kept: they hold a file Glyphsmith did not write that their set
    /// does not hold (`isOwn`), sorted.
    package var kept: [String] = []

    package static func == (a: Cleanup, b: Cleanup) -> Bool {
      a.removed == b.removed && a.kept == b.kept
        && a.restored.map { [$0.from, $0.to] } == b.restored.map { [$0.from, $0.to] }
    }
  }

  /// The name of the folder a staging or retired entry `name` stands for (`bell.imageset`
  /// for `.bell.imageset.old-PID-N`), and whether it is a retired one (`.old-`).
  package static func stagedTarget(_ name: String) -> (target: String, retired: Bool)? {
    guard stagingPID(name) != nil else { return nil }
    for (marker, retired) in [(".tmp-", false), (".old-", true)] {
      guard let range = name.lastRange(of: marker) else { continue }
      let target = String(name[name.index(after: name.startIndex)..<range.lowerBound])
      return target.isEmpty ? nil : (target, retired)
    }
    return nil
  }

  /// Removes the staging leftovers of killed runs inside `folder` and its sub-folders
  /// (links not followed). Returns the paths removed.
  @discardableResult
  package static func removeStaleStaging(under folder: String) -> [String] {
    cleanStaleStaging(under: folder, descendingInto: { _ in true }).removed
  }

  /// `removeStaleStaging(under:)` entering only the sub-folders whose name `descendingInto`
  /// accepts; each folder is listed once, its entries' kinds taken from the listing.
  @discardableResult
  package static func removeStaleStaging(
    under folder: String, descendingInto: (String) -> Bool
  ) -> [String] {
    cleanStaleStaging(under: folder, descendingInto: descendingInto).removed
  }

  /// Cleans the staging leftovers of killed runs inside `folder` and the sub-folders whose
  /// name `descendingInto` accepts (links not followed), never losing a file the user made
  /// (issue 32 trial: a run killed between the two renames of a set's swap left the set as
  /// `.NAME.old-PID-N`, and the next run deleted it with the user's file in it):
  /// - a retired folder `.NAME.old-PID-N` whose `NAME` is missing is renamed back to `NAME`
  ///   (the set as it was before the killed run), never removed;
  /// - any other leftover folder is removed only when every entry in it is Glyphsmith's
  ///   (`isOwn(leftoverFolder, entryName, targetFolder)`: a file it writes in the set
  ///   `targetFolder`) or is held by `NAME` too, the same file (hard-linked, as
  ///   `AtomicFolder` keeps the user's files) or the same bytes; else it is kept (`kept`);
  /// - a leftover file (`AtomicFile`'s staging) is removed.
  /// Retired folders are handled before staging folders, so a staging folder whose user's
  /// files are links into the set restored is removed.
  package static func cleanStaleStaging(
    under folder: String, descendingInto: (String) -> Bool,
    isOwn: (_ folder: String, _ name: String, _ target: String) -> Bool = { _, _, _ in false }
  ) -> Cleanup {
    var cleanup = Cleanup()
    var pending = [folder]
    while let current = pending.popLast() {
      let entries = Platform.folderEntries(atPath: current) ?? []
      let stale = staleStaging(among: entries.map(\.name)).sorted {
        (stagedTarget($0)?.retired == true ? 0 : 1, $0) < (
          stagedTarget($1)?.retired == true ? 0 : 1, $1
        )
      }
      for name in stale {
        let path = current + "/" + name
        let isFolder = entries.first { $0.name == name }.map { $0.isFolder && !$0.isLink } ?? false
        guard isFolder, let (target, retired) = stagedTarget(name) else {
          if (try? FileManager.default.removeItem(atPath: path)) != nil {
            cleanup.removed.append(path)
          }
          continue
        }
        let targetPath = current + "/" + target
        let targetThere = Platform.kind(ofPath: targetPath, followingLinks: false) != nil
        if retired && !targetThere {
          if (try? Platform.rename(path, to: targetPath)) != nil {
            cleanup.restored.append((path, targetPath))
          } else {
            cleanup.kept.append(path)
          }
          continue
        }
        let foreign = (Platform.folderNames(atPath: path) ?? []).contains { entry in
          !isOwn(path, entry, targetPath)
            && !sameContent(path + "/" + entry, targetPath + "/" + entry)
        }
        if foreign {
          cleanup.kept.append(path)
        } else if (try? FileManager.default.removeItem(atPath: path)) != nil {
          cleanup.removed.append(path)
        }
      }
      for entry in entries
      where entry.isFolder && !entry.isLink && !entry.name.hasPrefix(".")
        && descendingInto(entry.name)
      {
        pending.append(current + "/" + entry.name)
      }
    }
    cleanup.removed.sort()
    cleanup.kept.sort()
    return cleanup
  }

  /// Whether the entries at `a` and `b` hold the same (links not followed): one file
  /// (hard links) or files of equal bytes, links to the same place, or folders whose entries
  /// are so, one by one.
  package static func sameContent(_ a: String, _ b: String) -> Bool {
    var first = stat()
    var second = stat()
    guard FileName.withCPath(a, { lstat($0, &first) }) == 0,
      FileName.withCPath(b, { lstat($0, &second) }) == 0
    else { return false }
    let (kindA, kindB) = (first.st_mode & S_IFMT, second.st_mode & S_IFMT)
    guard kindA == kindB else { return false }
    if first.st_dev == second.st_dev && first.st_ino == second.st_ino { return true }
    switch kindA {
    case S_IFREG:
      guard first.st_size == second.st_size else { return false }
      guard let x = Platform.readRegularFile(atPath: a), let y = Platform.readRegularFile(atPath: b)
      else { return false }
      return x == y
    case S_IFLNK:
      let x = try? FileManager.default.destinationOfSymbolicLink(atPath: a)
      return x != nil && x == (try? FileManager.default.destinationOfSymbolicLink(atPath: b))
    case S_IFDIR:
      let names = Platform.folderNames(atPath: a)?.sorted()
      guard let names, names == Platform.folderNames(atPath: b)?.sorted() else { return false }
      return names.allSatisfy { sameContent(a + "/" + $0, b + "/" + $0) }
    default:
      return false
    }
  }
}
