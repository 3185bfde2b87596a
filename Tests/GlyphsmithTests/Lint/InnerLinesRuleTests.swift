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
    #expect(finding.line == nil)
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
