import Foundation
import Glyphsmith
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// Issue 32, eighth trial, finding 2: a run killed while re-rendering outputs its record
/// already lists (other settings, same sources) left the old hashes in the record, so the next
/// run called Glyphsmith's own new files "changed since glyphsmith wrote them" and kept the
/// sets of icons deleted meanwhile. The journal now drops those hashes before the outputs are
/// replaced (`OutputManifest.replacing`).
@Suite("A run killed while replacing recorded outputs")
struct TrialEightJournalCLITests {
  static let names = (0..<6).map { String(format: "icon-%02d", $0) }

  /// `icon-05` (the last) carries the fault marker: with `GLYPHSMITH_FAULT_INJECTION=hang:FAULT`
  /// its worker hangs while the others are written, so the build is killed at a known moment.
  static func svg(_ index: Int) -> String {
    JournalCLITests.iconSVG(index).replacingOccurrences(
      of: "<circle", with: index == 5 ? "<!--FAULT--><circle" : "<circle")
  }

  /// The processes whose working folder is `folder` (the build and its workers), from /proc.
  static func processes(in folder: URL) -> [Int32] {
    let real = folder.resolvingSymlinksInPath().path
    let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
    return entries.compactMap(Int32.init).filter {
      (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/\($0)/cwd")) == real
    }
  }

  /// Runs `glyphsmith ARGUMENTS` in `folder` under `GLYPHSMITH_FAULT_INJECTION=FAULT`
  /// (`hang:FAULT`: the marked icon's worker hangs), waits until `done()` holds (at most 120
  /// s), then kills the run and its workers with SIGKILL, as a CI timeout or the OOM killer
  /// would: the folder is left as the killed run left it. Expects the run to be still running
  /// when killed, and `done()` to hold.
  static func killedRun(
    _ arguments: [String], in folder: URL, fault: String, until done: () -> Bool
  ) throws {
    let process = Process()
    process.executableURL = CLIRunner.executable
    process.arguments = arguments
    process.currentDirectoryURL = folder
    process.environment = ProcessInfo.processInfo.environment.merging(
      ["GLYPHSMITH_FAULT_INJECTION": fault]) { $1 }
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    try process.run()
    let deadline = Date().addingTimeInterval(120)
    while !done() && Date() < deadline && process.isRunning {
      Thread.sleep(forTimeInterval: 0.05)
    }
    #expect(process.isRunning, "the run ended before it was killed")
    // The run and its workers (the hanging one never ends by itself).
    for pid in processes(in: folder) { kill(pid, SIGKILL) }
    process.waitUntilExit()
    #expect(done())
  }

  static func config(scales: String) -> String {
    """
    {"version": 1, "icons": "icons", "ios": {"catalog": "App/Icons.xcassets"\(scales)}}
    """
  }

  static func project(_ names: [String], scales: String) throws -> URL {
    let folder = try temporaryFolder()
    let icons = folder.appendingPathComponent("icons")
    try FileManager.default.createDirectory(at: icons, withIntermediateDirectories: true)
    for name in names {
      try Data(svg(Self.names.firstIndex(of: name)!).utf8).write(
        to: icons.appendingPathComponent(name + ".svg"))
    }
    try Data(config(scales: scales).utf8).write(
      to: folder.appendingPathComponent("glyphsmith.json"))
    return folder
  }

  static func catalog(_ folder: URL) -> [String: Data] {
    JournalCLITests.tree(folder.appendingPathComponent("App"))
  }

  @Test func aBuildKilledWhileReRenderingRecordedSetsLeavesNoStaleHashes() throws {
    try #require(IsolationCLITests.faultsBuiltIn, IsolationCLITests.faultsNote)
    let folder = try Self.project(Self.names, scales: #", "scales": [2, 3]"#)
    defer { try? FileManager.default.removeItem(at: folder) }
    let first = try CLIRunner.run(["build", "--quiet"], in: folder)
    #expect(first.status == 0, "\(first.stderr)")
    let catalog = folder.appendingPathComponent("App/Icons.xcassets")
    #expect(
      !FileManager.default.fileExists(
        atPath: catalog.appendingPathComponent("icon-03.imageset/icon-03.png").path))
    // Other settings (every scale): every set is re-rendered over its recorded self.
    try Data(Self.config(scales: "").utf8).write(
      to: folder.appendingPathComponent("glyphsmith.json"))
    // Killed once every set but the hanging icon-05's is written anew (its 1x PNG there).
    try Self.killedRun(
      ["build", "--quiet", "--timeout", "300"], in: folder, fault: "hang:FAULT"
    ) {
      Self.names.dropLast().allSatisfy {
        FileManager.default.fileExists(
          atPath: catalog.appendingPathComponent("\($0).imageset/\($0).png").path)
      }
    }
    // The record the killed run left hashes none of the sets it was replacing.
    let record = try String(
      contentsOf: catalog.appendingPathComponent(OutputManifest.fileName), encoding: .utf8)
    #expect(JournalCLITests.hashedFiles(record) == [])
    for name in ["icon-01", "icon-02"] {
      try FileManager.default.removeItem(at: folder.appendingPathComponent("icons/\(name).svg"))
    }
    let rerun = try CLIRunner.run(["build"], in: folder)
    #expect(rerun.status == 0, "\(rerun.stderr)")
    #expect(
      rerun.stderr.split(separator: "\n").prefix(2) == [
        "App/Icons.xcassets/icon-01.imageset: removed (its source icons/icon-01.svg is gone)",
        "App/Icons.xcassets/icon-02.imageset: removed (its source icons/icon-02.svg is gone)",
      ], "\(rerun.stderr)")
    #expect(!rerun.stderr.contains("changed since"), "\(rerun.stderr)")
    let reference = try Self.project(
      Self.names.filter { !["icon-01", "icon-02"].contains($0) }, scales: "")
    defer { try? FileManager.default.removeItem(at: reference) }
    #expect(try CLIRunner.run(["build", "--quiet"], in: reference).status == 0)
    let clean = Self.catalog(reference)
    #expect(clean.count == 18)
    #expect(JournalCLITests.differences(Self.catalog(folder), clean) == [])
    // A rerun says nothing changed by hand.
    let again = try CLIRunner.run(["build"], in: folder)
    #expect(again.status == 0)
    #expect(!again.stderr.contains("changed since"), "\(again.stderr)")
  }
}

