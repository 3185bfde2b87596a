import Foundation
import Testing

@testable import Glyphsmith

@Suite("lint rule complexity")
struct ComplexityRuleTests {
  /// `count` parts of distinct shapes on a 4-column grid 6 units apart: circles and squares
  /// of six sizes (each 20 % larger than the last).
  static func shapes(_ count: Int) -> String {
    let body = (0..<count).map { i in
      let r = 1.0 * pow(1.2, Double(i / 2))
      let cx = 3 + (i % 4) * 6
      let cy = 3 + (i / 4) * 6
      return i % 2 == 0
        ? "<circle cx=\"\(cx)\" cy=\"\(cy)\" r=\"\(r)\"/>"
        : "<rect x=\"\(Double(cx) - r)\" y=\"\(Double(cy) - r)\" "
          + "width=\"\(2 * r)\" height=\"\(2 * r)\"/>"
    }.joined()
    return "\(svgOpen) viewBox=\"0 0 24 24\">\(body)</svg>"
  }

  @Test("a grid of one repeated dot counts as one shape (by design, issue 16)")
  func repeated() throws {
    let body = (0..<12).map { i in
      "<circle cx=\"\(3 + (i % 4) * 6)\" cy=\"\(3 + (i / 4) * 6)\" r=\"2\"/>"
    }.joined()
    let grid = "\(svgOpen) viewBox=\"0 0 24 24\">\(body)</svg>"
    #expect(try lint(grid, compact: true).findings.filter { $0.rule == .complexity } == [])
    #expect(try lint(grid, role: .indicator).findings.filter { $0.rule == .complexity } == [])
  }

  @Test("twelve distinct shapes are too many for a 17 pt glyph, not for 25 pt; four are fine")
  func complexity() throws {
    func dots(_ count: Int) -> String { Self.shapes(count) }
    // By design (issue 16) a tab bar glyph holds one part or hole per 1.5 pt (was 2.5): the
    // twelve shapes pass at 25 pt (limit 16) and fail at 17 pt, the compact square (limit 11).
    #expect(try lint(dots(12), size: 25).findings.filter { $0.rule == .complexity } == [])
    let many = try lint(dots(12), size: 17).findings.filter { $0.rule == .complexity }
    #expect(many.count == 1)
    #expect(many.first?.value == 12)
    #expect(many.first?.limit == 11)
    #expect(many.first?.severity == .warning)
    #expect(try lint(dots(4), size: 25).findings.filter { $0.rule == .complexity } == [])
    // At indicator size (8 pt: limit 3) four dots are an error.
    let small = try lint(dots(4), role: .indicator).findings.filter { $0.rule == .complexity }
    #expect(small.map(\.severity) == [.error])
    #expect(small.first?.limit == 3)
  }

  @Test("defaults: one feature per 1.5 pt (indicators: 2.5 pt), at least 1; error for indicators")
  func defaults() {
    #expect(defaultSeverities(.complexity) == [.warning, .warning, .warning, .error])
    #expect(LintDefaults.limit(.complexity, role: .tabBar, sizePt: 25) == 16)
    #expect(LintDefaults.limit(.complexity, role: .tabBar, sizePt: 17) == 11)
    #expect(LintDefaults.limit(.complexity, role: .indicator, sizePt: 8) == 3)
    #expect(LintDefaults.limit(.complexity, role: .tabBar, sizePt: 18) == 12)
    #expect(LintDefaults.limit(.complexity, role: .plain, sizePt: 2) == 1)
  }
}
