import GlyphsmithCore

/// The name, summary and help of `glyphsmith render`, here in `GlyphsmithCommands` so that the
/// light `glyphsmith` front prints them without the rendering engine; the subcommand in
/// `glyphsmith-render` uses the same texts.
package enum RenderText {
  package static let name = "render"
  package static let summary = "render one SVG or PNG icon to a PNG at a size and scale"
  package static let help = """
    usage: glyphsmith render INPUT -o OUTPUT.png [--role R] [--size PT | --width PX --height PX]
                             [--scale N] [--padding PT] [--template] [--tint COLOR]
                             [--background COLOR] [--shape S] [--compact] [--quiet]

    Renders INPUT (an .svg or .png file, or - for stdin) to OUTPUT.png (- for stdout): 8-bit
    RGBA, straight alpha, sRGB chunk, no time stamp; written atomically.

    options:
      -o, --output FILE     the PNG to write (required)
      --role R              plain (default), tab-bar, toolbar, indicator; see the table below
      --size PT             size in pt: plain: the square canvas; fitted roles: the target box
      -w, --width PX        output width in px (plain); alone, the height keeps the aspect ratio
      --height PX           output height in px (plain); no short form: -h is help, as on
                            every subcommand
      --scale N             px per pt: 1, 2, 3 for @1x, @2x, @3x (default 1)
      -z, --zoom N          the same as --scale (rsvg-convert's name)
      --padding PT          transparent space in pt between the art and each canvas edge;
                            what you fixed stays fixed: with an explicit canvas (plain with
                            --size, --width or --height) the art shrinks to make room, with
                            a role's glyph size (tab-bar, toolbar, indicator) the canvas
                            grows by 2 x PT; see "Padding" in docs/render.md
      --template            alpha only, glyph black, coverage kept (default for fitted roles)
      --original            keep the artwork's colours (default for plain)
      --tint COLOR          one colour; coverage kept
      --background COLOR    composite over this colour instead of transparency
      -b, --background-color COLOR  the same as --background (rsvg-convert's name)
      -f, --format png      accepted for rsvg-convert habits; png is the only format
      --shape S             circle, square, wide or tall instead of the shape found from the ink
      --compact             compact tab bar sizes (tab-bar role)
      -a, --keep-aspect-ratio  accepted for rsvg-convert habits and ignored: the aspect ratio
                            is always kept (--width with --height letterboxes, centred)
      COLOR                 #RGB, #RRGGBB, #RRGGBBAA, a CSS colour name (red,
                            rebeccapurple) or R,G,B
    \(BudgetOptions.help)

    roles:
    \(RoleHelpTable.text)

    With no size, the output is the artwork's intrinsic size (width and height, else the
    viewBox) x scale. Exit: 0 written, 2 the input could not be read or rendered.
    """
}
