import Foundation
import Glyphsmith

/// `glyphsmith symbol ICON... -o CATALOG.xcassets`: custom SF Symbols from SVG icons.
enum SymbolCommand: Subcommand {
  static let name = "symbol"
  static let summary = "make custom SF Symbols (.symbolset, template 3.0) from SVG icons"
  static let help = """
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

  static let options: [OptionSpec] = [
    .value("output", short: "o"), .value("ultralight"), .value("black"), .value("embolden"),
    .value("height"), .flag("measure"), .value("report"), .value("jobs"), .flag("help"),
  ]

  static func parse(_ arguments: [String]) throws -> SymbolCommandJob {
    let parsed = try ArgumentParser.parse(arguments, options: options)
    guard !parsed.positionals.isEmpty else { throw UsageError(message: "missing ICON") }
    guard let output = parsed.value("output") else {
      throw UsageError(message: "missing -o/--output CATALOG.xcassets")
    }
    var symbol = SymbolOptions()
    symbol.ultralightFactor = try parsed.positiveDouble("ultralight") ?? 0.5
    symbol.blackFactor = try parsed.positiveDouble("black") ?? 2
    symbol.emboldenUnits = try parsed.positiveDouble("embolden") ?? 0
    symbol.canvasHeightUnits = try parsed.positiveDouble("height") ?? symbol.canvasHeightUnits
    guard symbol.ultralightFactor < 1, symbol.blackFactor > 1 else {
      throw UsageError(message: "--ultralight must be below 1 and --black above 1")
    }
    var job = SymbolCommandJob(inputs: parsed.positionals, catalog: output)
    job.options = symbol
    job.measure = parsed.has("measure")
    job.reportPath = parsed.value("report")
    job.jobs = try parsed.integer("jobs")
    return job
  }

  static func run(_ job: SymbolCommandJob) throws -> FailureCategory? {
    try job.run(diagnose: Terminal.error)
  }
}
