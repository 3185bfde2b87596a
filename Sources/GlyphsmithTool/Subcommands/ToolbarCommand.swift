import FoundationEssentials
import Glibc
import Glyphsmith
import GlyphsmithCommands

/// `glyphsmith toolbar --item ... -o OUT.png ...`: a toolbar preview.
enum ToolbarCommand: DeclaredSubcommand {
  /// The command declared once: `parse`, the usage and this help all come from it.
  static let declaration = CommandDeclaration(
    name: "toolbar",
    summary: "draw a toolbar preview with icon and text buttons and spaces",
    synopsis: """
      --item ITEM[,prominent][,disabled]... [--space flex|PT]...
      -o OUT.png [--idiom phone|pad] [--compact] [--device-width PT]
      [--scale N] [--appearance light|dark] [--palette ios18|ios26]
      [--rtl] [--json]
      [--max-pixels N] [--max-use N] [--max-text N]
      [--max-ref-depth N] [--max-filters N] [--max-kernel N]
      """,
    discussion: """
      Draws a toolbar (UIToolbar): background and top hairline, 44 pt high on iPhone (50 pt
      iPad, 32 pt compact), 16 pt margins (20 pt on devices wider than 400 pt), the items in
      the order given. ITEM is ICON (an argument ending in .svg or .png), TITLE=ICON (the icon
      drawn, the title reported) or TITLE (a 17 pt text button). Icons are template glyphs at
      the toolbar size (ink fitted to 24 x 24 pt, 28 pt on the long side). Items are tinted
      systemBlue; with --palette ios26 only prominent ones are, the rest label-coloured.
      ,prominent: tinted, semibold text; ,disabled: dimmed as in tabbar. --space flex takes
      the room left over (shared by all flexible spaces), --space PT a fixed width; items with
      no space between them are 8 pt apart; with no --space at all, a flexible space goes
      between every two items. Warnings: more than 5 items, or items wider than the bar (text
      buttons then end in an ellipsis).
      """,
    options: [
      .barOutput,
      .value(
        "item", "ITEM", repeatable: true, help: "one button (repeatable, in order with --space)"),
      .value(
        "space", "flex|PT", repeatable: true, help: "a flexible space or a fixed one of PT points"),
      .idiom,
      .flag("compact", help: "iPhone landscape toolbar, 32 pt"),
      .value(
        "device-width", "PT", kind: .positiveNumber,
        help: "bar width (default 393 phone, 852 compact, 820 pad)"),
      .scale,
      .appearance,
      .palette,
      .flag("rtl", help: "right to left: the first item at the trailing (right) edge"),
      .flag(
        "json",
        help: """
          print what was drawn on stdout: {"version": 1, "size":
          {"width", "height"}, "items": [{"kind": "icon"|"text"|"space",
          "title", "frame": {"x", "y", "width", "height"}, "truncated",
          "disabled", "icon"}], "warnings": [...]}; pt, origin top-left
          """),
    ],
    including: [BudgetOptions.limits],
    helpColumn: 27,
    footer: """
      Exit: 0 written (warnings on stderr), 2 bad options or an unreadable icon (nothing is
      written).
      """)

  struct Settings {
    var job: ToolbarJob
    var json: Bool
  }

  /// Whether `text` names an icon file (ends in .svg or .png, any case).
  static func isIcon(_ text: Substring) -> Bool {
    let lower = text.lowercased()
    return lower.hasSuffix(".svg") || lower.hasSuffix(".png")
  }

  /// Parses `ICON`, `TITLE=ICON` or `TITLE`, each with `,prominent` and `,disabled`.
  static func item(_ text: String) throws -> ToolbarJob.Entry {
    var parts = text.split(separator: ",", omittingEmptySubsequences: false)
    var prominent = false
    var disabled = false
    while parts.count > 1, let last = parts.last {
      if last == "prominent" {
        prominent = true
      } else if last == "disabled" {
        disabled = true
      } else {
        break
      }
      parts.removeLast()
    }
    let head = parts.joined(separator: ",")
    let first = parts[0]
    let firstIsIcon =
      isIcon(first)
      || first.firstIndex(of: "=").map { isIcon(first[first.index(after: $0)...]) }
        == true
    if parts.count > 1 && firstIsIcon {
      let extra = parts.dropFirst().first.map(String.init) ?? ""
      throw UsageError(
        message: "--item '\(text)': unknown part '\(extra)'; use ,prominent or ,disabled "
          + "(icon file names may not contain commas)")
    }
    guard !head.isEmpty else {
      throw UsageError(message: "--item '\(text)' is empty; give ICON, TITLE=ICON or TITLE")
    }
    if let equals = head.firstIndex(of: "="), isIcon(head[head.index(after: equals)...]) {
      return .button(
        title: String(head[..<equals]), icon: String(head[head.index(after: equals)...]),
        prominent: prominent, disabled: disabled)
    }
    if isIcon(Substring(head)) {
      let title = URL(fileURLWithPath: head).deletingPathExtension().lastPathComponent
      return .button(title: title, icon: head, prominent: prominent, disabled: disabled)
    }
    return .button(title: head, icon: nil, prominent: prominent, disabled: disabled)
  }

  /// Parses `flex` or a number of pt (0 or more).
  static func space(_ text: String) throws -> ToolbarJob.Entry {
    if text == "flex" || text == "flexible" { return .flexibleSpace }
    guard let pt = Double(text), pt >= 0, pt.isFinite else {
      throw UsageError(message: "--space needs flex or a width in pt (0 or more), got '\(text)'")
    }
    return .fixedSpace(pt)
  }

  static func parse(_ arguments: [String]) throws -> Limited<Settings> {
    let parsed = try declaration.parse(arguments)
    return Limited(options: try options(parsed), limits: try BudgetOptions.inputLimits(parsed))
  }

  /// The options `parsed` gives, but the input limits.
  /// - Throws: `UsageError` for a missing, extra or malformed argument.
  static func options(_ parsed: ParsedArguments) throws -> Settings {
    try BarOptions.noPositionals(parsed, hint: "give buttons with --item")
    let output = try BarOptions.output(parsed)
    guard !parsed.all("item").isEmpty else {
      throw UsageError(message: "missing --item ICON, TITLE=ICON or TITLE (one per button)")
    }
    var entries: [ToolbarJob.Entry] = []
    for (name, value) in parsed.interleaved(["item", "space"]) {
      entries.append(name == "item" ? try item(value) : try space(value))
    }
    let idiom = try BarOptions.idiom(parsed)
    let bar = Toolbar(
      entries: [], idiom: idiom, compact: parsed.has("compact"),
      deviceWidthPt: try parsed.number("device-width"),
      appearance: try IndicatorOptions.appearance(parsed.value("appearance")),
      palette: try IndicatorOptions.palette(parsed.value("palette")),
      rightToLeft: parsed.has("rtl"))
    return Settings(
      job: ToolbarJob(
        entries: entries, output: output, scale: try parsed.defaultedNumber("scale"),
        bar: bar),
      json: parsed.has("json"))
  }

  static func run(_ limited: Limited<Settings>) throws -> FailureCategory? {
    let options = limited.applied()
    BarOptions.report(try options.job.run(), json: options.json)
    return nil
  }

}
