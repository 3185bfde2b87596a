import Foundation
import Glyphsmith

/// `glyphsmith sheet INPUT... -o SHEET.png`: a contact sheet of rendered icons.
enum SheetCommand: Subcommand {
  static let name = "sheet"
  static let summary = "draw a contact sheet PNG of icons rendered by role, with their names"
  static let help = """
    usage: glyphsmith sheet INPUT... -o SHEET.png [--role R] [--compact] [--scale N]
                            [--columns N] [--tint COLOR] [--limit N]
         glyphsmith sheet --symbols CATALOG|NAME.symbolset|TEMPLATE.svg... -o SHEET.png

    Renders each icon (files or folders, as for assets) by its role and lays the results out in
    a grid, each glyph on a faint tile that shows its canvas, its name below; with --compact
    the compact glyph sits beside the regular one.

    With --symbols the inputs are custom symbol templates (folders are searched for .svg
    files, so a catalog or a .symbolset works): each cell shows Ultralight-S, Regular-S and
    Black-S drawn from the template by librsvg, 28 pt each; --role, --compact and --tint do
    not apply.

    options:
      -o, --output FILE     the PNG to write (required)
      --symbols             the inputs are symbol templates (see above)
      --role R              tab-bar (default), toolbar, indicator, plain
      --compact             show the compact tab bar glyph too
      --scale N             px per pt (default 2)
      --columns N           cells per row (default 8)
      --tint COLOR          glyph colour (default black)
      --limit N             only the first N icons

    Exit: 0 written; 2 when an input could not be rendered (the sheet is still written) or on
    a usage error.
    """

  static let options: [OptionSpec] = [
    .value("output", short: "o"), .value("role"), .flag("compact"), .value("scale"),
    .value("columns"), .value("tint"), .value("limit"), .flag("symbols"), .flag("help"),
  ]

  static func parse(_ arguments: [String]) throws -> ContactSheetJob {
    let parsed = try ArgumentParser.parse(arguments, options: options)
    guard !parsed.positionals.isEmpty else { throw UsageError(message: "missing INPUT") }
    let output = try CommonOptions.output(parsed, "SHEET.png")
    var render = RenderOptions()
    var sheet = ContactSheet()
    render.role = try CommonOptions.role(parsed.value("role"), default: .tabBar)
    render.tint = try CommonOptions.color(parsed.value("tint"), option: "tint")
    render.compact = parsed.has("compact")
    if render.compact && render.role != .tabBar {
      throw UsageError(message: "--compact applies to the tab-bar role only")
    }
    sheet.scale = try parsed.positiveDouble("scale") ?? 2
    sheet.columns = try parsed.integer("columns") ?? 8
    render.scale = sheet.scale
    if parsed.has("symbols") { sheet.cellPt = 112 }
    var job = ContactSheetJob(
      inputs: parsed.positionals, output: output, limit: try parsed.integer("limit"),
      render: render, sheet: sheet)
    job.symbols = parsed.has("symbols")
    return job
  }

  static func run(_ job: ContactSheetJob) throws -> FailureCategory? {
    try job.run(diagnose: Terminal.error)
  }
}
