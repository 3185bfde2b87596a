import FoundationEssentials
import Glibc
import GlyphsmithCore

/// The shape iOS cuts an app icon to, for previews and for finding artwork the corners cut.
///
/// Apple does not publish the mask's path (the HIG, "App icons", shows a continuous-corner
/// rounded square and asks for square artwork that the system masks). It is taken here as the
/// superellipse |x/a|^5 + |y/a|^5 = 1 inscribed in the square, the curve the iOS 7 and later
/// icon outline is commonly measured to follow; it differs from Apple's continuous corner by
/// about 1 % of the side at most, which is below what a preview or a warning needs.
public enum AppIconMask {
  /// The superellipse exponent.
  public static let exponent = 5.0

  /// Points of the outline, clockwise from the right edge's middle, for a `side` px square
  /// with its origin at the top-left corner (1024 points: 256 a quadrant).
  public static func outline(side: Double) -> [(x: Double, y: Double)] {
    let half = side / 2
    let count = 1024
    return (0..<count).map { i in
      let t = Double(i) / Double(count) * 2 * Double.pi
      let c = cos(t)
      let s = sin(t)
      let x = half + half * (c < 0 ? -1 : 1) * pow(abs(c), 2 / exponent)
      let y = half + half * (s < 0 ? -1 : 1) * pow(abs(s), 2 / exponent)
      return (x, y)
    }
  }

  /// The mask's coverage of each px (0 outside, 255 inside, antialiased by Cairo) of a
  /// `side` x `side` px icon, row by row.
  /// - Throws: `RenderError` when Cairo cannot make the surface (a side of 1-16384 px works).
  public static func coverage(side: Int) throws -> [UInt8] {
    let canvas = try Canvas(width: side, height: side)
    canvas.fillPolygon(outline(side: Double(side)), color: .black)
    let image = try canvas.image()
    return stride(from: 3, to: image.pixels.count, by: 4).map { image.pixels[$0] }
  }

  /// `image` (square) with its alpha multiplied by the mask's coverage: what the home screen
  /// shows of it.
  /// - Throws: as `coverage(side:)`.
  public static func apply(to image: RGBAImage) throws -> RGBAImage {
    let mask = try coverage(side: image.width)
    var masked = image
    for (index, value) in mask.enumerated() where value < 255 {
      let alpha = index * 4 + 3
      masked.pixels[alpha] = UInt8((Int(masked.pixels[alpha]) * Int(value) + 127) / 255)
    }
    return masked
  }

  /// How much ink of `glyph` (a square render on transparent, before any flattening) the mask
  /// cuts away, in px of full coverage, were the glyph drawn scaled by `1 - 2 x padding`
  /// about the centre (`padding` a fraction of the side); `outside` lists the px the mask
  /// does not fully cover and their coverage (`partial(_:)`).
  static func cut(_ glyph: RGBAImage, outside: [(index: Int, coverage: UInt8)], padding: Double)
    -> Double
  {
    let side = glyph.width
    let centre = Double(side) / 2
    let factor = 1 - 2 * padding
    var total = 0
    for (index, covered) in outside {
      let x = index % side
      let y = index / side
      // The glyph px shown at (x, y), nearest.
      let gx = Int((centre + (Double(x) + 0.5 - centre) / factor).rounded(.down))
      let gy = Int((centre + (Double(y) + 0.5 - centre) / factor).rounded(.down))
      guard gx >= 0, gy >= 0, gx < side, gy < side else { continue }
      total += Int(glyph.pixels[(gy * side + gx) * 4 + 3]) * (255 - Int(covered))
    }
    return Double(total) / (255 * 255)
  }

  /// The px of `mask` (`coverage(side:)`) that are not fully covered, with their coverage.
  static func partial(_ mask: [UInt8]) -> [(index: Int, coverage: UInt8)] {
    mask.enumerated().filter { $0.element < 255 }.map { ($0.offset, $0.element) }
  }
}
