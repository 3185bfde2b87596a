import Glyphsmith
import GlyphsmithTestSupport
import MyIcons
import Testing

// The examples of docs/testing.md, as written there.

@Test func badge() throws {
  let image: RGBAImage = try MyIcons.renderBadge()  // straight RGBA8 pixels
  assertGolden(image, named: "indicators/badge")  // golden/indicators/badge.png
}

@Test(arguments: [1.0, 2.0, 3.0])
func inboxTab(scale: Double) throws {
  let image = try MyIcons.inboxTab(scale: scale)
  assertGolden(image, named: "tabs/inbox@\(Int(scale))x")  // golden/tabs/inbox@2x.png ...
}

/// A helper that wraps `assertGolden` forwards its caller's location, so a failure points at
/// the test, not at the helper.
func checkIcon(
  _ image: RGBAImage, _ name: String, sourceLocation: SourceLocation = #_sourceLocation
) {
  assertGolden(image, named: name, sourceLocation: sourceLocation)
}

@Test func badgeThroughAHelper() throws {
  checkIcon(try MyIcons.renderBadge(120), "indicators/badge-99plus")
}

/// Pixels without a golden: the rendered image is plain data to assert on
/// (docs/testing.md, "Rendering an SVG into an RGBAImage").
@Test func inboxPixels() throws {
  let image = try MyIcons.inboxPixels(side: 48)  // 24 units at 2 px each
  #expect(image.width == 48 && image.height == 48)
  #expect(image[0, 0] == RGBA8(r: 0, g: 0, b: 0, a: 0))  // outside the tray: transparent
  #expect(image[24, 38] == RGBA8(r: 0, g: 0, b: 0, a: 255))  // the tray's bottom, y = 19
  #expect(try PNGCodec.encode(image).starts(with: [0x89, 0x50, 0x4E, 0x47]))  // "\u{89}PNG"
}
