import Foundation
import GlyphsmithRender
import Testing

// Rule 4 (issue 38): a point list with an odd count or an invalid token is drawn up to its
// last full pair (SVG 2 §10.6, with the path error rule of §9.5.4).

@Suite("Fidelity rule 4: odd or invalid point lists")
struct PointListRewriteTests {
  static let triangle = "5,5 35,5 35,35"

  @Test(arguments: [
    "5 5 35 5 35 35 20", "5,5,35,5,35,35,", "5 5 35 5 35 35 5 35,", "5,5 35,5 35,35 ,",
    "5+5 35,5 35,35 20",
  ])
  func polygonIsDrawnUpToTheLastPair(points: String) throws {
    // A trailing comma is an error after the last pair too: "5 5 ... 5 35," keeps 4 pairs.
    let full =
      points.hasSuffix(",") && points.contains(" 5 35,")
      ? "5,5 35,5 35,35 5,35"
      : Self.triangle
    try expectDrawsLike(
      "<polygon points=\"\(points)\"/>", "<polygon points=\"\(full)\"/>", rule: "point-list")
    let image = try renderFidelity(fidelityDocument("<polygon points=\"\(points)\"/>"))
    #expect(image[30, 10] == RGBA8(r: 0, g: 0, b: 0, a: 255))
  }

  @Test func polylineStrokeEndsAtTheLastPair() throws {
    let style = "fill=\"none\" stroke=\"#000000\" stroke-width=\"2\""
    try expectDrawsLike(
      "<polyline points=\"5 5 35 5 35 35 5\" \(style)/>",
      "<polyline points=\"5 5 35 5 35 35\" \(style)/>", rule: "point-list")
    let image = try renderFidelity(
      fidelityDocument("<polyline points=\"5 5 35 5 35 35 5\" \(style)/>"))
    #expect(image[20, 5].a == 255 && image[35, 20].a == 255)
    #expect(image[5, 20].a == 0 && image[20, 34].a == 0)
  }

  @Test(arguments: [
    "5,5 35,5 35,35 5,35 x 1,1", "5,5 35,5 35,35 x 5 35", "5+5 35,5 35,35 20e",
    "5,5 35,5 35,35 5e,35", "5,5 35,5 35,35 0x5,35", "5 5 35 5 35 35 5.35.",
  ])
  func aTokenThatIsNotANumberDrawsNothing(points: String) throws {
    // SVG 2 §4.3: a value that does not parse is as if not specified; Chromium and librsvg
    // 2.54 draw nothing (issue 38 third trial H6: the rewrite drew up to the last good pair,
    // 14,400 px vs Chromium at 160 px). An odd count or a trailing comma is not this: the
    // list parses up to its end (above).
    let source = fidelityDocument(
      "<polygon points=\"\(points)\" fill=\"#008000\"/><rect width=\"2\" height=\"2\"/>")
    #expect(try fidelityFixes(source) == ["point-list"])
    #expect(fidelityAlphaSum(try renderFidelity(source)) == 4 * 255)
  }

  @Test(arguments: ["20,20-0", "20,20 30", "20 20,"])
  func aSinglePointLeftDrawsNothingNotEvenACap(points: String) throws {
    // Issue 38 third trial H7: one pair was kept and librsvg drew its square cap (1,600 px
    // at 160 px); Chromium draws nothing for one point.
    let source = fidelityDocument(
      "<polyline points=\"\(points)\" stroke=\"#008000\" stroke-width=\"10\" "
        + "stroke-linecap=\"square\" fill=\"none\"/><rect width=\"2\" height=\"2\"/>")
    #expect(try fidelityFixes(source) == ["point-list"])
    #expect(fidelityAlphaSum(try renderFidelity(source)) == 4 * 255)
  }

  @Test func oneNumberDrawsNothing() throws {
    let source = fidelityDocument("<polygon points=\"5\"/><rect width=\"2\" height=\"2\"/>")
    #expect(try fidelityFixes(source) == ["point-list"])
    #expect(fidelityAlphaSum(try renderFidelity(source)) == 4 * 255)
  }

  @Test(arguments: [
    ("5,5 35,5 35,35-5,35", "5,5 35,5 35,35 -5,35"),
    ("5,5 35,5 35 35-5 35", "5,5 35,5 35,35 -5,35"),
    ("5 5\n35-0 35 35 ", "5,5 35,0 35,35"), ("5.5.5 35 5 35 35", "5.5,0.5 35,5 35,35"),
  ])
  func aValidListWithANumberRightAfterAnotherIsWrittenOut(points: String, written: String)
    throws
  {
    // SVG 2 §10.6: the list's grammar, like path data's, needs no separator before a sign or
    // a second decimal point. Issue 38 trial finding 14: librsvg 2.54 drew nothing for the
    // first two (16,210 px of 25,600 at 160 px); the list is written out normalised.
    try expectDrawsLike(
      "<polygon points=\"\(points)\" fill=\"#008000\"/>",
      "<polygon points=\"\(written)\" fill=\"#008000\"/>", rule: "point-list")
    let image = try renderFidelity(
      fidelityDocument("<polygon points=\"\(points)\" fill=\"#008000\"/>"))
    #expect(image[30, 20] == RGBA8(r: 0, g: 128, b: 0, a: 255))
  }

  @Test(arguments: ["5,5 35,5 35,35", " 5 5\n35 -0 35 35 ", "5.5 .5 35 5 35 35", ""])
  func validListsAreLeftAlone(points: String) throws {
    #expect(try fidelityFixes(fidelityDocument("<polygon points=\"\(points)\"/>")) == [])
  }
}
