import Foundation
import Testing

/// Issue 34 as a user meets it: `render` picks PDF, SVG or VectorDrawable by `-f` or by
/// `-o`'s extension (never a PNG named `.pdf`), and a project with `"ios": {"format": "pdf"}`
/// builds vector image sets incrementally.
@Suite("render -f pdf|svg and vector image sets in a build")
struct VectorFormatCLITests {
  static let bell = ProjectCLITests.sampleIcons.appendingPathComponent("bell.svg").path

  @Test("-o home.pdf writes a PDF (never a PNG named .pdf); .svg an SVG; .xml a VectorDrawable")
  func inferredFromExtension() throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let pdf = folder.appendingPathComponent("home.pdf").path
    let result = try CLIRunner.run(["render", Self.bell, "-o", pdf, "--role", "tab-bar"])
    #expect(result.status == 0, "\(result.stderr)")
    let bytes = try Data(contentsOf: URL(fileURLWithPath: pdf))
    #expect(bytes.starts(with: Data("%PDF-1.5".utf8)))
    #expect(String(decoding: bytes, as: UTF8.self).contains("/MediaBox [ 0 0 25 25 ]"))
    let svg = folder.appendingPathComponent("home.svg").path
    #expect(try CLIRunner.run(["render", Self.bell, "-o", svg, "--role", "tab-bar"]).status == 0)
    let text = try String(contentsOfFile: svg, encoding: .utf8)
    #expect(
      text.hasPrefix(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"25\" height=\"25\" viewBox=\"0 0 25 25\">\n<path d=\"M"
      ))
    #expect(!text.contains("glyphsmith:source"))
    let xml = folder.appendingPathComponent("home.xml").path
    #expect(try CLIRunner.run(["render", Self.bell, "-o", xml]).status == 0)
    #expect(try String(contentsOfFile: xml, encoding: .utf8).contains("android:width=\"24dp\""))
    let png = folder.appendingPathComponent("home.PNG").path
    #expect(try CLIRunner.run(["render", Self.bell, "-o", png]).status == 0)
    #expect(try Data(contentsOf: URL(fileURLWithPath: png)).starts(with: [0x89, 0x50, 0x4E, 0x47]))
  }

  @Test("an extension that contradicts -f is a usage error (exit 2), nothing written")
  func contradiction() throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let pdf = folder.appendingPathComponent("home.pdf").path
    let result = try CLIRunner.run(["render", Self.bell, "-f", "png", "-o", pdf])
    #expect(result.status == 2)
    #expect(
      result.stderr.hasPrefix(
        "glyphsmith render: error: -o \(pdf): the extension .pdf is pdf, not -f png; name the file .png or give -f pdf"
      ), "\(result.stderr)")
    #expect(!FileManager.default.fileExists(atPath: pdf))
    let svg = folder.appendingPathComponent("home.svg").path
    #expect(try CLIRunner.run(["render", Self.bell, "-f", "pdf", "-o", svg]).status == 2)
    #expect(
      try CLIRunner.run(["render", Self.bell, "-f", "svg", "-o", svg, "--background", "red"]).status
        == 2)
  }

  @Test("-o - writes the bytes to stdout; the same input gives the same bytes every run")
  func stdout() throws {
    let first = try CLIRunner.run([
      "render", Self.bell, "-f", "pdf", "-o", "-", "--role", "toolbar",
    ])
    #expect(first.status == 0)
    #expect(first.stdout.starts(with: Data("%PDF-".utf8)))
    #expect(first.stdout.suffix(6) == Data("%%EOF\n".utf8))
    let second = try CLIRunner.run([
      "render", Self.bell, "-f", "pdf", "-o", "-", "--role", "toolbar",
    ])
    #expect(second.stdout == first.stdout)
    let svg = try CLIRunner.run(["render", Self.bell, "-f", "svg", "-o", "-"])
    #expect(svg.status == 0)
    #expect(svg.stdoutText.hasSuffix("</svg>\n"))
  }

  @Test("assets --format pdf; --format without ios is a usage error")
  func assetsFormat() throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let catalog = folder.appendingPathComponent("A.xcassets").path
    let result = try CLIRunner.run(["assets", Self.bell, "-o", catalog, "--format", "pdf"])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stderr.contains("wrote 1 icon (1 PDF) to"))
    #expect(FileManager.default.fileExists(atPath: catalog + "/bell.imageset/bell.pdf"))
    let gif = try CLIRunner.run(["assets", Self.bell, "-o", catalog, "--format", "gif"])
    #expect(gif.status == 2)
    #expect(gif.stderr.contains("--format: png, pdf or svg, got 'gif'"), "\(gif.stderr)")
    #expect(
      try CLIRunner.run([
        "assets", Self.bell, "-o", catalog, "--format", "pdf", "--platform", "web",
      ])
      .status == 2)
  }

  @Test("svg: the fallback warning names the dark variant's file when only it has a mask")
  func fallbackNamesTheDarkVariant() throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let icons = folder.appendingPathComponent("icons")
    try FileManager.default.createDirectory(at: icons, withIntermediateDirectories: true)
    let light =
      #"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24">"#
      + ##"<rect x="4" y="4" width="16" height="16" fill="#336699"/></svg>"##
    try light.write(
      to: icons.appendingPathComponent("logo.svg"), atomically: true, encoding: .utf8)
    let dark =
      #"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24">"# + "\n"
      + #"<mask id="m"><rect width="24" height="12" fill="white"/></mask>"# + "\n"
      + ##"<circle id="dot" cx="12" cy="12" r="10" fill="#99ccff" mask="url(#m)"/>"## + "\n"
      + "</svg>\n"
    try dark.write(
      to: icons.appendingPathComponent("logo-dark.svg"), atomically: true, encoding: .utf8)
    let catalog = folder.appendingPathComponent("A.xcassets").path
    let result = try CLIRunner.run([
      "assets", icons.path, "-o", catalog, "--format", "svg", "--role", "plain", "--size", "24",
    ])
    #expect(result.status == 0, "\(result.stderr)")
    let darkPath = icons.appendingPathComponent("logo-dark.svg").path
    #expect(
      result.stderr.contains(
        darkPath
          + ": warning: plain SVG paths cannot express masks or group opacity"
          + " (<circle id=\"dot\"> line 3); writing the image set as PDF instead"),
      "\(result.stderr)")
    #expect(
      !result.stderr.contains(icons.appendingPathComponent("logo.svg").path + ": warning: plain"))
    #expect(FileManager.default.fileExists(atPath: catalog + "/logo.imageset/logo-dark.pdf"))
  }

  @Test("a project with ios.format pdf builds, rebuilds nothing, and svg leaves no PDF behind")
  func project() throws {
    let config = """
      {"version": 1, "icons": "icons", "ios": {"catalog": "App/Icons.xcassets", "compact": true, "format": "pdf"},
       "rules": [{"match": "h[eo]*.svg", "original": true}]}
      """
    let folder = try ProjectCLITests.project(config: config)
    defer { try? FileManager.default.removeItem(at: folder) }
    let first = try CLIRunner.run(["build", "--jobs", "2"], in: folder)
    #expect(first.status == 0, "\(first.stderr)")
    let catalog = folder.appendingPathComponent("App/Icons.xcassets")
    func files(_ ext: String) -> [String] {
      let enumerator = FileManager.default.enumerator(atPath: catalog.path)!
      var found: [String] = []
      while let next = enumerator.nextObject() as? String {
        if next.hasSuffix("." + ext) { found.append(next) }
      }
      return found.sorted()
    }
    // 16 icons, each with a compact set; heart and house with dark variants in both.
    #expect(files("pdf").count == 16 * 2 + 2 * 2)
    #expect(files("png").isEmpty)
    #expect(files("pdf").contains("heart.imageset/heart-dark.pdf"))
    let snapshot = try ProjectCLITests.snapshot(folder)
    let second = try CLIRunner.run(["build", "--jobs", "2"], in: folder)
    #expect(second.status == 0)
    #expect(second.stderr.contains("built 0 icons (0 files) to"), "\(second.stderr)")
    #expect(second.stderr.contains("16 unchanged"))
    #expect(try ProjectCLITests.snapshot(folder) == snapshot)
    try config.replacingOccurrences(of: "\"pdf\"", with: "\"svg\"").write(
      to: folder.appendingPathComponent("glyphsmith.json"), atomically: true, encoding: .utf8)
    let third = try CLIRunner.run(["build", "--jobs", "2"], in: folder)
    #expect(third.status == 0, "\(third.stderr)")
    #expect(files("pdf").isEmpty)
    #expect(files("svg").count == 16 * 2 + 2 * 2)
  }
}

