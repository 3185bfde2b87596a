import FoundationEssentials
import Glibc
import GlyphsmithCore

/// A toolbar (UIToolbar) as a picture: background and top hairline like the tab bar's, icon
/// and text buttons in order, flexible and fixed spaces between them.
///
/// Numbers from specs.md "Toolbars (UIToolbar)": 44 pt high on iPhone, 50 pt on iPad (iOS 12+,
/// the tab bar's height), 32 pt compact (iPhone landscape); leading and trailing margins 16 pt
/// (20 pt on devices wider than 400 pt); glyphs at the toolbar size (role `toolbar`: ink
/// fitted to 24 x 24 pt, 28 pt on the long side at most); text buttons 17 pt, prominent ones
/// semibold; items in the tint colour (iOS 13-18; with the iOS 26 palette only prominent items
/// are tinted, the others label-coloured), disabled ones at 35 % (as `TabBar`). Between two
/// items with no space given: 8 pt (Glyphsmith's value). When no space is given anywhere,
/// a flexible space goes between every two items, as most toolbars spread them. Sizes are pt;
/// px = pt x scale.
public struct Toolbar {
  /// One entry of the bar, in order.
  public enum Entry {
    /// A button: an icon, a text, or both (the icon drawn, the title reported).
    case button(Button)
    /// A flexible space: the room left over, shared equally by all flexible spaces.
    case flexibleSpace
    /// A fixed space of so many pt.
    case fixedSpace(Double)
  }

  /// A toolbar button.
  public struct Button {
    /// The text of a text button, or an icon button's title (reported, not drawn).
    public var title: String
    /// The glyph; `nil` makes a text button.
    public var icon: Artwork?
    /// The prominent ("done") style: semibold text, tinted in every palette.
    public var isProminent: Bool
    /// Drawn dimmed (35 % of its colour).
    public var isDisabled: Bool

    /// A button.
    public init(title: String, icon: Artwork?, isProminent: Bool = false, isDisabled: Bool = false)
    {
      self.title = title
      self.icon = icon
      self.isProminent = isProminent
      self.isDisabled = isDisabled
    }
  }

  /// The entries, in order.
  public var entries: [Entry]
  /// iPhone or iPad.
  public var idiom: TabBar.Idiom
  /// Compact (iPhone landscape): 32 pt high.
  public var compact: Bool
  /// Width in pt; `nil`: 393 (iPhone), 852 (compact) or 820 (iPad).
  public var deviceWidthPt: Double?
  /// Light or dark.
  public var appearance: Appearance
  /// System colours.
  public var palette: IndicatorPalette
  /// Tint; `nil`: systemBlue.
  public var tint: RGBA8?
  /// Right-to-left: the first entry at the trailing (right) edge.
  public var rightToLeft: Bool

  /// Height on iPhone, 44 pt (specs.md "Toolbars").
  public static let phoneHeightPt = 44.0
  /// Height on iPad, 50 pt (iOS 12+).
  public static let padHeightPt = 50.0
  /// Height compact (iPhone landscape), 32 pt.
  public static let compactHeightPt = 32.0
  /// Leading and trailing margin, 16 pt; 20 pt on devices wider than `wideDevicePt`.
  public static let marginPt = 16.0
  /// The margin on wide devices, 20 pt.
  public static let wideMarginPt = 20.0
  /// Devices wider than this many pt get the wide margin: 400 (iPhone Plus and Max models,
  /// iPad). Glyphsmith's threshold.
  public static let wideDevicePt = 400.0
  /// Text button size, 17 pt.
  public static let textSizePt = 17.0
  /// Space between two neighbouring items with no space given, 8 pt (Glyphsmith's).
  public static let itemGapPt = 8.0
  /// More items than this get a warning (specs.md "Toolbars": about three primary actions
  /// call for a toolbar; more than five crowd it).
  public static let warningItemCount = 5

  /// A toolbar with the defaults: iPhone portrait, light, iOS 13-18 colours.
  public init(
    entries: [Entry], idiom: TabBar.Idiom = .phone, compact: Bool = false,
    deviceWidthPt: Double? = nil, appearance: Appearance = .light,
    palette: IndicatorPalette = .ios18, tint: RGBA8? = nil, rightToLeft: Bool = false
  ) {
    self.entries = entries
    self.idiom = idiom
    self.compact = compact
    self.deviceWidthPt = deviceWidthPt
    self.appearance = appearance
    self.palette = palette
    self.tint = tint
    self.rightToLeft = rightToLeft
  }

