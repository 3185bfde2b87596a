import FoundationEssentials
import Glibc
import GlyphsmithCore

/// A solid paint colour as Cairo's SVG surface writes it (`rgb(R%,G%,B%)` with
/// `fill-opacity` / `stroke-opacity`): sRGB components and alpha from 0 to 1, straight (not
/// premultiplied), the paint's opacity folded into `alpha`.
package struct PaintColor: Sendable, Hashable {
  /// Red, 0...1.
  package var red: Double
  /// Green, 0...1.
  package var green: Double
  /// Blue, 0...1.
  package var blue: Double
  /// Opacity, 0...1.
  package var alpha: Double

  /// A colour; see the properties.
  package init(red: Double, green: Double, blue: Double, alpha: Double = 1) {
    self.red = red
    self.green = green
    self.blue = blue
    self.alpha = alpha
  }

  /// Opaque black, SVG's default fill.
  package static let black = PaintColor(red: 0, green: 0, blue: 0)

  /// Parses Cairo's `rgb(R%,G%,B%)` (percentages, as its SVG surface writes them) with an
  /// opacity from 0 to 1; `nil` for anything else (`url(#...)`: a gradient or pattern).
  package init?(cairoSVG text: String, opacity: Double) {
    guard text.hasPrefix("rgb("), text.hasSuffix(")") else { return nil }
    let parts = text.dropFirst(4).dropLast().split(separator: ",").map(\.trimmingSpacesAndTabs)
    let values = parts.compactMap { part -> Double? in
      part.hasSuffix("%") ? Double(part.dropLast()).map { $0 / 100 } : Double(part).map { $0 / 255 }
    }
    guard values.count == 3 else { return nil }
    self.init(red: values[0], green: values[1], blue: values[2], alpha: opacity)
  }

  /// `#RRGGBB` (alpha left out), each component rounded to 8 bits.
  package var hexRGB: String {
    let digits = Array("0123456789ABCDEF".utf8)
    var bytes: [UInt8] = [UInt8(ascii: "#")]
    for v in [red, green, blue] {
      let byte = Int((min(max(v, 0), 1) * 255).rounded())
      bytes += [digits[byte >> 4], digits[byte & 15]]
    }
    return String(decoding: bytes, as: UTF8.self)
  }
}
