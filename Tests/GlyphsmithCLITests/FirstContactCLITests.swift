import Foundation
import Glyphsmith
import Testing

/// Issue 12's examples, "the same answer every time", "nothing silently ignored" and "errors
/// that name the real problem", each as the CLI run a new user made.
@Suite struct FirstContactCLITests {
  /// A temporary folder with `icons/home.svg` and `icons/bell.svg` (circles).
  static func iconsFolder() throws -> URL {
    let dir = try temporaryFolder()
    let icons = dir.appendingPathComponent("icons")
    try FileManager.default.createDirectory(at: icons, withIntermediateDirectories: true)
    for name in ["home", "bell"] {
      try Data(circleSVG.utf8).write(to: icons.appendingPathComponent("\(name).svg"))
    }
    return dir
  }

  static func write(_ text: String, _ name: String, in dir: URL) throws {
    let url = dir.appendingPathComponent(name)
    try FileManager.default.createDirectory(
      at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
    try Data(text.utf8).write(to: url)
  }

  // MARK: - The same input gives the same answer

  @Test func assetsBesideABrokenStrangerExitsZeroOnEveryRunAndValidateReportsIt() throws {
    let dir = try Self.iconsFolder()
    defer { try? FileManager.default.removeItem(at: dir) }
    try Self.write(
      #"{"images":[{"filename":"b.png","idiom":"universal","scale":"1x"}],"info":{"author":"x","version":1}}"#,
      "C.xcassets/broken.imageset/Contents.json", in: dir)
    let first = try CLIRunner.run(["assets", "icons", "-o", "C.xcassets"], in: dir)
    let second = try CLIRunner.run(["assets", "icons", "-o", "C.xcassets"], in: dir)
    #expect(first.status == 0, "\(first.stderr)")
    #expect(second.status == 0, "\(second.stderr)")
    #expect(!first.stderr.contains("broken") && !second.stderr.contains("broken"))
    #expect(second.stderr.contains("2 unchanged"))
    let validate = try CLIRunner.run(["validate", "C.xcassets"], in: dir)
    #expect(validate.status == 1)
    #expect(
      validate.stderr.hasPrefix(
        "C.xcassets/broken.imageset/Contents.json:1:1: error: [missing-file] images[0] (universal 1x, b.png): 'b.png' does not exist"
      ))
  }

  @Test func assetsOwnBrokenSetIsRepairedAndUnchangedRerunsReportShapeAndSize() throws {
    let dir = try Self.iconsFolder()
    defer { try? FileManager.default.removeItem(at: dir) }
    let first = try CLIRunner.run(["assets", "icons", "-o", "C.xcassets", "--json"], in: dir)
    let rerun = try CLIRunner.run(["assets", "icons", "-o", "C.xcassets", "--json"], in: dir)
    #expect(first.status == 0 && rerun.status == 0)
    struct Report: Decodable {
      struct Input: Decodable {
        var name: String
        var status: String
        var shape: String?
        var sizePt: Double?
      }
      var inputs: [Input]
    }
    let a = try JSONDecoder().decode(Report.self, from: first.stdout).inputs
    let b = try JSONDecoder().decode(Report.self, from: rerun.stdout).inputs
    #expect(a.map(\.status) == ["written", "written"])
    #expect(b.map(\.status) == ["unchanged", "unchanged"])
    #expect(b.map(\.shape) == ["circle", "circle"] && b.map(\.sizePt) == [25, 25])
    #expect(a.map(\.shape) == b.map(\.shape) && a.map(\.sizePt) == b.map(\.sizePt))
    // The @1x copied over the @2x: not up to date any more, so it is written again.
    let set = dir.appendingPathComponent("C.xcassets/bell.imageset")
    try FileManager.default.removeItem(at: set.appendingPathComponent("bell@2x.png"))
    try FileManager.default.copyItem(
      at: set.appendingPathComponent("bell.png"), to: set.appendingPathComponent("bell@2x.png"))
    let repaired = try CLIRunner.run(["assets", "icons", "-o", "C.xcassets", "--json"], in: dir)
    let c = try JSONDecoder().decode(Report.self, from: repaired.stdout).inputs
    #expect(repaired.status == 0)
    #expect(c.map(\.status) == ["written", "unchanged"])
    let data = try Data(contentsOf: set.appendingPathComponent("bell@2x.png"))
    #expect(PNGCodec.size(of: data)! == (50, 50))
  }

