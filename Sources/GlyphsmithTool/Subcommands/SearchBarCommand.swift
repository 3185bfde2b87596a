import FoundationEssentials
import Glibc
import Glyphsmith
import GlyphsmithCommands

/// `glyphsmith searchbar -o OUT.png ...`: a search bar preview with an optional scope bar.
enum SearchBarCommand: DeclaredSubcommand {
  /// The command declared once: `parse`, the usage and this help all come from it.
  static let declaration = CommandDeclaration(
    name: "searchbar",
    summary: "draw a search bar preview: field, prompt, bookmarks, clear, scope bar",
    synopsis: """
      -o OUT.png [--placeholder TEXT] [--text TEXT] [--prompt TEXT]
      [--bookmark] [--scopes A,B,C | --scope TITLE...]
      [--selected-scope K] [--idiom phone|pad] [--device-width PT]
      [--scale N] [--appearance light|dark] [--palette ios18|ios26]
      [--json]
      """,
    discussion: """
      Draws a search bar (UISearchBar, iOS 13+ look): a 36 pt field with a 10 pt corner
      radius in a 56 pt bar, 8 pt side insets; a magnifying glass and the placeholder (17 pt,
      secondary label colour) while the field is empty, with --bookmark a bookmarks glyph at
      the trailing edge; with --text the text in the label colour and a clear button instead of
      the bookmarks glyph. --prompt adds one 13 pt line above the field. A scope bar goes under
      the field: 32 pt segments in the field's fill, the selected one white (#636366 dark)
      with semibold title. Scopes are 0-based. Text that does not fit ends in an ellipsis, with
      a warning. System glyphs are Lucide icons (assets/system-glyphs).
      """,
    options: [
      .barOutput,
      .value("placeholder", "TEXT", help: "shown while the field is empty (default \"Search\")"),
      .value(
        "text", "TEXT",
        help: """
          entered text: hides the placeholder and the bookmarks glyph,
          shows the clear button
          """),
      .value("prompt", "TEXT", help: "one short line above the field"),
      .flag("bookmark", help: "the bookmarks glyph at the trailing edge (empty field only)"),
      .value("scopes", "A,B,C", help: "scope titles, comma-separated"),
      .value("scope", "TITLE", help: "one scope title (repeatable; for titles with commas)"),
      .value(
        "selected-scope", "K", kind: .integer(minimum: 0, maximum: .max), default: "0",
        help: "the selected scope (default 0)"),
      .idiomWithWidths,
      .value("device-width", "PT", kind: .positiveNumber, help: "bar width"),
      .scale,
      .appearance,
      .palette,
      .flag(
        "json",
        help: """
          print what was drawn on stdout ({"version": 1, "size", "items":
          [{"kind": "prompt"|"field"|"magnifyingGlass"|"placeholder"|
          "searchText"|"bookmarks"|"clear"|"scope", "title", "frame",
          "truncated", "selected"}], "warnings"}; pt, origin top-left)
          """),
    ],
    helpColumn: 27,
    footer: """
      Exit: 0 written (warnings on stderr), 2 bad options, an empty scope title or a selected
      scope out of range (nothing is written).
      """)

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
    for (i, title) in scopes.enumerated() where title.trimmingWhitespace().isEmpty {
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
