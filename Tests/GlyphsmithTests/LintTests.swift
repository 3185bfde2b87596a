import Foundation
import Testing

@testable import Glyphsmith

/// Lints SVG source held in memory.
private func lint(
  _ source: String, role: Role = .tabBar, size: Double? = nil, scales: [Int] = [1, 2, 3],
  config: LintConfig = LintConfig()
) throws -> LintFileReport {
  var options = LintOptions()
  options.role = role
  options.sizePt = size
  options.scales = scales
  options.config = config
  return try Linter.lint(
    data: Data(source.utf8), path: "test.svg", baseDirectory: nil, options: options
  ).report
}

private func rules(_ report: LintFileReport) -> [String] {
  report.findings.map(\.rule.rawValue)
}

private let svgOpen = #"<svg xmlns="http://www.w3.org/2000/svg""#

/// A filled circle: the glyph every rule must leave alone.
private let filledCircle = """
  \(svgOpen) viewBox="0 0 24 24"><circle cx="12" cy="12" r="10"/></svg>
  """

/// A 2 pt ring across 18 pt with a 0.5 pt bar through it (the issue's inner-line case).
private let ringWithBar = """
  \(svgOpen) viewBox="0 0 18 18">
    <circle cx="9" cy="9" r="8" fill="none" stroke="black" stroke-width="2"/>
    <rect x="1" y="8.75" width="16" height="0.5"/>
  </svg>
  """

@Suite("Lint rules")
struct LintRuleTests {
  @Test(
    "a filled circle is clean at every size and role",
    arguments: [Role.tabBar, .toolbar, .indicator, .plain], [8.0, 12, 18, 25, 48])
  func filledCircleIsClean(role: Role, size: Double) throws {
    let report = try lint(filledCircle, role: role, size: size)
    #expect(report.findings == [])
    #expect(report.sizePt == size)
  }

  @Test("a ring with a 0.5 pt inner line gives inner-lines at 18 pt @1x only")
  func innerLine() throws {
    let report = try lint(ringWithBar, size: 18, scales: [1, 3])
    let inner = report.findings.filter { $0.rule == .innerLines }
    #expect(inner.count == 1)
    let finding = try #require(inner.first)
    #expect(finding.scale == 1)
    #expect(finding.severity == .warning)
    #expect(finding.limit == 1)
    #expect(finding.value > 0.35 && finding.value < 0.6)
    // The bar runs across the ring's hole at mid-height: 16 pt long, 1 px box high (+/- 1).
    let box = try #require(finding.box)
    #expect(box.width >= 14 && box.width <= 18)
    #expect(box.height <= 2)
    #expect(box.y == 8)
    #expect(finding.line == nil)
    // Without the bar: nothing.
    let ring = ringWithBar.replacingOccurrences(
      of: #"<rect x="1" y="8.75" width="16" height="0.5"/>"#, with: "")
    #expect(
      try lint(ring, size: 18, scales: [1, 3]).findings.filter { $0.rule == .innerLines } == [])
  }

  @Test("inner lines are errors for indicators")
  func innerLineIndicator() throws {
    let report = try lint(ringWithBar, role: .indicator, scales: [1])
    #expect(report.findings.contains { $0.rule == .innerLines && $0.severity == .error })
  }

  @Test("<text> gives text with its line and column; error for indicators")
  func text() throws {
    let source = """
      \(svgOpen) viewBox="0 0 24 24">
        <circle cx="12" cy="12" r="10"/>
        <text x="4" y="20" font-size="10">A</text>
      </svg>
      """
    let tab = try lint(source).findings.filter { $0.rule == .text }
    #expect(tab.count == 1)
    #expect(tab.first?.line == 3)
    #expect(tab.first?.column == 3)
    #expect(tab.first?.severity == .warning)
    #expect(tab.first?.scale == 1)
    let indicator = try lint(source, role: .indicator, scales: [2, 3]).findings.filter {
      $0.rule == .text
    }
    #expect(indicator.map(\.severity) == [.error])
    #expect(indicator.first?.scale == 2)
    #expect(try lint(filledCircle).findings.filter { $0.rule == .text } == [])
  }

  @Test("a 1 pt hole gives negative-space for indicators, not for tab bars")
  func holeIndicator() throws {
    let source = """
      \(svgOpen) viewBox="0 0 8 8"><path fill-rule="evenodd" d="M0 0H8V8H0Z M3.5 3.5H4.5V4.5H3.5Z"/></svg>
      """
    let indicator = try lint(source, role: .indicator)
    let holes = indicator.findings.filter { $0.rule == .negativeSpace }
    #expect(holes.count == 1)
    #expect(holes.first?.severity == .error)
    #expect(holes.first?.scale == 1)
    #expect(holes.first?.box == PixelBox(x: 3, y: 3, width: 2, height: 2))
    #expect(abs((holes.first?.value ?? 0) - 1) < 0.1)
    // At 23 pt (tab bar square) the hole is 2.9 pt across and stays open at every scale.
    #expect(try lint(source).findings.filter { $0.rule == .negativeSpace } == [])
  }

