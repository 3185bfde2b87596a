import Foundation
import Glyphsmith
import GlyphsmithRender
import Testing

// Issue 11: what librsvg 2.54 draws differently from the SVG 2 specification and browsers,
// normalised with libxml2 before it reads the file. Each SVG is written from the
// specification with pixel-aligned edges, so every expected pixel is exact; resvg 0.44 (close
// to browsers) draws the same pixels, except where noted.

private func draw(_ source: String, scale: Double = 1, name: String = "icon.svg") throws
  -> RenderedGlyph
{
  let artwork = try Artwork(data: Data(source.utf8), path: name, baseDirectory: nil)
  var options = RenderOptions()
  options.scale = scale
  return try GlyphRenderer.render(artwork, options: options)
}

private func normalizations(_ source: String) throws -> [String] {
  let artwork = try Artwork(data: Data(source.utf8), path: "icon.svg", baseDirectory: nil)
  guard case .svg(let document) = artwork.source else { return ["not an SVG"] }
  return document.normalizations
}

private func alphaSum(_ image: RGBAImage) -> Int {
  var sum = 0
  for y in 0..<image.height { for x in 0..<image.width { sum += Int(image[x, y].a) } }
  return sum
}

private let black = RGBA8(r: 0, g: 0, b: 0, a: 255)
private let blue = RGBA8(r: 0, g: 0, b: 255, a: 255)
private let clear = RGBA8(r: 0, g: 0, b: 0, a: 0)

private func doc(_ width: Int, _ body: String) -> String {
  """
  <svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" \
  width="\(width)" height="\(width)">\(body)</svg>
  """
}

@Suite("Fidelity: <use> of <symbol> and of nested <svg> (SVG 2 §5.6)")
struct UseOfSymbolTests {
  @Test func useSizesTheSymbolViewportAndClipsToIt() throws {
    // viewBox 10 x 10 into the use's 20 x 20 at (10, 10); the red rect reaching past the
    // viewport is clipped to it. librsvg 2.54 alone draws the red over the whole canvas.
    let source = doc(
      40,
      """
      <symbol id="s" viewBox="0 0 10 10"><rect width="10" height="10"/>\
      <rect x="-10" y="-10" width="40" height="40" fill="red" opacity="0.5"/></symbol>\
      <use xlink:href="#s" x="10" y="10" width="20" height="20"/>
      """)
    let image = try draw(source).image
    #expect(try normalizations(source) == ["use-symbol"])
    for (x, y) in [(10, 10), (15, 15), (29, 29)] {
      #expect(image[x, y] == RGBA8(r: 128, g: 0, b: 0, a: 255))
    }
    for (x, y) in [(9, 9), (30, 30), (5, 20), (35, 35)] { #expect(image[x, y] == clear) }
    #expect(alphaSum(image) == 400 * 255)
  }

  @Test(arguments: [
    ("<symbol id=\"s\" viewBox=\"0 0 10 10\">", "</symbol>", "width=\"-10\" height=\"40\""),
    ("<symbol id=\"s\" viewBox=\"0 0 10 10\">", "</symbol>", "width=\"40\" height=\"-1px\""),
    ("<svg id=\"s\" viewBox=\"0 0 10 10\">", "</svg>", "width=\"-10\" height=\"40\""),
  ])
  func aNegativeWidthOrHeightOnTheUseDrawsNothing(open: String, close: String, size: String)
    throws
  {
    // SVG 2 §5.6.2: a negative width or height is an error; Chromium draws nothing, and so
    // did the wrapper path (with a sheet). The copy drew the symbol unclipped (issue 38
    // third trial H8: 24,416 px vs Chromium at 160 px).
    let source = doc(
      40,
      "<defs>\(open)<circle cx=\"5\" cy=\"5\" r=\"6\"/>\(close)</defs>"
        + "<use href=\"#s\" \(size) fill=\"#008000\"/><rect width=\"2\" height=\"2\"/>")
    #expect(alphaSum(try draw(source).image) == 4 * 255)
  }

  @Test(arguments: ["abc", "10 px", "auto"])
  func aWidthThatIsNotALengthIsAuto(width: String) throws {
    // SVG 2 §4.3, §5.6.2: an invalid value is as if not specified, so `auto`: 100 % for a
    // symbol. Chromium draws nothing for `abc` (render.md states the difference); the copy
    // passed the value on and librsvg drew the symbol unclipped.
    let symbol =
      "<defs><symbol id=\"s\" viewBox=\"0 0 10 10\"><circle cx=\"5\" cy=\"5\" r=\"6\"/>"
      + "</symbol></defs>"
    let drawn = try draw(doc(40, symbol + "<use href=\"#s\" width=\"\(width)\" height=\"20\"/>"))
    let wanted = try draw(doc(40, symbol + "<use href=\"#s\" height=\"20\"/>"))
    #expect(differingPixels(drawn.image, wanted.image) == 0)
    // 100 % wide, 20 high: the circle (r 12 at (20, 10)) clipped to the 20-high viewport.
    #expect(drawn.image[20, 19] == black && drawn.image[20, 21] == clear)
    #expect(drawn.image[7, 10] == clear && drawn.image[10, 10] == black)
  }

  @Test func symbolsOwnWidthAndHeightApplyWithoutTheUses() throws {
    // SVG 2: the symbol's width="20" height="10" size the viewport when the use gives none;
    // its 10 x 10 viewBox is centred in it (xMidYMid meet): x 5..15. (resvg 0.44 and
    // librsvg 2.54 both use 100 % instead.)
    let source = doc(
      40,
      """
      <symbol id="s" viewBox="0 0 10 10" width="20" height="10"><rect width="10" height="10"/>\
      </symbol><use href="#s"/>
      """)
    let image = try draw(source).image
    #expect(image[5, 0] == black && image[14, 9] == black)
    #expect(image[4, 5] == clear && image[15, 5] == clear && image[10, 10] == clear)
    #expect(alphaSum(image) == 100 * 255)
  }

  @Test func preserveAspectRatioOfTheSymbol() throws {
    let source = doc(
      40,
      """
      <symbol id="s" viewBox="0 0 10 10" preserveAspectRatio="xMinYMin meet">\
      <rect width="10" height="10"/></symbol><use href="#s" width="40" height="20"/>
      """)
    let image = try draw(source).image
    #expect(image[0, 0] == black && image[19, 19] == black)
    #expect(image[20, 10] == clear && image[10, 20] == clear)
    #expect(alphaSum(image) == 400 * 255)
  }

  @Test func opacityOnTheSymbol() throws {
    let source = doc(
      40,
      """
      <symbol id="s" viewBox="0 0 10 10" opacity="0.5"><rect width="10" height="10"/></symbol>\
      <use href="#s" width="40" height="40"/>
      """)
    let image = try draw(source).image
    #expect(image[0, 0] == RGBA8(r: 0, g: 0, b: 0, a: 128))
    #expect(image[39, 39] == RGBA8(r: 0, g: 0, b: 0, a: 128))
    #expect(alphaSum(image) == 1600 * 128)
  }

  @Test func useOfANestedSVGSizesItsViewport() throws {
    // The use's 20 x 20 replaces the svg's 10 x 10: the viewBox is drawn at 2x and the blue
    // rect clipped at the viewport's edge. librsvg 2.54 alone keeps 10 x 10.
    let source = doc(
      40,
      """
      <defs><svg id="n" viewBox="0 0 10 10" width="10" height="10"><rect width="10" height="10"/>\
      <rect x="5" y="5" width="20" height="20" fill="blue"/></svg></defs>\
      <use href="#n" x="10" y="10" width="20" height="20"/>
      """)
    let image = try draw(source).image
    #expect(try normalizations(source) == ["use-svg"])
    #expect(image[10, 10] == black && image[19, 19] == black)
    #expect(image[20, 20] == blue && image[29, 29] == blue)
    #expect(image[9, 9] == clear && image[30, 30] == clear && image[30, 20] == clear)
    #expect(alphaSum(image) == 400 * 255)
  }

  @Test func theUsesClipPathAppliesAfterItsXAndY() throws {
    // SVG 2 §5.6.2: x/y are a translation appended to the use's transform, so its clip path
    // is in the translated space: the clip's x 0..10 covers x 10..20 (Chromium draws so;
    // librsvg 2.54 alone and resvg 0.44 clip before the translation and draw nothing). The
    // sheet path (`wrapSymbolUse`) leaves this to librsvg's own use of an svg, which agrees.
    let clip = "<clipPath id=\"c\"><rect width=\"10\" height=\"40\"/></clipPath>"
    for target in [
      "<symbol id=\"s\"><rect width=\"20\" height=\"20\"/></symbol>",
      "<svg id=\"s\" width=\"20\" height=\"20\"><rect width=\"20\" height=\"20\"/></svg>",
    ] {
      let source = doc(
        40,
        clip + "<defs>\(target)</defs>"
          + "<use href=\"#s\" x=\"10\" y=\"10\" clip-path=\"url(#c)\"/>")
      let expected = doc(40, "<rect x=\"10\" y=\"10\" width=\"10\" height=\"20\"/>")
      for scale in [1.0, 3.0] {
        #expect(
          differingPixels(
            try draw(source, scale: scale).image, try draw(expected, scale: scale).image) == 0)
      }
    }
  }

