/// The name, summary and help of `glyphsmith symbol`, here in `GlyphsmithCommands` so that the
/// light `glyphsmith` front prints them without the rendering engine; the subcommand in
/// `glyphsmith-render` uses the same texts.
package enum SymbolText {
  package static let name = "symbol"
  package static let summary = "make custom SF Symbols (.symbolset, template 3.0) from SVG icons"
  package static let help = """
    usage: glyphsmith symbol ICON... -o CATALOG.xcassets [--ultralight F] [--black F]
                             [--embolden UNITS] [--height UNITS] [--measure]
                             [--report FILE.json] [--jobs N]

    Writes one NAME.symbolset per SVG icon (files or folders) into the catalog: Contents.json
    and a custom-symbol template (version 3.0, iOS 15+) with Ultralight-S, Regular-S and
    Black-S, from which the system interpolates the other weights and scales. Strokes become
    filled outlines (FreeType's stroker) at the icon's stroke width times F: Regular x1,
    Ultralight x0.5, Black x2. Filled shapes keep one outline for all weights unless
    --embolden grows Black by UNITS template units a side (Ultralight shrinks by half). When
    the weights cannot be made compatible, all three are Regular and a warning says so.
    Inputs mark hierarchical layers with class="symbol-secondary" or "symbol-tertiary".
    See docs/symbols.md.

    options:
      -o, --output DIR      the .xcassets catalog (created when missing; required)
      --ultralight F        Ultralight stroke width factor (default 0.5)
      --black F             Black stroke width factor (default 2)
      --embolden UNITS      grow filled shapes in Black by UNITS a side (default 0: off)
      --height UNITS        template units the icon's canvas height spans (default 79)
      --measure             compare Regular-S with the source render and measure ink
      --report FILE         write a JSON report (per icon: method, paths, warnings, measure)
      --jobs N              threads (default: all cores)

    Exit: 0 all written without warnings; 1 written with warnings (copied weights);
    2 when an input could not be made into a symbol, or on a usage error.
    """
}
