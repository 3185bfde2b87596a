import Foundation
import Testing

@testable import Glyphsmith

@Suite("lint rule registry")
struct LintRegistryTests {
  @Test("the first ten documented rules keep their order; ids are distinct")
  func ids() {
    let documented = [
      "inner-lines", "negative-space", "text", "complexity", "hairline", "detail-loss",
      "invisible-paint", "template-colour", "off-centre", "renderer-limitation",
    ]
    // New rules may come anywhere; these stay, in this order (docs/lint.md, JSON order).
    #expect(LintRule.allCases.map(\.rawValue).filter(documented.contains) == documented)
    #expect(Set(LintRule.allCases).count == LintRegistry.rules.count)
    #expect(LintRule.allCases.sorted() == LintRule.allCases)
    #expect(LintRule.hairline < LintRule.offCentre)
    #expect(!(LintRule.offCentre < LintRule.hairline))
  }

  @Test("the rules whose pixel findings are located say so in their check")
  func located() {
    #expect(PixelFindingLocator.located == [.innerLines, .hairline, .negativeSpace, .detailLoss])
  }

  @Test("ids read back from text and JSON; unknown ids are refused")
  func rawValues() throws {
    for rule in LintRule.allCases {
      #expect(LintRule(rawValue: rule.rawValue) == rule)
      let data = try JSONEncoder().encode([rule])
      #expect(String(decoding: data, as: UTF8.self) == "[\"\(rule.rawValue)\"]")
      #expect(try JSONDecoder().decode([LintRule].self, from: data) == [rule])
    }
    #expect(LintRule(rawValue: "inner-line") == nil)
    #expect(throws: DecodingError.self) {
      try JSONDecoder().decode([LintRule].self, from: Data(#"["inner-line"]"#.utf8))
    }
  }

  @Test("the help's rules list: ids from column 3, summaries from column 23")
  func helpText() throws {
    let lines = LintRuleIndex.helpText.split(separator: "\n").map(String.init)
    #expect(
      lines.first == "  inner-lines          lines inside the glyph thinner than 1 px at a scale")
    #expect(
      lines.contains(
        "  renderer-limitation  SVG features librsvg 2.54 draws differently from browsers"))
    // A summary's second line aligns under its first.
    let invisible = try #require(lines.firstIndex { $0.hasPrefix("  invisible-paint ") })
    #expect(
      lines[invisible + 1]
        == String(repeating: " ", count: 23) + "objectBoundingBox units on a flat shape)")
    #expect(lines.allSatisfy { $0.count <= 88 })
    for rule in LintRule.allCases {
      #expect(lines.contains { $0.hasPrefix("  \(rule.rawValue) ") })
    }
  }

  @Test("the severity column follows each rule's defaults")
  func severityText() throws {
    func text(_ rule: LintRule) throws -> String {
      LintRegistry.severityText(try #require(LintRegistry.check(rule)))
    }
    let oneX = "; info at @1x for the iOS roles unless `--scales` names 1"
    #expect(
      try text(.innerLines) == "warning for `plain`; error for `tab-bar`, `toolbar`, `indicator`"
        + oneX)
    #expect(try text(.detailLoss) == "warning for `indicator`, else info" + oneX)
    #expect(try text(.hairline) == "warning" + oneX)
    #expect(try text(.complexity) == "error for `indicator`, else warning")
    #expect(LintRegistry.markdownTable.contains("| `off-centre` |"))
    #expect(LintRegistry.markdownTable.contains("| see left |\n"))
  }

  @Test("markers: the table between them is replaced, the text around it kept")
  func updating() throws {
    let document = "# t\n\nbefore\n<!-- rules:begin -->\nold\n<!-- rules:end -->\nafter\n"
    let updated = try #require(LintRegistry.updatingDocument(document))
    #expect(
      updated
        == "# t\n\nbefore\n<!-- rules:begin -->\n" + LintRegistry.markdownTable
        + "<!-- rules:end -->\nafter\n")
    #expect(LintRegistry.updatingDocument(updated) == updated)
    #expect(LintRegistry.updatingDocument("no markers") == nil)
    #expect(LintRegistry.updatingDocument("<!-- rules:end --> <!-- rules:begin -->") == nil)
  }

  /// Regenerate with `scripts/update-generated`.
  @Test("docs/lint.md's rules table is the one the registry generates")
  func docsAreCurrent() throws {
    let file = GeneratedFile(path: "docs/lint.md")
    let updated = try #require(
      LintRegistry.updatingDocument(try file.read()),
      "docs/lint.md lacks the \(LintRegistry.markers.begin) / \(LintRegistry.markers.end) markers")
    try file.expectCurrent(updated, what: "the rules table")
  }
}
