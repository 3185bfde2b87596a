import Foundation
import Glyphsmith
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// Issue 23's reproductions: each bound holds on the document librsvg reads (DTD defaults,
/// entities, CSS escapes, UTF-16, images inside the SVG), the defaults are an icon's, and the
/// same-family faults (lint's parser, linked artifact folders, regular files under /dev, a
/// FIFO nobody reads). Every case must end in a clear message or a render, never in a crash
/// or a timeout caught by the isolation.
@Suite("bounds hold on what librsvg reads")
struct BoundsCLITests {
  static let ns = "xmlns=\"http://www.w3.org/2000/svg\""
  static let fontWarning =
    "warning: font-size 1e+09 is past what librsvg can draw; drawn at 4096px\n"
  static let turbulence =
    "<filter id=\"f\"><feTurbulence baseFrequency=\"0.1\"/></filter>"
    + "<rect width=\"24\" height=\"24\" filter=\"url(#f)\"/>"

  /// The hostile inputs that must render, bounded, with the font warning.
  static let fontBypasses: [(String, Data)] = [
    (
      "attlist.svg",
      Data(
        ("<!DOCTYPE svg [<!ATTLIST text font-size CDATA \"1e9\">]><svg \(ns) width=\"24\" "
          + "height=\"24\"><text y=\"20\">W</text></svg>").utf8)
    ),
    (
      "entity.svg",
      Data(
        ("<!DOCTYPE svg [<!ENTITY big \"1e9\">]><svg \(ns) width=\"24\" height=\"24\">"
          + "<text y=\"20\" font-size=\"&big;\">W</text></svg>").utf8)
    ),
    (
      "escape.svg",
      Data(
        ("<svg \(ns) width=\"24\" height=\"24\"><text y=\"20\" style=\"font-size:\\31 e9\">W"
          + "</text></svg>").utf8)
    ),
    (
      "sheet.svg",
      Data(
        ("<svg \(ns) width=\"24\" height=\"24\"><style>text { font-size: \\31 e9 }</style>"
          + "<text y=\"20\">W</text></svg>").utf8)
    ),
    (
      "utf16.svg",
      Data([0xFF, 0xFE])
        + ("<?xml version=\"1.0\" encoding=\"UTF-16\"?><svg \(ns) width=\"24\" height=\"24\">"
          + "<text y=\"20\" font-size=\"1e9\">W</text></svg>").data(using: .utf16LittleEndian)!
    ),
  ]

  static func folder(_ files: [(String, Data)]) throws -> URL {
    let dir = try temporaryFolder()
    for (name, data) in files { try data.write(to: dir.appendingPathComponent(name)) }
    return dir
  }

  /// Runs `render`, `lint` and `assets` (or those of `commands`) on `name` in `dir`: each
  /// fails with exit 2 and an error containing `message` (after `NAME: error: `).
  static func expectRefused(
    _ name: String, in dir: URL, _ message: String,
    commands: [String] = ["render", "lint", "assets"]
  ) throws {
    let arguments: [String: [String]] = [
      "render": ["render", name, "-o", "out.png"], "lint": ["lint", name],
      "assets": ["assets", name, "-o", "I.xcassets"],
    ]
    for command in commands {
      let result = try CLIRunner.run(arguments[command]!, in: dir)
      #expect(result.status == 2)
      #expect(result.stderr.contains("\(name): error: \(message)"), "\(command): \(result.stderr)")
      expectNoIsolationCatch(result)
    }
  }

  /// Neither a crash nor a timeout nor a memory blow-up was caught by the isolation.
  static func expectNoIsolationCatch(_ result: CLIResult) {
    #expect(!result.stderr.contains("crashed"))
    #expect(!result.stderr.contains("took longer"))
    #expect(!result.stderr.contains("needs more than"))
  }