  @Test func nestedSymbolsExpandAndCyclesAreLeftToLibrsvg() throws {
    let source = doc(
      20,
      """
      <symbol id="a" viewBox="0 0 2 2"><rect width="1" height="1"/></symbol>\
      <symbol id="b" viewBox="0 0 20 20"><use href="#a" width="10" height="10"/></symbol>\
      <use href="#b" width="20" height="20"/>
      """)
    let image = try draw(source).image
    #expect(image[0, 0] == black && image[4, 4] == black && image[5, 5] == clear)
    #expect(alphaSum(image) == 25 * 255)
    let cycle = doc(10, "<symbol id=\"c\"><use href=\"#c\"/></symbol><use href=\"#c\"/>")
    // Expanded once; the copy's use of its own symbol is left to librsvg, which draws nothing
    // for it (instead of copying it 10,000 times).
    let start = ContinuousClock.now
    #expect(alphaSum(try draw(cycle).image) == 0)
    #expect(ContinuousClock.now - start < .seconds(2))
  }
}

@Suite("Fidelity: <use> of <symbol> with a style sheet (SVG 2 §5.6, the symbol cascade)")
struct UseOfSymbolCascadeTests {
  /// `body` and `expected` (40 x 40) draw the same pixels at @1x and @3x, and draw something.
  func expectSameDrawing(_ body: String, _ expected: String) throws {
    for scale in [1.0, 3.0] {
      let drawn = try draw(doc(40, body), scale: scale).image
      let wanted = try draw(doc(40, expected), scale: scale).image
      #expect(differingPixels(drawn, wanted) == 0)
      #expect(alphaSum(drawn) > 0)
    }
  }

  @Test func selectorsMatchTheSymbolsChildrenInPlaceAndTheUse() throws {
    // An id, a child combinator through the symbol, and a type selector on the use whose fill
    // the path inherits: the copies of use-symbol lost all three (they drew black, 849 px
    // differing from librsvg 2.54 alone and from resvg 0.44).
    let sheet =
      "<style>#s rect { fill: #00ff00 } symbol &gt; circle { fill: #0000ff } "
      + "use { fill: #ff0000 }</style>"
    let content =
      "<rect width=\"20\" height=\"20\"/><circle cx=\"30\" cy=\"30\" r=\"8\"/>"
      + "<path d=\"M0 25h15v15h-15z\"/>"
    let body = sheet + "<defs><symbol id=\"s\">\(content)</symbol></defs><use href=\"#s\"/>"
    #expect(try normalizations(doc(40, body)) == ["use-symbol"])
    try expectSameDrawing(
      body,
      "<rect width=\"20\" height=\"20\" fill=\"#00ff00\"/>"
        + "<circle cx=\"30\" cy=\"30\" r=\"8\" fill=\"#0000ff\"/>"
        + "<path d=\"M0 25h15v15h-15z\" fill=\"#ff0000\"/>")
  }

  @Test func theUseStillSizesAndClipsTheSymbolsViewport() throws {
    // viewBox 10 x 10 into the use's 20 x 20 at (10, 10), after the use's transform; the
    // second rect reaches past the viewport and is clipped (overflow hidden by default).
    let body =
      "<style>.a { fill: #00ff00 }</style><symbol id=\"s\" viewBox=\"0 0 10 10\">"
      + "<rect class=\"a\" width=\"5\" height=\"10\"/><rect x=\"5\" width=\"20\" height=\"5\"/>"
      + "</symbol><use href=\"#s\" x=\"5\" y=\"10\" width=\"20\" height=\"20\" "
      + "transform=\"translate(5 0)\"/>"
    try expectSameDrawing(
      body,
      "<rect x=\"10\" y=\"10\" width=\"10\" height=\"20\" fill=\"#00ff00\"/>"
        + "<rect x=\"20\" y=\"10\" width=\"10\" height=\"10\"/>")
  }

  @Test func aVisibleSymbolIsNotClippedForAnyOfItsUses() throws {
    // SVG 2 §5.6.4: overflow visible, here from the symbol's style attribute, on both uses.
    let body =
      "<style>rect { fill: #0000ff }</style><symbol id=\"s\" viewBox=\"0 0 10 10\" "
      + "style=\"overflow: visible\"><rect width=\"20\" height=\"5\"/></symbol>"
      + "<use href=\"#s\" width=\"10\" height=\"10\"/>"
      + "<use href=\"#s\" y=\"20\" width=\"10\" height=\"10\"/>"
    try expectSameDrawing(
      body,
      "<rect width=\"20\" height=\"5\" fill=\"#0000ff\"/>"
        + "<rect y=\"20\" width=\"20\" height=\"5\" fill=\"#0000ff\"/>")
  }

  @Test func theUsesClipPathAndOpacityApplyWithItsXAndY() throws {
    // SVG 2 §5.6.2: x/y are a translation appended to the use's transform, so its clip path
    // is in the translated space: the 10-wide clip covers x 10..20 (Chromium draws so;
    // librsvg 2.54 alone and resvg 0.44 clip before the translation and draw nothing).
    let body =
      "<style>rect { fill: #000000 }</style><clipPath id=\"c\"><rect width=\"10\" height=\"40\"/>"
      + "</clipPath><symbol id=\"s\"><rect width=\"20\" height=\"20\"/></symbol>"
      + "<use href=\"#s\" x=\"10\" y=\"10\" clip-path=\"url(#c)\" style=\"opacity: 0.5\"/>"
    try expectSameDrawing(
      body, "<rect x=\"10\" y=\"10\" width=\"10\" height=\"20\" fill-opacity=\"0.5\"/>")
  }

