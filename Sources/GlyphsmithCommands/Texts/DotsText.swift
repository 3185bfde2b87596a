/// The name, summary and help of `glyphsmith dots`, here in `GlyphsmithCommands` so that the
/// light `glyphsmith` front prints them without the rendering engine; the subcommand in
/// `glyphsmith-render` uses the same texts.
package enum DotsText {
  package static let name = "dots"
  package static let summary =
    "draw page-control dots (UIPageControl), with custom indicator images"
  /// The command declared once: `parse`, the usage and this help all come from it.
  package static let declaration = CommandDeclaration(
    name: name,
    summary: summary,
    synopsis: """
      --pages N --current K -o OUT.png [--scale N] [--tint COLOR]
      [--current-tint COLOR] [--max-visible N]
      [--indicator PAGE=FILE]... [--current-indicator FILE]
      [--background COLOR] [--indicator-size fitted|natural]
      """,
    discussion: """
      Draws a page control: dots 7 pt across with 9 pt gaps (16 pt apart), centred on one
      line, at least 36 pt high; the current page opaque, the others translucent. Pages are
      0-based. More pages than --max-visible show a window around the current page whose end
      dots shrink to 1/2 and 1/4, as iOS 14+ does. Over 10 pages: a warning (HIG: hard to
      count), the image is still made.
      """,
    options: [
      .pngOutput,
      .value("pages", "N", kind: .count, help: "number of pages, at least 1 (required)"),
      .value(
        "current", "K", kind: .integer(minimum: 0, maximum: .max),
        help: "the current page, 0 to N-1 (required)"),
      .scale,
      .value("tint", "COLOR", help: "other pages (default #FFFFFF33: white at 0.2 alpha)"),
      .value("current-tint", "COLOR", help: "the current page (default #FFFFFF)"),
      .value(
        "max-visible", "N", kind: .count, default: "9", help: "most dots shown at once (default 9)"),
      .value(
        "indicator", "PAGE=FILE", repeatable: true,
        help: """
          an SVG or PNG glyph for page PAGE instead of a dot (repeatable);
          drawn as a template and tinted like a dot, keeping its own
          proportions: a 20 x 8 capsule is drawn 20 x 8 pt beside 7 pt
          dots, all on one centre line, 9 pt between neighbouring edges
          """),
      .value("current-indicator", "FILE", help: "a glyph for whichever page is current"),
      .value("background", "COLOR", help: "fill behind the control (default transparent)"),
      .value(
        "indicator-size", "S",
        help: """
          fitted (default): each image's ink fitted to 8 pt high, its
          width from its aspect ratio; natural: a PNG at px / scale pt
          (its pixels 1:1 at --scale), an SVG at its own size
          """),
    ],
    helpColumn: 27,
    footer: """
      Exit: 0 written (warnings on stderr), 2 bad options or an unreadable indicator file
      (nothing is written).
      """)
  /// The `--help` text, generated from `declaration`.
  package static var help: String { declaration.help }
}
