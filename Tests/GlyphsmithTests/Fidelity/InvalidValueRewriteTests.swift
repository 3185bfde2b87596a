import Foundation
import GlyphsmithRender
import Testing

// Rule 1 (issue 38): an invalid value is dropped, so the property takes its initial or
// inherited value (SVG 2 §4.3, librsvg 2.55.90 #737). Each document with an invalid value must
// draw what the same document without the attribute draws.

@Suite("Fidelity rule 1: invalid values fall back")
struct InvalidValueRewriteTests {
  static let stops =
    "<stop offset=\"0\" stop-color=\"#0000ff\"/><stop offset=\"1\" stop-color=\"#ff0000\"/>"
  static let fill = "<rect width=\"40\" height=\"40\" fill=\"url(#g)\"/>"

  @Test(arguments: [
    "gradientTransform=\"rotate(x)\"", "gradientTransform=\"scale(0)\"",
    "gradientTransform=\"matrix(1 0 0 0 0 0)\"", "gradientTransform=\"translate(5 5\"",
    "spreadMethod=\"mirror\"", "gradientUnits=\"user\"", "y1=\"north\"",
  ])
  func linearGradientAttribute(invalid: String) throws {
    // Every attribute after the invalid one still applies (librsvg 2.54 stopped at it): x2
    // makes the ramp end at x = 20, red from there on.
    let body = "<linearGradient id=\"g\" \(invalid) x2=\"0.5\">\(Self.stops)</linearGradient>"
    let plain = "<linearGradient id=\"g\" x2=\"0.5\">\(Self.stops)</linearGradient>"
    try expectDrawsLike(body + Self.fill, plain + Self.fill, rule: "invalid-value")
    let image = try renderFidelity(fidelityDocument(body + Self.fill))
    #expect(image[25, 5] == RGBA8(r: 255, g: 0, b: 0, a: 255))
    #expect(image[39, 39] == RGBA8(r: 255, g: 0, b: 0, a: 255))
  }

  @Test(arguments: [
    "gradientTransform=\"skewX(30) bogus\"", "gradientTransform=\"scale(0 1)\"",
    "spreadMethod=\"1\"", "r=\"wide\"", "fx=\"10q\"",
  ])
  func radialGradientAttribute(invalid: String) throws {
    let body =
      "<radialGradient id=\"g\" \(invalid) cx=\"0.25\">\(Self.stops)</radialGradient>"
    let plain = "<radialGradient id=\"g\" cx=\"0.25\">\(Self.stops)</radialGradient>"
    try expectDrawsLike(body + Self.fill, plain + Self.fill, rule: "invalid-value")
  }

  @Test func stopOffsetThatIsNoNumberIsZero() throws {
    // offset="x" is as if absent: 0 (librsvg 2.54 painted the whole rect red).
    let body =
      "<linearGradient id=\"g\"><stop offset=\"x\" stop-color=\"#0000ff\"/>"
      + "<stop offset=\"1\" stop-color=\"#ff0000\"/></linearGradient>" + Self.fill
    let plain =
      "<linearGradient id=\"g\"><stop stop-color=\"#0000ff\"/>"
      + "<stop offset=\"1\" stop-color=\"#ff0000\"/></linearGradient>" + Self.fill
    try expectDrawsLike(body, plain, rule: "invalid-value")
    let image = try renderFidelity(fidelityDocument(body))
    #expect(image[0, 0].b > 200 && image[0, 0].r < 50)
  }

  @Test(arguments: [
    "x=\"five\"", "patternTransform=\"scale(0)\"", "patternContentUnits=\"px\"",
  ])
  func patternAttribute(invalid: String) throws {
    // The tile's y = 5 applies after the invalid attribute (librsvg 2.54 dropped it).
    let tile =
      "patternUnits=\"userSpaceOnUse\" width=\"20\" height=\"20\" y=\"5\">"
      + "<rect width=\"10\" height=\"10\"/></pattern>"
      + "<rect width=\"40\" height=\"40\" fill=\"url(#p)\"/>"
    try expectDrawsLike(
      "<pattern id=\"p\" \(invalid) \(tile)", "<pattern id=\"p\" \(tile)", rule: "invalid-value")
    let image = try renderFidelity(fidelityDocument("<pattern id=\"p\" \(invalid) \(tile)"))
    #expect(image[0, 5].a == 255 && image[0, 4].a == 0)
  }

  @Test func miterLimitBelowOneIsInheritedOrInitial() throws {
    let path =
      "d=\"M5 35 L20 5 L35 35\" fill=\"none\" stroke=\"#000000\" stroke-width=\"4\""
    // Attribute under a group's 10: inherits 10 (a miter); librsvg 2.54 clamped 0.5 to 1.
    try expectDrawsLike(
      "<g stroke-miterlimit=\"10\"><path \(path) stroke-miterlimit=\"0.5\"/></g>",
      "<g stroke-miterlimit=\"10\"><path \(path)/></g>", rule: "invalid-value")
    // A style declaration of 0 or -3: the initial 4 (the 2.24 miter of this join is kept).
    try expectDrawsLike(
      "<path \(path) style=\"stroke-miterlimit:0;opacity:1\"/>",
      "<path \(path) style=\"opacity:1\"/>", rule: "invalid-value")
    try expectDrawsLike(
      "<path \(path) stroke-miterlimit=\"-3\"/>", "<path \(path)/>", rule: "invalid-value")
    // The miter reaches y = 0.53 (a bevel, y = 4.1): x = 20 is covered from y = 3.
    let image = try renderFidelity(
      fidelityDocument("<path \(path) stroke-miterlimit=\"0.5\"/>"))
    #expect(image[20, 3].a == 255)
  }

  @Test func negativeCornerRadiusIsAuto() throws {
    try expectDrawsLike(
      "<rect x=\"5\" y=\"5\" width=\"30\" height=\"30\" rx=\"-5\" ry=\"10\"/>",
      "<rect x=\"5\" y=\"5\" width=\"30\" height=\"30\" ry=\"10\"/>", rule: "invalid-value")
  }

  @Test func validValuesAreLeftAlone() throws {
    let source = fidelityDocument(
      """
      <linearGradient id="g" x1="0%" x2="1e1" y2=".5" spreadMethod="reflect" \
      gradientUnits="userSpaceOnUse" gradientTransform="rotate(45, 20 20) translate(-1e-1,2)">\
      <stop offset="50%" stop-color="#ff0000"/><stop offset="+.7" stop-color="#0000ff"/>\
      </linearGradient><rect width="40" height="40" fill="url(#g)" rx="2" ry="auto"/>\
      <path d="M0 0H9" stroke="#000000" stroke-miterlimit="1" style="stroke-miterlimit: 8"/>\
      <clipPath id="c" transform="translate(1,1)" clipPathUnits="userSpaceOnUse"/>
      """)
    #expect(try fidelityFixes(source) == [])
  }
}
