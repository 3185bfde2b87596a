import CRsvg
import Foundation
import Testing

@testable import GlyphsmithRender

@Suite("librsvg's error messages, as a person reads them")
struct GErrorBridgeTests {
  @Test func xmlErrorsNameLineAndColumn() {
    #expect(
      GErrorBridge.readable(
        "XML parse error: Error domain 1 code 77 on line 1 column 74 of data: Premature end of data in tag svg line 1"
      ) == "XML parse error at line 1, column 74: Premature end of data in tag svg line 1")
    // Other messages, and look-alikes without numbers, stay as librsvg wrote them.
    #expect(GErrorBridge.readable("Error reading data") == "Error reading data")
    #expect(
      GErrorBridge.readable("Error domain x code 1 on line a column b of data: m")
        == "Error domain x code 1 on line a column b of data: m")
  }

  /// Issue 23: cairo out of the isolation's memory and FreeType's refusal of a huge glyph
  /// are costs past a budget, not invalid files.
  @Test(arguments: [
    (
      "rendering error: NoMemory",
      "rendering ran out of memory (--max-memory); simplify the file or raise --max-memory"
    ),
    (
      "rendering error: FreetypeError",
      "text too large for FreeType at this scale (glyphs past about 20,000 px); use a smaller "
        + "font-size or scale"
    ),
  ])
  func budgetFailuresReadAsTooLarge(message: String, what: String) {
    #expect(throws: RenderError.tooLarge(path: "a.svg", what: what)) {
      _ = try GErrorBridge.callSVG(path: "a.svg") { error -> Int32 in
        error.pointee = g_error_new_literal(g_quark_from_string("rsvg"), 0, message)
        return 0
      }
    }
  }

  @Test func aTruncatedFileSaysWhereItEnds() throws {
    let truncated = Data(
      #"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24"><path d="M1 1"#.utf8)
    #expect(
      throws: RenderError.invalidSVG(
        path: "t.svg",
        message: "XML parse error at line 1, column 74: Premature end of data in tag svg line 1")
    ) {
      _ = try SVGDocument(data: truncated, path: "t.svg", baseDirectory: nil)
    }
  }
}
