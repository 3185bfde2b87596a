import FoundationEssentials
import Glibc
import Glyphsmith
import GlyphsmithCommands

/// `glyphsmith tabbar --item TITLE=ICON... -o OUT.png ...`: a tab bar preview.
enum TabBarCommand: DeclaredSubcommand {
  /// The command declared once: `parse`, the usage and this help all come from it.
  static let declaration = CommandDeclaration(
    name: "tabbar",
    summary: "draw a whole tab bar preview with icons, titles, badges",
    synopsis: """
      --item TITLE=ICON[,badge=VALUE][,disabled]... [--selected K]
      -o OUT.png [--idiom phone|pad] [--device-width PT] [--scale N]
      [--appearance light|dark] [--palette ios18|ios26] [--compact]
      [--home-indicator] [--rtl] [--json]
      [--max-pixels N] [--max-use N] [--max-text N]
      [--max-ref-depth N] [--max-filters N] [--max-kernel N]
      """,
    discussion: """
      Draws a tab bar: background and top hairline, 49 pt high on iPhone (50 pt iPad, 32 pt
      compact, plus 34 pt with --home-indicator, 15 pt on iPad), items spread evenly, icons
      (SVG or PNG) as template glyphs at the HIG size for their shape, titles 10 pt under the
      icons (beside them in compact bars and on iPad), selected systemBlue, others gray,
      disabled dimmed, badges at the icon box's top-trailing corner, never over a title. More
      than 5 items on iPhone (7 on iPad): 4 (6) items and a "More" item. Titles wider than
      their slot end in an ellipsis, with a warning. Items are 0-based.
      """,
    options: [
      .barOutput,
      .value(
        "item", "TITLE=ICON[,badge=VALUE][,disabled]", repeatable: true,
        help: """
          one tab (repeatable, in order); badge= with no value draws a
          dot badge; file names may not contain commas
          """),
      .value(
        "selected", "K", kind: .integer(minimum: 0, maximum: .max), default: "0",
        help: "the selected item (default 0)"),
      .idiom,
      .value(
        "device-width", "PT", kind: .positiveNumber,
        help: "bar width (default 393 phone, 852 compact, 820 pad)"),
      .scale,
      .appearance,
      .palette,
      .flag("compact", help: "iPhone landscape bar: 32 pt, compact icons, titles beside"),
      .flag("home-indicator", help: "add the home-indicator inset (34 pt iPhone, 15 pt iPad)"),
      .flag(
        "rtl",
        help: """
          right to left: first item at the trailing (right) edge, titles
          before icons beside them, badges at the top-leading corner
          """),
      .flag(
        "json",
        help: """
          print what was drawn on stdout: {"version": 1, "size":
          {"width", "height"}, "items": [{"kind": "tab"|"more"|"badge"|
          "icon"|"label", "title", "frame": {"x", "y", "width", "height"},
          "truncated", "selected", "disabled", "icon"}], "warnings":
          [...]}; pt, origin top-left; a "label" item is a title's ink,
          an "icon" item the glyph's own frame
          """),
    ],
    including: [BudgetOptions.limits],
    helpColumn: 27,
    footer: "Exit: 0 written, 2 bad options or an unreadable icon (nothing is written).")

  /// One `--item` as written.
  typealias ItemSpec = TabBarJob.Item

  /// Parses `TITLE=ICON[,badge=VALUE][,disabled]`.
  static func item(_ text: String) throws -> ItemSpec {
    guard let equals = text.firstIndex(of: "=") else {
      throw UsageError(message: "--item needs TITLE=ICON, such as Home=house.svg, got '\(text)'")
    }
    let title = String(text[..<equals])
    let parts = text[text.index(after: equals)...].split(
      separator: ",", omittingEmptySubsequences: false)
    guard let icon = parts.first, !icon.isEmpty else {
      throw UsageError(message: "--item '\(text)' has no icon file after '='")
    }
    var spec = ItemSpec(title: title, icon: String(icon), badge: nil, disabled: false)
    for part in parts.dropFirst() {
      if part == "disabled" {
        spec.disabled = true
      } else if part.hasPrefix("badge=") {
        spec.badge = String(part.dropFirst("badge=".count))
      } else {
        throw UsageError(
          message: "--item '\(text)': unknown part '\(part)'; use badge=VALUE or disabled")
      }
    }
    return spec
  }

  /// The job and whether to print the layout.
  struct Settings {
    var job: TabBarJob
    var json: Bool
  }

  static func parse(_ arguments: [String]) throws -> Limited<Settings> {
    let parsed = try declaration.parse(arguments)
    return Limited(options: try options(parsed), limits: try BudgetOptions.inputLimits(parsed))
  }

  /// The options `parsed` gives, but the input limits.
  /// - Throws: `UsageError` for a missing, extra or malformed argument.
  static func options(_ parsed: ParsedArguments) throws -> Settings {
    try BarOptions.noPositionals(parsed, hint: "give tabs with --item")
    let output = try BarOptions.output(parsed)
    let items = try parsed.all("item").map(item)
    guard !items.isEmpty else {
      throw UsageError(message: "missing --item TITLE=ICON (one per tab)")
    }
    let selected = try parsed.defaultedWhole("selected")
    try BarOptions.check(selected, "selected", count: items.count, entries: "items")
    let idiom = try BarOptions.idiom(parsed)
    var job = TabBarJob(
      items: items, output: output, selected: selected, idiom: idiom,
      deviceWidth: try parsed.number("device-width"),
      scale: try parsed.defaultedNumber("scale"),
      appearance: try IndicatorOptions.appearance(parsed.value("appearance")),
      palette: try IndicatorOptions.palette(parsed.value("palette")),
      compact: parsed.has("compact"), homeIndicator: parsed.has("home-indicator"))
    job.rightToLeft = parsed.has("rtl")
    return Settings(job: job, json: parsed.has("json"))
  }

  static func run(_ limited: Limited<Settings>) throws -> FailureCategory? {
    let options = limited.applied()
    BarOptions.report(try options.job.run(), json: options.json)
    return nil
  }
}
