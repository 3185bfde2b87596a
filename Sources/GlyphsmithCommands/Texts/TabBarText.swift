/// The name, summary and help of `glyphsmith tabbar`, here in `GlyphsmithCommands` so that the
/// light `glyphsmith` front prints them without the rendering engine; the subcommand in
/// `glyphsmith-render` uses the same texts.
package enum TabBarText {
  package static let name = "tabbar"
  package static let summary = "draw a whole tab bar preview with icons, titles, badges"
  /// The command declared once: `parse`, the usage and this help all come from it.
  package static let declaration = CommandDeclaration(
    name: name,
    summary: summary,
    synopsis: """
      --item TITLE=ICON[,badge=VALUE][,disabled]... [--selected K]
      -o OUT.png [--idiom phone|pad] [--device-width PT] [--scale N]
      [--appearance light|dark] [--palette ios18|ios26] [--compact]
      [--home-indicator] [--rtl] [--json]
      """,
    discussion: """
      Draws a tab bar: background and top hairline, 49 pt high on iPhone (50 pt iPad, 32 pt
      compact, plus 34 pt with --home-indicator, 15 pt on iPad), items spread evenly, icons
      (SVG or PNG) as template glyphs at the HIG size for their shape, titles 10 pt under the
      icons (beside them in compact bars and on iPad), selected systemBlue, others gray,
      disabled dimmed, badges at the icon box's top-trailing corner, never over a title. More
      than 5 items on iPhone (7 on iPad): 4 (6) items and a "More" item. Titles wider than
      their slot end in an ellipsis, with a warning. Items are 0-based.
      """,
    options: [
      .barOutput,
      .value(
        "item", "TITLE=ICON[,badge=VALUE][,disabled]", repeatable: true,
        help: """
          one tab (repeatable, in order); badge= with no value draws a
          dot badge; file names may not contain commas
          """),
      .value(
        "selected", "K", kind: .integer(minimum: 0, maximum: .max), default: "0",
        help: "the selected item (default 0)"),
      .idiom,
      .value(
        "device-width", "PT", kind: .positiveNumber,
        help: "bar width (default 393 phone, 852 compact, 820 pad)"),
      .scale,
      .appearance,
      .palette,
      .flag("compact", help: "iPhone landscape bar: 32 pt, compact icons, titles beside"),
      .flag("home-indicator", help: "add the home-indicator inset (34 pt iPhone, 15 pt iPad)"),
      .flag(
        "rtl",
        help: """
          right to left: first item at the trailing (right) edge, titles
          before icons beside them, badges at the top-leading corner
          """),
      .flag(
        "json",
        help: """
          print what was drawn on stdout: {"version": 1, "size":
          {"width", "height"}, "items": [{"kind": "tab"|"more"|"badge"|
          "icon"|"label", "title", "frame": {"x", "y", "width", "height"},
          "truncated", "selected", "disabled", "icon"}], "warnings":
          [...]}; pt, origin top-left; a "label" item is a title's ink,
          an "icon" item the glyph's own frame
          """),
    ],
    helpColumn: 27,
    footer: "Exit: 0 written, 2 bad options or an unreadable icon (nothing is written).")
  /// The `--help` text, generated from `declaration`.
  package static var help: String { declaration.help }
}
