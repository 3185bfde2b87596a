import Foundation
import Testing

@testable import Glyphsmith

@Suite("lint rule text")
struct TextRuleTests {
  @Test("<text> gives text with its line and column; error for indicators")
  func text() throws {
    let source = """
      \(svgOpen) viewBox="0 0 24 24">
        <circle cx="12" cy="12" r="10"/>
        <text x="4" y="20" font-size="10">A</text>
      </svg>
      """
    let tab = try lint(source).findings.filter { $0.rule == .text }
    #expect(tab.count == 1)
    #expect(tab.first?.line == 3)
    #expect(tab.first?.column == 3)
    #expect(tab.first?.severity == .warning)
    #expect(tab.first?.scale == 1)
    let indicator = try lint(source, role: .indicator, scales: [2, 3]).findings.filter {
      $0.rule == .text
    }
    #expect(indicator.map(\.severity) == [.error])
    #expect(indicator.first?.scale == 2)
    #expect(try lint(filledCircle).findings.filter { $0.rule == .text } == [])
  }

  @Test("<text> inside <defs> is not drawn and not reported")
  func textInDefs() throws {
    let source = """
      \(svgOpen) viewBox="0 0 24 24">
        <defs><text id="t" x="4" y="20">A</text></defs>
        <circle cx="12" cy="12" r="10"/>
      </svg>
      """
    #expect(try lint(source).findings.filter { $0.rule == .text } == [])
  }

  @Test("defaults: limit 0; error for indicators, else warning")
  func defaults() {
    #expect(defaultSeverities(.text) == [.warning, .warning, .warning, .error])
    #expect(LintDefaults.limit(.text, role: .tabBar, sizePt: 25) == 0)
  }
}
