/// The label, fill and background colours of the toolbar, search bar and table view
/// previews (specs.md "Search bars and scope bars", "Table views"; UIKit's dynamic system
/// colours, sRGB hex, the same in both palettes).
extension IndicatorPalette {
  /// label: #000000 light / #FFFFFF dark. Entered search text, row titles.
  public func label(_ appearance: Appearance) -> RGBA8 {
    appearance == .light ? .black : .white
  }

  /// secondaryLabel: #3C3C4399 light / #EBEBF599 dark. Placeholder, prompt, magnifying glass,
  /// bookmarks glyph, subtitles, detail text, headers and footers.
  public func secondaryLabel(_ appearance: Appearance) -> RGBA8 {
    appearance == .light
      ? RGBA8(r: 0x3C, g: 0x3C, b: 0x43, a: 0x99) : RGBA8(r: 0xEB, g: 0xEB, b: 0xF5, a: 0x99)
  }

  /// tertiaryLabel: #3C3C434D light / #EBEBF54D dark. The clear button's circle, the
  /// disclosure chevron.
  public func tertiaryLabel(_ appearance: Appearance) -> RGBA8 {
    appearance == .light
      ? RGBA8(r: 0x3C, g: 0x3C, b: 0x43, a: 0x4D) : RGBA8(r: 0xEB, g: 0xEB, b: 0xF5, a: 0x4D)
  }

  /// tertiarySystemFill: #7676801F light / #7676803D dark. The search field and the scope
  /// bar's track.
  public func tertiarySystemFill(_ appearance: Appearance) -> RGBA8 {
    appearance == .light
      ? RGBA8(r: 0x76, g: 0x76, b: 0x80, a: 0x1F) : RGBA8(r: 0x76, g: 0x76, b: 0x80, a: 0x3D)
  }

  /// systemBackground: #FFFFFF light / #000000 dark. Behind the search bar and a plain table.
  public func systemBackground(_ appearance: Appearance) -> RGBA8 {
    appearance == .light ? .white : .black
  }

  /// systemGroupedBackground: #F2F2F7 light / #000000 dark. Behind an inset grouped table.
  public func groupedBackground(_ appearance: Appearance) -> RGBA8 {
    appearance == .light ? RGBA8(r: 0xF2, g: 0xF2, b: 0xF7) : .black
  }

  /// The cells of an inset grouped table: #FFFFFF light / #1C1C1E dark.
  public func groupedCell(_ appearance: Appearance) -> RGBA8 {
    appearance == .light ? .white : RGBA8(r: 0x1C, g: 0x1C, b: 0x1E)
  }

  /// A plain table's section header band: #F2F2F7 light / #1C1C1E dark (UIKit's plain
  /// header background as measured; no published value).
  public func plainHeaderBand(_ appearance: Appearance) -> RGBA8 {
    appearance == .light ? RGBA8(r: 0xF2, g: 0xF2, b: 0xF7) : RGBA8(r: 0x1C, g: 0x1C, b: 0x1E)
  }

  /// separator: #3C3C434A light / #54545899 dark, one device pixel thick.
  public func separator(_ appearance: Appearance) -> RGBA8 {
    appearance == .light
      ? RGBA8(r: 0x3C, g: 0x3C, b: 0x43, a: 0x4A) : RGBA8(r: 0x54, g: 0x54, b: 0x58, a: 0x99)
  }

  /// The scope bar's selected segment: #FFFFFF light / #636366 dark.
  public func selectedSegment(_ appearance: Appearance) -> RGBA8 {
    appearance == .light ? .white : RGBA8(r: 0x63, g: 0x63, b: 0x66)
  }
}
