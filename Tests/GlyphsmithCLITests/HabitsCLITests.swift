import Foundation
import Glyphsmith
import GlyphsmithCommands
import GlyphsmithTool
import Testing

/// Issue 12's "habits users bring": rsvg-convert's options, colours, pixelmatch's positional
/// diff, padding, streams and --quiet, help everywhere.
@Suite struct HabitsCLITests {
  @Test(arguments: CommandIndex.names)
  func everySubcommandTakesHelpAndDashH(subcommand: String) throws {
    let long = try CLIRunner.run([subcommand, "--help"])
    let short = try CLIRunner.run([subcommand, "-h"])
    #expect(long.status == 0 && short.status == 0)
    #expect(long.stdoutText.hasPrefix("usage: glyphsmith \(subcommand)"))
    #expect(short.stdout == long.stdout)
  }

  @Test func versionSaysWhenTheFontsOverridePointsNowhere() throws {
    let result = try CLIRunner.run(
      ["--version"], environment: ["GLYPHSMITH_FONTS": "/nonexistent/fonts"])
    #expect(result.status == 0)
    #expect(!result.stdoutText.contains("/nonexistent/fonts"))
    #expect(
      result.stderr
        == "glyphsmith: warning: GLYPHSMITH_FONTS=/nonexistent/fonts is not a folder; not used\n")
  }

  @Test func renderHelpPointsToHeight() throws {
    let help = try CLIRunner.run(["render", "-h"])
    #expect(
      help.stdoutText.contains(
        "--height PX           output height in px (plain); no short form: -h is help"))
    #expect(help.stdoutText.contains("-w, --width PX"))
  }

  @Test func renderTakesRsvgConvertOptions() throws {
    let dir = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: dir) }
    try Data(circleSVG.utf8).write(to: dir.appendingPathComponent("c.svg"))
    let rsvg = try CLIRunner.run(
      ["render", "c.svg", "-o", "a.png", "-w", "30", "-b", "white", "-f", "png", "-a"], in: dir)
    #expect(rsvg.status == 0, "\(rsvg.stderr)")
    let ours = try CLIRunner.run(
      ["render", "c.svg", "-o", "b.png", "--width", "30", "--background", "#FFFFFF"], in: dir)
    #expect(ours.status == 0)
    #expect(
      try Data(contentsOf: dir.appendingPathComponent("a.png"))
        == Data(contentsOf: dir.appendingPathComponent("b.png")))
    let zoom = try CLIRunner.run(["render", "c.svg", "-o", "z.png", "-z", "3"], in: dir)
    #expect(zoom.status == 0)
    let zoomed = try Data(contentsOf: dir.appendingPathComponent("z.png"))
    #expect(PNGCodec.size(of: zoomed)! == (72, 72))
    // rsvg-convert's -f svg and -f pdf are formats here too (issue 34); another is refused.
    let svg = try CLIRunner.run(["render", "c.svg", "-o", "x.svg", "-f", "svg"], in: dir)
    #expect(svg.status == 0, "\(svg.stderr)")
    let eps = try CLIRunner.run(["render", "c.svg", "-o", "x.eps", "-f", "eps"], in: dir)
    let formats = OutputFormatIndex.spoken(OutputFormats.names(for: .render))
    #expect(formats == "png, pdf, svg or vector-drawable")
    #expect(eps.status == 2 && eps.stderr.contains("-f/--format: \(formats), got 'eps'"))
  }

  @Test(arguments: ["#f00", "#FF0000", "#ff0000ff", "red", "255,0,0", "Red"])
  func coloursInEveryForm(color: String) throws {
    let dir = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: dir) }
    try Data(circleSVG.utf8).write(to: dir.appendingPathComponent("c.svg"))
    let result = try CLIRunner.run(
      ["render", "c.svg", "-o", "t.png", "--width", "24", "--tint", color], in: dir)
    #expect(result.status == 0, "\(result.stderr)")
    let image = try PNGCodec.decode(
      Data(contentsOf: dir.appendingPathComponent("t.png")), path: "t.png")
    let centre = (12 * 24 + 12) * 4
    #expect(Array(image.pixels[centre..<centre + 4]) == [255, 0, 0, 255])
  }

  @Test func theColourParserForms() throws {
    #expect(try ColorParser.parse("#0f8") == RGBA8(r: 0, g: 0xff, b: 0x88, a: 255))
    #expect(try ColorParser.parse("rebeccapurple") == RGBA8(r: 0x66, g: 0x33, b: 0x99, a: 255))
    #expect(try ColorParser.parse("transparent") == RGBA8(r: 0, g: 0, b: 0, a: 0))
    #expect(try ColorParser.parse(" 1, 2 ,3") == RGBA8(r: 1, g: 2, b: 3, a: 255))
    #expect(try ColorParser.parse("#11223380") == RGBA8(r: 0x11, g: 0x22, b: 0x33, a: 0x80))
    for bad in ["#12", "#12345", "1,2", "256,0,0", "reddish", "#ggg"] {
      #expect(throws: GlyphsmithError.invalidColor(bad)) { try ColorParser.parse(bad) }
    }
  }

  @Test func compareTakesTheDiffAsThirdArgument() throws {
    let dir = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: dir) }
    try Data(circleSVG.utf8).write(to: dir.appendingPathComponent("c.svg"))
    _ = try CLIRunner.run(["render", "c.svg", "-o", "a.png", "--width", "20"], in: dir)
    _ = try CLIRunner.run(
      ["render", "c.svg", "-o", "b.png", "--width", "20", "--tint", "blue"], in: dir)
    let result = try CLIRunner.run(
      ["compare", "a.png", "b.png", "diff.png", "--diff-color", "#0f0"], in: dir)
    #expect(result.status == 1)
    #expect(result.stdoutText.hasPrefix("a.png vs b.png: "))
    #expect(result.stderr == "")
    let diff = try PNGCodec.decode(
      Data(contentsOf: dir.appendingPathComponent("diff.png")), path: "diff.png")
    let centre = (10 * 20 + 10) * 4
    #expect(Array(diff.pixels[centre..<centre + 4]) == [0, 255, 0, 255])
    let four = try CLIRunner.run(["compare", "a.png", "b.png", "d.png", "e.png"], in: dir)
    #expect(four.status == 2 && four.stderr.contains("got 4 arguments"))
    let twice = try CLIRunner.run(
      ["compare", "a.png", "b.png", "d.png", "--diff", "e.png"], in: dir)
    #expect(twice.status == 2)
  }

  @Test func paddingKeepsWhatTheUserFixed() throws {
    let dir = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: dir) }
    try Data(circleSVG.utf8).write(to: dir.appendingPathComponent("c.svg"))
    func size(_ arguments: [String]) throws -> (Int, Int) {
      let result = try CLIRunner.run(["render", "c.svg", "-o", "p.png"] + arguments, in: dir)
      #expect(result.status == 0, "\(result.stderr)")
      let s = PNGCodec.size(of: try Data(contentsOf: dir.appendingPathComponent("p.png")))!
      return (s.width, s.height)
    }
    // Canvas fixed: stays 32 pt.
    #expect(try size(["--size", "32", "--padding", "4", "--scale", "3"]) == (96, 96))
    // Glyph fixed (25 pt circle): the canvas grows by 2 x 4 pt.
    #expect(try size(["--role", "tab-bar", "--scale", "3"]) == (75, 75))
    #expect(try size(["--role", "tab-bar", "--padding", "4", "--scale", "3"]) == (99, 99))
    let help = try CLIRunner.run(["render", "--help"]).stdoutText
    #expect(
      help.contains(
        "--padding PT          transparent space in pt between the art and each canvas edge;"))
    #expect(help.contains("the art shrinks to make room"))
    #expect(help.contains("the canvas\n                        grows by 2 x PT"))
  }

  @Test func dataOnStdoutTotalsOnStderrAndQuietEverywhere() throws {
    let dir = try FirstContactCLITests.iconsFolder()
    defer { try? FileManager.default.removeItem(at: dir) }
    let assets = try CLIRunner.run(["assets", "icons", "-o", "C.xcassets"], in: dir)
    #expect(assets.stdout.isEmpty)
    #expect(assets.stderr.hasPrefix("wrote 2 icons (6 PNG files) to C.xcassets in "))
    #expect(!assets.stderr.contains("\r"))  // no progress bar when stderr is a pipe
    let quiet = try CLIRunner.run(["assets", "icons", "-o", "C.xcassets", "--quiet"], in: dir)
    #expect(quiet.status == 0 && quiet.stderr == "" && quiet.stdout.isEmpty)

    try Data("{}".utf8).write(to: dir.appendingPathComponent("C.xcassets/odd.imageset.json"))
    try FileManager.default.createDirectory(
      at: dir.appendingPathComponent("C.xcassets/odd.imageset"), withIntermediateDirectories: true)
    let validate = try CLIRunner.run(["validate", "C.xcassets"], in: dir)
    #expect(validate.status == 1 && validate.stderr.hasSuffix("1 finding (1 error)\n"))
    let quietValidate = try CLIRunner.run(["validate", "C.xcassets", "--quiet"], in: dir)
    #expect(quietValidate.status == 1)
    #expect(quietValidate.stderr.split(separator: "\n").count == 1)
    #expect(!quietValidate.stderr.contains("1 finding"))

    for arguments in [["lint", "icons"], ["sheet", "icons", "-o", "s.png"]] {
      let result = try CLIRunner.run(arguments + ["--quiet"], in: dir)
      #expect(result.status == 0, "\(arguments): \(result.stderr)")
      #expect(result.stderr == "" && result.stdout.isEmpty)
    }
    let render = try CLIRunner.run(["render", "icons/bell.svg", "-o", "b.png", "--quiet"], in: dir)
    #expect(render.status == 0)
  }

  @Test func progressShowsAnETAOnATerminalAndNotForADumbOne() throws {
    let dir = try FirstContactCLITests.iconsFolder()
    defer { try? FileManager.default.removeItem(at: dir) }
    // script(1) gives the command a terminal; its output comes back on stdout.
    func run(term: String, output: String, command: String = "assets icons -o") throws -> String {
      let result = try CLIRunner.run(
        ["-qec", "\"$GLYPHSMITH\" \(command) \(output) 2>&1", "/dev/null"], in: dir,
        environment: ["GLYPHSMITH": CLIRunner.executable.path, "TERM": term],
        executable: URL(fileURLWithPath: "/usr/bin/script"))
      #expect(result.status == 0, "\(result.stderr)")
      return result.stdoutText
    }
    let terminal = try run(term: "xterm", output: "A.xcassets")
    #expect(terminal.contains("] 2/2 ETA 0:00"))
    let dumb = try run(term: "dumb", output: "B.xcassets")
    #expect(!dumb.contains("ETA") && dumb.contains("wrote 2 icons"))
    // Issue 22: lint too (8 s on Bootstrap with nothing on screen), then its totals.
    let lint = try run(term: "xterm", output: "icons", command: "lint")
    #expect(lint.contains("] 2/2 ETA 0:00") && lint.contains("2 files: 0 errors, 0 warnings, 0 info"))
  }

  @Test func sheetLabelsAreCutOnlyWhenTheyDoNotFit() throws {
    let sheet = ContactSheet()
    #expect(try sheet.label("a-arrow-down") == "a-arrow-down")
    #expect(try sheet.label("bell") == "bell")
    let long = "a-very-long-icon-name-that-cannot-fit"
    let cut = try sheet.label(long)
    #expect(cut.hasSuffix("…") && long.hasPrefix(String(cut.dropLast())))
    #expect(cut.count > 6)
    // One character more would not fit.
    let next = String(long.prefix(cut.count)) + "…"
    let style = TextStyle(
      weight: .regular, sizePx: 9 * sheet.scale, color: sheet.labelColor, literal: true)
    #expect(try TextLayout(next, style: style).logicalRect.width > sheet.labelWidthPx)
    #expect(try TextLayout(cut, style: style).logicalRect.width <= sheet.labelWidthPx)
  }

  /// Issue 22: `grid-3x3-gap` was labelled `grid-3×3-gap` (Inter's contextual alternates).
  /// Literal text switches the substituting features off: "3x3" draws differently from the
  /// default style (whose `calt` makes the x a ×), text without such pairs draws the same.
  @Test func sheetLabelsAreDrawnAsSpelled() throws {
    func pixels(_ text: String, literal: Bool) throws -> RGBAImage {
      let style = TextStyle(weight: .regular, sizePx: 18, color: .black, literal: literal)
      let layout = try TextLayout(text, style: style)
      let canvas = try Canvas(width: 200, height: 40)
      try canvas.draw(layout, x: 4, y: 4)
      return try canvas.image()
    }
    #expect(try pixels("grid-3x3-gap", literal: true) != pixels("grid-3x3-gap", literal: false))
    #expect(try pixels("bell", literal: true) == pixels("bell", literal: false))
    // Drawn literally, the x of "3x3" is the x of "x" alone: the same advance.
    let style = TextStyle(weight: .regular, sizePx: 18, color: .black, literal: true)
    let three = try TextLayout("3", style: style).logicalRect.width
    let x = try TextLayout("x", style: style).logicalRect.width
    #expect(abs(try TextLayout("3x3", style: style).logicalRect.width - (2 * three + x)) < 0.01)
  }

  /// Issue 22: `sheet` leaves out `NAME-dark` beside `NAME` (its dark appearance, as `assets`
  /// pairs them); a `-dark` file without its light icon is an icon of its own.
  @Test func sheetSkipsDarkVariants() throws {
    let dir = try FirstContactCLITests.iconsFolder()
    defer { try? FileManager.default.removeItem(at: dir) }
    let icons = dir.appendingPathComponent("icons")
    try Data(circleSVG.utf8).write(to: icons.appendingPathComponent("bell-dark.svg"))
    try Data(circleSVG.utf8).write(to: icons.appendingPathComponent("moon-dark.svg"))
    let result = try CLIRunner.run(
      ["sheet", "icons", "-o", "s.png", "--scale", "1", "--columns", "8"], in: dir)
    #expect(result.status == 0 && result.stderr == "")
    let image = try PNGCodec.decode(
      try Data(contentsOf: dir.appendingPathComponent("s.png")), path: "s.png")
    // bell, home, moon-dark: three 64 pt cells.
    #expect(image.width == 3 * 64 && image.height == 64 + 14)
  }
}
