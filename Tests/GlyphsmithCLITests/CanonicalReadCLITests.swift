import Foundation
import Glyphsmith
import Testing

/// Issue 33's first family: what the checks read and what librsvg reads are one canonical
/// document, so encodings, CSS comments and escapes, character references and compressed
/// `data:` images hide nothing. Before, each of these reached librsvg unchecked (a panic, a
/// 4-9 s render or 10x `--max-use`, exit 0); now each is a clear error or a bounded render.
@Suite("librsvg reads the canonical document the checks read")
struct CanonicalReadCLITests {
  static let ns = "xmlns=\"http://www.w3.org/2000/svg\""
  static let fontWarning =
    "warning: font-size 1e+09px is past what librsvg can draw; drawn at 4096px\n"

  /// Runs `arguments` in `dir`, returning the result and its wall time in seconds.
  static func timed(_ arguments: [String], in dir: URL) throws -> (CLIResult, Double) {
    let start = Date()
    let result = try CLIRunner.run(arguments, in: dir)
    return (result, Date().timeIntervalSince(start))
  }

  /// The bound these tests put on each hostile input's run. The bound, 1 s and
  /// 200 MB, is measured where it applies, on the release binary: `scripts/hostile-bounds`
  /// replays every run of these suites there and fails past either (slowest 0.78 s, 77 MB).
  /// Here the binary is the debug build (slower than release: no optimisation) and
  /// `swift test` runs suites side by side, on a machine whose two cores may both be busy
  /// (the done-when's `stress-ng --cpu 2`), so 1 s would fail for the load, not the input:
  /// 3 s still tells a bounded run from the unbounded ones (4-10 s before issue 33, or the
  /// isolation's timeout).
  static let budget = 3.0

  /// A UTF-7 document as the reproduction wrote it: `+ADw-` is `<`, so no byte scan
  /// saw a tag; its `<use>` fan-out and font size were never checked.
  static var utf7: Data {
    var body = "+ADw-svg " + ns + " width=+ACI-24+ACI- height=+ACI-24+ACI-+AD4-"
    body += "+ADw-text y=+ACI-20+ACI- font-size=+ACI-1e9+ACI-+AD4-W+ADw-/text+AD4-"
    body += "+ADw-/svg+AD4-"
    return Data(("<?xml version=\"1.0\" encoding=\"UTF-7\"?>" + body).utf8)
  }

  @Test func encodingsOtherThanUTFAndSingleByteAreRefusedByName() throws {
    let ebcdic = Data([0x4C, 0x6F, 0xA7, 0x94, 0x93, 0x40, 0xA5, 0x85, 0x99])
    let utf32 = "<svg \(Self.ns) width=\"24\" height=\"24\"/>".data(using: .utf32LittleEndian)!
    let dir = try BoundsCLITests.folder([
      ("u7.svg", Self.utf7), ("ebcdic.svg", ebcdic), ("u32.svg", utf32),
    ])
    defer { try? FileManager.default.removeItem(at: dir) }
    for (name, encoding) in [("u7.svg", "UTF-7"), ("u32.svg", "UTF-32")] {
      try BoundsCLITests.expectRefused(
        name, in: dir,
        "invalid SVG: it is encoded in \(encoding), which Glyphsmith does not read; save it as "
          + "UTF-8")
    }
    // EBCDIC has no `<` byte: the content sniffing refuses it before any read.
    try BoundsCLITests.expectRefused(
      "ebcdic.svg", in: dir, "not a PNG or SVG file (by its content); give an SVG or PNG icon")
  }

  @Test func singleByteEncodingsRenderAsTheirUTF8Twin() throws {
    func svg(_ declaration: String, _ title: [UInt8]) -> Data {
      Data(
        "<?xml version=\"1.0\" encoding=\"\(declaration)\"?><svg \(Self.ns) width=\"24\" height=\"24\"><title>"
          .utf8)
        + Data(title)
        + Data("</title><circle cx=\"12\" cy=\"12\" r=\"8\"/></svg>".utf8)
    }
    let dir = try BoundsCLITests.folder([
      ("latin1.svg", svg("ISO-8859-1", [0xE9])), ("cp1252.svg", svg("windows-1252", [0x80])),
      ("utf8.svg", svg("UTF-8", [0xE2, 0x82, 0xAC])),
    ])
    defer { try? FileManager.default.removeItem(at: dir) }
    var pngs: [Data] = []
    for name in ["latin1", "cp1252", "utf8"] {
      let (result, seconds) = try Self.timed(
        ["render", "\(name).svg", "-o", "\(name).png"], in: dir)
      #expect(result.status == 0, "\(name): \(result.stderr)")
      #expect(result.stderr == "")
      #expect(seconds < Self.budget)
      pngs.append(try Data(contentsOf: dir.appendingPathComponent("\(name).png")))
    }
    #expect(pngs[0] == pngs[2] && pngs[1] == pngs[2])
  }

