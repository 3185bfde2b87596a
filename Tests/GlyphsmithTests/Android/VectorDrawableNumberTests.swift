import Foundation
import GlyphsmithRender
import Testing

@testable import Glyphsmith

/// Issue 36: `VectorDrawableWriter.pathData` and `number` write into one byte buffer; the text
/// is exactly what the `String`-joining writer they replaced wrote (kept here as the
/// reference), for every kind of number and element.
@Suite("VectorDrawable numbers and path data as bytes")
struct VectorDrawableNumberTests {
  /// The number writer before (the reference).
  static func referenceNumber(_ value: Double) -> String {
    let thousandths = Int((abs(value) * 1000).rounded())
    guard thousandths != 0 else { return "0" }
    var text = (value < 0 ? "-" : "") + String(thousandths / 1000)
    var fraction = thousandths % 1000
    if fraction != 0 {
      var digits = 3
      while fraction % 10 == 0 {
        fraction /= 10
        digits -= 1
      }
      let padded = String(fraction)
      text += "." + String(repeating: "0", count: digits - padded.count) + padded
    }
    return text
  }

  /// The path data writer before (the reference).
  static func referencePathData(_ path: VectorPath) -> String {
    var out: [String] = []
    func pair(_ p: PathPoint) -> String { referenceNumber(p.x) + "," + referenceNumber(p.y) }
    for subpath in path.subpaths {
      for element in subpath.elements {
        switch element {
        case .move(let p): out.append("M " + pair(p))
        case .line(let p): out.append("L " + pair(p))
        case .curve(let a, let b, let c):
          out.append("C " + pair(a) + " " + pair(b) + " " + pair(c))
        case .close: out.append("Z")
        }
      }
    }
    return out.joined(separator: " ")
  }

  @Test(arguments: [
    0, -0.0, 0.0004, -0.0004, 0.0005, -0.0005, 0.001, 0.01, 0.1, 0.5, 1, -1, 3, 10, 12.125,
    -12.125, 0.05, 0.007, 1.0005, 99.9995, 1000, 123456.789, -0.0096, 2.1, 24, 21.999,
  ])
  func numbersAsBefore(value: Double) {
    #expect(VectorDrawableWriter.number(value) == Self.referenceNumber(value))
  }

  @Test func exactNumbers() {
    #expect(VectorDrawableWriter.number(0.05) == "0.05")
    #expect(VectorDrawableWriter.number(-12.125) == "-12.125")
    #expect(VectorDrawableWriter.number(0.007) == "0.007")
    #expect(VectorDrawableWriter.number(-0.0004) == "0")
    #expect(VectorDrawableWriter.number(1000) == "1000")
  }

  /// Many numbers spread over magnitudes and signs (a fixed linear congruential sequence).
  @Test func spreadNumbersAsBefore() {
    var state: UInt64 = 0x9E37_79B9_7F4A_7C15
    var differing: [Double] = []
    for _ in 0..<20_000 {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      let unit = Double(state >> 11) / Double(1 << 53)
      let value = (unit - 0.5) * pow(10, Double(Int(state % 7)) - 2)
      if VectorDrawableWriter.number(value) != Self.referenceNumber(value) {
        differing.append(value)
      }
    }
    #expect(differing.isEmpty)
  }

  @Test func pathDataAsBefore() {
    let path = VectorPath([
      .move(PathPoint(x: 1, y: 2.5)), .line(PathPoint(x: -3.25, y: 0.0004)),
      .curve(PathPoint(x: 1, y: 2), PathPoint(x: 3.001, y: 4), PathPoint(x: 5, y: -6)), .close,
      .move(PathPoint(x: 10, y: 10)), .line(PathPoint(x: 12, y: 10)), .close,
    ])
    #expect(VectorDrawableWriter.pathData(path) == Self.referencePathData(path))
    #expect(
      VectorDrawableWriter.pathData(path)
        == "M 1,2.5 L -3.25,0 C 1,2 3.001,4 5,-6 Z M 10,10 L 12,10 Z")
    #expect(VectorDrawableWriter.pathData(VectorPath([])) == "")
  }
}
