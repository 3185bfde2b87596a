import Foundation
import GlyphsmithRender
import Testing

// Rule 9 (issue 38): a <style> element whose type is not CSS is not processed (SVG 2 §6.3,
// HTML §4.2.6: only an absent or empty type, or text/css in any letter case); librsvg 2.54
// applied it as CSS. Each expected drawing is the document without the sheet.

@Suite("Fidelity rule 9: style sheets in another language")
struct StyleTypeRewriteTests {
  static let shapes =
    "<rect width=\"20\" height=\"20\"/><circle class=\"c\" cx=\"30\" cy=\"30\" r=\"8\"/>"
  static let sheet = "rect { fill: #ff0000 } .c { fill: #00ff00; stroke: #0000ff }"

  @Test(arguments: ["text/less", "text/css; charset=utf-8", " text/css", "application/xml"])
  func theSheetIsNotApplied(type: String) throws {
    try expectDrawsLike(
      "<style type=\"\(type)\">\(Self.sheet)</style>\(Self.shapes)", Self.shapes,
      rule: "style-type")
  }

  @Test(arguments: [nil, "", "text/css", "TEXT/Css"])
  func cssSheetsAreLeftAloneAndApplied(type: String?) throws {
    let attribute = type.map { " type=\"\($0)\"" } ?? ""
    let source = fidelityDocument("<style\(attribute)>\(Self.sheet)</style>\(Self.shapes)")
    #expect(try fidelityFixes(source) == [])
    let image = try renderFidelity(source)
    #expect(image[10, 10].r == 255 && image[10, 10].g == 0 && image[10, 10].a == 255)
    #expect(image[30, 30].g == 255 && image[30, 30].r == 0)
  }

  @Test func onlyTheForeignSheetOfTwoIsDropped() throws {
    try expectDrawsLike(
      "<style type=\"text/x-scss\">rect { fill: #ff0000 }</style>"
        + "<style>.c { fill: #00ff00 }</style>\(Self.shapes)",
      "<style>.c { fill: #00ff00 }</style>\(Self.shapes)", rule: "style-type")
  }
}
