import Foundation
import Testing

@testable import Glyphsmith

@Suite("lint rule thin-strokes")
struct ThinStrokesRuleTests {
  /// A check mark drawn with a 0.35 unit stroke on a 24 unit canvas.
  static let hairCheck = """
    \(svgOpen) viewBox="0 0 24 24"><polyline points="3,13 9,19 21,5" fill="none" stroke="black" \
    stroke-width="0.35" stroke-linecap="round" stroke-linejoin="round"/></svg>
    """

  @Test("a 0.35 pt check at compact size: an error at @2x, info at @1x, its two arms merged")
  func hairCheck() throws {
    let report = try lint(Self.hairCheck, compact: true)
    let thin = report.findings.filter { $0.rule == .thinStrokes }
    #expect(thin.map(\.scale) == [1, 2])
    #expect(thin.map(\.severity) == [.info, .error])
    #expect(thin.map(\.limit) == [1, 1])
    let atTwo = try #require(thin.last)
    #expect(abs(atTwo.value - 0.86) < 0.01)
    #expect(atTwo.count == 2)
    #expect(atTwo.box == PixelBox(x: 0, y: 0, width: 46, height: 36))
  }

  @Test("a bold stroke, and thin ink bordering a hole (inner-lines), are not thin strokes")
  func boldAndInner() throws {
    let bold = Self.hairCheck.replacingOccurrences(of: "0.35", with: "2.5")
    #expect(try lint(bold, compact: true).findings.filter { $0.rule == .thinStrokes } == [])
    let ring = try lint(ringWithBar, size: 18, scales: [1, 3])
    #expect(ring.findings.filter { $0.rule == .thinStrokes } == [])
    #expect(ring.findings.contains { $0.rule == .innerLines })
  }

  /// A filled arrow-like shape whose right end narrows to a sharp point (as Bootstrap's
  /// `reply-fill` and `twitter` tips do).
  static let taperedTip = """
    \(svgOpen) viewBox="0 0 24 24"><path d="M2 10 H12 L23 12 L12 14 H2 Z"/></svg>
    """

  @Test("a filled shape narrowing to a point is a tip, not a thin stroke: info at most")
  func taperedTip() throws {
    let thin = try lint(Self.taperedTip).findings.filter { $0.rule == .thinStrokes }
    #expect(!thin.isEmpty)
    #expect(thin.allSatisfy { $0.severity == .info })
  }

  @Test("the slivers a slash cuts from a filled shape (Heroicons bookmark-slash) are tips")
  func slashSliver() throws {
    let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .appendingPathComponent("Calibration/heroicons/bookmark-slash.svg")
    let report = try lint(String(contentsOf: url, encoding: .utf8))
    let thin = report.findings.filter { $0.rule == .thinStrokes }
    #expect(thin.map(\.scale) == [1, 2, 3])
    #expect(thin.allSatisfy { $0.severity == .info })
  }

  @Test("defaults: 1 px; error for the iOS roles at the scales they ship, else warning")
  func defaults() {
    #expect(defaultSeverities(.thinStrokes) == [.warning, .error, .error, .error])
    #expect(oneXSeverities(.thinStrokes) == [.warning, .info, .info, .info])
    #expect(LintDefaults.limit(.thinStrokes, role: .tabBar, sizePt: 25) == 1)
  }
}
