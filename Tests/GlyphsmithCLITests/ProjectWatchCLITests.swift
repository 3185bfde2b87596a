import Foundation
import Synchronization
import Testing

/// `glyphsmith build --watch`: every kind of change gives one rebuild, waited for with a
/// deadline on the lines the watcher prints (never a sleep that hopes).
@Suite("Build watch")
struct ProjectWatchCLITests {
  /// The running watcher; its stderr goes to a file, read back for the lines printed so far
  /// (a file, not a pipe's readability handler: nothing can stall the reading).
  final class Watcher {
    let process = Process()
    let log: URL

    init(in folder: URL, jobs: Int = 1, environment: [String: String] = [:]) throws {
      log = folder.appendingPathComponent("watch.log")
      _ = FileManager.default.createFile(atPath: log.path, contents: nil)
      process.executableURL = CLIRunner.executable
      process.arguments = ["build", "--watch", "--jobs", "\(jobs)"]
      process.currentDirectoryURL = folder
      if !environment.isEmpty {
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
      }
      process.standardError = try FileHandle(forWritingTo: log)
      process.standardOutput = FileHandle.nullDevice
      try process.run()
    }

    /// The complete lines printed so far.
    var lines: [String] {
      let text = (try? String(contentsOf: log, encoding: .utf8)) ?? ""
      var parts = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
      parts.removeLast()
      return parts
    }

    /// Waits (at most 120 s: a debug build on a loaded machine) until `count` lines with
    /// "watching" have been printed; returns the lines.
    func waitForWatching(_ count: Int) -> [String] {
      waitFor { $0.filter { $0.hasPrefix("watching ") }.count >= count }
    }

    /// Waits (at most 120 s) until `done(lines)`; returns the lines.
    func waitFor(_ done: ([String]) -> Bool) -> [String] {
      let deadline = Date().addingTimeInterval(120)
      while Date() < deadline {
        let current = lines
        if done(current) { return current }
        usleep(20_000)
      }
      return lines
    }

    /// Sends `signal` and waits (at most 30 s) for the exit; its status, or nil when it did
    /// not end (it is then killed).
    func stop(with signal: Int32) -> Int32? {
      kill(process.processIdentifier, signal)
      let deadline = Date().addingTimeInterval(30)
      while process.isRunning && Date() < deadline { usleep(10_000) }
      guard !process.isRunning else {
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        return nil
      }
      return process.terminationReason == .exit
        ? process.terminationStatus : -process.terminationStatus
    }
  }

