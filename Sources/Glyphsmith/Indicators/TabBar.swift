import Foundation

/// A whole tab bar (UITabBar) as a picture: background, top hairline, items spread evenly,
/// icons at the HIG size for their shape, titles, badges, an optional home-indicator area.
///
/// Numbers from specs.md "Tab bar icons" and "Badges": bar 49 pt high on iPhone, 50 pt on iPad,
/// 32 pt compact (landscape), plus a 34 pt bottom inset with `homeIndicator`; at most 5 items on
/// iPhone (more: 4 and a "More" item with an ellipsis glyph Glyphsmith draws itself); selected
/// tint systemBlue, unselected UIKit's tab bar gray, disabled 35 % of the unselected tint
/// (Glyphsmith's value). Titles are 10 pt under the icon (portrait iPhone) or beside it
/// (compact and iPad), in Inter Regular (the shipped stand-in for SF). Sizes are pt;
/// px = pt x scale. Item indices are 0-based, as `selectedIndex`.
public struct TabBar {
  /// One tab.
  public struct Item {
    /// The title under (or beside) the icon.
    public var title: String
    /// The glyph, drawn as a template image fitted by shape (role `tab-bar`) and tinted;
    /// `nil` draws no icon.
    public var icon: Artwork?
    /// A badge value (`Badge`); "" draws a dot badge; `nil` none.
    public var badge: String?
    /// Drawn dimmed (35 % of its tint).
    public var isDisabled: Bool

    /// An item.
    public init(title: String, icon: Artwork?, badge: String? = nil, isDisabled: Bool = false) {
      self.title = title
      self.icon = icon
      self.badge = badge
      self.isDisabled = isDisabled
    }
  }

  /// The device family the bar is laid out for.
  public enum Idiom: String, Sendable, CaseIterable {
    /// iPhone: at most 5 items; titles under icons in portrait.
    case phone
    /// iPad: titles beside icons; about 7 items fit.
    case pad
  }

  /// The tabs, in order.
  public var items: [Item]
  /// The selected tab, 0-based; a tab moved under "More" selects the More item.
  public var selectedIndex: Int
  /// iPhone or iPad.
  public var idiom: Idiom
  /// Bar width in pt; `nil`: 393 pt (iPhone portrait), 852 pt (iPhone landscape, compact) or
  /// 820 pt (iPad).
  public var deviceWidthPt: Double?
  /// Light or dark.
  public var appearance: Appearance
  /// System colours.
  public var palette: IndicatorPalette
  /// Compact (iPhone landscape) bar: 32 pt high, compact icon sizes, titles beside icons.
  public var compact: Bool
  /// Adds the 34 pt bottom inset of phones without a Home button, with the home indicator.
  public var homeIndicator: Bool
  /// Selected tint; `nil`: systemBlue of the palette and appearance.
  public var tint: RGBA8?

  /// Bar heights in pt: 49 iPhone, 50 iPad, 32 compact (specs.md "Tab bar icons").
  public static let phoneHeightPt = 49.0
  /// iPad bar height, 50 pt (iOS 12+).
  public static let padHeightPt = 50.0
  /// Compact (iPhone landscape) bar height, 32 pt.
  public static let compactHeightPt = 32.0
  /// Bottom inset of phones without a Home button, 34 pt.
  public static let homeIndicatorInsetPt = 34.0
  /// Most items on iPhone before "More" takes the fifth place.
  public static let maximumPhoneItems = 5
  /// Title font size, 10 pt.
  public static let titleSizePt = 10.0
  /// Top of the 28 pt icon box below the bar's top edge in portrait iPhone bars, 4 pt, and
  /// the title's baseline, 45 pt. Glyphsmith's layout (UIKit publishes none).
  public static let iconTopPt = 4.0
  /// Title baseline from the bar's top edge in portrait iPhone bars, 45 pt (Glyphsmith's).
  public static let titleBaselinePt = 45.0
  /// Space between icon and title when side by side, 6 pt (Glyphsmith's).
  public static let besideGapPt = 6.0
  /// Home indicator pill: 134 x 5 pt, 8 pt above the bottom edge (iPhone X-class devices).
  public static let homeIndicatorSizePt = Size(width: 134, height: 5)

