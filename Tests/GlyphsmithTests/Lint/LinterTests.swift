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
        <path fill-rule="evenodd" d="M0 0H24V24H0Z M4 11.8H20V12.2H4Z"/>
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
}
