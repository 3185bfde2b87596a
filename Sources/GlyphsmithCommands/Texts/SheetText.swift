/// The name, summary and help of `glyphsmith sheet`, here in `GlyphsmithCommands` so that the
/// light `glyphsmith` front prints them without the rendering engine; the subcommand in
/// `glyphsmith-render` uses the same texts.
package enum SheetText {
  package static let name = "sheet"
  package static let summary =
    "draw a contact sheet PNG of icons rendered by role, with their names"
  /// The command declared once: `parse`, the usage and this help all come from it.
  package static let declaration = CommandDeclaration(
    name: name,
    summary: summary,
    synopsis: """
      INPUT... -o SHEET.png [--role R] [--compact] [--scale N]
                              [--columns N] [--tint COLOR] [--limit N]
           glyphsmith sheet --symbols CATALOG|NAME.symbolset|TEMPLATE.svg... -o SHEET.png
      """,
    discussion: """
      Renders each icon (files or folders, as for assets) by its role and lays the results out in
      a grid, each glyph on a faint tile that shows its canvas, its name below; with --compact
      the compact glyph sits beside the regular one. A NAME-dark file beside NAME is that icon's
      dark appearance (as assets pairs them), not an icon: it is left out. Names are drawn as
      spelled (no ligatures or contextual alternates: 3x3 stays 3x3).

      With --symbols the inputs are custom symbol templates (folders are searched for .svg
      files, so a catalog or a .symbolset works): each cell shows Ultralight-S, Regular-S and
      Black-S drawn from the template by librsvg, 28 pt each; --role, --compact and --tint do
      not apply.
      """,
    options: [
      .value("output", short: "o", "FILE", help: "the PNG to write (required)"),
      .flag("symbols", help: "the inputs are symbol templates (see above)"),
      .value(
        "role", "R", kind: .choice(["plain", "tab-bar", "toolbar", "indicator"]),
        default: "tab-bar",
        help: "tab-bar (default), toolbar, indicator, plain"),
      .flag("compact", help: "show the compact tab bar glyph too"),
      .value("scale", "N", kind: .positiveNumber, default: "2", help: "px per pt (default 2)"),
      .value("columns", "N", kind: .count, default: "8", help: "cells per row (default 8)"),
      .value("tint", "COLOR", help: "glyph colour (default black)"),
      .value("limit", "N", kind: .count, help: "only the first N icons"),
    ],
    helpColumn: 24,
    footer: """
      Exit: 0 written; 2 when an input could not be rendered (the sheet is still written) or on
      a usage error.
      """,
    verbatimSynopsis: true)
  /// The `--help` text, generated from `declaration`.
  package static var help: String { declaration.help }
}
