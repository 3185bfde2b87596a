import FoundationEssentials
import Glibc
import GlyphsmithCore

/// A search bar (UISearchBar, iOS 13+ look) as a picture: an optional prompt line, the field
/// with its magnifying glass, placeholder or entered text, a bookmarks glyph (empty field) or
/// a clear button (text entered), and an optional scope bar of segments under it.
///
/// Numbers from specs.md "Search bars and scope bars" (UIKit's defaults as measured by third
/// parties): field 36 pt high, corner radius 10 pt, in a 56 pt bar with 8 pt side insets,
/// tertiarySystemFill; text 17 pt, placeholder and glyphs secondaryLabel, entered text label;
/// clear button a tertiaryLabel circle with an x; prompt 13 pt secondaryLabel; scope segments
/// 32 pt high, radius 9 pt, selected segment white (#636366 dark) with a soft shadow, titles
/// 13 pt (selected semibold), 8 pt under the field. Glyphsmith's own values (named "ours"
/// below and in docs/specs.md): the prompt band (22 pt), glyph sizes (magnifying glass 15 pt,
/// bookmarks 17 pt, clear button 17 pt with a 7 pt x), the 8 pt and 6 pt insets inside the field,
/// the 2 pt inset of the selected segment. Sizes are pt; px = pt x scale.
public struct SearchBar: Sendable, Equatable {
  /// Placeholder shown while the field is empty; default "Search".
  public var placeholder: String
  /// Entered text; `nil` or "" is an empty field.
  public var text: String?
  /// One short line above the field; `nil`: none.
  public var prompt: String?
  /// Shows the bookmarks glyph at the trailing edge while the field is empty.
  public var showsBookmark: Bool
  /// Scope bar titles; empty: no scope bar.
  public var scopes: [String]
  /// The selected scope, 0-based.
  public var selectedScope: Int
  /// iPhone (default width 393 pt) or iPad (820 pt).
  public var idiom: TabBar.Idiom
  /// Width in pt; `nil`: the idiom's default.
  public var deviceWidthPt: Double?
  /// Light or dark.
  public var appearance: Appearance
  /// System colours.
  public var palette: IndicatorPalette

  /// The bar around the field, 56 pt (specs.md).
  public static let barHeightPt = 56.0
  /// The field's height, 36 pt.
  public static let fieldHeightPt = 36.0
  /// The field's corner radius, 10 pt.
  public static let fieldRadiusPt = 10.0
  /// Side insets of the field and the scope bar, 8 pt.
  public static let sideInsetPt = 8.0
  /// Text size in the field, 17 pt.
  public static let textSizePt = 17.0
  /// Prompt and scope title size, 13 pt.
  public static let smallTextSizePt = 13.0
  /// The prompt's band above the bar, 22 pt (ours).
  public static let promptBandPt = 22.0
  /// Scope bar height, 32 pt; corner radius 9 pt.
  public static let scopeHeightPt = 32.0
  /// Scope bar corner radius, 9 pt.
  public static let scopeRadiusPt = 9.0
  /// Space between the field and the scope bar, 8 pt (ours, specs.md).
  public static let scopeGapPt = 8.0
  /// Inset of the selected segment inside the track, 2 pt (ours).
  public static let segmentInsetPt = 2.0
  /// Magnifying glass: ink fitted to 15 pt (ours).
  public static let magnifierPt = 15.0
  /// Bookmarks glyph: ink fitted to 17 pt (ours).
  public static let bookmarkPt = 17.0
  /// Clear button circle, 17 pt across; its x 7 pt (ours).
  public static let clearPt = 17.0
  /// The clear button's x, ink fitted to 7 pt (ours).
  public static let clearCrossPt = 7.0
  /// Inset of the glyphs from the field's ends, 8 pt; gap between a glyph and the text, 6 pt
  /// (ours).
  public static let fieldInsetPt = 8.0
  /// Gap between a glyph and the text, 6 pt (ours).
  public static let glyphGapPt = 6.0
  /// Space kept clear each side of a scope title inside its segment, 6 pt (ours).
  public static let segmentPaddingPt = 6.0