  /// A 10 x 10 viewBox symbol holding a circle of radius 6 (reaching past it), as the trial's.
  static let circleSymbol =
    "<defs><symbol id=\"s\" viewBox=\"0 0 10 10\"><circle cx=\"5\" cy=\"5\" r=\"6\"/>"
    + "</symbol></defs>"

  /// The circle symbol drawn by hand at (x, y), 30 x 30, clipped to its viewport, in `fill`.
  static func circleViewport(_ x: Int, _ y: Int, fill: String) -> String {
    "<svg x=\"\(x)\" y=\"\(y)\" width=\"30\" height=\"30\" viewBox=\"0 0 10 10\">"
      + "<circle cx=\"5\" cy=\"5\" r=\"6\" fill=\"\(fill)\"/></svg>"
  }

  @Test(arguments: [
    "<style>g &gt; use { fill: #008000 }</style>\(circleSymbol)"
      + "<g><use href=\"#s\" x=\"5\" y=\"5\" width=\"30\" height=\"30\"/></g>",
    "<style>rect + use { fill: #008000 }</style>\(circleSymbol)<rect width=\"1\" height=\"1\"/>"
      + "<use href=\"#s\" x=\"5\" y=\"5\" width=\"30\" height=\"30\"/>",
    "<style>use:nth-of-type(2) { fill: #008000 }</style>\(circleSymbol)"
      + "<use href=\"#s\" width=\"0\" height=\"0\"/>"
      + "<use href=\"#s\" x=\"5\" y=\"5\" width=\"30\" height=\"30\"/>",
    "<style>use:first-child { fill: #008000 }</style>"
      + "<g><use href=\"#s\" x=\"5\" y=\"5\" width=\"30\" height=\"30\"/></g>\(circleSymbol)",
  ])
  func selectorsOnTheUsesPositionStillMatchIt(body: String) throws {
    // Issue 38 trial finding 1: the wrapper around the use broke these (the circle drew
    // black, 13,608 px of 25,600 at 160 px); the use now keeps its place.
    #expect(try normalizations(doc(40, body)) == ["use-symbol"])
    let square = body.contains("<rect") ? "<rect width=\"1\" height=\"1\"/>" : ""
    try expectSameDrawing(body, square + Self.circleViewport(5, 5, fill: "#008000"))
  }

  @Test func theViewportElementsTakeNothingFromTheSheet() throws {
    // `svg` and `use` select the new viewport and inner use too: their fill would hide the
    // use's green, their opacity would apply twice; each is reset in their style attribute.
    let body =
      "<style>svg { fill: #ff0000 } use { opacity: 0.5; stroke: #0000ff }</style>"
      + "\(Self.circleSymbol)<use href=\"#s\" x=\"5\" y=\"5\" width=\"30\" height=\"30\" "
      + "fill=\"#008000\"/>"
    #expect(try normalizations(doc(40, body)) == ["use-symbol"])
    try expectSameDrawing(
      body,
      "<g opacity=\"0.5\"><svg x=\"5\" y=\"5\" width=\"30\" height=\"30\" "
        + "viewBox=\"0 0 10 10\"><circle cx=\"5\" cy=\"5\" r=\"6\" fill=\"#008000\" "
        + "stroke=\"#0000ff\"/></svg></g>")
  }

  @Test(arguments: [
    ("symbol { overflow: visible }", "", true),
    ("#s { overflow: visible } symbol { overflow: hidden }", "", true),
    ("symbol.v { overflow: visible }", " class=\"w v\" overflow=\"hidden\"", true),
    ("symbol { overflow: hidden }", " overflow=\"visible\"", false),
    ("symbol { overflow: visible }", " style=\"overflow: hidden\"", false),
  ])
  func theSymbolsOverflowFromASheetDecidesItsClip(
    sheet: String, attributes: String, visible: Bool
  ) throws {
    // The symbol's `overflow` from a sheet (over its attribute, under its style attribute).
    // Issue 38 trial finding 12: `symbol { overflow: visible }` was not seen, and librsvg
    // 2.54 clipped the symbol to its viewBox (2,661 px of 25,600 at 160 px).
    let body =
      "<style>\(sheet)</style><defs><symbol id=\"s\" viewBox=\"0 0 10 10\"\(attributes)>"
      + "<circle cx=\"5\" cy=\"5\" r=\"6\"/></symbol></defs>"
      + "<use href=\"#s\" x=\"5\" y=\"5\" width=\"30\" height=\"20\" fill=\"#008000\"/>"
    #expect(try normalizations(doc(40, body)) == ["use-symbol"])
    try expectSameDrawing(
      body,
      "<svg x=\"5\" y=\"5\" width=\"30\" height=\"20\" viewBox=\"0 0 10 10\" "
        + "overflow=\"\(visible ? "visible" : "hidden")\"><circle cx=\"5\" cy=\"5\" r=\"6\" "
        + "fill=\"#008000\"/></svg>")
    let image = try draw(doc(40, body)).image
    #expect((image[20, 4].a == 255) == visible)
  }

  @Test(arguments: [
    "use:empty { fill: #008000 }", "[href] { fill: #008000 }",
    "use { fill: #008000 !important }", "use { width: 30px }",
    "defs > symbol { overflow: visible }",
    "use { -webkit-fill: #008000 }",
  ])
  func aSheetThatCouldSeeTheViewportLeavesTheUseToLibrsvg(sheet: String) throws {
    let body =
      "<style>\(sheet)</style>\(Self.circleSymbol)"
      + "<use href=\"#s\" x=\"5\" y=\"5\" width=\"30\" height=\"30\"/>"
    #expect(try normalizations(doc(40, body)) == [])
  }

  @Test func aSymbolUsingItselfIsLeftToLibrsvg() throws {
    let cycle = doc(
      10,
      "<style>rect { fill: red }</style><symbol id=\"c\"><use href=\"#c\"/></symbol>"
        + "<use href=\"#c\"/>")
    let start = ContinuousClock.now
    #expect(alphaSum(try draw(cycle).image) == 0)
    #expect(ContinuousClock.now - start < .seconds(2))
  }
}

@Suite("Fidelity: gradient href fallbacks (SVG 2 §14.4)")
struct GradientHrefTests {
  static let stops =
    "<stop offset=\"0\" stop-color=\"#0000ff\"/><stop offset=\"1\" stop-color=\"#0000ff\"/>"

