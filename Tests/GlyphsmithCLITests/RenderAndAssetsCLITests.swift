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
      ["render", "a.svg", "-o", "x.png", "--tint", "red"],
      "--tint: invalid colour 'red'; use #RRGGBB or #RRGGBBAA"
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
    #expect(result.stderr.contains("icons/bad.svg: error: invalid SVG"))
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
        == "b/star.svg: error: asset name 'star' collides with a/Star.svg (names must differ in more than case); rename one of them\n"
    )
    #expect(!FileManager.default.fileExists(atPath: dir.appendingPathComponent("C.xcassets").path))
  }
}
