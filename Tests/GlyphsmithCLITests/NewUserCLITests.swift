import Foundation
import Glyphsmith
import GlyphsmithCommands
import GlyphsmithTool
import Testing

/// Defects a new user's trial of the CLI found: each runs the built executable and checks the
/// exact message and exit code.
@Suite("New-user CLI fixes")
struct NewUserCLITests {
  static let house = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("assets/icons/house.svg")

  @Test func textTooLongForCairoNamesTheOutputAndTheSizes() throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let text = String(repeating: "A", count: 500)
    let result = try CLIRunner.run(["badge", text, "-o", "x.png", "--scale", "3"], in: folder)
    #expect(result.status == 2)
    #expect(
      result.stderr
        == "x.png: error: too large: text of 500 characters is 39443 px wide at the 109 px size "
        + "text is drawn at before scaling (about 14656 px in the output); text is limited to "
        + "32767 px there and outputs to 16384 px a side; use shorter text\n")
    #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("x.png").path))
  }

  @Test(arguments: [
    (
      ["dots", "--pages", "100000", "--max-visible", "100000", "--current", "1", "-o", "x.png"],
      "x.png: error: too large: canvas 1600009x36 px; canvases are 1 to 16384 px a side"
    ),
    (
      ["badge", "3", "--height", "10000", "--scale", "2", "-o", "x.png"],
      "x.png: error: too large: canvas 20000x20000 px; canvases are 1 to 16384 px a side"
    ),
    (
      ["badge", "3", "--height", "5000", "--scale", "4", "-o", "-"],
      "glyphsmith badge: error: too large: canvas 20000x20000 px; canvases are 1 to 16384 px a side"
    ),
    (
      ["tabbar", "--device-width", "10000", "--item", "A=HOUSE", "--scale", "2", "-o", "x.png"],
      "x.png: error: too large: canvas 20000x98 px; canvases are 1 to 16384 px a side"
    ),
  ])
  func tooLargeCanvasNamesTheOutput(arguments: [String], message: String) throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let args = arguments.map { $0.replacingOccurrences(of: "HOUSE", with: Self.house.path) }
    let result = try CLIRunner.run(args, in: folder)
    #expect(result.status == 2)
    #expect(result.stderr.split(separator: "\n").last.map(String.init) == message)
  }

  @Test func tallTableViewNamesTheOutput() throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let rows = Array(repeating: #"{"title": "Row"}"#, count: 500).joined(separator: ",")
    try Data(#"{"sections": [{"rows": [\#(rows)]}]}"#.utf8)
      .write(to: folder.appendingPathComponent("s.json"))
    let result = try CLIRunner.run(
      ["tableview", "s.json", "-o", "t.png", "--scale", "3"], in: folder)
    #expect(result.status == 2)
    #expect(result.stderr.hasPrefix("t.png: error: too large: canvas 1179x"), "\(result.stderr)")
  }

  /// Runs `arguments` in a fresh folder holding `files` (name: contents).
  static func run(_ arguments: [String], files: [String: String] = [:]) throws -> CLIResult {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    for (name, text) in files {
      try Data(text.utf8).write(to: folder.appendingPathComponent(name))
    }
    let args = arguments.map { $0.replacingOccurrences(of: "HOUSE", with: Self.house.path) }
    return try CLIRunner.run(args, in: folder)
  }

  @Test(arguments: [
    (
      ["tableview", "s1.json", "-o", "t.png"],
      "s1.json: error: sections[0].rows[0].title: expected a string\n"
    ),
    (
      ["lint", "--config", "cfg.json", "HOUSE"],
      "cfg.json: error: invalid lint config: unknown key 'x'; allowed: roles, rules\n"
    ),
    (
      ["badge", "新", "-o", "b.png"],
      "glyphsmith badge: error: no pinned font has a glyph for U+65B0 in '新'; use characters "
        + "Inter, DejaVu Sans or Noto Color Emoji cover\n"
    ),
    (
      ["tabbar", "--device-width", "10", "--item", "A=HOUSE", "-o", "t.png"],
      "glyphsmith tabbar: error: device width must be at least 100 pt, got 10.0\n"
        + "see 'glyphsmith help tabbar'\n"
    ),
    (
      ["toolbar", "--device-width", "10", "--item", "A=HOUSE", "-o", "t.png"],
      "glyphsmith toolbar: error: device width must be at least 100 pt, got 10.0\n"
        + "see 'glyphsmith help toolbar'\n"
    ),
    (
      ["searchbar", "--device-width", "10", "-o", "t.png"],
      "glyphsmith searchbar: error: device width must be at least 100 pt, got 10.0\n"
        + "see 'glyphsmith help searchbar'\n"
    ),
  ])
  func messagesNameTheFileOrTheCommand(arguments: [String], message: String) throws {
    let result = try Self.run(
      arguments,
      files: [
        "s1.json": #"{"sections":[{"rows":[{"title":1}]}]}"#, "cfg.json": #"{"x": 1}"#,
      ])
    #expect(result.status == 2)
    #expect(result.stderr == message)
  }

  @Test(arguments: [
    (
      ["tableview", "bad.json", "-o", "t.png"],
      "bad.json: error: cannot read: not valid JSON: it stops at line 1, column 14 before the "
        + "JSON is complete\n"
    ),
    (["tableview", "empty.json", "-o", "t.png"], "empty.json: error: cannot read: the file is empty\n"),
    (
      ["tableview", "middle.json", "-o", "t.png"],
      "middle.json: error: cannot read: not valid JSON at line 3, column 3 (invalid value)\n"
    ),
    (
      ["lint", "--config", "middle.json", "HOUSE"],
      "middle.json: error: invalid lint config: not valid JSON at line 3, column 3 (invalid value)\n"
    ),
    (
      ["lint", "--config", "empty.json", "HOUSE"],
      "empty.json: error: invalid lint config: the file is empty\n"
    ),
  ])
  func invalidJSONSaysWhere(arguments: [String], message: String) throws {
    let result = try Self.run(
      arguments,
      files: [
        "bad.json": "{\"sections\": [\n", "empty.json": "\n",
        "middle.json": "{\n \"rules\": {\n  x\n}}",
      ])
    #expect(result.status == 2)
    #expect(result.stderr == message)
  }

  @Test func invalidGoldenManifestSaysWhere() throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let gold = folder.appendingPathComponent("gold")
    try FileManager.default.createDirectory(at: gold, withIntermediateDirectories: true)
    try Data("{\n  \"version\": 1,\n  ]\n}".utf8).write(to: gold.appendingPathComponent("golden.json"))
    let result = try CLIRunner.run(["golden", "check", "gold", "gold"], in: folder)
    #expect(result.status == 2)
    #expect(
      result.stderr.contains(
        "golden.json: error: invalid golden.json: not valid JSON at line 3, column 3"),
      "\(result.stderr)")
  }

  @Test func goldenRecordKeepsTheValidImagesAndCheckMentionsOnlyWrittenArtifacts() throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let act = folder.appendingPathComponent("act")
    try FileManager.default.createDirectory(at: act, withIntermediateDirectories: true)
    func write(_ image: RGBAImage, _ name: String) throws {
      try PNGCodec.encode(image).write(to: act.appendingPathComponent(name))
    }
    try write(RGBAImage(width: 4, height: 4, fill: .black), "a.png")
    try write(RGBAImage(width: 4, height: 4, fill: .black), "b.png")
    #expect(try CLIRunner.run(["golden", "record", "act", "gold"], in: folder).status == 0)
    try write(RGBAImage(width: 4, height: 4, fill: .white), "a.png")
    try write(RGBAImage(width: 4, height: 4, fill: .black), "c.png")
    try Data("junk".utf8).write(to: act.appendingPathComponent("broken.png"))
    let record = try CLIRunner.run(
      ["golden", "record", "act", "gold", "--only-failed", "--verbose"], in: folder)
    #expect(record.status == 2)
    #expect(record.stdout.isEmpty)
    #expect(
      record.stderr
        == "recorded gold/a.png\nrecorded gold/c.png\n"
        + "act/broken.png: error: invalid PNG: not a PNG file (no PNG signature)\n"
        + "recorded 2 goldens, 1 unchanged, 1 could not be read\n")
    let gold = folder.appendingPathComponent("gold")
    #expect(
      try PNGCodec.decode(Data(contentsOf: gold.appendingPathComponent("a.png")), path: "a")
        == RGBAImage(width: 4, height: 4, fill: .white))
    #expect(FileManager.default.fileExists(atPath: gold.appendingPathComponent("c.png").path))
    #expect(!FileManager.default.fileExists(atPath: gold.appendingPathComponent("broken.png").path))

    try write(RGBAImage(width: 4, height: 4, fill: .black), "a.png")
    let check = try CLIRunner.run(
      ["golden", "check", "act", "gold", "--artifacts", "ART"], in: folder)
    #expect(check.status == 2)
    #expect(
      check.stderr
        == "act/broken.png: error: invalid PNG: not a PNG file (no PNG signature)\n"
        + "act/a.png: error: 16 of 16 pixels differ (100.000%, allowed 0); largest difference "
        + "0.966 on the 0-1 scale of the threshold (0.05) at (0, 0); anti-aliasing counted "
        + "(artifacts in ART/a); accept: glyphsmith golden record act gold --only a.png\n",
      "\(check.stderr)")
    let art = folder.appendingPathComponent("ART")
    // And the record of the artifacts written (issue 32).
    #expect(
      try FileManager.default.contentsOfDirectory(atPath: art.path).sorted() == [
        ".glyphsmith-artifacts.json", "a",
      ])
  }

  @Test func previewsWarnWhenTheyUpscaleARaster() throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    try PNGCodec.encode(RGBAImage(width: 10, height: 10, fill: .black))
      .write(to: folder.appendingPathComponent("small.png"))
    let tab = try CLIRunner.run(
      ["tabbar", "--item", "A=small.png", "--item", "B=small.png", "--scale", "3", "-o", "t.png"],
      in: folder)
    #expect(tab.status == 0)
    #expect(
      tab.stderr
        == "small.png: warning: upscaling a raster by 6.90x blurs it; give a larger PNG or an SVG\n")
    let tool = try CLIRunner.run(
      ["toolbar", "--item", "A=small.png", "--scale", "3", "-o", "t.png"], in: folder)
    #expect(tool.status == 0)
    #expect(
      tool.stderr
        == "small.png: warning: upscaling a raster by 7.20x blurs it; give a larger PNG or an SVG\n")
  }

  @Test func unknownSubcommandSuggestsOnlyNearMisses() throws {
    let far = try CLIRunner.run(["nosuch"])
    #expect(far.status == 2)
    // The list is the one list of commands (`CommandIndex`), in `--help` order.
    #expect(
      far.stderr
        == "glyphsmith: error: unknown subcommand 'nosuch'; use one of "
        + CommandIndex.names.joined(separator: ", ") + "\n")
    #expect(far.stderr.contains("use one of render, assets, build, init, sheet, badge, dots, "))
    let near = try CLIRunner.run(["rendr"])
    #expect(near.status == 2)
    #expect(near.stderr == "glyphsmith: error: unknown subcommand 'rendr'; did you mean 'render'?\n")
    // `help X` answers as `X` does (it said only "unknown subcommand").
    let help = try CLIRunner.run(["help", "nosuch"])
    #expect(help.status == 2 && help.stderr == far.stderr)
    #expect(try CLIRunner.run(["help", "rendr"]).stderr == near.stderr)
  }

  /// Trial t36: `-V` and `version` got no hint, `--version extra` exited 0 and `help help`
  /// called help an unknown subcommand.
  @Test func versionSpellingsExtraArgumentsAndHelpOfHelp() throws {
    for spelling in ["-V", "-v", "version", "--verison"] {
      let run = try CLIRunner.run([spelling])
      #expect(run.status == 2, "\(spelling)")
      #expect(run.stdout.isEmpty, "\(spelling)")
      #expect(
        run.stderr
          == "glyphsmith: error: unknown subcommand '\(spelling)'; did you mean '--version'?\n")
    }
    let extra = try CLIRunner.run(["--version", "extra"])
    #expect(extra.status == 2)
    #expect(extra.stdout.isEmpty)
    #expect(
      extra.stderr
        == "glyphsmith: error: unexpected argument 'extra' after --version; "
        + "use glyphsmith --version alone\n")
    let alone = try CLIRunner.run(["--version"])
    #expect(alone.status == 0 && alone.stdoutText.hasPrefix("glyphsmith \(Dispatcher.version)\n"))
    for word in ["help", "--help", "-h"] {
      let help = try CLIRunner.run(["help", word])
      #expect(help.status == 0, "\(word)")
      #expect(help.stderr.isEmpty, "\(word)")
      #expect(
        help.stdoutText
          == """
          usage: glyphsmith help [<subcommand>]

          Prints a subcommand's usage, options and arguments, as `glyphsmith <subcommand> --help`
          does; without a subcommand, the list of subcommands, as `glyphsmith --help` does.

          """, "\(word)")
    }
  }

  /// Trial t36: `glyphsmith __worker junk` exited 2 and said nothing.
  @Test func anUnknownWorkerSaysSo() throws {
    let junk = try CLIRunner.run(["__worker", "junk"])
    #expect(junk.status == 2)
    #expect(
      junk.stderr
        == "glyphsmith __worker: error: unknown worker 'junk'; use assets or lint "
        + "(internal: batch commands start it)\n")
    let none = try CLIRunner.run(["__worker"])
    #expect(none.status == 2)
    #expect(
      none.stderr
        == "glyphsmith __worker: error: missing the worker's command; use assets or lint "
        + "(internal: batch commands start it)\n")
  }

  @Test func assetsRefusesStdinAndRenderRefusesAFolder() throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let assets = try CLIRunner.run(
      ["assets", "-", "-o", "S.xcassets"], stdin: Data("<svg/>".utf8), in: folder)
    #expect(assets.status == 2)
    #expect(
      assets.stderr.hasPrefix(
        "-: error: assets does not read stdin: an asset is named after its file; save the SVG or "
          + "PNG as NAME.svg or NAME.png and give that file\n"), "\(assets.stderr)")
    try FileManager.default.createDirectory(
      at: folder.appendingPathComponent("out"), withIntermediateDirectories: true)
    for output in ["out/", "out"] {
      let render = try CLIRunner.run(["render", Self.house.path, "-o", output], in: folder)
      #expect(render.status == 2)
      #expect(render.stderr == "\(output): error: cannot write: is a folder; give a file name\n")
    }
  }

  @Test func helpTextsListWhatIsEmitted() throws {
    let tabbar = try CLIRunner.run(["tabbar", "--help"])
    #expect(String(decoding: tabbar.stdout, as: UTF8.self).contains(#""tab"|"more"|"badge"|"#))
    #expect(String(decoding: tabbar.stdout, as: UTF8.self).contains(#""label", "title""#))
    let compare = String(decoding: try CLIRunner.run(["compare", "--help"]).stdout, as: UTF8.self)
    let usage = compare.components(separatedBy: "\n\n")[0]
    #expect(usage.contains("[--jobs N]"))
    let assets = String(decoding: try CLIRunner.run(["assets", "--help"]).stdout, as: UTF8.self)
    #expect(assets.contains(#""warnings": [...], "lint": [...] (with --lint)}]"#))
  }
}
