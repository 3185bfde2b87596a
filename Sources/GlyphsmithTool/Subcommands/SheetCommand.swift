import Foundation
import Glyphsmith
import GlyphsmithCommands

/// `glyphsmith sheet INPUT... -o SHEET.png`: a contact sheet of rendered icons.
enum SheetCommand: DeclaredSubcommand {
  static let declaration = SheetText.declaration

  static func parse(_ arguments: [String]) throws -> ContactSheetJob {
    let parsed = try declaration.parse(arguments)
    guard !parsed.positionals.isEmpty else { throw UsageError(message: "missing INPUT") }
    let output = try CommonOptions.output(parsed, "SHEET.png")
    var render = RenderOptions()
    var sheet = ContactSheet()
    render.role = try CommonOptions.role(parsed.valueOrDefault("role"), default: .tabBar)
    render.tint = try CommonOptions.color(parsed.value("tint"), option: "tint")
    render.compact = parsed.has("compact")
    if render.compact && render.role != .tabBar {
      throw UsageError(message: "--compact applies to the tab-bar role only")
    }
    sheet.scale = try parsed.defaultedNumber("scale")
    sheet.columns = try parsed.defaultedWhole("columns")
    render.scale = sheet.scale
    if parsed.has("symbols") {
      sheet.cellPt = 112
      sheet.cellHeightPt = SymbolSheet.cellHeightPt
    }
    var job = ContactSheetJob(
      inputs: parsed.positionals, output: output, limit: try parsed.whole("limit"),
      render: render, sheet: sheet)
    job.symbols = parsed.has("symbols")
    return job
  }

  static func run(_ job: ContactSheetJob) throws -> FailureCategory? {
    try job.run(diagnose: Terminal.error)
  }
}
