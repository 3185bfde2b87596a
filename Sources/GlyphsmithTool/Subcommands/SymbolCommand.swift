import FoundationEssentials
import Glibc
import Glyphsmith
import GlyphsmithCommands

/// `glyphsmith symbol ICON... -o CATALOG.xcassets`: custom SF Symbols from SVG icons.
enum SymbolCommand: DeclaredSubcommand {
  /// The command declared once: `parse`, the usage and this help all come from it.
  static let declaration = CommandDeclaration(
    name: "symbol",
    summary: "make custom SF Symbols (.symbolset, template 3.0) from SVG icons",
    synopsis: """
      ICON... -o CATALOG.xcassets [--ultralight F] [--black F]
      [--embolden UNITS] [--height UNITS] [--measure]
      [--report FILE.json] [--jobs N] [--prefix P] [--suffix S] [--force]
      [--max-pixels N] [--max-use N] [--max-text N]
      [--max-ref-depth N] [--max-filters N] [--max-kernel N]
      """,
    discussion: """
      Writes one NAME.symbolset per SVG icon (files or folders) into the catalog: Contents.json
      and a custom-symbol template (version 3.0, iOS 15+) with Ultralight-S, Regular-S and
      Black-S, from which the system interpolates the other weights and scales. Strokes become
      filled outlines (FreeType's stroker) at the icon's stroke width times F: Regular x1,
      Ultralight x0.32, Black x2 (Apple's ratios). Filled shapes grow 5.4 template units a side
      at Black and shrink 2.2 at Ultralight (the ink ratios of Apple's filled exports), less
      where a hole would close. The Regular ink is sized to the SF glyph of its shape (circle
      78.85 units, square 71.13) and each weight's margins keep Apple's side bearing (6.84,
      square 9.77). When the weights cannot be made compatible, all three are Regular and a
      warning says so.
      Inputs mark hierarchical layers with class="symbol-secondary" or "symbol-tertiary".
      See docs/symbols.md.
      """,
    options: [
      .value(
        "output", short: "o", "DIR", help: "the .xcassets catalog (created when missing; required)"),
      .value(
        "ultralight", "F", kind: .positiveNumber, default: "0.32",
        help: "Ultralight stroke width factor (default 0.32)"),
      .value(
        "black", "F", kind: .positiveNumber, default: "2",
        help: "Black stroke width factor (default 2)"),
      .value(
        "embolden", "UNITS", kind: .positiveNumber,
        help: """
          grow filled shapes in Black by UNITS a side and shrink them in
          Ultralight by UNITS / 2 (default 5.4 and 2.2). In units of a
          100-unit glyph: 1 to 2 is a light touch for detailed icons, 4 to
          6 matches Apple's filled symbols, 8 and more fill counters in
          (they are then kept open by emboldening less)
          """),
      .value(
        "height", "UNITS", kind: .positiveNumber,
        help: "size the icon's canvas to UNITS tall instead of sizing its ink"),
      .flag("measure", help: "compare Regular-S with the source render and measure ink"),
      .value(
        "report", "FILE", help: "write a JSON report (per icon: method, paths, warnings, measure)"),
      .value("jobs", "N", kind: .count, help: "threads (default: all cores)"),
      .flag("force", help: "replace a NAME.symbolset glyphsmith did not make"),
      .value(
        "prefix", "P",
        help: """
          name each symbol P + NAME + S (a symbol whose name an image set
          or other asset in the catalog has is refused: exit 2)
          """),
      .value("suffix", "S", listing: .joined, help: ""),
    ],
    including: [BudgetOptions.limits],
    helpColumn: 24,
    footer: """
      Exit: 0 all written without warnings; 1 written with warnings (copied weights);
      2 when an input could not be made into a symbol (or its name is taken by another asset
      in the catalog), or on a usage error.
      """,
    // Every symbol has all the weights; what a user can set of them is their stroke factors.
    hints: ["weight": ["ultralight", "black"]])

  static func parse(_ arguments: [String]) throws -> Limited<SymbolCommandJob> {
    let parsed = try declaration.parse(arguments)
    return Limited(options: try options(parsed), limits: try BudgetOptions.inputLimits(parsed))
  }

  /// The options `parsed` gives, but the input limits.
  /// - Throws: `UsageError` for a missing, extra or malformed argument.
  static func options(_ parsed: ParsedArguments) throws -> SymbolCommandJob {
    guard !parsed.positionals.isEmpty else { throw UsageError(message: "missing ICON") }
    guard let output = parsed.value("output") else {
      throw UsageError(message: "missing -o/--output CATALOG.xcassets")
    }
    if let problem = OutputOwnership.bareFolderProblem(output, option: "-o") {
      throw UsageError(message: problem)
    }
    var symbol = SymbolOptions()
    symbol.ultralightFactor = try parsed.defaultedNumber("ultralight")
    symbol.blackFactor = try parsed.defaultedNumber("black")
    if let embolden = try parsed.number("embolden") {
      symbol.emboldenUnits = embolden
      symbol.thinUnits = embolden / 2
      symbol.emboldenFollowsThickness = false
    }
    if let height = try parsed.number("height") {
      symbol.canvasHeightUnits = height
      symbol.sizesInk = false
    }
    guard symbol.ultralightFactor < 1, symbol.blackFactor > 1 else {
      throw UsageError(message: "--ultralight must be below 1 and --black above 1")
    }
    var job = SymbolCommandJob(inputs: parsed.positionals, catalog: output)
    job.options = symbol
    job.measure = parsed.has("measure")
    job.reportPath = parsed.value("report")
    job.jobs = try parsed.whole("jobs")
    job.prefix = parsed.value("prefix") ?? ""
    job.suffix = parsed.value("suffix") ?? ""
    job.force = parsed.has("force")
    return job
  }

  static func run(_ limited: Limited<SymbolCommandJob>) throws -> FailureCategory? {
    let job = limited.applied()
    return try job.run(diagnose: Terminal.error)
  }
}
