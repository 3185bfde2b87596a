import Foundation
import Testing

@testable import Glyphsmith

@Suite("lint rule negative-space")
struct NegativeSpaceRuleTests {
  @Test("a 1 pt hole gives negative-space for indicators, not for tab bars")
  func holeIndicator() throws {
    let source = """
      \(svgOpen) viewBox="0 0 8 8"><path fill-rule="evenodd" d="M0 0H8V8H0Z M3.5 3.5H4.5V4.5H3.5Z"/></svg>
      """
    let indicator = try lint(source, role: .indicator)
    let holes = indicator.findings.filter { $0.rule == .negativeSpace }
    #expect(holes.count == 1)
    #expect(holes.first?.severity == .error)
    #expect(holes.first?.scale == 1)
    #expect(holes.first?.box == PixelBox(x: 3, y: 3, width: 2, height: 2))
    #expect(abs((holes.first?.value ?? 0) - 1) < 0.1)
    // At 23 pt (tab bar square) the hole is 2.9 pt across and stays open at every scale.
    #expect(try lint(source).findings.filter { $0.rule == .negativeSpace } == [])
  }

  @Test("a 0.5 pt slot closes at @1x and @2x of a tab bar glyph, not at @3x; 0.4 pt is a wedge")
  func holeCloses() throws {
    let source = """
      \(svgOpen) viewBox="0 0 24 24"><path fill-rule="evenodd" d="M0 0H24V24H0Z M4 11.75H20V12.25H4Z"/></svg>
      """
    // By design (issue 16): holes under 0.5 pt at their widest are left alone outside
    // indicators, so the 0.4 pt slot this test used (closing at @1x and @2x) reports nothing.
    let narrow = source.replacingOccurrences(of: "11.75H20V12.25", with: "11.8H20V12.2")
    #expect(try lint(narrow, size: 24).findings.filter { $0.rule == .negativeSpace } == [])
    let report = try lint(source, size: 24)
    let holes = report.findings.filter { $0.rule == .negativeSpace }
    #expect(holes.map(\.scale) == [1, 2])
    // By design (issue 16): @1x ships on no iOS device, so its finding is info; a hole that
    // fills in at @2x is an error for the tab bar.
    #expect(holes.map(\.severity) == [.info, .error])
    #expect(holes.allSatisfy { $0.limit == 1 && $0.count == 1 })
    #expect(holes.first.map { $0.value < 0.5 } == true)
  }

  @Test("defaults: 0 for indicators (every hole), else 1 px; error for indicators")
  func defaults() {
    #expect(defaultSeverities(.negativeSpace) == [.warning, .error, .error, .error])
    #expect(oneXSeverities(.negativeSpace) == [.warning, .info, .info, .error])
    #expect(LintDefaults.limit(.negativeSpace, role: .indicator, sizePt: 8) == 0)
    #expect(LintDefaults.limit(.negativeSpace, role: .toolbar, sizePt: 24) == 1)
  }
}
