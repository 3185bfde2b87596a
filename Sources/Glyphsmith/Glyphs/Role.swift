/// What a glyph is for; the role decides how it is sized and whether it is a template image.
///
/// The one table of roles, used by the engine and printed by `--help` (`Role.helpTable`).
/// Sizes in pt; pixels are pt x scale. Sources: HIG "Tab bars" (2022-24), HIG "Toolbars"
/// (2017), HIG "Page controls"; numbers in `docs/specs.md`.
public enum Role: String, CaseIterable, Sendable, Codable {
  /// Draws exactly the size asked; fits the artwork's own canvas (viewBox) into it, as
  /// rsvg-convert does; original colours. Default of `render`.
  case plain
  /// Template image; the ink bounds are fitted to the HIG tab bar target for the glyph's shape
  /// (circle 25, square 23, wide 31 wide, tall 28 tall; compact 18/17/23/20). Default of
  /// `assets`.
  case tabBar = "tab-bar"
  /// Template image; ink bounds fitted to 24 x 24 pt (wide or tall glyphs: 28 pt on the long
  /// side at most).
  case toolbar
  /// Template image; ink bounds fitted to 8 x 8 pt, the page-indicator dot scale.
  case indicator

  /// Whether the role renders a template image (alpha only) unless told otherwise.
  public var isTemplateByDefault: Bool { self != .plain }

  /// Whether the content's ink bounds (not the artwork's canvas) are fitted to a target.
  public var fitsInk: Bool { self != .plain }

  /// The target box in pt for a glyph of `shape`: the glyph's ink bounds are scaled to fit
  /// inside it, aspect ratio kept. `compact` selects the compact tab bar sizes (tab-bar only).
  /// `nil` for `plain`, which has no target.
  public func targetBox(for shape: GlyphShape, compact: Bool = false) -> Size? {
    switch (self, shape) {
    case (.plain, _): return nil
    case (.tabBar, .circle):
      return compact ? Size(width: 18, height: 18) : Size(width: 25, height: 25)
    case (.tabBar, .square):
      return compact ? Size(width: 17, height: 17) : Size(width: 23, height: 23)
    case (.tabBar, .wide):
      return compact ? Size(width: 23, height: 20) : Size(width: 31, height: 28)
    case (.tabBar, .tall):
      return compact ? Size(width: 23, height: 20) : Size(width: 31, height: 28)
    case (.toolbar, .circle), (.toolbar, .square): return Size(width: 24, height: 24)
    case (.toolbar, .wide): return Size(width: 28, height: 24)
    case (.toolbar, .tall): return Size(width: 24, height: 28)
    case (.indicator, _): return Size(width: 8, height: 8)
    }
  }

  /// The role table as `--help` prints it (`RoleHelpTable.text`, which the light front prints
  /// without linking the engine).
  public static var helpTable: String { RoleHelpTable.text }
}
