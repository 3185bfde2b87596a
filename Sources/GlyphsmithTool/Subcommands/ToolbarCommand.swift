import Foundation
import Glyphsmith
import GlyphsmithCommands

/// `glyphsmith toolbar --item ... -o OUT.png ...`: a toolbar preview.
enum ToolbarCommand: DeclaredSubcommand {
  static let declaration = ToolbarText.declaration

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

  static func parse(_ arguments: [String]) throws -> Options {
    let parsed = try declaration.parse(arguments)
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
    return Options(
      job: ToolbarJob(
        entries: entries, output: output, scale: try parsed.defaultedNumber("scale"),
        bar: bar),
      json: parsed.has("json"))
  }

  static func run(_ options: Options) throws -> FailureCategory? {
    BarOptions.report(try options.job.run(), json: options.json)
    return nil
  }

}
