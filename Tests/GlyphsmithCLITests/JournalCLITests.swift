import Foundation
import Glyphsmith
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// Issue 32, part 2: the record of outputs is a journal. A build killed with SIGKILL, then
/// icons deleted and a rebuild: the tree equals a clean build byte for byte (the small
/// version of `scripts/crash-test`). A record that cannot be written stops the run before
/// anything is written or removed; a full disk the same (on a tmpfs, when the test can mount
/// one). Prune adopts the marked sets of a catalog made before records existed.
@Suite("The record of outputs is a journal")
struct JournalCLITests {
  static let config = """
    {"version": 1, "icons": "icons", "ios": {"catalog": "App/Icons.xcassets"},
     "android": {"res": "android/res"}}
    """

  /// 30 distinct generated icons, `icon-00.svg` to `icon-29.svg`.
  static let iconNames = (0..<30).map { String(format: "icon-%02d", $0) }

  static func iconSVG(_ index: Int) -> String {
    let (x, y) = (3 + index % 6 * 3, 3 + index / 6 * 3)
    return """
      <svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24" fill="none" stroke="black" stroke-width="2"><circle cx="12" cy="12" r="\(4 + index % 7)"/><rect x="\(x)" y="\(y)" width="5" height="\(3 + index % 4)"/></svg>
      """
  }

  /// A project folder with `names` of the generated icons.
  static func project(_ names: [String] = iconNames) throws -> URL {
    let folder = try temporaryFolder()
    let icons = folder.appendingPathComponent("icons")
    try FileManager.default.createDirectory(at: icons, withIntermediateDirectories: true)
    for name in names {
      let index = iconNames.firstIndex(of: name)!
      try Data(iconSVG(index).utf8).write(to: icons.appendingPathComponent(name + ".svg"))
    }
    try Data(config.utf8).write(to: folder.appendingPathComponent("glyphsmith.json"))
    return folder
  }

