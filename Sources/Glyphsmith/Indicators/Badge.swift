import FoundationEssentials
import Glibc
import GlyphsmithCore

/// A badge as `UITabBarItem.badgeValue` shows it: a fully rounded oval (systemRed by default)
/// with white semibold text, or a small dot when the value is empty.
///
/// Geometry (specs.md "Badges"; Apple publishes none, so these are React Navigation's values):
/// height 18 pt, corner radius height / 2, minimum width = height (one character, counted as
/// a grapheme cluster, gives a circle), 4 pt side padding, text 0.75 x height. Sizes are pt;
/// px = pt x scale. The rendered image is exactly the badge, no margins.
public struct Badge: Sendable, Equatable {
  /// The value as given: a number, "!", a short word, or "" for a dot badge.
  public var value: String
  /// Badge height in pt (default 18; Microsoft Fluent uses 16).
  public var heightPt: Double
  /// Whole numbers above this show as "<maximum>+" (default 99, an app convention, not UIKit's).
  public var maximum: Int
  /// Fill colour; `nil`: systemRed of `palette` and `appearance`.
  public var color: RGBA8?
  /// Text colour (default white).
  public var textColor: RGBA8
  /// Which system colours `color == nil` resolves to.
  public var palette: IndicatorPalette
  /// Light or dark: picks the systemRed variant.
  public var appearance: Appearance

  /// Default height, 18 pt (specs.md "Badges").
  public static let defaultHeightPt = 18.0
  /// Padding each side of the text, 4 pt (specs.md "Badges").
  public static let sidePaddingPt = 4.0
  /// Text size as a share of the height, 0.75 (specs.md "Badges").
  public static let textShare = 0.75
  /// Diameter of the dot badge (empty value) as a share of the height, 0.5: 9 pt at the
  /// default height. Glyphsmith's choice; specs.md only says "a small dot".
  public static let dotShare = 0.5

  /// A badge with specs.md's defaults.
  public init(
    _ value: String, heightPt: Double = Badge.defaultHeightPt, maximum: Int = 99,
    color: RGBA8? = nil, textColor: RGBA8 = .white, palette: IndicatorPalette = .ios18,
    appearance: Appearance = .light
  ) {
    self.value = value
    self.heightPt = heightPt
    self.maximum = maximum
    self.color = color
    self.textColor = textColor
    self.palette = palette
    self.appearance = appearance
  }

  /// The text drawn: `value` trimmed of surrounding spaces; a whole number above `maximum`
  /// becomes "<maximum>+" (so "100" and "99+" draw alike); a value already ending in "+" is
  /// kept as it is. Empty for a dot badge.
  public var displayText: String {
    let trimmed = value.trimmingWhitespace()
    if let number = Int(trimmed), trimmed.allSatisfy(\.isASCII), number > maximum {
      return "\(maximum)+"
    }
    return trimmed
  }

  /// The fill colour used: `color`, else systemRed of the palette and appearance.
  public var resolvedColor: RGBA8 { color ?? palette.systemRed(appearance) }

  /// Renders the badge at `scale` px per pt.
  ///
  /// Height = round(heightPt x scale) px. One grapheme cluster (or a dot badge): a circle as
  /// wide as high. Longer text: width = max(height, ceil(text advance + 2 x 4 pt x scale)) px.
  /// The text's ink is centred horizontally; vertically, the band from cap height to baseline
  /// (widened to the ink when it reaches outside it, as emoji and descenders do) is centred.
  /// - Throws: `GlyphsmithError.invalidOption` for a height, scale or maximum out of range;
  ///   `.render(.text)` when no pinned font covers a character.
  public func render(scale: Double) throws -> RGBAImage {
    guard heightPt > 0, heightPt.isFinite, scale > 0, scale.isFinite else {
      throw GlyphsmithError.invalidOption("badge height and scale must be positive numbers")
    }
    guard maximum >= 0 else {
      throw GlyphsmithError.invalidOption("badge maximum must be 0 or more, got \(maximum)")
    }
    let heightPx = Int((heightPt * scale).rounded())
    guard heightPx >= 1 else {
      throw GlyphsmithError.invalidOption(
        "badge height \(heightPt) pt at @\(scale)x is under 1 px")
    }
    let text = displayText
    do {
      if text.isEmpty {
        let side = max(1, Int((Double(heightPx) * Self.dotShare).rounded()))
        let canvas = try Canvas(width: side, height: side)
        canvas.fillEllipse(
          in: Rect(x: 0, y: 0, width: Double(side), height: Double(side)), color: resolvedColor)
        return try canvas.image()
      }
      let style = TextStyle(
        weight: .semibold, sizePx: heightPt * Self.textShare * scale, color: textColor)
      let layout = try TextLayout(text, style: style)
      var widthPx = heightPx
      if text.count > 1 {
        let padded = layout.logicalRect.width + 2 * Self.sidePaddingPt * scale
        widthPx = max(heightPx, Int((padded - 1e-9).rounded(.up)))
      }
      let canvas = try Canvas(width: widthPx, height: heightPx)
      let w = Double(widthPx)
      let h = Double(heightPx)
      canvas.fillRoundedRect(
        Rect(x: 0, y: 0, width: w, height: h), radius: h / 2, color: resolvedColor)
      let ink = layout.inkRect
      let bandTop = min(ink.y, layout.baseline - layout.capHeight)
      let bandBottom = max(ink.maxY, layout.baseline)
      let x = (w - ink.width) / 2 - ink.x
      let y = (h - (bandBottom - bandTop)) / 2 - bandTop
      try canvas.draw(layout, x: x, y: y)
      return try canvas.image()
    } catch {
      throw GlyphsmithError.wrap(error, path: "badge '\(value)'")
    }
  }

