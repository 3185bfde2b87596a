/// The name, summary and help of `glyphsmith badge`, here in `GlyphsmithCommands` so that the
/// light `glyphsmith` front prints them without the rendering engine; the subcommand in
/// `glyphsmith-render` uses the same texts.
package enum BadgeText {
  package static let name = "badge"
  package static let summary =
    "draw a tab bar badge (number, '!', word or dot), alone or on an icon"
  /// The command declared once: `parse`, the usage and this help all come from it.
  package static let declaration = CommandDeclaration(
    name: name,
    summary: summary,
    synopsis: """
      VALUE -o OUT.png [--scale N] [--height PT] [--max N]
      [--color COLOR] [--text-color COLOR] [--appearance light|dark]
      [--palette ios18|ios26] [--on ICON.png] [--rtl]
      """,
    discussion: """
      Draws a badge as UITabBarItem.badgeValue shows it: a fully rounded systemRed oval with
      white semibold text (Inter, shipped in assets/fonts). VALUE is a number, "!", a short word
      or an emoji; "" draws a small dot badge. Whole numbers above --max show as "<max>+".
      The image is exactly the badge: height x scale px high, no margins.
      """,
    options: [
      .pngOutput,
      .scale,
      .value(
        "height", "PT", kind: .positiveNumber, default: "18",
        help: "badge height in pt (default 18)"),
      .value(
        "max", "N", kind: .integer(minimum: 0, maximum: .max), default: "99",
        help: "largest number shown as is (default 99)"),
      .value("color", "COLOR", help: "fill, #RRGGBB or #RRGGBBAA (default systemRed)"),
      .value("text-color", "COLOR", help: "text colour (default #FFFFFF)"),
      .value("appearance", "A", help: "light (default) or dark: picks the systemRed variant"),
      .value("palette", "P", help: "ios18 (default, iOS 13-18 colours) or ios26"),
      .value(
        "on", "ICON",
        help: """
          composite the badge at the top-trailing corner of the 31 x 28 pt
          tab bar icon box centred on ICON; a PNG is taken at the same
          scale as it is, an SVG is drawn at the tab bar size (HIG, by
          shape) and --scale, its colours kept; the canvas grows
          """),
      .flag(
        "rtl",
        help: """
          right-to-left layout: top-leading corner (with --on only; the
          badge's own pixels never change)
          """),
    ],
    helpColumn: 26,
    footer: """
      Exit: 0 written, 2 bad options, unreadable icon or a character no shipped font covers.
      """)
  /// The `--help` text, generated from `declaration`.
  package static var help: String { declaration.help }
}
