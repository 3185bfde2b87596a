import Foundation
import Glyphsmith
import Testing

@Suite("glyphsmith render and assets, run as a user runs them")
struct RenderAndAssetsCLITests {
  @Test func renderWritesThePNGAtSizeTimesScale() throws {
    let dir = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: dir) }
    try Data(circleSVG.utf8).write(to: dir.appendingPathComponent("home.svg"))
    let result = try CLIRunner.run(
      ["render", "home.svg", "-o", "home@3x.png", "--size", "25", "--scale=3"], in: dir)
    #expect(result.status == 0 && result.stderr == "")
    let image = try PNGCodec.decode(
      try Data(contentsOf: dir.appendingPathComponent("home@3x.png")), path: "-")
    #expect(image.width == 75 && image.height == 75)
  }

  @Test func renderReadsStdinAndWritesStdout() throws {
    let result = try CLIRunner.run(
      ["render", "-", "-o", "-", "--width", "10"], stdin: Data(circleSVG.utf8))
    #expect(result.status == 0)
    let image = try PNGCodec.decode(result.stdout, path: "-")
    #expect(image.width == 10 && image.height == 10)
  }

  @Test func failedRenderLeavesNoFileAndExitsTwo() throws {
    let dir = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: dir) }
    try Data("<svg xmlns=\"http://www.w3.org/2000/svg\"><rect".utf8).write(
      to: dir.appendingPathComponent("broken.svg"))
    let result = try CLIRunner.run(["render", "broken.svg", "-o", "out.png"], in: dir)
    #expect(result.status == 2)
    #expect(result.stderr.hasPrefix("broken.svg: error: invalid SVG: "))
    #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path) == ["broken.svg"])
    let huge = try CLIRunner.run(["render", "broken.svg", "-o", "out.png", "--size", "0"], in: dir)
    #expect(huge.status == 2 && huge.stderr.contains("--size needs a positive number, got '0'"))
  }

  @Test(arguments: [
    (["render"], "missing INPUT"),
    (["render", "a.svg"], "missing -o/--output FILE.png"),
    (
      ["render", "a.svg", "-o", "x.png", "--tint", "reddish"],
      "--tint: invalid colour 'reddish'; use #RGB, #RRGGBB, #RRGGBBAA, a CSS colour name or R,G,B"
    ),
    (["render", "a.svg", "-o", "x.png", "--role", "tabbar"], "unknown role 'tabbar'"),
    (
      ["render", "a.svg", "-o", "x.png", "--szie", "3"],
      "unknown option '--szie'; did you mean '--size'?"
    ),
    (["assets", "a.svg"], "missing -o/--output CATALOG.xcassets"),
    (
      ["assets", "a.svg", "-o", "C.xcassets", "--scales", "1,4"], "--scales needs a list of 1, 2, 3"
    ),
    (["frobnicate"], "unknown subcommand 'frobnicate'"),
  ])
  func usageErrorsExitTwoWithAMessage(arguments: [String], message: String) throws {
    let result = try CLIRunner.run(arguments)
    #expect(result.status == 2)
    #expect(result.stderr.contains(message), "\(result.stderr)")
  }

  @Test func impossibleSizesAreUsageErrorsNotLibraryErrors() throws {
    let dir = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: dir) }
    try Data(circleSVG.utf8).write(to: dir.appendingPathComponent("c.svg"))
    let padded = try CLIRunner.run(
      ["render", "c.svg", "-o", "x.png", "--size", "25", "--padding", "13"], in: dir)
    #expect(padded.status == 2)
    #expect(
      padded.stderr
        == "glyphsmith render: error: --padding 13.00 pt leaves no room in a 25x25 px canvas; use less padding or a larger size\n"
        + "see 'glyphsmith help render'\n"
    )
    let tiny = try CLIRunner.run(["render", "c.svg", "-o", "x.png", "--size", "0.1"], in: dir)
    #expect(
      tiny.stderr
        == "glyphsmith render: error: the output would be 0x0 px; give a larger size or scale\n"
        + "see 'glyphsmith help render'\n")
    #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path) == ["c.svg"])
  }

  @Test func assetsSkipsCatalogsInsideItsInputAndRerunsAsUnchanged() throws {
    let dir = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: dir) }
    try FileManager.default.createDirectory(
      at: dir.appendingPathComponent("icons"), withIntermediateDirectories: true)
    try Data(circleSVG.utf8).write(to: dir.appendingPathComponent("icons/home.svg"))
    let first = try CLIRunner.run(["assets", "icons", "-o", "icons/Icons.xcassets"], in: dir)
    #expect(first.status == 0)
    #expect(first.stderr.hasPrefix("wrote 1 icon (3 PNG files) to icons/Icons.xcassets in "))
    let second = try CLIRunner.run(["assets", "icons", "-o", "icons/Icons.xcassets"], in: dir)
    #expect(second.status == 0)
    #expect(second.stderr.hasSuffix("; 1 unchanged; 0 failed\n"))
  }

  @Test func assetsJSONCarriesAnErrorThatStoppedTheRun() throws {
    let dir = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: dir) }
    try Data(circleSVG.utf8).write(to: dir.appendingPathComponent("a.svg"))
    let result = try CLIRunner.run(
      ["assets", "a.svg", "a.svg", "-o", "C.xcassets", "--json"], in: dir)
    #expect(result.status == 2)
    let json = try JSONSerialization.jsonObject(with: result.stdout) as! [String: Any]
    #expect(
      json["error"] as? String == "a.svg: error: given twice (asset name 'a'); give each file once")
    #expect((json["inputs"] as? [Any])?.isEmpty == true)
  }

  @Test func helpAndVersionGoToStdout() throws {
    let help = try CLIRunner.run(["help", "render"])
    #expect(
      help.status == 0 && help.stdoutText.hasPrefix("usage: glyphsmith render INPUT -o OUTPUT.png"))
    #expect(help.stdoutText.contains("tab-bar     template  ink fitted by shape"))
    #expect(try CLIRunner.run(["render", "--help"]).stdout == help.stdout)
    let version = try CLIRunner.run(["--version"])
    #expect(version.status == 0)
    for library in ["cairo ", "librsvg ", "libpng ", "pango ", "freetype ", "harfbuzz "] {
      #expect(version.stdoutText.contains(library))
    }
  }

  @Test func assetsJSONReportAndExitCodeWithOneBadInput() throws {
    let dir = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: dir) }
    try FileManager.default.createDirectory(
      at: dir.appendingPathComponent("icons"), withIntermediateDirectories: true)
    try Data(circleSVG.utf8).write(to: dir.appendingPathComponent("icons/home.svg"))
    try Data("not svg".utf8).write(to: dir.appendingPathComponent("icons/bad.svg"))
    let result = try CLIRunner.run(
      ["assets", "icons", "-o", "Icons.xcassets", "--json", "--scales", "1,2", "--jobs", "2"],
      in: dir)
    #expect(result.status == 2)
    #expect(result.stderr.contains("icons/bad.svg: error: not a PNG or SVG file"))
    let json = try JSONSerialization.jsonObject(with: result.stdout) as! [String: Any]
    #expect(json["version"] as? Int == 1)
    let inputs = json["inputs"] as! [[String: Any]]
    #expect(inputs.map { $0["path"] as! String } == ["icons/bad.svg", "icons/home.svg"])
    #expect(inputs.map { $0["status"] as! String } == ["failed", "written"])
    #expect(inputs[0]["error"] is String && inputs[1]["error"] is NSNull)
    #expect(inputs[1]["shape"] as? String == "circle" && inputs[1]["sizePt"] as? Double == 25)
    let files = inputs[1]["files"] as! [[String: Any]]
    #expect(
      files.map { $0["path"] as! String } == [
        "Icons.xcassets/home.imageset/home.png", "Icons.xcassets/home.imageset/home@2x.png",
      ])
    #expect(files.map { $0["width"] as! Int } == [25, 50])
    #expect(
      FileManager.default.fileExists(
        atPath: dir.appendingPathComponent("Icons.xcassets/home.imageset/home@2x.png").path))
  }

  @Test func assetsCollisionWritesNothing() throws {
    let dir = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: dir) }
    for path in ["a/Star.svg", "b/star.svg"] {
      let url = dir.appendingPathComponent(path)
      try FileManager.default.createDirectory(
        at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
      try Data(circleSVG.utf8).write(to: url)
    }
    let result = try CLIRunner.run(["assets", "a", "b", "-o", "C.xcassets", "--quiet"], in: dir)
    #expect(result.status == 2)
    #expect(
      result.stderr
        == "b/star.svg: error: asset name 'star' collides with a/Star.svg (asset names must differ, and in more than letter case); rename one of them\n"
    )
    #expect(!FileManager.default.fileExists(atPath: dir.appendingPathComponent("C.xcassets").path))
  }
}
