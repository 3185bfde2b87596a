import Foundation
import Glyphsmith
import Testing

private func load(_ source: String, name: String = "icon.svg") throws -> Artwork {
  try Artwork(data: Data(source.utf8), path: name, baseDirectory: nil)
}

private func render(_ artwork: Artwork, _ configure: (inout RenderOptions) -> Void) throws
  -> RenderedGlyph
{
  var options = RenderOptions()
  configure(&options)
  return try GlyphRenderer.render(artwork, options: options)
}

@Suite("Plain role: the artwork's canvas fitted into exactly the size asked")
struct PlainRenderTests {
  /// docs/testing.md's "Rendering an SVG into an RGBAImage", as written there (the example
  /// package runs the same code through `MyIcons.inboxPixels`).
  @Test func theTestingDocsExampleRendersAsDocumented() throws {
    let inboxSVG = """
      <svg xmlns="http://www.w3.org/2000/svg" width="24" height="24" viewBox="0 0 24 24" fill="none"
        stroke="black" stroke-width="2" stroke-linecap="round" stroke-linejoin="round">
        <path d="M3 13h5l2 3h4l2-3h5"/><path d="M5 5h14l2 8v6H3v-6z"/>
      </svg>
      """
    let artwork = try Artwork(data: Data(inboxSVG.utf8), path: "inbox.svg", baseDirectory: nil)
    var options = RenderOptions()  // the plain role: the artwork's canvas, as drawn
    options.widthPx = 48  // 48 x 48 px, the viewBox fitted, aspect kept, centred
    options.heightPx = 48
    let rendered = try GlyphRenderer.render(artwork, options: options)
    let image: RGBAImage = rendered.image
    #expect(image.width == 48 && image.height == 48 && rendered.diagnostics == [])
    #expect(image[0, 0] == RGBA8(r: 0, g: 0, b: 0, a: 0))
    #expect(image[24, 38] == RGBA8(r: 0, g: 0, b: 0, a: 255))
    let png: Data = try PNGCodec.encode(image)
    #expect(try PNGCodec.decode(png, path: "inbox.png") == image)
  }

  /// A 25 x 25 canvas with a square from 4.5 to 20.5: half-pixel edges at @1x and @3x,
  /// whole-pixel edges at @2x.
  static let square = svg(
    width: "25", height: "25", body: "<rect x=\"4.5\" y=\"4.5\" width=\"16\" height=\"16\"/>")

  @Test(arguments: [1, 2, 3])
  func filledSquareAtEachScale(scale: Int) throws {
    let glyph = try render(try load(Self.square)) {
      $0.sizePt = 25
      $0.scale = Double(scale)
    }
    let image = glyph.image
    #expect(image.width == 25 * scale && image.height == 25 * scale)
    let centre = 25 * scale / 2
    #expect(image[centre, centre] == RGBA8(r: 0, g: 0, b: 0, a: 255))
    for (x, y) in [
      (0, 0), (image.width - 1, 0), (0, image.height - 1), (image.width - 1, image.height - 1),
    ] {
      #expect(image[x, y].a == 0)
    }
    // The left edge sits at 4.5 pt = 4.5 * scale px.
    let edge = Double(scale) * 4.5
    if edge != edge.rounded() {
      let column = Int(edge)
      #expect(abs(Int(image[column, centre].a) - 128) <= 2)
      #expect(image[column + 1, centre].a == 255)
      #expect(image[column - 1, centre].a == 0)
    } else {
      #expect(image[Int(edge), centre].a == 255)
      #expect(image[Int(edge) - 1, centre].a == 0)
    }
  }

  @Test func viewBoxOnlyUsesTheViewBoxSize() throws {
    let artwork = try load(svg(viewBox: "0 0 30 20", body: "<rect width=\"30\" height=\"20\"/>"))
    #expect(artwork.canvasSize == Size(width: 30, height: 20))
    #expect(artwork.diagnostics.isEmpty)
    let glyph = try render(artwork) { $0.scale = 2 }
    #expect(glyph.image.width == 60 && glyph.image.height == 40)
    #expect(glyph.image[59, 39].a == 255)
  }