  // MARK: - Nothing is silently ignored

  @Test(arguments: [
    ["assets", "empty", "-o", "E.xcassets"], ["lint", "empty"], ["sheet", "empty", "-o", "s.png"],
  ])
  func aFolderWithoutIconsExitsTwoSayingNoIcons(arguments: [String]) throws {
    let dir = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: dir) }
    try Self.write("not an icon", "empty/readme.txt", in: dir)
    let result = try CLIRunner.run(arguments, in: dir)
    #expect(result.status == 2)
    #expect(result.stderr.contains("empty: error: no icons (.svg or .png files) in this folder"))
    #expect(!FileManager.default.fileExists(atPath: dir.appendingPathComponent("E.xcassets").path))
  }

  @Test func textThePinnedFontsCannotDrawWarnsNamingTheElement() throws {
    let dir = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: dir) }
    try Self.write(
      """
      <svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24">
        <text id="label" x="2" y="18" font-family="Inter" font-size="12">A&#x4E2D;</text>
        <text x="2" y="10" style="font-family: Helvetica; font-size: 8px">B</text>
        <text x="2" y="22" font-family="Inter, sans-serif" font-size="8">ok</text>
      </svg>
      """, "t.svg", in: dir)
    let result = try CLIRunner.run(["render", "t.svg", "-o", "t.png", "--size", "24"], in: dir)
    #expect(result.status == 0)
    let lines = result.stderr.split(separator: "\n").map(String.init)
    #expect(lines.count == 2)
    #expect(
      lines.first?.hasPrefix(
        "t.svg:2:") == true
        && lines.first?.contains(
          "warning: <text id=\"label\">: no pinned font has a glyph for U+4E2D '中'; it draws as a box"
        )
          == true
    )
    #expect(
      lines.last?.hasPrefix("t.svg:3:") == true
        && lines.last?.contains(
          "warning: <text> (line 3): font-family 'Helvetica' is not a pinned font") == true
    )
    // lint: missing-glyph (warning; error for indicators) and unpinned-font (info).
    let lint = try CLIRunner.run(["lint", "t.svg", "--json"], in: dir)
    struct Report: Decodable {
      struct File: Decodable {
        struct Finding: Decodable, Equatable {
          var rule: String
          var severity: String
          var line: Int?
        }
        var findings: [Finding]
      }
      var files: [File]
    }
    func textFindings(_ data: Data) throws -> [Report.File.Finding] {
      try JSONDecoder().decode(Report.self, from: data).files[0].findings.filter {
        ["missing-glyph", "unpinned-font"].contains($0.rule)
      }
    }
    #expect(
      try textFindings(lint.stdout) == [
        .init(rule: "missing-glyph", severity: "warning", line: 2),
        .init(rule: "unpinned-font", severity: "info", line: 3),
      ])
    let indicator = try CLIRunner.run(["lint", "t.svg", "--json", "--role", "indicator"], in: dir)
    #expect(indicator.status == 1)
    #expect(try textFindings(indicator.stdout).map(\.severity) == ["error", "info"])
  }

  @Test func aCatalogNameWithoutXcassetsWarns() throws {
    let dir = try Self.iconsFolder()
    defer { try? FileManager.default.removeItem(at: dir) }
    let result = try CLIRunner.run(["assets", "icons", "-o", "Icons"], in: dir)
    #expect(result.status == 0)
    #expect(
      result.stderr.hasPrefix(
        "Icons: warning: the catalog folder does not end in .xcassets; Xcode reads only NAME.xcassets folders as asset catalogs; use -o Icons.xcassets\n"
      ))
    let fine = try CLIRunner.run(["assets", "icons", "-o", "Icons.xcassets"], in: dir)
    #expect(!fine.stderr.contains("warning"))
  }

  @Test func androidWithoutIOSWritesIntoOutputAndNamesTheFolder() throws {
    let dir = try Self.iconsFolder()
    defer { try? FileManager.default.removeItem(at: dir) }
    let result = try CLIRunner.run(
      ["assets", "icons", "--platform", "android", "-o", "out"], in: dir)
    #expect(result.status == 0, "\(result.stderr)")
    #expect(
      try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted() == ["icons", "out"])
    #expect(
      FileManager.default.fileExists(
        atPath: dir.appendingPathComponent("out/android/res/drawable-mdpi/bell.png").path))
    #expect(result.stderr.contains("(10 PNG files) to "))
    #expect(result.stderr.contains("out/android in "))
  }

  @Test func appiconRefusesMoreThanTwiceUpscalingUnlessAllowed() throws {
    let dir = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: dir) }
    try Self.write(circleSVG, "c.svg", in: dir)
    #expect(
      try CLIRunner.run(["render", "c.svg", "-o", "small.png", "--width", "75"], in: dir).status
        == 0)
    let refused = try CLIRunner.run(["appicon", "small.png", "-o", "A.xcassets"], in: dir)
    #expect(refused.status == 2)
    #expect(
      refused.stderr.contains(
        "small.png: error: the raster is 75x75 px; the 1024 px app icon would enlarge it 13.65x (more than 2x blurs it)"
      ))
    #expect(!FileManager.default.fileExists(atPath: dir.appendingPathComponent("A.xcassets").path))
    let allowed = try CLIRunner.run(
      ["appicon", "small.png", "-o", "A.xcassets", "--allow-upscale"], in: dir)
    #expect(allowed.status == 0 || allowed.status == 1, "\(allowed.stderr)")
    #expect(
      FileManager.default.fileExists(
        atPath: dir.appendingPathComponent("A.xcassets/AppIcon.appiconset/icon-1024.png").path))
  }

  @Test func validateChecksTheSizeOfAnEntryWithAnInvalidScale() throws {
    let dir = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: dir) }
    try Self.write(circleSVG, "c.svg", in: dir)
    let set = "C.xcassets/x.imageset"
    try FileManager.default.createDirectory(
      at: dir.appendingPathComponent(set), withIntermediateDirectories: true)
    _ = try CLIRunner.run(["render", "c.svg", "-o", "\(set)/x.png", "--width", "25"], in: dir)
    _ = try CLIRunner.run(["render", "c.svg", "-o", "\(set)/x@3x.png", "--width", "72"], in: dir)
    try Self.write(
      """
      {"images":[{"filename":"x.png","idiom":"universal","scale":"1x"},
      {"filename":"x@3x.png","idiom":"universal","scale":"@3x"}],"info":{"author":"xcode","version":1}}
      """, "\(set)/Contents.json", in: dir)
    // The size is checked at the factor "@3x" plainly means, and the unknown scale says so.
    let result = try CLIRunner.run(["validate", "C.xcassets"], in: dir)
    #expect(result.status == 1)
    let entry = "C.xcassets/x.imageset/Contents.json:2:1: warning:"
    #expect(
      result.stderr == """
        \(entry) [scale-mismatch] images[1] (universal @3x, x@3x.png): 'x@3x.png' is 72x72 px, \
        not 3x the @1x 'x.png' (25x25 px); re-render it at 75x75 px
        \(entry) [unknown-scale] images[1] (universal @3x, x@3x.png): unknown scale '@3x'; \
        write '3x' (its size is checked as 3x)
        2 findings (0 errors)

        """)
    #expect(result.stdout.isEmpty)
    let json = try CLIRunner.run(["validate", "C.xcassets", "--json"], in: dir)
    #expect(json.status == 1)
    let rules = try #require(
      (try JSONSerialization.jsonObject(with: json.stdout) as? [String: Any])?["findings"]
        as? [[String: Any]]
    ).compactMap { $0["rule"] as? String }
    #expect(rules == ["scale-mismatch", "unknown-scale"])
    // A scale that means nothing is told to use a valid one; the size is checked at the
    // factor its file name says.
    try Self.write(
      """
      {"images":[{"filename":"x.png","idiom":"universal","scale":"1x"},
      {"filename":"x@3x.png","idiom":"universal","scale":"huge"}],"info":{"author":"xcode","version":1}}
      """, "\(set)/Contents.json", in: dir)
    let huge = try CLIRunner.run(["validate", "C.xcassets"], in: dir)
    #expect(huge.status == 1)
    #expect(
      huge.stderr == """
        \(entry) [scale-mismatch] images[1] (universal huge, x@3x.png): 'x@3x.png' is 72x72 px, \
        not 3x (taken as @3x from its file name) the @1x 'x.png' (25x25 px); re-render it at \
        75x75 px
        \(entry) [unknown-scale] images[1] (universal huge, x@3x.png): unknown scale 'huge'; \
        use 1x, 2x or 3x
        2 findings (0 errors)

        """)
  }

  // MARK: - Errors name the real problem

  @Test func theFormatComesFromTheContent() throws {
    let dir = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: dir) }
    try Self.write("hello\n", "t.png", in: dir)
    try Self.write("", "e.png", in: dir)
    let text = try CLIRunner.run(["render", "t.png", "-o", "o.png"], in: dir)
    #expect(text.status == 2)
    #expect(
      text.stderr
        == "t.png: error: not a PNG or SVG file (by its content); give an SVG or PNG icon\n")
    let empty = try CLIRunner.run(["render", "e.png", "-o", "o.png"], in: dir)
    #expect(empty.status == 2)
    #expect(empty.stderr == "e.png: error: the file is empty; give an SVG or PNG icon\n")
    let lint = try CLIRunner.run(["lint", "t.png"], in: dir)
    #expect(lint.status == 2 && lint.stderr.contains("not a PNG or SVG file"))
  }

  @Test func fileNamesThatAreNotUTF8() throws {
    let dir = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: dir) }
    try Self.write(circleSVG, "c.svg", in: dir)
    let name = #""$(printf 'caf\351')""#
    let render = try runShell(
      #"cp c.svg \#(name).svg && "$GLYPHSMITH" render \#(name).svg -o \#(name).png --width 20"#,
      in: dir)
    #expect(render.status == 0, "\(render.stderr)")
    let lint = try runShell(#""$GLYPHSMITH" lint \#(name).svg"#, in: dir)
    #expect(lint.status == 0, "\(lint.stderr)")
    let compare = try runShell(#""$GLYPHSMITH" compare \#(name).png \#(name).png"#, in: dir)
    #expect(compare.status == 0)
    #expect(compare.stdoutText.hasPrefix(#"caf\xE9.png vs caf\xE9.png: 0 of 400 pixels differ"#))
    let assets = try runShell(#""$GLYPHSMITH" assets \#(name).svg -o C.xcassets"#, in: dir)
    #expect(assets.status == 2)
    #expect(
      assets.stderr.contains(
        #"caf\xE9.svg: error: the file name is not valid UTF-8; asset names must be"#))
    // The same from a folder.
    let folder = try runShell(
      #"mkdir icons && cp \#(name).svg icons/ && "$GLYPHSMITH" lint icons"#, in: dir)
    #expect(folder.status == 0, "\(folder.stderr)")
    let folderAssets = try runShell(#""$GLYPHSMITH" assets icons -o C.xcassets"#, in: dir)
    #expect(folderAssets.status == 2)
    #expect(
      folderAssets.stderr.hasPrefix(#"icons/caf\xE9.svg: error: the file name is not valid UTF-8"#))
    // One such name fails alone: the other inputs of the batch are still written, and the
    // other bad files are still named (a new user's folder of 8 good icons and 3 bad files).
    let mixed = try runShell(
      #"cp c.svg icons/ok.svg && : > icons/empty.png && "$GLYPHSMITH" assets icons -o M.xcassets"#,
      in: dir)
    #expect(mixed.status == 2)
    #expect(FileManager.default.fileExists(atPath: dir.path + "/M.xcassets/ok.imageset/ok@2x.png"))
    #expect(mixed.stderr.contains(#"icons/caf\xE9.svg: error: the file name is not valid UTF-8"#))
    #expect(mixed.stderr.contains("icons/empty.png: error: the file is empty"))
    #expect(mixed.stderr.contains("wrote 1 icon"))
    // A project's plan (what the SwiftPM plugin reads) names it on stderr as a run does; the
    // JSON on stdout lists it under "failures" (t37c's trial: exit 2 and an empty stderr).
    try Self.write(#"{"version": 1, "icons": "icons", "ios": {"catalog": "P.xcassets"}}"#,
      "glyphsmith.json", in: dir)
    let plan = try runShell(#""$GLYPHSMITH" build --plan --json"#, in: dir)
    #expect(plan.status == 2)
    // (The empty PNG is found when it is read, by a run: a plan reads no file.)
    #expect(
      plan.stderr
        == #"icons/caf\xE9.svg: error: the file name is not valid UTF-8; asset names must be "#
        + "(Xcode and Android read them as UTF-8); rename the file\n")
    #expect(plan.stdoutText.contains(#""failures""#))
    // Goldens with such a name are recorded under the same bytes and found again by check
    // (Foundation's folder enumerator turned the byte into U+FFFD: "could not be checked").
    let golden = try runShell(
      #"mkdir act && cp \#(name).png act/ && "$GLYPHSMITH" golden record act gold --quiet"#
        + #" && "$GLYPHSMITH" golden check act gold"#,
      in: dir)
    #expect(golden.status == 0, "\(golden.stderr)")
    #expect(golden.stdoutText.hasPrefix("1 image: 1 passed, 0 failed, 0 could not be checked"))
    let recorded = try FileManager.default.contentsOfDirectory(atPath: dir.path + "/gold")
    #expect(recorded.count == 2)  // the golden and golden.json
  }

  @Test func namesInNFCAndNFDCollideNamingBoth() throws {
    let dir = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: dir) }
    let nfc = "caf\u{E9}.svg"
    let nfd = "cafe\u{301}.svg"
    try Self.write(circleSVG, "icons/" + nfc, in: dir)
    try Self.write(circleSVG, "icons/" + nfd, in: dir)
    let result = try CLIRunner.run(["assets", "icons", "-o", "C.xcassets"], in: dir)
    #expect(result.status == 2)
    #expect(!result.stderr.contains("given twice"))
    // Both spellings named, each with its form (byte comparison: Swift strings compare NFC
    // and NFD as equal).
    let bytes = Data(result.stderr.utf8)
    #expect(bytes.range(of: Data(("icons/" + nfc + " (NFC)").utf8)) != nil)
    #expect(bytes.range(of: Data(("icons/" + nfd + " (NFD)").utf8)) != nil)
    #expect(
      result.stderr.contains(
        "the two file names are the same text in different Unicode normalisation forms"))
  }

  @Test func anUnknownLintSeveritySaysTheValueAndTheAllowedOnes() throws {
    let dir = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: dir) }
    try Self.write(circleSVG, "c.svg", in: dir)
    try Self.write(#"{"rules": {"hairline": {"severity": "warn"}}}"#, "cfg.json", in: dir)
    let result = try CLIRunner.run(["lint", "c.svg", "--config", "cfg.json"], in: dir)
    #expect(result.status == 2)
    #expect(result.stderr.contains("'warn'") && result.stderr.contains("error, warning, info"))
    #expect(result.stderr.contains("severity"))
    #expect(!result.stderr.contains("Cannot initialize"))
  }
}

/// The README's first command, on the sample icons as shipped.
@Suite struct ReadmeCLITests {
  @Test func theSampleIconsGoIntoACatalog() throws {
    let checkout = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .deletingLastPathComponent().deletingLastPathComponent()
    let dir = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: dir) }
    let result = try CLIRunner.run(
      [
        "assets", checkout.appendingPathComponent("assets/icons").path, "-o",
        dir.appendingPathComponent("out/Icons.xcassets").path, "--compact",
      ])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stderr.contains("wrote 16 icons (96 PNG files)"))
  }
}