  @Test(arguments: [
    "<linearGradient id=\"g\" href=\"#nothing\">\(stops)</linearGradient>",
    "<rect id=\"r\" width=\"1\" height=\"1\" fill=\"none\"/>"
      + "<linearGradient id=\"g\" xlink:href=\"#r\">\(stops)</linearGradient>",
    "<linearGradient id=\"g\" href=\"#g\">\(stops)</linearGradient>",
  ])
  func invalidHrefIsIgnoredAndTheGradientsOwnStopsPaint(gradient: String) throws {
    // librsvg 2.54 alone paints nothing (missing, non-gradient) or the fallback (itself).
    let source = doc(10, gradient + "<rect width=\"10\" height=\"10\" fill=\"url(#g)\"/>")
    let image = try draw(source).image
    #expect(try normalizations(source) == ["gradient-href"])
    for y in 0..<10 { for x in 0..<10 { #expect(image[x, y] == blue) } }
  }

  @Test func aCycleIsBrokenWhereItClosesForEachGradient() throws {
    // a -> b -> a: resolving a ignores b's href, resolving b ignores a's: a keeps its own
    // stops, b inherits them (blue). Issue 38 trial finding 13: b painted nothing.
    let source = doc(
      40,
      """
      <linearGradient id="a" href="#b">\(Self.stops)</linearGradient>\
      <linearGradient id="b" href="#a"/>\
      <rect width="20" height="40" fill="url(#a)"/>\
      <rect x="20" width="20" height="40" fill="url(#b)"/>
      """)
    let image = try draw(source).image
    #expect(try normalizations(source) == ["gradient-href"])
    #expect(image[5, 5] == blue && image[19, 39] == blue)
    #expect(image[25, 5] == blue && image[39, 39] == blue)
    #expect(alphaSum(image) == 1600 * 255)
  }

  @Test func eachGradientOnACycleInheritsTheOthersAttributes() throws {
    // The trial's document: a (red to blue stops) -> b (a vertical vector) -> a. Chromium
    // and resvg 0.44 paint both halves with the vertical gradient: a inherits b's vector,
    // b a's stops.
    let source = doc(
      40,
      """
      <linearGradient id="a" href="#b"><stop offset="0" stop-color="#ff0000"/>\
      <stop offset="1" stop-color="#0000ff"/></linearGradient>\
      <linearGradient id="b" href="#a" x1="0" x2="0" y2="1"/>\
      <rect width="20" height="40" fill="url(#a)"/>\
      <rect x="20" width="20" height="40" fill="url(#b)"/>
      """)
    let expected = doc(
      40,
      """
      <linearGradient id="v" x1="0" x2="0" y2="1"><stop offset="0" stop-color="#ff0000"/>\
      <stop offset="1" stop-color="#0000ff"/></linearGradient>\
      <rect width="20" height="40" fill="url(#v)"/>\
      <rect x="20" width="20" height="40" fill="url(#v)"/>
      """)
    for scale in [1.0, 3.0] {
      #expect(
        differingPixels(
          try draw(source, scale: scale).image, try draw(expected, scale: scale).image) == 0)
    }
    let image = try draw(source).image
    #expect(image[5, 0].r > 200 && image[5, 39].b > 200 && image[25, 0].r > 200)
  }

  @Test func validChainsAreLeftAlone() throws {
    let source = doc(
      10,
      """
      <linearGradient id="a">\(Self.stops)</linearGradient>\
      <linearGradient id="b" href="#a"/><rect width="10" height="10" fill="url(#b)"/>
      """)
    #expect(try normalizations(source) == [])
    #expect(try draw(source).image[5, 5] == blue)
  }
}

@Suite("Fidelity: clip paths (SVG 2 / CSS Masking §6)")
struct ClipPathTests {
  @Test(arguments: [
    "<use href=\"#gg\"/><circle cx=\"20\" cy=\"20\" r=\"8\"/>",
    "<rect width=\"10\" height=\"10\"/><use href=\"#gg\"/><circle cx=\"20\" cy=\"20\" r=\"8\"/>",
    "<rect width=\"10\" height=\"10\"/><use href=\"#u\"/><circle cx=\"20\" cy=\"20\" r=\"8\"/>",
    "<rect width=\"10\" height=\"10\"/><use href=\"#missing\"/><circle cx=\"20\" cy=\"20\" r=\"8\"/>",
  ])
  func aUseThatDoesNotReferenceAShapeDirectlyAddsNothing(children: String) throws {
    // CSS Masking 1 §6.1: a use in a clip path counts only when it references a shape or
    // text directly; a use of a <g> (or of another use, or of nothing) adds nothing, as
    // Chromium draws. Issue 38 trial finding 2: the mask copy of the use drew the group's
    // 40 x 40 rect and clipped nothing (about 22,300 px of 25,600 at 160 px).
    let defs =
      "<defs><g id=\"gg\"><rect width=\"40\" height=\"40\"/></g>"
      + "<rect id=\"r\" width=\"40\" height=\"40\"/><use id=\"u\" href=\"#r\"/></defs>"
    let source = doc(
      40,
      defs + "<clipPath id=\"c\">\(children)</clipPath>"
        + "<rect width=\"40\" height=\"40\" fill=\"#008000\" clip-path=\"url(#c)\"/>")
    let kept = children.replacingOccurrences(
      of: ##"<use href="#[a-z]+"/>"##, with: "", options: .regularExpression)
    let expected = doc(
      40,
      defs + "<clipPath id=\"c\">\(kept)</clipPath>"
        + "<rect width=\"40\" height=\"40\" fill=\"#008000\" clip-path=\"url(#c)\"/>")
    for scale in [1.0, 3.0] {
      #expect(
        differingPixels(
          try draw(source, scale: scale).image, try draw(expected, scale: scale).image) == 0)
    }
    let image = try draw(source).image
    #expect(image[20, 20] == RGBA8(r: 0, g: 128, b: 0, a: 255))
    #expect(image[35, 35] == clear && image[35, 5] == clear)
  }

  @Test func aBoundingBoxClipPathsOwnClipPathIsInTheElementsUserSpace() throws {
    // The clip path's own clip (user space units) applies in the clipped element's user
    // space, not in the bounding box's units. Issue 38 trial finding 3: a circle at (20, 20)
    // was mapped 20 boxes away and the canvas stayed blank (8,300-8,900 px at 160 px). The
    // pixel comparison uses a rect as the outer clip (a circle's edge antialiases a level
    // apart between a clip and the mask the rewrite makes); the trial's circle is checked
    // by its pixels.
    func source(_ outer: String) -> String {
      doc(
        40,
        """
        <defs><clipPath id="n">\(outer)</clipPath>\
        <clipPath id="c" clipPathUnits="objectBoundingBox" clip-path="url(#n)">\
        <rect x="0.2" width="0.8" height="1"/></clipPath></defs>\
        <rect x="5" y="5" width="30" height="30" fill="#008000" clip-path="url(#c)"/>
        """)
    }
    let band = "<rect y=\"10\" width=\"40\" height=\"20\"/>"
    let expected = doc(
      40,
      """
      <defs><clipPath id="n">\(band)</clipPath>\
      <clipPath id="u"><rect x="11" y="5" width="24" height="30"/></clipPath></defs>\
      <g clip-path="url(#n)"><rect x="5" y="5" width="30" height="30" fill="#008000" \
      clip-path="url(#u)"/></g>
      """)
    #expect(try normalizations(source(band)) == ["clip-path"])
    for scale in [1.0, 3.0] {
      #expect(
        differingPixels(
          try draw(source(band), scale: scale).image, try draw(expected, scale: scale).image)
          == 0)
    }
    #expect(alphaSum(try draw(source(band)).image) == 24 * 20 * 255)
    let circle = try draw(source("<circle cx=\"20\" cy=\"20\" r=\"14\"/>")).image
    #expect(circle[20, 20] == RGBA8(r: 0, g: 128, b: 0, a: 255))
    #expect(circle[30, 20] == RGBA8(r: 0, g: 128, b: 0, a: 255))
    #expect(circle[8, 20] == clear && circle[20, 2] == clear && circle[33, 33] == clear)
  }