  @Test func widthWithViewBoxTakesHeightFromAspectRatio() throws {
    let artwork = try load(
      svg(width: "40", viewBox: "0 0 10 5", body: "<rect width=\"10\" height=\"5\"/>"))
    #expect(artwork.canvasSize == Size(width: 40, height: 20))
  }

  @Test func widthAloneWithoutViewBoxIsAnErrorNamingTheFile() throws {
    #expect {
      try load(svg(width: "40", body: "<rect width=\"10\" height=\"5\"/>"), name: "w.svg")
    } throws: { error in
      "\(error)".hasPrefix("w.svg: error: no usable size")
    }
  }

  @Test func percentageWithViewBoxFallsBackWithAWarning() throws {
    let artwork = try load(
      svg(
        width: "100%", height: "100%", viewBox: "0 0 8 8", body: "<rect width=\"8\" height=\"8\"/>"),
      name: "pct.svg")
    #expect(artwork.canvasSize == Size(width: 8, height: 8))
    #expect(
      artwork.diagnostics.descriptions == [
        "pct.svg: warning: percentage width or height; using the viewBox size 8x8 px"
      ])
  }

  @Test func nonSquareArtworkIsCentredWithEqualMargins() throws {
    // 20 x 10 artwork in a 20 x 20 canvas: 5 empty rows above and below.
    let glyph = try render(
      try load(svg(viewBox: "0 0 20 10", body: "<rect width=\"20\" height=\"10\"/>"))
    ) { $0.sizePt = 20 }
    let column = (0..<20).map { glyph.image[10, $0].a }
    #expect(
      column == [UInt8](repeating: 0, count: 5) + [UInt8](repeating: 255, count: 10)
        + [UInt8](repeating: 0, count: 5))
  }

  @Test func paddingInsetsTheArtwork() throws {
    let glyph = try render(
      try load(svg(viewBox: "0 0 10 10", body: "<rect width=\"10\" height=\"10\"/>"))
    ) {
      $0.sizePt = 20
      $0.paddingPt = 5
    }
    #expect(
      glyph.image[4, 10].a == 0 && glyph.image[5, 10].a == 255 && glyph.image[14, 10].a == 255
        && glyph.image[15, 10].a == 0)
  }

  @Test func translucentTintLowersAlphaAndKeepsColour() throws {
    let glyph = try render(try load(Self.square)) {
      $0.sizePt = 25
      $0.tint = try! ColorParser.parse("#FF000080")
    }
    #expect(glyph.image[12, 12] == RGBA8(r: 255, g: 0, b: 0, a: 128))
    // A half-covered edge pixel: half of 128, colour still pure red.
    let edge = glyph.image[4, 12]
    #expect(edge.r == 255 && edge.g == 0 && abs(Int(edge.a) - 64) <= 1)
  }

  @Test func templateKeepsCoverageAndDropsColour() throws {
    let artwork = try load(
      svg(
        width: "4", height: "4",
        body: "<rect width=\"4\" height=\"4\" fill=\"#3366FF\" fill-opacity=\"0.5\"/>"))
    let glyph = try render(artwork) { $0.template = true }
    #expect(glyph.image[1, 1] == RGBA8(r: 0, g: 0, b: 0, a: 128))
  }

  @Test func currentColorIsBlackByDefault() throws {
    let artwork = try load(
      svg(width: "4", height: "4", body: "<rect width=\"4\" height=\"4\" fill=\"currentColor\"/>"))
    #expect(try render(artwork) { _ in }.image[2, 2] == RGBA8(r: 0, g: 0, b: 0, a: 255))
  }

  @Test func backgroundIsCompositedUnder() throws {
    let artwork = try load(svg(width: "4", height: "4", body: "<rect width=\"2\" height=\"4\"/>"))
    let image = try render(artwork) { $0.background = RGBA8(r: 255, g: 255, b: 255) }.image
    #expect(image[0, 0] == RGBA8(r: 0, g: 0, b: 0, a: 255))
    #expect(image[3, 0] == RGBA8(r: 255, g: 255, b: 255, a: 255))
  }

  @Test func sameInputGivesTheSamePixelsEveryRun() throws {
    let lucide = svg(
      width: "24", height: "24", viewBox: "0 0 24 24",
      body:
        "<path d=\"M3 9l9-7 9 7v11a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2z\" fill=\"none\" stroke=\"currentColor\" stroke-width=\"2\"/>"
    )
    let first = try PNGCodec.encode(try render(try load(lucide)) { $0.scale = 3 }.image)
    let images = ParallelMap.map(count: 8, jobs: 4) { _ in
      try! PNGCodec.encode(try! render(try! load(lucide)) { $0.scale = 3 }.image)
    }
    #expect(images.allSatisfy { $0 == first })
  }

  @Test func outputOverTheLimitIsRefused() throws {
    #expect {
      try render(try load(Self.square, name: "big.svg")) { $0.sizePt = 20000 }
    } throws: { error in
      "\(error)"
        == "big.svg: error: too large: output 20000x20000 px; outputs are limited to 16384 px on a side"
    }
  }
}

