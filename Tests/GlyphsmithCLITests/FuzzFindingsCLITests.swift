import Foundation
import Testing

/// The inputs fuzzing found (`Tests/GlyphsmithTestFixtures/Fixtures/fuzz`, README there): every
/// command that reads artwork ends on them with its documented exit code and message, and a
/// symbol of thousands of contours is made in bounded work.
@Suite struct FuzzFindingsCLITests {
  static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("GlyphsmithTestFixtures/Fixtures/fuzz")

  @Test(arguments: ["text-boxes-utf16.svg", "text-boxes-doctype.svg"])
  func everyCommandEndsWithItsExitCode(_ name: String) throws {
    let dir = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: dir) }
    let input = dir.appendingPathComponent("icon.svg")
    try FileManager.default.copyItem(at: Self.folder.appendingPathComponent(name), to: input)
    // The missing glyphs are named and drawn as boxes: a warning, exit 0.
    for arguments in [
      ["render", "icon.svg", "-o", "plain.png"],
      ["render", "icon.svg", "--role", "tab-bar", "-o", "tab.png"],
      ["render", "icon.svg", "-o", "icon.pdf"],
    ] {
      let result = try CLIRunner.run(arguments, in: dir)
      #expect(result.status == 0, "\(arguments): \(result.stderr)")
      #expect(result.stderr.contains(": warning: <text> (line 2): no pinned font has a glyph for U+"))
    }
    // Plain paths cannot hold text, nor can an outline: exit 2 naming the element.
    let svg = try CLIRunner.run(["render", "icon.svg", "-f", "svg", "-o", "icon.svg.out"], in: dir)
    #expect(svg.status == 2)
    #expect(svg.stderr == "icon.svg: error: plain SVG paths cannot express text (<text> line 2)\n")
    let outline = try CLIRunner.run(["outline", "icon.svg", "-o", "outlined"], in: dir)
    #expect(outline.status == 2)
    #expect(outline.stderr.hasPrefix("icon.svg: error: cannot outline text (<text> line 2)\n"))
  }

  /// 2,500 separate squares (the boxes of unknown glyphs make such outlines): a symbol in
  /// bounded work (it took minutes when every pair of contours was measured), every square kept.
  @Test func aSymbolOfThousandsOfContoursIsMade() throws {
    let dir = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: dir) }
    var d = ""
    for row in 0..<50 {
      for column in 0..<50 { d += "M\(column * 2) \(row * 2)h1v1h-1z" }
    }
    let svg = #"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100"><path d="\#(d)"/></svg>"#
    try Data(svg.utf8).write(to: dir.appendingPathComponent("grid.svg"))
    let result = try CLIRunner.run(["symbol", "grid.svg", "-o", "S.xcassets"], in: dir)
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stderr.hasSuffix("wrote 1 symbol set to S.xcassets (0 with copied weights)\n"))
    let template = try String(
      contentsOf: dir.appendingPathComponent("S.xcassets/grid.symbolset/grid.svg"), encoding: .utf8)
    #expect(template.contains(#"id="Regular-S""#))
  }
}
