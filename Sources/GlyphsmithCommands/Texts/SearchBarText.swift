/// The name, summary and help of `glyphsmith searchbar`, here in `GlyphsmithCommands` so that the
/// light `glyphsmith` front prints them without the rendering engine; the subcommand in
/// `glyphsmith-render` uses the same texts.
package enum SearchBarText {
  package static let name = "searchbar"
  package static let summary =
    "draw a search bar preview: field, prompt, bookmarks, clear, scope bar"
  /// The command declared once: `parse`, the usage and this help all come from it.
  package static let declaration = CommandDeclaration(
    name: name,
    summary: summary,
    synopsis: """
      -o OUT.png [--placeholder TEXT] [--text TEXT] [--prompt TEXT]
      [--bookmark] [--scopes A,B,C | --scope TITLE...]
      [--selected-scope K] [--idiom phone|pad] [--device-width PT]
      [--scale N] [--appearance light|dark] [--palette ios18|ios26]
      [--json]
      """,
    discussion: """
      Draws a search bar (UISearchBar, iOS 13+ look): a 36 pt field with a 10 pt corner
      radius in a 56 pt bar, 8 pt side insets; a magnifying glass and the placeholder (17 pt,
      secondary label colour) while the field is empty, with --bookmark a bookmarks glyph at
      the trailing edge; with --text the text in the label colour and a clear button instead of
      the bookmarks glyph. --prompt adds one 13 pt line above the field. A scope bar goes under
      the field: 32 pt segments in the field's fill, the selected one white (#636366 dark)
      with semibold title. Scopes are 0-based. Text that does not fit ends in an ellipsis, with
      a warning. System glyphs are Lucide icons (assets/system-glyphs).
      """,
    options: [
      .barOutput,
      .value("placeholder", "TEXT", help: "shown while the field is empty (default \"Search\")"),
      .value(
        "text", "TEXT",
        help: """
          entered text: hides the placeholder and the bookmarks glyph,
          shows the clear button
          """),
      .value("prompt", "TEXT", help: "one short line above the field"),
      .flag("bookmark", help: "the bookmarks glyph at the trailing edge (empty field only)"),
      .value("scopes", "A,B,C", help: "scope titles, comma-separated"),
      .value("scope", "TITLE", help: "one scope title (repeatable; for titles with commas)"),
      .value(
        "selected-scope", "K", kind: .integer(minimum: 0, maximum: .max), default: "0",
        help: "the selected scope (default 0)"),
      .idiomWithWidths,
      .value("device-width", "PT", kind: .positiveNumber, help: "bar width"),
      .scale,
      .appearance,
      .palette,
      .flag(
        "json",
        help: """
          print what was drawn on stdout ({"version": 1, "size", "items":
          [{"kind": "prompt"|"field"|"magnifyingGlass"|"placeholder"|
          "searchText"|"bookmarks"|"clear"|"scope", "title", "frame",
          "truncated", "selected"}], "warnings"}; pt, origin top-left)
          """),
    ],
    helpColumn: 27,
    footer: """
      Exit: 0 written (warnings on stderr), 2 bad options, an empty scope title or a selected
      scope out of range (nothing is written).
      """)
  /// The `--help` text, generated from `declaration`.
  package static var help: String { declaration.help }
}