  @Test(arguments: [
    ("<rect width=\"15\" height=\"40\"/><rect x=\"25\" width=\"15\" height=\"40\"/>",
     "<rect x=\"4\" y=\"12\" width=\"11\" height=\"16\" fill=\"#008000\"/>"
       + "<rect x=\"25\" y=\"12\" width=\"11\" height=\"16\" fill=\"#008000\"/>", ""),
    ("<rect x=\"10\" width=\"30\" height=\"40\"/>",
     "<rect x=\"10\" y=\"12\" width=\"26\" height=\"16\" fill=\"#008000\"/>", ""),
    ("<rect width=\"15\" height=\"40\"/><rect x=\"25\" width=\"15\" height=\"40\"/>",
     "<rect x=\"6\" y=\"15\" width=\"11\" height=\"16\" fill=\"#008000\"/>"
       + "<rect x=\"27\" y=\"15\" width=\"11\" height=\"16\" fill=\"#008000\"/>",
     " transform=\"translate(2 3)\""),
  ])
  func aUserSpaceClipPathsOwnBoundingBoxClipPathTakesTheClippedElementsBox(
    children: String, expected: String, transform: String
  ) throws {
    // c (user space) keeps what its children cover; its own clip n (bounding box units) the
    // middle half of the clipped rect's box (4..36, so y 12..28). Issue 38 fourth
    // trial HIGH-3: n sat on the group of shapes in c's mask, where librsvg 2.54 drew blank
    // or nearly blank (5,000-10,400 px of 25,600 vs Chromium at 160 px).
    let body =
      "<defs><clipPath id=\"n\" clipPathUnits=\"objectBoundingBox\"><rect y=\"0.25\" "
      + "width=\"1\" height=\"0.5\"/></clipPath><clipPath id=\"c\" clip-path=\"url(#n)\">"
      + children + "</clipPath></defs><rect x=\"4\" y=\"4\" width=\"32\" height=\"32\" "
      + "fill=\"#008000\"\(transform) clip-path=\"url(#c)\"/>"
    #expect(try normalizations(doc(40, body)) == ["clip-path"])
    for scale in [1.0, 2.0, 3.0] {
      let drawn = try draw(doc(40, body), scale: scale).image
      #expect(differingPixels(drawn, try draw(doc(40, expected), scale: scale).image) == 0)
      #expect(alphaSum(drawn) > 0)
    }
  }

  @Test func aUserSpaceClipPathsOwnBoundingBoxCircleIsOfTheClippedElement() throws {
    // The trial's document: the circle inscribed in the clipped rect (5..35), cut at x = 10.
    let body =
      "<defs><clipPath id=\"n\" clipPathUnits=\"objectBoundingBox\"><circle cx=\"0.5\" "
      + "cy=\"0.5\" r=\"0.5\"/></clipPath><clipPath id=\"c\" clip-path=\"url(#n)\"><rect "
      + "x=\"10\" width=\"30\" height=\"40\"/></clipPath></defs><rect x=\"5\" y=\"5\" "
      + "width=\"30\" height=\"30\" fill=\"#008000\" clip-path=\"url(#c)\"/>"
    let image = try draw(doc(40, body)).image
    let green = RGBA8(r: 0, g: 128, b: 0, a: 255)
    #expect(image[20, 20] == green && image[30, 20] == green && image[20, 32] == green)
    #expect(image[8, 20] == clear && image[11, 6] == clear && image[33, 33] == clear)
  }

  @Test(arguments: ["", " transform=\"translate(2 3)\""])
  func aBoundingBoxClipPathsOwnBoundingBoxClipPathAppliesAtEveryScale(transform: String) throws
  {
    // Both clip paths in bounding box units: c keeps the box's left half, its own clip n the
    // top half, so the top-left quarter of the 30 x 30 rect stays. Issue 38 third trial M1:
    // the rewrite put n inside c's mask, where librsvg 2.54 maps a bounding box clip wrongly
    // above @1x (about half the quarter at @2x, nothing at @3x and @4x: 3,600 px of 25,600
    // vs Chromium at 160 px; rsvg-convert alone draws nothing either).
    let body =
      "<defs><clipPath id=\"n\" clipPathUnits=\"objectBoundingBox\"><rect width=\"1\" "
      + "height=\"0.5\"/></clipPath><clipPath id=\"c\" clipPathUnits=\"objectBoundingBox\" "
      + "clip-path=\"url(#n)\"><rect width=\"0.5\" height=\"1\"/></clipPath></defs>"
      + "<rect x=\"5\" y=\"5\" width=\"30\" height=\"30\" fill=\"#008000\"\(transform) "
      + "clip-path=\"url(#c)\"/>"
    let expected =
      "<rect x=\"5\" y=\"5\" width=\"15\" height=\"15\" fill=\"#008000\"\(transform)/>"
    #expect(try normalizations(doc(40, body)) == ["clip-path"])
    for scale in [1.0, 2.0, 3.0, 4.0] {
      let drawn = try draw(doc(40, body), scale: scale).image
      #expect(differingPixels(drawn, try draw(doc(40, expected), scale: scale).image) == 0)
      #expect(alphaSum(drawn) == Int(15 * 15 * scale * scale) * 255)
    }
  }

  @Test(arguments: [
    ("<style>.e{clip-rule:evenodd}</style>", "<clipPath id=\"c\">", " class=\"e\""),
    ("<style>.e{clip-rule:evenodd}</style>", "<clipPath id=\"c\" class=\"e\">", ""),
    ("<style>#c{clip-rule:evenodd}</style>", "<clipPath id=\"c\" clip-rule=\"nonzero\">", ""),
    ("<style>path{clip-rule:evenodd}</style>", "<clipPath id=\"c\">", " clip-rule=\"nonzero\""),
  ])
  func aClipRuleFromASheetApplies(sheet: String, open: String, ring: String) throws {
    // CSS Cascade 4 §6: a sheet's clip-rule wins over the presentation attribute and is
    // inherited from the clip path; the ring's hole (5..15) stays out of the region. Issue
    // 38 third trial M2: the mask conversion read attributes and `style` only (6,411 px vs
    // Chromium at 160 px; with the class on the clip path rsvg-convert alone was right).
    let body =
      sheet + open + "<path\(ring) d=\"M0 0H20V20H0Z M5 5H15V15H5Z\"/>"
      + "<rect x=\"20\" y=\"20\" width=\"20\" height=\"20\"/></clipPath>"
      + "<rect width=\"40\" height=\"40\" fill=\"#008000\" clip-path=\"url(#c)\"/>"
    let expected =
      "<path fill-rule=\"evenodd\" fill=\"#008000\" d=\"M0 0H20V20H0Z M5 5H15V15H5Z\"/>"
      + "<rect x=\"20\" y=\"20\" width=\"20\" height=\"20\" fill=\"#008000\"/>"
    #expect(try normalizations(doc(40, body)) == ["clip-path"])
    try expectSameDrawing(body, expected)
    #expect(alphaSum(try draw(doc(40, body)).image) == (300 + 400) * 255)
  }

