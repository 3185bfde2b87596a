import Foundation
import Glyphsmith
import GlyphsmithCommands

/// Option values and output shared by `toolbar`, `searchbar`, `tableview` (and `tabbar`'s
/// `--json`).
enum BarOptions {
  static func idiom(_ text: String?) throws -> TabBar.Idiom {
    guard let text else { return .phone }
    guard let value = TabBar.Idiom(rawValue: text) else {
      throw UsageError(message: "--idiom: unknown '\(text)'; use phone or pad")
    }
    return value
  }

  /// `-o` is required; with `--json` it may not be `-` (stdout carries the JSON).
  static func output(_ parsed: ParsedArguments) throws -> String {
    let output = try CommonOptions.output(parsed, "FILE.png")
    if output == "-" && parsed.has("json") {
      throw UsageError(message: "--json prints on stdout; write the PNG to a file with -o FILE.png")
    }
    return output
  }

  /// Prints the warnings on stderr and, with `json`, the layout on stdout.
  static func report(_ layout: DrawnLayout, json: Bool) {
    layout.warnings.forEach(Terminal.error)
    if json {
      Terminal.output(String(decoding: layout.json().dropLast(), as: UTF8.self))
    }
  }
}
