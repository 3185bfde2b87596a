import FoundationEssentials
import Glibc
import GlyphsmithCore

/// Text and glyph helpers shared by the bar and list previews: text cut short with an
/// ellipsis to a width, glyphs fitted to a box and tinted.
enum BarText {
  /// The ellipsis appended to truncated text, U+2026.
  static let ellipsis = "\u{2026}"

  /// `text` laid out in `style`; when wider than `maxWidthPx`, the longest prefix (whole
  /// grapheme clusters, trailing spaces dropped) followed by "…" that fits, at least "…".
  /// - Returns: the layout and whether it was truncated.
  /// - Throws: `RenderError.text` as `TextLayout`.
  static func fitted(_ text: String, style: TextStyle, maxWidthPx: Double) throws -> (
    layout: TextLayout, truncated: Bool
  ) {
    let full = try TextLayout(text, style: style)
    guard full.logicalRect.width > maxWidthPx + 0.01 else { return (full, false) }
    let characters = Array(text)
    var low = 0
    var high = characters.count - 1
    var best = try TextLayout(ellipsis, style: style)
    while low <= high {
      let middle = (low + high + 1) / 2
      if middle == 0 { break }
      var prefix = String(characters[0..<middle])
      while prefix.last?.isWhitespace == true { prefix.removeLast() }
      let candidate = try TextLayout(prefix + ellipsis, style: style)
      if candidate.logicalRect.width <= maxWidthPx + 0.01 {
        best = candidate
        low = middle + 1
      } else {
        high = middle - 1
      }
    }
    return (best, true)
  }

  /// `artwork` through the glyph pipeline as a template, its ink fitted to `boxPt` (role
  /// `toolbar` with its box replaced when given; the role's HIG target otherwise), at `scale`,
  /// tinted `colour`.
  /// - Throws: `GlyphsmithError.emptyArtwork` for artwork without ink; `.render` on failure.
  static func glyph(
    _ artwork: Artwork, role: Role, boxPt: Double? = nil, scale: Double, colour: RGBA8
  ) throws -> RGBAImage {
    var ignored: [Diagnostic] = []
    return try glyph(
      artwork, role: role, boxPt: boxPt, scale: scale, colour: colour, warnings: &ignored)
  }

  /// As `glyph(_:role:boxPt:scale:colour:)`, adding an upscaling warning for a raster drawn
  /// larger than its pixels to `warnings` (once).
  static func glyph(
    _ artwork: Artwork, role: Role, boxPt: Double? = nil, scale: Double, colour: RGBA8,
    warnings: inout [Diagnostic]
  ) throws -> RGBAImage {
    var options = RenderOptions()
    options.role = role
    options.sizePt = boxPt
    options.scale = scale
    let rendered = try GlyphRenderer.render(artwork, options: options)
    warnings += rendered.upscaling.filter { !warnings.contains($0) }
    var image = rendered.image
    GlyphRenderer.recolour(&image, to: colour)
    return image
  }

  /// `colour` with its alpha multiplied by `factor` (dimming).
  static func dimmed(_ colour: RGBA8, _ factor: Double) -> RGBA8 {
    var c = colour
    c.a = UInt8((Double(c.a) * factor).rounded())
    return c
  }

  /// `top` composited over the opaque `bottom`, opaque.
  static func over(_ top: RGBA8, _ bottom: RGBA8) -> RGBA8 {
    let a = Double(top.a) / 255
    func mix(_ t: UInt8, _ b: UInt8) -> UInt8 {
      UInt8((Double(t) * a + Double(b) * (1 - a)).rounded())
    }
    return RGBA8(r: mix(top.r, bottom.r), g: mix(top.g, bottom.g), b: mix(top.b, bottom.b))
  }
}

extension Double {
  /// Up to three decimals, trailing zeros dropped, for messages: 25, 12.5, 0.333.
  var compact3: String {
    let rounded = (self * 1000).rounded() / 1000
    if rounded == rounded.rounded() { return String(Int(rounded)) }
    var text = String(cFormat: "%.3f", rounded)
    while text.hasSuffix("0") { text.removeLast() }
    return text
  }
}
