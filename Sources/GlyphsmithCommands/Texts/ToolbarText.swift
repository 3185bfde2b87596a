/// The name, summary and help of `glyphsmith toolbar`, here in `GlyphsmithCommands` so that the
/// light `glyphsmith` front prints them without the rendering engine; the subcommand in
/// `glyphsmith-render` uses the same texts.
package enum ToolbarText {
  package static let name = "toolbar"
  package static let summary = "draw a toolbar preview with icon and text buttons and spaces"
  /// The command declared once: `parse`, the usage and this help all come from it.
  package static let declaration = CommandDeclaration(
    name: name,
    summary: summary,
    synopsis: """
      --item ITEM[,prominent][,disabled]... [--space flex|PT]...
      -o OUT.png [--idiom phone|pad] [--compact] [--device-width PT]
      [--scale N] [--appearance light|dark] [--palette ios18|ios26]
      [--rtl] [--json]
      """,
    discussion: """
      Draws a toolbar (UIToolbar): background and top hairline, 44 pt high on iPhone (50 pt
      iPad, 32 pt compact), 16 pt margins (20 pt on devices wider than 400 pt), the items in
      the order given. ITEM is ICON (an argument ending in .svg or .png), TITLE=ICON (the icon
      drawn, the title reported) or TITLE (a 17 pt text button). Icons are template glyphs at
      the toolbar size (ink fitted to 24 x 24 pt, 28 pt on the long side). Items are tinted
      systemBlue; with --palette ios26 only prominent ones are, the rest label-coloured.
      ,prominent: tinted, semibold text; ,disabled: dimmed as in tabbar. --space flex takes
      the room left over (shared by all flexible spaces), --space PT a fixed width; items with
      no space between them are 8 pt apart; with no --space at all, a flexible space goes
      between every two items. Warnings: more than 5 items, or items wider than the bar (text
      buttons then end in an ellipsis).
      """,
    options: [
      .barOutput,
      .value(
        "item", "ITEM", repeatable: true, help: "one button (repeatable, in order with --space)"),
      .value(
        "space", "flex|PT", repeatable: true, help: "a flexible space or a fixed one of PT points"),
      .idiom,
      .flag("compact", help: "iPhone landscape toolbar, 32 pt"),
      .value(
        "device-width", "PT", kind: .positiveNumber,
        help: "bar width (default 393 phone, 852 compact, 820 pad)"),
      .scale,
      .appearance,
      .palette,
      .flag("rtl", help: "right to left: the first item at the trailing (right) edge"),
      .flag(
        "json",
        help: """
          print what was drawn on stdout: {"version": 1, "size":
          {"width", "height"}, "items": [{"kind": "icon"|"text"|"space",
          "title", "frame": {"x", "y", "width", "height"}, "truncated",
          "disabled", "icon"}], "warnings": [...]}; pt, origin top-left
          """),
    ],
    helpColumn: 27,
    footer: """
      Exit: 0 written (warnings on stderr), 2 bad options or an unreadable icon (nothing is
      written).
      """)
  /// The `--help` text, generated from `declaration`.
  package static var help: String { declaration.help }
}
