import Foundation
import GlyphsmithRender
import Testing

// Rule 7 (issue 38): an objectBoundingBox clip path's transform applies after the bounding box
// mapping, in the clipped element's user space (CSS Masking 1 §6.1); librsvg 2.54 applied it
// inside the bounding box's units. Each expected drawing is the same clip path in user space
// units with the bounding box mapping written out by hand: transform="T translate(x y)
// scale(w h)" for a bounding box (x, y, w, h).

@Suite("Fidelity rule 7: transforms on objectBoundingBox clip paths")
struct ClipBoxTransformRewriteTests {
  @Test func aTranslationMovesTheClipRegionInUserSpaceUnits() throws {
    // Bounding box (10, 10, 20, 20): the clip's half-size square is (10, 10)-(20, 20), moved
    // 10 user units right (librsvg 2.54 moved it 10 bounding boxes, drawing nothing).
    try expectDrawsLike(
      "<clipPath id=\"c\" clipPathUnits=\"objectBoundingBox\" transform=\"translate(10 0)\">"
        + "<rect width=\"0.5\" height=\"0.5\"/></clipPath>"
        + "<rect x=\"10\" y=\"10\" width=\"20\" height=\"20\" clip-path=\"url(#c)\"/>",
      "<rect x=\"20\" y=\"10\" width=\"10\" height=\"10\"/>", rule: "clip-box-transform")
  }

  @Test(arguments: [
    "#c{transform:translate(10px,0)}", "clipPath{transform:translate(10px, 0)}",
    ".k{transform:translateX(10px)}",
  ])
  func aTransformFromAStyleSheetMovesTheClipRegionInUserSpaceUnits(sheet: String) throws {
    // CSS Transforms 1 §5: the sheet's transform is the clip path's transform. Issue 38
    // third trial M3: written only where the clip path had a transform attribute, so
    // librsvg 2.54 applied it inside the bounding box's units (4,800 px vs Chromium at
    // 160 px: the region moved ten boxes away).
    let source = fidelityDocument(
      "<style>\(sheet)</style><clipPath id=\"c\" class=\"k\" "
        + "clipPathUnits=\"objectBoundingBox\"><rect width=\"0.5\" height=\"0.5\"/></clipPath>"
        + "<rect x=\"10\" y=\"10\" width=\"20\" height=\"20\" clip-path=\"url(#c)\"/>")
    let reference = fidelityDocument("<rect x=\"20\" y=\"10\" width=\"10\" height=\"10\"/>")
    #expect(try fidelityFixes(source) == ["css-transform", "clip-box-transform"])
    for scale in [1.0, 3.0] {
      let drawn = try renderFidelity(source, scale: scale)
      #expect(differingPixels(drawn, try renderFidelity(reference, scale: scale)) == 0)
      #expect(fidelityAlphaSum(drawn) == Int(100 * scale * scale) * 255)
    }
  }

  @Test func aSheetTransformOnAUserSpaceClipPathSurvivesTheMaskConversion() throws {
    // Two children: the clip-path rewrite makes a mask of the clip path, and took its
    // transform from the attribute only.
    let source = fidelityDocument(
      "<style>#c{transform:translate(10px,0)}</style><clipPath id=\"c\">"
        + "<rect width=\"10\" height=\"10\"/><rect y=\"20\" width=\"10\" height=\"10\"/>"
        + "</clipPath><rect width=\"40\" height=\"40\" clip-path=\"url(#c)\"/>")
    let reference = fidelityDocument(
      "<rect x=\"10\" width=\"10\" height=\"10\"/><rect x=\"10\" y=\"20\" width=\"10\" "
        + "height=\"10\"/>")
    #expect(try fidelityFixes(source) == ["css-transform", "clip-path"])
    for scale in [1.0, 3.0] {
      #expect(
        differingPixels(
          try renderFidelity(source, scale: scale), try renderFidelity(reference, scale: scale))
          == 0)
    }
  }

  @Test func aScaleAppliesToTheMappedBoundingBox() throws {
    // scale(0.5) of the box (10, 10)-(30, 30) is (5, 5)-(15, 15); with the element: 5 x 5 px.
    try expectDrawsLike(
      "<clipPath id=\"c\" clipPathUnits=\"objectBoundingBox\" transform=\"scale(0.5)\">"
        + "<rect width=\"1\" height=\"1\"/></clipPath>"
        + "<rect x=\"10\" y=\"10\" width=\"20\" height=\"20\" clip-path=\"url(#c)\"/>",
      "<rect x=\"10\" y=\"10\" width=\"5\" height=\"5\"/>", rule: "clip-box-transform")
  }

  @Test func aRotationOfTwoChildrenOnAWideBox() throws {
    let children = "<rect width=\"0.5\" height=\"0.5\"/><circle cx=\"0.7\" cy=\"0.7\" r=\"0.2\"/>"
    let element = "<rect x=\"5\" y=\"10\" width=\"30\" height=\"20\" clip-path=\"url(#c)\"/>"
    try expectDrawsLike(
      "<clipPath id=\"c\" clipPathUnits=\"objectBoundingBox\" "
        + "transform=\"rotate(10 20 20) translate(3 1)\">\(children)</clipPath>\(element)",
      "<clipPath id=\"c\" transform=\"rotate(10 20 20) translate(3 1) translate(5 10) "
        + "scale(30 20)\">\(children)</clipPath>\(element)",
      rule: "clip-box-transform")
  }

  @Test func eachChildKeepsItsClipRuleAndTheElementItsTransform() throws {
    // An evenodd star-like path over a nonzero square, in a clip used from a style attribute
    // by an element with its own transform (the bounding box is in the element's units).
    let children =
      "<path d=\"M0 0H1V1H0Z M0.25 0.25H0.75V0.75H0.25Z\" clip-rule=\"evenodd\"/>"
      + "<rect x=\"0.4\" y=\"0.4\" width=\"0.2\" height=\"0.2\"/>"
    let element =
      "<rect x=\"0\" y=\"0\" width=\"10\" height=\"10\" transform=\"translate(5 5) scale(2)\" "
      + "style=\"fill:#102030;clip-path:url(#c)\"/>"
    try expectDrawsLike(
      "<clipPath id=\"c\" clipPathUnits=\"objectBoundingBox\" transform=\"translate(1 0.5)\">"
        + "\(children)</clipPath>\(element)",
      "<clipPath id=\"c\" transform=\"translate(1 0.5) scale(10 10)\">\(children)</clipPath>"
        + element,
      rule: "clip-box-transform")
  }

  @Test func userSpaceClipPathsAndTheIdentityAreLeftAlone() throws {
    for clip in [
      "<clipPath id=\"c\" transform=\"translate(10 0)\">",
      "<clipPath id=\"c\" clipPathUnits=\"objectBoundingBox\" transform=\"translate(0 0)\">",
      "<clipPath id=\"c\" clipPathUnits=\"objectBoundingBox\">",
    ] {
      let source = fidelityDocument(
        clip + "<rect width=\"0.5\" height=\"20\"/></clipPath>"
          + "<rect x=\"10\" y=\"10\" width=\"20\" height=\"20\" clip-path=\"url(#c)\"/>")
      #expect(try fidelityFixes(source) == [], "\(clip)")
    }
  }
}
