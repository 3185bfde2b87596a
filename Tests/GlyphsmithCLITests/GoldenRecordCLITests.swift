import Foundation
import Glyphsmith
import GlyphsmithTestFixtures
import Testing

/// `golden record --only/--prune/--verbose`, unchanged counting, no stray `golden.json`, the
/// accept command of every failure and `golden check --junit` (issue 25), through the built
/// executable.
@Suite("golden record for a set, and JUnit")
struct GoldenRecordCLITests {
  static let black = RGBAImage(width: 4, height: 4, fill: .black)
  static let white = RGBAImage(width: 4, height: 4, fill: .white)

  /// A temporary folder with `act/` holding `paths` (black 4 x 4 PNGs).
  private func fixture(_ paths: [String]) throws -> URL {
    let folder = try temporaryFolder()
    for path in paths { try write(Self.black, folder, "act/" + path) }
    return folder
  }

  private func write(_ image: RGBAImage, _ folder: URL, _ path: String) throws {
    let url = folder.appendingPathComponent(path)
    try FileManager.default.createDirectory(
      at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
    try PNGCodec.encode(image).write(to: url)
  }

  private func image(_ folder: URL, _ path: String) throws -> RGBAImage {
    try PNGCodec.decode(Data(contentsOf: folder.appendingPathComponent(path)), path: path)
  }

  private func exists(_ folder: URL, _ path: String) -> Bool {
    FileManager.default.fileExists(atPath: folder.appendingPathComponent(path).path)
  }

  @Test func onlyRecordsTheSelectedPathsGlobsAndFolders() throws {
    let paths = ["tabs/home.png", "tabs/home@2x.png", "tabs/inbox.png", "bar/x.png", "top.png"]
    let folder = try fixture(paths)
    defer { try? FileManager.default.removeItem(at: folder) }
    #expect(try CLIRunner.run(["golden", "record", "act", "gold"], in: folder).status == 0)
    for path in paths { try write(Self.white, folder, "act/" + path) }

    let glob = try CLIRunner.run(
      ["golden", "record", "act", "gold", "--only", "tabs/home*.png"], in: folder)
    #expect(glob.status == 0)
    #expect(glob.stdout.isEmpty)
    #expect(glob.stderr == "recorded 2 goldens, 0 unchanged\n")
    let gold = folder.appendingPathComponent("gold")
    #expect(try image(gold, "tabs/home.png") == Self.white)
    #expect(try image(gold, "tabs/home@2x.png") == Self.white)
    #expect(try image(gold, "tabs/inbox.png") == Self.black)

    // A folder and a path, the second one listed after the first pattern.
    let several = try CLIRunner.run(
      ["golden", "record", "act", "gold", "--only", "bar/", "top.png", "--verbose"], in: folder)
    #expect(several.status == 0)
    #expect(
      several.stderr
        == "recorded gold/bar/x.png\nrecorded gold/top.png\nrecorded 2 goldens, 0 unchanged\n")
    #expect(try image(gold, "tabs/inbox.png") == Self.black)

    // `**` crosses folders; what is already recorded is unchanged.
    let deep = try CLIRunner.run(
      ["golden", "record", "act", "gold", "--only", "**/*.png"], in: folder)
    #expect(deep.stderr == "recorded 1 golden, 4 unchanged\n")
    #expect(try image(gold, "tabs/inbox.png") == Self.white)

    // A pattern that selects nothing is an error, and nothing is written (issue 39).
    for path in paths { try write(Self.black, folder, "act/" + path) }
    let none = try CLIRunner.run(
      ["golden", "record", "act", "gold", "--only", "top.png", "--only", "nothing/*.png"],
      in: folder)
    #expect(none.status == 2)
    #expect(
      none.stderr
        == "nothing/*.png: error: --only matched no actual image and no golden; give a path or "
        + "glob relative to ACTUAL_DIR (or from the current folder), a file name (star.png and "
        + "star@2x select them in any folder), or an icon's name (bell selects bell.png, "
        + "bell@2x.png, tabs/bell-dark@3x.png ...)\n")
    #expect(try image(gold, "top.png") == Self.white)

