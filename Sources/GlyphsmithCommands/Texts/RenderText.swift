import GlyphsmithCore

/// The name, summary and help of `glyphsmith render`, here in `GlyphsmithCommands` so that the
/// light `glyphsmith` front prints them without the rendering engine; the subcommand in
/// `glyphsmith-render` uses the same texts.
package enum RenderText {
  package static let name = "render"
  package static let summary = "render one SVG or PNG icon to a PNG at a size and scale"
  /// The command declared once: `parse`, the usage and this help all come from it.
  package static let declaration = CommandDeclaration(
    name: name,
    summary: summary,
    synopsis: """
      INPUT -o OUTPUT.png [--role R] [--size PT | --width PX --height PX]
      [--scale N] [--padding PT] [--template] [--tint COLOR]
      [--background COLOR] [--shape S] [--compact] [--quiet]
      [-f png|vector-drawable] [--min-sdk N]
      """,
    discussion: """
      Renders INPUT (an .svg or .png file, or - for stdin) to OUTPUT.png (- for stdout): 8-bit
      RGBA, straight alpha, sRGB chunk, no time stamp; written atomically.
      """,
    options: [
      .value("output", short: "o", "FILE", help: "the PNG to write (required)"),
      .value(
        "role", "R", kind: .choice(["plain", "tab-bar", "toolbar", "indicator"]), default: "plain",
        help: "plain (default), tab-bar, toolbar, indicator; see the table below"),
      .value(
        "size", "PT", kind: .positiveNumber,
        help: "size in pt: plain: the square canvas; fitted roles: the target box"),
      .value(
        "width", short: "w", "PX", kind: .integer(minimum: 1, maximum: 16384),
        help: "output width in px (plain); alone, the height keeps the aspect ratio"),
      .value(
        "height", "PX", kind: .integer(minimum: 1, maximum: 16384),
        help: """
          output height in px (plain); no short form: -h is help, as on
          every subcommand
          """),
      .scale,
      .value(
        "zoom", short: "z", "N", kind: .positiveNumber,
        help: "the same as --scale (rsvg-convert's name)"),
      .value(
        "padding", "PT", kind: .points,
        help: """
          transparent space in pt between the art and each canvas edge;
          what you fixed stays fixed: with an explicit canvas (plain with
          --size, --width or --height) the art shrinks to make room, with
          a role's glyph size (tab-bar, toolbar, indicator) the canvas
          grows by 2 x PT; see "Padding" in docs/render.md
          """),
      .flag(
        "template", help: "alpha only, glyph black, coverage kept (default for fitted roles)"),
      .flag("original", help: "keep the artwork's colours (default for plain)"),
      .value("tint", "COLOR", help: "one colour; coverage kept"),
      .value("background", "COLOR", help: "composite over this colour instead of transparency"),
      .value(
        "background-color", short: "b", "COLOR",
        help: "the same as --background (rsvg-convert's name)"),
      .value(
        "format", short: "f", "F",
        // Each registered format's phrase (`OutputFormatIndex`, from `OutputFormats.all`).
        help: OutputFormatIndex.renderHelp),
      .value(
        "min-sdk", "N", kind: .integer(minimum: 1, maximum: 1000), default: "21",
        help: """
          vector-drawable: the lowest API level (default 21); below 24
          even-odd fills are rewritten for the nonzero rule
          """),
      .value(
        "shape", "S", kind: .choice(["circle", "square", "wide", "tall"]),
        help: "circle, square, wide or tall instead of the shape found from the ink"),
      .flag("compact", help: "compact tab bar sizes (tab-bar role)"),
      .flag(
        "keep-aspect-ratio", short: "a", placement: .beside,
        help: """
          accepted for rsvg-convert habits and ignored: the aspect ratio
          is always kept (--width with --height letterboxes, centred)
          """),
      .note(
        "COLOR",
        help: """
          #RGB, #RRGGBB, #RRGGBBAA, a CSS colour name (red,
          rebeccapurple) or R,G,B
          """),
    ],
    including: [BudgetOptions.group],
    helpColumn: 24,
    footer: """
      roles:
      \(RoleHelpTable.text)

      With no size, the output is the artwork's intrinsic size (width and height, else the
      viewBox) x scale. Exit: 0 written, 2 the input could not be read or rendered.
      """,
    abridgedSynopsis: true)
  /// The `--help` text, generated from `declaration`.
  package static var help: String { declaration.help }
}
