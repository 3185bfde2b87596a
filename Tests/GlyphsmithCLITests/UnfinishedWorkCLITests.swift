import Foundation
import Testing

/// Issue 32, fifth new-user trial: what a killed run, a prune that could not remove an output
/// and a record that cannot be read leave behind is finished by a later run, never lost: the
/// user's file in a set a killed run had moved aside survives, an output the prune could not
/// remove stays recorded until it is removed, and a record with git's conflict markers stops
/// the run before anything is written.
@Suite("What a run could not finish stays for the next")
struct UnfinishedWorkCLITests {
  static let bellSVG = """
    <svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24" fill="none" stroke="black" stroke-width="2"><path d="M6 8a6 6 0 0 1 12 0c0 7 3 9 3 9H3s3-2 3-9"/></svg>
    """
  static let starSVG = """
    <svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24" fill="none" stroke="black" stroke-width="2"><polygon points="12 2 15 9 22 9 17 14 19 21 12 17 5 21 7 14 2 9 9 9"/></svg>
    """

  /// A project folder with `bell.svg` and `star.svg`, writing to the platforms `config`
  /// names (after `"icons": "icons"`).
  static func project(
    _ config: String = #""ios": {"catalog": "App/Icons.xcassets"}"#
  ) throws -> URL {
    let folder = try temporaryFolder()
    let icons = folder.appendingPathComponent("icons")
    try FileManager.default.createDirectory(at: icons, withIntermediateDirectories: true)
    try Data(bellSVG.utf8).write(to: icons.appendingPathComponent("bell.svg"))
    try Data(starSVG.utf8).write(to: icons.appendingPathComponent("star.svg"))
    try Data(#"{"version": 1, "icons": "icons", \#(config)}"#.utf8).write(
      to: folder.appendingPathComponent("glyphsmith.json"))
    return folder
  }

  /// The names in the folder `path` of `folder`, sorted (hidden ones too).
  static func names(_ path: String, in folder: URL) -> [String] {
    ((try? FileManager.default.contentsOfDirectory(
      atPath: folder.appendingPathComponent(path).path)) ?? []).sorted()
  }

  /// The bytes of `path` in `folder`.
  static func bytes(_ path: String, in folder: URL) -> Data? {
    FileManager.default.contents(atPath: folder.appendingPathComponent(path).path)
  }

  // PID 2^22 + 1 is above Linux's pid_max: no such process, so its leftovers are stale.

