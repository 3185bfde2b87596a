import Foundation
import Testing

/// The inputs fuzzing found (`Tests/GlyphsmithTestFixtures/Fixtures/fuzz`, README there): every
/// command that reads artwork ends on them with its documented exit code and message, and a
/// symbol of thousands of contours is made in bounded work.
@Suite struct FuzzFindingsCLITests {
  static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("GlyphsmithTestFixtures/Fixtures/fuzz")

  @Test(arguments: ["text-boxes-utf16.svg", "text-boxes-doctype.svg", "text-boxes-utf16-b.svg"])
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

  /// The fuzzer's aborts came after the poison font (text at 8192 px) in the same process:
  /// one worker (`--jobs 1`) draws all four files in that order; the poison font fails by name
  /// (it draws nothing), the three text files are written, nothing dies.
  @Test func oneWorkerDrawsTheBoxesAfterThePoisonFont() throws {
    let dir = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: dir) }
    let icons = dir.appendingPathComponent("in")
    try FileManager.default.createDirectory(at: icons, withIntermediateDirectories: true)
    for (name, source) in [
      ("a-poison.svg", "poison-font-8192px.svg"), ("b-boxes.svg", "text-boxes-utf16.svg"),
      ("c-boxes.svg", "text-boxes-utf16-b.svg"), ("d-doctype.svg", "text-boxes-doctype.svg"),
    ] {
      try FileManager.default.copyItem(
        at: Self.folder.appendingPathComponent(source), to: icons.appendingPathComponent(name))
    }
    let result = try CLIRunner.run(["assets", "in", "-o", "A.xcassets", "--jobs", "1"], in: dir)
    #expect(result.status == 2, "\(result.stderr)")
    let lines = result.stderr.split(separator: "\n").filter { !$0.contains("no pinned font") }
    #expect(
      lines.first
        == "in/a-poison.svg: error: the artwork draws nothing (no visible ink); check the file")
    #expect(lines.last?.hasPrefix("wrote 3 icons (9 PNG files) to A.xcassets in ") == true)
    #expect(lines.last?.hasSuffix("; 0 unchanged; 1 failed") == true)
    for name in ["b-boxes", "c-boxes", "d-doctype"] {
      let set = dir.appendingPathComponent("A.xcassets/\(name).imageset")
      let files = try FileManager.default.contentsOfDirectory(atPath: set.path).sorted()
      #expect(
        files == ["Contents.json", "\(name).png", "\(name)@2x.png", "\(name)@3x.png"],
        "\(name)")
    }
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