  /// A search bar with the defaults: placeholder "Search", iPhone width, light.
  public init(
    placeholder: String = "Search", text: String? = nil, prompt: String? = nil,
    showsBookmark: Bool = false, scopes: [String] = [], selectedScope: Int = 0,
    idiom: TabBar.Idiom = .phone, deviceWidthPt: Double? = nil, appearance: Appearance = .light,
    palette: IndicatorPalette = .ios18
  ) {
    self.placeholder = placeholder
    self.text = text
    self.prompt = prompt
    self.showsBookmark = showsBookmark
    self.scopes = scopes
    self.selectedScope = selectedScope
    self.idiom = idiom
    self.deviceWidthPt = deviceWidthPt
    self.appearance = appearance
    self.palette = palette
  }

  /// Width in pt: `deviceWidthPt`, or 393 (iPhone) or 820 (iPad).
  public var widthPt: Double { deviceWidthPt ?? (idiom == .pad ? 820 : 393) }

  /// Height in pt: the prompt band (22) if any, the 56 pt bar (10 + 36 + 10), and with scopes
  /// 8 + 32 more.
  public var heightPt: Double {
    (prompt == nil ? 0 : Self.promptBandPt) + Self.barHeightPt
      + (scopes.isEmpty ? 0 : Self.scopeGapPt + Self.scopeHeightPt)
  }

  /// Whether text is entered.
  public var hasText: Bool { !(text ?? "").isEmpty }

  /// Checks the options.
  /// - Throws: `GlyphsmithError.invalidOption` for an empty scope title (naming it, 0-based),
  ///   a selected scope outside `0..<scopes.count`, or a width under 100 pt.
  public func validate() throws {
    for (i, title) in scopes.enumerated() where title.trimmingWhitespace().isEmpty {
      throw GlyphsmithError.invalidOption(
        "scope \(i) has an empty title; every segment needs a title (scopes are 0-based)")
    }
    if !scopes.isEmpty && !(0..<scopes.count).contains(selectedScope) {
      throw GlyphsmithError.invalidOption(
        "selected scope \(selectedScope) is outside 0..<\(scopes.count) (scopes are 0-based)")
    }
    guard widthPt >= 100, widthPt.isFinite else {
      throw GlyphsmithError.invalidOption("device width must be at least 100 pt, got \(widthPt)")
    }
  }

  /// Renders the bar at `scale`; the pixels of `draw(scale:)`.
  /// - Throws: as `draw(scale:)`.
  public func render(scale: Double) throws -> RGBAImage { try draw(scale: scale).image }

  /// Draws the bar at `scale` px per pt: round(width x scale) x round(height x scale) px,
  /// opaque; reports `prompt`, `field`, `magnifyingGlass`, `placeholder` or `searchText`,
  /// `bookmarks` or `clear`, and one `scope` per segment (pt, origin top-left). Text that does
  /// not fit ends in an ellipsis, with a warning.
  /// - Throws: as `validate()`; `GlyphsmithError.invalidOption` for a scale of zero or less;
  ///   `.render` on a renderer or text failure.
  public func draw(scale: Double) throws -> Drawing {
    try validate()
    let (width, height) = try Drawing.pixelSize(widthPt: widthPt, heightPt: heightPt, scale: scale)
    do {
      var painter = try SearchBarPainter(bar: self, scale: scale, width: width, height: height)
      let top = try painter.drawPrompt()
      let field = painter.drawField(top: top)
      let textLeft = try painter.drawMagnifier(in: field)
      let trailingLeft = try painter.drawTrailingGlyph(in: field)
      try painter.drawText(in: field, from: textLeft, to: trailingLeft)
      try painter.drawScopes(below: field)
      return try painter.finish()
    } catch {
      throw GlyphsmithError.wrap(error, path: "search bar")
    }
  }
}
