import Foundation
import GlyphsmithRender
import Testing

// The librsvg 2.55-2.60 NEWS entries issue 38 names that librsvg 2.54 already draws right
// through the canonical read (no fidelity rewrite needed), pinned: each document draws exactly
// what an equivalent one without the feature draws.

@Suite("Fidelity: upstream NEWS entries drawn right on librsvg 2.54")
struct UpstreamNewsTests {
  /// `body` and `expected` (40 x 40 documents) draw the same pixels at @1x and @3x.
  func expectSame(_ body: String, _ expected: String) throws {
    for scale in [1.0, 3.0] {
      let drawn = try renderFidelity(fidelityDocument(body), scale: scale)
      let wanted = try renderFidelity(fidelityDocument(expected), scale: scale)
      #expect(differingPixels(drawn, wanted) == 0)
      #expect(fidelityAlphaSum(drawn) > 0)
    }
  }

  @Test func widthAndHeightOnAUseOfAnSVG() throws {
    // #875: the use's 20 x 20 sizes the nested svg's viewport (its viewBox drawn at 2x).
    try expectSame(
      "<defs><svg id=\"n\" viewBox=\"0 0 10 10\" width=\"10\" height=\"10\">"
        + "<rect width=\"5\" height=\"10\"/></svg></defs>"
        + "<use href=\"#n\" x=\"10\" y=\"10\" width=\"20\" height=\"20\"/>",
      "<rect x=\"10\" y=\"10\" width=\"10\" height=\"20\"/>")
  }

  @Test func overflowOnASymbol() throws {
    // #92: a symbol clips to its viewport (overflow hidden, its default); visible does not.
    let content = "<rect width=\"20\" height=\"20\"/><rect x=\"20\" width=\"10\" height=\"10\"/>"
    try expectSame(
      "<symbol id=\"s\" viewBox=\"0 0 20 20\">\(content)</symbol>"
        + "<use href=\"#s\" width=\"20\" height=\"20\"/>",
      "<rect width=\"20\" height=\"20\"/>")
    try expectSame(
      "<symbol id=\"s\" viewBox=\"0 0 20 20\" overflow=\"visible\">\(content)</symbol>"
        + "<use href=\"#s\" width=\"20\" height=\"20\"/>", content)
  }

  @Test func rgbaWithPercentages() throws {
    try expectSame(
      "<rect width=\"40\" height=\"40\" fill=\"rgba(0%, 100%, 0%, 50%)\"/>",
      "<rect width=\"40\" height=\"40\" fill=\"#00ff00\" fill-opacity=\"0.5\"/>")
  }

  @Test func preserveAspectRatioNone() throws {
    try expectSame(
      "<svg width=\"40\" height=\"20\" viewBox=\"0 0 10 10\" preserveAspectRatio=\"none\">"
        + "<rect width=\"5\" height=\"5\"/></svg>",
      "<rect width=\"20\" height=\"10\"/>")
  }

  @Test func transformPropertyInAStyleAttribute() throws {
    // Without a transform attribute (with one: rule 6, CSSTransformRewriteTests).
    try expectSame(
      "<rect width=\"10\" height=\"10\" style=\"transform: translate(10px, 20px)\"/>",
      "<rect width=\"10\" height=\"10\" transform=\"translate(10 20)\"/>")
  }
}