  /// A bar with the defaults: iPhone portrait, light, iOS 13-18 colours.
  public init(
    items: [Item], selectedIndex: Int = 0, idiom: Idiom = .phone, deviceWidthPt: Double? = nil,
    appearance: Appearance = .light, palette: IndicatorPalette = .ios18, compact: Bool = false,
    homeIndicator: Bool = false, tint: RGBA8? = nil
  ) {
    self.items = items
    self.selectedIndex = selectedIndex
    self.idiom = idiom
    self.deviceWidthPt = deviceWidthPt
    self.appearance = appearance
    self.palette = palette
    self.compact = compact
    self.homeIndicator = homeIndicator
    self.tint = tint
  }

  /// What is shown: on iPhone with more than 5 items, the first 4 and a "More" item (its icon
  /// `nil`, drawn as an ellipsis); the selected position among them.
  public var shownItems: (items: [Item], selected: Int, moreIndex: Int?) {
    guard idiom == .phone, items.count > Self.maximumPhoneItems else {
      return (items, selectedIndex, nil)
    }
    let kept = Array(items.prefix(Self.maximumPhoneItems - 1))
    let more = Item(title: "More", icon: nil)
    return (kept + [more], min(selectedIndex, kept.count), kept.count)
  }

  /// The bar's height in pt, home-indicator inset included.
  public var heightPt: Double {
    let bar = compact ? Self.compactHeightPt : idiom == .pad ? Self.padHeightPt : Self.phoneHeightPt
    return bar + (homeIndicator ? Self.homeIndicatorInsetPt : 0)
  }

  /// The bar's width in pt: `deviceWidthPt` or the idiom's default.
  public var widthPt: Double {
    deviceWidthPt ?? (idiom == .pad ? 820 : compact ? 852 : 393)
  }

  /// Checks the items and options.
  /// - Throws: `GlyphsmithError.invalidOption` for no items, a selected index outside
  ///   `0..<items.count`, a width under 100 pt, or `compact` on iPad.
  public func validate() throws {
    guard !items.isEmpty else {
      throw GlyphsmithError.invalidOption("a tab bar needs at least 1 item")
    }
    guard (0..<items.count).contains(selectedIndex) else {
      throw GlyphsmithError.invalidOption(
        "selected item \(selectedIndex) is outside 0..<\(items.count) (items are 0-based)")
    }
    guard widthPt >= 100, widthPt.isFinite else {
      throw GlyphsmithError.invalidOption("device width must be at least 100 pt, got \(widthPt)")
    }
    if compact && idiom == .pad {
      throw GlyphsmithError.invalidOption(
        "compact applies to iPhone landscape bars; iPad bars are always regular")
    }
  }

