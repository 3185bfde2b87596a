import Foundation
import Testing

@testable import Glyphsmith

@Suite("lint rule off-centre")
struct OffCentreRuleTests {
  @Test("a lopsided glyph is off-centre; a plain canvas filled to its edge touches it")
  func offCentre() throws {
    let triangle = "\(svgOpen) viewBox=\"0 0 24 24\"><path d=\"M0 0H24L0 24Z\"/></svg>"
    let found = try lint(triangle).findings.filter { $0.rule == .offCentre }
    #expect(found.count == 1)
    #expect(found.first?.severity == .info)
    #expect(abs((found.first?.value ?? 0) - 1 / 6) < 0.02)
    let full = "\(svgOpen) viewBox=\"0 0 24 24\"><rect width=\"24\" height=\"24\"/></svg>"
    let edge = try lint(full, role: .plain, size: 24, scales: [1]).findings
      .filter { $0.rule == .offCentre }
    #expect(edge.map(\.rule) == [.offCentre])
    #expect(edge.first?.severity == .warning)
    #expect(edge.first?.value == 92)
  }

  @Test("a configured severity applies to the edge finding too")
  func edgeSeverity() throws {
    let full = "\(svgOpen) viewBox=\"0 0 24 24\"><rect width=\"24\" height=\"24\"/></svg>"
    let config = LintConfig(rules: ["off-centre": .init(severity: .error)])
    let edge = try lint(full, role: .plain, size: 24, scales: [1], config: config).findings
      .filter { $0.rule == .offCentre }
    #expect(edge.map(\.severity) == [.error])
  }

  @Test("defaults: 0.12 of the side, info for every role")
  func defaults() {
    #expect(defaultSeverities(.offCentre) == [.info, .info, .info, .info])
    #expect(LintDefaults.limit(.offCentre, role: .plain, sizePt: 24) == 0.12)
  }
}
