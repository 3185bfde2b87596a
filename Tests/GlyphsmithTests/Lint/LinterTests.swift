import Foundation
import Testing

@testable import Glyphsmith

@Suite("Lint engine")
struct LinterTests {
  @Test(
    "a filled circle is clean at every size and role",
    arguments: [Role.tabBar, .toolbar, .indicator, .plain], [8.0, 12, 18, 25, 48])
  func filledCircleIsClean(role: Role, size: Double) throws {
    let report = try lint(filledCircle, role: role, size: size)
    #expect(report.findings == [])
    #expect(report.sizePt == size)
  }

  @Test("findings are sorted by rule (registry order), then scale")
  func order() throws {
    let source = """
      \(svgOpen) viewBox="0 0 24 24">
        <path fill-rule="evenodd" d="M0 0H24V24H0Z M4 11.75H20V12.25H4Z"/>
        <text x="4" y="20" font-size="10">A</text>
      </svg>
      """
    let findings = try lint(source, size: 24).findings
    #expect(findings.map(\.rule) == findings.map(\.rule).sorted())
    #expect(findings.map(\.rule).contains(.negativeSpace))
    #expect(findings.map(\.rule).contains(.text))
    let hole = try #require(findings.firstIndex { $0.rule == .negativeSpace })
    let text = try #require(findings.firstIndex { $0.rule == .text })
    #expect(hole < text)
  }

  @Test("identical findings merge into one with a count and the union of their boxes")
  func merging() {
    func finding(_ x: Int, value: Double = 0.5, scale: Int = 2) -> LintFinding {
      LintFinding(
        rule: .innerLines, severity: .error, message: "m", scale: scale,
        box: PixelBox(x: x, y: 4, width: 2, height: 3), value: value, limit: 1)
    }
    let merged = Linter.merged([finding(10), finding(2), finding(6, value: 0.7), finding(20)])
    #expect(merged.count == 2)
    #expect(merged[0].count == 3)
    #expect(merged[0].box == PixelBox(x: 2, y: 4, width: 20, height: 3))
    #expect(merged[1].count == 1)
    #expect(merged[1].box == PixelBox(x: 6, y: 4, width: 2, height: 3))
    // Another scale, or a structural finding on another line, stays apart.
    #expect(Linter.merged([finding(1), finding(1, scale: 3)]).map(\.count) == [1, 1])
    let a = LintFinding(
      rule: .text, severity: .warning, message: "t", line: 3, scale: 1, value: 1, limit: 0)
    var b = a
    b.line = 5
    #expect(Linter.merged([a, b]).count == 2)
    #expect(Linter.merged([a, a]).map(\.count) == [2])
  }

  @Test("@1x findings are info for the iOS roles unless --scales names 1")
  func oneXInfo() throws {
    let shipped = try lint(ringWithBar, size: 18, scales: [1, 2, 3], scalesExplicit: false)
    let inner = shipped.findings.filter { $0.rule == .innerLines }
    #expect(inner.map(\.scale) == [1])
    #expect(inner.map(\.severity) == [.info])
    let asked = try lint(ringWithBar, size: 18, scales: [1, 2, 3], scalesExplicit: true)
    #expect(asked.findings.filter { $0.rule == .innerLines }.map(\.severity) == [.error])
    // plain ships what it is asked for.
    let plain = try lint(ringWithBar, role: .plain, size: 18, scalesExplicit: false)
    #expect(plain.findings.filter { $0.rule == .innerLines }.map(\.severity) == [.warning])
    #expect(LintDefaults.ships(scale: 1, role: .tabBar, scalesExplicit: false) == false)
    #expect(LintDefaults.ships(scale: 2, role: .indicator, scalesExplicit: false))
    #expect(LintDefaults.ships(scale: 1, role: .plain, scalesExplicit: false))
  }

  @Test("compact selects the compact tab bar sizes")
  func compact() throws {
    #expect(try lint(filledCircle, compact: true).sizePt == 18)
    #expect(try lint(filledCircle).sizePt == 25)
  }
}
