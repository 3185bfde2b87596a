import Foundation
import Glyphsmith
import GlyphsmithTestFixtures
import Testing

/// `golden check --shard I/N` and `golden merge RESULTS... -o DIR` (issue 37): sharded then
/// merged equals unsharded byte for byte, and every way a merge cannot run is exit 2, named.
@Suite("golden check --shard and golden merge")
struct GoldenShardCLITests {
  static let black = RGBAImage(width: 4, height: 4, fill: .black)

  private func write(_ image: RGBAImage, _ folder: URL, _ path: String) throws {
    let url = folder.appendingPathComponent(path)
    try FileManager.default.createDirectory(
      at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
    try PNGCodec.encode(image).write(to: url)
  }

  private func read(_ folder: URL, _ path: String) throws -> Data {
    try Data(contentsOf: folder.appendingPathComponent(path))
  }

  /// Relative paths of the files under `folder` (hidden ones too), sorted.
  private func files(_ folder: URL) -> [String] {
    let base = folder.standardizedFileURL.path
    let enumerator = FileManager.default.enumerator(atPath: base)
    var found: [String] = []
    while let path = enumerator?.nextObject() as? String {
      var isFolder: ObjCBool = false
      if FileManager.default.fileExists(atPath: base + "/" + path, isDirectory: &isFolder),
        !isFolder.boolValue
      {
        found.append(path)
      }
    }
    return found.sorted()
  }

  /// 40 icons (`tabs/` and `bar/`, 20 each) at 1x and 2x, every fourth with a dark variant,
  /// recorded, then changed: 3 differ, 2 change size, 2 lose their golden, 2 lose their
  /// actual image (extra goldens), 1 actual is not a PNG.
  private func changedSet() throws -> URL {
    let folder = try temporaryFolder()
    for group in ["tabs", "bar"] {
      for icon in 0..<20 {
        let name = "\(group)/i\(icon)"
        var paths = ["\(name).png", "\(name)@2x.png"]
        if icon % 4 == 0 { paths.append("\(name)-dark@2x.png") }
        for path in paths {
          var image = Self.black
          image[icon % 4, icon / 5] = RGBA8(r: UInt8(icon * 10), g: 0, b: 0)
          try write(image, folder, "act/" + path)
        }
      }
    }
    let recorded = try CLIRunner.run(["golden", "record", "act", "gold"], in: folder)
    #expect(recorded.status == 0)
    for path in ["tabs/i1.png", "tabs/i7@2x.png", "bar/i12-dark@2x.png"] {
      var image = Self.black
      image[1, 1] = RGBA8(r: 255, g: 255, b: 255)
      image[2, 3] = RGBA8(r: 0, g: 255, b: 0)
      try write(image, folder, "act/" + path)
    }
    for path in ["tabs/i3@2x.png", "bar/i5.png"] {
      try write(RGBAImage(width: 8, height: 8, fill: .black), folder, "act/" + path)
    }
    for path in ["tabs/i9.png", "bar/i0@2x.png"] {
      try FileManager.default.removeItem(at: folder.appendingPathComponent("gold/" + path))
    }
    for path in ["tabs/i16-dark@2x.png", "bar/i18.png"] {
      try FileManager.default.removeItem(at: folder.appendingPathComponent("act/" + path))
    }
    try Data("not a png".utf8).write(to: folder.appendingPathComponent("act/bar/i2@2x.png"))
    return folder
  }

  @Test func shardedThenMergedEqualsUnshardedByteForByte() throws {
    let folder = try changedSet()
    defer { try? FileManager.default.removeItem(at: folder) }
    // The unsharded check, written where the merge will write, then moved aside.
    let whole = try CLIRunner.run(
      ["golden", "check", "act", "gold", "--json", "--junit", "out/junit.xml", "--report",
       "out/report.html", "--markdown", "out/comment.md"], in: folder)
    #expect(whole.status == 2)
    try whole.stdout.write(to: folder.appendingPathComponent("out/results.json"))
    try FileManager.default.moveItem(
      at: folder.appendingPathComponent("out"), to: folder.appendingPathComponent("ref"))

    var checked = 0
    var shardPaths: [[String]] = []
    for index in 1...4 {
      let shard = try CLIRunner.run(
        ["golden", "check", "act", "gold", "--shard", "\(index)/4", "--json", "--report",
         "s\(index)/report.html"], in: folder)
      #expect([0, 1, 2].contains(shard.status))
      try shard.stdout.write(to: folder.appendingPathComponent("s\(index)/results.json"))
      let json = try JSONDecoder().decode(GoldenCheck.Report.self, from: shard.stdout)
      #expect(json.shard?.index == index)
      #expect(json.shard?.count == 4)
      #expect(json.shard?.artifacts == "s\(index)/report-files")
      checked += json.checked
      shardPaths.append(json.results.map(\.path))
      // Every image of an icon in the shard of its icon.
      for path in json.results.map(\.path) {
        #expect(GoldenCheck.Shard.index(of: path, count: 4) == index)
      }
      let summary = try CLIRunner.run(
        ["golden", "check", "act", "gold", "--shard", "\(index)/4"], in: folder)
      #expect(summary.stdoutText.hasPrefix("shard \(index)/4: \(json.checked) images: "))
    }
    // 40 icons, 90 images (80 + 10 dark), less the two extra goldens' actuals, plus them.
    #expect(checked == 90)
    #expect(shardPaths.allSatisfy { !$0.isEmpty })
    #expect(Set(shardPaths.joined()).count == 90)

    let merged = try CLIRunner.run(
      ["golden", "merge", "s1/results.json", "s3/results.json", "s2/results.json",
       "s4/results.json", "-o", "out", "--markdown", "out/comment.md"], in: folder)
    #expect(merged.status == 2)
    #expect(
      merged.stdoutText
        == "merged 4 shards: 90 images: 80 passed, 9 failed, 1 could not be checked; "
        + "anti-aliasing counted; report in out/report.html\n"
        + "wrote out/results.json\nwrote out/junit.xml\nwrote out/report.html\n"
        + "wrote out/comment.md\n")
    #expect(merged.stderr == whole.stderr)
    let out = folder.appendingPathComponent("out")
    let ref = folder.appendingPathComponent("ref")
    #expect(try read(out, "results.json") == read(ref, "results.json"))
    #expect(try read(out, "junit.xml") == read(ref, "junit.xml"))
    #expect(try read(out, "report.html") == read(ref, "report.html"))
    #expect(try read(out, "comment.md") == read(ref, "comment.md"))
    let pictures = files(ref.appendingPathComponent("comment-images"))
    // One picture per changed icon with an image (the unreadable one has its golden).
    #expect(pictures.count == 10)
    #expect(files(out.appendingPathComponent("comment-images")) == pictures)
    for path in pictures {
      #expect(try read(out, "comment-images/" + path) == read(ref, "comment-images/" + path))
    }
    let artifacts = files(ref.appendingPathComponent("report-files"))
    #expect(artifacts.count == 1 + 3 * 3 + 2 * 3 + 2 + 2 + 1)
    #expect(files(out.appendingPathComponent("report-files")) == artifacts)
    for path in artifacts {
      #expect(
        try read(out, "report-files/" + path) == read(ref, "report-files/" + path), "\(path)")
    }

