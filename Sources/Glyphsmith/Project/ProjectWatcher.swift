import Dispatch
import FoundationEssentials
import GlyphsmithCore

#if canImport(Glibc)
  import Glibc

  /// What `glyphsmith build --watch` waits on (issue 24): Linux inotify (through Glibc) on the
  /// icons folder and every folder below it (new sub-folders are added as they appear) and on
  /// the project file's folder, where only events naming `glyphsmith.json` count (the outputs
  /// may live there too). A change is reported once no further event has come for a
  /// moment (`settle`, 40 ms; `burstSettle`, 250 ms, once a burst has more than a few events),
  /// so a burst (a checkout touching 500 files, an editor's write-to-temp-and-rename) is one
  /// change; `changes` says what it was. The icons folder deleted (or moved away) and made again is watched anew
  /// once it is back (issue 33): while it is missing the watcher looks for it every 200 ms,
  /// and its return is a change.
  public final class ProjectWatcher {
    private let descriptor: Int32
    private var folders: [Int32: String] = [:]
    private let iconsFolder: String
    private let configFolder: String
    private let configName: String
    /// Seconds without events that end a burst of a few events (issue 36: 0.25 s for every
    /// burst left 50 ms of the 300 ms from the last event to the rebuilt icon; an editor's
    /// save, a write to a temporary file and a rename, is 4 or 5 events within a millisecond).
    public var settle = 0.04
    /// Seconds without events that end a burst once it has more than `fewEvents` events (a
    /// checkout writing 500 files is one change, as before issue 36).
    public var burstSettle = 0.25
    /// How many events a burst may have and still end after `settle`.
    public var fewEvents = 8
    /// Events counted in the current burst.
    private var events = 0
    /// When the last event was read (`DispatchTime` uptime, ns; 0 before any): the save's
    /// end, from which `build --watch` times its rebuild (issue 36).
    public private(set) var lastEvent: UInt64 = 0

    /// What the last `waitForChange()` saw: the files written or moved in below the icons
    /// folder (paths as watched, `FOLDER/NAME`; names starting with `.` left out), and whether
    /// anything else happened that can change what the build plans (a file or folder removed
    /// or moved away, a folder made, the project file, the icons folder itself).
    public struct Changes: Sendable, Equatable {
      /// Files written, renamed into place or with changed attributes.
      public var written: Set<String> = []
      /// Files starting with `.` (an editor's temporary file) written, made, moved or
      /// removed: no icon (the collector skips them), though an icon may draw one.
      public var hidden: Set<String> = []
      /// Whether anything other than `written` and `hidden` happened.
      public var other = false
    }

    /// The changes of the burst the last `waitForChange()` returned for.
    public private(set) var changes = Changes()

    /// Watches `iconsFolder` recursively and the folder of `configPath` for `configPath`.
    /// - Throws: `GlyphsmithError.unusable` when inotify cannot be started.
    public init(iconsFolder: String, configPath: String) throws {
      descriptor = inotify_init1(Int32(IN_CLOEXEC | IN_NONBLOCK))
      guard descriptor >= 0 else {
        throw GlyphsmithError.unusable(
          path: iconsFolder,
          problem: "cannot watch for changes: inotify_init1 failed (errno \(errno))")
      }
      let parent = FileName.parent(of: configPath)
      configFolder = parent.isEmpty ? "." : parent
      configName = PathName(configPath).lastPathComponent
      self.iconsFolder = iconsFolder
      let mask = UInt32(IN_CLOSE_WRITE | IN_MOVED_TO | IN_CREATE | IN_DELETE | IN_MOVED_FROM)
      let wd = inotify_add_watch(descriptor, configFolder, mask)
      if wd >= 0 { folders[wd] = "" }
      addTree(iconsFolder)
    }

    deinit { close(descriptor) }

    private func addTree(_ folder: String) {
      let mask = UInt32(
        IN_CLOSE_WRITE | IN_MOVED_TO | IN_MOVED_FROM | IN_CREATE | IN_DELETE | IN_DELETE_SELF
          | IN_MOVE_SELF | IN_ATTRIB)
      let wd = inotify_add_watch(descriptor, folder, mask)
      guard wd >= 0 else { return }
      folders[wd] = folder
      for name in Platform.folderNames(atPath: folder) ?? [] where !name.hasPrefix(".") {
        let path = folder + "/" + name
        if Platform.status(ofPath: path)?.isFolder == true, !name.hasSuffix(".xcassets") {
          addTree(path)
        }
      }
    }

    /// Reads pending events; returns whether any counts as a change (and watches new folders).
    private func drain() -> Bool {
      var changed = false
      var buffer = [UInt8](repeating: 0, count: 64 * 1024)
      while true {
        let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
        guard count > 0 else { return changed }
        var offset = 0
        let header = MemoryLayout<inotify_event>.size
        while offset + header <= count {
          let (wd, mask, length) = buffer.withUnsafeBytes { raw -> (Int32, UInt32, Int) in
            let event = raw.loadUnaligned(fromByteOffset: offset, as: inotify_event.self)
            return (event.wd, event.mask, Int(event.len))
          }
          let nameBytes = buffer[(offset + header)..<(offset + header + length)]
          let name = String(decoding: nameBytes.prefix { $0 != 0 }, as: UTF8.self)
          offset += header + length
          events += 1
          lastEvent = DispatchTime.now().uptimeNanoseconds
          guard let folder = folders[wd] else { continue }
          if folder.isEmpty {
            if name == configName {
              changed = true
              changes.other = true
            }
            continue
          }
          changed = true
          let isFolder = mask & UInt32(IN_ISDIR) != 0
          if isFolder, mask & UInt32(IN_CREATE | IN_MOVED_TO) != 0 {
            addTree(folder + "/" + name)
          }
          if name.hasPrefix(".") && !isFolder {
            // An editor's temporary file: not an icon (the collector skips it).
            changes.hidden.insert(folder + "/" + name)
          } else if !isFolder, !name.isEmpty,
            mask & ~UInt32(IN_CLOSE_WRITE | IN_MOVED_TO | IN_CREATE | IN_ATTRIB) == 0
          {
            changes.written.insert(folder + "/" + name)
          } else {
            changes.other = true
          }
          if mask & UInt32(IN_IGNORED) != 0 { folders[wd] = nil }
          if folder == iconsFolder, mask & UInt32(IN_DELETE_SELF | IN_MOVE_SELF) != 0 {
            changes.other = true
            forgetTree()
          }
        }
      }
    }

    /// Stops watching the icons folder and every folder below it (the folder is gone or moved
    /// away; what is left of its watches would name the wrong paths).
    private func forgetTree() {
      for (wd, folder) in folders where !folder.isEmpty {
        inotify_rm_watch(descriptor, wd)
        folders[wd] = nil
      }
    }

    /// Whether the icons folder itself is watched (it exists, or existed when last looked at).
    private var watchesIconsFolder: Bool { folders.values.contains(iconsFolder) }

    private func poll(seconds: Double?) -> Bool {
      var entry = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
      let timeout = seconds.map { Int32(($0 * 1000).rounded()) } ?? -1
      return Glibc.poll(&entry, 1, timeout) > 0
    }

    /// Blocks until something changed and then `settle` seconds passed without another event.
    /// A missing icons folder is looked for every 200 ms; its coming back is a change.
    public func waitForChange() {
      changes = Changes()
      events = 0
      while true {
        if !watchesIconsFolder {
          if Platform.status(ofPath: iconsFolder)?.isFolder == true {
            addTree(iconsFolder)
            if watchesIconsFolder {
              changes.other = true
              break
            }
          }
          if poll(seconds: 0.2), drain() {
            changes.other = true
            break
          }
          continue
        }
        _ = poll(seconds: nil)
        if drain() { break }
      }
      while poll(seconds: events > fewEvents ? burstSettle : settle) { _ = drain() }
    }
  }
#endif
