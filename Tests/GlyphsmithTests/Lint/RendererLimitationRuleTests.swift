import Foundation
import Testing

@testable import Glyphsmith

@Suite("lint rule renderer-limitation")
struct RendererLimitationRuleTests {
  @Test("what librsvg 2.54 still draws differently after normalisation is reported")
  func rendererLimitation() throws {
    let source = """
      \(svgOpen) xmlns:xlink="http://www.w3.org/1999/xlink" viewBox="0 0 24 24">
        <symbol id="s"><circle cx="5" cy="5" r="5"/></symbol>
        <symbol id="v" viewBox="0 0 10 10"><circle cx="5" cy="5" r="5"/></symbol>
        <mask id="m"><rect width="24" height="24" fill="#fff"/></mask>
        <linearGradient id="g" xlink:href="other.svg#g"/>
        <use href="#s" width="24" height="24" mask="url(#m)"/>
        <use href="#v" x="1mm" width="24" height="24"/>
      </svg>
      """
    let found = try lint(source).findings.filter { $0.rule == .rendererLimitation }
    #expect(found.map(\.line) == [4, 5, 6, 7])
    #expect(found[0].message.hasPrefix("<mask>: librsvg 2.54 draws mask edges"))
    #expect(found[2].message.hasPrefix("<use> of a <symbol> without a viewBox"))
    #expect(found[3].message.hasPrefix("<use> of a <symbol> placed with units"))
    #expect(try lint(filledCircle).findings.filter { $0.rule == .rendererLimitation } == [])
  }

  @Test("what the normalisation fixes is no longer reported")
  func normalisedFeaturesAreQuiet() throws {
    let source = """
      \(svgOpen) xmlns:xlink="http://www.w3.org/1999/xlink" viewBox="0 0 24 24">
        <symbol id="s" viewBox="0 0 10 10" opacity="0.5"><circle cx="5" cy="5" r="5"/></symbol>
        <svg id="n" width="10" height="10"><rect width="10" height="10"/></svg>
        <clipPath id="c"><rect width="20" height="20" transform="rotate(5)" clip-path="url(#d)"/>
        </clipPath><clipPath id="d"><rect width="9" height="9"/></clipPath>
        <linearGradient id="a" href="#b"/><linearGradient id="b" href="#a"/>
        <linearGradient id="x" xlink:href="#missing"/>
        <use href="#s" width="24" height="24" clip-path="url(#c)"/>
        <use href="#n" x="2" y="2"/>
      </svg>
      """
    #expect(try lint(source).findings.filter { $0.rule == .rendererLimitation } == [])
  }

  @Test("defaults: limit 0, a warning for every role")
  func defaults() {
    #expect(defaultSeverities(.rendererLimitation) == [.warning, .warning, .warning, .warning])
    #expect(LintDefaults.limit(.rendererLimitation, role: .indicator, sizePt: 8) == 0)
  }
}