/// Issue 32, eighth trial, finding 3: `"android": {"res": "/res"}` (Android alone) wrote into
/// `/res` with no record anywhere, and `"../res"` kept its record in the project's parent:
/// Android's output folder (the one holding `res`) is checked as the others' are.
@Suite("Android's output folder is a folder of its own")
struct TrialEightAndroidFolderCLITests {
  @Test(arguments: [
    ("/res", "the root folder"),
    ("../res", "a folder holding glyphsmith.json"),
  ])
  func androidResWhoseFolderIsNotOneOfItsOwnIsRefused(value: String, what: String) throws {
    let folder = try OwnershipCLITests.project(
      #"{"version": 1, "icons": "icons", "android": {"res": "\#(value)", "format": "png"}}"#,
      icons: ["bell"])
    defer { try? FileManager.default.removeItem(at: folder) }
    let before = try ProjectCLITests.snapshot(folder)
    let run = try CLIRunner.run(["build"], in: folder)
    #expect(run.status == 2)
    #expect(
      run.stderr
        == "glyphsmith.json: error: invalid glyphsmith.json: 'android.res' is '\(value)', so Android's output folder (the folder holding res, where its record of outputs is kept and pruned from) is \(what); an output folder must be a folder of its own, since glyphsmith writes and prunes what it makes there (such as \"App/Icons.xcassets\", \"android/src/main/res\", \"web/icons\"); see docs/project.md\n"
    )
    #expect(try ProjectCLITests.snapshot(folder) == before)
    #expect(!FileManager.default.fileExists(atPath: "/res/drawable-mdpi/bell.png"))
  }

  @Test func androidResBesideTheProjectFileStaysAllowed() throws {
    let folder = try OwnershipCLITests.project(
      #"{"version": 1, "icons": "icons", "android": {"res": "res", "format": "png"}}"#,
      icons: ["bell"])
    defer { try? FileManager.default.removeItem(at: folder) }
    let run = try CLIRunner.run(["build", "--quiet"], in: folder)
    #expect(run.status == 0, "\(run.stderr)")
    #expect(
      FileManager.default.fileExists(
        atPath: folder.appendingPathComponent("res/drawable-mdpi/bell.png").path))
  }
}

/// Issue 32, eighth trial, finding 1: in an output folder without a record, marked copies in
/// places this run does not write (other qualifier folders) were removed as "no icon makes it
/// now" though their icon is in the run; without `--adopt-marked` they are kept and named.
@Suite("Marked copies in other places of a folder without a record")
struct TrialEightMarkedCopiesCLITests {
  @Test func markedDrawableCopiesInOtherQualifierFoldersAreKept() throws {
    let folder = try OwnershipCLITests.project(
      #"{"version": 1, "icons": "icons", "android": {"res": "android/res", "format": "png"}}"#,
      icons: ["bell", "heart"])
    defer { try? FileManager.default.removeItem(at: folder) }
    #expect(try CLIRunner.run(["build", "--quiet"], in: folder).status == 0)
    let res = folder.appendingPathComponent("android/res")
    let bell = try Data(contentsOf: res.appendingPathComponent("drawable-mdpi/bell.png"))
    let copies = ["drawable-night", "drawable-en", "drawable-mdpi-v26", "drawable-nodpi"]
    for name in copies {
      try FileManager.default.createDirectory(
        at: res.appendingPathComponent(name), withIntermediateDirectories: true)
      try bell.write(to: res.appendingPathComponent(name + "/bell.png"))
    }
    try FileManager.default.removeItem(
      at: folder.appendingPathComponent("android/" + OutputManifest.fileName))
    let run = try CLIRunner.run(["build"], in: folder)
    #expect(run.status == 0, "\(run.stderr)")
    #expect(!run.stderr.contains("removed ("), "\(run.stderr)")
    for name in copies {
      #expect(
        try Data(contentsOf: res.appendingPathComponent(name + "/bell.png")) == bell, "\(name)")
      #expect(run.stderr.contains("android/res/\(name)/bell.png"), "\(name): \(run.stderr)")
    }
  }
}
