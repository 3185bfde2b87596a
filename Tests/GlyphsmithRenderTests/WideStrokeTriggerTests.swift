import Foundation
import Testing

@testable import GlyphsmithRender

/// Which written `stroke-width` values send an SVG through the pre-librsvg pass
/// (`SVGPreflight.mayHoldWideStroke`): only those that could pass `maximumStrokeWidth`
/// (1e6 px), so the ordinary stroked icon (Lucide's `stroke-width="2"`) is not parsed twice.
@Suite("stroke-width trigger of the pre-check")
struct WideStrokeTriggerTests {
  @Test(arguments: [
    (#"<path stroke-width="1e19" d="M0 0"/>"#, true),
    (#"<path stroke-width='2E7' d="M0 0"/>"#, true),
    (#"<path style="stroke-width: 100000" d="M0 0"/>"#, true),
    (#"<style>path { stroke-width:+12345.5 }</style>"#, true),
    (#"<svg stroke-width="2" stroke-linecap="round"/>"#, false),
    (#"<path stroke-width="9999.99in" d="M0 0"/>"#, false),
    (#"<path style="stroke-width:1.5px" d="M0 0"/>"#, false),
  ])
  func trigger(source: String, expected: Bool) {
    let data = Data(source.utf8)
    #expect(SVGPreflight.mayHoldWideStroke(data) == expected)
    #expect(SVGPreflight.needsPass(data) == expected)
  }
}
