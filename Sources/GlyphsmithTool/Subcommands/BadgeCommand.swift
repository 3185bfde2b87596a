import Foundation
import Glyphsmith
import GlyphsmithCommands

/// `glyphsmith badge VALUE -o OUT.png ...`: one tab bar badge, alone or on an icon.
enum BadgeCommand: DeclaredSubcommand {
  static let declaration = BadgeText.declaration

  static func parse(_ arguments: [String]) throws -> BadgeJob {
    let parsed = try declaration.parse(arguments)
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
