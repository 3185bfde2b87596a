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

  @Test(
    "style reads Cairo's declarations as splitting did",
    arguments: [
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

  /// The reading `pathData` did before (the reference): a `String` per token.
  static func referencePathData(_ d: String) -> VectorPath {
    var elements: [PathElement] = []
    var numbers: [Double] = []
    var command: UInt8? = nil
    func flush() {
      guard let command else { return }
      func p(_ i: Int) -> PathPoint { PathPoint(x: numbers[i], y: numbers[i + 1]) }
      switch command {
      case UInt8(ascii: "M") where numbers.count >= 2: elements.append(.move(p(0)))
      case UInt8(ascii: "L") where numbers.count >= 2: elements.append(.line(p(0)))
      case UInt8(ascii: "C") where numbers.count >= 6: elements.append(.curve(p(0), p(2), p(4)))
      case UInt8(ascii: "Z"): elements.append(.close)
      default: break
      }
      numbers = []
    }
    let bytes = Array(d.utf8)
    func isSeparator(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x0A || byte == 0x09 }
    var start = 0
    while start < bytes.count {
      if isSeparator(bytes[start]) {
        start += 1
        continue
      }
      var end = start
      while end < bytes.count && !isSeparator(bytes[end]) { end += 1 }
      let byte = bytes[start]
      if end == start + 1, (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte) {
        flush()
        command = byte
      } else {
        let token = String(decoding: bytes[start..<end], as: UTF8.self)
        if token.count == 1, let letter = token.first, letter.isLetter {
          flush()
          command = 0
        } else if let value = Double(token) {
          numbers.append(value)
        }
      }
      start = end
    }
    flush()
    return VectorPath(elements)
  }

  @Test(
    "path data reads as the String-per-token reader did",
    arguments: [
      "M 12 2 L 12.5 -3.25 C 1 2 3 4 5 6 Z M 1e2 7\n L 0.000001 2\tZ q 1 2 3 4 é 5 6",
      "M 1 2 L 3 4 x 5 6 L 7 8", "M 1 2 \u{301}3 L 4 5 Z", "M 1 2 ١ L 3 4", "M 1 2 3 4 5 6",
      "M 10.5 .5 L -.5e1 +3 Z", "M inf -inf L 1 2", "", "   ", "M1 2 L 3 4", "M 1 2 \r L 3 4",
      "C 1 2 3 4 5 L 6 7", "Z Z M 0 0 Z", "M 1 2 é L 3 4 ÉÉ 5 6 L 7 8",
    ])
  func pathDataAsBefore(d: String) {
    #expect(CairoSVGReader.pathData(d).elements == Self.referencePathData(d).elements)
  }

  /// The reading `matrix` did before (the reference): `Character`-based.
  static func referenceMatrix(_ text: String) -> [Double]? {
    guard text.hasPrefix("matrix("), text.hasSuffix(")") else { return nil }
    let numbers = text.dropFirst(7).dropLast().split { $0 == "," || $0 == " " }.compactMap {
      Double($0)
    }
    return numbers.count == 6 ? numbers : nil
  }

  @Test(
    "matrix reads Cairo's transforms as the Character-based split did",
    arguments: [
      "matrix(1,0,0,1,0,0)", "matrix(0.707107,0.707107,-0.707107,0.707107,12.5,-3)",
      "matrix(1, 0, 0, 1, 2, 3)", "matrix(1,,0,0,1,2,3)", "matrix(1,0,0,1,2)",
      "matrix(1,0,0,1,2,3,4)", "matrix(1,0,0,1,2,x)", "matrix(1,0,0,1,2,3", "scale(2)",
      "matrix()", "matrix(1e2,0,0,1E-2,-0,.5)", "matrix(1,0,0,1,2,3)\u{301}",
      "matrix(\u{301}1,0,0,1,2,3)", "matrix(é,1,0,0,1,2,3)", "",
    ])
  func matrix(text: String) {
    #expect(CairoSVGReader.matrix(text) == Self.referenceMatrix(text))
  }

  @Test func matrixValues() {
    #expect(CairoSVGReader.matrix("matrix(0.5,0,0,-2,10.25,3)") == [0.5, 0, 0, -2, 10.25, 3])
    #expect(CairoSVGReader.matrix("matrix(1,0,0,1,2)") == nil)
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