  /// Renders the bar at `scale` px per pt: round(width x scale) x round(height x scale) px,
  /// opaque.
  /// - Throws: as `validate()`; `GlyphsmithError.invalidOption` for a scale of zero or less,
  ///   `.emptyArtwork` for an icon without ink, `.render` on a renderer or text failure.
  public func render(scale: Double) throws -> RGBAImage {
    try validate()
    guard scale > 0, scale.isFinite else {
      throw GlyphsmithError.invalidOption("scale must be a positive number, got \(scale)")
    }
    let width = Int((widthPt * scale).rounded())
    let height = Int((heightPt * scale).rounded())
    let barHeight =
      (compact ? Self.compactHeightPt : idiom == .pad ? Self.padHeightPt : Self.phoneHeightPt)
      * scale
    let shown = shownItems
    let beside = compact || idiom == .pad
    let selectedTint = tint ?? palette.systemBlue(appearance)
    let unselected = palette.tabBarUnselected(appearance)
    let boxPt = Badge.iconBoxPt(compact: compact)

    do {
      let canvas = try Canvas(width: width, height: height)
      canvas.fill(palette.tabBarBackground(appearance))
      canvas.fillRect(
        Rect(x: 0, y: 0, width: Double(width), height: 1), color: palette.tabBarHairline(appearance)
      )

      let slot = Double(width) / Double(shown.items.count)
      for (index, item) in shown.items.enumerated() {
        var colour = index == shown.selected ? selectedTint : unselected
        if item.isDisabled {
          colour.a = UInt8((Double(colour.a) * IndicatorPalette.disabledOpacity).rounded())
        }
        var icon: RGBAImage? = nil
        if let artwork = item.icon {
          var options = RenderOptions()
          options.role = .tabBar
          options.scale = scale
          options.compact = compact
          var image = try GlyphRenderer.render(artwork, options: options).image
          GlyphRenderer.recolour(&image, to: colour)
          icon = image
        }
        let title = try TextLayout(
          item.title,
          style: TextStyle(weight: .regular, sizePx: Self.titleSizePt * scale, color: colour))
        let iconWidth =
          Double(icon?.width ?? 0) == 0 && shown.moreIndex == index
          ? (compact ? 18 : 25) * scale : Double(icon?.width ?? 0)

        // Icon box (px) and title origin.
        let box: Rect
        let titleOrigin: (x: Double, y: Double)
        if beside {
          let gap = title.logicalRect.width > 0 && iconWidth > 0 ? Self.besideGapPt * scale : 0
          let total = iconWidth + gap + title.logicalRect.width
          let left = (Double(index) * slot + (slot - total) / 2).rounded()
          let centreY = barHeight / 2
          box = Rect(
            x: left + iconWidth / 2 - boxPt.width * scale / 2,
            y: centreY - boxPt.height * scale / 2, width: boxPt.width * scale,
            height: boxPt.height * scale)
          titleOrigin = (
            left + iconWidth + gap, centreY + title.capHeight / 2 - title.baseline
          )
        } else {
          let centreX = Double(index) * slot + slot / 2
          box = Rect(
            x: centreX - boxPt.width * scale / 2, y: Self.iconTopPt * scale,
            width: boxPt.width * scale, height: boxPt.height * scale)
          titleOrigin = (
            centreX - title.logicalRect.width / 2, Self.titleBaselinePt * scale - title.baseline
          )
        }
        let boxCentre = (x: box.x + box.width / 2, y: box.y + box.height / 2)
        if let icon {
          try canvas.draw(
            icon,
            in: Rect(
              x: (boxCentre.x - Double(icon.width) / 2).rounded(),
              y: (boxCentre.y - Double(icon.height) / 2).rounded(),
              width: Double(icon.width), height: Double(icon.height)))
        } else if shown.moreIndex == index {
          Self.drawEllipsis(
            on: canvas, centre: boxCentre, scale: scale, compact: compact, colour: colour)
        }
        try canvas.draw(title, x: titleOrigin.x.rounded(), y: titleOrigin.y.rounded())
        if let value = item.badge {
          let badge = try Badge(value, palette: palette, appearance: appearance).render(
            scale: scale)
          let origin = Badge.badgeOrigin(
            badgeWidth: badge.width, badgeHeight: badge.height, box: box, scale: scale,
            rightToLeft: false)
          try canvas.draw(
            badge,
            in: Rect(
              x: Double(origin.x), y: Double(max(0, origin.y)), width: Double(badge.width),
              height: Double(badge.height)))
        }
      }
      if homeIndicator {
        let pill = Self.homeIndicatorSizePt
        let colour = appearance == .light ? RGBA8.black : RGBA8.white
        canvas.fillRoundedRect(
          Rect(
            x: ((Double(width) - pill.width * scale) / 2).rounded(),
            y: Double(height) - (8 + pill.height) * scale, width: pill.width * scale,
            height: pill.height * scale),
          radius: pill.height * scale / 2, color: colour)
      }
      return try canvas.image()
    } catch {
      throw GlyphsmithError.wrap(error, path: "tab bar")
    }
  }

  /// The "More" glyph: three filled dots 5 pt across, 8.5 pt apart (22 pt wide, inside the
  /// 25 pt circle target); scaled by 18/25 in compact bars. Glyphsmith's drawing.
  static func drawEllipsis(
    on canvas: Canvas, centre: (x: Double, y: Double), scale: Double, compact: Bool,
    colour: RGBA8
  ) {
    let k = (compact ? 18.0 / 25.0 : 1) * scale
    let d = 5 * k
    for i in -1...1 {
      let cx = centre.x + Double(i) * 8.5 * k
      canvas.fillEllipse(
        in: Rect(x: cx - d / 2, y: centre.y - d / 2, width: d, height: d), color: colour)
    }
  }
}
