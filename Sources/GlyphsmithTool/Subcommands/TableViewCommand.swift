import FoundationEssentials
import Glibc
import Glyphsmith
import GlyphsmithCommands

/// `glyphsmith tableview SPEC.json -o OUT.png ...`: a table view preview from a JSON spec.
enum TableViewCommand: DeclaredSubcommand {
  /// The command declared once: `parse`, the usage and this help all come from it.
  static let declaration = CommandDeclaration(
    name: "tableview",
    summary: "draw a table view preview (plain or grouped) from a JSON spec",
    synopsis: """
      SPEC.json -o OUT.png [--idiom phone|pad] [--device-width PT]
      [--scale N] [--appearance light|dark] [--palette ios18|ios26]
      [--json]
      [--max-pixels N] [--max-use N] [--max-text N]
      [--max-ref-depth N] [--max-filters N] [--max-kernel N]
      """,
    discussion: """
      Draws a table view (UITableView) from SPEC.json:

        {"style": "plain" | "grouped",
         "index": true | ["A", "B", ...],
         "sections": [{"header": "...", "footer": "...",
                       "rows": [{"title": "...", "subtitle": "..." | "detail": "...",
                                 "icon": "icons/wifi.svg", "iconBackground": "#34C759",
                                 "accessory": "none" | "disclosure" | "checkmark",
                                 "disabled": false}]}]}

      Unknown keys are an error naming the key. Plain: rows edge to edge, section header bands,
      an optional section index ("index": true is A-Z and #) down the trailing edge. Grouped
      (inset grouped): rounded groups with upper-case headers and footers; at least one group,
      each with at least one row. Rows 44 pt (58 with a subtitle), separators inset to the text;
      icons (paths relative to the spec's folder, never outside it) go through the glyph
      pipeline, tinted, or white on a Settings-style 29 pt rounded square of iconBackground.
      Width from --device-width, height from the content. Text that does not fit ends in an
      ellipsis, with a warning naming the row.
      """,
    options: [
      .barOutput,
      .idiomWithWidths,
      .value("device-width", "PT", kind: .positiveNumber, help: "table width"),
      .scale,
      .appearance,
      .palette,
      .flag(
        "json",
        help: """
          print what was drawn on stdout ({"version": 1, "size", "items":
          [{"kind": "header"|"footer"|"row"|"index", "title", "frame",
          "truncated", "disabled", "icon"}], "warnings"}; pt, top-left)
          """),
    ],
    including: [BudgetOptions.limits],
    helpColumn: 27,
    footer: """
      Exit: 0 written (warnings on stderr), 2 bad options, an invalid spec or an unreadable
      icon (nothing is written).
      """)

  struct Settings {
    var job: TableViewJob
    var json: Bool
  }

  static func parse(_ arguments: [String]) throws -> Limited<Settings> {
    let parsed = try declaration.parse(arguments)
    return Limited(options: try options(parsed), limits: try BudgetOptions.inputLimits(parsed))
  }

  /// The options `parsed` gives, but the input limits.
  /// - Throws: `UsageError` for a missing, extra or malformed argument.
  static func options(_ parsed: ParsedArguments) throws -> Settings {
    guard parsed.positionals.count == 1 else {
      throw UsageError(
        message: parsed.positionals.isEmpty
          ? "missing SPEC.json (see 'glyphsmith help tableview' for its keys)"
          : "expected one SPEC.json, got \(parsed.positionals.count)")
    }
    return Settings(
      job: TableViewJob(
        spec: parsed.positionals[0], output: try BarOptions.output(parsed),
        scale: try parsed.defaultedNumber("scale"),
        idiom: try BarOptions.idiom(parsed.value("idiom")),
        deviceWidth: try parsed.number("device-width"),
        appearance: try IndicatorOptions.appearance(parsed.value("appearance")),
        palette: try IndicatorOptions.palette(parsed.value("palette"))),
      json: parsed.has("json"))
  }

  static func run(_ limited: Limited<Settings>) throws -> FailureCategory? {
    let options = limited.applied()
    do {
      BarOptions.report(try options.job.run(), json: options.json)
    } catch {
      throw GlyphsmithError.failure(error, path: options.job.spec)
    }
    return nil
  }

}
