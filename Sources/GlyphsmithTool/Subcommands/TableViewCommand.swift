import Foundation
import Glyphsmith
import GlyphsmithCommands

/// `glyphsmith tableview SPEC.json -o OUT.png ...`: a table view preview from a JSON spec.
enum TableViewCommand: DeclaredSubcommand {
  static let declaration = TableViewText.declaration

  struct Options {
    var job: TableViewJob
    var json: Bool
  }

  static func parse(_ arguments: [String]) throws -> Options {
    let parsed = try declaration.parse(arguments)
    guard parsed.positionals.count == 1 else {
      throw UsageError(
        message: parsed.positionals.isEmpty
          ? "missing SPEC.json (see 'glyphsmith help tableview' for its keys)"
          : "expected one SPEC.json, got \(parsed.positionals.count)")
    }
    return Options(
      job: TableViewJob(
        spec: parsed.positionals[0], output: try BarOptions.output(parsed),
        scale: try parsed.defaultedNumber("scale"),
        idiom: try BarOptions.idiom(parsed.value("idiom")),
        deviceWidth: try parsed.number("device-width"),
        appearance: try IndicatorOptions.appearance(parsed.value("appearance")),
        palette: try IndicatorOptions.palette(parsed.value("palette"))),
      json: parsed.has("json"))
  }

  static func run(_ options: Options) throws -> FailureCategory? {
    do {
      BarOptions.report(try options.job.run(), json: options.json)
    } catch {
      throw GlyphsmithError.failure(error, path: options.job.spec)
    }
    return nil
  }

}
