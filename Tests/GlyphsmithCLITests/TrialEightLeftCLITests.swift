import Foundation
import Glyphsmith
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// Issue 32, eighth trial, the findings left after `i32-trial8` (1 in a catalog, 4 to 12),
/// each on real folders.
@Suite("Issue 32, the eighth trial's left findings")
struct TrialEightLeftCLITests {
  static let catalogConfig =
    #"{"version": 1, "icons": "icons", "ios": {"catalog": "C.xcassets"}}"#

  static func move(_ from: String, _ to: String, in folder: URL) throws {
    let target = folder.appendingPathComponent(to)
    try FileManager.default.createDirectory(
      at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
    try FileManager.default.moveItem(at: folder.appendingPathComponent(from), to: target)
  }

  static func exists(_ path: String, in folder: URL) -> Bool {
    FileManager.default.fileExists(atPath: folder.appendingPathComponent(path).path)
  }

  // Finding 1, catalog part: a marked copy of an image set in another group of a catalog
  // without a record (an Xcode group with its own Contents.json) is kept byte for byte and
  // named by the collision rule (exit 2, nothing written or removed), not removed as "no icon
  // makes it now" nor an exit 1 on `duplicate-name` after the run.
  @Test func aMarkedSetCopyInAnotherGroupWithoutARecordIsKeptAndNamedAsACollision() throws {
    let folder = try OwnershipCLITests.project(Self.catalogConfig, icons: ["bell", "heart"])
    defer { try? FileManager.default.removeItem(at: folder) }
    #expect(try CLIRunner.run(["build", "--quiet"], in: folder).status == 0)
    let catalog = folder.appendingPathComponent("C.xcassets")
    try FileManager.default.createDirectory(
      at: catalog.appendingPathComponent("Old"), withIntermediateDirectories: true)
    try FileManager.default.copyItem(
      at: catalog.appendingPathComponent("bell.imageset"),
      to: catalog.appendingPathComponent("Old/bell.imageset"))
    try Data(#"{"info":{"author":"xcode","version":1}}"#.utf8).write(
      to: catalog.appendingPathComponent("Old/Contents.json"))
    try FileManager.default.removeItem(
      at: catalog.appendingPathComponent(OutputManifest.fileName))
    let before = JournalCLITests.tree(folder)

    let run = try CLIRunner.run(["build"], in: folder)
    #expect(run.status == 2, "\(run.stderr)")
    let lines = run.stderr.split(separator: "\n").map(String.init)
    #expect(
      lines.first
        == "icons/bell.svg: error: asset name 'bell' of C.xcassets/bell.imageset collides with C.xcassets/Old/bell.imageset (asset names are unique in a catalog, whatever their folder or type: Xcode cannot load both); rename one"
    )
    #expect(lines.count == 2)
    #expect(
      lines.last?.hasSuffix(
        "0 unchanged; 0 skipped; 1 failed; 0 removed (planning failed: nothing was written or removed)"
      ) == true, "\(run.stderr)")
    #expect(JournalCLITests.differences(JournalCLITests.tree(folder), before) == [])
    // Asked to adopt the marked outputs, the copy is adopted and removed (no icon makes it
    // there), and the run's catalog check, after that prune, finds no duplicate name (finding 6).
    let adopted = try CLIRunner.run(["build", "--adopt-marked"], in: folder)
    #expect(adopted.status == 0, "\(adopted.stderr)")
    #expect(
      adopted.stderr.contains(
        "C.xcassets/Old/bell.imageset: removed (it carries glyphsmith's mark in a folder that had no record of outputs, as older versions left them; no icon makes it now)"
      ), "\(adopted.stderr)")
    #expect(!adopted.stderr.contains("duplicate-name"), "\(adopted.stderr)")
    #expect(!Self.exists("C.xcassets/Old/bell.imageset", in: folder))
    #expect(Self.exists("C.xcassets/Old/Contents.json", in: folder))
  }

  // Finding 6: the catalog was checked before the prune, so a set this run removes was still
  // there to collide with: renaming `Bell.svg` back to `bell.svg`, or moving an icon into a
  // sub-folder, exited 1 on a set removed in the same run.
  @Test func aCaseOnlyRenameBackIsNoCollisionWithTheSetItRemoves() throws {
    let folder = try OwnershipCLITests.project(Self.catalogConfig, icons: ["bell", "heart"])
    defer { try? FileManager.default.removeItem(at: folder) }
    #expect(try CLIRunner.run(["build", "--quiet"], in: folder).status == 0)
    try Self.move("icons/bell.svg", "icons/Bell.svg", in: folder)
    let there = try CLIRunner.run(["build"], in: folder)
    #expect(there.status == 0, "\(there.stderr)")
    try Self.move("icons/Bell.svg", "icons/bell.svg", in: folder)
    let back = try CLIRunner.run(["build"], in: folder)
    #expect(back.status == 0, "\(back.stderr)")
    #expect(!back.stderr.contains("case-collision"), "\(back.stderr)")
    #expect(back.stderr.contains("C.xcassets/Bell.imageset: removed (its source icons/Bell.svg is gone)"))
    let names = try FileManager.default.contentsOfDirectory(
      atPath: folder.appendingPathComponent("C.xcassets").path
    ).filter { $0.hasSuffix(".imageset") }.sorted()
    #expect(names == ["bell.imageset", "heart.imageset"])
  }

  @Test func anIconMovedIntoAGroupIsNoDuplicateOfTheSetItRemoves() throws {
    let folder = try OwnershipCLITests.project(Self.catalogConfig, icons: ["bell", "heart"])
    defer { try? FileManager.default.removeItem(at: folder) }
    #expect(try CLIRunner.run(["build", "--quiet"], in: folder).status == 0)
    try Self.move("icons/bell.svg", "icons/grp/bell.svg", in: folder)
    let run = try CLIRunner.run(["build"], in: folder)
    #expect(run.status == 0, "\(run.stderr)")
    #expect(!run.stderr.contains("duplicate-name"), "\(run.stderr)")
    #expect(Self.exists("C.xcassets/grp/bell.imageset/bell.png", in: folder))
    #expect(!Self.exists("C.xcassets/bell.imageset", in: folder))
  }

  /// The same two moves with `assets --prune` (no project): the catalog is checked again after
  /// the prune there too (both exited 1 on the set the same run removed).
  @Test func assetsPruneChecksTheCatalogAfterItsPrune() throws {
    let folder = try OwnershipCLITests.project(Self.catalogConfig, icons: ["bell", "heart"])
    defer { try? FileManager.default.removeItem(at: folder) }
    let assets = ["assets", "icons", "-o", "P.xcassets", "--prune"]
    #expect(try CLIRunner.run(assets, in: folder).status == 0)
    try Self.move("icons/bell.svg", "icons/Bell.svg", in: folder)
    #expect(try CLIRunner.run(assets, in: folder).status == 0)
    try Self.move("icons/Bell.svg", "icons/bell.svg", in: folder)
    let back = try CLIRunner.run(assets, in: folder)
    #expect(back.status == 0, "\(back.stderr)")
    #expect(!back.stderr.contains("case-collision"), "\(back.stderr)")
    #expect(back.stderr.contains("P.xcassets/Bell.imageset: removed (its source icons/Bell.svg is gone)"))
    try Self.move("icons/bell.svg", "icons/grp/bell.svg", in: folder)
    let moved = try CLIRunner.run(assets, in: folder)
    #expect(moved.status == 0, "\(moved.stderr)")
    #expect(!moved.stderr.contains("duplicate-name"), "\(moved.stderr)")
    #expect(Self.exists("P.xcassets/grp/bell.imageset/bell.png", in: folder))
    #expect(!Self.exists("P.xcassets/bell.imageset", in: folder))
    // A real collision is still found after the prune: a hand-made set of another case.
    try FileManager.default.createDirectory(
      at: folder.appendingPathComponent("P.xcassets/Heart.imageset"),
      withIntermediateDirectories: true)
    try Data(#"{"images":[],"info":{"author":"xcode","version":1}}"#.utf8).write(
      to: folder.appendingPathComponent("P.xcassets/Heart.imageset/Contents.json"))
    let clash = try CLIRunner.run(assets, in: folder)
    #expect(clash.status == 1, "\(clash.stderr)")
    #expect(clash.stderr.contains("[case-collision]"), "\(clash.stderr)")
  }

  // Finding 4: another project's folders were accepted as outputs (its next build read the
  // outputs as new icons). Refused when the config is read, as the other folder refusals.
  @Test(arguments: [
    ("web", "folder", "other", "a folder holding another project's glyphsmith.json ('other/glyphsmith.json')"),
    ("web", "folder", "other/i", "the icons folder of another project ('other/glyphsmith.json')"),
    (
      "web", "folder", "other/i/web",
      "inside the icons folder of another project ('other/glyphsmith.json'; what it writes would be read back as its icons)"
    ),
    ("ios", "catalog", "other", "a folder holding another project's glyphsmith.json ('other/glyphsmith.json')"),
    (
      "android", "res", "other/i/res",
      "inside the icons folder of another project ('other/glyphsmith.json'; what it writes would be read back as its icons)"
    ),
  ])
  func anotherProjectsFoldersAreRefused(platform: String, key: String, value: String, what: String)
    throws
  {
    let folder = try OwnershipCLITests.project(
      #"{"version": 1, "icons": "icons", "\#(platform)": {"\#(key)": "\#(value)"}}"#,
      icons: ["bell"])
    defer { try? FileManager.default.removeItem(at: folder) }
    try OwnershipCLITests.write(
      #"{"version": 1, "icons": "i", "web": {"folder": "w"}}"#,
      to: folder.appendingPathComponent("other/glyphsmith.json"))
    try FileManager.default.createDirectory(
      at: folder.appendingPathComponent("other/i"), withIntermediateDirectories: true)
    try FileManager.default.copyItem(
      at: OwnershipCLITests.icons.appendingPathComponent("heart.svg"),
      to: folder.appendingPathComponent("other/i/heart.svg"))
    let before = try ProjectCLITests.snapshot(folder)
    let run = try CLIRunner.run(["build"], in: folder)
    #expect(run.status == 2)
    #expect(
      run.stderr
        == "glyphsmith.json: error: invalid glyphsmith.json: '\(platform).\(key)' is '\(value)', \(what); an output folder must be a folder of its own, since glyphsmith writes and prunes what it makes there (such as \"App/Icons.xcassets\", \"android/src/main/res\", \"web/icons\"); see docs/project.md\n"
    )
    #expect(try ProjectCLITests.snapshot(folder) == before)
  }

  // Finding 4: a folder of this project's own beside another project's stays allowed, as
  // does one inside another project's folder but outside its icons folder.
  @Test func aFolderBesideAnotherProjectsIconsStaysAllowed() throws {
    let folder = try OwnershipCLITests.project(
      #"{"version": 1, "icons": "icons", "web": {"folder": "other/public"}}"#, icons: ["bell"])
    defer { try? FileManager.default.removeItem(at: folder) }
    try OwnershipCLITests.write(
      #"{"version": 1, "icons": "i"}"#, to: folder.appendingPathComponent("other/glyphsmith.json"))
    let run = try CLIRunner.run(["build", "--quiet"], in: folder)
    #expect(run.status == 0, "\(run.stderr)")
    #expect(Self.exists("other/public/bell", in: folder))
  }

  // Finding 5: `golden check --artifacts DIR` / `--report` into the catalog, a set, the
  // golden folder, `.` or the icons folder were accepted, and each check read the artifacts
  // back as images (10 -> 16); `golden record ACT icons` wrote goldens the next build read
  // as icons. Refused before anything is written (exit 2).
  @Test func goldenArtifactsAndReportsIntoFoldersReadBackAreRefused() throws {
    let folder = try OwnershipCLITests.project(
      #"{"version": 1, "icons": "icons", "ios": {"catalog": "App/Icons.xcassets"}}"#,
      icons: ["bell", "heart"])
    defer { try? FileManager.default.removeItem(at: folder) }
    #expect(try CLIRunner.run(["build", "--quiet"], in: folder).status == 0)
    let recorded = try CLIRunner.run(
      ["golden", "record", "App/Icons.xcassets", "golden"], in: folder)
    #expect(recorded.status == 0, "\(recorded.stderr)")
    // A failing check: heart's goldens are bell's pixels.
    for name in ["heart.png", "heart@2x.png", "heart@3x.png"] {
      let golden = folder.appendingPathComponent("golden/heart.imageset/" + name)
      try FileManager.default.removeItem(at: golden)
      try FileManager.default.copyItem(
        at: folder.appendingPathComponent(
          "golden/bell.imageset/" + name.replacingOccurrences(of: "heart", with: "bell")),
        to: golden)
    }
    let before = JournalCLITests.tree(folder)
    let rule =
      "; what glyphsmith writes there would be read back as images or icons, so it must be a folder of its own (such as \"golden-artifacts\"); nothing was written"
    let cases: [([String], String)] = [
      (
        ["--artifacts", "App/Icons.xcassets"],
        "App/Icons.xcassets: error: the --artifacts folder is the actual folder App/Icons.xcassets"
      ),
      (
        ["--artifacts", "App/Icons.xcassets/bell.imageset"],
        "App/Icons.xcassets/bell.imageset: error: the --artifacts folder is inside the actual folder App/Icons.xcassets"
      ),
      (
        ["--artifacts", "golden/heart-copy"],
        "golden/heart-copy: error: the --artifacts folder is inside the golden folder golden"
      ),
      (["--artifacts", "."], ".: error: the --artifacts folder holds the actual folder App/Icons.xcassets"),
      (["--artifacts", "icons"], "icons: error: the --artifacts folder is the icons folder icons"),
      (
        ["--report", "App/Icons.xcassets/report.html"],
        "App/Icons.xcassets/report-files: error: the --report's files folder is inside the actual folder App/Icons.xcassets"
      ),
    ]
    for (options, message) in cases {
      let run = try CLIRunner.run(
        ["golden", "check", "App/Icons.xcassets", "golden"] + options, in: folder)
      #expect(run.status == 2, "\(options): \(run.stderr)")
      #expect(run.stderr.hasPrefix(message + rule), "\(options): \(run.stderr)")
      #expect(
        JournalCLITests.differences(JournalCLITests.tree(folder), before) == [], "\(options)")
    }
    // A folder of its own is written as before; the check fails on heart alone, each time.
    for _ in 0..<2 {
      let run = try CLIRunner.run(
        ["golden", "check", "App/Icons.xcassets", "golden", "--artifacts", "out/artifacts",
         "--report", "out/report.html"], in: folder)
      #expect(run.status == 1, "\(run.stderr)")
      #expect(Self.exists("out/artifacts/heart.imageset/heart.png/diff.png", in: folder) || Self.exists("out/artifacts/heart.imageset/heart/diff.png", in: folder))
    }

    let icons = try CLIRunner.run(["golden", "record", "App/Icons.xcassets", "icons"], in: folder)
    #expect(icons.status == 2)
    #expect(
      icons.stderr
        == "icons: error: the golden folder is the icons folder icons; what glyphsmith writes there would be read back as images or icons, so it must be a folder of its own (such as \"golden\"); nothing was written\n"
    )
    let inside = try CLIRunner.run(
      ["golden", "record", "App/Icons.xcassets", "icons/gold"], in: folder)
    #expect(inside.status == 2)
    #expect(inside.stderr.hasPrefix("icons/gold: error: the golden folder is inside the icons folder icons;"))
  }

  // Finding 7: a worker killed by SIGXFSZ (`ulimit -f 8`) was said to have crashed on the SVG
  // ("check or simplify the file"), and the summary counted none of the sets it wrote.
  @Test func aWorkerStoppedByTheFileSizeLimitIsNamedAndItsFilesCounted() throws {
    let folder = try OwnershipCLITests.project(
      #"{"version": 1, "icons": "icons", "ios": {"catalog": "App/Icons.xcassets"}, "android": {"res": "android/res"}, "web": {"folder": "public"}}"#,
      icons: ["bell", "camera", "heart"])
    defer { try? FileManager.default.removeItem(at: folder) }
    // The signal's default action restored (the test runner ignores it; a shell does not).
    let run = try CLIRunner.run(
      ["-c", "ulimit -f 8; exec env --default-signal=XFSZ \"$0\" build", CLIRunner.executable.path], in: folder,
      executable: URL(fileURLWithPath: "/bin/bash"))
    #expect(run.status == 2, "\(run.stderr)")
    let lines = run.stderr.split(separator: "\n").map(String.init)
    for name in ["bell", "camera", "heart"] {
      #expect(
        lines.contains(
          "icons/\(name).svg: error: the renderer was stopped by SIGXFSZ: a file it wrote passed the file size limit (ulimit -f); raise the limit and build again"
        ), "\(run.stderr)")
    }
    #expect(!run.stderr.contains("check or simplify"), "\(run.stderr)")
    #expect(run.stderr.contains("3 failed (3 partly written); 0 removed"), "\(run.stderr)")
    #expect(Self.exists("App/Icons.xcassets/bell.imageset/bell.png", in: folder))
  }

  // Finding 8: a set kept for its changed Contents.json was said to have "no Contents.json".
  @Test func aSetKeptForItsChangedContentsJSONIsNotSaidToHaveNone() throws {
    let folder = try OwnershipCLITests.project(Self.catalogConfig, icons: ["bell", "heart"])
    defer { try? FileManager.default.removeItem(at: folder) }
    #expect(try CLIRunner.run(["build", "--quiet"], in: folder).status == 0)
    let contents = folder.appendingPathComponent("C.xcassets/bell.imageset/Contents.json")
    let edited = try String(contentsOf: contents, encoding: .utf8) + "\n"
    try Data(edited.utf8).write(to: contents)
    try FileManager.default.removeItem(at: folder.appendingPathComponent("icons/bell.svg"))
    let run = try CLIRunner.run(["build"], in: folder)
    #expect(run.status == 0, "\(run.stderr)")
    #expect(
      run.stderr.contains(
        "C.xcassets/bell.imageset: warning: kept for Contents.json, which was changed since glyphsmith wrote it; its other files are removed, so its Contents.json, kept, lists images it no longer holds (validate names them: missing-file); move it out and the next run removes the folder"
      ), "\(run.stderr)")
    #expect(!run.stderr.contains("no Contents.json"), "\(run.stderr)")
    #expect(try String(contentsOf: contents, encoding: .utf8) == edited)
    #expect(!Self.exists("C.xcassets/bell.imageset/bell.png", in: folder))
  }

  // Finding 11: a hand-edited record entry "." was taken for a set ("public/.: kept, not
  // removed"); a record entry must be a relative path inside the output folder.
  @Test(arguments: [".", "./", "bell/.", "./bell"])
  func aRecordEntryThatIsNoPathInsideTheFolderIsIgnored(entry: String) throws {
    let folder = try OwnershipCLITests.project(
      #"{"version": 1, "icons": "icons", "web": {"folder": "public"}}"#, icons: ["bell", "heart"])
    defer { try? FileManager.default.removeItem(at: folder) }
    #expect(try CLIRunner.run(["build", "--quiet"], in: folder).status == 0)
    let record = folder.appendingPathComponent("public/" + OutputManifest.fileName)
    var top = try #require(
      try JSONSerialization.jsonObject(with: Data(contentsOf: record)) as? [String: Any])
    var outputs = try #require(top["outputs"] as? [String: String])
    outputs[entry] = "../icons/gone.svg"
    top["outputs"] = outputs
    try JSONSerialization.data(withJSONObject: top).write(to: record)
    let before = JournalCLITests.tree(folder.appendingPathComponent("public/bell"))
    let run = try CLIRunner.run(["build"], in: folder)
    #expect(run.status == 0, "\(run.stderr)")
    #expect(!run.stderr.contains("public/."), "\(run.stderr)")
    #expect(run.stderr.hasSuffix("0 removed\n"), "\(run.stderr)")
    #expect(JournalCLITests.tree(folder.appendingPathComponent("public/bell")) == before)
  }

  // Finding 9: with `symbols: true` a symbol set was written into a user's group whose
  // Contents.json is not Glyphsmith's (provides-namespace), where image sets fail.
  @Test func aSymbolInAGroupWithTheUsersContentsJSONFailsAsAnImageSetWould() throws {
    let folder = try OwnershipCLITests.project(
      #"{"version": 1, "icons": "icons", "ios": {"catalog": "C.xcassets", "symbols": true}}"#,
      icons: ["bell"])
    defer { try? FileManager.default.removeItem(at: folder) }
    try Self.move("icons/bell.svg", "icons/grp/bell.svg", in: folder)
    let group = #"{"info":{"author":"xcode","version":1},"properties":{"provides-namespace":true}}"#
    try OwnershipCLITests.write(group, to: folder.appendingPathComponent("C.xcassets/grp/Contents.json"))
    let before = JournalCLITests.tree(folder)
    let run = try CLIRunner.run(["build"], in: folder)
    #expect(run.status == 2, "\(run.stderr)")
    #expect(
      run.stderr.hasPrefix(
        "icons/grp/bell.svg: error: C.xcassets/grp/Contents.json exists and was not made by glyphsmith; move it or pass --force\n"
      ), "\(run.stderr)")
    #expect(JournalCLITests.differences(JournalCLITests.tree(folder), before) == [])
    let forced = try CLIRunner.run(["build", "--force"], in: folder)
    #expect(forced.status == 0, "\(forced.stderr)")
    #expect(Self.exists("C.xcassets/grp/bell.symbolset/bell.svg", in: folder))
  }

  // Finding 10: `icons/bar.symbolset/heart.svg` made `C.xcassets/bar.symbolset/` a group,
  // which Xcode reads as a symbol set. The icon fails alone, named; the others are built.
  @Test func anIconsFolderNamedLikeAnAssetFolderIsNoGroup() throws {
    let folder = try OwnershipCLITests.project(Self.catalogConfig, icons: ["bell", "heart"])
    defer { try? FileManager.default.removeItem(at: folder) }
    try Self.move("icons/heart.svg", "icons/bar.symbolset/heart.svg", in: folder)
    let run = try CLIRunner.run(["build"], in: folder)
    #expect(run.status == 2, "\(run.stderr)")
    #expect(
      run.stderr.hasPrefix(
        "icons/bar.symbolset/heart.svg: error: its folder 'bar.symbolset' would be a catalog group named like an asset folder (.symbolset), which Xcode reads as that asset, not as a group; rename the folder\n"
      ), "\(run.stderr)")
    #expect(!Self.exists("C.xcassets/bar.symbolset", in: folder))
    #expect(Self.exists("C.xcassets/bell.imageset/bell.png", in: folder))
  }

  /// The same with `ios.symbols`: the icon fails alone, named, before its symbol set is made
  /// (it was written as `C.xcassets/bar.symbolset/heart.symbolset`).
  @Test func aSymbolInAFolderNamedLikeAnAssetFolderFailsAlone() throws {
    let config = #"{"version": 1, "icons": "icons", "ios": {"catalog": "C.xcassets", "symbols": true}}"#
    let folder = try OwnershipCLITests.project(config, icons: ["bell", "heart"])
    defer { try? FileManager.default.removeItem(at: folder) }
    try Self.move("icons/heart.svg", "icons/bar.symbolset/heart.svg", in: folder)
    let run = try CLIRunner.run(["build"], in: folder)
    #expect(run.status == 2, "\(run.stderr)")
    #expect(
      run.stderr.contains(
        "icons/bar.symbolset/heart.svg: error: its folder 'bar.symbolset' would be a catalog group named like an asset folder (.symbolset), which Xcode reads as that asset, not as a group; rename the folder\n"
      ), "\(run.stderr)")
    #expect(!Self.exists("C.xcassets/bar.symbolset", in: folder))
  }

  // Item 7 of the eighth trial's left work: symbol sets (`ios.symbols`) were not journalled
  // as image sets are, so a run killed while rewriting them left their old hashes, and the
  // next run kept a deleted icon's symbol set as "changed since glyphsmith wrote it".
  static let symbolNames = (0..<6).map { String(format: "icon-%02d", $0) }

  /// Version `version` (0 or 1) of icon `index`; `icon-05` carries the fault marker.
  static func symbolSVG(_ index: Int, version: Int) -> String {
    JournalCLITests.iconSVG(index + 6 * version).replacingOccurrences(
      of: "<circle", with: index == 5 ? "<!--FAULT--><circle" : "<circle")
  }

  static func symbolProject(_ names: [String], version: Int) throws -> URL {
    let folder = try temporaryFolder()
    try FileManager.default.createDirectory(
      at: folder.appendingPathComponent("icons"), withIntermediateDirectories: true)
    for name in names {
      try Data(symbolSVG(symbolNames.firstIndex(of: name)!, version: version).utf8).write(
        to: folder.appendingPathComponent("icons/\(name).svg"))
    }
    try Data(
      #"{"version": 1, "icons": "icons", "ios": {"catalog": "C.xcassets", "symbols": true}}"#.utf8
    ).write(to: folder.appendingPathComponent("glyphsmith.json"))
    return folder
  }

  /// A symbol project built by `command`, every icon's art then changed and the rewrite
  /// killed (SIGKILL) once every set but the hanging `icon-05`'s is written anew.
  static func killedSymbolReRender(_ command: [String]) throws -> URL {
    let folder = try Self.symbolProject(Self.symbolNames, version: 0)
    let first = try CLIRunner.run(command + ["--quiet"], in: folder)
    #expect(first.status == 0, "\(first.stderr)")
    let catalog = folder.appendingPathComponent("C.xcassets")
    func svg(_ name: String) -> Data? {
      FileManager.default.contents(
        atPath: catalog.appendingPathComponent("\(name).symbolset/\(name).svg").path)
    }
    let before = Self.symbolNames.map(svg)
    // Every icon changed: every symbol set is rewritten over its recorded self.
    for (index, name) in Self.symbolNames.enumerated() {
      try Data(Self.symbolSVG(index, version: 1).utf8).write(
        to: folder.appendingPathComponent("icons/\(name).svg"))
    }
    // Killed once every set but the hanging icon-05's is written anew.
    try TrialEightJournalCLITests.killedRun(
      command + ["--quiet", "--jobs", "1"], in: folder, fault: "hang-write:FAULT"
    ) {
      Self.symbolNames.indices.dropLast().allSatisfy { svg(Self.symbolNames[$0]) != before[$0] }
    }
    return folder
  }

  /// Issue 32, ninth trial finding A for symbol sets: after a killed rewrite exactly the old
  /// and the new content of a set's files are Glyphsmith's (journalled beside the record); a
  /// third content, even one carrying the mark, is the user's: kept and named when its icon
  /// is deleted.
  @Test func anEditedSymbolSVGAfterAKilledRewriteIsKeptAndNamed() throws {
    try #require(IsolationCLITests.faultsBuiltIn, IsolationCLITests.faultsNote)
    let folder = try Self.killedSymbolReRender(["build"])
    defer { try? FileManager.default.removeItem(at: folder) }
    let catalog = folder.appendingPathComponent("C.xcassets")
    let journal =
      (try? String(
        contentsOf: catalog.appendingPathComponent(OutputManifest.replacementsFileName),
        encoding: .utf8)) ?? ""
    #expect(journal.contains(#""file":"icon-02.symbolset\/icon-02.svg""#), "\(journal)")
    let edited = catalog.appendingPathComponent("icon-02.symbolset/icon-02.svg")
    let third = try Data(contentsOf: catalog.appendingPathComponent("icon-03.symbolset/icon-03.svg"))
    #expect(try Data(contentsOf: edited) != third)
    try third.write(to: edited)
    for name in ["icon-01", "icon-02"] {
      try FileManager.default.removeItem(at: folder.appendingPathComponent("icons/\(name).svg"))
    }
    let rerun = try CLIRunner.run(["build"], in: folder)
    #expect(rerun.status == 0, "\(rerun.stderr)")
    #expect(
      rerun.stderr.contains(
        "C.xcassets/icon-01.symbolset: removed (its source icons/icon-01.svg is gone)"),
      "\(rerun.stderr)")
    #expect(
      rerun.stderr.contains(
        "C.xcassets/icon-02.symbolset: kept, not removed (its source icons/icon-02.svg is gone; glyphsmith removed its own files, and icon-02.svg in it was changed since glyphsmith wrote it, so it is yours now)"
      ), "\(rerun.stderr)")
    #expect(try Data(contentsOf: edited) == third)
    #expect(
      rerun.stderr.split(separator: "\n").filter {
        $0.contains("changed since") && !$0.contains("icon-02.symbolset")
      } == [], "\(rerun.stderr)")
  }

  /// `build` with `ios.symbols`, and `assets --symbols --prune` alike (the latter was not
  /// journalled until the build's fix was shared: `SymbolJob.run(journalling:)`).
  @Test(arguments: [
    ["build"], ["assets", "icons", "-o", "C.xcassets", "--symbols", "--prune"],
  ])
  func aRunKilledWhileRewritingSymbolSetsLeavesNoStaleHashes(command: [String]) throws {
    try #require(IsolationCLITests.faultsBuiltIn, IsolationCLITests.faultsNote)
    let folder = try Self.killedSymbolReRender(command)
    defer { try? FileManager.default.removeItem(at: folder) }
    let catalog = folder.appendingPathComponent("C.xcassets")
    for name in ["icon-01", "icon-02"] {
      try FileManager.default.removeItem(at: folder.appendingPathComponent("icons/\(name).svg"))
    }
    let rerun = try CLIRunner.run(command, in: folder)
    #expect(rerun.status == 0, "\(rerun.stderr)")
    #expect(!rerun.stderr.contains("changed since"), "\(rerun.stderr)")
    #expect(
      rerun.stderr.contains("C.xcassets/icon-01.symbolset: removed (its source icons/icon-01.svg is gone)"),
      "\(rerun.stderr)")
    let reference = try Self.symbolProject(
      Self.symbolNames.filter { !["icon-01", "icon-02"].contains($0) }, version: 1)
    defer { try? FileManager.default.removeItem(at: reference) }
    #expect(try CLIRunner.run(command + ["--quiet"], in: reference).status == 0)
    let clean = JournalCLITests.tree(reference.appendingPathComponent("C.xcassets"))
    #expect(clean.filter { !$0.key.hasPrefix(".") }.count == 9)
    #expect(
      JournalCLITests.differences(
        JournalCLITests.tree(catalog).filter { !$0.key.hasPrefix(".") },
        clean.filter { !$0.key.hasPrefix(".") }) == [])
    let again = try CLIRunner.run(command, in: folder)
    #expect(again.status == 0)
    #expect(!again.stderr.contains("changed since"), "\(again.stderr)")
  }

  // Finding 12: a run whose every icon failed on a path Glyphsmith did not make said nothing
  // of what it did not do (the symbol-set case said it), and a record that cannot be written
  // ended the run without a summary line.
  @Test func aRunWhoseEveryIconFailsSaysNothingWasWrittenOrRemoved() throws {
    let folder = try OwnershipCLITests.project(Self.catalogConfig, icons: ["bell", "heart"])
    defer { try? FileManager.default.removeItem(at: folder) }
    for name in ["bell", "heart"] {
      try OwnershipCLITests.write(
        "mine", to: folder.appendingPathComponent("C.xcassets/\(name).imageset/mine.png"))
    }
    let run = try CLIRunner.run(["build"], in: folder)
    #expect(run.status == 2)
    let lines = run.stderr.split(separator: "\n").map(String.init)
    #expect(
      Array(lines.dropLast()) == [
        "icons/bell.svg: error: C.xcassets/bell.imageset exists and was not made by glyphsmith; move it or pass --force",
        "icons/heart.svg: error: C.xcassets/heart.imageset exists and was not made by glyphsmith; move it or pass --force",
      ])
    #expect(
      lines.last?.hasSuffix(
        "0 unchanged; 0 skipped; 2 failed; 0 removed (nothing was written or removed)") == true,
      "\(run.stderr)")
    // One icon built: no such suffix.
    try FileManager.default.removeItem(
      at: folder.appendingPathComponent("C.xcassets/heart.imageset"))
    let partly = try CLIRunner.run(["build"], in: folder)
    #expect(partly.status == 2)
    #expect(
      partly.stderr.hasSuffix("0 unchanged; 0 skipped; 1 failed; 0 removed\n"), "\(partly.stderr)")
  }

  @Test func aRecordThatCannotBeWrittenEndsWithASummaryLine() throws {
    let folder = try OwnershipCLITests.project(Self.catalogConfig, icons: ["bell", "heart"])
    defer { try? FileManager.default.removeItem(at: folder) }
    #expect(try CLIRunner.run(["build", "--quiet"], in: folder).status == 0)
    try FileManager.default.removeItem(at: folder.appendingPathComponent("icons/bell.svg"))
    let record = folder.appendingPathComponent("C.xcassets/" + OutputManifest.fileName)
    try FileManager.default.removeItem(at: record)
    try FileManager.default.createDirectory(
      at: record.appendingPathComponent("in-the-way"), withIntermediateDirectories: true)
    let run = try CLIRunner.run(["build"], in: folder)
    #expect(run.status == 2)
    let lines = run.stderr.split(separator: "\n").map(String.init)
    #expect(lines.count == 2, "\(run.stderr)")
    #expect(
      lines.first == "C.xcassets/.glyphsmith-outputs.json: error: cannot write: is a folder; give a file name")
    #expect(
      lines.last?.hasSuffix(
        "0 unchanged; 0 skipped; 0 failed; 0 removed (planning failed: nothing was written or removed)"
      ) == true, "\(run.stderr)")
    #expect(Self.exists("C.xcassets/bell.imageset/bell.png", in: folder))
  }
}
