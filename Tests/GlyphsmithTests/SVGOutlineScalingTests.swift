import Foundation
import Glyphsmith
import Testing

@Suite("lint's SVG outline on hostile layouts")
struct SVGOutlineScalingTests {
  @Test("10,000 elements on one line: every column right, in linear time")
  func manyElementsOnOneLine() throws {
    let count = 10_000
    let rect = "<rect width=\"1\" height=\"1\"/>"
    let head = "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 24 24\">"
    let text = head + String(repeating: rect, count: count) + "</svg>"
    let outline = try SVGOutline.parse(Data(text.utf8), path: "rects.svg")
    #expect(outline.elements.count == count + 1)
    #expect(outline.elements[1].column == head.count + 1)
    #expect(outline.elements[count].column == head.count + 1 + (count - 1) * rect.count)
    #expect(outline.elements.allSatisfy { $0.line == 1 })
    // Quadratic took 5.9 s for this; its time is bench/hostile's (rects-10k lint), never a
    // test's.
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
