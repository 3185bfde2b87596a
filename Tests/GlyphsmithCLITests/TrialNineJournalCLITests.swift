import Foundation
import Glyphsmith
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// Issue 32, ninth trial, faults A, B and E: under `"replacing"` exactly two contents of a
/// file are Glyphsmith's, the old recorded one and the one the run journalled before putting
/// it in place (`OutputManifest.journalReplacements`); a third is the user's, kept and named.
/// A worker that dies in a run that carries on leaves its replaced files hashed as they are.
/// A staging folder a killed run left holding a half-written file of its own is removed.
@Suite("The ninth trial's journal faults")
struct TrialNineJournalCLITests {
  typealias Eight = TrialEightJournalCLITests

  /// Builds `Eight.names` with scales 2 and 3, then with every scale under
  /// `GLYPHSMITH_FAULT_INJECTION=hang:FAULT` (icon-05 hangs), killed once every other set is
  /// written anew: the folder as the killed run left it.
  static func killedReRender() throws -> URL {
    let folder = try Eight.project(Eight.names, scales: #", "scales": [2, 3]"#)
    let first = try CLIRunner.run(["build", "--quiet"], in: folder)
    #expect(first.status == 0, "\(first.stderr)")
    try Data(Eight.config(scales: "").utf8).write(
      to: folder.appendingPathComponent("glyphsmith.json"))
    let catalog = folder.appendingPathComponent("App/Icons.xcassets")
    try Eight.killedRun(
      ["build", "--quiet", "--timeout", "300"], in: folder, fault: "hang:FAULT"
    ) {
      Eight.names.dropLast().allSatisfy {
        FileManager.default.fileExists(
          atPath: catalog.appendingPathComponent("\($0).imageset/\($0).png").path)
      }
    }
    return folder
  }

  /// A: the user edits a file the killed run had replaced (its mark kept: another marked PNG's
  /// bytes), then deletes its icon: the set is kept with the edited file, named as changed,
  /// while a deleted icon's untouched set is removed.
  @Test func anEditAfterAKilledReRenderIsKeptAndNamed() throws {
    try #require(IsolationCLITests.faultsBuiltIn, IsolationCLITests.faultsNote)
    let folder = try Self.killedReRender()
    defer { try? FileManager.default.removeItem(at: folder) }
    let catalog = folder.appendingPathComponent("App/Icons.xcassets")
    // The killed run journalled what it put in place, beside its record.
    let journal =
      (try? String(
        contentsOf: catalog.appendingPathComponent(OutputManifest.replacementsFileName),
        encoding: .utf8)) ?? ""
    #expect(journal.contains(#""file":"icon-02.imageset\/icon-02@2x.png""#), "\(journal)")
    let edited = catalog.appendingPathComponent("icon-02.imageset/icon-02@2x.png")
    let third = try Data(
      contentsOf: catalog.appendingPathComponent("icon-03.imageset/icon-03@2x.png"))
    #expect(OutputOwnership.isMarked(third))
    #expect(try Data(contentsOf: edited) != third)
    try third.write(to: edited)
    for name in ["icon-01", "icon-02"] {
      try FileManager.default.removeItem(at: folder.appendingPathComponent("icons/\(name).svg"))
    }
    let rerun = try CLIRunner.run(["build"], in: folder)
    #expect(rerun.status == 0, "\(rerun.stderr)")
    let lines = rerun.stderr.split(separator: "\n").map(String.init)
    #expect(
      lines.prefix(2) == [
        "App/Icons.xcassets/icon-01.imageset: removed (its source icons/icon-01.svg is gone)",
        "App/Icons.xcassets/icon-02.imageset: kept, not removed (its source icons/icon-02.svg is gone; glyphsmith removed its own files, and icon-02@2x.png in it was changed since glyphsmith wrote it, so it is yours now)",
      ], "\(rerun.stderr)")
    #expect(try Data(contentsOf: edited) == third)
    #expect(
      try FileManager.default.contentsOfDirectory(
        atPath: catalog.appendingPathComponent("icon-02.imageset").path) == ["icon-02@2x.png"])
    #expect(
      !FileManager.default.fileExists(
        atPath: catalog.appendingPathComponent(OutputManifest.replacementsFileName).path))
    // Nothing else is called changed: the killed run's new files are Glyphsmith's.
    #expect(
      lines.filter { $0.contains("changed since") && !$0.contains("icon-02.imageset") } == [],
      "\(rerun.stderr)")
  }

  /// A, the control: a killed run's own new files and its untouched old ones are
  /// Glyphsmith's; the journal goes once the next run has recorded them.
  @Test func aKilledReRenderLeavesItsJournalForTheNextRunOnly() throws {
    try #require(IsolationCLITests.faultsBuiltIn, IsolationCLITests.faultsNote)
    let folder = try Self.killedReRender()
    defer { try? FileManager.default.removeItem(at: folder) }
    let catalog = folder.appendingPathComponent("App/Icons.xcassets")
    let rerun = try CLIRunner.run(["build"], in: folder)
    #expect(rerun.status == 0, "\(rerun.stderr)")
    #expect(!rerun.stderr.contains("changed since"), "\(rerun.stderr)")
    #expect(
      !FileManager.default.fileExists(
        atPath: catalog.appendingPathComponent(OutputManifest.replacementsFileName).path))
    let reference = try Eight.project(Eight.names, scales: "")
    defer { try? FileManager.default.removeItem(at: reference) }
    #expect(try CLIRunner.run(["build", "--quiet"], in: reference).status == 0)
    #expect(JournalCLITests.differences(Eight.catalog(folder), Eight.catalog(reference)) == [])
  }

  /// B: workers stopped by SIGXFSZ (`ulimit -f 8`) in a run that re-renders recorded sets
  /// (other settings) and carries on: the sets they did replace are hashed as written, so
  /// the next run, an icon deleted, removes its sets and calls nothing "changed".
  @Test func workersThatDieWhileReplacingLeaveTheirFilesHashedAsWritten() throws {
    let web = #""web": {"folder": "public"}"#
    let folder = try OwnershipCLITests.project(
      #"{"version": 1, "icons": "icons", "ios": {"catalog": "App/Icons.xcassets"}, \#(web)}"#,
      icons: ["bell", "heart", "star"])
    defer { try? FileManager.default.removeItem(at: folder) }
    #expect(try CLIRunner.run(["build", "--quiet"], in: folder).status == 0)
    try Data(
      #"{"version": 1, "icons": "icons", "ios": {"catalog": "App/Icons.xcassets", "compact": true}, "defaults": {"role": "tab-bar"}, \#(web)}"#
        .utf8
    ).write(to: folder.appendingPathComponent("glyphsmith.json"))
    let catalog = folder.appendingPathComponent("App/Icons.xcassets")
    let before = try Data(contentsOf: catalog.appendingPathComponent("bell.imageset/bell.png"))
    let run = try CLIRunner.run(
      ["-c", "ulimit -f 8; exec env --default-signal=XFSZ \"$0\" build", CLIRunner.executable.path],
      in: folder, executable: URL(fileURLWithPath: "/bin/bash"))
    #expect(run.status == 2, "\(run.stderr)")
    #expect(run.stderr.contains("3 failed (3 partly written)"), "\(run.stderr)")
    // The sets were replaced (tab-bar size), and the record hashes them as they are now.
    let bell = catalog.appendingPathComponent("bell.imageset/bell.png")
    #expect(try Data(contentsOf: bell) != before)
    let record = try JSONSerialization.jsonObject(
      with: Data(contentsOf: catalog.appendingPathComponent(OutputManifest.fileName)))
      as? [String: Any]
    let hashes = record?["hashes"] as? [String: String] ?? [:]
    #expect(record?["replacing"] == nil)
    #expect(hashes["bell.imageset/bell.png"] == ContentHash.sha256(try Data(contentsOf: bell)))
    for name in hashes.keys.sorted() {
      let data = try Data(contentsOf: catalog.appendingPathComponent(name))
      #expect(hashes[name] == ContentHash.sha256(data), "\(name)")
    }
    try FileManager.default.removeItem(at: folder.appendingPathComponent("icons/star.svg"))
    let rerun = try CLIRunner.run(["build"], in: folder)
    #expect(rerun.status == 0, "\(rerun.stderr)")
    #expect(!rerun.stderr.contains("changed since"), "\(rerun.stderr)")
    #expect(
      rerun.stderr.contains(
        "App/Icons.xcassets/star.imageset: removed (its source icons/star.svg is gone)"),
      "\(rerun.stderr)")
    #expect(!FileManager.default.fileExists(atPath: catalog.appendingPathComponent("star.imageset").path))
  }

  /// B for Android drawables (the re-check held them by script only): workers stopped by
  /// SIGXFSZ while replacing recorded drawables (now 120 dp: mdpi to xhdpi replaced, the
  /// larger densities cut off and left as they were) leave them hashed as they are; the next run,
  /// an icon deleted, removes its drawables and calls nothing "changed".
  @Test func androidWorkersThatDieWhileReplacingLeaveTheirDrawablesHashedAsWritten() throws {
    let android = #""android": {"res": "android/res", "format": "png"}"#
    let folder = try OwnershipCLITests.project(
      #"{"version": 1, "icons": "icons", \#(android)}"#, icons: ["bell", "heart", "star"])
    defer { try? FileManager.default.removeItem(at: folder) }
    #expect(try CLIRunner.run(["build", "--quiet"], in: folder).status == 0)
    try Data(
      #"{"version": 1, "icons": "icons", "defaults": {"size": 120}, \#(android)}"#.utf8
    ).write(to: folder.appendingPathComponent("glyphsmith.json"))
    let root = folder.appendingPathComponent("android")
    let bell = root.appendingPathComponent("res/drawable-mdpi/bell.png")
    let before = try Data(contentsOf: bell)
    let run = try CLIRunner.run(
      ["-c", "ulimit -f 8; exec env --default-signal=XFSZ \"$0\" build", CLIRunner.executable.path],
      in: folder, executable: URL(fileURLWithPath: "/bin/bash"))
    #expect(run.status == 2, "\(run.stderr)")
    #expect(run.stderr.contains("3 failed (3 partly written)"), "\(run.stderr)")
    #expect(try Data(contentsOf: bell) != before)
    let record = try JSONSerialization.jsonObject(
      with: Data(contentsOf: root.appendingPathComponent(OutputManifest.fileName)))
      as? [String: Any]
    let hashes = record?["hashes"] as? [String: String] ?? [:]
    #expect(record?["replacing"] == nil)
    #expect(hashes["res/drawable-mdpi/bell.png"] == ContentHash.sha256(try Data(contentsOf: bell)))
    #expect(hashes.count == 15, "\(hashes.keys.sorted())")
    for name in hashes.keys.sorted() {
      let data = try Data(contentsOf: root.appendingPathComponent(name))
      #expect(hashes[name] == ContentHash.sha256(data), "\(name)")
    }
    try FileManager.default.removeItem(at: folder.appendingPathComponent("icons/star.svg"))
    let rerun = try CLIRunner.run(["build"], in: folder)
    #expect(rerun.status == 0, "\(rerun.stderr)")
    #expect(!rerun.stderr.contains("changed since"), "\(rerun.stderr)")
    for density in ["mdpi", "hdpi", "xhdpi", "xxhdpi", "xxxhdpi"] {
      #expect(
        rerun.stderr.contains(
          "android/res/drawable-\(density)/star.png: removed (its source icons/star.svg is gone)"),
        "\(rerun.stderr)")
      #expect(!FileManager.default.fileExists(atPath: root.appendingPathComponent("res/drawable-\(density)/star.png").path))
    }
  }

  /// E: a staging folder a killed run left (`.NAME.tmp-PID-N`, PID gone) holding an empty
  /// and a cut-short PNG of the set's own names is Glyphsmith's, removed without a word; one
  /// holding a whole unmarked PNG of the user's stays, named.
  @Test func aStagingFolderWithHalfWrittenFilesIsRemoved() throws {
    let folder = try Eight.project(["icon-00", "icon-01"], scales: "")
    defer { try? FileManager.default.removeItem(at: folder) }
    #expect(try CLIRunner.run(["build", "--quiet"], in: folder).status == 0)
    let catalog = folder.appendingPathComponent("App/Icons.xcassets")
    let manager = FileManager.default
    let whole = try Data(
      contentsOf: catalog.appendingPathComponent("icon-00.imageset/icon-00@2x.png"))
    let staging = catalog.appendingPathComponent(".icon-00.imageset.tmp-4194305-205")
    try manager.createDirectory(at: staging, withIntermediateDirectories: true)
    try Data().write(to: staging.appendingPathComponent("icon-00.png"))
    try whole.prefix(40).write(to: staging.appendingPathComponent("icon-00@2x.png"))
    try whole.prefix(5).write(to: staging.appendingPathComponent("icon-00@3x.png"))
    #expect(!OutputOwnership.isMarked(whole.prefix(40)))
    // The user's: a whole PNG without the mark (a chunk-stripped copy: IHDR, IDAT, IEND).
    let users = catalog.appendingPathComponent(".icon-01.imageset.tmp-4194305-206")
    try manager.createDirectory(at: users, withIntermediateDirectories: true)
    let stripped = Self.unmarked(whole)
    #expect(!OutputOwnership.isMarked(stripped))
    try stripped.write(to: users.appendingPathComponent("icon-01.png"))
    let run = try CLIRunner.run(["build"], in: folder)
    #expect(run.status == 0, "\(run.stderr)")
    #expect(!manager.fileExists(atPath: staging.path))
    #expect(!run.stderr.contains("tmp-4194305-205"), "\(run.stderr)")
    #expect(try Data(contentsOf: users.appendingPathComponent("icon-01.png")) == stripped)
    #expect(
      run.stderr.split(separator: "\n").first
        == "App/Icons.xcassets/.icon-01.imageset.tmp-4194305-206: warning: left by a glyphsmith run that was killed, and holds files glyphsmith did not write; kept: move them out, then delete it",
      "\(run.stderr)")
    #expect(run.stderr.split(separator: "\n").count == 2, "\(run.stderr)")
    let again = try CLIRunner.run(["build"], in: folder)
    #expect(again.stderr.components(separatedBy: "tmp-4194305").count == 2, "\(again.stderr)")
  }

  /// `png` with only its IHDR, IDAT and IEND chunks (no mark).
  static func unmarked(_ png: Data) -> Data {
    let bytes = [UInt8](png)
    var out = Data(bytes[0..<8])
    var index = 8
    while index + 8 <= bytes.count {
      let length =
        Int(bytes[index]) << 24 | Int(bytes[index + 1]) << 16 | Int(bytes[index + 2]) << 8
        | Int(bytes[index + 3])
      let type = String(decoding: bytes[(index + 4)..<(index + 8)], as: UTF8.self)
      let end = index + 12 + length
      if ["IHDR", "IDAT", "IEND"].contains(type) { out.append(contentsOf: bytes[index..<end]) }
      index = end
    }
    return out
  }

  /// `isHalfWritten` on its own: empty files and starts of a PNG; never a whole PNG or
  /// another file.
  @Test func halfWrittenFiles() throws {
    let png = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
    let end = Data([0, 0, 0, 0, 0x49, 0x45, 0x4E, 0x44, 0xAE, 0x42, 0x60, 0x82])
    #expect(OutputOwnership.isHalfWritten(Data(), name: "bell.png"))
    #expect(OutputOwnership.isHalfWritten(Data(), name: "Contents.json"))
    #expect(OutputOwnership.isHalfWritten(png.prefix(3), name: "bell.png"))
    #expect(OutputOwnership.isHalfWritten(png + Data(repeating: 1, count: 30), name: "bell.png"))
    #expect(!OutputOwnership.isHalfWritten(png + Data(repeating: 1, count: 30) + end, name: "bell.png"))
    #expect(!OutputOwnership.isHalfWritten(Data("hello".utf8), name: "bell.png"))
    #expect(!OutputOwnership.isHalfWritten(png.prefix(3), name: "bell.pdf"))
  }
}