@Suite("Fitted roles: shape from the ink, HIG target, whole-point canvas")
struct FittedRenderTests {
  static let circle = svg(viewBox: "0 0 24 24", body: "<circle cx=\"12\" cy=\"12\" r=\"10\"/>")
  static let square = svg(
    viewBox: "0 0 24 24", body: "<rect x=\"3\" y=\"3\" width=\"18\" height=\"18\" rx=\"2\"/>")
  static let wide = svg(
    viewBox: "0 0 24 24", body: "<rect x=\"2\" y=\"7\" width=\"20\" height=\"10\"/>")
  static let tall = svg(
    viewBox: "0 0 24 24", body: "<rect x=\"7\" y=\"2\" width=\"10\" height=\"20\"/>")
  static let ring = svg(
    viewBox: "0 0 24 24",
    body: "<circle cx=\"12\" cy=\"12\" r=\"9\" fill=\"none\" stroke=\"#000\" stroke-width=\"2\"/>")

  @Test(arguments: [
    (circle, GlyphShape.circle), (square, .square), (wide, .wide), (tall, .tall), (ring, .circle),
  ])
  func shapeDecision(source: String, expected: GlyphShape) throws {
    #expect(try load(source).ink()?.shape == expected)
  }

  @Test func inkBoundsAreTight() throws {
    let bounds = try #require(try load(Self.wide).ink()).bounds
    #expect(abs(bounds.x - 2) < 0.05 && abs(bounds.y - 7) < 0.05)
    #expect(abs(bounds.width - 20) < 0.05 && abs(bounds.height - 10) < 0.05)
  }

  @Test(arguments: [
    (circle, false, 25, 25), (square, false, 23, 23), (wide, false, 31, 16), (tall, false, 14, 28),
    (circle, true, 18, 18), (square, true, 17, 17), (wide, true, 23, 12), (tall, true, 10, 20),
  ])
  func tabBarCanvasInWholePoints(source: String, compact: Bool, width: Int, height: Int) throws {
    let artwork = try load(source)
    for scale in 1...3 {
      let glyph = try render(artwork) {
        $0.role = .tabBar
        $0.compact = compact
        $0.scale = Double(scale)
      }
      #expect(glyph.image.width == width * scale && glyph.image.height == height * scale)
    }
  }

