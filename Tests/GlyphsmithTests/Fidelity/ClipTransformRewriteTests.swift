import Foundation
import GlyphsmithRender
import Testing

// Rule 2 (issue 38): a clip path's transform that cannot be inverted leaves no clip region, so
// the element it applies to is not drawn (CSS Transforms 1 §6, librsvg 2.55.92 #930); librsvg
// 2.54 failed the whole document. A mask's transform has no effect at all (rule 8,
// MaskTransformRewriteTests).

@Suite("Fidelity rule 2: singular clip path transforms")
struct ClipTransformRewriteTests {
  static let square = "<rect x=\"30\" y=\"30\" width=\"10\" height=\"10\"/>"

  @Test(arguments: ["scale(0)", "matrix(1 2 2 4 0 0)", "translate(3) scale(1, 0)"])
  func clippedElementIsNotDrawn(transform: String) throws {
    try expectDrawsLike(
      "<clipPath id=\"c\" transform=\"\(transform)\"><rect width=\"20\" height=\"20\"/>"
        + "<circle r=\"5\" transform=\"translate(5 5)\"/></clipPath>"
        + "<rect width=\"40\" height=\"40\" clip-path=\"url(#c)\"/>" + Self.square,
      Self.square, rule: "clip-transform")
  }

  @Test func unparsableTransformIsDroppedWithTheRestApplied() throws {
    // Rule 1 for the clipPath's own attributes: clipPathUnits after it still applies.
    let clipped = "<rect x=\"10\" y=\"10\" width=\"20\" height=\"20\" clip-path=\"url(#c)\"/>"
    let child = "<rect width=\"0.5\" height=\"0.5\"/></clipPath>"
    try expectDrawsLike(
      "<clipPath id=\"c\" transform=\"turn(1)\" clipPathUnits=\"objectBoundingBox\">"
        + child + clipped,
      "<clipPath id=\"c\" clipPathUnits=\"objectBoundingBox\">" + child + clipped,
      rule: "invalid-value")
  }

  @Test func invertibleTransformsAreLeftAlone() throws {
    let source = fidelityDocument(
      "<clipPath id=\"c\" transform=\"translate(10 10)\"><rect width=\"20\" height=\"20\"/>"
        + "</clipPath><rect width=\"40\" height=\"40\" clip-path=\"url(#c)\"/>")
    #expect(try fidelityFixes(source) == [])
    let image = try renderFidelity(source)
    #expect(image[10, 10].a == 255 && image[29, 29].a == 255 && image[9, 9].a == 0)
    #expect(fidelityAlphaSum(image) == 400 * 255)
  }
}
