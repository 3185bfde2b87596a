import Foundation
import Glyphsmith
import Testing

/// Faults a new user's trial of vector image sets (issue 34) found, each pinned with a tiny
/// SVG: the exact message and exit code.
@Suite("vector image sets: the new-user trial's findings")
struct VectorTrialCLITests {
  /// Writes `svg` as `NAME.svg` in a fresh folder and returns the folder and the file's path.
  static func icon(_ name: String, _ svg: String) throws -> (folder: URL, path: String) {
    let folder = try temporaryFolder()
    let file = folder.appendingPathComponent(name + ".svg")
    try Data(svg.utf8).write(to: file)
    return (folder, file.path)
  }

  /// The stderr lines before the summary line (`wrote ...`).
  static func messages(_ stderr: String) -> [String] {
    stderr.split(separator: "\n").map(String.init).filter { !$0.hasPrefix("wrote ") }
  }

  static let text = """
    <svg xmlns="http://www.w3.org/2000/svg" width="24" height="24" viewBox="0 0 24 24">
    <text id="t" x="0" y="20" font-size="24" font-family="DejaVu Sans">A</text>
    </svg>
    """

  @Test("text in --format svg at a fitted role falls back to PDF naming <text>; no Pango warning")
  func textFallsBackToPDF() throws {
    let (folder, path) = try Self.icon("letter", Self.text)
    defer { try? FileManager.default.removeItem(at: folder) }
    let catalog = folder.appendingPathComponent("A.xcassets").path
    for role in ["tab-bar", "toolbar"] {
      let result = try CLIRunner.run([
        "assets", path, "-o", catalog, "--format", "svg", "--role", role, "--force",
      ])
      #expect(result.status == 0, "\(result.stderr)")
      #expect(
        Self.messages(result.stderr) == [
          path
            + ": warning: plain SVG paths cannot express text (<text id=\"t\"> line 2); writing the image set as PDF instead"
        ], "\(result.stderr)")
      #expect(!result.stderr.contains("Pango"))
      #expect(
        try FileManager.default.contentsOfDirectory(atPath: catalog + "/letter.imageset").sorted()
          == ["Contents.json", "letter.pdf"])
    }
    let one = try CLIRunner.run([
      "render", path, "-f", "svg", "-o", folder.appendingPathComponent("x.svg").path,
    ])
    #expect(one.status == 2)
    #expect(
      one.stderr == path + ": error: plain SVG paths cannot express text (<text id=\"t\"> line 2)\n"
    )
  }

  /// An 8 x 8 opaque black PNG as a data: URI.
  static let blackPNG =
    "data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAgAAAAICAYAAADED76LAAAAEUlEQVR4nGNgYGD4TwCPBAUAgkg/weiby3kAAAAASUVORK5CYII="

  @Test(
    "fitting counts what librsvg draws: an <image> only, and a viewBox of 1e8 or 0.001, fill the toolbar canvas as a 16 pt square does"
  )
  func fittingCountsWhatIsDrawn() throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    func svg(_ viewBox: String, _ body: String) -> String {
      "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"\(viewBox)\">\(body)</svg>"
    }
    let icons: [(String, String)] = [
      ("square", svg("0 0 24 24", #"<rect x="4" y="4" width="16" height="16"/>"#)),
      (
        "image",
        svg(
          "0 0 24 24",
          #"<image x="4" y="4" width="16" height="16" href=""# + Self.blackPNG + #""/>"#)
      ),
      ("huge", svg("0 0 1e8 1e8", #"<rect x="1e7" y="1e7" width="8e7" height="8e7"/>"#)),
      (
        "tiny",
        svg("0 0 0.001 0.001", #"<rect x="0.0001" y="0.0001" width="0.0008" height="0.0008"/>"#)
      ),
    ]
    for (name, text) in icons {
      try Data(text.utf8).write(to: folder.appendingPathComponent(name + ".svg"))
    }
    for format in ["png", "pdf"] {
      let catalog = folder.appendingPathComponent(format + ".xcassets").path
      let result = try CLIRunner.run(
        [
          "assets", folder.path, "-o", catalog, "--role", "toolbar", "--format", format,
        ] + (format == "png" ? ["--scales", "1"] : []))
      #expect(result.status == 0, "\(result.stderr)")
      #expect(!result.stderr.contains("draws nothing"), "\(result.stderr)")
    }
    let png = folder.appendingPathComponent("png.xcassets").path
    for name in ["image", "huge", "tiny"] {
      let file = png + "/\(name).imageset/\(name).png"
      let data = try Data(contentsOf: URL(fileURLWithPath: file))
      // IHDR: 24 x 24 px at @1x, the toolbar's 24 pt.
      #expect(Array(data[16..<24]) == [0, 0, 0, 24, 0, 0, 0, 24], "\(name)")
    }
    for name in ["image", "huge"] {
      let same = try CLIRunner.run([
        "compare", png + "/square.imageset/square.png", png + "/\(name).imageset/\(name).png",
      ])
      #expect(same.status == 0, "\(name): \(same.stdoutText)\(same.stderr)")
    }
  }

  // The trial's finding 8, left: with a width, the tiny viewBox is drawn 24000x larger, which
  // librsvg draws as nothing; the error says so, naming the viewBox, rather than "draws nothing".
  @Test func aViewBoxLibrsvgCannotDrawAtItsSizeIsNamed() throws {
    let (folder, path) = try Self.icon(
      "tiny",
      #"<svg xmlns="http://www.w3.org/2000/svg" width="24" height="24" viewBox="0 0 0.001 0.001"><rect x="0.0002" y="0.0002" width="0.0006" height="0.0006"/></svg>"#
    )
    defer { try? FileManager.default.removeItem(at: folder) }
    let result = try CLIRunner.run(
      ["render", path, "--role", "toolbar", "-o", folder.appendingPathComponent("t.png").path])
    #expect(result.status == 2)
    #expect(
      result.stderr
        == "\(path): error: the artwork draws nothing: its viewBox \"0 0 0.001 0.001\" is drawn 24000x larger at its 24x24 px size, which librsvg draws as nothing (past about 5000x); scale the art up in the editor (a viewBox in the size's order, such as 0 0 24 24)\n"
    )
    // A plain render has no ink to fit: it writes the blank PNG librsvg draws, exit 0, and
    // says why it is blank in the same words, as a warning.
    let plain = folder.appendingPathComponent("p.png").path
    let written = try CLIRunner.run(["render", path, "-o", plain])
    #expect(written.status == 0)
    #expect(
      written.stderr
        == "\(path): warning: the artwork draws nothing: its viewBox \"0 0 0.001 0.001\" is drawn 24000x larger at its 24x24 px size, which librsvg draws as nothing (past about 5000x); scale the art up in the editor (a viewBox in the size's order, such as 0 0 24 24)\n"
    )
    let png = try PNGCodec.decode(Data(contentsOf: URL(fileURLWithPath: plain)), path: plain)
    #expect(png.width == 24 && png.height == 24)
    #expect(png.pixels.allSatisfy { $0 == 0 })
    // An SVG that is empty at a sane viewBox is a blank PNG without a word, as before.
    let (emptyFolder, empty) = try Self.icon(
      "empty", #"<svg xmlns="http://www.w3.org/2000/svg" width="24" height="24" viewBox="0 0 24 24"/>"#)
    defer { try? FileManager.default.removeItem(at: emptyFolder) }
    let blank = try CLIRunner.run(["render", empty, "-o", folder.appendingPathComponent("e.png").path])
    #expect(blank.status == 0)
    #expect(blank.stderr == "")
  }

  static let square = """
    <svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24"><rect x="4" y="4" width="16" height="16"/></svg>
    """

  @Test("the summary counts the files of the format written: (1 PDF), (1 SVG), a rerun (0 files)")
  func summaryCountsTheFormatWritten() throws {
    let (folder, path) = try Self.icon("square", Self.square)
    defer { try? FileManager.default.removeItem(at: folder) }
    for (format, noun) in [("pdf", "1 PDF"), ("svg", "1 SVG")] {
      let catalog = folder.appendingPathComponent(format + ".xcassets").path
      let first = try CLIRunner.run(["assets", path, "-o", catalog, "--format", format])
      #expect(first.status == 0)
      #expect(first.stderr.hasPrefix("wrote 1 icon (\(noun)) to \(catalog) in "), "\(first.stderr)")
      let again = try CLIRunner.run(["assets", path, "-o", catalog, "--format", format])
      #expect(again.status == 0)
      #expect(
        again.stderr.hasPrefix("wrote 0 icons (0 files) to \(catalog) in "), "\(again.stderr)")
      #expect(again.stderr.hasSuffix(" s; 1 unchanged; 0 failed\n"))
    }
    let png = folder.appendingPathComponent("png.xcassets").path
    #expect(try CLIRunner.run(["assets", path, "-o", png]).status == 0)
    #expect(
      try CLIRunner.run(["assets", path, "-o", png]).stderr.hasPrefix(
        "wrote 0 icons (0 PNG files) to \(png) in "))
  }

  @Test("--scales with --format pdf or svg is a usage error (exit 2): a vector set has no scales")
  func scalesWithAVectorFormat() throws {
    let (folder, path) = try Self.icon("square", Self.square)
    defer { try? FileManager.default.removeItem(at: folder) }
    let catalog = folder.appendingPathComponent("A.xcassets").path
    for format in ["pdf", "svg"] {
      let result = try CLIRunner.run([
        "assets", path, "-o", catalog, "--format", format, "--scales", "2",
      ])
      #expect(result.status == 2)
      #expect(
        result.stderr
          == "glyphsmith assets: error: --scales 2 applies to PNG image sets; a --format \(format) set is one vector file for every scale (drop --scales)\nsee 'glyphsmith help assets'\n"
      )
      #expect(!FileManager.default.fileExists(atPath: catalog))
    }
    #expect(
      try CLIRunner.run(["assets", path, "-o", catalog, "--format", "png", "--scales", "2"]).status
        == 0)
  }

  @Test("assets --help's synopsis lists --format, --platform and --android-format")
  func assetsSynopsis() throws {
    let help = try CLIRunner.run(["assets", "--help"]).stdoutText
    let usage = help.split(separator: "\n").prefix(4).map(String.init)
    #expect(
      usage == [
        "usage: glyphsmith assets INPUT... -o CATALOG.xcassets [--role R] [--size PT] [--shape S]",
        "                         [--format png|pdf|svg] [--scales 1,2,3] [--compact] [--padding PT]",
        "                         [--template|--original] [--platform ios,android,web] [--android-format F]",
        "                         [--jobs N] [--json [--plan]] [--quiet] [--lint [--strict]]",
      ], "\(usage)")
  }

  @Test("golden check without golden.json says 'strict options used' only when they are")
  func strictOptionsNote() throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let png = try #require(Data(base64Encoded: String(Self.blackPNG.dropFirst(22))))
    for name in ["actual", "golden"] {
      let sub = folder.appendingPathComponent(name)
      try FileManager.default.createDirectory(at: sub, withIntermediateDirectories: true)
      try png.write(to: sub.appendingPathComponent("a.png"))
    }
    let (actual, golden) = (folder.path + "/actual", folder.path + "/golden")
    func note(_ used: String) -> String {
      golden
        + "/golden.json: note: not found; \(used) and the renderer not checked; 'glyphsmith golden record' writes one\n"
    }
    for (extra, used) in [
      ([String](), "strict options used"), (["--threshold", "0.05"], "strict options used"),
      (["--threshold", "0.1"], "the options given on the command line used"),
    ] {
      let result = try CLIRunner.run(["golden", "check", actual, golden] + extra)
      #expect(result.status == 0)
      #expect(result.stderr == note(used), "\(extra)")
    }
  }

  @Test("a PDF set with an <image> warns naming it: a raster image at its own resolution")
  func pdfImageWarning() throws {
    let svg =
      #"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24">"# + "\n"
      + #"<image id="photo" x="4" y="4" width="16" height="16" href=""# + Self.blackPNG
      + "\"/>\n</svg>\n"
    let (folder, path) = try Self.icon("photo", svg)
    defer { try? FileManager.default.removeItem(at: folder) }
    let catalog = folder.appendingPathComponent("A.xcassets").path
    let result = try CLIRunner.run(["assets", path, "-o", catalog, "--format", "pdf"])
    #expect(result.status == 0)
    #expect(
      Self.messages(result.stderr) == [
        path
          + ": warning: the PDF holds embedded images (<image id=\"photo\"> line 2) as raster images at their own resolution (an <image> is pixels, not vectors), which blur when enlarged; use PNG for this icon or draw it without them"
      ], "\(result.stderr)")
  }

  @Test(
    "outline names a filter, an <image> and <text> by element (exit 2), and ends with totals; --quiet drops them"
  )
  func outlineMessagesAndTotals() throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let icons = folder.appendingPathComponent("icons")
    try FileManager.default.createDirectory(at: icons, withIntermediateDirectories: true)
    let head = #"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24">"# + "\n"
    let files = [
      "a-square": head + #"<rect x="4" y="4" width="16" height="16"/>"# + "\n</svg>\n",
      "b-blur":
        head + #"<filter id="f"><feGaussianBlur stdDeviation="1"/></filter>"# + "\n"
        + #"<rect id="soft" x="4" y="4" width="16" height="16" filter="url(#f)"/>"# + "\n</svg>\n",
      "c-photo":
        head + #"<image id="photo" x="4" y="4" width="16" height="16" href=""# + Self.blackPNG
        + "\"/>\n</svg>\n",
      "d-letter": Self.text,
    ]
    for (name, text) in files {
      try Data(text.utf8).write(to: icons.appendingPathComponent(name + ".svg"))
    }
    let out = folder.appendingPathComponent("out").path
    let result = try CLIRunner.run(["outline", icons.path, "-o", out])
    #expect(result.status == 2)
    let lines = result.stderr.split(separator: "\n").map(String.init)
    let p = icons.path
    #expect(
      Array(lines.dropLast()) == [
        p + "/b-blur.svg: error: cannot outline filters (<rect id=\"soft\"> line 3)",
        p + "/c-photo.svg: error: cannot outline embedded images (<image id=\"photo\"> line 2)",
        p + "/d-letter.svg: error: cannot outline text (<text id=\"t\"> line 2)",
      ], "\(result.stderr)")
    #expect(lines.last?.hasPrefix("outlined 1 of 4 icons to \(out) in ") == true, "\(lines)")
    #expect(lines.last?.hasSuffix(" s; 3 failed") == true, "\(lines)")
    #expect(try FileManager.default.contentsOfDirectory(atPath: out) == ["a-square.svg"])
    let quiet = try CLIRunner.run(["outline", icons.path, "-o", out, "--quiet"])
    #expect(quiet.status == 2)
    #expect(!quiet.stderr.contains("outlined "))
    #expect(quiet.stderr.split(separator: "\n").count == 3)
  }
}
