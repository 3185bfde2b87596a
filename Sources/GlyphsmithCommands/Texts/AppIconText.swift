/// The name, summary and help of `glyphsmith appicon`, here in `GlyphsmithCommands` so that the
/// light `glyphsmith` front prints them without the rendering engine; the subcommand in
/// `glyphsmith-render` uses the same texts.
package enum AppIconText {
  package static let name = "appicon"
  package static let summary =
    "write an .appiconset (1024 px universal icon, dark, tinted, legacy sizes)"
  package static let help = """
    usage: glyphsmith appicon ICON -o CATALOG.xcassets [--name AppIcon] [--background COLOR]
                              [--dark ICON] [--tinted ICON] [--legacy] [--allow-upscale]
                              [--padding PT|PERCENT] [--foreground COLOR] [--preview FILE]

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

    options:
      -o, --output CATALOG  the .xcassets folder to write into (required)
      --name NAME           the asset name (default AppIcon)
      --background COLOR    opaque #RRGGBB under the icon (default #FFFFFF)
      --dark ICON           artwork for the dark appearance (alpha kept)
      --tinted ICON         artwork for the tinted appearance (alpha kept)
      --legacy              also write the iPhone, iPad and ios-marketing size list of
                            Xcode 13 and earlier (18 PNGs, px = size x scale)
      --allow-upscale       accept a PNG that must be enlarged more than 2x to fill the
                            1024 px icon (refused by default: it would be blurred)
      --padding PT|PERCENT  transparent margin around ICON on each side: pt of the 1024 pt
                            icon (100) or a percentage of its side (10%); keeps glyph artwork
                            inside the corner mask (every appearance)
      --foreground COLOR    draw ICON's ink in one colour, coverage kept (a black glyph
                            becomes a white one on --background)
      --preview FILE        also write a PNG of the written appearances under the iOS
                            corner mask (Any, Dark, Tinted), as the home screen shows them

    Exit: 0 written and valid, 1 written but the validator has findings, 2 an input could
    not be read or rendered, or the catalog could not be written.
    """
}