  @Test func circleFillsItsTargetAndIsCentred() throws {
    let image = try render(try load(Self.circle)) {
      $0.role = .tabBar
      $0.scale = 2
    }.image
    // 25 pt circle at @2x: 50 px wide, touching all four edges at their middles.
    #expect(
      image[25, 0].a > 100 && image[0, 25].a > 100 && image[49, 25].a > 100 && image[25, 49].a > 100
    )
    #expect(image[0, 0].a == 0 && image[25, 25] == RGBA8(r: 0, g: 0, b: 0, a: 255))
  }

  @Test func shapeOverrideAndSizeOverride() throws {
    let glyph = try render(try load(Self.circle)) {
      $0.role = .tabBar
      $0.shape = .wide
    }
    #expect(glyph.shape == .wide && glyph.image.width == 28 && glyph.image.height == 28)
    let sized = try render(try load(Self.wide)) {
      $0.role = .toolbar
      $0.sizePt = 10
    }
    #expect(sized.image.width == 10 && sized.image.height == 5)
  }

  @Test(arguments: ["round", "miter", "bevel"])
  func joinsAndCapsOnDiagonalsAreNeverCropped(join: String) throws {
    // A roof: librsvg's ink rectangle does not always hold the stroke's join and caps.
    let roof = svg(
      viewBox: "0 0 24 24",
      body:
        "<path d=\"M3 12 L12 3 L21 12\" fill=\"none\" stroke=\"#000\" stroke-width=\"2\" stroke-linejoin=\"\(join)\" stroke-linecap=\"round\"/>"
    )
    let image = try render(try load(roof)) {
      $0.role = .tabBar
      $0.paddingPt = 2
      $0.scale = 3
    }.image
    var outside = 0
    var inside = 0
    for y in 0..<image.height {
      for x in 0..<image.width {
        let inPadding = x < 6 || y < 6 || x >= image.width - 6 || y >= image.height - 6
        if inPadding { outside += Int(image[x, y].a) } else { inside += Int(image[x, y].a) }
      }
    }
    #expect(outside == 0 && inside > 0)
    // A wide glyph: its ink reaches the inner box's left and right sides (fitted, not shrunk).
    #expect((6..<(image.height - 6)).contains { image[6, $0].a > 0 })
    #expect((6..<(image.height - 6)).contains { image[image.width - 7, $0].a > 0 })
  }

  @Test func emptyArtworkIsAnError() throws {
    #expect(throws: GlyphsmithError.emptyArtwork(path: "empty.svg")) {
      try render(try load(svg(viewBox: "0 0 24 24", body: ""), name: "empty.svg")) {
        $0.role = .tabBar
      }
    }
  }

  @Test(arguments: [(512, 1024), (1000, 1024), (2000, 1024), (100, 75)])
  func opaqueRasterStaysOpaqueToItsEdges(source: Int, target: Int) throws {
    let red = RGBAImage(width: source, height: source, fill: RGBA8(r: 255, g: 0, b: 0))
    let artwork = try Artwork(data: try PNGCodec.encode(red), path: "red.png", baseDirectory: nil)
    let image = try render(artwork) {
      $0.widthPx = target
      $0.heightPx = target
    }.image
    for (x, y) in [
      (0, 0), (target - 1, 0), (0, target - 1), (target - 1, target - 1), (target / 2, 0),
    ] {
      #expect(image[x, y] == RGBA8(r: 255, g: 0, b: 0), "pixel \(x),\(y)")
    }
  }

  @Test func rasterDownscalesWithoutDarkFringes() throws {
    // 40 x 40 white square inside transparent pixels whose hidden colour is black.
    var source = RGBAImage(width: 80, height: 80, fill: RGBA8(r: 0, g: 0, b: 0, a: 0))
    for y in 20..<60 { for x in 20..<60 { source[x, y] = .white } }
    let artwork = try Artwork(
      data: try PNGCodec.encode(source), path: "white.png", baseDirectory: nil)
    let glyph = try render(artwork) {
      $0.widthPx = 21
      $0.heightPx = 21
    }
    for y in 0..<21 {
      for x in 0..<21 where glyph.image[x, y].a > 0 {
        #expect(glyph.image[x, y].r >= 254, "pixel \(x),\(y) is \(glyph.image[x, y])")
      }
    }
    #expect(glyph.diagnostics.isEmpty)
    let up = try render(artwork) { $0.widthPx = 160 }
    #expect(
      up.diagnostics.descriptions == [
        "white.png: warning: upscaling a raster by 2.00x blurs it; give a larger PNG or an SVG"
      ])
  }
}

