import FoundationEssentials
import Glibc
import GlyphsmithCore

/// Options shared by subcommands, turned from strings into engine values.
package enum CommonOptions {
  package static func color(_ text: String?, option: String) throws -> RGBA8? {
    guard let text else { return nil }
    do { return try ColorParser.parse(text) } catch {
      throw UsageError(message: "--\(option): invalid colour '\(text)'; use \(ColorParser.forms)")
    }
  }

  package static func scales(_ text: String?) throws -> [Int]? {
    guard let text else { return nil }
    let parts = text.split(separator: ",").map { Int($0.trimmingWhitespace()) }
    guard !parts.isEmpty, parts.allSatisfy({ $0 != nil && (1...3).contains($0!) }) else {
      throw UsageError(message: "--scales needs a list of 1, 2, 3 such as '1,2,3', got '\(text)'")
    }
    var seen = Set<Int>()
    return parts.compactMap { $0 }.filter { seen.insert($0).inserted }.sorted()
  }
}

extension CommonOptions {
  /// The one positional argument of a command that takes exactly one, e.g. render's INPUT.
  /// - Throws: `UsageError` "missing `missing`" when there is none, "expected one `name`, got
  ///   N`suffix`" when there are more.
  package static func single(
    _ parsed: ParsedArguments, missing: String, name: String, suffix: String = ""
  ) throws -> String {
    guard parsed.positionals.count == 1 else {
      throw UsageError(
        message: parsed.positionals.isEmpty
          ? "missing \(missing)"
          : "expected one \(name), got \(parsed.positionals.count)\(suffix)")
    }
    return parsed.positionals[0]
  }

  /// The `-o/--output` value.
  /// - Throws: `UsageError` "missing -o/--output `what`" when it is not given.
  package static func output(_ parsed: ParsedArguments, _ what: String) throws -> String {
    guard let output = parsed.value("output") else {
      throw UsageError(message: "missing -o/--output \(what)")
    }
    return output
  }

  /// `--template` (true), `--original` (false) or neither (nil: the role decides).
  /// - Throws: `UsageError` when both are given.
  package static func template(_ parsed: ParsedArguments) throws -> Bool? {
    if parsed.has("template") && parsed.has("original") {
      throw UsageError(message: "--template and --original exclude each other")
    }
    return parsed.has("template") ? true : parsed.has("original") ? false : nil
  }
}
