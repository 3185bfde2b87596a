import Foundation
import Testing

@testable import Glyphsmith

@Suite("lint rule renderer-limitation")
struct RendererLimitationRuleTests {
  @Test("features librsvg 2.54 draws differently give renderer-limitation")
  func rendererLimitation() throws {
    let source = """
      \(svgOpen) xmlns:xlink="http://www.w3.org/1999/xlink" viewBox="0 0 24 24">
        <symbol id="s" viewBox="0 0 10 10"><circle cx="5" cy="5" r="5"/></symbol>
        <clipPath id="c"><rect width="20" height="20" transform="rotate(5)"/></clipPath>
        <linearGradient id="g" xlink:href="#missing"/>
        <use href="#s" width="24" height="24" clip-path="url(#c)"/>
      </svg>
      """
    let found = try lint(source).findings.filter { $0.rule == .rendererLimitation }
    #expect(found.map(\.line) == [3, 4, 5])
    #expect(try lint(filledCircle).findings.filter { $0.rule == .rendererLimitation } == [])
  }

  @Test("a gradient href chain that loops is reported at the gradient")
  func recursiveGradient() throws {
    let source = """
      \(svgOpen) viewBox="0 0 24 24">
        <linearGradient id="a" href="#b"/>
        <linearGradient id="b" href="#a"/>
        <circle cx="12" cy="12" r="10"/>
      </svg>
      """
    let found = try lint(source).findings.filter { $0.rule == .rendererLimitation }
    #expect(found.map(\.line) == [2, 3])
    #expect(found.allSatisfy { $0.message.contains("is recursive") })
  }

  @Test("defaults: limit 0, a warning for every role")
  func defaults() {
    #expect(defaultSeverities(.rendererLimitation) == [.warning, .warning, .warning, .warning])
    #expect(LintDefaults.limit(.rendererLimitation, role: .indicator, sizePt: 8) == 0)
  }
}
