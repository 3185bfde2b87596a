import Foundation
import GlyphsmithRender
import Testing

// Rule 8 (issue 38): a transform on a <mask> has no effect (CSS Masking 1 §7.1: the mask
// element has no transform attribute; CSS Transforms 1 §3: a mask is not a transformable
// element); librsvg 2.54 applied it to the mask's content and region, and failed the whole
// document on a singular one. Each expected drawing is the same mask without the transform.

@Suite("Fidelity rule 8: transforms on masks have no effect")
struct MaskTransformRewriteTests {
  static let masked = "<rect x=\"10\" y=\"10\" width=\"20\" height=\"20\" mask=\"url(#m)\"/>"
  static let content = "<rect width=\"20\" height=\"20\" fill=\"#ffffff\"/>"

  @Test(arguments: [
    "transform=\"translate(10 0)\"", "transform=\"rotate(30) scale(2)\"",
    "transform=\"scale(0 2)\"", "style=\"transform: translate(10px, 5px)\"",
  ])
  func theMaskDrawsAsWithoutIt(attribute: String) throws {
    try expectDrawsLike(
      "<mask id=\"m\" \(attribute)>\(Self.content)</mask>\(Self.masked)",
      "<mask id=\"m\">\(Self.content)</mask>\(Self.masked)", rule: "mask-transform")
  }

  @Test(arguments: [
    "#m { transform: translate(20px, 0) }", "mask { TRANSFORM: rotate(30deg) scale(2) }",
    "mask { transform: scale(0) }",
  ])
  func aTransformFromAStyleSheetHasNoEffectEither(sheet: String) throws {
    // Issue 38 trial finding 4: librsvg 2.54 applies a sheet's transform to the mask too (a
    // translation moved the visible half: 25,600 px of 25,600 at 160 px).
    try expectDrawsLike(
      "<style>\(sheet)</style><mask id=\"m\">\(Self.content)</mask>\(Self.masked)",
      "<mask id=\"m\">\(Self.content)</mask>\(Self.masked)", rule: "mask-transform")
    let image = try renderFidelity(
      fidelityDocument(
        "<style>\(sheet)</style><mask id=\"m\">\(Self.content)</mask>\(Self.masked)"))
    #expect(fidelityAlphaSum(image) == 100 * 255)
  }

  @Test func objectBoundingBoxContentAndTheChildrensOwnTransformsStay() throws {
    let content =
      "<g transform=\"translate(0.25 0)\"><rect width=\"0.5\" height=\"0.5\" fill=\"#ffffff\"/>"
      + "</g>"
    try expectDrawsLike(
      "<mask id=\"m\" maskContentUnits=\"objectBoundingBox\" transform=\"translate(10 0)\">"
        + "\(content)</mask>\(Self.masked)",
      "<rect x=\"15\" y=\"10\" width=\"10\" height=\"10\"/>", rule: "mask-transform")
  }

  @Test func masksWithoutATransformAreLeftAlone() throws {
    let source = fidelityDocument(
      "<mask id=\"m\" style=\"color:#ff0000\">\(Self.content)</mask>\(Self.masked)")
    #expect(try fidelityFixes(source) == [])
    #expect(fidelityAlphaSum(try renderFidelity(source)) == 100 * 255)
  }
}
