import Foundation
import Testing

@testable import Glyphsmith

/// Nine levels of ten references each: 10^9 characters if expanded.
private let entityBomb: String = {
  let entities = (1..<10).map { i in
    "<!ENTITY a\(i) \"" + String(repeating: "&a\(i - 1);", count: 10) + "\">"
  }.joined()
  return """
    <?xml version="1.0"?><!DOCTYPE svg [<!ENTITY a0 "x">\(entities)]>
    <svg xmlns="http://www.w3.org/2000/svg" width="10" height="10">\
    <rect width="10" height="10"/><text id="&a9;">&a9;</text></svg>
    """
}()

private let deepNesting =
  "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"10\" height=\"10\">"
  + String(repeating: "<g>", count: 50_000) + "<rect width=\"10\" height=\"10\"/>"
  + String(repeating: "</g>", count: 50_000) + "</svg>"

/// `body`'s error text (or `finished`). How long hostile inputs take is measured by
/// bench/hostile (entity-bomb, deep-50k), beside rsvg-convert, never in a test.
private func outcome(_ body: () throws -> Void) -> String {
  do {
    try body()
    return "finished"
  } catch {
    return "\(error)"
  }
}

@Suite("lint's XML reading: positions on odd layouts, hostile inputs end fast")
struct LintXMLInputTests {
  /// (line, column) of each element's `<`, columns in characters.
  private func positions(_ source: String) throws -> [String] {
    try SVGOutline.parse(Data(source.utf8), path: "odd.svg").elements.map {
      "\($0.name) \($0.line):\($0.column)"
    }
  }

  /// Kept as XMLParser gave them, quirks included: the `<` is found walking back from libxml2's
  /// column used as a byte offset, so after multi-byte text a short tag keeps libxml2's own
  /// column (`path 1:37`, the `/` of `<path/>` counted in characters).
  @Test func outlinePositionsOnOddLayouts() throws {
    #expect(
      try positions(
        "<svg xmlns=\"http://www.w3.org/2000/svg\"\n  width=\"24\">\n  <path\n   d=\"M1 1\"/>\n</svg>"
      ) == ["svg 1:1", "path 3:3"])
    #expect(
      try positions("<svg>\r\n  <g>\r\n\t<path d=\"M1 1\"/>\r\n  </g>\r\n</svg>")
        == ["svg 1:1", "g 2:3", "path 3:2"])
    #expect(
      try positions("<svg>\n\t\t<path/>\t<rect/>\n</svg>") == ["svg 1:1", "path 2:3", "rect 2:11"])
    // The byte order mark counts as a character of line 1 (as it did with XMLParser).
    #expect(
      try positions("\u{FEFF}<svg>\n<path/><rect/>\n</svg>") == ["svg 1:2", "path 2:1", "rect 2:8"])
    #expect(
      try positions("<svg><desc>Ünï ☃ 日本 😀</desc>   <path/>\n<!-- é --><rect data-n=\"é☃\"/></svg>")
        == ["svg 1:1", "desc 1:6", "path 1:37", "rect 2:11"])
    #expect(
      try positions(
        "<svg>\n<style><![CDATA[ <path/> ]]></style><!-- <rect/> --><path/>\n</svg>")
        == ["svg 1:1", "style 2:1", "path 2:53"])
  }

  @Test func entityBombThroughLintEndsFastWithAClearError() {
    let message = outcome { _ = try lint(entityBomb) }
    #expect(message.hasPrefix("test.svg: error: invalid SVG: ") && message.contains("entity"))
    let outline = outcome {
      _ = try SVGOutline.parse(Data(entityBomb.utf8), path: "bomb.svg")
    }
    #expect(
      outline == "bomb.svg: error: invalid SVG: line 2: Detected an entity reference loop")
    #expect(SVGTextCheck.elements(in: Data(entityBomb.utf8)).count == 1)
    #expect(SymbolTemplateScan.scan(Data(entityBomb.utf8)).1 == "Detected an entity reference loop")
  }

  @Test func deepNestingThroughLintEndsFastWithAClearError() {
    let message = outcome { _ = try lint(deepNesting) }
    #expect(message.hasPrefix("test.svg: error: invalid SVG: ") && message.contains("depth"))
    let outline = outcome {
      _ = try SVGOutline.parse(Data(deepNesting.utf8), path: "deep.svg")
    }
    #expect(
      outline == "deep.svg: error: invalid SVG: line 1: elements nest deeper than 256 levels")
  }

  @Test func externalEntityIsAnErrorInTheOutline() {
    let source = """
      <?xml version="1.0"?><!DOCTYPE svg [<!ENTITY x SYSTEM "file:///etc/passwd">]>
      <svg xmlns="http://www.w3.org/2000/svg" width="4" height="4"><text>&x;</text></svg>
      """
    let outline = outcome { _ = try SVGOutline.parse(Data(source.utf8), path: "xxe.svg") }
    #expect(
      outline
        == "xxe.svg: error: invalid SVG: line 2: external entity 'x' is not loaded; inline the content"
    )
    // The read stops inside the <text>: no element is reported.
    #expect(SVGTextCheck.elements(in: Data(source.utf8)).isEmpty)
  }
}
