import Foundation
import Glyphsmith
import GlyphsmithCommands

/// `glyphsmith searchbar -o OUT.png ...`: a search bar preview with an optional scope bar.
enum SearchBarCommand: DeclaredSubcommand {
  static let declaration = SearchBarText.declaration

  struct Options {
    var job: SearchBarJob
    var json: Bool
  }

  static func parse(_ arguments: [String]) throws -> Options {
    let parsed = try declaration.parse(arguments)
    try BarOptions.noPositionals(parsed, hint: "give text with --text")
    let output = try BarOptions.output(parsed)
    if parsed.value("scopes") != nil && !parsed.all("scope").isEmpty {
      throw UsageError(message: "give scopes with --scopes A,B,C or with --scope TITLE, not both")
    }
    var scopes = parsed.all("scope")
    if let list = parsed.value("scopes") {
      scopes = list.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
    }
    for (i, title) in scopes.enumerated() where title.trimmingCharacters(in: .whitespaces).isEmpty {
      throw UsageError(
        message: "scope \(i) is empty; every segment needs a title (scopes are 0-based)")
    }
    // Given at all, it needs scopes; not given, the declared default (the first scope).
    let selected =
      parsed.value("selected-scope") == nil ? nil : try parsed.whole("selected-scope")
    if selected != nil && scopes.isEmpty {
      throw UsageError(message: "--selected-scope needs a scope bar: give --scopes A,B,C")
    }
    try BarOptions.check(selected, "selected-scope", count: scopes.count, entries: "scopes")
    let bar = SearchBar(
      placeholder: parsed.value("placeholder") ?? "Search", text: parsed.value("text"),
      prompt: parsed.value("prompt"), showsBookmark: parsed.has("bookmark"), scopes: scopes,
      selectedScope: try selected ?? parsed.defaultedWhole("selected-scope"), idiom: try BarOptions.idiom(parsed.value("idiom")),
      deviceWidthPt: try parsed.number("device-width"),
      appearance: try IndicatorOptions.appearance(parsed.value("appearance")),
      palette: try IndicatorOptions.palette(parsed.value("palette")))
    return Options(
      job: SearchBarJob(
        output: output, scale: try parsed.defaultedNumber("scale"), bar: bar),
      json: parsed.has("json"))
  }

  static func run(_ options: Options) throws -> FailureCategory? {
    BarOptions.report(try options.job.run(), json: options.json)
    return nil
  }

}