  /// Every file below `folder` (relative path) with its bytes.
  static func tree(_ folder: URL) -> [String: Data] {
    var files: [String: Data] = [:]
    guard let walker = FileManager.default.enumerator(atPath: folder.path) else { return [:] }
    while let relative = walker.nextObject() as? String {
      var isFolder: ObjCBool = false
      let path = folder.appendingPathComponent(relative).path
      if FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), !isFolder.boolValue {
        files[relative] = FileManager.default.contents(atPath: path)
      }
    }
    return files
  }

  /// The relative paths where two trees differ (missing on one side, or other bytes).
  static func differences(_ a: [String: Data], _ b: [String: Data]) -> [String] {
    Set(a.keys).union(b.keys).filter { a[$0] != b[$0] }.sorted()
  }

  /// The processes whose parent is `pid` (the build's workers), from /proc.
  static func children(of pid: Int32) -> [Int32] {
    let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
    return entries.compactMap(Int32.init).filter { child in
      guard let stat = try? String(contentsOfFile: "/proc/\(child)/stat", encoding: .utf8),
        let close = stat.range(of: ")", options: .backwards)
      else { return false }
      let fields = stat[close.upperBound...].split(separator: " ")
      return fields.count > 2 && Int32(fields[1]) == pid
    }
  }

  /// Runs `build --quiet` in `folder` and kills it with SIGKILL after `seconds`; waits for
  /// its workers to go. Returns whether it was still running when killed.
  static func killedBuild(in folder: URL, after seconds: Double) throws -> Bool {
    let process = Process()
    process.executableURL = CLIRunner.executable
    process.arguments = ["build", "--quiet"]
    process.currentDirectoryURL = folder
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    try process.run()
    Thread.sleep(forTimeInterval: seconds)
    let workers = children(of: process.processIdentifier)
    let running = process.isRunning
    kill(process.processIdentifier, SIGKILL)
    process.waitUntilExit()
    let deadline = Date().addingTimeInterval(30)
    while workers.contains(where: { kill($0, 0) == 0 }) && Date() < deadline {
      Thread.sleep(forTimeInterval: 0.05)
    }
    return running
  }

  static let deleted = ["icon-03", "icon-17", "icon-28"]

  /// A record's text without its `"hashes"` block (the SHA-256 of each file written, which
  /// the tests that compare records byte for byte check apart: `hashedFiles`).
  static func withoutHashes(_ text: String?) -> String? {
    text?.replacing(#/\n  "hashes" : \{\n(    .*\n)*  \},/#, with: "")
  }

  /// The files a record's `"hashes"` lists, sorted.
  static func hashedFiles(_ text: String?) -> [String] {
    guard let data = text.map({ Data($0.utf8) }),
      let json = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
      let hashes = json["hashes"] as? [String: String]
    else { return [] }
    return hashes.keys.sorted()
  }

  /// The output tree of a clean build of the icons that remain after `deleted`, and its time.
  static func reference() throws -> (tree: [String: Data], seconds: Double) {
    let folder = try project(iconNames.filter { !deleted.contains($0) })
    defer { try? FileManager.default.removeItem(at: folder) }
    let started = Date()
    let result = try CLIRunner.run(["build", "--quiet"], in: folder)
    #expect(result.status == 0, "\(result.stderr)")
    return (outputs(folder), Date().timeIntervalSince(started))
  }

  /// The output folders' files (records included), keyed `App/...` and `android/...`.
  static func outputs(_ folder: URL) -> [String: Data] {
    var files: [String: Data] = [:]
    for name in ["App", "android"] {
      for (path, data) in tree(folder.appendingPathComponent(name).resolvingSymlinksInPath()) {
        files[name + "/" + path] = data
      }
    }
    return files
  }

  @Test func aBuildKilledAtThreeMomentsThenIconsDeletedConvergesToACleanBuild() throws {
    let (clean, seconds) = try Self.reference()
    #expect(clean.keys.contains("App/Icons.xcassets/.glyphsmith-outputs.json"))
    #expect(clean.keys.contains("android/.glyphsmith-outputs.json"))
    var killedMidway = 0
    for share in [0.15, 0.4, 0.7] {
      let folder = try Self.project()
      defer { try? FileManager.default.removeItem(at: folder) }
      if try Self.killedBuild(in: folder, after: seconds * share) { killedMidway += 1 }
      for name in Self.deleted {
        try FileManager.default.removeItem(
          at: folder.appendingPathComponent("icons/\(name).svg"))
      }
      let rerun = try CLIRunner.run(["build", "--quiet"], in: folder)
      #expect(rerun.status == 0, "\(rerun.stderr)")
      #expect(Self.differences(Self.outputs(folder), clean) == [], "killed at \(share)")
    }
    #expect(killedMidway >= 1, "no kill landed while the build was running")
  }

  @Test func aKilledFirstBuildLeavesAPendingRecordThatTheNextRunPrunesFrom() throws {
    let folder = try Self.project(["icon-00", "icon-01", "icon-02"])
    defer { try? FileManager.default.removeItem(at: folder) }
    // A killed run is simulated by the record it leaves: every planned output pending.
    let first = try CLIRunner.run(["build", "--quiet"], in: folder)
    #expect(first.status == 0)
    let recordURL = folder.appendingPathComponent("App/Icons.xcassets/.glyphsmith-outputs.json")
    let confirmed = try String(contentsOf: recordURL, encoding: .utf8)
    #expect(
      Self.hashedFiles(confirmed) == (0..<3).flatMap { index in
        ["Contents.json", "icon-0\(index).png", "icon-0\(index)@2x.png", "icon-0\(index)@3x.png"]
          .map { "icon-0\(index).imageset/" + $0 }
      })
    #expect(
      Self.withoutHashes(confirmed) == """
        {
          "folders" : {
            "android" : "../../android",
            "ios" : "."
          },
          "outputs" : {
            "icon-00.imageset" : "../../icons/icon-00.svg",
            "icon-01.imageset" : "../../icons/icon-01.svg",
            "icon-02.imageset" : "../../icons/icon-02.svg"
          },
          "project" : "../../glyphsmith.json",
          "version" : 1
        }

        """)
    let pending = """
      {
        "outputs" : {

        },
        "pending" : {
          "icon-00.imageset" : "../../icons/icon-00.svg",
          "icon-01.imageset" : "../../icons/icon-01.svg",
          "icon-02.imageset" : "../../icons/icon-02.svg"
        },
        "version" : 1
      }
      """
    try Data(pending.utf8).write(to: recordURL)
    try FileManager.default.removeItem(at: folder.appendingPathComponent("icons/icon-01.svg"))
    let second = try CLIRunner.run(["build"], in: folder)
    #expect(second.status == 0)
    #expect(
      second.stderr.split(separator: "\n").first
        == "App/Icons.xcassets/icon-01.imageset: removed (its source icons/icon-01.svg is gone)")
    #expect(
      Self.withoutHashes(try String(contentsOf: recordURL, encoding: .utf8)) == """
        {
          "folders" : {
            "android" : "../../android",
            "ios" : "."
          },
          "outputs" : {
            "icon-00.imageset" : "../../icons/icon-00.svg",
            "icon-02.imageset" : "../../icons/icon-02.svg"
          },
          "project" : "../../glyphsmith.json",
          "version" : 1
        }

        """)
  }

  @Test func aRecordThatCannotBeWrittenStopsTheRunBeforeAnythingIsWrittenOrRemoved() throws {
    let folder = try Self.project(["icon-00", "icon-01"])
    defer { try? FileManager.default.removeItem(at: folder) }
    #expect(try CLIRunner.run(["build", "--quiet"], in: folder).status == 0)
    let before = Self.outputs(folder)
    // icon-01 deleted (its outputs would be pruned), icon-02 added (it must be recorded).
    try FileManager.default.removeItem(at: folder.appendingPathComponent("icons/icon-01.svg"))
    try Data(Self.iconSVG(2).utf8).write(
      to: folder.appendingPathComponent("icons/icon-02.svg"))
    // The Android record cannot be replaced: a folder stands in its place.
    let record = folder.appendingPathComponent("android/.glyphsmith-outputs.json")
    try FileManager.default.removeItem(at: record)
    try FileManager.default.createDirectory(
      at: record.appendingPathComponent("in-the-way"), withIntermediateDirectories: true)
    let result = try CLIRunner.run(["build", "--quiet"], in: folder)
    #expect(result.status == 2)
    #expect(
      result.stderr
        == "android/.glyphsmith-outputs.json: error: cannot write: is a folder; give a file name\n")
    // Nothing removed, nothing written (the catalog's record, written first, lists icon-02
    // as pending).
    var after = Self.outputs(folder)
    let catalogRecord = "App/Icons.xcassets/.glyphsmith-outputs.json"
    let journal = try JSONSerialization.jsonObject(with: after[catalogRecord] ?? Data())
    #expect(
      (journal as? [String: Any])?["pending"] as? [String: String]
        == ["icon-02.imageset": "../../icons/icon-02.svg"])
    after[catalogRecord] = before[catalogRecord]
    var expected = before
    expected["android/.glyphsmith-outputs.json"] = nil
    #expect(Self.differences(after, expected) == [])
  }

  /// Whether this process can mount a tmpfs (root, with CAP_SYS_ADMIN): the CI VM can.
  static let canMount: Bool = {
    guard getuid() == 0, let folder = try? temporaryFolder() else { return false }
    defer { try? FileManager.default.removeItem(at: folder) }
    guard (try? run(["mount", "-t", "tmpfs", "-o", "size=64k", "tmpfs", folder.path])) == 0
    else { return false }
    _ = try? run(["umount", folder.path])
    return true
  }()

  @discardableResult
  static func run(_ command: [String]) throws -> Int32 {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = command
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    try process.run()
    process.waitUntilExit()
    return process.terminationStatus
  }

  @Test(
    .enabled(if: canMount, "needs root to mount a tmpfs (mount -t tmpfs); the CI VM runs as root"))
  func aFullDiskStopsTheRunBeforeAnyWriteAndTheRerunConverges() throws {
    let (clean, _) = try Self.reference()
    let folder = try Self.project()
    defer { try? FileManager.default.removeItem(at: folder) }
    let disk = folder.appendingPathComponent("out")
    try FileManager.default.createDirectory(at: disk, withIntermediateDirectories: true)
    #expect(try Self.run(["mount", "-t", "tmpfs", "-o", "size=4096k", "tmpfs", disk.path]) == 0)
    defer { _ = try? Self.run(["umount", disk.path]) }
    for name in ["App", "android"] {
      try FileManager.default.createDirectory(
        at: disk.appendingPathComponent(name), withIntermediateDirectories: true)
      try FileManager.default.createSymbolicLink(
        atPath: folder.appendingPathComponent(name).path, withDestinationPath: "out/" + name)
    }
    let filler = disk.appendingPathComponent("filler")
    try Self.run(["dd", "if=/dev/zero", "of=" + filler.path, "bs=64k"])
    let full = try CLIRunner.run(["build", "--quiet"], in: folder)
    #expect(full.status == 2)
    #expect(
      full.stderr
        == "App/Icons.xcassets/.glyphsmith-outputs.json: error: cannot write: no space left on device\n"
    )
    #expect(Self.outputs(folder) == [:])
    try FileManager.default.removeItem(at: filler)
    for name in Self.deleted {
      try FileManager.default.removeItem(at: folder.appendingPathComponent("icons/\(name).svg"))
    }
    let rerun = try CLIRunner.run(["build", "--quiet"], in: folder)
    #expect(rerun.status == 0, "\(rerun.stderr)")
    // The records' sources are relative to each folder's real path (the tmpfs, one folder
    // deeper than the links), so they are compared as the files they name.
    let outputs = Self.outputs(folder)
    #expect(
      Self.differences(outputs, clean).filter { !$0.hasSuffix(OutputManifest.fileName) } == [])
    for name in ["App/Icons.xcassets", "android"] {
      let path = name + "/" + OutputManifest.fileName
      let reference = URL(fileURLWithPath: "/reference")
      #expect(
        try Self.sources(outputs[path], in: name, project: folder)
          == Self.sources(clean[path], in: name, project: reference))
    }
  }

  // Found by the new-user trial: a disk that fills midway printed one error per output (272).
  // The first is told, then one error naming how many more and the folder; the report keeps
  // every failure, and the exit code is 2 as before.
  @Test func aFullDiskIsToldOnceWithHowManyMoreFailed() {
    func full(_ path: String) -> BatchNotice {
      .failure(
        .writeFailed(
          path: path, reason: "cannot write \(path)/.x.tmp-1-1: no space left on device"))
    }
    let warning = BatchNotice.diagnostic(
      .warning("w", path: "icons/a.svg", kind: Diagnostic.Kind.outputRecord))
    let other = BatchNotice.failure(.writeFailed(path: "out/web/b", reason: "permission denied"))
    let notices = [
      warning, full("out/App/I.xcassets/a.imageset"), other,
      full("out/android/res/drawable-mdpi/b.png"), full("out/web/c"),
    ]
    #expect(
      BatchNotice.summarisingFullDisk(notices) == [
        warning, full("out/App/I.xcassets/a.imageset"),
        .failure(
          .writeFailed(
            path: "out",
            reason:
              "2 more outputs: no space left on device; free space on the disk holding out and build again"
          )), other,
      ])
    // One alone is told as it is.
    #expect(BatchNotice.summarisingFullDisk([warning, full("out/web/c")]) == [warning, full("out/web/c")])
    #expect(BatchNotice.commonFolder(["a/b/c.png", "a/b/d/e.png"]) == "a/b")
    #expect(BatchNotice.commonFolder(["App/x.imageset", "android/res/y.png"]) == ".")
  }

  @Test(
    .enabled(if: canMount, "needs root to mount a tmpfs (mount -t tmpfs); the CI VM runs as root"))
  func aDiskThatFillsMidwayPrintsOneErrorAndASummary() throws {
    let folder = try Self.project()
    defer { try? FileManager.default.removeItem(at: folder) }
    let disk = folder.appendingPathComponent("out")
    try FileManager.default.createDirectory(at: disk, withIntermediateDirectories: true)
    #expect(try Self.run(["mount", "-t", "tmpfs", "-o", "size=4096k", "tmpfs", disk.path]) == 0)
    defer { _ = try? Self.run(["umount", disk.path]) }
    try Data(
      #"{"version": 1, "icons": "icons", "ios": {"catalog": "out/App/Icons.xcassets"}, "android": {"res": "out/android/res"}}"#
        .utf8
    ).write(to: folder.appendingPathComponent("glyphsmith.json"))
    // 96 KiB left: the journals fit, the 270 outputs do not.
    let filler = disk.appendingPathComponent("filler")
    try Self.run(["dd", "if=/dev/zero", "of=" + filler.path, "bs=4k", "count=1000"])
    let result = try CLIRunner.run(["build", "--jobs", "1", "--json"], in: folder)
    #expect(result.status == 2)
    let report = try #require(try JSONSerialization.jsonObject(with: result.stdout) as? [String: Any])
    let inputs = try #require(report["inputs"] as? [[String: Any]])
    let failed = inputs.filter { $0["status"] as? String == "failed" }.count
    #expect(failed > 1)
    let lines = result.stderr.split(separator: "\n").map(String.init)
    let full = lines.filter { $0.hasSuffix("no space left on device") || $0.contains("no space left on device;") }
    // Each icon fails at its first output, its image set (`--jobs 1`): the folder holding
    // them all is the catalog.
    let summary =
      "out/App/Icons.xcassets: error: cannot write: \(failed - 1) more output\(failed == 2 ? "" : "s"): no space left on device; free space on the disk holding out/App/Icons.xcassets and build again"
    // The first output, the summary right after it, and the record that could not be
    // confirmed: three lines, not one per output.
    #expect(full.count == 3, "\(result.stderr)")
    #expect(full.count == 3 && full[0].contains(": error: cannot write: cannot write out/"))
    #expect(full.count == 3 && full[1] == summary, "\(full)")
    #expect(full.count == 3 && full[2].hasSuffix("/.glyphsmith-outputs.json: error: cannot write: no space left on device"))
  }

  /// The record `data` of the folder `name` of the project `project` with each source as
  /// the path it names (from the folder's real path) relative to the project.
  static func sources(_ data: Data?, in name: String, project: URL) throws -> [String: String] {
    let object = try JSONSerialization.jsonObject(with: try #require(data)) as! [String: Any]
    let outputs = object["outputs"] as? [String: String] ?? [:]
    let root = project.resolvingSymlinksInPath().path
    let real = URL(
      fileURLWithPath: project.appendingPathComponent(name).resolvingSymlinksInPath().path,
      isDirectory: true)
    return outputs.mapValues {
      let named = URL(fileURLWithPath: $0, relativeTo: real).standardizedFileURL.path
      return named.hasPrefix(root + "/") ? String(named.dropFirst(root.count + 1)) : named
    }
  }

  @Test func pruneAdoptsTheMarkedSetsOfACatalogMadeBeforeRecords() throws {
    let folder = try OwnershipCLITests.project("{}")
    defer { try? FileManager.default.removeItem(at: folder) }
    let catalog = folder.appendingPathComponent("I.xcassets")
    let plain = try CLIRunner.run(["assets", "icons", "-o", "I.xcassets", "--quiet"], in: folder)
    #expect(plain.status == 0)
    // As a version before records left it: plain `assets` keeps a record now.
    try FileManager.default.removeItem(
      at: catalog.appendingPathComponent(OutputManifest.fileName))
    // A set made by hand (no mark) and a user's file in a set Glyphsmith made.
    let hand = catalog.appendingPathComponent("hand.imageset")
    try OwnershipCLITests.write(
      #"{"images":[],"info":{"author":"me","version":1}}"#,
      to: hand.appendingPathComponent("Contents.json"))
    try OwnershipCLITests.write("mine", to: hand.appendingPathComponent("hand.png"))
    try OwnershipCLITests.write(
      "notes", to: catalog.appendingPathComponent("heart.imageset/notes.txt"))
    try FileManager.default.removeItem(at: folder.appendingPathComponent("icons/heart.svg"))
    try FileManager.default.removeItem(at: folder.appendingPathComponent("icons/camera.svg"))
    // Adopted with --adopt-marked only (trial finding 6: AdoptMarkedCLITests).
    let prune = try CLIRunner.run(
      ["assets", "icons", "-o", "I.xcassets", "--prune", "--adopt-marked", "--quiet"], in: folder)
    #expect(prune.status == 0)
    #expect(
      prune.stderr.split(separator: "\n").map(String.init) == [
        "I.xcassets/camera.imageset: removed (it carries glyphsmith's mark in a folder that had no record of outputs, as older versions left them; no icon makes it now)",
        "I.xcassets/heart.imageset: kept, not removed (no icon makes it now; glyphsmith removed its own files, and notes.txt in it is not glyphsmith's)",
        "I.xcassets/heart.imageset: warning: kept for notes.txt, which glyphsmith did not make; its own files are removed, so it has no Contents.json and is no asset (validate warns alike: kept-set); move it out and the next run removes the folder",
      ])
    #expect(
      OwnershipCLITests.names(catalog) == [
        ".glyphsmith-outputs.json", "Contents.json", "bell.imageset", "hand.imageset",
        "heart.imageset",
      ])
    #expect(
      OwnershipCLITests.names(catalog.appendingPathComponent("heart.imageset")) == ["notes.txt"])
    #expect(OwnershipCLITests.names(hand) == ["Contents.json", "hand.png"])
    #expect(
      Self.withoutHashes(OwnershipCLITests.read(catalog.appendingPathComponent(OutputManifest.fileName))) == """
        {
          "kept" : [
            "heart.imageset"
          ],
          "outputs" : {
            "bell.imageset" : "../icons/bell.svg"
          },
          "version" : 1
        }

        """)
  }

  @Test func goldenCheckFailsOnAnIconDeletedFromACatalogMadeBeforeRecords() throws {
    let folder = try OwnershipCLITests.project("{}")
    defer { try? FileManager.default.removeItem(at: folder) }
    #expect(
      try CLIRunner.run(["assets", "icons", "-o", "I.xcassets", "--quiet"], in: folder).status == 0)
    #expect(
      try CLIRunner.run(["golden", "record", "I.xcassets", "golden"], in: folder).status == 0)
    try FileManager.default.removeItem(at: folder.appendingPathComponent("icons/camera.svg"))
    let prune = try CLIRunner.run(
      ["assets", "icons", "-o", "I.xcassets", "--prune", "--quiet"], in: folder)
    #expect(prune.status == 0)
    let check = try CLIRunner.run(["golden", "check", "I.xcassets", "golden"], in: folder)
    #expect(check.status == 1)
    #expect(
      (check.stdoutText + check.stderr).split(separator: "\n").filter { $0.contains("camera") }
        .map(String.init).sorted()
        == ["camera.png", "camera@2x.png", "camera@3x.png"].map {
          "golden/camera.imageset/\($0): error: golden has no actual image; prune the golden if the image is gone; accept: glyphsmith golden record I.xcassets golden --only camera.imageset/\($0) --prune"
        })
  }
}
