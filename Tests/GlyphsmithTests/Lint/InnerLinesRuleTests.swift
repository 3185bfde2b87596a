import Foundation
import Testing

@testable import Glyphsmith

@Suite("lint rule inner-lines")
struct InnerLinesRuleTests {
  @Test("a ring with a 0.5 pt inner line gives inner-lines at 18 pt @1x only")
  func innerLine() throws {
    let report = try lint(ringWithBar, size: 18, scales: [1, 3])
    let inner = report.findings.filter { $0.rule == .innerLines }
    #expect(inner.count == 1)
    let finding = try #require(inner.first)
    #expect(finding.scale == 1)
    // By design (issue 16): an error at a tab bar size (was a warning); --scales names 1.
    #expect(finding.severity == .error)
    #expect(finding.limit == 1)
    #expect(finding.value > 0.35 && finding.value < 0.6)
    // The bar runs across the ring's hole at mid-height: 16 pt long, 1 px box high (+/- 1).
    let box = try #require(finding.box)
    #expect(box.width >= 14 && box.width <= 18)
    #expect(box.height <= 2)
    #expect(box.y == 8)
    // Located at the bar (line 3), not the ring around it (issue 11).
    #expect(finding.line == 3 && finding.column == 3)
    #expect(finding.message.hasPrefix("<rect>: a line inside the glyph"))
    // Without the bar: nothing.
    let ring = ringWithBar.replacingOccurrences(
      of: #"<rect x="1" y="8.75" width="16" height="0.5"/>"#, with: "")
    #expect(
      try lint(ring, size: 18, scales: [1, 3]).findings.filter { $0.rule == .innerLines } == [])
  }

  @Test("inner lines are errors for indicators")
  func innerLineIndicator() throws {
    let report = try lint(ringWithBar, role: .indicator, scales: [1])
    #expect(report.findings.contains { $0.rule == .innerLines && $0.severity == .error })
  }

  @Test("defaults: 1 px; error for the iOS roles at the scales they ship, else warning")
  func defaults() {
    #expect(defaultSeverities(.innerLines) == [.warning, .error, .error, .error])
    #expect(oneXSeverities(.innerLines) == [.warning, .info, .info, .info])
    #expect(LintDefaults.limit(.innerLines, role: .indicator, sizePt: 8) == 1)
    #expect(LintDefaults.limit(.innerLines, role: .tabBar, sizePt: 25) == 1)
    #expect(InnerLinesRule().thicknessReach(limit: 1.5) == 1.5)
  }
}

@Suite("pixel findings name the element (issue 11)")
struct PixelFindingLocationTests {
  @Test("a half-pixel hairline is reported at its element's line and column")
  func hairlineLocated() throws {
    let source = """
      <svg xmlns="http://www.w3.org/2000/svg" width="24" height="24" viewBox="0 0 24 24">
        <circle cx="6" cy="6" r="4"/>
        <g><symbol id="s" viewBox="0 0 20 1"><rect width="20" height="1"/></symbol></g>
          <use href="#s" x="2" y="16.5" width="20" height="1"/>
      </svg>
      """
    let found = try lint(source, role: .plain, size: 24, scales: [1]).findings.filter {
      $0.rule == .hairline
    }
    #expect(found.count == 1)
    #expect(found.first?.line == 4 && found.first?.column == 5)
    #expect(found.first?.message.hasPrefix("<use>: a 1 px line sits on a half pixel") == true)
  }

  @Test("data-glyphsmith-ignore on the element silences its pixel finding")
  func silencedOnTheElement() throws {
    let source = """
      <svg xmlns="http://www.w3.org/2000/svg" width="24" height="24" viewBox="0 0 24 24">
        <circle cx="6" cy="6" r="4"/>
        <rect x="2" y="16.5" width="20" height="1" data-glyphsmith-ignore="hairline"/>
      </svg>
      """
    #expect(
      try lint(source, role: .plain, size: 24, scales: [1]).findings.filter {
        $0.rule == .hairline
      } == [])
  }
}
