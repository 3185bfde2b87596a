import Foundation
import Testing

@testable import GlyphsmithRender

/// The byte-level readers of Cairo's SVG (`CairoSVGReader.style`, `.pathData`) and
/// `SVGDocument.rootSizeAttributes` give exactly what the `Character`-based ones they
/// replaced gave (issue 34: those cost 5.7 % of an `assets --format svg` run).
@Suite("Cairo SVG reader")
struct CairoSVGReaderTests {
  /// The reading `style` did before (the reference).
  static func referenceStyle(_ text: String) -> [String: String] {
    var result: [String: String] = [:]
    for item in text.split(separator: ";") {
      let parts = item.split(separator: ":", maxSplits: 1)
      guard parts.count == 2 else { continue }
      result[String(parts[0].trimmingSpacesAndTabs)] = String(parts[1].trimmingSpacesAndTabs)
    }
    return result
  }

  @Test("style reads Cairo's declarations as splitting did", arguments: [
    "fill:none;stroke-width:2;stroke-linecap:round;stroke-linejoin:round;stroke:rgb(0%,0%,0%);stroke-opacity:1;stroke-miterlimit:4;",
    "fill-rule:evenodd;fill:rgb(100%,50.196078%,0%);fill-opacity:0.5;",
    " fill : none ;;\tstroke:\turl(#linear-pattern-0) ;",
    "k:;:v;a:b:c;novalue;;",
    "font-family:Noto Sans;é:ü;",
    "",
  ])
  func style(text: String) {
    #expect(CairoSVGReader.style(text) == Self.referenceStyle(text))
  }

  @Test("path data: moves, lines, curves and closes with their numbers")
  func pathData() {
    let path = CairoSVGReader.pathData(
      "M 12 2 L 12.5 -3.25 C 1 2 3 4 5 6 Z M 1e2 7\n L 0.000001 2\tZ q 1 2 3 4 é 5 6")
    #expect(
      path.elements == [
        .move(PathPoint(x: 12, y: 2)), .line(PathPoint(x: 12.5, y: -3.25)),
        .curve(PathPoint(x: 1, y: 2), PathPoint(x: 3, y: 4), PathPoint(x: 5, y: 6)), .close,
        .move(PathPoint(x: 100, y: 7)), .line(PathPoint(x: 0.000001, y: 2)), .close,
      ])
  }

  @Test("root width and height are found by whole attribute name only")
  func rootSize() {
    let svg = Data(
      #"<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" stroke-width="2" width = ' 50% ' height="-10"><rect width="1"/></svg>"#
        .utf8)
    let found = SVGDocument.rootSizeAttributes(svg, containing: "%")
    #expect(found.map(\.name) == ["width", "height"])
    #expect(found.map(\.value) == ["50%", "-10"])
    #expect(SVGDocument.rootHasPercentSize(svg))
    #expect(SVGDocument.rootNegativeSize(svg) == #"height="-10""#)
    #expect(SVGDocument.rootSizeAttributes(Data("<svg width=\"5\">".utf8), containing: "%").isEmpty)
  }
}
