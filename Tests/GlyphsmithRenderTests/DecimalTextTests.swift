import Foundation
import Testing

@testable import GlyphsmithRender

/// `VectorPath.decimalText`: the numbers of every written path, built without a format
/// string, must be the text `String(format: "%.Nf")` with trailing zeros dropped gave.
@Suite("path numbers")
struct DecimalTextTests {
  /// The formatting `svgData` used before (the reference).
  static func reference(_ value: Double, decimals: Int) -> String {
    let scale = pow(10, Double(decimals))
    var rounded = (value * scale).rounded() / scale
    if rounded == 0 { rounded = 0 }
    var text = String(format: "%.\(decimals)f", rounded)
    if text.contains(".") {
      while text.hasSuffix("0") { text.removeLast() }
      if text.hasSuffix(".") { text.removeLast() }
    }
    return text
  }

  static func text(_ value: Double, _ decimals: Int) -> String {
    VectorPath.decimalText(value, decimals: decimals, scale: pow(10, Double(decimals)))
  }

  @Test func knownValues() {
    #expect(Self.text(0, 3) == "0")
    #expect(Self.text(-0.0004, 3) == "0")  // no "-0"
    #expect(Self.text(-0.0005, 3) == "-0.001")  // half away from zero
    #expect(Self.text(12.5, 3) == "12.5")
    #expect(Self.text(-3.14159, 3) == "-3.142")
    #expect(Self.text(0.05, 3) == "0.05")
    #expect(Self.text(7.0007, 3) == "7.001")
    #expect(Self.text(1_000_000, 2) == "1000000")
    #expect(Self.text(2.5, 0) == "3")
    #expect(Self.text(1e300, 3) == Self.reference(1e300, decimals: 3))  // the format fallback
  }

  @Test(arguments: [0, 1, 2, 3, 4, 6])
  func matchesTheFormatOverManyValues(decimals: Int) {
    var generator = SystemRandomNumberGenerator()
    var mismatches: [Double] = []
    for i in 0..<20_000 {
      let magnitude = [1.0, 30, 1024, 1e6, 1e9][i % 5]
      var value = Double.random(in: -magnitude...magnitude, using: &generator)
      // Halves and grid values, where rounding ties happen.
      if i % 3 == 0 { value = (value * 2000).rounded() / 2000 }
      if Self.text(value, decimals) != Self.reference(value, decimals: decimals) {
        mismatches.append(value)
      }
    }
    #expect(mismatches.isEmpty, "\(mismatches.prefix(5))")
  }
}
