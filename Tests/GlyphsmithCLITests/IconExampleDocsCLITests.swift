import Foundation
import Glyphsmith
import Testing

/// Issue 35: docs/appicon.md's example is what the commands it shows make: the `icon.json`
/// between its `appicon-example` markers, the picture `docs/images/appicon-icon-preview.png`
/// (decoded pixels), and a bundle that validates and lints clean.
@Suite struct IconExampleDocsCLITests {
  static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent()

  @Test func theDocumentedExampleIsWhatTheCommandsMake() throws {
    let dir = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: dir) }
    try FileManager.default.copyItem(
      at: Self.root.appendingPathComponent("docs/examples/icon"),
      to: dir.appendingPathComponent("layers"))
    let result = try CLIRunner.run(
      [
        "appicon", "layers/bolt.svg", "--format", "icon", "-o", "Bolt.icon", "--layer",
        "layers/ring.svg", "--background", "layers/backdrop.svg", "--preview", "bolt.png",
      ], in: dir)
    #expect(result.status == 0, "\(result.stderr)")
    #expect(
      result.stderr
        == "wrote Bolt.icon (icon.json, 3 layer files)\n"
        + "wrote bolt.png (an approximation of Bolt.icon)\n")

    let doc = try String(
      contentsOf: Self.root.appendingPathComponent("docs/appicon.md"), encoding: .utf8)
    let begin = try #require(doc.range(of: "<!-- appicon-example:begin -->\n```json\n"))
    let end = try #require(doc.range(of: "\n```\n<!-- appicon-example:end -->"))
    let shown = String(doc[begin.upperBound..<end.lowerBound])
    let written = try String(
      contentsOf: dir.appendingPathComponent("Bolt.icon/icon.json"), encoding: .utf8)
    #expect(written == shown)

    let picture = try PNGCodec.decode(
      Data(contentsOf: dir.appendingPathComponent("bolt.png")), path: "bolt.png")
    let documented = try PNGCodec.decode(
      Data(contentsOf: Self.root.appendingPathComponent("docs/images/appicon-icon-preview.png")),
      path: "appicon-icon-preview.png")
    #expect(picture == documented, "run scripts/icon-preview.sh to redraw the docs picture")
    // `sheet --app-icon` draws the same picture, byte for byte.
    let sheet = try CLIRunner.run(["sheet", "--app-icon", "Bolt.icon", "-o", "sheet.png"], in: dir)
    #expect(sheet.status == 0, "\(sheet.stderr)")
    #expect(sheet.stderr == "wrote sheet.png (an approximation of Bolt.icon)\n")
    let sheetData = try Data(contentsOf: dir.appendingPathComponent("sheet.png"))
    #expect(sheetData == (try Data(contentsOf: dir.appendingPathComponent("bolt.png"))))
    #expect(try PNGCodec.decode(sheetData, path: "sheet.png") == documented)

    let validate = try CLIRunner.run(["validate", "Bolt.icon"], in: dir)
    #expect(validate.status == 0 && validate.stderr == "")
    let lint = try CLIRunner.run(["lint", "--role", "icon-layer", "Bolt.icon"], in: dir)
    #expect(lint.status == 0)
    #expect(lint.stderr == "3 files: 0 errors, 0 warnings, 0 info\n")
  }
}
