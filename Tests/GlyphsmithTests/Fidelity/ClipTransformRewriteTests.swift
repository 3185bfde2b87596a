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

/// Issue 38 fifth trial F4: a singular transform a clip path gets from a style sheet or its
/// `style` attribute failed the whole document (librsvg 2.54 `InvalidMatrix`, `glyphsmith
/// render` exit 2); Chromium and resvg 0.44 draw the rest of the document, the clipped
/// element not at all (100 px of 1,600 at 40 px, the blue square alone).
@Suite("Fidelity rule 2: singular clip path transforms from CSS (fifth trial F4)")
struct ClipTransformFromCSSTests {
  static let clipped =
    "<clipPath id=\"c\" class=\"k\"%@><rect width=\"20\" height=\"20\"/></clipPath>"
    + "<rect width=\"40\" height=\"40\" clip-path=\"url(#c)\"/>"
  static let square = "<rect x=\"30\" y=\"30\" width=\"10\" height=\"10\" fill=\"#0000ff\"/>"

  static func document(sheet: String, clipAttributes: String = "") -> String {
    (sheet.isEmpty ? "" : "<style>\(sheet)</style>")
      + String(format: clipped, clipAttributes) + square
  }

  @Test(arguments: [
    // Decided by SheetRules: css-transform writes the value into the attribute; the sheet's
    // would apply again once it is folded, so the clip path gets transform:none too.
    "#c{transform:scale(0)}", "clipPath{transform:scale(0,1)}",
    ".k{transform:matrix(0,0,0,0,0,0)}", "#c{transform:scale(0)!important}",
    "#c{transform:translate(5px,0) scaleY(0)}",
    // Not decided (a combinator, a structural pseudo-class): the sheet's singular values are
    // made invertible within 1e-9, which draws nothing.
    "svg > clipPath{transform:scale(0)}", "clipPath:nth-of-type(1){transform:scale(0,1)}",
    "svg clipPath{transform:matrix(0,0,0,0,0,0)}",
  ])
  func aSheetsSingularTransformDrawsNothingClipped(sheet: String) throws {
    try expectDrawsLike(
      Self.document(sheet: sheet), "<style>\(sheet)</style>" + Self.square,
      rule: "clip-transform")
  }

  @Test(arguments: [
    "style=\"transform:scale(0)\"", "style=\"transform:matrix(0,0,0,0,0,0)\"",
    "style=\"transform:scale(0,1)\"", "style=\"fill:red;transform:scale(0,1);transform-origin:5px 5px\"",
  ])
  func aStyleAttributesSingularTransformDrawsNothingClipped(attributes: String) throws {
    try expectDrawsLike(
      Self.document(sheet: "", clipAttributes: " " + attributes), Self.square,
      rule: "clip-transform")
  }

  @Test func theStyleAttributesSingularTransformWithASheetToo() throws {
    // The sheet's invertible value loses to the style attribute's singular one (CSS Cascade
    // 4 §6.4).
    try expectDrawsLike(
      "<style>#c{transform:translate(5px,0)}</style>"
        + String(format: Self.clipped, " style=\"transform:scale(0)\"") + Self.square,
      "<style>#c{transform:translate(5px,0)}</style>" + Self.square, rule: "clip-transform")
  }

  @Test func anUndecidedInvertibleSheetTransformIsLeftToLibrsvg() throws {
    // No singular value: nothing to make safe; librsvg 2.54 applies the sheet itself.
    let source = fidelityDocument(Self.document(sheet: "svg > clipPath{transform:translate(5px,0)}"))
    #expect(try fidelityFixes(source) == [])
    let image = try renderFidelity(source)
    #expect(image[4, 0].a == 0 && image[5, 0].a == 255 && image[24, 19].a == 255)
    #expect(image[25, 0].a == 0 && fidelityAlphaSum(image) == 500 * 255)
  }
}

/// Issue 38 sixth trial H2: a singular clip path transform with a `<use>` child, and a `<use>`
/// with a singular transform anywhere, failed the whole document (librsvg 2.54 and
/// rsvg-convert `InvalidMatrix`, exit 2). CSS Transforms 1 §6: an element whose transform
/// cannot be inverted is not rendered; Chromium and resvg 0.44 draw the rest (the green
/// square alone, 144 px of 1,600).
@Suite("Fidelity rule 2: singular transforms on uses (sixth trial H2)")
struct ClipTransformUseTests {
  static let green = "<rect x=\"2\" y=\"2\" width=\"12\" height=\"12\" fill=\"#008000\"/>"

  static func expectOnlyGreen(_ body: String, sourceLocation: SourceLocation = #_sourceLocation)
    throws
  {
    let reference = fidelityDocument(green)
    for scale in [1.0, 3.0] {
      let drawn = try renderFidelity(fidelityDocument(body), scale: scale)
      let wanted = try renderFidelity(reference, scale: scale)
      #expect(differingPixels(drawn, wanted) == 0, sourceLocation: sourceLocation)
    }
    #expect(try fidelityFixes(fidelityDocument(body)).contains("clip-transform"))
  }

  @Test(arguments: [
    ("<style>#c{transform:scale(0)}</style>", ""),
    ("<style>#c{transform:scale(0,1)}</style>", ""),
    ("", " transform=\"scale(0)\""),
    ("", " style=\"transform:scale(0)\""),
    ("", " transform=\"matrix(0 0 0 0 0 0)\" clipPathUnits=\"objectBoundingBox\""),
    ("", " style=\"transform:scale(0)\" clipPathUnits=\"objectBoundingBox\""),
  ])
  func aUseChildOfASingularClipPath(sheet: String, clipAttributes: String) throws {
    for target in [
      "<rect id=\"r\" x=\"10\" y=\"10\" width=\"20\" height=\"20\"/>",
      "<circle id=\"r\" cx=\"20\" cy=\"20\" r=\"10\"/>",
      "<text id=\"r\" x=\"4\" y=\"30\" font-size=\"30\">W</text>",
    ] {
      try Self.expectOnlyGreen(
        sheet + "<defs>\(target)<clipPath id=\"c\"\(clipAttributes)><use href=\"#r\" x=\"1\"/>"
          + "</clipPath></defs>" + Self.green
          + "<rect x=\"4\" y=\"4\" width=\"32\" height=\"32\" fill=\"#0000ff\""
          + " clip-path=\"url(#c)\"/>")
    }
  }

  @Test(arguments: [
    ("", " transform=\"scale(0)\""),
    ("", " style=\"transform:scale(0)\""),
    ("", " style=\"transform:scale(0,1);transform-origin:5px 5px\""),
    ("", " style=\"transform:scale(0)!important;transform-origin:5px 5px\""),
    ("", " transform=\"matrix(1 2 2 4 0 0)\""),
    ("<style>.u{transform:scale(0)}</style>", " class=\"u\""),
    ("<style>svg > use{transform:scale(0)}</style>", ""),
    ("<style>use{transform:scale(0,1) !important}</style>", " transform=\"scale(2)\""),
  ])
  func aUseWithASingularTransformIsNotRendered(sheet: String, attributes: String) throws {
    try Self.expectOnlyGreen(
      sheet + "<defs><rect id=\"r\" x=\"4\" y=\"4\" width=\"32\" height=\"32\" fill=\"#0000ff\"/>"
        + "</defs>" + Self.green + "<use href=\"#r\"\(attributes)/>")
  }
}