@Suite("Loading: references, entities and limits")
struct LoadingTests {
  @Test func brokenSVGNamesTheFile() throws {
    #expect {
      try load("<svg xmlns=\"http://www.w3.org/2000/svg\"><rect", name: "broken.svg")
    } throws: { error in
      "\(error)".hasPrefix("broken.svg: error: invalid SVG: ")
    }
  }

  @Test func stylesheetReferencesAreDroppedWithAWarning() throws {
    let pi = "<?xml-stylesheet href=\"../evil.css\"?>" + svg(width: "2", height: "2", body: "")
    let styled = try Artwork(
      data: Data(pi.utf8), path: "pi.svg", baseDirectory: URL(fileURLWithPath: "/tmp/x"))
    #expect(
      styled.diagnostics.descriptions == [
        "pi.svg: warning: dropped reference '../evil.css': it points outside the input's folder /tmp/x"
      ])
    let imported = svg(
      width: "2", height: "2",
      body: "<style>@import url('http://x.test/a.css');</style><rect width=\"2\" height=\"2\"/>")
    let artwork = try Artwork(
      data: Data(imported.utf8), path: "i.svg", baseDirectory: URL(fileURLWithPath: "/tmp/x"))
    #expect(
      artwork.diagnostics.descriptions == [
        "i.svg: warning: dropped reference 'http://x.test/a.css': network references are not loaded"
      ])
    #expect(try GlyphRenderer.render(artwork, options: RenderOptions()).image[1, 1].a == 255)
  }

  @Test func externalEntityIsRefused() throws {
    let source = """
      <?xml version="1.0"?><!DOCTYPE svg [<!ENTITY x SYSTEM "file:///etc/passwd">]>
      <svg xmlns="http://www.w3.org/2000/svg" width="4" height="4"><text>&x;</text></svg>
      """
    #expect {
      try load(source, name: "xxe.svg")
    } throws: { error in
      "\(error)"
        == "xxe.svg: error: refused reference '<!ENTITY x ...>': external entities are not loaded; inline the content"
    }
  }

  @Test func referencesOutsideTheFolderAreDroppedAndInsideAllowed() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let dot = svg(width: "2", height: "2", body: "<rect width=\"2\" height=\"2\"/>")
    try folder.write("inner/dot.svg", dot)
    try folder.write("outside.svg", dot)
    let image = { (href: String) in
      svg(width: "2", height: "2", body: "<image href=\"\(href)\" width=\"2\" height=\"2\"/>")
    }
    let inside = try folder.write("inner/in.svg", image("dot.svg"))
    let artwork = try Artwork(path: inside)
    #expect(try GlyphRenderer.render(artwork, options: RenderOptions()).image[1, 1].a == 255)
    // Outside the folder, to the network, or any file from stdin: never read, dropped with a
    // warning; the rest of the file renders.
    let outside = try folder.write(
      "inner/out.svg",
      svg(
        width: "2", height: "2",
        body: "<clipPath id=\"c\"><image href=\"../outside.svg\" width=\"2\" height=\"2\"/>"
          + "</clipPath><use href=\"https://x.test/a.svg#i\"/><rect width=\"1\" height=\"2\"/>"))
    let dropped = try Artwork(path: outside)
    let inner = folder.url.appendingPathComponent("inner").standardizedFileURL
      .resolvingSymlinksInPath().path
    #expect(
      dropped.diagnostics.descriptions == [
        "\(outside): warning: dropped reference '../outside.svg': it points outside the "
          + "input's folder \(inner)",
        "\(outside): warning: dropped reference 'https://x.test/a.svg#i': network references "
          + "are not loaded",
      ])
    let drawn = try GlyphRenderer.render(dropped, options: RenderOptions()).image
    #expect(drawn[0, 0].a == 255 && drawn[1, 1].a == 0)
    let fromStdin = try load(image("dot.svg"), name: "-")
    #expect(
      fromStdin.diagnostics.descriptions == [
        "-: warning: dropped reference 'dot.svg': an SVG read from stdin may not reference "
          + "files; pass it as a file"
      ])
    #expect(try GlyphRenderer.render(fromStdin, options: RenderOptions()).image[1, 1].a == 0)
  }

  @Test func svgOverTenMiBIsRefused() throws {
    let big = Data(repeating: 0x20, count: 10 * 1024 * 1024 + 1)
    #expect {
      try Artwork(data: big, path: "big.svg", baseDirectory: nil)
    } throws: { error in
      "\(error)" == "big.svg: error: too large: 10485761 bytes; SVG files are limited to 10 MiB"
    }
  }

  @Test func missingFileIsUnreadable() {
    #expect(throws: GlyphsmithError.unreadable(path: "/nonexistent/x.svg", reason: "no such file"))
    {
      try Artwork(path: "/nonexistent/x.svg")
    }
  }
}
