import Foundation
import Testing

@testable import Glyphsmith

@Suite("lint rule hairline")
struct HairlineRuleTests {
  @Test("a 1 px line on a half pixel gives hairline at @1x only")
  func hairline() throws {
    let source = """
      \(svgOpen) width="18" height="18" viewBox="0 0 18 18">
        <rect x="2" y="2" width="14" height="6"/><rect x="2" y="12.5" width="14" height="1"/>
      </svg>
      """
    let lines = try lint(source, role: .plain).findings.filter { $0.rule == .hairline }
    #expect(lines.count == 1)
    #expect(lines.first?.scale == 1)
    #expect(lines.first?.box == PixelBox(x: 2, y: 12, width: 14, height: 2))
    #expect(abs((lines.first?.value ?? 0) - 0.5) < 0.02)
    // On whole pixels the same line is crisp.
    let crisp = source.replacingOccurrences(of: "y=\"12.5\"", with: "y=\"12\"")
    #expect(try lint(crisp, role: .plain).findings.filter { $0.rule == .hairline } == [])
  }

  @Test("defaults: coverage 0.75, a warning for every role; thickness read up to 1.25 px")
  func defaults() {
    #expect(defaultSeverities(.hairline) == [.warning, .warning, .warning, .warning])
    #expect(oneXSeverities(.hairline) == [.warning, .info, .info, .info])
    #expect(LintDefaults.limit(.hairline, role: .indicator, sizePt: 8) == 0.75)
    #expect(HairlineRule().thicknessReach(limit: 0.75) == 1.25)
  }
}