  // This test was disabled: Foundation's `Process` starts the child with SIGINT blocked, so
  // the final Ctrl-C stayed pending forever. `Interruption.exitOnSignal` unblocks it.
  @Test func everyKindOfChangeIsOneRebuild() throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let icons = folder.appendingPathComponent("icons")
    try FileManager.default.createDirectory(at: icons, withIntermediateDirectories: true)
    let sample = ProjectCLITests.sampleIcons
    let copy = { (name: String, to: String) in
      try FileManager.default.copyItem(
        at: sample.appendingPathComponent(name), to: icons.appendingPathComponent(to))
    }
    try copy("bell.svg", "bell.svg")
    let config = folder.appendingPathComponent("glyphsmith.json")
    try Data(#"{"version": 1, "icons": "icons", "ios": {"catalog": "I.xcassets"}}"#.utf8)
      .write(to: config)
    let watcher = try Watcher(in: folder)
    defer { if watcher.process.isRunning { watcher.process.terminate() } }
    var lines = watcher.waitForWatching(1)
    #expect(lines.first?.hasPrefix("built 1 icon (3 PNG files)") == true, "\(lines)")

    func step(_ number: Int, _ change: () throws -> Void) throws -> [String] {
      let before = watcher.lines.count
      try change()
      let all = watcher.waitForWatching(number)
      return Array(all[before...]).filter { !$0.hasPrefix("watching ") }
    }
    // A save.
    lines = try step(2) { try copy("star.svg", "star.svg") }
    #expect(lines.count == 1 && lines[0].hasPrefix("built 1 icon (3 PNG files)"), "\(lines)")
    // An editor's write-to-temp-and-rename over bell.svg.
    lines = try step(3) {
      try Data(contentsOf: sample.appendingPathComponent("heart.svg"))
        .write(to: icons.appendingPathComponent(".bell.svg.tmp"))
      _ = rename(
        icons.appendingPathComponent(".bell.svg.tmp").path,
        icons.appendingPathComponent("bell.svg").path)
    }
    #expect(lines.count == 1 && lines[0].hasPrefix("built 1 icon (3 PNG files)"), "\(lines)")
    // A new sub-folder with an icon in it.
    lines = try step(4) {
      try FileManager.default.createDirectory(
        at: icons.appendingPathComponent("tabs"), withIntermediateDirectories: true)
      try copy("user.svg", "tabs/user.svg")
    }
    #expect(lines.count == 1 && lines[0].hasPrefix("built 1 icon"), "\(lines)")
    // A delete: its set is removed.
    lines = try step(5) {
      try FileManager.default.removeItem(at: icons.appendingPathComponent("star.svg"))
    }
    #expect(
      lines == ["I.xcassets/star.imageset: removed (its source icons/star.svg is gone)"]
        || lines.contains { $0.hasSuffix("1 removed") }, "\(lines)")
    // A bad config edit: its error, and watching goes on; then a good one rebuilds.
    lines = try step(6) {
      try Data(#"{"version": 1, "icons": "icons", "ios": {"catalg": "I.xcassets"}}"#.utf8)
        .write(to: config)
    }
    #expect(lines.count == 1 && lines[0].contains("unknown key 'catalg' in 'ios'"), "\(lines)")
    lines = try step(7) {
      try Data(
        #"{"version": 1, "icons": "icons", "ios": {"catalog": "I.xcassets", "compact": true}}"#.utf8
      )
      .write(to: config)
    }
    #expect(lines.count == 1 && lines[0].hasPrefix("built 2 icons (12 PNG files)"), "\(lines)")
    // A burst of 500 files (as a checkout) is one rebuild.
    lines = try step(8) {
      let bell = try Data(contentsOf: sample.appendingPathComponent("bell.svg"))
      for index in 0..<500 {
        try bell.write(to: icons.appendingPathComponent("burst-\(index).svg"))
      }
    }
    #expect(lines.filter { $0.hasPrefix("built ") }.count == 1, "\(lines)")
    #expect(lines.last?.hasPrefix("built 500 icons") == true, "\(lines)")
    // Ctrl-C ends it with exit 130 (128 + SIGINT), as a shell reports a Ctrl-C.
    #expect(watcher.stop(with: SIGINT) == 130)
  }

