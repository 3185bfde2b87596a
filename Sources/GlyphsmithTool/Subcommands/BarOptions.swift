import FoundationEssentials
import Glibc
import Glyphsmith
import GlyphsmithCommands

/// Option values and output shared by `toolbar`, `searchbar`, `tableview` and `tabbar`.
enum BarOptions {
  /// The bar commands take no positional arguments: the first one is refused with `hint`
  /// (how to give what it may have meant, e.g. `give tabs with --item`).
  static func noPositionals(_ parsed: ParsedArguments, hint: String) throws {
    guard parsed.positionals.isEmpty else {
      throw UsageError(message: "unexpected argument '\(parsed.positionals[0])'; \(hint)")
    }
  }

  /// Refuses a 0-based `index` given with `--name` that is not below `count`, the number of
  /// `entries` it picks among (e.g. `items`); `nil` (not given) passes.
  static func check(_ index: Int?, _ name: String, count: Int, entries: String) throws {
    guard let index, index >= count else { return }
    throw UsageError(
      message: "--\(name) \(index) is outside 0...\(count - 1) (\(entries) are 0-based)")
  }

  /// `--idiom` (phone by default) and `--compact`, which only an iPhone bar takes.
  static func idiom(_ parsed: ParsedArguments) throws -> TabBar.Idiom {
    let idiom = try idiom(parsed.value("idiom"))
    if parsed.has("compact") && idiom == .pad {
      throw UsageError(message: "--compact is for iPhone landscape bars; drop it with --idiom pad")
    }
    return idiom
  }

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
    layout.diagnostics.descriptions.forEach(Terminal.error)
    if json {
      Terminal.output(String(decoding: layout.json().dropLast(), as: UTF8.self))
    }
  }
}
