import Foundation
import Glyphsmith
import GlyphsmithCommands

/// `glyphsmith symbol ICON... -o CATALOG.xcassets`: custom SF Symbols from SVG icons.
enum SymbolCommand: DeclaredSubcommand {
  static let declaration = SymbolText.declaration

  static func parse(_ arguments: [String]) throws -> SymbolCommandJob {
    let parsed = try declaration.parse(arguments)
    guard !parsed.positionals.isEmpty else { throw UsageError(message: "missing ICON") }
    guard let output = parsed.value("output") else {
      throw UsageError(message: "missing -o/--output CATALOG.xcassets")
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

  static func run(_ job: SymbolCommandJob) throws -> FailureCategory? {
    try job.run(diagnose: Terminal.error)
  }
}
