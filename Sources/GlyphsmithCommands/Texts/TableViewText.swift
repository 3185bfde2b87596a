/// The name, summary and help of `glyphsmith tableview`, here in `GlyphsmithCommands` so that the
/// light `glyphsmith` front prints them without the rendering engine; the subcommand in
/// `glyphsmith-render` uses the same texts.
package enum TableViewText {
  package static let name = "tableview"
  package static let summary = "draw a table view preview (plain or grouped) from a JSON spec"
  /// The command declared once: `parse`, the usage and this help all come from it.
  package static let declaration = CommandDeclaration(
    name: name,
    summary: summary,
    synopsis: """
      SPEC.json -o OUT.png [--idiom phone|pad] [--device-width PT]
      [--scale N] [--appearance light|dark] [--palette ios18|ios26]
      [--json]
      """,
    discussion: """
      Draws a table view (UITableView) from SPEC.json:

        {"style": "plain" | "grouped",
         "index": true | ["A", "B", ...],
         "sections": [{"header": "...", "footer": "...",
                       "rows": [{"title": "...", "subtitle": "..." | "detail": "...",
                                 "icon": "icons/wifi.svg", "iconBackground": "#34C759",
                                 "accessory": "none" | "disclosure" | "checkmark",
                                 "disabled": false}]}]}

      Unknown keys are an error naming the key. Plain: rows edge to edge, section header bands,
      an optional section index ("index": true is A-Z and #) down the trailing edge. Grouped
      (inset grouped): rounded groups with upper-case headers and footers; at least one group,
      each with at least one row. Rows 44 pt (58 with a subtitle), separators inset to the text;
      icons (paths relative to the spec's folder, never outside it) go through the glyph
      pipeline, tinted, or white on a Settings-style 29 pt rounded square of iconBackground.
      Width from --device-width, height from the content. Text that does not fit ends in an
      ellipsis, with a warning naming the row.
      """,
    options: [
      .barOutput,
      .idiomWithWidths,
      .value("device-width", "PT", kind: .positiveNumber, help: "table width"),
      .scale,
      .appearance,
      .palette,
      .flag(
        "json",
        help: """
          print what was drawn on stdout ({"version": 1, "size", "items":
          [{"kind": "header"|"footer"|"row"|"index", "title", "frame",
          "truncated", "disabled", "icon"}], "warnings"}; pt, top-left)
          """),
    ],
    helpColumn: 27,
    footer: """
      Exit: 0 written (warnings on stderr), 2 bad options, an invalid spec or an unreadable
      icon (nothing is written).
      """)
  /// The `--help` text, generated from `declaration`.
  package static var help: String { declaration.help }
}
