import Foundation
import Glyphsmith
import Testing

/// `sheet` as issue 39 found it: names cut where a second line would fit, and the project's
/// roles and colours ignored.
@Suite struct SheetCLITests {
  /// A square of ink over the whole 24-unit view box, in `fill`.
  static func square(_ fill: String) -> String {
    """
    <svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24">\
    <rect width="24" height="24" fill="\(fill)"/></svg>
    """
  }

  /// The four Lucide alarm clocks were `alarm-clock-...` four times: a name too wide for the
  /// 62 pt label wraps after a `-` (or `_`) onto a second line, which fits under a tab-bar
  /// glyph (50 px of the 128 px glyph area at 2 px per pt), and is cut only on that line.
  @Test func labelsWrapOntoASecondLineBeforeTheyAreCut() throws {
    let sheet = ContactSheet()
    #expect(try sheet.labelLines(glyphHeightPx: 50) == 2)
    #expect(try sheet.labelLines(glyphHeightPx: 128) == 1)
    let names = ["alarm-clock", "alarm-clock-check", "alarm-clock-minus", "alarm-clock-off"]
    #expect(
      try names.map { try sheet.label($0, maximumLines: 2) } == [
        "alarm-clock", "alarm-clock-\ncheck", "alarm-clock-\nminus", "alarm-clock-\noff",
      ])
    #expect(
      try sheet.label("arrow_left_circle_fill", maximumLines: 2) == "arrow_left_\ncircle_fill")
    let cut = try sheet.label("a-very-long-icon-name-that-cannot-fit", maximumLines: 2)
    #expect(cut == "a-very-long-\nicon-name-t…")
    // One line only (under a glyph too tall for two): cut on the first.
    let one = try sheet.label("alarm-clock-check")
    #expect(one == "alarm-clock-…")
  }

  /// `sheet --project` draws each icon as `build` does: `red.svg`, which a rule makes a plain
  /// 40 pt icon with its own colours, is an 80 px red square at 2 px per pt; `black.svg`
  /// stays a tab-bar template glyph (a 23 pt square, 46 px) in the --tint colour; a skipped
  /// icon is left out, and no INPUT means the icons folder.
  @Test func projectGivesEachIconItsRoleAndColours() throws {
    let dir = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: dir) }
    try FirstContactCLITests.write(Self.square("#ff0000"), "icons/red.svg", in: dir)
    try FirstContactCLITests.write(Self.square("#ff0000"), "icons/black.svg", in: dir)
    try FirstContactCLITests.write(Self.square("#ff0000"), "icons/gone.svg", in: dir)
    try FirstContactCLITests.write(
      """
      {"version": 1, "icons": "icons", "ios": {"catalog": "A.xcassets"},
       "rules": [{"match": "red.svg", "role": "plain", "original": true, "size": 40},
                 {"match": "gone.svg", "skip": true}]}
      """, "glyphsmith.json", in: dir)
    let result = try CLIRunner.run(
      ["sheet", "--project", "--tint", "#0000ff", "-o", "s.png"], in: dir)
    #expect(result.status == 0)
    #expect(result.stderr == "")
    let image = try PNGCodec.decode(
      Data(contentsOf: dir.appendingPathComponent("s.png")), path: "s.png")
    // Two cells of 128 x 156 px: black.svg, then red.svg.
    #expect(image.width == 256 && image.height == 156)
    let white = RGBA8(r: 255, g: 255, b: 255)
    let red = RGBA8(r: 255, g: 0, b: 0)
    let blue = RGBA8(r: 0, g: 0, b: 255)
    // red.svg: 80 px from (24, 24) to (103, 103) in the second cell.
    #expect(image[128 + 24, 24] == red && image[128 + 103, 103] == red)
    #expect(image[128 + 23, 64] == white && image[128 + 104, 64] == white)
    #expect(image[128 + 64, 23] == white && image[128 + 64, 104] == white)
    // black.svg: a 46 px template square in the tint, from (41, 41) to (86, 86).
    #expect(image[41, 41] == blue && image[86, 86] == blue)
    #expect(image[40, 64] == white && image[87, 64] == white)
    // Without --project both are tab-bar glyphs in the tint.
    let plain = try CLIRunner.run(["sheet", "icons", "--tint", "#0000ff", "-o", "t.png"], in: dir)
    #expect(plain.status == 0)
    let drawn = try PNGCodec.decode(
      Data(contentsOf: dir.appendingPathComponent("t.png")), path: "t.png")
    #expect(drawn.width == 384)
    #expect(drawn[256 + 41, 41] == blue && drawn[256 + 40, 64] == white)
  }

  /// What --project refuses, each with exit 2: --role (the project gives each icon its
  /// role), a missing project file, an input outside the icons folder (reported, left out).
  @Test func projectErrorsNameWhatIsWrong() throws {
    let dir = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: dir) }
    let role = try CLIRunner.run(
      ["sheet", "--project", "--role", "toolbar", "-o", "s.png"], in: dir)
    #expect(role.status == 2)
    #expect(
      role.stderr
        == "glyphsmith sheet: error: --role does not apply with --project (glyphsmith.json gives each icon its role)\nsee 'glyphsmith help sheet'\n"
    )
    let missing = try CLIRunner.run(["sheet", "--project", "-o", "s.png"], in: dir)
    #expect(missing.status == 2)
    #expect(
      missing.stderr
        == "glyphsmith.json: error: cannot read: no glyphsmith.json in this folder or any above it; write one with 'glyphsmith init' or give --config FILE\n"
    )
    try FirstContactCLITests.write(Self.square("#000"), "icons/a.svg", in: dir)
    try FirstContactCLITests.write(Self.square("#000"), "other/b.svg", in: dir)
    try FirstContactCLITests.write(
      #"{"version": 1, "icons": "icons", "ios": {"catalog": "A.xcassets"}}"#, "p.json", in: dir)
    let outside = try CLIRunner.run(
      ["sheet", "--config", "p.json", "icons", "other/b.svg", "-o", "s.png"], in: dir)
    #expect(outside.status == 2)
    #expect(
      outside.stderr
        == "other/b.svg: error: not in the icons folder 'icons' of p.json; the project's rules cannot match it, so it is left out\n"
    )
  }
}