  @Test(arguments: fontBypasses.map(\.0))
  func hugeFontSizesReachingLibrsvgOtherwiseAreBounded(name: String) throws {
    let file = Self.fontBypasses.first { $0.0 == name }!
    let dir = try Self.folder([file])
    defer { try? FileManager.default.removeItem(at: dir) }
    let render = try CLIRunner.run(["render", name, "-o", "out.png"], in: dir)
    #expect(render.status == 0)
    #expect(render.stderr == "\(name): \(Self.fontWarning)")
    let png = try PNGCodec.decode(Data(contentsOf: dir.appendingPathComponent("out.png")), path: "")
    #expect(png.width == 24 && png.height == 24)
    // Lint's 12x geometry render passes FreeType's glyph size at 4096 px: named, not crashed.
    let lint = try CLIRunner.run(["lint", name, "--role", "plain"], in: dir)
    #expect(
      lint.status == 0 || lint.status == 1
        || lint.stderr.hasPrefix("\(name): error: too large: text too large for FreeType"),
      "\(lint.stderr)")
    Self.expectNoIsolationCatch(lint)
    let assets = try CLIRunner.run(["assets", name, "-o", "I.xcassets", "--role", "plain"], in: dir)
    #expect(assets.status == 0)
    Self.expectNoIsolationCatch(assets)
  }

  /// Text Pango cannot make a font for at the output scale (a 4096 px font-size drawn at
  /// 512 / 24 = 21.3x, 87,381 px) was left out of the picture, exit 0, with three raw
  /// "(process:N): Pango-WARNING **" lines on stderr from `render` and none from `assets`: it
  /// is the same error as the text FreeType refuses, named by file, in every command.
  @Test func textPangoCannotMakeAFontForIsAnErrorNotLibraryWarnings() throws {
    let svg =
      "<svg \(Self.ns) width=\"24\" height=\"24\"><rect width=\"10\" height=\"10\"/>"
      + "<text font-size=\"4096\" y=\"20\">Hi</text></svg>"
    let dir = try Self.folder([("big.svg", Data(svg.utf8))])
    defer { try? FileManager.default.removeItem(at: dir) }
    let message =
      "big.svg: error: too large: text too large for FreeType at this scale (glyphs past about "
      + "20,000 px); use a smaller font-size or scale\n"
    let render = try CLIRunner.run(
      ["render", "big.svg", "-o", "big.png", "-w", "512", "--height", "512"], in: dir)
    #expect(render.status == 2)
    #expect(render.stderr == message)
    let assets = try CLIRunner.run(
      ["assets", "big.svg", "-o", "A.xcassets", "--role", "plain", "--size", "512", "--scales", "1"],
      in: dir)
    #expect(assets.status == 2)
    #expect(assets.stderr.hasPrefix(message), "\(assets.stderr)")
    #expect(!assets.stderr.contains("Pango"))
    Self.expectNoIsolationCatch(assets)
    // At 24 px the same file draws.
    let small = try CLIRunner.run(["render", "big.svg", "-o", "small.png"], in: dir)
    #expect(small.status == 0 && small.stderr.isEmpty, "\(small.stderr)")
  }

  @Test func octavesFromADTDDefaultAreClampedLikeWrittenOnes() throws {
    let viaDefault =
      "<!DOCTYPE svg [<!ATTLIST feTurbulence numOctaves CDATA \"99999\">]>"
      + "<svg \(Self.ns) width=\"24\" height=\"24\">\(Self.turbulence)</svg>"
    let written =
      "<svg \(Self.ns) width=\"24\" height=\"24\">"
      + Self.turbulence.replacingOccurrences(of: "<feTurbulence ", with: "<feTurbulence numOctaves=\"24\" ")
      + "</svg>"
    let dir = try Self.folder([("a.svg", Data(viaDefault.utf8)), ("b.svg", Data(written.utf8))])
    defer { try? FileManager.default.removeItem(at: dir) }
    for name in ["a", "b"] {
      let result = try CLIRunner.run(["render", "\(name).svg", "-o", "\(name).png"], in: dir)
      #expect(result.status == 0)
      #expect(result.stderr == "")
    }
    let a = try Data(contentsOf: dir.appendingPathComponent("a.png"))
    let b = try Data(contentsOf: dir.appendingPathComponent("b.png"))
    #expect(a == b)
    let lint = try CLIRunner.run(["lint", "a.svg", "--role", "plain"], in: dir)
    Self.expectNoIsolationCatch(lint)
    let assets = try CLIRunner.run(["assets", "a.svg", "-o", "I.xcassets", "--role", "plain"], in: dir)
    #expect(assets.status == 0)
    Self.expectNoIsolationCatch(assets)
  }

  @Test func nestedDataSVGsAreCheckedAndBounded() throws {
    let font = "<svg \(Self.ns) width=\"24\" height=\"24\"><text y=\"20\" font-size=\"1e9\">W</text></svg>"
    let octaves =
      "<svg \(Self.ns) width=\"24\" height=\"24\">"
      + Self.turbulence.replacingOccurrences(
        of: "<feTurbulence ", with: "<feTurbulence numOctaves=\"99999\" ") + "</svg>"
    func image(_ inner: String) -> Data {
      Data(
        ("<svg \(Self.ns) width=\"24\" height=\"24\"><image width=\"24\" height=\"24\" "
          + "href=\"data:image/svg+xml;base64,\(Data(inner.utf8).base64EncodedString())\"/></svg>")
          .utf8)
    }
    let dir = try Self.folder([("font.svg", image(font)), ("octaves.svg", image(octaves))])
    defer { try? FileManager.default.removeItem(at: dir) }
    let first = try CLIRunner.run(["render", "font.svg", "-o", "font.png"], in: dir)
    #expect(first.status == 0)
    #expect(first.stderr == "font.svg: \(Self.fontWarning)")
    let second = try CLIRunner.run(["render", "octaves.svg", "-o", "octaves.png"], in: dir)
    #expect(second.status == 0)
    Self.expectNoIsolationCatch(second)
    for command in [["lint", "font.svg"], ["lint", "octaves.svg"]] {
      Self.expectNoIsolationCatch(try CLIRunner.run(command, in: dir))
    }
  }

  @Test func useFanOutHiddenInEntitiesIsCounted() throws {
    // 10^6 instances; the bytes hold neither "use" nor "href" (character references).
    var levels = "<rect id=\"g0\" width=\"1\" height=\"1\"/>"
    for k in 1...6 {
      levels +=
        "<g id=\"g\(k)\">"
        + String(repeating: "<&#117;se h&#114;ef=\"#g\(k - 1)\"/>", count: 10) + "</g>"
    }
    let svg =
      "<!DOCTYPE svg [<!ENTITY levels '\(levels)'>]><svg \(Self.ns) width=\"24\" "
      + "height=\"24\">&levels;</svg>"
    let dir = try Self.folder([("fan.svg", Data(svg.utf8))])
    defer { try? FileManager.default.removeItem(at: dir) }
    try Self.expectRefused(
      "fan.svg", in: dir, "too large: the SVG expands to more than 10000 <use> instances (--max-use)")
  }

  @Test func aGroupUsingItselfCountsWhatLibrsvgExpandsBeforeItSeesTheCycle() throws {
    // Found by issue 23's fuzzing (a mutated fan-out): librsvg expanded 500,000 references
    // (22 s) before its own limit stopped it.
    var levels = "<rect id=\"g0\" width=\"1\" height=\"1\"/>"
    for k in 1...3 {
      levels += "<g id=\"g\(k)\">" + String(repeating: "<use href=\"#g\(k - 1)\"/>", count: 10) + "</g>"
    }
    levels +=
      "<g id=\"g4\">" + String(repeating: "<use href=\"#g3\"/>", count: 3)
      + String(repeating: "<use href=\"#g4\"/>", count: 6) + "</g>"
    let svg = "<svg \(Self.ns) width=\"24\" height=\"24\">\(levels)</svg>"
    let dir = try Self.folder([("self.svg", Data(svg.utf8))])
    defer { try? FileManager.default.removeItem(at: dir) }
    // Issue 33: any such cycle is refused, whatever its count (ten self-uses under the
    // --max-use count took 15 s).
    try Self.expectRefused(
      "self.svg", in: dir,
      "too large: a <use> of #g4 sits inside #g4 (a circular reference, which draws nothing)")
  }

  @Test func entityBombsAndExternalEntitiesInOtherEncodingsAreRefusedByName() throws {
    // An external entity declared in UTF-16: the byte-level check cannot see it.
    let external =
      "<?xml version=\"1.0\" encoding=\"UTF-16\"?><!DOCTYPE svg [<!ENTITY x SYSTEM "
      + "\"/etc/passwd\">]><svg \(Self.ns) width=\"24\" height=\"24\"><text>&x;</text></svg>"
    let dir = try Self.folder([
      ("ext.svg", Data([0xFF, 0xFE]) + external.data(using: .utf16LittleEndian)!)
    ])
    defer { try? FileManager.default.removeItem(at: dir) }
    let result = try CLIRunner.run(["render", "ext.svg", "-o", "out.png"], in: dir)
    #expect(result.status == 2)
    #expect(
      result.stderr
        == "ext.svg: error: invalid SVG: it cannot be read as librsvg would read it: it declares "
        + "the external entity 'x'; external entities are not loaded; inline the content\n")
    #expect(!FileManager.default.fileExists(atPath: dir.appendingPathComponent("out.png").path))
  }

  @Test func anImportWrittenWithEscapesIsStillDropped() throws {
    let svg =
      "<svg \(Self.ns) width=\"24\" height=\"24\"><style>@\\69mport url(/etc/hostname);"
      + "rect{fill:red}</style><rect width=\"9\" height=\"9\"/></svg>"
    let dir = try Self.folder([("import.svg", Data(svg.utf8))])
    defer { try? FileManager.default.removeItem(at: dir) }
    let result = try CLIRunner.run(["render", "import.svg", "-o", "out.png"], in: dir)
    #expect(result.status == 0)
    #expect(
      result.stderr.hasPrefix(
        "import.svg: warning: dropped reference '/etc/hostname': it points outside the input's "
          + "folder"), "\(result.stderr)")
  }

  @Test func textPastTheBudgetIsRefusedNamingTheFlag() throws {
    let svg =
      "<!DOCTYPE svg [<!ENTITY a \"\(String(repeating: "W", count: 5000))\">]><svg \(Self.ns) "
      + "width=\"24\" height=\"24\"><text y=\"20\" font-size=\"2\">"
      + String(repeating: "&a;", count: 9) + "</text></svg>"
    let dir = try Self.folder([("text.svg", Data(svg.utf8))])
    defer { try? FileManager.default.removeItem(at: dir) }
    try Self.expectRefused(
      "text.svg", in: dir,
      "too large: 45000 characters of <text>; icons are limited to 4096 (--max-text); draw long "
        + "text as paths")
  }

  /// A PNG header saying `width` x `height`, 1-bit grey (no pixel data).
  static let hugePNG = IsolationCLITests.pngHeader(width: 13920, height: 13920)

  @Test func imagesInsideAnSVGAreHeldToThePixelBudgetFromTheirHeaders() throws {
    func jpeg(_ width: Int, _ height: Int) -> Data {
      Data([0xFF, 0xD8, 0xFF, 0xE0, 0x00, 0x04, 0x00, 0x00, 0xFF, 0xC0, 0x00, 0x11, 0x08])
        + Data([UInt8(height >> 8), UInt8(height & 255), UInt8(width >> 8), UInt8(width & 255)])
        + Data([0x03, 0x01, 0x11, 0x00, 0x02, 0x11, 0x00, 0x03, 0x11, 0x00, 0xFF, 0xD9])
    }
    func gif(_ width: Int, _ height: Int) -> Data {
      Data("GIF89a".utf8)
        + Data([UInt8(width & 255), UInt8(width >> 8), UInt8(height & 255), UInt8(height >> 8)])
        + Data([0, 0, 0, 0x3B])
    }
    func svg(_ href: String) -> Data {
      Data(
        "<svg \(Self.ns) width=\"24\" height=\"24\"><image width=\"24\" height=\"24\" href=\"\(href)\"/></svg>"
          .utf8)
    }
    let dir = try Self.folder([
      ("png.svg", svg("data:image/png;base64,\(Self.hugePNG.base64EncodedString())")),
      ("jpeg.svg", svg("data:image/jpeg;base64,\(jpeg(65000, 60000).base64EncodedString())")),
      ("gif.svg", svg("data:image/gif;base64,\(gif(65535, 65535).base64EncodedString())")),
      ("file.svg", svg("big.png")), ("big.png", Self.hugePNG),
    ])
    defer { try? FileManager.default.removeItem(at: dir) }
    let expected = [
      ("png.svg", "'data:image/png;base64,iVBORw0KGgoAAAANSU...' inside it is a 13920x13920 px PNG"),
      ("jpeg.svg", "'data:image/jpeg;base64,/9j/4AAEAAD/wAARC...' inside it is a 65000x60000 px JPEG"),
      ("gif.svg", "'data:image/gif;base64,R0lGODlh/////wAAADs=' inside it is a 65535x65535 px GIF"),
      ("file.svg", "'big.png' inside it is a 13920x13920 px PNG"),
    ]
    for (name, what) in expected {
      try Self.expectRefused(
        name, in: dir,
        "too large: the image \(what); images are limited to 16777216 pixels (--max-pixels) and "
          + "16384 px on a side")
    }
  }

  @Test func imagesWhoseSizeCannotBeReadAreDroppedWithAWarning() throws {
    let svg =
      "<svg \(Self.ns) width=\"24\" height=\"24\"><rect width=\"9\" height=\"9\"/>"
      + "<image width=\"24\" height=\"24\" href=\"data:image/x-tga;base64,AAACAAAAAAAAAAAA\"/></svg>"
    let dir = try Self.folder([("tga.svg", Data(svg.utf8))])
    defer { try? FileManager.default.removeItem(at: dir) }
    let result = try CLIRunner.run(["render", "tga.svg", "-o", "out.png"], in: dir)
    #expect(result.status == 0)
    #expect(
      result.stderr
        == "tga.svg: warning: dropped reference 'data:image/x-tga;base64,AAACAAAAAAAAAAAA': not a "
        + "PNG, JPEG, GIF, BMP, WebP or SVG image, so its size cannot be checked before it is "
        + "decoded\n")
  }

  @Test func defaultsAreSizedForIcons() throws {
    let dir = try Self.folder([("big.png", IsolationCLITests.pngHeader(width: 6000, height: 6000))])
    defer { try? FileManager.default.removeItem(at: dir) }
    try Self.expectRefused(
      "big.png", in: dir,
      "too large: 6000x6000 px PNG; inputs are limited to 16777216 pixels (--max-pixels)")
    let help = try CLIRunner.run(["render", "--help"])
    #expect(help.stdoutText.contains("memory one input's renderer may use (default 200)"))
    #expect(help.stdoutText.contains("before decoding (default 16777216, 4096 x 4096)"))
  }

  @Test func tinyDashesAlongALongOutlineAreRefusedByName() throws {
    let points = (0..<3000).map { "\($0 % 24),\(($0 * 7) % 24)" }.joined(separator: " ")
    let svg =
      "<svg \(Self.ns) width=\"24\" height=\"24\"><polyline points=\"\(points)\" fill=\"none\" "
      + "stroke=\"#000\" stroke-dasharray=\"0.01\"/><circle cx=\"12\" cy=\"12\" r=\"10\" "
      + "stroke=\"#000\" style=\"stroke-dasharray: 2 1\"/></svg>"
    let dir = try Self.folder([("dashes.svg", Data(svg.utf8))])
    defer { try? FileManager.default.removeItem(at: dir) }
    try Self.expectRefused(
      "dashes.svg", in: dir,
      "too large: stroke-dasharray repeats every 0.02 units along up to 31407.4 units of "
        + "outline: about 1570369 dashes, past the 50000 cairo draws in an icon's budget; "
        + "lengthen the dashes or draw them as paths")
    // A dashed circle, as icons have them, draws.
    let circle =
      "<svg \(Self.ns) width=\"24\" height=\"24\"><circle cx=\"12\" cy=\"12\" r=\"10\" "
      + "fill=\"none\" stroke=\"#000\" stroke-dasharray=\"2 2\"/></svg>"
    try Data(circle.utf8).write(to: dir.appendingPathComponent("circle.svg"))
    #expect(try CLIRunner.run(["render", "circle.svg", "-o", "c.png"], in: dir).status == 0)
  }

  @Test(arguments: [
    ("stroke-width=\"1e19\"", "1e19"), ("style=\"stroke-width:\\31 e19px\"", "1e19px"),
    ("stroke-width=\"300000mm\"", "300000mm"),
  ])
  func aStrokeTooWideForCairoIsRefusedByNameInEveryCommand(attribute: String, shown: String)
    throws
  {
    let svg =
      "<svg \(Self.ns) width=\"24\" height=\"24\"><path d=\"M2 2L22 22\" stroke=\"#000\" "
      + "\(attribute) stroke-linecap=\"round\"/></svg>"
    let dir = try Self.folder([("stroke.svg", Data(svg.utf8))])
    defer { try? FileManager.default.removeItem(at: dir) }
    try Self.expectRefused(
      "stroke.svg", in: dir,
      "too large: stroke-width \(shown) is past the 1e+06 units cairo draws in an icon's budget; "
        + "give a width the canvas can show")
  }

  @Test func lintRefusesAHugeRootSizeAtOnce() throws {
    let svg =
      "<svg \(Self.ns) width=\"1e19mm\" height=\"1e19mm\" viewBox=\"0 0 24 24\">"
      + "<path d=\"M2 2L22 22\" stroke=\"#000\"/></svg>"
    let dir = try Self.folder([("root.svg", Data(svg.utf8))])
    defer { try? FileManager.default.removeItem(at: dir) }
    let result = try CLIRunner.run(["lint", "root.svg", "--role", "plain"], in: dir)
    #expect(result.status == 2)
    #expect(
      result.stderr.hasPrefix(
        "root.svg: error: too large: output over 1099511627776 px on a side"))
  }

  @Test func lintReadsATenMegabyteOneLineSVGAsRenderDoes() throws {
    let comment = "<!--" + String(repeating: "x", count: 999_990) + "-->"
    let svg =
      "<?xml version=\"1.0\" encoding=\"UTF-8\"?><svg \(Self.ns) width=\"24\" height=\"24\">"
      + "<path d=\"M2 2L22 22\" stroke=\"#000\"/>" + String(repeating: comment, count: 10)
      + "<desc>" + String(repeating: "y", count: 150_000) + "</desc></svg>"
    let dir = try Self.folder([("long.svg", Data(svg.utf8))])
    defer { try? FileManager.default.removeItem(at: dir) }
    let lint = try CLIRunner.run(["lint", "long.svg", "--role", "plain", "--timeout", "120"], in: dir)
    #expect(!lint.stderr.contains("Huge input lookup"))
    #expect(lint.status == 0 || lint.status == 1, "\(lint.stderr)")
    let render = try CLIRunner.run(["render", "long.svg", "-o", "out.png"], in: dir)
    #expect(render.status == 0)
  }

  @Test func goldenArtifactsNeverGoThroughALinkedSubFolder() throws {
    let root = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: root) }
    let fm = FileManager.default
    try fm.createDirectory(
      at: root.appendingPathComponent("actual/tabs"), withIntermediateDirectories: true)
    try Data(circleSVG.utf8).write(to: root.appendingPathComponent("c.svg"))
    try Data(
      "<svg \(Self.ns) width=\"24\" height=\"24\"><rect width=\"20\" height=\"20\"/></svg>".utf8
    ).write(to: root.appendingPathComponent("r.svg"))
    #expect(
      try CLIRunner.run(["render", "c.svg", "-o", "actual/tabs/one.png", "--size", "24"], in: root)
        .status == 0)
    #expect(try CLIRunner.run(["golden", "record", "actual", "golden"], in: root).status == 0)
    #expect(
      try CLIRunner.run(["render", "r.svg", "-o", "actual/tabs/one.png", "--size", "24"], in: root)
        .status == 0)
    try fm.createDirectory(
      at: root.appendingPathComponent("artifacts"), withIntermediateDirectories: true)
    try fm.createDirectory(at: root.appendingPathComponent("elsewhere"), withIntermediateDirectories: true)
    try fm.createSymbolicLink(
      atPath: root.appendingPathComponent("artifacts/tabs").path,
      withDestinationPath: root.appendingPathComponent("elsewhere").path)
    let check = try CLIRunner.run(
      ["golden", "check", "actual", "golden", "--artifacts", "artifacts"], in: root)
    #expect(check.status == 2)
    #expect(check.stderr.contains("artifacts/tabs: error: "))
    #expect(check.stderr.contains("is a symbolic link inside the output folder"))
    #expect(try fm.contentsOfDirectory(atPath: root.appendingPathComponent("elsewhere").path) == [])
  }

  @Test func renderReplacesRegularFilesUnderDevInsteadOfWritingIntoThem() throws {
    guard FileManager.default.fileExists(atPath: "/dev/shm") else {
      Issue.record("no /dev/shm on this machine")
      return
    }
    let dir = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: dir) }
    try Data(circleSVG.utf8).write(to: dir.appendingPathComponent("c.svg"))
    let target = "/dev/shm/glyphsmith-\(UUID().uuidString).png"
    defer { try? FileManager.default.removeItem(atPath: target) }
    #expect(try CLIRunner.run(["render", "c.svg", "-o", target, "--size", "64"], in: dir).status == 0)
    #expect(try CLIRunner.run(["render", "c.svg", "-o", "small.png", "--size", "8"], in: dir).status == 0)
    #expect(try CLIRunner.run(["render", "c.svg", "-o", target, "--size", "8"], in: dir).status == 0)
    let small = try Data(contentsOf: dir.appendingPathComponent("small.png"))
    #expect(try Data(contentsOf: URL(fileURLWithPath: target)) == small)
  }

  @Test func aFIFONobodyReadsIsNamedAsSuch() throws {
    let dir = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: dir) }
    try Data(circleSVG.utf8).write(to: dir.appendingPathComponent("c.svg"))
    #expect(mkfifo(dir.appendingPathComponent("pipe").path, 0o644) == 0)
    let result = try CLIRunner.run(["render", "c.svg", "-o", "pipe", "--size", "8"], in: dir)
    #expect(result.status == 2)
    #expect(
      result.stderr
        == "pipe: error: cannot write: it is a FIFO (named pipe) and nothing opened it for "
        + "reading within 2 s; start the reader first (e.g. cat FIFO > out.png &)\n")
  }
}