    let absolute = try CLIRunner.run(
      ["golden", "record", "act", "gold", "--only", "/etc/passwd"], in: folder)
    #expect(absolute.status == 2)
    #expect(
      absolute.stderr.hasPrefix(
        "glyphsmith golden: error: --only takes paths relative to ACTUAL_DIR, got '/etc/passwd'"))
    let escape = try CLIRunner.run(
      ["golden", "record", "act", "gold", "--only", "../act/top.png"], in: folder)
    #expect(escape.status == 2)
    #expect(escape.stderr.hasPrefix("../act/top.png: error: --only matched no actual image"))
    #expect(try image(gold, "top.png") == Self.white)
  }

  /// `--only NAME` selects every golden of the icon NAME: all scales and variants, in any
  /// folder (it recorded nothing and exited 0, issue 39).
  @Test func onlyTakesAnIconsName() throws {
    let bells = [
      "bell.png", "bell@2x.png", "tabs/bell@3x.png", "bell-compact@2x.png", "bell-dark@2x.png",
      "Icons.xcassets/bell.imageset/bell@3x.png", "badge/bell@2x-light.png",
    ]
    let others = ["bell-slash.png", "tabs/bells@2x.png", "bell/readme.png"]
    let folder = try fixture(bells + others)
    defer { try? FileManager.default.removeItem(at: folder) }
    let result = try CLIRunner.run(
      ["golden", "record", "act", "gold", "--only", "bell", "--verbose"], in: folder)
    #expect(result.status == 0)
    // `bell` is also a folder `bell/` as a path, as it was.
    let recorded = (bells + ["bell/readme.png"]).sorted().map { "recorded gold/\($0)\n" }
    #expect(
      result.stderr == recorded.joined() + "recorded 8 goldens, 0 unchanged; wrote golden.json\n")
    let gold = folder.appendingPathComponent("gold")
    #expect(!exists(gold, "bell-slash.png") && !exists(gold, "tabs/bells@2x.png"))

    // The same selection decides what --prune deletes.
    try FileManager.default.removeItem(at: folder.appendingPathComponent("act/tabs/bell@3x.png"))
    let pruned = try CLIRunner.run(
      ["golden", "record", "act", "gold", "--only", "bell", "--prune"], in: folder)
    #expect(pruned.status == 0)
    #expect(pruned.stderr == "recorded 0 goldens, 7 unchanged, 1 pruned\n")
    #expect(!exists(gold, "tabs/bell@3x.png"))

    // A name that selects nothing is exit 2 naming it; nothing is written.
    let typo = try CLIRunner.run(
      ["golden", "record", "act", "gold", "--only", "bell", "--only", "bel"], in: folder)
    #expect(typo.status == 2)
    #expect(
      typo.stderr
        == "bel: error: --only matched no actual image and no golden; give a path or glob "
        + "relative to ACTUAL_DIR (or from the current folder), a file name (star.png and "
        + "star@2x select them in any folder), or an icon's name (bell selects bell.png, "
        + "bell@2x.png, tabs/bell-dark@3x.png ...)\n")
  }

  /// Issue 39's trial: `--only out/Icons.xcassets/star.imageset/star.png` (written from the
  /// current folder), `--only star.png` and `--only star@2x` each failed with exit 2.
  @Test func onlyTakesAPathFromTheCurrentFolderAndAFileName() throws {
    let set = "Icons.xcassets/star.imageset/"
    let folder = try fixture([set + "star.png", set + "star@2x.png", set + "star@3x.png"])
    defer { try? FileManager.default.removeItem(at: folder) }
    for (only, recorded) in [
      ("act/" + set + "star.png", [set + "star.png"]),
      ("./act/" + set + "star@2x.png", [set + "star@2x.png"]),
      ("star.png", [set + "star.png"]),
      ("star@3x", [set + "star@3x.png"]),
    ] {
      try? FileManager.default.removeItem(at: folder.appendingPathComponent("gold"))
      let result = try CLIRunner.run(
        ["golden", "record", "act", "gold", "--only", only, "--verbose"], in: folder)
      #expect(result.status == 0, "\(only): \(result.stderr)")
      #expect(
        result.stderr
          == recorded.map { "recorded gold/\($0)\n" }.joined()
          + "recorded 1 golden, 0 unchanged; wrote golden.json\n", "\(only)")
    }
    // From inside the actual folder, a path relative to it is the same path.
    let inside = try CLIRunner.run(
      ["golden", "record", ".", "../gold", "--only", set + "star.png"],
      in: folder.appendingPathComponent("act"))
    #expect(inside.status == 0, "\(inside.stderr)")
  }

  @Test func pruneDeletesOnlyGoldensWithoutAnActualImage() throws {
    let folder = try fixture(["top.png", "stale/a.png", "stale/b.png"])
    defer { try? FileManager.default.removeItem(at: folder) }
    #expect(try CLIRunner.run(["golden", "record", "act", "gold"], in: folder).status == 0)
    try FileManager.default.removeItem(at: folder.appendingPathComponent("act/stale"))
    let gold = folder.appendingPathComponent("gold")

    let kept = try CLIRunner.run(["golden", "record", "act", "gold"], in: folder)
    #expect(
      kept.stderr
        == "gold/stale/a.png: warning: golden has no actual image; delete it with --prune if the "
        + "image is gone\ngold/stale/b.png: warning: golden has no actual image; delete it with "
        + "--prune if the image is gone\nrecorded 0 goldens, 1 unchanged\n")
    #expect(exists(gold, "stale/a.png") && exists(gold, "stale/b.png"))

    let one = try CLIRunner.run(
      ["golden", "record", "act", "gold", "--only", "stale/a.png", "--prune", "--verbose"],
      in: folder)
    #expect(one.status == 0)
    #expect(one.stderr == "pruned gold/stale/a.png\nrecorded 0 goldens, 0 unchanged, 1 pruned\n")
    #expect(!exists(gold, "stale/a.png") && exists(gold, "stale/b.png"))

    let rest = try CLIRunner.run(["golden", "record", "act", "gold", "--prune"], in: folder)
    #expect(rest.stderr == "recorded 0 goldens, 1 unchanged, 1 pruned\n")
    #expect(!exists(gold, "stale"))  // the emptied folder goes too
    #expect(exists(gold, "top.png") && exists(gold, "golden.json"))
    let check = try CLIRunner.run(["golden", "check", "act", "gold"], in: folder)
    #expect(check.status == 0)
  }

  @Test func goldensWithTheSamePixelsAreLeftUntouchedAndCounted() throws {
    let folder = try fixture(["a.png", "b.png"])
    defer { try? FileManager.default.removeItem(at: folder) }
    // c.png: pixelmatch's fixture as another encoder wrote it; its golden is our re-encoding
    // of the same pixels (other bytes, same pixels).
    let other = try Data(contentsOf: PixelmatchFixtures.directory.appendingPathComponent("1a.png"))
    try other.write(to: folder.appendingPathComponent("act/c.png"))
    let reencoded = try PNGCodec.encode(PNGCodec.decode(other, path: "1a.png"))
    #expect(reencoded != other)
    try FileManager.default.createDirectory(
      at: folder.appendingPathComponent("gold"), withIntermediateDirectories: true)
    try reencoded.write(to: folder.appendingPathComponent("gold/c.png"))

    let first = try CLIRunner.run(["golden", "record", "act", "gold"], in: folder)
    #expect(first.stderr == "recorded 2 goldens, 1 unchanged; wrote golden.json\n")
    let gold = folder.appendingPathComponent("gold")
    #expect(try Data(contentsOf: gold.appendingPathComponent("c.png")) == reencoded)
    func inode(_ path: String) throws -> Int {
      try FileManager.default.attributesOfItem(atPath: gold.appendingPathComponent(path).path)[
        .systemFileNumber] as! Int
    }
    let before = try ["a.png", "b.png", "c.png", "golden.json"].map(inode)
    let again = try CLIRunner.run(["golden", "record", "act", "gold"], in: folder)
    #expect(again.stderr == "recorded 0 goldens, 3 unchanged\n")
    #expect(try ["a.png", "b.png", "c.png", "golden.json"].map(inode) == before)

    try write(Self.white, folder, "act/b.png")
    let one = try CLIRunner.run(["golden", "record", "act", "gold"], in: folder)
    #expect(one.stderr == "recorded 1 golden, 2 unchanged\n")
    #expect(try inode("a.png") == before[0])
    #expect(try inode("b.png") != before[1])
  }

  @Test func aSubFolderRecordUsesTheFoldersManifestAndWritesNoStrayOne() throws {
    let folder = try fixture(["tabs/home.png", "top.png"])
    defer { try? FileManager.default.removeItem(at: folder) }
    #expect(try CLIRunner.run(["golden", "record", "act", "gold"], in: folder).status == 0)
    try write(Self.white, folder, "act/tabs/home.png")
    let gold = folder.appendingPathComponent("gold").standardizedFileURL
    let sub = try CLIRunner.run(["golden", "record", "act/tabs", "gold/tabs"], in: folder)
    #expect(sub.status == 0)
    #expect(
      sub.stderr == "recorded 1 golden, 0 unchanged; options from \(gold.path)/golden.json\n")
    #expect(!exists(gold, "tabs/golden.json"))
    #expect(try image(gold, "tabs/home.png") == Self.white)
    // The sub-folder's check uses the folder's golden.json (no "not found" note).
    let check = try CLIRunner.run(["golden", "check", "act/tabs", "gold/tabs"], in: folder)
    #expect(check.status == 0)
    #expect(check.stderr == "")
    // Its options can only change from the folder that holds them.
    let metric = try CLIRunner.run(
      ["golden", "record", "act/tabs", "gold/tabs", "--metric", "oklab"], in: folder)
    #expect(metric.status == 2)
    #expect(
      metric.stderr
        == "\(gold.path)/golden.json: error: this golden.json, above the golden folder, holds its "
        + "options; record from its folder to change them\n")
  }

  @Test func everyFailureNamesTheCommandThatAcceptsItAndTheCommandWorks() throws {
    let folder = try fixture(["a.png", "odd name [1].png", "gone.png"])
    defer { try? FileManager.default.removeItem(at: folder) }
    #expect(try CLIRunner.run(["golden", "record", "act", "gold"], in: folder).status == 0)
    try write(Self.white, folder, "act/a.png")
    try write(Self.white, folder, "act/odd name [1].png")
    try write(Self.black, folder, "act/new.png")
    try FileManager.default.removeItem(at: folder.appendingPathComponent("act/gone.png"))

    let check = try CLIRunner.run(["golden", "check", "act", "gold", "--json"], in: folder)
    #expect(check.status == 1)
    let lines = check.stderr.split(separator: "\n").map(String.init)
    let commands = lines.compactMap { line in
      line.range(of: "; accept: ").map { String(line[$0.upperBound...]) }
    }
    #expect(
      commands.sorted() == [
        "glyphsmith golden record act gold --only 'odd name \\[1].png'",
        "glyphsmith golden record act gold --only a.png",
        "glyphsmith golden record act gold --only gone.png --prune",
        "glyphsmith golden record act gold --only new.png",
      ])
    #expect(
      lines.contains(
        "act/new.png: error: golden missing; record it after review; accept: glyphsmith golden "
          + "record act gold --only new.png"))
    // --json carries the same command in `accept`.
    let json = try #require(
      try JSONSerialization.jsonObject(with: check.stdout) as? [String: Any])
    let results = try #require(json["results"] as? [[String: Any]])
    #expect(
      results.compactMap { $0["accept"] as? String }.sorted() == commands.sorted())
    #expect(
      results.filter { $0["status"] as? String == "passed" }.allSatisfy { $0["accept"] == nil })

    // Each command, run as printed by a shell, accepts exactly its failure.
    for (index, command) in commands.enumerated() {
      let run = try runShell(
        "\"$GLYPHSMITH\"" + String(command.dropFirst("glyphsmith".count)), in: folder)
      #expect(run.status == 0, "\(command): \(run.stderr)")
      let after = try CLIRunner.run(["golden", "check", "act", "gold"], in: folder)
      #expect(after.stderr.split(separator: "\n").count == commands.count - index - 1)
    }
    let final = try CLIRunner.run(["golden", "check", "act", "gold"], in: folder)
    #expect(final.status == 0)
    #expect(!exists(folder, "gold/gone.png"))
  }

  @Test func junitHasOneCasePerImageAndValidatesAgainstTheJUnitSchema() throws {
    let folder = try fixture(["a.png", "b.png", "gone.png"])
    defer { try? FileManager.default.removeItem(at: folder) }
    #expect(try CLIRunner.run(["golden", "record", "act", "gold"], in: folder).status == 0)
    try write(Self.white, folder, "act/a.png")
    try write(Self.black, folder, "act/sub/new.png")
    try FileManager.default.removeItem(at: folder.appendingPathComponent("act/gone.png"))
    let check = try CLIRunner.run(
      ["golden", "check", "act", "gold", "--junit", "out/results.xml", "--artifacts", "ART"],
      in: folder)
    #expect(check.status == 1)
    let xml = try String(
      contentsOf: folder.appendingPathComponent("out/results.xml"), encoding: .utf8)
    let expected = """
      <?xml version="1.0" encoding="UTF-8"?>
      <testsuites name="glyphsmith golden check act against gold" tests="4" failures="3" errors="0" time="0">
      <testsuite name="glyphsmith golden check act against gold" tests="4" failures="3" errors="0" skipped="0" time="0">
      <testcase classname="golden" name="a.png" time="0">
      <failure type="differs" message="16 of 16 pixels differ (100.000%, allowed 0); largest difference 0.966 on the 0-1 scale of the threshold (0.05) at (0, 0); anti-aliasing counted">16 of 16 pixels differ (100.000%, allowed 0); largest difference 0.966 on the 0-1 scale of the threshold (0.05) at (0, 0); anti-aliasing counted
      accept: glyphsmith golden record act gold --only a.png
      expected: ART/a/expected.png
      actual: ART/a/actual.png
      diff: ART/a/diff.png</failure>
      <system-out>[[ATTACHMENT|ART/a/expected.png]]
      [[ATTACHMENT|ART/a/actual.png]]
      [[ATTACHMENT|ART/a/diff.png]]</system-out>
      </testcase>
      <testcase classname="golden" name="b.png" time="0"/>
      <testcase classname="golden" name="gone.png" time="0">
      <failure type="extraGolden" message="golden has no actual image; prune the golden if the image is gone">golden has no actual image; prune the golden if the image is gone
      accept: glyphsmith golden record act gold --only gone.png --prune
      expected: ART/gone/expected.png</failure>
      <system-out>[[ATTACHMENT|ART/gone/expected.png]]</system-out>
      </testcase>
      <testcase classname="golden.sub" name="sub/new.png" time="0">
      <failure type="missingGolden" message="golden missing; record it after review">golden missing; record it after review
      accept: glyphsmith golden record act gold --only sub/new.png
      actual: ART/sub/new/actual.png</failure>
      <system-out>[[ATTACHMENT|ART/sub/new/actual.png]]</system-out>
      </testcase>
      </testsuite>
      </testsuites>

      """
    #expect(xml == expected)
    // The same check gives the same bytes.
    _ = try CLIRunner.run(
      ["golden", "check", "act", "gold", "--junit", "out/results.xml", "--artifacts", "ART"],
      in: folder)
    #expect(
      try String(contentsOf: folder.appendingPathComponent("out/results.xml"), encoding: .utf8)
        == expected)
    try expectValidJUnit(folder.appendingPathComponent("out/results.xml"))

    // An unreadable image is an <error>, and the file still validates.
    try Data("junk".utf8).write(to: folder.appendingPathComponent("act/b.png"))
    let broken = try CLIRunner.run(
      ["golden", "check", "act", "gold", "--junit", "broken.xml"], in: folder)
    #expect(broken.status == 2)
    let brokenXML = try String(
      contentsOf: folder.appendingPathComponent("broken.xml"), encoding: .utf8)
    #expect(brokenXML.contains("tests=\"4\" failures=\"3\" errors=\"1\""))
    #expect(
      brokenXML.contains(
        "<error type=\"unreadable\" message=\"act/b.png: error: invalid PNG: not a PNG file (no "
          + "PNG signature)\">"))
    try expectValidJUnit(folder.appendingPathComponent("broken.xml"))
  }

  /// Validates `file` with `xmllint --schema` against the JUnit XSD of the fixtures (Debian
  /// `libxml2-utils`, installed by `.ci/run`); skipped with a message only outside CI when
  /// xmllint is absent.
  private func expectValidJUnit(_ file: URL) throws {
    guard let xmllint = BrowserTools.find(["xmllint"]) else {
      if BrowserTools.isCI {
        Issue.record("xmllint is missing in CI: .ci/run installs libxml2-utils")
      } else {
        print("note: xmllint not installed (apt-get install libxml2-utils); schema check skipped")
      }
      return
    }
    let schema = PixelmatchFixtures.directory.deletingLastPathComponent()
      .appendingPathComponent("junit/junit-10.xsd")
    let result = try CLIRunner.run(
      ["--noout", "--schema", schema.path, file.path], executable: URL(fileURLWithPath: xmllint))
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stderr.hasSuffix("validates\n"))
  }

}
