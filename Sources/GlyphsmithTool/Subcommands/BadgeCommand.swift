import FoundationEssentials
import Glibc
import Glyphsmith
import GlyphsmithCommands

/// `glyphsmith badge VALUE -o OUT.png ...`: one tab bar badge, alone or on an icon.
enum BadgeCommand: DeclaredSubcommand {
  /// The command declared once: `parse`, the usage and this help all come from it.
  static let declaration = CommandDeclaration(
    name: "badge",
    summary: "draw a tab bar badge (number, '!', word or dot), alone or on an icon",
    synopsis: """
      VALUE -o OUT.png [--scale N] [--height PT] [--max N]
      [--color COLOR] [--text-color COLOR] [--appearance light|dark]
      [--palette ios18|ios26] [--on ICON.png] [--rtl]
      [--max-pixels N] [--max-use N] [--max-text N]
      [--max-ref-depth N] [--max-filters N] [--max-kernel N]
      """,
    discussion: """
      Draws a badge as UITabBarItem.badgeValue shows it: a fully rounded systemRed oval with
      white semibold text (Inter, shipped in assets/fonts). VALUE is a number, "!", a short word
      or an emoji; "" draws a small dot badge. Whole numbers above --max show as "<max>+".
      The image is exactly the badge: height x scale px high, no margins.
      """,
    options: [
      .pngOutput,
      .scale,
      .value(
        "height", "PT", kind: .positiveNumber, default: "18",
        help: "badge height in pt (default 18)"),
      .value(
        "max", "N", kind: .integer(minimum: 0, maximum: .max), default: "99",
        help: "largest number shown as is (default 99)"),
      .value("color", "COLOR", help: "fill, #RRGGBB or #RRGGBBAA (default systemRed)"),
      .value("text-color", "COLOR", help: "text colour (default #FFFFFF)"),
      .value("appearance", "A", help: "light (default) or dark: picks the systemRed variant"),
      .value("palette", "P", help: "ios18 (default, iOS 13-18 colours) or ios26"),
      .value(
        "on", "ICON",
        help: """
          composite the badge at the top-trailing corner of the 31 x 28 pt
          tab bar icon box centred on ICON; a PNG is taken at the same
          scale as it is, an SVG is drawn at the tab bar size (HIG, by
          shape) and --scale, its colours kept; the canvas grows
          """),
      .flag(
        "rtl",
        help: """
          right-to-left layout: top-leading corner (with --on only; the
          badge's own pixels never change)
          """),
    ],
    including: [BudgetOptions.limits],
    helpColumn: 26,
    footer: """
      Exit: 0 written, 2 bad options, unreadable icon or a character no shipped font covers.
      """)

  static func parse(_ arguments: [String]) throws -> Limited<BadgeJob> {
    let parsed = try declaration.parse(arguments)
    return Limited(options: try options(parsed), limits: try BudgetOptions.inputLimits(parsed))
  }

  /// The options `parsed` gives, but the input limits.
  /// - Throws: `UsageError` for a missing, extra or malformed argument.
  static func options(_ parsed: ParsedArguments) throws -> BadgeJob {
    let value = try CommonOptions.single(
      parsed, missing: "VALUE (a number, '!', a short word, or \"\" for a dot badge)",
      name: "VALUE", suffix: "; quote values with spaces")
    let output = try CommonOptions.output(parsed, "FILE.png")
    var badge = Badge(value)
    badge.heightPt = try parsed.number("height") ?? Badge.defaultHeightPt
    badge.maximum = try parsed.defaultedWhole("max")
    badge.color = try CommonOptions.color(parsed.value("color"), option: "color")
    badge.textColor =
      try CommonOptions.color(parsed.value("text-color"), option: "text-color") ?? .white
    badge.appearance = try IndicatorOptions.appearance(parsed.value("appearance"))
    badge.palette = try IndicatorOptions.palette(parsed.value("palette"))
    let rtl = parsed.has("rtl")
    if rtl && parsed.value("on") == nil {
      throw UsageError(
        message: "--rtl only moves the badge on an icon; give --on ICON.png as well")
    }
    return BadgeJob(
      badge: badge, output: output, scale: try parsed.defaultedNumber("scale"),
      icon: parsed.value("on"), rightToLeft: rtl)
  }

  static func run(_ limited: Limited<BadgeJob>) throws -> FailureCategory? {
    let job = limited.applied()
    try job.run()
    return nil
  }
}

/// Option values shared by `badge`, `dots` and `tabbar`.
enum IndicatorOptions {
  static func appearance(_ text: String?) throws -> Appearance {
    guard let text else { return .light }
    guard let value = Appearance(rawValue: text) else {
      throw UsageError(message: "--appearance: unknown '\(text)'; use light or dark")
    }
    return value
  }

  static func palette(_ text: String?) throws -> IndicatorPalette {
    guard let text else { return .ios18 }
    guard let value = IndicatorPalette(rawValue: text) else {
      throw UsageError(message: "--palette: unknown '\(text)'; use ios18 or ios26")
    }
    return value
  }
}
