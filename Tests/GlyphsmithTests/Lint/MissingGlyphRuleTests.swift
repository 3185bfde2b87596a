import Foundation
import Testing

@testable import Glyphsmith

@Suite("lint rule missing-glyph")
struct MissingGlyphRuleTests {
  static let source = """
    \(svgOpen) viewBox="0 0 24 24">
      <circle cx="12" cy="12" r="10"/>
      <text id="han" x="4" y="20" font-family="Inter" font-size="10">A&#x4E2D;&#x4E2D;</text>
      <text x="4" y="10" font-family="Inter" font-size="6">ok</text>
    </svg>
    """

  @Test("an uncovered character gives one finding naming the element and the character")
  func missingGlyph() throws {
    let findings = try lint(Self.source).findings.filter { $0.rule == .missingGlyph }
    #expect(findings.count == 1)
    #expect(findings.first?.line == 3 && findings.first?.column == 3)
    #expect(findings.first?.severity == .warning)
    #expect(findings.first?.value == 1)
    #expect(
      findings.first?.message.hasPrefix(
        "<text id=\"han\">: no pinned font has a glyph for U+4E2D '中'; it draws as a box") == true)
    let indicator = try lint(Self.source, role: .indicator).findings.filter {
      $0.rule == .missingGlyph
    }
    #expect(indicator.map(\.severity) == [.error])
  }

  @Test("covered text, emoji and text in <defs> are left alone")
  func coveredText() throws {
    let source = """
      \(svgOpen) viewBox="0 0 24 24">
        <defs><text id="t">&#x4E2D;</text></defs>
        <circle cx="12" cy="12" r="10"/>
        <text x="2" y="20" font-size="8">Hé &#x05E9; &#x1F600;</text>
      </svg>
      """
    #expect(try lint(source).findings.filter { $0.rule == .missingGlyph } == [])
    #expect(try lint(filledCircle).findings.filter { $0.rule == .missingGlyph } == [])
  }

  @Test("defaults: limit 0; error for indicators, else warning")
  func defaults() {
    #expect(defaultSeverities(.missingGlyph) == [.warning, .warning, .warning, .error])
    #expect(LintDefaults.limit(.missingGlyph, role: .tabBar, sizePt: 25) == 0)
  }
}