  /// Width in pt: `deviceWidthPt` or the idiom's default.
  public var widthPt: Double { deviceWidthPt ?? (idiom == .pad ? 820 : compact ? 852 : 393) }

  /// Height in pt: 44, 50 (iPad) or 32 (compact).
  public var heightPt: Double {
    compact ? Self.compactHeightPt : idiom == .pad ? Self.padHeightPt : Self.phoneHeightPt
  }

  /// The margin each side in pt: 16, or 20 on devices wider than 400 pt.
  public var marginPt: Double { widthPt > Self.wideDevicePt ? Self.wideMarginPt : Self.marginPt }

  /// The buttons, in order.
  public var buttons: [Button] {
    entries.compactMap { if case .button(let b) = $0 { return b } else { return nil } }
  }

  /// Checks the entries and options.
  /// - Throws: `GlyphsmithError.invalidOption` for no button, a fixed space that is negative
  ///   or not finite, a width under 100 pt, or `compact` on iPad.
  public func validate() throws {
    guard !buttons.isEmpty else {
      throw GlyphsmithError.invalidOption("a toolbar needs at least 1 item")
    }
    for case .fixedSpace(let pt) in entries where !(pt >= 0 && pt.isFinite) {
      throw GlyphsmithError.invalidOption("a fixed space must be 0 pt or more, got \(pt)")
    }
    guard widthPt >= 100, widthPt.isFinite else {
      throw GlyphsmithError.invalidOption("device width must be at least 100 pt, got \(widthPt)")
    }
    if compact && idiom == .pad {
      throw GlyphsmithError.invalidOption(
        "compact applies to iPhone landscape bars; iPad toolbars are always regular")
    }
  }

  /// Renders the toolbar at `scale`; the pixels of `draw(scale:)`.
  /// - Throws: as `draw(scale:)`.
  public func render(scale: Double) throws -> RGBAImage { try draw(scale: scale).image }

  /// Draws the toolbar at `scale` px per pt: round(width x scale) x round(height x scale) px,
  /// opaque; reports `icon`, `text` and `space` frames (pt, origin top-left) and warnings:
  /// more than 5 items, or items and margins wider than the bar (text buttons are then cut
  /// short with an ellipsis, widest first, as far as that helps).
  /// - Throws: as `validate()`; `GlyphsmithError.invalidOption` for a scale of zero or less;
  ///   `.emptyArtwork` for an icon without ink; `.render` on a renderer or text failure.
  public func draw(scale: Double) throws -> Drawing {
    try validate()
    let (width, height) = try Drawing.pixelSize(widthPt: widthPt, heightPt: heightPt, scale: scale)
    var warnings: [Diagnostic] = []
    if buttons.count > Self.warningItemCount {
      warnings.append(
        .warning(
          "\(buttons.count) toolbar items: more than \(Self.warningItemCount) crowd a "
            + "toolbar (HIG \"Toolbars\"); keep the primary actions and move the rest into a menu",
          kind: Diagnostic.Kind.layout))
    }
    let pieces = try pieces(scale: scale, warnings: &warnings)
    let margin = (marginPt * scale).rounded()
    let available = Double(width) - 2 * margin
    let texts = try fittedTexts(
      pieces, available: available, margin: margin, scale: scale, warnings: &warnings)
    let flexibleCount = pieces.filter {
      if case .flexible = $0 { return true } else { return false }
    }
    .count
    let fixed = Self.fixedWidth(pieces, texts: texts, scale: scale)
    let flexibleWidth =
      flexibleCount > 0 ? max(0, (available - fixed) / Double(flexibleCount)) : 0
    // With no flexible space, items start at the leading margin.
    do {
      return try paint(
        pieces, texts: texts, flexibleWidth: flexibleWidth, margin: margin,
        size: (width, height), scale: scale, warnings: warnings)
    } catch {
      throw GlyphsmithError.wrap(error, path: "toolbar")
    }
  }
}
