/// The name, summary and help of `glyphsmith dots`, here in `GlyphsmithCommands` so that the
/// light `glyphsmith` front prints them without the rendering engine; the subcommand in
/// `glyphsmith-render` uses the same texts.
package enum DotsText {
  package static let name = "dots"
  package static let summary =
    "draw page-control dots (UIPageControl), with custom indicator images"
  package static let help = """
    usage: glyphsmith dots --pages N --current K -o OUT.png [--scale N] [--tint COLOR]
                           [--current-tint COLOR] [--max-visible N]
                           [--indicator PAGE=FILE]... [--current-indicator FILE]
                           [--background COLOR] [--indicator-size fitted|natural]

    Draws a page control: dots 7 pt across with 9 pt gaps (16 pt apart), centred on one
    line, at least 36 pt high; the current page opaque, the others translucent. Pages are
    0-based. More pages than --max-visible show a window around the current page whose end
    dots shrink to 1/2 and 1/4, as iOS 14+ does. Over 10 pages: a warning (HIG: hard to
    count), the image is still made.

    options:
      -o, --output FILE        the PNG to write (required; - for stdout)
      --pages N                number of pages, at least 1 (required)
      --current K              the current page, 0 to N-1 (required)
      --scale N                px per pt: 1, 2, 3 for @1x, @2x, @3x (default 1)
      --tint COLOR             other pages (default #FFFFFF33: white at 0.2 alpha)
      --current-tint COLOR     the current page (default #FFFFFF)
      --max-visible N          most dots shown at once (default 9)
      --indicator PAGE=FILE    an SVG or PNG glyph for page PAGE instead of a dot (repeatable);
                               drawn as a template and tinted like a dot, keeping its own
                               proportions: a 20 x 8 capsule is drawn 20 x 8 pt beside 7 pt
                               dots, all on one centre line, 9 pt between neighbouring edges
      --current-indicator FILE a glyph for whichever page is current
      --background COLOR       fill behind the control (default transparent)
      --indicator-size S       fitted (default): each image's ink fitted to 8 pt high, its
                               width from its aspect ratio; natural: a PNG at px / scale pt
                               (its pixels 1:1 at --scale), an SVG at its own size

    Exit: 0 written (warnings on stderr), 2 bad options or an unreadable indicator file
    (nothing is written).
    """
}
