import FoundationEssentials
import Glibc
import GlyphsmithCore

/// A whole tab bar (UITabBar) as a picture: background, top hairline, items spread evenly,
/// icons at the HIG size for their shape, titles, badges, an optional home-indicator area.
///
/// Numbers from specs.md "Tab bar icons" and "Badges": bar 49 pt high on iPhone, 50 pt on iPad,
/// 32 pt compact (landscape), plus a bottom inset with `homeIndicator` (34 pt iPhone, 15 pt
/// iPad); at most 5 items on iPhone and 7 on iPad (more: 4 or 6 and a "More" item with an
/// ellipsis glyph Glyphsmith draws itself); titles that do not fit their slot end in an
/// ellipsis; a badge never covers a title; `rightToLeft` mirrors the order; selected
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
    /// iPad: titles beside icons; at most 7 items.
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
  /// Adds the bottom inset of devices without a Home button, with the home indicator: 34 pt
  /// on iPhone, 15 pt on iPad.
  public var homeIndicator: Bool
  /// Selected tint; `nil`: systemBlue of the palette and appearance.
  public var tint: RGBA8?
  /// Right-to-left layout: the first item on the trailing (right) edge, titles before icons
  /// in side-by-side layouts, badges at the icon box's top-leading corner.
  public var rightToLeft: Bool = false

  /// Bar heights in pt: 49 iPhone, 50 iPad, 32 compact (specs.md "Tab bar icons").
  public static let phoneHeightPt = 49.0
  /// iPad bar height, 50 pt (iOS 12+).
  public static let padHeightPt = 50.0
  /// Compact (iPhone landscape) bar height, 32 pt.
  public static let compactHeightPt = 32.0
  /// Bottom inset of phones without a Home button, 34 pt.
  public static let homeIndicatorInsetPt = 34.0
  /// Bottom inset of iPads without a Home button, 15 pt (specs.md "Tab bar icons").
  public static let padHomeIndicatorInsetPt = 15.0
  /// Most items on iPhone before "More" takes the fifth place.
  public static let maximumPhoneItems = 5
  /// Most items on iPad before "More" takes the seventh place (HIG "Tab bars").
  public static let maximumPadItems = 7
  /// Space kept clear each side of a title inside its slot, and between a badge and a title
  /// beside it, 2 pt. Glyphsmith's value.
  public static let titleClearancePt = 2.0
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

  /// A bar with the defaults: iPhone portrait, light, iOS 13-18 colours, left to right.
  public init(
    items: [Item], selectedIndex: Int = 0, idiom: Idiom = .phone, deviceWidthPt: Double? = nil,
    appearance: Appearance = .light, palette: IndicatorPalette = .ios18, compact: Bool = false,
    homeIndicator: Bool = false, tint: RGBA8? = nil, rightToLeft: Bool = false
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
    self.rightToLeft = rightToLeft
  }

  /// Most items shown before "More": 5 on iPhone, 7 on iPad.
  public var maximumItems: Int { idiom == .pad ? Self.maximumPadItems : Self.maximumPhoneItems }

  /// What is shown: with more than `maximumItems` items, the first `maximumItems - 1` and a
  /// "More" item (its icon `nil`, drawn as an ellipsis); the selected position among them.
  public var shownItems: (items: [Item], selected: Int, moreIndex: Int?) {
    guard items.count > maximumItems else {
      return (items, selectedIndex, nil)
    }
    let kept = Array(items.prefix(maximumItems - 1))
    let more = Item(title: "More", icon: nil)
    return (kept + [more], min(selectedIndex, kept.count), kept.count)
  }

  /// The bar's height in pt, home-indicator inset included.
  public var heightPt: Double {
    let bar = compact ? Self.compactHeightPt : idiom == .pad ? Self.padHeightPt : Self.phoneHeightPt
    let inset = idiom == .pad ? Self.padHomeIndicatorInsetPt : Self.homeIndicatorInsetPt
    return bar + (homeIndicator ? inset : 0)
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
  /// opaque. The pixels of `draw(scale:)`.
  /// - Throws: as `draw(scale:)`.
  public func render(scale: Double) throws -> RGBAImage {
    try draw(scale: scale).image
  }

  /// Draws the bar at `scale` px per pt and reports each item's frame (pt, origin top-left):
  /// `tab` or `more` (the whole slot; `selected`, `disabled`, the title as given and whether
  /// it was truncated), `label` (the title's ink as drawn), `badge`.
  ///
  /// A title wider than its slot less 2 pt each side (less the icon, the 6 pt gap and any
  /// badge beside it) is cut short with an ellipsis and a warning. In side-by-side layouts
  /// (iPad, compact) a badge that would reach over the title pushes the title 2 pt past it.
  /// - Throws: as `validate()`; `GlyphsmithError.invalidOption` for a scale of zero or less,
  ///   `.emptyArtwork` for an icon without ink, `.render` on a renderer or text failure.
  public func draw(scale: Double) throws -> Drawing {
    try validate()
    let (width, height) = try Drawing.pixelSize(widthPt: widthPt, heightPt: heightPt, scale: scale)
    let barHeight =
      (compact ? Self.compactHeightPt : idiom == .pad ? Self.padHeightPt : Self.phoneHeightPt)
      * scale
    let shown = shownItems
    var drawn: [DrawnLayout.Item] = []
    var warnings: [Diagnostic] = []

    do {
      let canvas = try Canvas(width: width, height: height)
      canvas.fill(palette.tabBarBackground(appearance))
      canvas.fillRect(
        Rect(x: 0, y: 0, width: Double(width), height: 1), color: palette.tabBarHairline(appearance)
      )
      let metrics = ItemMetrics(
        scale: scale, barHeight: barHeight, slot: Double(width) / Double(shown.items.count),
        count: shown.items.count)
      for (index, item) in shown.items.enumerated() {
        try drawItem(
          item, index: index, selected: index == shown.selected, isMore: shown.moreIndex == index,
          metrics: metrics, on: canvas, drawn: &drawn, warnings: &warnings)
      }
      if homeIndicator { drawHomeIndicator(on: canvas, width: width, height: height, scale: scale) }
      let image = try canvas.image()
      return Drawing(
        image: image,
        layout: DrawnLayout(
          widthPx: width, heightPx: height, scale: scale, items: drawn, diagnostics: warnings))
    } catch {
      throw GlyphsmithError.wrap(error, path: "tab bar")
    }
  }

  /// Gap under the home indicator in an iPad's 15 pt inset, 5 pt: the 5 pt pill centred in it.
  /// Glyphsmith's value.
  public static let padHomeIndicatorAbovePt = 5.0

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
