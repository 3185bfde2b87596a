import Foundation
import Glyphsmith
import Testing

/// Issue 32, the ninth trial's finding C: with `ios.symbols`, a symbol set re-rendered after
/// its art changed kept its old hash in the record (no kill needed), so the next change was
/// told as "changed since glyphsmith wrote it; replaced" and, once the icon was deleted, its
/// set was kept as the user's. The record now hashes each set as its writer wrote it, in
/// `build` and `assets --symbols --prune` alike.
@Suite("Issue 32, the ninth trial: symbol hashes, nested projects, --force over a group")
struct TrialNineLeadCLITests {
  static let config =
    #"{"version": 1, "icons": "icons", "ios": {"catalog": "C.xcassets", "symbols": true}}"#

  /// The record's `hashes` that differ from the files on disk (relative paths), and how many
  /// it lists.
  static func staleHashes(_ catalog: URL) throws -> (stale: [String], count: Int) {
    let data = try Data(contentsOf: catalog.appendingPathComponent(".glyphsmith-outputs.json"))
    let record = try JSONSerialization.jsonObject(with: data) as? [String: Any]
    let hashes = record?["hashes"] as? [String: String] ?? [:]
    let stale = hashes.filter { path, hash in
      guard let bytes = FileManager.default.contents(
        atPath: catalog.appendingPathComponent(path).path)
      else { return true }
      return ContentHash.sha256(bytes) != hash
    }
    return (stale.keys.sorted(), hashes.count)
  }