  @Test func aClipRuleFromASheetAppliesToAUseChildsShape() throws {
    let body =
      "<style>.e{clip-rule:evenodd}</style><defs><path id=\"p\" class=\"e\" "
      + "d=\"M0 0H20V20H0Z M5 5H15V15H5Z\"/></defs><clipPath id=\"c\"><use href=\"#p\"/>"
      + "<rect x=\"20\" y=\"20\" width=\"20\" height=\"20\"/></clipPath>"
      + "<rect width=\"40\" height=\"40\" fill=\"#008000\" clip-path=\"url(#c)\"/>"
    #expect(try normalizations(doc(40, body)) == ["clip-path"])
    #expect(alphaSum(try draw(doc(40, body)).image) == (300 + 400) * 255)
  }

  @Test(arguments: [
    ("", "<clipPath id=\"c\" clip-rule=\"evenodd\">", " clip-rule=\"bogus\"", "", ""),
    ("", "<clipPath id=\"c\" clip-rule=\"evenodd\">", " clip-rule=\"\"", "", ""),
    ("", "<clipPath id=\"c\" clip-rule=\"evenodd\">", " style=\"clip-rule:bogus\"", "", ""),
    ("", "<clipPath id=\"c\" clip-rule=\"evenodd\">",
     " style=\"clip-rule:evenodd; clip-rule:bad\" clip-rule=\"nonzero\"", "", ""),
    ("<style>path{clip-rule:bogus}</style>", "<clipPath id=\"c\" clip-rule=\"evenodd\">", "",
     "", ""),
    ("<style>path{clip-rule:evenodd; clip-rule:x}</style>", "<clipPath id=\"c\">", "", "", ""),
    ("", "<g clip-rule=\"evenodd\"><clipPath id=\"c\" clip-rule=\"bogus\">", "", "", "</g>"),
    ("", "<clipPath id=\"c\" clip-rule=\"EvenOdd\">", "", "", ""),
    ("", "<clipPath id=\"c\" clip-rule=\"evenodd\">", "", " clip-rule=\"bogus\"", ""),
  ])
  func anInvalidOrEmptyClipRuleIsDroppedSoTheInheritedOneApplies(
    sheet: String, open: String, ring: String, use: String, close: String
  ) throws {
    // CSS Syntax 3 §5.4.5, SVG 2 §6.6: a declaration or presentation attribute CSS rejects
    // is ignored, so the clip path's evenodd applies and the ring's hole (5..15) stays out.
    // Issue 38 fourth trial HIGH-1: the mask conversion made it nonzero (2,098 px vs
    // Chromium at 160 px; rsvg-convert 63). With `use` the ring is a use child's shape.
    let path = "<path id=\"p\"\(ring) d=\"M0 0H20V20H0Z M5 5H15V15H5Z\"/>"
    let child = use.isEmpty ? path : "<use href=\"#p\"\(use)/>"
    let body =
      sheet + (use.isEmpty ? "" : "<defs>\(path)</defs>") + open + child
      + "<rect x=\"20\" y=\"20\" width=\"20\" height=\"20\"/></clipPath>" + close
      + "<rect width=\"40\" height=\"40\" fill=\"#008000\" clip-path=\"url(#c)\"/>"
    let expected =
      "<path fill-rule=\"evenodd\" fill=\"#008000\" d=\"M0 0H20V20H0Z M5 5H15V15H5Z\"/>"
      + "<rect x=\"20\" y=\"20\" width=\"20\" height=\"20\" fill=\"#008000\"/>"
    #expect(try normalizations(doc(40, body)).contains("clip-path"))
    try expectSameDrawing(body, expected)
    #expect(alphaSum(try draw(doc(40, body)).image) == (300 + 400) * 255)
  }

  @Test func eachChildClipsWithItsOwnRule() throws {
    // An evenodd square ring (hole 5..15) and a nonzero square with a same-direction inner
    // subpath (no hole); librsvg 2.54 alone clips both with one rule.
    let source = doc(
      40,
      """
      <clipPath id="c"><path clip-rule="evenodd" d="M0 0H20V20H0Z M5 5H15V15H5Z"/>\
      <path clip-rule="nonzero" d="M20 20H40V40H20Z M25 25H35V35H25Z"/></clipPath>\
      <rect width="40" height="40" clip-path="url(#c)"/>
      """)
    let image = try draw(source).image
    #expect(try normalizations(source) == ["clip-path"])
    #expect(image[2, 2] == black && image[10, 10] == clear)
    #expect(image[22, 22] == black && image[30, 30] == black && image[30, 5] == clear)
    #expect(alphaSum(image) == 700 * 255)
  }

  @Test func clipPathOnTheClipPathIntersects() throws {
    let source = doc(
      40,
      """
      <clipPath id="half"><rect width="20" height="40"/></clipPath>\
      <clipPath id="c" clip-path="url(#half)"><rect width="40" height="20"/></clipPath>\
      <rect width="40" height="40" clip-path="url(#c)"/>
      """)
    let image = try draw(source).image
    #expect(image[0, 0] == black && image[19, 19] == black)
    #expect(image[20, 0] == clear && image[0, 20] == clear)
    #expect(alphaSum(image) == 400 * 255)
  }

  @Test func clipPathOnAChildClipsThatChild() throws {
    let source = doc(
      40,
      """
      <clipPath id="half"><rect width="20" height="40"/></clipPath>\
      <clipPath id="c"><rect width="40" height="20" clip-path="url(#half)"/>\
      <rect y="30" width="40" height="10"/></clipPath>\
      <g transform="translate(0 0)"><rect width="40" height="40" clip-path="url(#c)"/></g>
      """)
    let image = try draw(source).image
    #expect(image[10, 10] == black && image[30, 10] == clear)
    #expect(image[30, 35] == black && image[10, 25] == clear)
    #expect(alphaSum(image) == 800 * 255)
  }

  @Test func aTransformedElementKeepsItsClipInItsOwnSpace() throws {
    let source = doc(
      40,
      """
      <clipPath id="c"><rect width="10" height="10" clip-rule="evenodd"/>\
      <rect x="10" y="10" width="10" height="10"/></clipPath>\
      <rect transform="translate(20 20)" width="20" height="20" clip-path="url(#c)"/>
      """)
    let image = try draw(source).image
    #expect(image[20, 20] == black && image[29, 29] == black && image[35, 35] == black)
    #expect(image[35, 25] == clear && image[19, 19] == clear)
    #expect(alphaSum(image) == 200 * 255)
  }

  @Test func aGroupChildDoesNotClipNorCountAsARule() throws {
    // CSS Masking 1 §6.1: only shapes, text and use clip; the <g> and its evenodd path are
    // not part of the clip region, so one rule remains and librsvg clips as it is.
    let source = doc(
      40,
      """
      <clipPath id="c"><g clip-rule="evenodd"><path d="M0 0H30V30H0Z M10 10H20V20H10Z"/></g>\
      <path d="M12 12H18V18H12Z"/></clipPath>\
      <rect width="40" height="40" clip-path="url(#c)"/>
      """)
    #expect(try normalizations(source) == [])
    let image = try draw(source).image
    #expect(image[12, 12] == black && image[17, 17] == black && image[5, 5] == clear)
    #expect(alphaSum(image) == 36 * 255)
  }

  /// `body` and `expected` (40 x 40) draw the same pixels at @1x and @3x, and draw something.
  private func expectSameDrawing(_ body: String, _ expected: String) throws {
    for scale in [1.0, 3.0] {
      let drawn = try draw(doc(40, body), scale: scale).image
      let wanted = try draw(doc(40, expected), scale: scale).image
      #expect(differingPixels(drawn, wanted) == 0)
      #expect(alphaSum(drawn) > 0)
    }
  }

