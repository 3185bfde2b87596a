import Foundation
import Glyphsmith

/// `glyphsmith badge VALUE -o OUT.png ...`: one tab bar badge, alone or on an icon.
enum BadgeCommand: Subcommand {
  static let name = "badge"
  static let summary = "draw a tab bar badge (number, '!', word or dot), alone or on an icon"
  static let help = """
    usage: glyphsmith badge VALUE -o OUT.png [--scale N] [--height PT] [--max N]
                            [--color COLOR] [--text-color COLOR] [--appearance light|dark]
                            [--palette ios18|ios26] [--on ICON.png] [--rtl]

    Draws a badge as UITabBarItem.badgeValue shows it: a fully rounded systemRed oval with
    white semibold text (Inter, shipped in assets/fonts). VALUE is a number, "!", a short word
    or an emoji; "" draws a small dot badge. Whole numbers above --max show as "<max>+".
    The image is exactly the badge: height x scale px high, no margins.

    options:
      -o, --output FILE       the PNG to write (required; - for stdout)
      --scale N               px per pt: 1, 2, 3 for @1x, @2x, @3x (default 1)
      --height PT             badge height in pt (default 18)
      --max N                 largest number shown as is (default 99)
      --color COLOR           fill, #RRGGBB or #RRGGBBAA (default systemRed)
      --text-color COLOR      text colour (default #FFFFFF)
      --appearance A          light (default) or dark: picks the systemRed variant
      --palette P             ios18 (default, iOS 13-18 colours) or ios26
      --on ICON               composite the badge at the top-trailing corner of the 31 x 28 pt
                              tab bar icon box centred on ICON; a PNG is taken at the same
                              scale as it is, an SVG is drawn at the tab bar size (HIG, by
                              shape) and --scale, its colours kept; the canvas grows
      --rtl                   right-to-left layout: top-leading corner (with --on only; the
                              badge's own pixels never change)

    Exit: 0 written, 2 bad options, unreadable icon or a character no shipped font covers.
    """

  static let options: [OptionSpec] = [
    .value("output", short: "o"), .value("scale"), .value("height"), .value("max"),
    .value("color"), .value("text-color"), .value("appearance"), .value("palette"),
    .value("on"), .flag("rtl"), .flag("help"),
  ]

  static func parse(_ arguments: [String]) throws -> BadgeJob {
    let parsed = try ArgumentParser.parse(arguments, options: options)
    let value = try CommonOptions.single(
      parsed, missing: "VALUE (a number, '!', a short word, or \"\" for a dot badge)",
      name: "VALUE", suffix: "; quote values with spaces")
    let output = try CommonOptions.output(parsed, "FILE.png")
    var badge = Badge(value)
    badge.heightPt = try parsed.positiveDouble("height") ?? Badge.defaultHeightPt
    badge.maximum = try parsed.integer("max", minimum: 0) ?? 99
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
      badge: badge, output: output, scale: try parsed.positiveDouble("scale") ?? 1,
      icon: parsed.value("on"), rightToLeft: rtl)
  }

  static func run(_ job: BadgeJob) throws -> FailureCategory? {
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
