import Foundation
import Testing

@testable import Glyphsmith

@Suite("Lint silencing and config")
struct LintConfigTests {
  private let textGlyph = """
    \(svgOpen) viewBox="0 0 24 24">
      <circle cx="12" cy="12" r="10"/>
      <text x="4" y="20" font-size="10" data-glyphsmith-ignore="text">A</text>
      <!-- glyphsmith-ignore: text -->
      <text x="4" y="10" font-size="10">B</text>
      <text x="4" y="14" font-size="10">C</text>
    </svg>
    """

  @Test("an attribute or a comment silences one element")
  func silencing() throws {
    let found = try lint(textGlyph).findings.filter { $0.rule == .text }
    #expect(found.map(\.line) == [6])
  }

  @Test("a file comment silences a pixel rule for the file")
  func fileSilencing() throws {
    let source = """
      \(svgOpen) width="18" height="18" viewBox="0 0 18 18">
        <!-- glyphsmith-ignore-file: hairline off-centre -->
        <rect x="2" y="2" width="14" height="6"/><rect x="2" y="12.5" width="14" height="1"/>
      </svg>
      """
    #expect(try lint(source, role: .plain).findings == [])
  }

  @Test("config overrides severities and limits, by rule and by role")
  func overrides() throws {
    var config = LintConfig(rules: ["text": .init(severity: .off)])
    #expect(try lint(textGlyph, config: config).findings.filter { $0.rule == .text } == [])
    config = LintConfig(rules: ["text": .init(severity: .error)])
    #expect(
      try lint(textGlyph, config: config).findings.first { $0.rule == .text }?.severity == .error)
    config = LintConfig(roles: ["tab-bar": ["complexity": .init(limit: 0)]])
    let complexity = try lint(filledCircle, config: config).findings
    #expect(complexity.map(\.rule) == [.complexity])
    #expect(complexity.first?.value == 1)
    #expect(try lint(filledCircle, role: .toolbar, config: config).findings == [])
  }

  @Test("config files are read and checked")
  func configFile() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let good = try folder.write(
      "good.json", #"{"rules": {"detail-loss": {"severity": "off", "limit": 0.5}}}"#)
    let config = try LintConfig.load(path: good)
    #expect(config.rules["detail-loss"] == .init(severity: .off, limit: 0.5))
    let unknown = try folder.write("bad.json", #"{"rules": {"inner-line": {"limit": 2}}}"#)
    #expect(throws: GlyphsmithError.self) { try LintConfig.load(path: unknown) }
    let malformed = try folder.write("worse.json", #"{"rules": {"text": {"severity": "loud"}}}"#)
    #expect(throws: GlyphsmithError.self) { try LintConfig.load(path: malformed) }
    // glyphsmith.json next to a file applies to it.
    try folder.write("glyphsmith.json", #"{"rules": {"text": {"severity": "off"}}}"#)
    let file = try folder.write("icon.svg", textGlyph)
    var options = LintOptions()
    options.scales = [1]
    #expect(
      try Linter.lint(path: file, options: options).report.findings.filter { $0.rule == .text }
        == [])
  }

  @Test("the JSON report has the issue's shape, nulls kept")
  func json() throws {
    let report = LintReport(files: [try lint(textGlyph, scales: [1])])
    let data = try XcodeJSON.encode(report)
    let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    #expect(object["version"] as? Int == 1)
    let files = try #require(object["files"] as? [[String: Any]])
    #expect(Set(files[0].keys) == ["path", "role", "sizePt", "findings"])
    let findings = try #require(files[0]["findings"] as? [[String: Any]])
    let text = try #require(findings.first { $0["rule"] as? String == "text" })
    #expect(
      Set(text.keys) == [
        "rule", "severity", "message", "line", "column", "scale", "box", "value", "limit",
        "count",
      ])
    #expect(text["count"] as? Int == 1)
    #expect(text["box"] is NSNull)
    #expect(text["line"] as? Int == 6)
  }

  @Test("diagnostics are in the compiler form")
  func diagnostic() throws {
    let finding = try #require(try lint(textGlyph).findings.first { $0.rule == .text })
    #expect(
      finding.diagnostic(path: "a/b.svg").hasPrefix(
        "a/b.svg:6:3: warning: [text] <text> in an icon"))
  }

  @Test("explain pictures are the enlarged render beside the real size")
  func explain() throws {
    let result = try Linter.lint(
      data: Data(ringWithBar.utf8), path: "ring.svg", baseDirectory: nil,
      options: {
        var o = LintOptions()
        o.sizePt = 18
        o.scales = [1]
        o.config = LintConfig()
        return o
      }())
    let finding = try #require(result.report.findings.first { $0.rule == .innerLines })
    let render = try #require(result.renders[1])
    let picture = try LintExplain.picture(render, finding: finding)
    let factor = LintExplain.enlargedSide / (render.width + 2)
    #expect(picture.width == 16 * 3 + (render.width + 2) * factor + render.width + 8)
    // The mark's outline is red just above the box (the enlarged render has a 1 px margin).
    let box = try #require(finding.box)
    let x = 16 + (box.x + 1) * factor + 2
    let y = 16 + (box.y + 1) * factor - 2
    #expect(picture[x, y] == LintExplain.markColour)
    // Inside the box the enlarged pixels are tinted, not pure black or white.
    let inside = picture[x + 2, y + 4]
    #expect(inside.r > inside.g)
    #expect(LintExplain.fileName(result.report, index: 0).hasPrefix("ring-"))
  }
}
