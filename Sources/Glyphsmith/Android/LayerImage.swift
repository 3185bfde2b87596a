import FoundationEssentials
import Glibc
import GlyphsmithCore

/// Pixel operations on straight-alpha RGBA8 images for launcher layers: `over` (Porter-Duff
/// source-over), the centre crop, and the legacy masks' coverage (4 x 4 samples a pixel).
enum LayerImage {
  /// `top` over `bottom` (same size), straight alpha, rounded.
  static func over(_ top: RGBAImage, _ bottom: RGBAImage) -> RGBAImage {
    var out = bottom
    for i in stride(from: 0, to: top.pixels.count, by: 4) {
      let ta = Double(top.pixels[i + 3]) / 255
      let ba = Double(bottom.pixels[i + 3]) / 255
      let a = ta + ba * (1 - ta)
      guard a > 0 else {
        out.pixels[i] = 0
        out.pixels[i + 1] = 0
        out.pixels[i + 2] = 0
        out.pixels[i + 3] = 0
        continue
      }
      for c in 0..<3 {
        let v =
          (Double(top.pixels[i + c]) * ta + Double(bottom.pixels[i + c]) * ba * (1 - ta)) / a
        out.pixels[i + c] = UInt8(min(255, max(0, v.rounded())))
      }
      out.pixels[i + 3] = UInt8((a * 255).rounded())
    }
    return out
  }

  /// The central `side` x `side` px of `image`.
  static func crop(_ image: RGBAImage, side: Int) -> RGBAImage {
    let x0 = (image.width - side) / 2
    let y0 = (image.height - side) / 2
    var pixels = [UInt8](repeating: 0, count: side * side * 4)
    for y in 0..<side {
      let from = ((y + y0) * image.width + x0) * 4
      pixels.replaceSubrange(y * side * 4..<(y + 1) * side * 4, with: image.pixels[from..<from + side * 4])
    }
    return RGBAImage(width: side, height: side, pixels: pixels)
  }

  /// `image` with alpha multiplied by the coverage of a centred rounded square of the whole
  /// side with corner `radius` (px; half the side makes a circle).
  static func masked(_ image: RGBAImage, radius: Double) -> RGBAImage {
    var out = image
    let side = Double(image.width)
    let r = min(radius, side / 2)
    func inside(_ x: Double, _ y: Double) -> Bool {
      let dx = max(r - x, x - (side - r), 0)
      let dy = max(r - y, y - (side - r), 0)
      return dx * dx + dy * dy <= r * r
    }
    for y in 0..<image.height {
      for x in 0..<image.width {
        var hits = 0
        for sy in 0..<4 {
          for sx in 0..<4 where inside(Double(x) + (Double(sx) + 0.5) / 4, Double(y) + (Double(sy) + 0.5) / 4) {
            hits += 1
          }
        }
        let i = (y * image.width + x) * 4 + 3
        out.pixels[i] = UInt8((Double(out.pixels[i]) * Double(hits) / 16).rounded())
        if out.pixels[i] == 0 {
          out.pixels[i - 3] = 0
          out.pixels[i - 2] = 0
          out.pixels[i - 1] = 0
        }
      }
    }
    return out
  }
}
