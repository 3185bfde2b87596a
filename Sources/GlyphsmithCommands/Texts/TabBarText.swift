/// The name, summary and help of `glyphsmith tabbar`, here in `GlyphsmithCommands` so that the
/// light `glyphsmith` front prints them without the rendering engine; the subcommand in
/// `glyphsmith-render` uses the same texts.
package enum TabBarText {
  package static let name = "tabbar"
  package static let summary = "draw a whole tab bar preview with icons, titles, badges"
  package static let help = """
    usage: glyphsmith tabbar --item TITLE=ICON[,badge=VALUE][,disabled]... [--selected K]
                             -o OUT.png [--idiom phone|pad] [--device-width PT] [--scale N]
                             [--appearance light|dark] [--palette ios18|ios26] [--compact]
                             [--home-indicator] [--rtl] [--json]

    Draws a tab bar: background and top hairline, 49 pt high on iPhone (50 pt iPad, 32 pt
    compact, plus 34 pt with --home-indicator, 15 pt on iPad), items spread evenly, icons
    (SVG or PNG) as template glyphs at the HIG size for their shape, titles 10 pt under the
    icons (beside them in compact bars and on iPad), selected systemBlue, others gray,
    disabled dimmed, badges at the icon box's top-trailing corner, never over a title. More
    than 5 items on iPhone (7 on iPad): 4 (6) items and a "More" item. Titles wider than
    their slot end in an ellipsis, with a warning. Items are 0-based.

    options:
      -o, --output FILE        the PNG to write (required; - for stdout without --json)
      --item TITLE=ICON[,badge=VALUE][,disabled]
                               one tab (repeatable, in order); badge= with no value draws a
                               dot badge; file names may not contain commas
      --selected K             the selected item (default 0)
      --idiom I                phone (default) or pad
      --device-width PT        bar width (default 393 phone, 852 compact, 820 pad)
      --scale N                px per pt: 1, 2, 3 for @1x, @2x, @3x (default 1)
      --appearance A           light (default) or dark
      --palette P              ios18 (default) or ios26
      --compact                iPhone landscape bar: 32 pt, compact icons, titles beside
      --home-indicator         add the home-indicator inset (34 pt iPhone, 15 pt iPad)
      --rtl                    right to left: first item at the trailing (right) edge, titles
                               before icons beside them, badges at the top-leading corner
      --json                   print what was drawn on stdout: {"version": 1, "size":
                               {"width", "height"}, "items": [{"kind": "tab"|"more"|"badge"|
                               "icon"|"label", "title", "frame": {"x", "y", "width", "height"},
                               "truncated", "selected", "disabled", "icon"}], "warnings":
                               [...]}; pt, origin top-left; a "label" item is a title's ink,
                               an "icon" item the glyph's own frame

    Exit: 0 written, 2 bad options or an unreadable icon (nothing is written).
    """
}
