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
