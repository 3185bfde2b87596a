import Foundation
import Testing

@testable import Glyphsmith

@Suite("lint rule invisible-paint")
struct InvisiblePaintRuleTests {
  @Test("elements that paint nothing give invisible-paint at their lines")
  func invisiblePaint() throws {
    let source = """
      \(svgOpen) viewBox="0 0 24 24">
        <defs><linearGradient id="g"><stop offset="0"/><stop offset="1" stop-color="#000"/></linearGradient></defs>
        <circle cx="12" cy="12" r="10"/>
        <rect x="2" y="2" width="0" height="4"/>
        <path opacity="0" d="M0 0H4V4Z"/>
        <path d="M2 22H22" stroke="url(#g)" stroke-width="2"/>
      </svg>
      """
    let found = try lint(source).findings.filter { $0.rule == .invisiblePaint }
    #expect(found.map(\.line) == [4, 5, 6])
    #expect(found.allSatisfy { $0.severity == .warning })
    #expect(found.last?.message.contains("objectBoundingBox") == true)
    // userSpaceOnUse gradients paint a flat line.
    let fixed = source.replacingOccurrences(
      of: #"<linearGradient id="g">"#,
      with: #"<linearGradient id="g" gradientUnits="userSpaceOnUse">"#)
    #expect(try lint(fixed).findings.filter { $0.rule == .invisiblePaint }.count == 2)
  }

  @Test("flat boxes: horizontal and vertical lines, polylines and H/V-only paths")
  func flatAxis() {
    func element(_ name: String, _ attributes: [String: String]) -> SVGOutline.Element {
      SVGOutline.Element(
        name: name, attributes: attributes, line: 1, column: 1, parent: nil, ignored: [])
    }
    #expect(
      InvisiblePaintRule.flatAxis(element("line", ["x1": "0", "y1": "2", "x2": "5", "y2": "2"]))
        == "height")
    #expect(
      InvisiblePaintRule.flatAxis(element("line", ["x1": "3", "y1": "0", "x2": "3", "y2": "9"]))
        == "width")
    #expect(InvisiblePaintRule.flatAxis(element("polyline", ["points": "0,1 4,1 9,1"])) == "height")
    #expect(InvisiblePaintRule.flatAxis(element("path", ["d": "M2 2V20"])) == "width")
    #expect(InvisiblePaintRule.flatAxis(element("path", ["d": "M2 2H20V4"])) == nil)
  }

  @Test("defaults: limit 0, a warning for every role")
  func defaults() {
    #expect(defaultSeverities(.invisiblePaint) == [.warning, .warning, .warning, .warning])
    #expect(LintDefaults.limit(.invisiblePaint, role: .plain, sizePt: 24) == 0)
  }
}
