/// The name, summary and help of `glyphsmith searchbar`, here in `GlyphsmithCommands` so that the
/// light `glyphsmith` front prints them without the rendering engine; the subcommand in
/// `glyphsmith-render` uses the same texts.
package enum SearchBarText {
  package static let name = "searchbar"
  package static let summary =
    "draw a search bar preview: field, prompt, bookmarks, clear, scope bar"
  package static let help = """
    usage: glyphsmith searchbar -o OUT.png [--placeholder TEXT] [--text TEXT] [--prompt TEXT]
                                [--bookmark] [--scopes A,B,C | --scope TITLE...]
                                [--selected-scope K] [--idiom phone|pad] [--device-width PT]
                                [--scale N] [--appearance light|dark] [--palette ios18|ios26]
                                [--json]

    Draws a search bar (UISearchBar, iOS 13+ look): a 36 pt field with a 10 pt corner
    radius in a 56 pt bar, 8 pt side insets; a magnifying glass and the placeholder (17 pt,
    secondary label colour) while the field is empty, with --bookmark a bookmarks glyph at
    the trailing edge; with --text the text in the label colour and a clear button instead of
    the bookmarks glyph. --prompt adds one 13 pt line above the field. A scope bar goes under
    the field: 32 pt segments in the field's fill, the selected one white (#636366 dark)
    with semibold title. Scopes are 0-based. Text that does not fit ends in an ellipsis, with
    a warning. System glyphs are Lucide icons (assets/system-glyphs).

    options:
      -o, --output FILE        the PNG to write (required; - for stdout without --json)
      --placeholder TEXT       shown while the field is empty (default "Search")
      --text TEXT              entered text: hides the placeholder and the bookmarks glyph,
                               shows the clear button
      --prompt TEXT            one short line above the field
      --bookmark               the bookmarks glyph at the trailing edge (empty field only)
      --scopes A,B,C           scope titles, comma-separated
      --scope TITLE            one scope title (repeatable; for titles with commas)
      --selected-scope K       the selected scope (default 0)
      --idiom I                phone (default, 393 pt wide) or pad (820 pt)
      --device-width PT        bar width
      --scale N                px per pt: 1, 2, 3 for @1x, @2x, @3x (default 1)
      --appearance A           light (default) or dark
      --palette P              ios18 (default) or ios26
      --json                   print what was drawn on stdout ({"version": 1, "size", "items":
                               [{"kind": "prompt"|"field"|"magnifyingGlass"|"placeholder"|
                               "searchText"|"bookmarks"|"clear"|"scope", "title", "frame",
                               "truncated", "selected"}], "warnings"}; pt, origin top-left)

    Exit: 0 written (warnings on stderr), 2 bad options, an empty scope title or a selected
    scope out of range (nothing is written).
    """
}
