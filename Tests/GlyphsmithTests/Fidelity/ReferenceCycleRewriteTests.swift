import Foundation
import GlyphsmithRender
import Testing

// Rule 3 (issue 38): a reference closing a cycle is in error and cut where it closes (SVG 2
// §5.6; CSS Masking: an invalid clip-path or mask reference is none; a paint reference in
// error paints none). Each document must draw what it draws with that one reference removed.

@Suite("Fidelity rule 3: reference cycles are cut where they close")
struct ReferenceCycleRewriteTests {
  static func tile(_ child: String) -> String {
    "<pattern id=\"p\" width=\"20\" height=\"20\" patternUnits=\"userSpaceOnUse\">\(child)"
      + "<rect x=\"10\" y=\"10\" width=\"10\" height=\"10\"/></pattern>"
      + "<rect width=\"40\" height=\"40\" fill=\"url(#p)\"/>"
  }

  @Test(arguments: [
    "fill=\"url(#p) #008000\"", "style=\"fill:url(#p) #008000\"",
    "fill=\"#008000\" stroke=\"url(#p) #008000\" stroke-width=\"2\"",
  ])
  func patternChildPaintedWithItsOwnPatternPaintsItsFallback(paint: String) throws {
    // SVG 2 §13.2: a paint reference in error uses its fallback colour when it has one
    // (Chromium and librsvg 2.54 alone paint green). Issue 38 trial finding 5: the cut
    // painted none (6,400 px of 25,600 at 160 px).
    let invalid = "<rect width=\"10\" height=\"10\" \(paint)/>"
    let fallback =
      "<rect width=\"10\" height=\"10\" \(paint.replacingOccurrences(of: "url(#p) ", with: ""))/>"
    try expectDrawsLike(Self.tile(invalid), Self.tile(fallback), rule: "reference-cycle")
    let image = try renderFidelity(fidelityDocument(Self.tile(invalid)))
    #expect(image[5, 5] == RGBA8(r: 0, g: 128, b: 0, a: 255))
  }

  @Test(arguments: ["fill=\"url(#p)\"", "style=\"fill:url(#p)\""])
  func patternChildPaintedWithItsOwnPatternWithoutAFallbackPaintsNone(paint: String) throws {
    let invalid = "<rect width=\"10\" height=\"10\" \(paint)/>"
    let none =
      "<rect width=\"10\" height=\"10\" \(paint.replacingOccurrences(of: "url(#p)", with: "none"))/>"
    try expectDrawsLike(Self.tile(invalid), Self.tile(none), rule: "reference-cycle")
  }

  @Test func useOfItsOwnAncestorIsNotDrawn() throws {
    // librsvg 2.54 drew the group's copy once, at x = 20.
    try expectDrawsLike(
      "<g id=\"g\"><rect width=\"10\" height=\"10\"/><use href=\"#g\" x=\"20\"/></g>",
      "<g id=\"g\"><rect width=\"10\" height=\"10\"/></g>", rule: "reference-cycle")
    let image = try renderFidelity(
      fidelityDocument(
        "<g id=\"g\"><rect width=\"10\" height=\"10\"/><use href=\"#g\" x=\"20\"/></g>"))
    #expect(fidelityAlphaSum(image) == 100 * 255)
  }

  @Test func clipPathsClippingEachOtherLoseTheClosingReference() throws {
    // a's child is clipped by b, whose child is clipped by a: the second closes the cycle.
    let a = "<clipPath id=\"a\"><rect width=\"20\" height=\"20\" clip-path=\"url(#b)\"/></clipPath>"
    let clipped = "<rect width=\"40\" height=\"40\" clip-path=\"url(#a)\"/>"
    try expectDrawsLike(
      a + "<clipPath id=\"b\"><rect width=\"10\" height=\"30\" clip-path=\"url(#a)\"/></clipPath>"
        + clipped,
      a + "<clipPath id=\"b\"><rect width=\"10\" height=\"30\"/></clipPath>" + clipped,
      rule: "reference-cycle")
    let image = try renderFidelity(
      fidelityDocument(
        a + "<clipPath id=\"b\"><rect width=\"10\" height=\"30\" clip-path=\"url(#a)\"/>"
          + "</clipPath>" + clipped))
    #expect(fidelityAlphaSum(image) == 200 * 255)
  }

  @Test func maskThroughAPatternBackToTheMask() throws {
    let clipped = "<rect width=\"40\" height=\"40\" mask=\"url(#m)\"/>"
    let pattern =
      "<pattern id=\"p\" width=\"40\" height=\"40\" patternUnits=\"userSpaceOnUse\">"
      + "<rect width=\"20\" height=\"20\" fill=\"#ffffff\" MASK/></pattern>"
    let mask = "<mask id=\"m\"><rect width=\"40\" height=\"40\" fill=\"url(#p)\"/></mask>"
    try expectDrawsLike(
      mask + pattern.replacingOccurrences(of: "MASK", with: "mask=\"url(#m)\"") + clipped,
      mask + pattern.replacingOccurrences(of: "MASK", with: "") + clipped,
      rule: "reference-cycle")
  }

  @Test func referencesWithoutCyclesAreLeftAlone() throws {
    let source = fidelityDocument(
      """
      <linearGradient id="g"><stop offset="0" stop-color="#ff0000"/></linearGradient>\
      <pattern id="q" width="4" height="4"><rect width="2" height="2" fill="url(#g)"/></pattern>\
      <pattern id="p" width="8" height="8"><rect width="4" height="4" fill="url(#q)"/></pattern>\
      <clipPath id="c"><rect width="20" height="20"/></clipPath>\
      <g id="u"><rect width="5" height="5" fill="url(#p)" clip-path="url(#c)"/></g>\
      <use href="#u" x="10"/><use href="#u" y="10"/>
      """)
    #expect(try fidelityFixes(source) == [])
  }

  @Test func markersUsingEachOtherAreLeftToLibrsvgAndDrawPerContext() throws {
    // A marker whose content uses it again draws without that inner use, in each context:
    // at the start a > b (b's own use of a dropped), at the end b > a. The expected drawing
    // writes the four markers out without cycles; a rewrite cutting one reference for all
    // contexts drew 25 px less.
    let size =
      "markerWidth=\"20\" markerHeight=\"20\" markerUnits=\"userSpaceOnUse\" overflow=\"visible\""
    func a(_ id: String, inner: String?) -> String {
      "<marker id=\"\(id)\" \(size)><rect width=\"6\" height=\"6\" fill=\"#008000\"/>"
        + "<path d=\"M0 10L8 10\" stroke=\"#0000ff\""
        + (inner.map { " marker-start=\"url(#\($0))\"" } ?? "") + "/></marker>"
    }
    func b(_ id: String, inner: String?) -> String {
      "<marker id=\"\(id)\" \(size)><rect width=\"3\" height=\"3\" fill=\"#ff0000\"/>"
        + "<path d=\"M0 0L1 0\" stroke=\"#000000\""
        + (inner.map { " marker-start=\"url(#\($0))\"" } ?? "") + "/></marker>"
    }
    func line(_ start: String, _ end: String) -> String {
      "<path d=\"M5 5L35 35\" stroke=\"#000000\" marker-start=\"url(#\(start))\" "
        + "marker-end=\"url(#\(end))\"/>"
    }
    let source = fidelityDocument(a("a", inner: "b") + b("b", inner: "a") + line("a", "b"))
    let expected = fidelityDocument(
      a("a1", inner: "b1") + b("b1", inner: nil) + b("b2", inner: "a2") + a("a2", inner: nil)
        + line("a1", "b2"))
    #expect(try fidelityFixes(source) == [])
    for scale in [1.0, 3.0] {
      let drawn = try renderFidelity(source, scale: scale)
      #expect(differingPixels(drawn, try renderFidelity(expected, scale: scale)) == 0)
      #expect(fidelityAlphaSum(drawn) > 0)
    }
  }
}