  @Test func overlappingChildrenClipWithTheirUnion() throws {
    // CSS Masking 1 §6.1: the region is the union of the children's. librsvg 2.54 appends
    // them to one path: under evenodd the 10 x 10 overlap cancelled, and under nonzero a
    // square wound the other way cancelled it too (144 px missing at @1x, as resvg 0.44
    // draws the union).
    let union = "<path d=\"M0 0H20V20H0Z M10 10H30V30H10Z\"/>"
    for (clip, second) in [
      (" clip-rule=\"evenodd\"", "M10 10H30V30H10Z"), ("", "M10 10V30H30V10Z"),
    ] {
      let body =
        "<clipPath id=\"c\"\(clip)><path d=\"M0 0H20V20H0Z\"/><path d=\"\(second)\"/>"
        + "</clipPath><rect width=\"40\" height=\"40\" clip-path=\"url(#c)\"/>"
      #expect(try normalizations(doc(40, body)) == ["clip-path"])
      try expectSameDrawing(body, union)
      #expect(alphaSum(try draw(doc(40, body)).image) == 700 * 255)
    }
  }

  @Test func aUseChildClipsWithTheReferencedGeometryNotItsPaint() throws {
    // CSS Masking 1 §6.1, §8: a use in a clip path adds the geometry of the element it
    // references (moved by the use's x/y and transform), whatever its fill or stroke; the mask
    // copy of the clip path copied the use, so the rect's own fill="none" drew nothing there.
    let rect =
      "<defs><rect id=\"r\" width=\"10\" height=\"10\" fill=\"none\" stroke=\"red\"/>"
      + "</defs>"
    let body =
      rect + "<clipPath id=\"c\"><use href=\"#r\" x=\"20\" transform=\"translate(0 5)\"/>"
      + "<rect width=\"10\" height=\"10\"/></clipPath>"
      + "<rect width=\"40\" height=\"40\" clip-path=\"url(#c)\"/>"
    #expect(try normalizations(doc(40, body)) == ["clip-path"])
    try expectSameDrawing(
      body,
      "<rect width=\"10\" height=\"10\"/><rect x=\"20\" y=\"5\" width=\"10\" height=\"10\"/>")
    #expect(alphaSum(try draw(doc(40, body)).image) == 200 * 255)
  }

  @Test func aUseChildClipsWithTheReferencedElementsOwnRuleElseTheUses() throws {
    // The referenced ring's own clip-rule wins over the use's (its fill-rule plays no part);
    // without one, the rule it inherits through the use applies (SVG 2 §5.6.3).
    let ring = "M0 0H20V20H0Z M5 5H15V15H5Z"
    let square = "<rect x=\"30\" y=\"30\" width=\"10\" height=\"10\"/>"
    let clipped = "<rect width=\"40\" height=\"40\" clip-path=\"url(#c)\"/>"
    let holed = "<path fill-rule=\"evenodd\" d=\"\(ring)\"/>" + square
    try expectSameDrawing(
      "<defs><path id=\"p\" clip-rule=\"evenodd\" fill-rule=\"nonzero\" d=\"\(ring)\"/></defs>"
        + "<clipPath id=\"c\"><use href=\"#p\" clip-rule=\"nonzero\"/>\(square)</clipPath>"
        + clipped, holed)
    try expectSameDrawing(
      "<defs><path id=\"p\" d=\"\(ring)\"/></defs>"
        + "<clipPath id=\"c\"><use href=\"#p\" clip-rule=\"evenodd\"/>\(square)</clipPath>"
        + clipped, holed)
    try expectSameDrawing(
      "<defs><path id=\"p\" fill-rule=\"evenodd\" d=\"\(ring)\"/></defs>"
        + "<clipPath id=\"c\"><use href=\"#p\"/>\(square)</clipPath>" + clipped,
      "<path d=\"\(ring)\"/>" + square)
  }

  @Test(arguments: [
    "<clipPath id=\"c\" visibility=\"hidden\"><rect width=\"20\" height=\"40\" "
      + "visibility=\"visible\"/><circle cx=\"30\" cy=\"20\" r=\"8\"/></clipPath>",
    "<style>clipPath{visibility:hidden} rect.v{visibility:visible}</style>"
      + "<clipPath id=\"c\"><rect class=\"v\" width=\"20\" height=\"40\"/>"
      + "<circle cx=\"30\" cy=\"20\" r=\"8\"/></clipPath>",
    "<g visibility=\"hidden\"><clipPath id=\"c\"><rect width=\"20\" height=\"40\" "
      + "style=\"visibility:visible\"/><circle cx=\"30\" cy=\"20\" r=\"8\"/></clipPath></g>",
  ])
  func aHiddenChildOfTheClipPathAddsNothing(clip: String) throws {
    // CSS Masking 1 §6.1 and SVG 2 §15.6.2: `visibility` is inherited, and a child of a clip
    // path whose visibility is hidden adds nothing to the region; the mask conversion lost
    // the clip path's value, so the hidden circle clipped in (issue 38 third trial H1:
    // 3,288 px vs Chromium at 160 px, rsvg-convert 0).
    let body = clip + "<rect width=\"40\" height=\"40\" clip-path=\"url(#c)\"/>"
    #expect(try normalizations(doc(40, body)) == ["clip-path"])
    try expectSameDrawing(body, "<rect width=\"20\" height=\"40\"/>")
  }

  @Test func aHiddenChildOfABoundingBoxClipPathAddsNothing() throws {
    let body =
      "<clipPath id=\"c\" clipPathUnits=\"objectBoundingBox\" visibility=\"hidden\">"
      + "<rect width=\"0.5\" height=\"1\" visibility=\"visible\"/>"
      + "<circle cx=\"0.75\" cy=\"0.5\" r=\"0.2\"/></clipPath>"
      + "<rect x=\"10\" y=\"10\" width=\"20\" height=\"20\" clip-path=\"url(#c)\"/>"
    #expect(try normalizations(doc(40, body)) == ["clip-path"])
    try expectSameDrawing(body, "<rect x=\"10\" y=\"10\" width=\"10\" height=\"20\"/>")
  }

  @Test(arguments: [
    "<rect width=\"20\" height=\"40\" filter=\"url(#f)\"/>",
    "<rect class=\"f\" width=\"20\" height=\"40\"/>",
    "<rect width=\"20\" height=\"40\" mask=\"url(#m)\"/>",
    "<rect width=\"20\" height=\"40\" style=\"mask:url(#m)\"/>",
  ])
  func aClipPathChildsFilterAndMaskPlayNoPart(child: String) throws {
    // CSS Masking 1 §6.1: a clip path's children contribute their geometry only; the mask
    // conversion kept a child's filter (a transparent flood erased it) and mask (it cut the
    // child in half): issue 38 third trial H2, 12,920 px and 6,520 px vs Chromium.
    let body =
      "<style>.f{filter:url(#f)}</style><defs><filter id=\"f\"><feFlood flood-opacity=\"0\"/>"
      + "</filter><mask id=\"m\"><rect width=\"40\" height=\"20\" fill=\"white\"/></mask>"
      + "</defs><clipPath id=\"c\">\(child)<circle cx=\"30\" cy=\"20\" r=\"8\"/></clipPath>"
      + "<rect width=\"40\" height=\"40\" clip-path=\"url(#c)\"/>"
    #expect(try normalizations(doc(40, body)) == ["clip-path"])
    try expectSameDrawing(
      body, "<rect width=\"20\" height=\"40\"/><circle cx=\"30\" cy=\"20\" r=\"8\"/>")
  }