    // Merging again replaces its own outputs; the artifacts travel with the results file:
    // moved under another folder, they are found beside it.
    try FileManager.default.createDirectory(
      at: folder.appendingPathComponent("ci"), withIntermediateDirectories: true)
    try FileManager.default.moveItem(
      at: folder.appendingPathComponent("s2"), to: folder.appendingPathComponent("ci/s2"))
    let again = try CLIRunner.run(
      ["golden", "merge", "s1/results.json", "ci/s2/results.json", "s3/results.json",
       "s4/results.json", "-o", "out"], in: folder)
    #expect(again.status == 2)
    #expect(try read(out, "results.json") == read(ref, "results.json"))
    #expect(try read(out, "report.html") == read(ref, "report.html"))
  }

  /// `--markdown`: the exact comment, and one strip: 144 x 30 px, golden, actual and diff
  /// cells 48 px wide, each 4 x 4 image centred in its 16 px high glyph band at (22, 6),
  /// (70, 6) and (118, 6).
  @Test func markdownCommentAndItsPictures() throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    for path in ["tabs/bell.png", "tabs/bell@2x.png", "tabs/star.png", "top.png"] {
      try write(Self.black, folder, "act/" + path)
    }
    #expect(try CLIRunner.run(["golden", "record", "act", "gold"], in: folder).status == 0)
    var changed = Self.black
    changed[1, 1] = RGBA8(r: 255, g: 255, b: 255)
    try write(changed, folder, "act/tabs/bell.png")
    try FileManager.default.removeItem(at: folder.appendingPathComponent("gold/top.png"))
    try Data("mine".utf8).write(to: folder.appendingPathComponent("notes.md"))
    let run = try CLIRunner.run(
      ["golden", "check", "act", "gold", "--markdown", "pr/comment.md"], in: folder)
    #expect(run.status == 1)
    let text = String(decoding: try read(folder, "pr/comment.md"), as: UTF8.self)
    #expect(
      text == """
        <!-- glyphsmith golden check -->
        ### Golden check: 2 icons changed

        4 images: 2 passed, 2 failed, 0 could not be checked

        #### `top`

        - `top.png`: golden missing; record it after review; accept: `glyphsmith golden record act gold --only top.png`

        ![top: golden, actual, diff](comment-images/top.png)

        #### `tabs/bell`

        - `tabs/bell.png`: 1 of 16 pixels differ (6.250%, allowed 0); largest difference 0.966 on the 0-1 scale of the threshold (0.05) at (1, 1); anti-aliasing counted; accept: `glyphsmith golden record act gold --only tabs/bell.png`

        ![tabs/bell: golden, actual, diff](comment-images/tabs/bell.png)

        """)
    let strip = try PNGCodec.decode(
      read(folder, "pr/comment-images/tabs/bell.png"), path: "bell.png")
    #expect(strip.width == 144 && strip.height == 30)
    #expect(strip[0, 0] == RGBA8(r: 255, g: 255, b: 255))
    #expect(strip[22, 6] == RGBA8(r: 0, g: 0, b: 0))
    #expect(strip[23, 7] == RGBA8(r: 0, g: 0, b: 0))
    #expect(strip[70, 6] == RGBA8(r: 0, g: 0, b: 0))
    #expect(strip[71, 7] == RGBA8(r: 255, g: 255, b: 255))
    #expect(strip[119, 7] == RGBA8(r: 255, g: 0, b: 0))
    // Left of the golden image: the white sheet.
    #expect(strip[21, 6] == RGBA8(r: 255, g: 255, b: 255))
    let missing = try PNGCodec.decode(read(folder, "pr/comment-images/top.png"), path: "top.png")
    #expect(missing.width == 144 && missing.height == 30)
    #expect(missing[70, 6] == RGBA8(r: 0, g: 0, b: 0))
    #expect(missing[22, 6] == RGBA8(r: 255, g: 255, b: 255))
    // The same check, the same bytes; a file glyphsmith did not write is never replaced.
    let before = try read(folder, "pr/comment-images/tabs/bell.png")
    #expect(
      try CLIRunner.run(["golden", "check", "act", "gold", "--markdown", "pr/comment.md"], in: folder)
        .status == 1)
    #expect(try read(folder, "pr/comment-images/tabs/bell.png") == before)
    let foreign = try CLIRunner.run(
      ["golden", "check", "act", "gold", "--markdown", "notes.md"], in: folder)
    #expect(foreign.status == 2)
    #expect(
      foreign.stderr
        == "notes.md: error: exists and was not made by glyphsmith; move it or pass --force\n")
    #expect(try read(folder, "notes.md") == Data("mine".utf8))
  }

  @Test func aMergeThatCannotRunIsExit2NamingWhatIsWrong() throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    for icon in 0..<12 { try write(Self.black, folder, "act/i\(icon)@2x.png") }
    #expect(try CLIRunner.run(["golden", "record", "act", "gold"], in: folder).status == 0)
    for (name, arguments) in [
      ("a", ["--shard", "1/3"]), ("b", ["--shard", "2/3"]), ("c", ["--shard", "3/3"]),
      ("two", ["--shard", "1/2"]), ("whole", []),
    ] {
      let run = try CLIRunner.run(["golden", "check", "act", "gold", "--json"] + arguments, in: folder)
      #expect(run.status == 0)
      try run.stdout.write(to: folder.appendingPathComponent(name + ".json"))
    }
    try Data("{\"version\": 1".utf8).write(to: folder.appendingPathComponent("corrupt.json"))
    let wide = try CLIRunner.run(
      ["golden", "check", "act", "gold", "--json", "--shard", "2/3", "--threshold", "0.2"],
      in: folder)
    try wide.stdout.write(to: folder.appendingPathComponent("wide.json"))

    let cases: [([String], String)] = [
      (["a.json", "b.json", "b.json", "c.json"],
       "b.json: error: shard 2/3 is given twice (also b.json)\n"),
      (["a.json", "c.json"], "out: error: shard 2/3 is missing: give every shard once\n"),
      (["a.json", "two.json", "c.json"],
       "two.json: error: differs from a.json (shard 1/3): is shard 1/2, not of 3 shards\n"),
      (["a.json", "corrupt.json", "nope.json"],
       "corrupt.json: error: not a 'golden check --json' result: The given data was not valid JSON.\n"
         + "nope.json: error: cannot read this results file\n"),
      (["whole.json"],
       "whole.json: error: not a shard's result: it has no \"shard\" record (run 'golden check --shard I/N --json')\n"),
      (["a.json", "wide.json", "c.json"],
       "wide.json: error: differs from a.json (shard 1/3): its golden options\n"),
    ]
    for (files, stderr) in cases {
      let run = try CLIRunner.run(["golden", "merge"] + files + ["-o", "out"], in: folder)
      #expect(run.status == 2, "\(files)")
      #expect(run.stderr == stderr)
      #expect(run.stdout.isEmpty)
      #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("out").path))
    }
    let fine = try CLIRunner.run(
      ["golden", "merge", "c.json", "a.json", "b.json", "-o", "out"], in: folder)
    #expect(fine.status == 0)
    #expect(fine.stdoutText.hasPrefix("merged 3 shards: 12 images: 12 passed, 0 failed, "))
    #expect(
      try read(folder, "out/results.json") == read(folder, "whole.json"))
  }

  /// Issue 37 trial HIGH-4: a shard of another run (taken after the goldens were re-recorded:
  /// same folders, options, renderer and N) was merged without a word and its failures were
  /// gone. Each shard records its run (`ShardRecord.run`); merge refuses a mismatch, naming
  /// the file. The merged results of one run stay byte for byte the unsharded check's.
  @Test func aShardOfAnotherRunIsRefused() throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    for icon in 0..<12 { try write(Self.black, folder, "act/i\(icon)@2x.png") }
    #expect(try CLIRunner.run(["golden", "record", "act", "gold"], in: folder).status == 0)
    var failing = Self.black
    failing[0, 0] = RGBA8(r: 255, g: 255, b: 255)
    for icon in 0..<12 { try write(failing, folder, "act/i\(icon)@2x.png") }
    func check(_ name: String, _ arguments: [String]) throws {
      let run = try CLIRunner.run(["golden", "check", "act", "gold", "--json"] + arguments, in: folder)
      #expect(run.status == 1, "\(run.stderr)")
      try run.stdout.write(to: folder.appendingPathComponent(name + ".json"))
    }
    for index in 1...3 { try check("a\(index)", ["--shard", "\(index)/3"]) }
    try check("whole", [])
    // The goldens re-recorded from the failing images: a later run, whose shard 2 passes.
    #expect(
      try CLIRunner.run(["golden", "record", "act", "gold", "--force"], in: folder).status == 0)
    let later = try CLIRunner.run(
      ["golden", "check", "act", "gold", "--json", "--shard", "2/3"], in: folder)
    #expect(later.status == 0, "\(later.stderr)")
    try later.stdout.write(to: folder.appendingPathComponent("b2.json"))
    let mixed = try CLIRunner.run(
      ["golden", "merge", "a1.json", "b2.json", "a3.json", "-o", "out"], in: folder)
    #expect(mixed.status == 2)
    #expect(
      mixed.stderr
        == "b2.json: error: differs from a1.json (shard 1/3): its run (another commit or other goldens: every shard must come from one run of the same checkout)\n",
      "\(mixed.stderr)")
    #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("out").path))
    let fine = try CLIRunner.run(
      ["golden", "merge", "a1.json", "a2.json", "a3.json", "-o", "out"], in: folder)
    #expect(fine.status == 1, "\(fine.stderr)")
    #expect(try read(folder, "out/results.json") == read(folder, "whole.json"))
  }

  @Test(arguments: [
    ("0/4", "--shard takes I/N with 1 <= I <= N (such as 2/4), got '0/4'"),
    ("5/4", "--shard takes I/N with 1 <= I <= N (such as 2/4), got '5/4'"),
    ("2", "--shard takes I/N with 1 <= I <= N (such as 2/4), got '2'"),
    ("-1/4", "--shard takes I/N with 1 <= I <= N (such as 2/4), got '-1/4'"),
  ])
  func aBadShardIsAUsageError(value: String, message: String) throws {
    let run = try CLIRunner.run(["golden", "check", "act", "gold", "--shard=\(value)"])
    #expect(run.status == 2)
    #expect(run.stderr.hasPrefix("glyphsmith golden: error: \(message)\n"))
  }

  @Test func mergeTakesOnlyItsOptions() throws {
    let noOutput = try CLIRunner.run(["golden", "merge", "a.json"])
    #expect(noOutput.status == 2)
    #expect(noOutput.stderr.hasPrefix("glyphsmith golden: error: golden merge needs -o DIR\n"))
    let shard = try CLIRunner.run(["golden", "merge", "a.json", "-o", "x", "--shard", "1/2"])
    #expect(shard.status == 2)
    #expect(
      shard.stderr.hasPrefix(
        "glyphsmith golden: error: --shard does not apply to 'golden merge'\n"))
  }

  /// The split is SHA-256 of the icon (folder and shortest icon name) mod N: pinned values,
  /// an icon's scales and variants together.
  @Test func theSplitIsByIconAndStable() {
    #expect(GoldenCheck.Shard.icon(of: "tabs/bell-dark@2x.png") == "tabs/bell")
    #expect(GoldenCheck.Shard.icon(of: "bell.png") == "bell")
    // SHA-256("tabs/bell") starts 780a927cd68bdb0a; SHA-256("bell") starts f683740cded6680d.
    for path in ["tabs/bell.png", "tabs/bell@2x.png", "tabs/bell@3x.png", "tabs/bell-dark@2x.png"]
    {
      #expect(GoldenCheck.Shard.index(of: path, count: 4) == 3)
      #expect(GoldenCheck.Shard.index(of: path, count: 7) == 4)
    }
    #expect(GoldenCheck.Shard.index(of: "bell@3x.png", count: 4) == 2)
    #expect(GoldenCheck.Shard.index(of: "bell@3x.png", count: 7) == 4)
    #expect(GoldenCheck.Shard(parsing: "2/4") == GoldenCheck.Shard(index: 2, count: 4))
    #expect(GoldenCheck.Shard(parsing: "1/1") != nil)
    #expect(GoldenCheck.Shard(parsing: "4/3") == nil)
    #expect(GoldenCheck.Shard(parsing: "+1/3") == nil)
  }
}