  // MARK: - On an icon

  /// Offset of the badge's trailing and top edges beyond the tab bar icon box, 3 pt
  /// (specs.md "Badges": React Navigation's `end: -3, top: -3` on the 31 x 28 pt box).
  public static let outsetPt = 3.0

  /// The tab bar icon box the badge is placed against, 31 x 28 pt (specs.md "Tab bar icons",
  /// React Navigation's copy of the table); compact 23 x 20 pt.
  public static func iconBoxPt(compact: Bool) -> Size {
    compact ? Size(width: 23, height: 20) : Size(width: 31, height: 28)
  }

  /// Where a badge `badgeWidth` x `badgeHeight` px goes against an icon box `box` (px), as
  /// whole px: a one-character (circle) badge has its trailing edge 3 pt x scale past the
  /// box's trailing edge and its top 3 pt x scale above the box's top, so its centre sits near
  /// the top-trailing corner; wider badges keep that leading edge and grow away from the icon,
  /// as UIKit's do. Mirrored (top-leading corner, growing leftwards) when `rightToLeft`.
  public static func badgeOrigin(
    badgeWidth: Int, badgeHeight: Int, box: Rect, scale: Double, rightToLeft: Bool
  ) -> (x: Int, y: Int) {
    let outset = outsetPt * scale
    let y = Int((box.y - outset).rounded(.down))
    let x =
      rightToLeft
      ? Int((box.x - outset).rounded(.down)) + badgeHeight - badgeWidth
      : Int((box.maxX + outset).rounded(.up)) - badgeHeight
    return (x, y)
  }

  /// Where a badge goes on a compact (iPhone landscape) tab bar glyph whose own frame is
  /// `icon` (px): a one-character (circle) badge centred on the glyph's top-trailing corner,
  /// so it overlaps only that corner (a quarter of the badge), as iOS draws it (issue 22: on
  /// the 23 x 20 pt box of `badgeOrigin` it covered two-thirds of an 18 pt glyph); wider
  /// badges keep that leading edge and grow away from the glyph. Mirrored when `rightToLeft`.
  /// Glyphsmith's reading of iOS's compact bars (no published number).
  public static func compactBadgeOrigin(
    badgeWidth: Int, badgeHeight: Int, icon: Rect, rightToLeft: Bool
  ) -> (x: Int, y: Int) {
    let half = Double(badgeHeight) / 2
    let y = Int((icon.y - half).rounded(.down))
    let x =
      rightToLeft
      ? Int((icon.x + half).rounded(.down)) - badgeWidth
      : Int((icon.maxX - half).rounded(.up))
    return (x, y)
  }

  /// Composites this badge (rendered at `scale`) on `icon` (px, e.g. a tab bar glyph made by
  /// `render --role tab-bar` at the same scale): the 31 x 28 pt icon box (x scale) is centred
  /// on the icon image and the badge placed at its top-trailing corner (`badgeOrigin`), or
  /// top-leading when `rightToLeft`. The canvas grows to hold both; the badge's own pixels do
  /// not change with `rightToLeft`.
  /// - Returns: the combined image, straight RGBA8.
  /// - Throws: as `render(scale:)`; `.render(.cairo)` on a Cairo failure.
  public func composite(on icon: RGBAImage, scale: Double, rightToLeft: Bool) throws
    -> RGBAImage
  {
    let badge = try render(scale: scale)
    let boxPt = Self.iconBoxPt(compact: false)
    let box = Rect(
      x: (Double(icon.width) - boxPt.width * scale) / 2,
      y: (Double(icon.height) - boxPt.height * scale) / 2,
      width: boxPt.width * scale, height: boxPt.height * scale)
    let origin = Self.badgeOrigin(
      badgeWidth: badge.width, badgeHeight: badge.height, box: box, scale: scale,
      rightToLeft: rightToLeft)
    let minX = min(0, origin.x)
    let minY = min(0, origin.y)
    let maxX = max(icon.width, origin.x + badge.width)
    let maxY = max(icon.height, origin.y + badge.height)
    do {
      let canvas = try Canvas(width: maxX - minX, height: maxY - minY)
      try canvas.draw(
        icon,
        in: Rect(
          x: Double(-minX), y: Double(-minY), width: Double(icon.width),
          height: Double(icon.height)))
      try canvas.draw(
        badge,
        in: Rect(
          x: Double(origin.x - minX), y: Double(origin.y - minY), width: Double(badge.width),
          height: Double(badge.height)))
      return try canvas.image()
    } catch {
      throw GlyphsmithError.wrap(error, path: "badge '\(value)'")
    }
  }
}
