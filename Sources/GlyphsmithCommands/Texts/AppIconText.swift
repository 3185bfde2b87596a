/// The name, summary and help of `glyphsmith appicon`, here in `GlyphsmithCommands` so that the
/// light `glyphsmith` front prints them without the rendering engine; the subcommand in
/// `glyphsmith-render` uses the same texts.
package enum AppIconText {
  package static let name = "appicon"
  package static let summary =
    "write an .appiconset (1024 px universal icon, dark, tinted, legacy sizes)"
  /// The command declared once: `parse`, the usage and this help all come from it. The
  /// Android options are explained in the footer's own usage (no entries of their own).
  package static let declaration = CommandDeclaration(
    name: name,
    summary: summary,
    synopsis: """
      ICON -o CATALOG.xcassets [--name AppIcon] [--background COLOR]
      [--dark ICON] [--tinted ICON] [--legacy] [--allow-upscale]
      [--padding PT|PERCENT] [--foreground COLOR] [--preview FILE] [--force]
      """,
    discussion: """
      Writes CATALOG.xcassets/NAME.appiconset with the single 1024x1024 px universal iOS entry
      (as Xcode 15 and later write it), replacing that folder atomically; creates the catalog
      and its Contents.json when missing. ICON is an .svg or .png file (square, 1024 px or
      larger for PNG). The icon is flattened onto an opaque background and written as an RGB
      PNG without alpha (the App Store rejects alpha); a transparent corner gives a warning
      unless --background is given. Warnings also name glyph artwork whose corners the iOS
      icon mask cuts (with the --padding that keeps it inside), a dark or tinted layer that
      would be invisible on the dark home screen (less than 0.5 % of it at 3:1 contrast against
      black), a tinted layer in colour, and a --foreground too close to the background.
      The written catalog is then validated (see 'glyphsmith help validate').
      """,
    options: [
      .value(
        "output", short: "o", "CATALOG", help: "the .xcassets folder to write into (required)"),
      .value("name", "NAME", help: "the asset name (default AppIcon)"),
      .value("background", "COLOR", help: "opaque #RRGGBB under the icon (default #FFFFFF)"),
      .value("dark", "ICON", help: "artwork for the dark appearance (alpha kept)"),
      .value("tinted", "ICON", help: "artwork for the tinted appearance (alpha kept)"),
      .flag(
        "legacy",
        help: """
          also write the iPhone, iPad and ios-marketing size list of
          Xcode 13 and earlier (18 PNGs, px = size x scale)
          """),
      .flag(
        "allow-upscale",
        help: """
          accept a PNG that must be enlarged more than 2x to fill the
          1024 px icon (refused by default: it would be blurred)
          """),
      .value(
        "padding", "PT|PERCENT",
        help: """
          transparent margin around ICON on each side: pt of the 1024 pt
          icon (100) or a percentage of its side (10%); keeps glyph artwork
          inside the corner mask (every appearance)
          """),
      .value(
        "foreground", "COLOR",
        help: """
          draw ICON's ink in one colour, coverage kept (a black glyph
          becomes a white one on --background)
          """),
      .value(
        "preview", "FILE",
        help: """
          also write a PNG of the written appearances under the iOS
          corner mask (Any, Dark, Tinted), as the home screen shows them
          """),
      .flag("force", help: "replace an app icon set or launcher files glyphsmith did not make"),
      .value(
        "platform", "ios|android", listing: .inText,
        help: "ios (default) or android: the adaptive launcher icon into -o RES_DIR"),
      .value(
        "monochrome", "FILE", listing: .inText,
        help: "android: the themed-icon layer (default: ICON in one colour)"),
      .value(
        "inset", "PERCENT", listing: .inText,
        help: "android: the share of the 108 dp layer left free on each side"),
      .value(
        "min-sdk", "N", kind: .integer(minimum: 1, maximum: 1000), default: "26",
        listing: .inText,
        help: "android: the lowest API level the layers must work on (default 26: adaptive icons)"),
    ],
    helpColumn: 24,
    footer: """
      Exit: 0 written and valid, 1 written but the validator has findings, 2 an input could
      not be read or rendered, or the catalog could not be written.

      Android: glyphsmith appicon ICON --platform android -o RES_DIR [--background COLOR|FILE]
                                [--monochrome FILE] [--inset PERCENT] [--name ic_launcher]
                                [--min-sdk N]
      writes what Android Studio's Image Asset wizard writes: mipmap-anydpi-v26/NAME.xml and
      NAME_round.xml (<adaptive-icon> with background, foreground and monochrome), the layers
      as VectorDrawables in drawable/ where the artwork allows, else 108 dp PNG layers per
      density, values/NAME_background.xml for a colour background, legacy 48 dp
      mipmap-<density>/NAME.png and NAME_round.png (masked), and NAME-playstore.png (512 px,
      opaque) beside RES_DIR. ICON's canvas is the 108 dp layer; --inset PERCENT leaves that
      share of it free on each side. --monochrome defaults to ICON in one colour. Checks:
      foreground ink outside the 66 dp safe circle is a warning, outside the 72 dp visible
      square an error; a monochrome layer of more than one colour or a background with
      transparency is an error (exit 1, the files are written). See docs/specs.md.
      """)
  /// The `--help` text, generated from `declaration`.
  package static var help: String { declaration.help }
}
