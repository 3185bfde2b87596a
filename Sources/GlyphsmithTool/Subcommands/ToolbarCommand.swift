import Foundation
import Glyphsmith
import GlyphsmithCommands

/// `glyphsmith toolbar --item ... -o OUT.png ...`: a toolbar preview.
enum ToolbarCommand: Subcommand {
  static let name = ToolbarText.name
  static let summary = ToolbarText.summary
  static let help = ToolbarText.help

  static let options: [OptionSpec] = [
    .value("output", short: "o"), .value("item"), .value("space"), .value("idiom"),
    .flag("compact"), .value("device-width"), .value("scale"), .value("appearance"),
    .value("palette"), .flag("rtl"), .flag("json"), .flag("help"),
  ]

  struct Options {
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

  /// `--item` and `--space` values in the order given (the parser keeps each option's values
  /// apart); other options' values are skipped.
  static func ordered(_ arguments: [String]) -> [(name: String, value: String)] {
    var result: [(String, String)] = []
    var index = 0
    while index < arguments.count {
      let argument = arguments[index]
      index += 1
      if argument == "--" { break }
      guard argument.hasPrefix("-"), argument != "-" else { continue }
      var name = argument.hasPrefix("--") ? String(argument.dropFirst(2)) : ""
      var inline: String? = nil
      if let equals = name.firstIndex(of: "=") {
        inline = String(name[name.index(after: equals)...])
        name = String(name[..<equals])
      }
      let spec =
        argument.hasPrefix("--")
        ? options.first { $0.name == name }
        : options.first { $0.short == argument.dropFirst().first }
      guard let spec, spec.takesValue else { continue }
      let value: String
      if let inline {
        value = inline
      } else {
        guard index < arguments.count else { break }
        value = arguments[index]
        index += 1
      }
      if spec.name == "item" || spec.name == "space" { result.append((spec.name, value)) }
    }
    return result
  }

  static func parse(_ arguments: [String]) throws -> Options {
    let parsed = try ArgumentParser.parse(arguments, options: options)
    try BarOptions.noPositionals(parsed, hint: "give buttons with --item")
    let output = try BarOptions.output(parsed)
    guard !parsed.all("item").isEmpty else {
      throw UsageError(message: "missing --item ICON, TITLE=ICON or TITLE (one per button)")
    }
    var entries: [ToolbarJob.Entry] = []
    for (name, value) in ordered(arguments) {
      entries.append(name == "item" ? try item(value) : try space(value))
    }
    let idiom = try BarOptions.idiom(parsed)
    let bar = Toolbar(
      entries: [], idiom: idiom, compact: parsed.has("compact"),
      deviceWidthPt: try parsed.positiveDouble("device-width"),
      appearance: try IndicatorOptions.appearance(parsed.value("appearance")),
      palette: try IndicatorOptions.palette(parsed.value("palette")),
      rightToLeft: parsed.has("rtl"))
    return Options(
      job: ToolbarJob(
        entries: entries, output: output, scale: try parsed.positiveDouble("scale") ?? 1,
        bar: bar),
      json: parsed.has("json"))
  }

  static func run(_ options: Options) throws -> FailureCategory? {
    BarOptions.report(try options.job.run(), json: options.json)
    return nil
  }

}