  @Test func aSetAKilledRunMovedAsideIsPutBackWithTheUsersFile() throws {
    let dir = try Self.project()
    defer { try? FileManager.default.removeItem(at: dir) }
    #expect(try CLIRunner.run(["build", "--quiet"], in: dir).status == 0)
    let manager = FileManager.default
    let catalog = dir.appendingPathComponent("App/Icons.xcassets")
    let notes = Data("designer notes\n".utf8)
    try notes.write(to: catalog.appendingPathComponent("bell.imageset/notes.txt"))
    // The state `kill -9` leaves between the two renames of bell's swap: the set moved aside
    // (`.bell.imageset.old-PID-N`), the staging folder (its new files and a hard link of the
    // user's file) not yet renamed into place.
    let old = catalog.appendingPathComponent(".bell.imageset.old-4194305-1")
    let staging = catalog.appendingPathComponent(".bell.imageset.tmp-4194305-1")
    try manager.moveItem(at: catalog.appendingPathComponent("bell.imageset"), to: old)
    try manager.copyItem(at: old, to: staging)
    try manager.removeItem(at: staging.appendingPathComponent("notes.txt"))
    try manager.linkItem(
      at: old.appendingPathComponent("notes.txt"), to: staging.appendingPathComponent("notes.txt"))
    // A retired folder of star holding a file of the user's that the set does not hold, and a
    // staging folder of star holding only Glyphsmith's files.
    let starOld = catalog.appendingPathComponent(".star.imageset.old-4194305-2")
    try manager.createDirectory(at: starOld, withIntermediateDirectories: true)
    let mine = Data("mine, and only here\n".utf8)
    try mine.write(to: starOld.appendingPathComponent("mine.txt"))
    let starStaging = catalog.appendingPathComponent(".star.imageset.tmp-4194305-3")
    try manager.copyItem(at: catalog.appendingPathComponent("star.imageset"), to: starStaging)
    // The designer's edit the killed run was writing.
    try Data(
      Self.bellSVG.replacingOccurrences(of: #"stroke-width="2""#, with: #"stroke-width="1.5""#).utf8
    )
    .write(to: dir.appendingPathComponent("icons/bell.svg"))

    let rebuild = try CLIRunner.run(["build"], in: dir)
    #expect(rebuild.status == 0, "\(rebuild.stderr)")
    #expect(
      rebuild.stderr.hasPrefix(
        "App/Icons.xcassets/bell.imageset: warning: put back from .bell.imageset.old-4194305-1, "
          + "where a glyphsmith run killed while replacing it had moved it\n"
          + "App/Icons.xcassets/.star.imageset.old-4194305-2: warning: left by a glyphsmith run "
          + "that was killed, and holds files glyphsmith did not write; kept: move them out, "
          + "then delete it\n"),
      "\(rebuild.stderr)")
    #expect(Self.bytes("App/Icons.xcassets/bell.imageset/notes.txt", in: dir) == notes)
    #expect(
      Self.names("App/Icons.xcassets", in: dir) == [
        ".glyphsmith-outputs.json", ".star.imageset.old-4194305-2", "Contents.json",
        "bell.imageset", "star.imageset",
      ])
    #expect(Self.bytes("App/Icons.xcassets/.star.imageset.old-4194305-2/mine.txt", in: dir) == mine)
    // bell's set is the new one, notes.txt still in it.
    #expect(try CLIRunner.run(["build", "--quiet"], in: dir).status == 0)
    #expect(Self.bytes("App/Icons.xcassets/bell.imageset/notes.txt", in: dir) == notes)
  }

  @Test func anOutputAPruneCannotRemoveStaysInTheRecordUntilARunRemovesIt() throws {
    let dir = try Self.project(#""web": {"folder": "web/icons"}"#)
    defer { try? FileManager.default.removeItem(at: dir) }
    #expect(try CLIRunner.run(["build", "--quiet"], in: dir).status == 0)
    let manager = FileManager.default
    // bell's web folder is a symbolic link now (to a copy of it elsewhere): the prune does
    // not remove through it.
    let bell = dir.appendingPathComponent("web/icons/bell")
    let elsewhere = dir.appendingPathComponent("elsewhere")
    try manager.createDirectory(at: elsewhere, withIntermediateDirectories: true)
    try manager.moveItem(at: bell, to: elsewhere.appendingPathComponent("bell"))
    try manager.createSymbolicLink(atPath: bell.path, withDestinationPath: "../../elsewhere/bell")
    try manager.removeItem(at: dir.appendingPathComponent("icons/bell.svg"))
    let copy = JournalCLITests.tree(elsewhere)

    let first = try CLIRunner.run(["build"], in: dir)
    #expect(first.status == 0, "\(first.stderr)")
    #expect(
      first.stderr.hasPrefix(
        "web/icons/bell: warning: cannot remove this output of a gone source: "
          + "it is a symbolic link inside the output folder web/icons"),
      "\(first.stderr)")
    #expect(first.stderr.contains("; it stays in the record, and the next run removes it\n"))
    #expect(JournalCLITests.tree(elsewhere) == copy)
    let record = try #require(Self.bytes("web/icons/.glyphsmith-outputs.json", in: dir))
    #expect(String(decoding: record, as: UTF8.self).contains(#""bell" : "../../icons/bell.svg""#))
    // Still so on the next run, and in the plan.
    #expect(try CLIRunner.run(["build", "--quiet"], in: dir).status == 0)
    let plan = try CLIRunner.run(["build", "--plan", "--json"], in: dir)
    let json = try #require(try JSONSerialization.jsonObject(with: plan.stdout) as? [String: Any])
    #expect(json["remove"] as? [String] == ["web/icons/bell"])
    // The link replaced by the folder itself: the next run removes it.
    try manager.removeItem(at: bell)
    try manager.moveItem(at: elsewhere.appendingPathComponent("bell"), to: bell)
    let last = try CLIRunner.run(["build"], in: dir)
    #expect(last.status == 0, "\(last.stderr)")
    #expect(last.stderr.hasPrefix("web/icons/bell: removed (its source icons/bell.svg is gone)\n"))
    #expect(Self.names("web/icons", in: dir) == [".glyphsmith-outputs.json", "star"])
  }

  @Test func aRecordWithConflictMarkersStopsTheRunBeforeAnythingIsWritten() throws {
    let dir = try Self.project(
      #""ios": {"catalog": "App/Icons.xcassets"}, "web": {"folder": "web/icons"}"#)
    defer { try? FileManager.default.removeItem(at: dir) }
    #expect(try CLIRunner.run(["build", "--quiet"], in: dir).status == 0)
    let recordPath = "web/icons/.glyphsmith-outputs.json"
    let record = try #require(Self.bytes(recordPath, in: dir))
    try (Data("<<<<<<< HEAD\n".utf8) + record).write(to: dir.appendingPathComponent(recordPath))
    try FileManager.default.removeItem(at: dir.appendingPathComponent("icons/star.svg"))
    let before = JournalCLITests.tree(dir)
    let message =
      "web/icons/.glyphsmith-outputs.json: error: the record of outputs cannot be read: it holds "
      + "git conflict markers (line 1: <<<<<<< HEAD); fix the conflict or delete it (without a "
      + "record, the outputs carrying glyphsmith's mark are adopted again); nothing was written\n"
    for arguments in [["build"], ["build", "--force"], ["build", "--plan", "--json"]] {
      let run = try CLIRunner.run(arguments, in: dir)
      #expect(run.status == 2, "\(arguments)")
      // A build ends with its summary line after the error (`--plan` prints none).
      let told = arguments.contains("--plan") ? run.stderr : AdoptMarkedCLITests.planningFailed(run.stderr)
      #expect(told == message, "\(arguments)")
      #expect(JournalCLITests.differences(JournalCLITests.tree(dir), before) == [])
    }
    // The conflict resolved (the record as it was): star's outputs go from both folders.
    try record.write(to: dir.appendingPathComponent(recordPath))
    let fixed = try CLIRunner.run(["build"], in: dir)
    #expect(fixed.status == 0, "\(fixed.stderr)")
    #expect(
      fixed.stderr.hasPrefix(
        "App/Icons.xcassets/star.imageset: removed (its source icons/star.svg is gone)\n"
          + "web/icons/star: removed (its source icons/star.svg is gone)\n"),
      "\(fixed.stderr)")
  }
}
