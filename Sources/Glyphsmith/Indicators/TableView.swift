import FoundationEssentials
import Glibc
import GlyphsmithCore

/// A table view (UITableView) as a picture, from a `TableViewSpec` whose icons are loaded:
/// plain (rows edge to edge, optional section index down the trailing edge) or inset grouped
/// (rounded groups with headers and footers on the grouped background).
///
/// Numbers from specs.md "Table views" (UIKit's defaults as measured by third parties): rows
/// 44 pt (58 pt with a subtitle), text 17 pt, subtitle 15 pt; separators one device pixel,
/// inset to the text (16 pt, 20 pt on devices wider than 400 pt, or past the icon); Settings
/// icons 29 x 29 pt squares with a 7 pt radius and a white glyph (ink fitted to 19 pt, ours);
/// disclosure chevron tertiaryLabel, checkmark tint; inset grouped cells radius 10 pt, margins
/// 16 pt (20 wide), headers and footers 13 pt secondaryLabel, headers upper-case; section
/// index a 15 pt column of 11 pt semibold tint letters, centred vertically. Glyphsmith's own
/// values (ours): icons without a background fitted to 22 pt, the 15 pt gap from the icon
/// column to the text, spacing around groups (20 pt, 6 pt to a header or footer line of
/// 18 pt), plain section header bands 28 pt with 15 pt semibold text, the chevron 13 pt tall,
/// the checkmark 15 pt wide, 8 pt between detail text and title or accessory, index lines
/// 14 pt. Sizes are pt; px = pt x scale.
public struct TableView {
  /// The spec: style, index, sections and rows.
  public var spec: TableViewSpec
  /// The row icons, by `TableViewSpec.Row.iconPath`.
  public var icons: [String: Artwork]
  /// iPhone (default width 393 pt) or iPad (820 pt).
  public var idiom: TabBar.Idiom
  /// Width in pt; `nil`: the idiom's default.
  public var deviceWidthPt: Double?
  /// Light or dark.
  public var appearance: Appearance
  /// System colours.
  public var palette: IndicatorPalette
  /// Tint (checkmarks, index, icons without a background); `nil`: systemBlue.
  public var tint: RGBA8?

  /// Row height, 44 pt.
  public static let rowHeightPt = 44.0
  /// Row height with a subtitle, 58 pt.
  public static let subtitleRowHeightPt = 58.0
  /// Title and detail size, 17 pt.
  public static let textSizePt = 17.0
  /// Subtitle size, 15 pt.
  public static let subtitleSizePt = 15.0
  /// Header and footer size, 13 pt.
  public static let noteSizePt = 13.0
  /// Margin (grouped) and content inset, 16 pt; 20 pt on devices wider than 400 pt.
  public static let marginPt = 16.0
  /// Settings-style icon square, 29 pt; radius 7 pt; glyph ink 19 pt.
  public static let iconSquarePt = 29.0
  /// Section index column width, 15 pt; letters 11 pt.
  public static let indexWidthPt = 15.0

  /// A table from a spec and its loaded icons.
  public init(
    spec: TableViewSpec, icons: [String: Artwork] = [:], idiom: TabBar.Idiom = .phone,
    deviceWidthPt: Double? = nil, appearance: Appearance = .light,
    palette: IndicatorPalette = .ios18, tint: RGBA8? = nil
  ) {
    self.spec = spec
    self.icons = icons
    self.idiom = idiom
    self.deviceWidthPt = deviceWidthPt
    self.appearance = appearance
    self.palette = palette
    self.tint = tint
  }

  /// Loads the spec at `path` and every icon it names.
  /// - Throws: as `TableViewSpec.load(path:)`; a `GlyphsmithError` naming an icon file that
  ///   cannot be read.
  public static func load(
    path: String, idiom: TabBar.Idiom = .phone, deviceWidthPt: Double? = nil,
    appearance: Appearance = .light, palette: IndicatorPalette = .ios18
  ) throws -> TableView {
    let spec = try TableViewSpec.load(path: path)
    var icons: [String: Artwork] = [:]
    for row in spec.sections.flatMap(\.rows) {
      guard let file = row.iconPath, icons[file] == nil else { continue }
      do {
        icons[file] = try Artwork(path: file)
      } catch {
        throw GlyphsmithError.wrap(error, path: file)
      }
    }
    return TableView(
      spec: spec, icons: icons, idiom: idiom, deviceWidthPt: deviceWidthPt,
      appearance: appearance, palette: palette)
  }

  /// Width in pt: `deviceWidthPt`, or 393 (iPhone) or 820 (iPad).
  public var widthPt: Double { deviceWidthPt ?? (idiom == .pad ? 820 : 393) }

  /// The margin in pt: 16, or 20 on devices wider than 400 pt.
  public var marginPt: Double { widthPt > 400 ? 20 : Self.marginPt }

  /// Renders the table at `scale`; the pixels of `draw(scale:)`.
  /// - Throws: as `draw(scale:)`.
  public func render(scale: Double) throws -> RGBAImage { try draw(scale: scale).image }

  /// Draws the table at `scale` px per pt: round(width x scale) px wide, as high as its
  /// content; reports `header`, `footer`, `row` (title, truncated, disabled, icon) and `index`
  /// frames (pt, origin top-left). Text cut short gets a warning naming the row.
  /// - Throws: `GlyphsmithError.invalidOption` for a scale of zero or less or a width under
  ///   100 pt; `.emptyArtwork` for an icon without ink; `.render` on a renderer failure.
  public func draw(scale: Double) throws -> Drawing {
    try Drawing.checkScale(scale)
    guard widthPt >= 100, widthPt.isFinite else {
      throw GlyphsmithError.invalidOption("device width must be at least 100 pt, got \(widthPt)")
    }
    var warnings: [Diagnostic] = []
    let grouped = spec.style == .grouped
    if grouped && !spec.index.isEmpty {
      warnings.append(
        .warning(
          "a section index is for plain tables (HIG \"Lists and tables\"); it is not "
            + "drawn on a grouped table", kind: Diagnostic.Kind.layout))
    }
    let (blocks, height) = TableViewBlock.layout(spec, scale: scale)
    do {
      var painter = try TableViewPainter(
        table: self, scale: scale, height: height, warnings: warnings)
      for block in blocks { try painter.draw(block) }
      try painter.drawIndex()
      return try painter.finish()
    } catch {
      throw GlyphsmithError.wrap(error, path: "table view")
    }
  }
}