  /// Font sizes and stroke widths written behind CSS comments or character references.
  @Test(arguments: [
    ("name.svg", "<text y=\"20\" style=\"font-size/**/:1e9px\">W</text>", true),
    ("value.svg", "<text y=\"20\" style=\"font-size:/**/1e9px\">W</text>", true),
    ("sheet.svg", "<style>text{font-size/**/:/**/1e9px}</style><text y=\"20\">W</text>", true),
    ("stroke.svg", "<path d=\"M2 2L20 20\" stroke=\"#000\" stroke-width=\"/**/1e12\"/>", false),
    ("charref.svg", "<path d=\"M2 2L20 20\" stroke=\"#000\" stroke-width=\"&#49;e12\"/>", false),
    (
      "hexref.svg", "<path d=\"M2 2L20 20\" stroke=\"#000\" style=\"stroke-width:&#x31;e12\"/>",
      false
    ),
  ])
  func cssCommentsAndCharacterReferencesHideNoValue(name: String, body: String, renders: Bool)
    throws
  {
    let svg = "<svg \(Self.ns) width=\"24\" height=\"24\">\(body)</svg>"
    let dir = try BoundsCLITests.folder([(name, Data(svg.utf8))])
    defer { try? FileManager.default.removeItem(at: dir) }
    let (result, seconds) = try Self.timed(["render", name, "-o", "out.png"], in: dir)
    #expect(seconds < Self.budget, "\(seconds) s")
    BoundsCLITests.expectNoIsolationCatch(result)
    if renders {
      #expect(result.status == 0)
      #expect(result.stderr == "\(name): \(Self.fontWarning)")
    } else {
      #expect(result.status == 2)
      #expect(
        result.stderr.hasPrefix(
          "\(name): error: too large: stroke-width 1e12 is past the 1e+06 units"),
        "\(result.stderr)")
    }
  }

  @Test func octavesBehindACommentAreClampedLikeWrittenOnes() throws {
    func svg(_ octaves: String) -> Data {
      Data(
        ("<svg \(Self.ns) width=\"24\" height=\"24\"><filter id=\"f\"><feTurbulence "
          + "baseFrequency=\"0.1\" numOctaves=\"\(octaves)\"/></filter>"
          + "<rect width=\"24\" height=\"24\" filter=\"url(#f)\"/></svg>").utf8)
    }
    let dir = try BoundsCLITests.folder([("a.svg", svg("/**/99999")), ("b.svg", svg("24"))])
    defer { try? FileManager.default.removeItem(at: dir) }
    for name in ["a", "b"] {
      let (result, seconds) = try Self.timed(
        ["render", "\(name).svg", "-o", "\(name).png"], in: dir)
      #expect(result.status == 0)
      #expect(result.stderr == "")
      #expect(seconds < Self.budget, "\(seconds) s")
    }
    #expect(
      try Data(contentsOf: dir.appendingPathComponent("a.png"))
        == Data(contentsOf: dir.appendingPathComponent("b.png")))
  }

  @Test func gzipCompressedSVGIsCanonicalisedInDataURLsAndAsAFile() throws {
    let font =
      "<svg \(Self.ns) width=\"24\" height=\"24\"><text y=\"20\" font-size=\"1e9\">W</text></svg>"
    let gzipped = try #require(try Self.gzip(Data(font.utf8)))
    let image =
      "<svg \(Self.ns) width=\"24\" height=\"24\"><image width=\"24\" height=\"24\" "
      + "href=\"data:image/svg+xml;base64,\(gzipped.base64EncodedString())\"/></svg>"
    let plain =
      "<svg \(Self.ns) width=\"24\" height=\"24\"><circle cx=\"12\" cy=\"12\" r=\"8\"/></svg>"
    let dir = try BoundsCLITests.folder([
      ("image.svg", Data(image.utf8)), ("file.svg", try #require(try Self.gzip(Data(plain.utf8)))),
      ("plain.svg", Data(plain.utf8)),
    ])
    defer { try? FileManager.default.removeItem(at: dir) }
    let (nested, seconds) = try Self.timed(["render", "image.svg", "-o", "image.png"], in: dir)
    #expect(nested.status == 0)
    #expect(
      nested.stderr
        == "image.svg: warning: font-size 1e+09 is past what librsvg can draw; drawn at 4096px\n")
    #expect(seconds < Self.budget, "\(seconds) s")
    BoundsCLITests.expectNoIsolationCatch(nested)
    for name in ["file", "plain"] {
      let result = try CLIRunner.run(["render", "\(name).svg", "-o", "\(name).png"], in: dir)
      #expect(result.status == 0)
      #expect(result.stderr == "")
    }
    #expect(
      try Data(contentsOf: dir.appendingPathComponent("file.png"))
        == Data(contentsOf: dir.appendingPathComponent("plain.png")))
  }

  @Test func commentsAndCSSSpellingChangeNoPixel() throws {
    let plain =
      "<svg \(Self.ns) width=\"24\" height=\"24\" viewBox=\"0 0 24 24\" fill=\"none\" "
      + "stroke=\"currentColor\" stroke-width=\"2\" stroke-linecap=\"round\">"
      + "<path d=\"m14 12 4 4 4-4\"/><circle cx=\"12\" cy=\"12\" r=\"3\"/></svg>"
    let spelled =
      "<!-- licence --><svg \(Self.ns) width=\"24\" height=\"24\" viewBox=\"0 0 24 24\" "
      + "fill=\"/* none */ none\" stroke=\"\\63 urrentColor\" stroke-width=\" 2 \" "
      + "style=\"stroke-linecap/**/: round\"><!-- x --><path d=\"m14 12 4 4 4-4\"/>"
      + "<circle cx=\"12\" cy=\"12\" r=\"&#51;\"/></svg>"
    let dir = try BoundsCLITests.folder([
      ("a.svg", Data(plain.utf8)), ("b.svg", Data(spelled.utf8)),
    ])
    defer { try? FileManager.default.removeItem(at: dir) }
    for name in ["a", "b"] {
      let result = try CLIRunner.run(
        ["assets", "\(name).svg", "-o", "\(name).xcassets", "--role", "plain", "--scales", "2"],
        in: dir)
      #expect(result.status == 0, "\(result.stderr)")
    }
    // The PNGs record their input's hash, so their pixels are compared.
    func pixels(_ path: String) throws -> [UInt8] {
      try PNGCodec.decode(Data(contentsOf: dir.appendingPathComponent(path)), path: path).pixels
    }
    let a = try pixels("a.xcassets/a.imageset/a@2x.png")
    #expect(a.contains { $0 != 0 })
    #expect(a == (try pixels("b.xcassets/b.imageset/b@2x.png")))
  }

  /// librsvg never reads another file itself: an `<image>` SVG in the folder is given to it in
  /// its canonical, bounded form; elements (`use`) and style sheets (`@import`) of other files
  /// are dropped with a warning.
  @Test func otherFilesReachLibrsvgOnlyInTheirCanonicalForm() throws {
    let inner =
      "<svg \(Self.ns) width=\"24\" height=\"24\"><!-- x --><text y=\"20\" "
      + "style=\"font-size/**/:1e9px\">W</text></svg>"
    let image =
      "<svg \(Self.ns) width=\"24\" height=\"24\"><image width=\"24\" height=\"24\" "
      + "href=\"inner.svg\"/></svg>"
    let use =
      "<svg \(Self.ns) width=\"24\" height=\"24\"><style>@import \"a.css\";</style>"
      + "<use href=\"inner.svg#t\"/><rect width=\"4\" height=\"4\"/></svg>"
    let dir = try BoundsCLITests.folder([
      ("inner.svg", Data(inner.utf8)), ("image.svg", Data(image.utf8)),
      ("use.svg", Data(use.utf8)), ("a.css", Data("rect{stroke-width:/**/1e12}".utf8)),
    ])
    defer { try? FileManager.default.removeItem(at: dir) }
    let (drawn, seconds) = try Self.timed(["render", "image.svg", "-o", "i.png"], in: dir)
    #expect(drawn.status == 0, "\(drawn.stderr)")
    #expect(drawn.stderr == "image.svg: \(Self.fontWarning)")
    #expect(seconds < Self.budget)
    let dropped = try CLIRunner.run(["render", "use.svg", "-o", "u.png"], in: dir)
    #expect(dropped.status == 0, "\(dropped.stderr)")
    #expect(
      dropped.stderr
        == "use.svg: warning: dropped reference 'a.css': style sheets in other files are never "
        + "loaded; inline the rules\n"
        + "use.svg: warning: dropped reference 'inner.svg#t': elements in other files are never "
        + "loaded; inline the content\n")
  }

  /// `data` compressed by the system's `gzip -n`.
  static func gzip(_ data: Data) throws -> Data? {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/bin/gzip")
    process.arguments = ["-c", "-n"]
    let input = Pipe()
    let output = Pipe()
    process.standardInput = input
    process.standardOutput = output
    try process.run()
    let writer = Thread {
      input.fileHandleForWriting.write(data)
      try? input.fileHandleForWriting.close()
    }
    writer.start()
    let result = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return process.terminationStatus == 0 ? result : nil
  }
}
