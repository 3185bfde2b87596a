import Foundation
import Testing

@testable import Glyphsmith

@Suite("lint rule unpinned-font")
struct UnpinnedFontRuleTests {
  @Test("a font-family naming no pinned font is reported as info, inherited ones too")
  func unpinned() throws {
    let source = """
      \(svgOpen) viewBox="0 0 24 24">
        <circle cx="12" cy="12" r="10"/>
        <g font-family="Helvetica, Arial">
          <text x="4" y="20" font-size="10">A</text>
        </g>
        <text x="4" y="10" style="font-size: 6px; font-family: 'Inter', serif">B</text>
        <text x="4" y="12" font-family="sans-serif" font-size="6">C</text>
      </svg>
      """
    let findings = try lint(source).findings.filter { $0.rule == .unpinnedFont }
    #expect(findings.count == 1)
    #expect(findings.first?.line == 4)
    #expect(findings.first?.severity == .info)
    #expect(
      findings.first?.message.hasPrefix(
        "<text> (line 4): font-family 'Helvetica, Arial' is not a pinned font") == true)
    // Info never fails lint, indicators included.
    let indicator = try lint(source, role: .indicator).findings.filter {
      $0.rule == .unpinnedFont
    }
    #expect(indicator.map(\.severity) == [.info])
  }

  @Test("silenced per element like every structural rule")
  func silenced() throws {
    let source = """
      \(svgOpen) viewBox="0 0 24 24">
        <circle cx="12" cy="12" r="10"/>
        <text data-glyphsmith-ignore="unpinned-font" x="4" y="20" font-family="Comic Sans MS">A</text>
      </svg>
      """
    #expect(try lint(source).findings.filter { $0.rule == .unpinnedFont } == [])
  }

  @Test("defaults: limit 0; info for every role")
  func defaults() {
    #expect(defaultSeverities(.unpinnedFont) == [.info, .info, .info, .info])
  }
}
