import Foundation
import Glyphsmith
import GlyphsmithCommands

/// `glyphsmith tabbar --item TITLE=ICON... -o OUT.png ...`: a tab bar preview.
enum TabBarCommand: DeclaredSubcommand {
  static let declaration = TabBarText.declaration

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
  struct Options {
    var job: TabBarJob
    var json: Bool
  }

  static func parse(_ arguments: [String]) throws -> Options {
    let parsed = try declaration.parse(arguments)
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
    return Options(job: job, json: parsed.has("json"))
  }

  static func run(_ options: Options) throws -> FailureCategory? {
    BarOptions.report(try options.job.run(), json: options.json)
    return nil
  }
}
