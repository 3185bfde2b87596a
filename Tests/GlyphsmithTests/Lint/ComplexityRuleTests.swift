import Foundation
import Testing

@testable import Glyphsmith

@Suite("lint rule complexity")
struct ComplexityRuleTests {
  @Test("twelve dots are too many parts for 25 pt; four are fine")
  func complexity() throws {
    func dots(_ count: Int) -> String {
      let body = (0..<count).map { i in
        "<circle cx=\"\(3 + (i % 4) * 6)\" cy=\"\(3 + (i / 4) * 6)\" r=\"2\"/>"
      }.joined()
      return "\(svgOpen) viewBox=\"0 0 24 24\">\(body)</svg>"
    }
    let many = try lint(dots(12), size: 25).findings.filter { $0.rule == .complexity }
    #expect(many.count == 1)
    #expect(many.first?.value == 12)
    #expect(many.first?.limit == 10)
    #expect(try lint(dots(4), size: 25).findings.filter { $0.rule == .complexity } == [])
    // At indicator size (8 pt: limit 3) four dots are an error.
    let small = try lint(dots(4), role: .indicator).findings.filter { $0.rule == .complexity }
    #expect(small.map(\.severity) == [.error])
    #expect(small.first?.limit == 3)
  }

  @Test("defaults: one feature per 2.5 pt, at least 1; error for indicators")
  func defaults() {
    #expect(defaultSeverities(.complexity) == [.warning, .warning, .warning, .error])
    #expect(LintDefaults.limit(.complexity, role: .tabBar, sizePt: 25) == 10)
    #expect(LintDefaults.limit(.complexity, role: .tabBar, sizePt: 18) == 7)
    #expect(LintDefaults.limit(.complexity, role: .indicator, sizePt: 8) == 3)
    #expect(LintDefaults.limit(.complexity, role: .plain, sizePt: 2) == 1)
  }
}