  @Test("a 0.4 pt slot closes at @1x and @2x of a tab bar glyph, not at @3x")
  func holeCloses() throws {
    let source = """
      \(svgOpen) viewBox="0 0 24 24"><path fill-rule="evenodd" d="M0 0H24V24H0Z M4 11.8H20V12.2H4Z"/></svg>
      """
    let report = try lint(source, size: 24)
    let holes = report.findings.filter { $0.rule == .negativeSpace }
    #expect(holes.map(\.scale) == [1, 2])
    #expect(holes.allSatisfy { $0.severity == .warning && $0.limit == 1 })
    #expect(holes.first.map { $0.value < 0.5 } == true)
  }

  @Test("a 1 px line on a half pixel gives hairline at @1x only")
  func hairline() throws {
    let source = """
      \(svgOpen) width="18" height="18" viewBox="0 0 18 18">
        <rect x="2" y="2" width="14" height="6"/><rect x="2" y="12.5" width="14" height="1"/>
      </svg>
      """
    let lines = try lint(source, role: .plain).findings.filter { $0.rule == .hairline }
    #expect(lines.count == 1)
    #expect(lines.first?.scale == 1)
    #expect(lines.first?.box == PixelBox(x: 2, y: 12, width: 14, height: 2))
    #expect(abs((lines.first?.value ?? 0) - 0.5) < 0.02)
    // On whole pixels the same line is crisp.
    let crisp = source.replacingOccurrences(of: "y=\"12.5\"", with: "y=\"12\"")
    #expect(try lint(crisp, role: .plain).findings.filter { $0.rule == .hairline } == [])
  }

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

  @Test("elements that paint nothing give invisible-paint at their lines")
  func invisiblePaint() throws {
    let source = """
      \(svgOpen) viewBox="0 0 24 24">
        <defs><linearGradient id="g"><stop offset="0"/><stop offset="1" stop-color="#000"/></linearGradient></defs>
        <circle cx="12" cy="12" r="10"/>
        <rect x="2" y="2" width="0" height="4"/>
        <path opacity="0" d="M0 0H4V4Z"/>
        <path d="M2 22H22" stroke="url(#g)" stroke-width="2"/>
      </svg>
      """
    let found = try lint(source).findings.filter { $0.rule == .invisiblePaint }
    #expect(found.map(\.line) == [4, 5, 6])
    #expect(found.allSatisfy { $0.severity == .warning })
    #expect(found.last?.message.contains("objectBoundingBox") == true)
    // userSpaceOnUse gradients paint a flat line.
    let fixed = source.replacingOccurrences(
      of: #"<linearGradient id="g">"#,
      with: #"<linearGradient id="g" gradientUnits="userSpaceOnUse">"#)
    #expect(try lint(fixed).findings.filter { $0.rule == .invisiblePaint }.count == 2)
  }

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

  @Test("a lopsided glyph is off-centre; a plain canvas filled to its edge touches it")
  func offCentre() throws {
    let triangle = "\(svgOpen) viewBox=\"0 0 24 24\"><path d=\"M0 0H24L0 24Z\"/></svg>"
    let found = try lint(triangle).findings.filter { $0.rule == .offCentre }
    #expect(found.count == 1)
    #expect(found.first?.severity == .info)
    #expect(abs((found.first?.value ?? 0) - 1 / 6) < 0.02)
    let full = "\(svgOpen) viewBox=\"0 0 24 24\"><rect width=\"24\" height=\"24\"/></svg>"
    let edge = try lint(full, role: .plain, size: 24, scales: [1]).findings
    #expect(edge.map(\.rule) == [.offCentre])
    #expect(edge.first?.severity == .warning)
    #expect(edge.first?.value == 92)
  }

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
}

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
      ])
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

@Suite("lint's SVG outline on hostile layouts")
struct SVGOutlineScalingTests {
  @Test("10,000 elements on one line: every column right, in linear time")
  func manyElementsOnOneLine() throws {
    let count = 10_000
    let rect = "<rect width=\"1\" height=\"1\"/>"
    let head = "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 24 24\">"
    let text = head + String(repeating: rect, count: count) + "</svg>"
    let start = Date()
    let outline = try SVGOutline.parse(Data(text.utf8), path: "rects.svg")
    let seconds = Date().timeIntervalSince(start)
    #expect(outline.elements.count == count + 1)
    #expect(outline.elements[1].column == head.count + 1)
    #expect(outline.elements[count].column == head.count + 1 + (count - 1) * rect.count)
    #expect(outline.elements.allSatisfy { $0.line == 1 })
    // Quadratic took 5.9 s for this; linear is well under one.
    #expect(seconds < 3)
  }

  @Test("columns count characters, not bytes, after multi-byte text")
  func columnsCountCharacters() throws {
    let text = "<svg xmlns=\"http://www.w3.org/2000/svg\"><desc>ééé</desc><rect/><rect/></svg>"
    let outline = try SVGOutline.parse(Data(text.utf8), path: "x.svg")
    #expect(outline.elements.map(\.column) == [1, 41, 57, 64])
  }

  @Test("bytes that are not UTF-8 are an invalid SVG, not a trap")
  func invalidUTF8() {
    let data = Data([0x3C, 0x61, 0xF2, 0x2F, 0x3E, 0x68, 0x72, 0x65, 0x66])
    #expect(throws: GlyphsmithError.self) { try SVGOutline.parse(data, path: "bad.svg") }
  }
}