  /// Issue 36: a save of a known icon is built for that icon alone (the summary's "8
  /// unchanged": the other icons, not planned for writing, count unchanged as `build` counts
  /// them; it said "0 unchanged", trial t36; the stats line: 1 of the
  /// icons planned, the full build's layout reused from memory), and after several saves,
  /// a new icon, a removal, a broken SVG saved and mended, and an edit of glyphsmith.json,
  /// the outputs and records are byte for byte what a fresh full build of the same icons
  /// writes.
  @Test func savesBuildTheSavedIconAloneAndEqualAFreshBuild() throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let icons = folder.appendingPathComponent("icons")
    try FileManager.default.createDirectory(at: icons, withIntermediateDirectories: true)
    let sample = ProjectCLITests.sampleIcons
    let names = [
      "bell", "bookmark", "calendar", "camera", "heart", "house", "music", "star", "user",
    ]
    for name in names {
      try FileManager.default.copyItem(
        at: sample.appendingPathComponent(name + ".svg"),
        to: icons.appendingPathComponent(name + ".svg"))
    }
    try Data(
      #"""
      {"version": 1, "icons": "icons",
       "ios": {"catalog": "App/Icons.xcassets", "compact": true},
       "android": {"res": "android/res", "format": "png"},
       "web": {"folder": "web/icons"},
       "defaults": {"role": "tab-bar"}}
      """#.utf8
    ).write(to: folder.appendingPathComponent("glyphsmith.json"))
    let watcher = try Watcher(in: folder, environment: ["GLYPHSMITH_WATCH_STATS": "1"])
    defer { if watcher.process.isRunning { watcher.process.terminate() } }
    var lines = watcher.waitForWatching(1)
    #expect(lines.first?.hasPrefix("built 9 icons (162 PNG files)") == true, "\(lines)")
    // The first build has no event before it: no stats line.
    #expect(!lines.contains { $0.hasPrefix("watch stats:") }, "\(lines)")
    var count = 1
    var stats: [String] = []
    func step(_ change: () throws -> Void) throws -> [String] {
      let before = watcher.lines.count
      try change()
      count += 1
      let all = watcher.waitForWatching(count)
      let printed = Array(all[before...]).filter { !$0.hasPrefix("watching ") }
      stats = printed.filter { $0.hasPrefix("watch stats: ") }
      return printed.filter { !$0.hasPrefix("watch stats: ") }
    }
    /// The part of the last step's stats line after the timings.
    func planned() -> String? {
      guard let line = stats.first, let end = line.range(of: "); ") else { return nil }
      return String(line[end.upperBound...])
    }
    /// An editor's save: `source`'s bytes written beside `name` and renamed over it.
    func save(_ name: String, as source: String) throws -> [String] {
      try step {
        let temporary = icons.appendingPathComponent("." + name + ".svg.tmp")
        try Data(contentsOf: sample.appendingPathComponent(source + ".svg")).write(to: temporary)
        #expect(rename(temporary.path, icons.appendingPathComponent(name + ".svg").path) == 0)
      }
    }
    for (name, source) in [("bell", "heart"), ("music", "star"), ("bell", "search")] {
      lines = try save(name, as: source)
      #expect(lines.count == 1, "\(lines)")
      #expect(lines.first?.hasPrefix("built 1 icon (18 PNG files)") == true, "\(lines)")
      #expect(lines.first?.contains("; 8 unchanged;") == true, "\(lines)")
      #expect(planned() == "1 of 9 icons planned, layout reused", "\(stats)")
    }
    // The temporary file written, then renamed over the icon a moment later: one build,
    // of that icon alone (the temporary file's own burst builds nothing).
    lines = try step {
      let temporary = icons.appendingPathComponent(".camera.svg.tmp")
      try Data(contentsOf: sample.appendingPathComponent("map-pin.svg")).write(to: temporary)
      usleep(400_000)
      #expect(rename(temporary.path, icons.appendingPathComponent("camera.svg").path) == 0)
    }
    #expect(lines.count == 1, "\(lines)")
    #expect(lines.first?.hasPrefix("built 1 icon (18 PNG files)") == true, "\(lines)")
    #expect(lines.first?.contains("; 8 unchanged;") == true, "\(lines)")
    // A new icon and a removal: everything is planned again (8 of 9 icons unchanged).
    lines = try step {
      try FileManager.default.copyItem(
        at: sample.appendingPathComponent("trash-2.svg"),
        to: icons.appendingPathComponent("trash-2.svg"))
    }
    #expect(lines.first?.contains("; 9 unchanged;") == true, "\(lines)")
    #expect(planned() == "10 of 10 icons planned, layout made", "\(stats)")
    lines = try step {
      try FileManager.default.removeItem(at: icons.appendingPathComponent("house.svg"))
    }
    #expect(lines.contains { $0.contains("house") && $0.contains("removed") }, "\(lines)")
    #expect(planned() == "9 of 9 icons planned, layout made", "\(stats)")
    lines = try save("user", as: "settings")
    #expect(lines.first?.contains("; 8 unchanged;") == true, "\(lines)")
    #expect(planned() == "1 of 9 icons planned, layout reused", "\(stats)")
    // A broken SVG saved: its error names the file, it fails alone, and the others' outputs
    // (its own earlier ones too) stay as they were.
    let catalog = folder.appendingPathComponent("App/Icons.xcassets")
    let before = snapshot(folder.appendingPathComponent("App"))
    lines = try step {
      let temporary = icons.appendingPathComponent(".star.svg.tmp")
      try Data("<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 24 24\"><path d=".utf8)
        .write(to: temporary)
      #expect(rename(temporary.path, icons.appendingPathComponent("star.svg").path) == 0)
    }
    #expect(
      lines.contains { $0.hasPrefix("icons/star.svg: error: ") }, "\(lines)")
    #expect(lines.last?.contains("; 8 unchanged; 0 skipped; 1 failed;") == true, "\(lines)")
    #expect(planned() == "1 of 9 icons planned, layout reused", "\(stats)")
    #expect(snapshot(folder.appendingPathComponent("App")) == before)
    #expect(
      FileManager.default.fileExists(
        atPath: catalog.appendingPathComponent("star.imageset/star@2x.png").path))
    // Mended: built alone again.
    lines = try save("star", as: "bookmark")
    #expect(lines.first?.hasPrefix("built 1 icon (18 PNG files)") == true, "\(lines)")
    #expect(planned() == "1 of 9 icons planned, layout reused", "\(stats)")
    // The catalog's record rewritten behind the watcher (by hand: calendar's set and its
    // hashes gone from it, as another writer may leave it): the next save reads it anew, not
    // the lookups and record it kept from its own last write (issue 36), and the end state
    // still equals a fresh build's (below). Without reading it anew, the watcher's record
    // would keep calendar's entries as it last wrote them.
    let recordURL = catalog.appendingPathComponent(".glyphsmith-outputs.json")
    var record = try #require(
      try JSONSerialization.jsonObject(with: Data(contentsOf: recordURL)) as? [String: Any])
    var recorded = try #require(record["outputs"] as? [String: String])
    #expect(recorded.removeValue(forKey: "calendar.imageset") != nil)
    record["outputs"] = recorded
    let hashes = try #require(record["hashes"] as? [String: String])
    record["hashes"] = hashes.filter { !$0.key.hasPrefix("calendar.imageset/") }
    // Its Contents.json and three PNG files.
    #expect((record["hashes"] as? [String: String])?.count == hashes.count - 4)
    try JSONSerialization.data(withJSONObject: record, options: [.prettyPrinted, .sortedKeys])
      .write(to: recordURL)
    lines = try save("music", as: "heart")
    #expect(lines.first?.hasPrefix("built 1 icon (18 PNG files)") == true, "\(lines)")
    #expect(planned() == "1 of 9 icons planned, layout reused", "\(stats)")
    let reread = try #require(
      try JSONSerialization.jsonObject(with: Data(contentsOf: recordURL)) as? [String: Any])
    // calendar's set, marked, is adopted back with its files hashed from disk.
    #expect((reread["outputs"] as? [String: String])?["calendar.imageset"] == "../../icons/calendar.svg")
    #expect(
      (reread["hashes"] as? [String: String])?.keys.filter { $0.hasPrefix("calendar.imageset/") }
        .count == 4)
    // The project file edited (a rule: the toolbar role for user.svg): everything planned
    // again with the new settings, and the next save reuses the new layout.
    lines = try step {
      try Data(
        #"""
        {"version": 1, "icons": "icons",
         "ios": {"catalog": "App/Icons.xcassets", "compact": true},
         "android": {"res": "android/res", "format": "png"},
         "web": {"folder": "web/icons"},
         "defaults": {"role": "tab-bar"},
         "rules": [{"match": "user.svg", "role": "toolbar"}]}
        """#.utf8
      ).write(to: folder.appendingPathComponent("glyphsmith.json"))
    }
    #expect(lines.last?.hasPrefix("built 1 icon") == true, "\(lines)")
    #expect(lines.last?.contains("; 8 unchanged;") == true, "\(lines)")
    #expect(planned() == "9 of 9 icons planned, layout made", "\(stats)")
    lines = try save("user", as: "camera")
    #expect(lines.first?.contains("; 8 unchanged;") == true, "\(lines)")
    #expect(planned() == "1 of 9 icons planned, layout reused", "\(stats)")
    // An asset made by hand that collides with an icon not saved (trial t36): a save
    // refuses it as `build` does, naming the other asset; mended, the next save builds.
    let handMade = catalog.appendingPathComponent("Mine/bell.imageset")
    try FileManager.default.createDirectory(at: handMade, withIntermediateDirectories: true)
    try Data(#"{"images": [], "info": {"author": "xcode", "version": 1}}"#.utf8)
      .write(to: handMade.appendingPathComponent("Contents.json"))
    lines = try save("heart", as: "camera")
    #expect(
      lines.contains {
        $0.hasPrefix("icons/bell.svg: error: ") && $0.contains("Mine/bell.imageset")
      }, "\(lines)")
    try FileManager.default.removeItem(at: catalog.appendingPathComponent("Mine"))
    lines = try save("heart", as: "bookmark")
    #expect(lines.first?.hasPrefix("built 1 icon (18 PNG files)") == true, "\(lines)")
    // A link to a file outside the icons folder renamed over an icon (trial t36): planned in
    // full, so the walk's rule skips it with its warning, as `build` does (the saved path
    // alone was built from the file outside).
    let outside = folder.appendingPathComponent("outside.svg")
    try FileManager.default.copyItem(at: sample.appendingPathComponent("bell.svg"), to: outside)
    lines = try step {
      let link = icons.appendingPathComponent(".heart.svg.tmp")
      try FileManager.default.createSymbolicLink(
        atPath: link.path, withDestinationPath: outside.path)
      #expect(rename(link.path, icons.appendingPathComponent("heart.svg").path) == 0)
    }
    #expect(
      lines.contains { $0.hasPrefix("icons/heart.svg: warning: skipped: a link to ") },
      "\(lines)")
    #expect(planned()?.hasSuffix("icons planned, layout made") == true, "\(stats)")
    lines = try step {
      let temporary = icons.appendingPathComponent(".heart.svg.tmp")
      try Data(contentsOf: sample.appendingPathComponent("calendar.svg")).write(to: temporary)
      #expect(rename(temporary.path, icons.appendingPathComponent("heart.svg").path) == 0)
    }
    #expect(lines.first?.hasPrefix("built 1 icon (18 PNG files)") == true, "\(lines)")
    #expect(watcher.stop(with: SIGTERM) == 143)

    let outputs = ["App", "android", "web"]
    let watched = outputs.map { snapshot(folder.appendingPathComponent($0)) }
    #expect(watched[0].count > 50)
    for output in outputs {
      try FileManager.default.removeItem(at: folder.appendingPathComponent(output))
    }
    let fresh = try CLIRunner.run(["build", "--quiet", "--jobs", "1"], in: folder)
    #expect(fresh.status == 0, "\(fresh.stderr)")
    for (index, output) in outputs.enumerated() {
      let built = snapshot(folder.appendingPathComponent(output))
      #expect(built.keys.sorted() == watched[index].keys.sorted(), "\(output)")
      for (path, bytes) in built where watched[index][path] != bytes {
        Issue.record("\(output)/\(path) differs from a fresh build's")
      }
    }
  }

  /// The live (not zombie) child processes of `pid`, from `/proc/*/stat`.
  static func children(of pid: Int32) -> Set<Int32> {
    var found: Set<Int32> = []
    for name in (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? [] {
      guard let child = Int32(name),
        let stat = try? String(contentsOfFile: "/proc/\(name)/stat", encoding: .utf8),
        let close = stat.range(of: ") ", options: .backwards)
      else { continue }
      // After the name: state, then the parent's id.
      let fields = stat[close.upperBound...].split(separator: " ")
      if fields.count > 1, fields[0] != "Z", Int32(fields[1]) == pid { found.insert(child) }
    }
    return found
  }

  /// Issue 36: a save is rendered by the worker the watcher kept from its last build, not by
  /// a new process each save; the worker is still isolated: one that crashes on a saved file
  /// is reported (the file's error) and a new one renders the next save, as is one found
  /// dead while idle (killed from outside); the kept worker ends with the watcher.
  @Test(.enabled(if: IsolationCLITests.faultsBuiltIn, IsolationCLITests.faultsNote))
  func savesKeepOneWorkerAndReplaceOneThatDied() throws {
    let folder = try Self.project()
    defer { try? FileManager.default.removeItem(at: folder) }
    let icons = folder.appendingPathComponent("icons")
    let sample = ProjectCLITests.sampleIcons
    let watcher = try Watcher(
      in: folder, environment: ["GLYPHSMITH_FAULT_INJECTION": "abort:GLYPHSMITH-FAULT"])
    defer { if watcher.process.isRunning { watcher.process.terminate() } }
    let pid = watcher.process.processIdentifier
    var count = 1
    var lines = watcher.waitForWatching(count)
    #expect(lines.first?.hasPrefix("built 1 icon (3 PNG files)") == true, "\(lines)")
    let first = Self.children(of: pid)
    #expect(first.count == 1, "the first build's worker is kept: \(first)")
    /// `bytes` saved as bell.svg as an editor saves; the lines the rebuild printed.
    func save(_ bytes: Data) throws -> [String] {
      let before = watcher.lines.count
      let temporary = icons.appendingPathComponent(".bell.svg.tmp")
      try bytes.write(to: temporary)
      #expect(rename(temporary.path, icons.appendingPathComponent("bell.svg").path) == 0)
      count += 1
      return Array(watcher.waitForWatching(count)[before...]).filter { !$0.hasPrefix("watching ") }
    }
    for source in ["heart", "star"] {
      lines = try save(Data(contentsOf: sample.appendingPathComponent(source + ".svg")))
      #expect(lines.first?.hasPrefix("built 1 icon (3 PNG files)") == true, "\(lines)")
      #expect(Self.children(of: pid) == first, "each save goes to the same worker")
    }
    // A file the worker crashes on: reported (after its second try in a new worker), and
    // neither crashed worker is kept.
    lines = try save(
      Data(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"8\" height=\"8\"><!--GLYPHSMITH-FAULT--><rect width=\"8\" height=\"8\"/></svg>"
          .utf8))
    #expect(
      lines.contains {
        $0 == "icons/bell.svg: error: the renderer crashed on this file (SIGABRT); check or simplify the file"
      }, "\(lines)")
    #expect(Self.children(of: pid).isEmpty)
    // The next save starts a new worker, which is kept in turn.
    lines = try save(Data(contentsOf: sample.appendingPathComponent("camera.svg")))
    #expect(lines.first?.hasPrefix("built 1 icon (3 PNG files)") == true, "\(lines)")
    let second = Self.children(of: pid)
    #expect(second.count == 1 && second.isDisjoint(with: first), "\(second) after \(first)")
    // Killed while idle: the next save is built by a new worker, with no error.
    for child in second { kill(child, SIGKILL) }
    lines = try save(Data(contentsOf: sample.appendingPathComponent("user.svg")))
    #expect(lines.count == 1 && lines.first?.hasPrefix("built 1 icon (3 PNG files)") == true, "\(lines)")
    let third = Self.children(of: pid)
    #expect(third.count == 1 && third.isDisjoint(with: second), "\(third) after \(second)")
    let png = folder.appendingPathComponent("I.xcassets/bell.imageset/bell@2x.png")
    #expect(FileManager.default.fileExists(atPath: png.path))
    #expect(watcher.stop(with: SIGTERM) == 143)
    // The kept worker ended with the watcher.
    for child in third {
      let stat = try? String(contentsOfFile: "/proc/\(child)/stat", encoding: .utf8)
      var state: String? = nil
      if let stat, let close = stat.range(of: ") ", options: .backwards) {
        state = String(stat[close.upperBound...].prefix(1))
      }
      #expect(state == nil || state == "Z", "worker \(child) outlived the watcher: \(stat ?? "")")
    }
  }

  /// A project folder with `icons/bell.svg` and a glyphsmith.json writing `I.xcassets`.
  static func project() throws -> URL {
    let folder = try temporaryFolder()
    let icons = folder.appendingPathComponent("icons")
    try FileManager.default.createDirectory(at: icons, withIntermediateDirectories: true)
    try FileManager.default.copyItem(
      at: ProjectCLITests.sampleIcons.appendingPathComponent("bell.svg"),
      to: icons.appendingPathComponent("bell.svg"))
    try Data(#"{"version": 1, "icons": "icons", "ios": {"catalog": "I.xcassets"}}"#.utf8)
      .write(to: folder.appendingPathComponent("glyphsmith.json"))
    return folder
  }

  /// Issue 33: the icons folder deleted and made again is watched anew and rebuilt (it used to
  /// say "watching" and never rebuild again); SIGTERM then ends it with 143.
  @Test func recreatedIconsFolderIsWatchedAnew() throws {
    let folder = try Self.project()
    defer { try? FileManager.default.removeItem(at: folder) }
    let icons = folder.appendingPathComponent("icons")
    let watcher = try Watcher(in: folder)
    defer { if watcher.process.isRunning { watcher.process.terminate() } }
    let first = watcher.waitForWatching(1)
    #expect(first.first?.hasPrefix("built 1 icon (3 PNG files)") == true, "\(first)")

    try FileManager.default.removeItem(at: icons)
    // The rebuild of the deletion names the missing folder, then watching goes on.
    let gone = watcher.waitFor { lines in
      guard let missing = lines.lastIndex(where: { $0.contains("is not there") }) else {
        return false
      }
      return lines[missing...].contains { $0.hasPrefix("watching ") }
    }
    #expect(
      gone.contains { $0.contains("the icons folder ('icons' in glyphsmith.json) is not there") },
      "\(gone)")

    let before = gone.count
    try FileManager.default.createDirectory(at: icons, withIntermediateDirectories: true)
    try FileManager.default.copyItem(
      at: ProjectCLITests.sampleIcons.appendingPathComponent("star.svg"),
      to: icons.appendingPathComponent("star.svg"))
    let back = watcher.waitFor { lines in
      lines.count > before
        && lines[before...].contains { $0.hasPrefix("built 1 icon (3 PNG files)") }
        && lines.last?.hasPrefix("watching ") == true
    }
    #expect(
      back.dropFirst(before).contains { $0.hasPrefix("built 1 icon (3 PNG files)") }, "\(back)")
    let set = folder.appendingPathComponent("I.xcassets/star.imageset")
    let pngs = try FileManager.default.contentsOfDirectory(atPath: set.path)
      .filter { $0.hasSuffix(".png") }
    #expect(pngs.count == 3, "\(pngs)")

    // And it still watches the new folder: one more icon is one more rebuild.
    let count = back.count
    try FileManager.default.copyItem(
      at: ProjectCLITests.sampleIcons.appendingPathComponent("user.svg"),
      to: icons.appendingPathComponent("user.svg"))
    let again = watcher.waitFor { lines in
      lines.count > count && lines[count...].contains { $0.hasPrefix("built 1 icon") }
        && lines.last?.hasPrefix("watching ") == true
    }
    #expect(
      again.dropFirst(count).contains { $0.hasPrefix("built 1 icon (3 PNG files)") }, "\(again)")
    #expect(
      FileManager.default.fileExists(
        atPath: folder.appendingPathComponent("I.xcassets/user.imageset/Contents.json").path))
    #expect(watcher.stop(with: SIGTERM) == 143)
  }

  /// Issue 33: Ctrl-C (SIGINT) in the middle of a rebuild exits 130 and SIGTERM 143 (both
  /// used to exit 0), and what the rebuild had written is whole: every PNG ends with its IEND
  /// chunk, every Contents.json parses, no staging file (`.NAME.tmp-...`) is left, and no
  /// worker writes on after the exit.
  @Test(arguments: [(SIGINT, Int32(130)), (SIGTERM, Int32(143))])
  func signalDuringARebuild(signal: Int32, status: Int32) throws {
    let folder = try Self.project()
    defer { try? FileManager.default.removeItem(at: folder) }
    let icons = folder.appendingPathComponent("icons")
    let catalog = folder.appendingPathComponent("I.xcassets")
    let watcher = try Watcher(in: folder, jobs: 2)
    defer { if watcher.process.isRunning { watcher.process.terminate() } }
    let first = watcher.waitForWatching(1)
    #expect(first.first?.hasPrefix("built 1 icon (3 PNG files)") == true, "\(first)")

    // 300 new icons: a rebuild of some seconds, interrupted once its first set is written.
    let star = try Data(contentsOf: ProjectCLITests.sampleIcons.appendingPathComponent("star.svg"))
    for index in 0..<300 {
      try star.write(to: icons.appendingPathComponent("burst-\(index).svg"))
    }
    func burstSets() -> [String] {
      ((try? FileManager.default.contentsOfDirectory(atPath: catalog.path)) ?? [])
        .filter { $0.hasPrefix("burst-") }
    }
    let deadline = Date().addingTimeInterval(120)
    while burstSets().isEmpty && Date() < deadline { usleep(2_000) }
    #expect(!burstSets().isEmpty, "the rebuild wrote nothing within 120 s: \(watcher.lines)")
    #expect(watcher.stop(with: signal) == status, "\(watcher.lines)")
    let atExit = burstSets().count
    #expect(atExit < 300, "the rebuild had finished before the signal: \(atExit) sets")
    #expect(!watcher.lines.contains { $0.hasPrefix("built 301") }, "\(watcher.lines)")

    // No worker goes on writing once the build has exited (0.5 s is the time a worker would
    // need for a few more sets; nothing is waited for here, the absence is the point).
    usleep(500_000)
    #expect(burstSets().count == atExit)

    let iend: [UInt8] = [0x49, 0x45, 0x4E, 0x44, 0xAE, 0x42, 0x60, 0x82]
    let walker = FileManager.default.enumerator(atPath: folder.path)
    var pngs = 0
    while let path = walker?.nextObject() as? String {
      let name = (path as NSString).lastPathComponent
      #expect(!name.contains(".tmp-") && !name.contains(".old-"), "staging left: \(path)")
      let url = folder.appendingPathComponent(path)
      if name.hasSuffix(".png") {
        pngs += 1
        let bytes = [UInt8](try Data(contentsOf: url))
        #expect(bytes.count > 8 && Array(bytes.suffix(8)) == iend, "half-written: \(path)")
      } else if name == "Contents.json" {
        #expect(
          (try? JSONSerialization.jsonObject(with: Data(contentsOf: url))) != nil,
          "half-written: \(path)")
      }
    }
    #expect(pngs == 3 * (atExit + 1), "\(pngs) PNG files for \(atExit + 1) sets")
  }
}
