import Foundation
import Testing

@testable import Glyphsmith

@Suite("lint rule template-colour")
struct TemplateColourRuleTests {
  @Test("two colours in a template role give template-colour; not for plain")
  func templateColour() throws {
    let source = """
      \(svgOpen) viewBox="0 0 24 24">
        <circle cx="12" cy="8" r="6" fill="#000"/>
        <rect x="4" y="16" width="16" height="6" style="fill: red"/>
      </svg>
      """
    let found = try lint(source).findings.filter { $0.rule == .templateColour }
    #expect(found.count == 1)
    #expect(found.first?.value == 2)
    #expect(found.first?.line == 3)
    #expect(try lint(source, role: .plain).findings.filter { $0.rule == .templateColour } == [])
    // currentColor with the default colour and black are one colour.
    let one = """
      \(svgOpen) viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="2">
        <circle cx="12" cy="12" r="8"/><path d="M4 4L20 20" stroke="black"/>
      </svg>
      """
    #expect(try lint(one).findings.filter { $0.rule == .templateColour } == [])
  }

  @Test("colours are compared normalised: #000, black and rgb(0,0,0) are one")
  func normalise() {
    #expect(SVGOutline.normalise("#000") == "#000000")
    #expect(SVGOutline.normalise(" Black ") == "#000000")
    #expect(SVGOutline.normalise("rgb(255, 0, 0)") == "#ff0000")
    #expect(SVGOutline.normalise("#ABCDEF") == "#abcdef")
  }

  @Test("defaults: one colour, a warning for every role")
  func defaults() {
    #expect(defaultSeverities(.templateColour) == [.warning, .warning, .warning, .warning])
    #expect(LintDefaults.limit(.templateColour, role: .tabBar, sizePt: 25) == 1)
  }
}
