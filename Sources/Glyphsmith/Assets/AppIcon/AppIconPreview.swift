import FoundationEssentials
import Glibc
import GlyphsmithCore

/// A picture of the written app icon as the home screen shows it (`appicon --preview FILE`):
/// each appearance written, under the iOS corner mask (`AppIconMask`), side by side with its
/// name below.
///
/// - Any: the flattened marketing icon, masked.
/// - Dark: the dark layer over `darkBackground`, masked (iOS 18 puts dark icons on a dark
///   gradient; one flat colour here).
/// - Tinted: the layer's luminance (composited over black, WCAG weights) as the share of
///   `tint` over `darkBackground`, masked: how iOS 18 makes a tinted icon from a greyscale
///   layer, with one sample tint.
public enum AppIconPreview {
  /// Side of each icon tile, px (the 1024 px icon scaled by 1/4).
  public static let tileSide = 256
  /// Space around and between the tiles, px.
  public static let margin = 32
  /// Height of the label line under each tile, px.
  public static let labelHeight = 40
  /// The page behind the tiles: a mid grey, on which light and dark icons both read.
  public static let page = RGBA8(r: 0x8E, g: 0x8E, b: 0x93)
  /// The background iOS draws dark and tinted icons on (flat, approximating its gradient).
  public static let darkBackground = RGBA8(r: 0x14, g: 0x14, b: 0x14)
  /// The sample tint of the tinted tile (systemBlue, dark).
  public static let tint = RGBA8(r: 0x0A, g: 0x84, b: 0xFF)

  /// The preview of `layers` (appearance `any`, `dark` or `tinted`, and its 1024 px image:
  /// flattened for `any`, as written for the others), in order.
  /// - Throws: `RenderError` when Cairo or Pango fail.
  public static func image(_ layers: [(appearance: String, image: RGBAImage)]) throws
    -> RGBAImage
  {
    let width = margin + layers.count * (tileSide + margin)
    let height = margin + tileSide + labelHeight
    let canvas = try Canvas(width: width, height: height)
    canvas.fill(page)
    let style = TextStyle(weight: .semibold, sizePx: 20, color: .white)
    for (index, layer) in layers.enumerated() {
      let shown = try AppIconMask.apply(to: appearance(layer.appearance, layer.image))
      let x = Double(margin + index * (tileSide + margin))
      try canvas.draw(
        shown,
        in: Rect(x: x, y: Double(margin), width: Double(tileSide), height: Double(tileSide)))
      let label = try TextLayout(layer.appearance.capitalized, style: style)
      try canvas.draw(
        label, x: x + (Double(tileSide) - label.logicalRect.width) / 2,
        y: Double(margin + tileSide) + (Double(labelHeight) - label.logicalRect.height) / 2)
    }
    return try canvas.image()
  }

  /// What iOS shows of one layer before masking.
  static func appearance(_ name: String, _ image: RGBAImage) -> RGBAImage {
    switch name {
    case "dark":
      return Rasterizer.composite(image, over: darkBackground)
    case "tinted":
      var out = RGBAImage(width: image.width, height: image.height, fill: darkBackground)
      for y in 0..<image.height {
        for x in 0..<image.width {
          let share = AppIconAppearanceCheck.luminance(overBlack: image[x, y])
          func mix(_ base: UInt8, _ over: UInt8) -> UInt8 {
            UInt8((Double(base) + (Double(over) - Double(base)) * share).rounded())
          }
          let i = (y * image.width + x) * 4
          out.pixels[i] = mix(darkBackground.r, tint.r)
          out.pixels[i + 1] = mix(darkBackground.g, tint.g)
          out.pixels[i + 2] = mix(darkBackground.b, tint.b)
        }
      }
      return out
    default:
      return image
    }
  }

  /// Writes the preview of `layers` as a PNG at `path`, atomically.
  /// - Throws: `RenderError` as `image(_:)`; `GlyphsmithError.writeFailed` naming `path`.
  /// Not written over a file that is not a PNG, nor over one of `inputs`
  /// (`PictureOutput.check`, which throws `GlyphsmithError.unusable` naming `path`).
  public static func write(
    _ layers: [(appearance: String, image: RGBAImage)], toPath path: String,
    inputs: [String] = []
  ) throws {
    let data = try PNGCodec.encode(try image(layers))
    try PictureOutput.write(data, toPath: path, inputs: inputs)
  }
}