/// `glyphsmith outline` as a user runs it.
@Suite("outline")
struct OutlineCLITests {
  @Test("a folder in, one outline per icon out, no stroke; -o FILE.svg for one icon; errors exit 2")
  func outline() throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let out = folder.appendingPathComponent("out").path
    let result = try CLIRunner.run([
      "outline", ProjectCLITests.sampleIcons.path, "-o", out, "--jobs", "2",
    ])
    #expect(result.status == 0, "\(result.stderr)")
    let names = try FileManager.default.contentsOfDirectory(atPath: out).sorted()
    #expect(names.count == 16)
    for name in names {
      let text = try String(contentsOfFile: out + "/" + name, encoding: .utf8)
      #expect(!text.contains("stroke"), "\(name)")
    }
    let one = folder.appendingPathComponent("bell-outline.svg").path
    #expect(try CLIRunner.run(["outline", VectorFormatCLITests.bell, "-o", one]).status == 0)
    #expect(
      try String(contentsOfFile: one, encoding: .utf8)
        == String(contentsOfFile: out + "/bell.svg", encoding: .utf8))
    let masked = folder.appendingPathComponent("masked.svg")
    try Data(VectorImageSetMasked.svg.utf8).write(to: masked)
    let refused = try CLIRunner.run(["outline", masked.path, "-o", out])
    #expect(refused.status == 2)
    #expect(
      refused.stderr.hasPrefix(
        masked.path
          + ": error: cannot outline masks or group opacity (<circle id=\"dot\"> line 3)\noutlined 0 of 1 icon to \(out) in "
      ), "\(refused.stderr)")
    #expect(try CLIRunner.run(["outline", masked.path]).status == 2)
  }
}

/// A masked circle (the mask is what plain paths cannot express).
enum VectorImageSetMasked {
  static let svg = """
    <svg xmlns="http://www.w3.org/2000/svg" width="24" height="24" viewBox="0 0 24 24">
    <mask id="m"><rect width="24" height="12" fill="white"/></mask>
    <circle id="dot" cx="12" cy="12" r="10" mask="url(#m)"/>
    </svg>
    """
}
