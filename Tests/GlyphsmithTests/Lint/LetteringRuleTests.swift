import Foundation
import Testing

@testable import Glyphsmith

@Suite("lint rule lettering")
struct LetteringRuleTests {
  /// A box with "ABcl" drawn as stroked paths under it.
  static let labelUnderBox = """
    \(svgOpen) viewBox="0 0 24 24" fill="none" stroke="black" stroke-width="1.5" \
    stroke-linecap="round" stroke-linejoin="round"><rect x="4" y="1" width="16" height="13" rx="2"/>\
    <path d="M3 23l1.5-5 1.5 5M3.6 21.2h1.8"/>\
    <path d="M9 18v5h1.2a1.2 1.2 0 0 0 0-2.5H9m0 0h1a1.2 1.2 0 0 0 0-2.5H9"/>\
    <path d="M17 19.5a1.6 1.6 0 1 0 0 3"/><path d="M20 18v5"/></svg>
    """

  @Test("letters drawn as paths under 6 pt tall: an error at compact size, not at regular")
  func lettering() throws {
    let compact = try lint(Self.labelUnderBox, compact: true).findings.filter {
      $0.rule == .lettering
    }
    #expect(compact.count == 1)
    let finding = try #require(compact.first)
    #expect(finding.severity == .error)
    #expect(finding.scale == 1)
    #expect(finding.value == 5.5)
    #expect(finding.limit == 6)
    #expect(finding.box == PixelBox(x: 0, y: 14, width: 16, height: 6))
    #expect(finding.message.hasPrefix("4 small separate shapes in a row"))
    #expect(try lint(Self.labelUnderBox).findings.filter { $0.rule == .lettering } == [])
  }

  @Test("a row of dots, rings or dashes is a pattern, not lettering")
  func patterns() throws {
    let dots = """
      \(svgOpen) viewBox="0 0 24 24"><circle cx="5" cy="12" r="2"/><circle cx="12" cy="12" r="2"/>\
      <circle cx="19" cy="12" r="2"/><rect x="2" y="2" width="20" height="3"/></svg>
      """
    let rings = dots.replacingOccurrences(
      of: "r=\"2\"/>", with: "r=\"2\" fill=\"none\" stroke=\"black\"/>")
    let dashes = """
      \(svgOpen) viewBox="0 0 24 24"><path d="M2 12h4M10 12h4M18 12h4M2 2h20" stroke="black"/></svg>
      """
    for source in [dots, rings, dashes] {
      #expect(
        try lint(source, role: .indicator).findings.filter { $0.rule == .lettering } == [])
    }
  }

  @Test("the modules of a QR code are grid cells, not letters (Calibration/own/qr-grid.svg)")
  func qrModules() throws {
    let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .appendingPathComponent("Calibration/own/qr-grid.svg")
    let source = try String(contentsOf: url, encoding: .utf8)
    for compact in [false, true] {
      let report = try lint(source, compact: compact)
      #expect(report.findings.filter { $0.rule == .lettering } == [])
    }
  }

  @Test("defaults: 6 pt; error for the iOS roles, warning for plain")
  func defaults() {
    #expect(defaultSeverities(.lettering) == [.warning, .error, .error, .error])
    #expect(oneXSeverities(.lettering) == [.warning, .error, .error, .error])
    #expect(LintDefaults.limit(.lettering, role: .indicator, sizePt: 8) == 6)
  }
}