  @Test(arguments: [["build"], ["assets", "icons", "-o", "C.xcassets", "--symbols", "--prune"]])
  func aRerenderedSymbolSetIsRecordedAsWritten(command: [String]) throws {
    let folder = try OwnershipCLITests.project(Self.config, icons: ["bell", "heart", "star"])
    defer { try? FileManager.default.removeItem(at: folder) }
    let catalog = folder.appendingPathComponent("C.xcassets")
    let bell = folder.appendingPathComponent("icons/bell.svg")
    #expect(try CLIRunner.run(command + ["--quiet"], in: folder).status == 0)
    // New art for bell: its set is written anew, and the record hashes what was written.
    for art in ["house", "music"] {
      try FileManager.default.removeItem(at: bell)
      try FileManager.default.copyItem(
        at: OwnershipCLITests.icons.appendingPathComponent(art + ".svg"), to: bell)
      let run = try CLIRunner.run(command, in: folder)
      #expect(run.status == 0, "\(run.stderr)")
      #expect(!run.stderr.contains("changed since"), "\(run.stderr)")
      let (stale, count) = try Self.staleHashes(catalog)
      #expect(stale == [], "\(art)")
      // Two files per set: its Contents.json and its SVG.
      #expect(count == 6, "\(art)")
    }
    try FileManager.default.removeItem(at: bell)
    let removed = try CLIRunner.run(command, in: folder)
    #expect(removed.status == 0, "\(removed.stderr)")
    #expect(
      removed.stderr.contains("C.xcassets/bell.symbolset: removed (its source icons/bell.svg is gone)"),
      "\(removed.stderr)")
    #expect(!FileManager.default.fileExists(atPath: catalog.appendingPathComponent("bell.symbolset").path))
  }

  /// Finding D: a project inside another project's icons folder wrote its outputs there, and
  /// the outer project's build read them back as icons. Refused when the inner config is read,
  /// for every platform's folder; the outer project's own outputs stay allowed.
  @Test(arguments: [
    (#""web": {"folder": "w"}"#, "web.folder", "w"),
    (#""ios": {"catalog": "C.xcassets"}"#, "ios.catalog", "C.xcassets"),
  ])
  func aProjectInsideAnotherProjectsIconsFolderIsRefused(
    block: String, key: String, value: String
  ) throws {
    let folder = try OwnershipCLITests.project(
      #"{"version": 1, "icons": "icons", "web": {"folder": "Out"}}"#, icons: ["bell"])
    defer { try? FileManager.default.removeItem(at: folder) }
    let inner = folder.appendingPathComponent("icons/inner")
    try FileManager.default.createDirectory(
      at: inner.appendingPathComponent("icons"), withIntermediateDirectories: true)
    try FileManager.default.copyItem(
      at: OwnershipCLITests.icons.appendingPathComponent("heart.svg"),
      to: inner.appendingPathComponent("icons/heart.svg"))
    try OwnershipCLITests.write(
      #"{"version": 1, "icons": "icons", "# + block + "}", to: inner.appendingPathComponent("glyphsmith.json"))
    let before = try ProjectCLITests.snapshot(folder)
    let run = try CLIRunner.run(["build"], in: inner)
    #expect(run.status == 2)
    #expect(
      run.stderr
        == "glyphsmith.json: error: invalid glyphsmith.json: '\(key)' is '\(value)', inside the icons folder of another project ('../../glyphsmith.json'; what it writes would be read back as its icons); an output folder must be a folder of its own, since glyphsmith writes and prunes what it makes there (such as \"App/Icons.xcassets\", \"android/src/main/res\", \"web/icons\"); see docs/project.md\n",
      "\(run.stderr)")
    #expect(try ProjectCLITests.snapshot(folder) == before)
    // The outer project builds its own icons (the inner one's among them, as any SVG there).
    let outer = try CLIRunner.run(["build"], in: folder)
    #expect(outer.status == 0, "\(outer.stderr)")
  }

  /// Finding F: with `ios.symbols`, `--force` over a group `Contents.json` the user made left
  /// its bytes, named nothing and recorded nothing (image sets replace it, named). Without
  /// `--force` the run still fails by name.
  @Test func forceReplacesTheUsersGroupContentsJSONOfASymbolAndNamesIt() throws {
    let folder = try OwnershipCLITests.project(Self.config, icons: ["bell", "heart"])
    defer { try? FileManager.default.removeItem(at: folder) }
    try FileManager.default.createDirectory(
      at: folder.appendingPathComponent("icons/grp"), withIntermediateDirectories: true)
    try FileManager.default.moveItem(
      at: folder.appendingPathComponent("icons/bell.svg"),
      to: folder.appendingPathComponent("icons/grp/bell.svg"))
    let group = folder.appendingPathComponent("C.xcassets/grp")
    try FileManager.default.createDirectory(at: group, withIntermediateDirectories: true)
    let mine = Data(#"{"info":{"author":"xcode","version":1},"properties":{"provides-namespace":true}}"#.utf8)
    try mine.write(to: group.appendingPathComponent("Contents.json"))
    let refused = try CLIRunner.run(["build"], in: folder)
    #expect(refused.status == 2, "\(refused.stderr)")
    #expect(refused.stderr.contains("C.xcassets/grp/Contents.json exists and was not made by glyphsmith"))
    #expect(try Data(contentsOf: group.appendingPathComponent("Contents.json")) == mine)
    let forced = try CLIRunner.run(["build", "--force"], in: folder)
    #expect(forced.status == 0, "\(forced.stderr)")
    #expect(
      forced.stderr.contains(
        "C.xcassets/grp/Contents.json: warning: not made by glyphsmith; replaced (--force)"),
      "\(forced.stderr)")
    let written = try Data(contentsOf: group.appendingPathComponent("Contents.json"))
    #expect(written != mine)
    #expect(written == (try AssetContents.group(namespace: false).xcodeJSON()))
    // Recorded, hashed as written: the next run needs no --force and names nothing.
    let (stale, _) = try Self.staleHashes(folder.appendingPathComponent("C.xcassets"))
    #expect(stale == [])
    let record = try String(
      contentsOf: folder.appendingPathComponent("C.xcassets/.glyphsmith-outputs.json"),
      encoding: .utf8)
    #expect(record.contains("\"grp/Contents.json\""))
    let again = try CLIRunner.run(["build"], in: folder)
    #expect(again.status == 0, "\(again.stderr)")
    #expect(!again.stderr.contains("warning"), "\(again.stderr)")
  }
  /// Trial t36d H5: a group made in Xcode with "Provides Namespace" holds exactly the bytes
  /// Glyphsmith writes for a namespaced group, so it passed as Glyphsmith's and a run without
  /// `namespace` rewrote it without `properties` (every asset in it renamed). A group file is
  /// Glyphsmith's, unrecorded, only when it holds what this run writes there; the other
  /// setting's bytes are the user's, and a plain group in a namespaced run alike.
  @Test(arguments: [
    (["assets", "icons", "-o", "C.xcassets"], true),
    (["assets", "icons", "-o", "C.xcassets", "--namespace"], false),
    (["build"], true),
  ])
  func aGroupOfTheOtherNamespaceSettingIsTheUsers(command: [String], namespaced: Bool) throws {
    let folder = try OwnershipCLITests.project(
      #"{"version": 1, "icons": "icons", "ios": {"catalog": "C.xcassets"}}"#,
      icons: ["bell", "heart"])
    defer { try? FileManager.default.removeItem(at: folder) }
    try FileManager.default.createDirectory(
      at: folder.appendingPathComponent("icons/tools"), withIntermediateDirectories: true)
    try FileManager.default.moveItem(
      at: folder.appendingPathComponent("icons/bell.svg"),
      to: folder.appendingPathComponent("icons/tools/bell.svg"))
    let contents = folder.appendingPathComponent("C.xcassets/tools/Contents.json")
    let xcode = try AssetContents.group(namespace: namespaced).xcodeJSON()
    try FileManager.default.createDirectory(
      at: contents.deletingLastPathComponent(), withIntermediateDirectories: true)
    try xcode.write(to: contents)
    let refused = try CLIRunner.run(command, in: folder)
    #expect(refused.status == 2, "\(refused.stderr)")
    #expect(
      refused.stderr.contains(
        "icons/tools/bell.svg: error: C.xcassets/tools/Contents.json exists and was not made by glyphsmith; move it or pass --force"),
      "\(refused.stderr)")
    #expect(try Data(contentsOf: contents) == xcode)
    #expect(!FileManager.default.fileExists(
      atPath: folder.appendingPathComponent("C.xcassets/tools/bell.imageset").path))
    // The same bytes as the run writes: Glyphsmith's, written over (nothing changes).
    let same = try AssetContents.group(namespace: !namespaced).xcodeJSON()
    try same.write(to: contents)
    let written = try CLIRunner.run(command, in: folder)
    #expect(written.status == 0, "\(written.stderr)")
    #expect(try Data(contentsOf: contents) == same)
  }
}