  @Test func oneRuleForAllChildrenIsLeftToLibrsvg() throws {
    let source = doc(
      10,
      "<clipPath id=\"c\"><rect width=\"5\" height=\"5\"/></clipPath>"
        + "<rect width=\"10\" height=\"10\" clip-path=\"url(#c)\"/>")
    #expect(try normalizations(source) == [])
    #expect(alphaSum(try draw(source).image) == 25 * 255)
  }
}

@Suite("Fidelity: zero-length subpaths with square caps (SVG 2 §13.5.5)")
struct ZeroLengthCapTests {
  @Test(arguments: ["M10 10 z", "M10 10 l0 0", "M10 10h0", "m10 10 c0 0 0 0 0 0"])
  func squareCapIsPresentAtEveryScale(d: String) throws {
    let source = """
      <svg xmlns="http://www.w3.org/2000/svg" width="20" height="20"><path d="\(d)" \
      stroke="black" stroke-width="4" stroke-linecap="square"/></svg>
      """
    let one = try draw(source, scale: 1).image
    let three = try draw(source, scale: 3).image
    #expect(try normalizations(source) == ["zero-length-cap"])
    // A 4 x 4 square centred on (10, 10): px 8..11 at @1x, 24..35 at @3x.
    for (x, y) in [(8, 8), (11, 11), (8, 11)] { #expect(one[x, y] == black) }
    for (x, y) in [(7, 10), (10, 7), (10, 12)] { #expect(one[x, y] == clear) }
    for (x, y) in [(24, 24), (35, 35)] { #expect(three[x, y] == black) }
    let sum1 = Double(alphaSum(one))
    let sum3 = Double(alphaSum(three)) / 9
    #expect(abs(sum1 - sum3) <= 0.1 * sum3)
    #expect(abs(sum1 - 16 * 255) <= 0.05 * 16 * 255)
  }

  @Test func roundCapsAndLoneMovetosAreLeftAlone() throws {
    let round = """
      <svg xmlns="http://www.w3.org/2000/svg" width="20" height="20"><path d="M10 10z" \
      stroke="black" stroke-width="4" stroke-linecap="round"/></svg>
      """
    #expect(try normalizations(round) == [])
    let lone = """
      <svg xmlns="http://www.w3.org/2000/svg" width="20" height="20"><g stroke-linecap="square">\
      <path d="M10 10 M2 2h4" stroke="black" stroke-width="2"/></g></svg>
      """
    #expect(try normalizations(lone) == [])
  }
}

@Suite("Fidelity: sizes and units")
struct SizeFidelityTests {
  @Test func physicalUnitsAreAt96DPI() throws {
    // 1 in = 96 px; the half-inch rect covers exactly 48 px (at librsvg's default 90 dpi it
    // covered 45).
    let source = """
      <svg xmlns="http://www.w3.org/2000/svg" width="1in" height="1in">\
      <rect width="0.5in" height="12.7mm"/></svg>
      """
    let image = try draw(source).image
    #expect(image.width == 96 && image.height == 96)
    #expect(image[47, 47] == black && image[48, 10] == clear && image[10, 48] == clear)
    #expect(alphaSum(image) == 48 * 48 * 255)
  }

  @Test func negativeWidthIsNamed() throws {
    let source = "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"-10\" height=\"20\"/>"
    #expect {
      try draw(source, name: "neg.svg")
    } throws: { error in
      "\(error)"
        == "neg.svg: error: no usable size: width=\"-10\" is negative and there is no viewBox; "
        + "give a positive width and height in px or add a viewBox"
    }
  }

  @Test func noUsableSizeWithAnOutputSizeDrawsTheContentBounds() throws {
    let source = """
      <svg xmlns="http://www.w3.org/2000/svg"><rect x="10" y="20" width="30" height="10"/></svg>
      """
    #expect(throws: (any Error).self) { try draw(source) }
    let artwork = try Artwork(
      data: Data(source.utf8), path: "nosize.svg", baseDirectory: nil, sizeFromContent: true)
    #expect(artwork.canvasSize == Size(width: 30, height: 10))
    var options = RenderOptions()
    options.widthPx = 60
    options.heightPx = 20
    let image = try GlyphRenderer.render(artwork, options: options).image
    #expect(image.width == 60 && image.height == 20)
    #expect(alphaSum(image) == 60 * 20 * 255)
  }
}

@Suite("Fidelity: hostile inputs through the normalisation end fast with a clear error")
struct HostileNormalisationTests {
  private func timed(_ source: String) -> (String, Duration) {
    let start = ContinuousClock.now
    do {
      _ = try draw(source, name: "h.svg")
      return ("rendered", ContinuousClock.now - start)
    } catch {
      return ("\(error)", ContinuousClock.now - start)
    }
  }

  @Test func entityBombWithASymbol() {
    let entities = (1..<10).map { i in
      "<!ENTITY a\(i) \"" + String(repeating: "&a\(i - 1);", count: 10) + "\">"
    }.joined()
    let source = """
      <?xml version="1.0"?><!DOCTYPE svg [<!ENTITY a0 "x">\(entities)]>\
      <svg xmlns="http://www.w3.org/2000/svg" width="10" height="10">\
      <symbol id="s" viewBox="0 0 1 1"><rect width="1" height="1"/></symbol>\
      <use href="#s" width="10" height="10"/><text>&a9;</text></svg>
      """
    let (message, time) = timed(source)
    #expect(message.hasPrefix("h.svg: error: invalid SVG: ") && message.contains("entity"))
    #expect(time < .seconds(2))
  }

  @Test func deepNestingInsideASymbol() {
    let depth = 50_000
    let source =
      "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"10\" height=\"10\">"
      + "<symbol id=\"s\" viewBox=\"0 0 1 1\">" + String(repeating: "<g>", count: depth)
      + "<rect width=\"1\" height=\"1\"/>" + String(repeating: "</g>", count: depth)
      + "</symbol><use href=\"#s\" width=\"10\" height=\"10\"/></svg>"
    let (message, time) = timed(source)
    #expect(message.hasPrefix("h.svg: error: invalid SVG: ") && message.contains("depth"))
    #expect(time < .seconds(2))
  }

  @Test func useBombOfSymbols() {
    var parts = ["<symbol id=\"s0\" viewBox=\"0 0 1 1\"><rect width=\"1\" height=\"1\"/></symbol>"]
    for i in 1..<9 {
      parts.append(
        "<symbol id=\"s\(i)\" viewBox=\"0 0 10 10\">"
          + (0..<10).map { "<use href=\"#s\(i - 1)\" x=\"\($0)\" width=\"1\" height=\"1\"/>" }
          .joined() + "</symbol>")
    }
    let source =
      "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"10\" height=\"10\">"
      + parts.joined() + "<use href=\"#s8\" width=\"10\" height=\"10\"/></svg>"
    let (message, time) = timed(source)
    #expect(
      message
        == "h.svg: error: too large: the SVG expands to more than 10000 <use> instances "
        + "(--max-use); flatten the repeated content")
    #expect(time < .seconds(2))
  }
}
