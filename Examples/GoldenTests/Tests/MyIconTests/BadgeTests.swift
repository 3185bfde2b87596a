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
