import Foundation
import Testing

@testable import Glyphsmith

@Suite("lint rule detail-loss")
struct DetailLossRuleTests {
  @Test("a fine grating loses its detail at indicator size")
  func detailLoss() throws {
    let bars = (0..<8).map { "<rect x=\"\($0 * 3)\" y=\"0\" width=\"1.5\" height=\"24\"/>" }
      .joined()
    let source = "\(svgOpen) viewBox=\"0 0 24 24\">\(bars)</svg>"
    let report = try lint(source, role: .indicator, scales: [1])
    let loss = report.findings.filter { $0.rule == .detailLoss }
    #expect(loss.count == 1)
    #expect(loss.first?.severity == .warning)
    #expect((loss.first?.value ?? 0) > 0.35)
    #expect(try lint(filledCircle, role: .indicator, scales: [1]).findings == [])
  }

  @Test("defaults: 0.35; warning for indicators, else info")
  func defaults() {
    #expect(defaultSeverities(.detailLoss) == [.info, .info, .info, .warning])
    #expect(oneXSeverities(.detailLoss) == [.info, .info, .info, .info])
    #expect(LintDefaults.limit(.detailLoss, role: .tabBar, sizePt: 25) == 0.35)
  }
}
