import FoundationEssentials
import Glibc
import GlyphsmithCore

/// A table view as written in a `tableview` spec file (JSON), checked strictly: an unknown key,
/// a value of the wrong type or outside its choices is an error naming the file and the key's
/// place (`sections[1].rows[0].accessory`).
///
/// ```json
/// {"style": "plain" | "grouped", "index": true | ["A", ...],
///  "sections": [{"header": "...", "footer": "...",
///                "rows": [{"title", "subtitle" | "detail", "icon", "iconBackground",
///                          "accessory": "none" | "disclosure" | "checkmark", "disabled"}]}]}
/// ```
/// `icon` paths resolve as command-line paths do, relative to the spec's folder (`..` and
/// absolute paths allowed: the spec is the user's own file, issue 22); URLs are refused. The
/// rule for references inside an SVG still applies to what the icons themselves reference.
public struct TableViewSpec: Sendable, Equatable {
  /// The two basic styles.
  public enum Style: String, Sendable, CaseIterable {
    /// Rows edge to edge; optional section index.
    case plain
    /// Inset grouped (iOS 13+): rounded groups on the grouped background.
    case grouped
  }

  /// What sits at a row's trailing edge.
  public enum Accessory: String, Sendable, CaseIterable {
    /// Nothing.
    case none
    /// A disclosure chevron (tertiaryLabel).
    case disclosure
    /// A checkmark (tint colour).
    case checkmark
  }

  /// One row.
  public struct Row: Sendable, Equatable {
    /// The row's text.
    public var title: String
    /// A second line under the title (subtitle style).
    public var subtitle: String?
    /// Trailing text (value style).
    public var detail: String?
    /// The icon file as written in the spec.
    public var icon: String?
    /// The icon file resolved against the spec's folder.
    public var iconPath: String?
    /// A colour behind the icon: draws the Settings-style rounded square, glyph white.
    public var iconBackground: RGBA8?
    /// The trailing accessory.
    public var accessory: Accessory
    /// Drawn dimmed.
    public var disabled: Bool
  }

  /// One section (a group in the grouped style).
  public struct Section: Sendable, Equatable {
    /// Header text (context); `nil`: none.
    public var header: String?
    /// Footer text (help); `nil`: none.
    public var footer: String?
    /// The rows.
    public var rows: [Row]
  }

  /// The style.
  public var style: Style
  /// Section index titles down the trailing edge; empty: none.
  public var index: [String]
  /// The sections.
  public var sections: [Section]

  /// The titles `"index": true` stands for: A to Z and #.
  public static let alphabet =
    (UnicodeScalar("A").value...UnicodeScalar("Z").value).map {
      String(UnicodeScalar($0)!)
    } + ["#"]

  /// A spec from its parts (paths already resolved).
  public init(style: Style, index: [String] = [], sections: [Section]) {
    self.style = style
    self.index = index
    self.sections = sections
  }

  /// Reads and checks a spec file.
  /// - Throws: `GlyphsmithError.unreadable` when the file cannot be read or is not JSON;
  ///   `.unusable` naming the file for an unknown key, a wrong
  ///   type or value, a grouped table with no group, a group with no row, a table with no row,
  ///   an empty title, an icon given as a URL.
  public static func load(path: String) throws -> TableViewSpec {
    guard let data = FileManager.default.contents(atPath: path) else {
      throw GlyphsmithError.unreadable(path: path, reason: "no such file or not readable")
    }
    let base = URL(fileURLWithPath: path).deletingLastPathComponent()
    return try parse(data, path: path, baseDirectory: base)
  }

  /// Parses and checks spec JSON; `baseDirectory` is where icon paths resolve.
  /// - Throws: as `load(path:)`.
  public static func parse(_ data: Data, path: String, baseDirectory: URL) throws -> TableViewSpec {
    guard let root = JSONValue.parse(data)?.anyTree else {
      throw GlyphsmithError.unreadable(
        path: path, reason: JSONSyntaxProblem.describe(data) ?? "not valid JSON")
    }
    let reader = SpecReader(path: path, baseDirectory: baseDirectory)
    let top = try reader.object(root, "", keys: ["style", "index", "sections"])
    let styleText = try reader.string(top["style"], "style") ?? "plain"
    guard let style = Style(rawValue: styleText) else {
      throw reader.fail("style", "unknown style '\(styleText)'; use plain or grouped")
    }
    let index = try reader.index(top["index"])
    guard let sectionValues = top["sections"] as? [Any] else {
      throw reader.fail(
        "sections", top["sections"] == nil ? "missing; give a list of sections" : "expected a list")
    }
    let sections = try sectionValues.enumerated().map { si, value in
      try reader.section(value, place: "sections[\(si)]", style: style)
    }
    if style == .grouped && sections.isEmpty {
      throw reader.fail(
        "sections", "a grouped table with no group; the guidelines require at least one group")
    }
    if !sections.contains(where: { !$0.rows.isEmpty }) {
      throw reader.fail("sections", "the table has no rows; give at least one row")
    }
    return TableViewSpec(style: style, index: index, sections: sections)
  }

  /// Reads the parts of a parsed spec, each error naming its place (`sections[1].rows[0]
  /// .accessory`) in the file at `path`.
  private struct SpecReader {
    let path: String
    let baseDirectory: URL

    func fail(_ place: String, _ message: String) -> GlyphsmithError {
      .unusable(path: path, problem: "\(place.isEmpty ? "" : place + ": ")\(message)")
    }

    func object(_ value: Any, _ place: String, keys: [String]) throws -> [String: Any] {
      guard let dictionary = value as? [String: Any] else {
        throw fail(place, "expected an object {...}")
      }
      for key in dictionary.keys.sorted() where !keys.contains(key) {
        throw fail(
          place.isEmpty ? key : "\(place).\(key)",
          "unknown key '\(key)'; known keys here: \(keys.joined(separator: ", "))")
      }
      return dictionary
    }

    func string(_ value: Any?, _ place: String) throws -> String? {
      guard let value else { return nil }
      guard let text = value as? String else { throw fail(place, "expected a string") }
      return text
    }

    func boolean(_ value: Any?, _ place: String) throws -> Bool? {
      guard let value else { return nil }
      // JSON booleans come back as `Bool` (`JSONValue.anyTree`); numbers as `Double`.
      guard let flag = value as? Bool else { throw fail(place, "expected true or false") }
      return flag
    }

    /// `index`: `true` (A-Z and #), `false`, or a list of titles; none when absent.
    func index(_ value: Any?) throws -> [String] {
      guard let value else { return [] }
      if let flag = try? boolean(value, "index") { return flag ? TableViewSpec.alphabet : [] }
      guard let list = value as? [Any] else {
        throw fail("index", "expected true, false or a list of titles such as [\"A\", \"B\"]")
      }
      return try list.enumerated().map { i, item in
        guard let text = item as? String, !text.isEmpty else {
          throw fail("index[\(i)]", "expected a non-empty string")
        }
        return text
      }
    }

    /// One section: header, footer, rows (at least one in a grouped table).
    func section(_ value: Any, place: String, style: Style) throws -> Section {
      let section = try object(value, place, keys: ["header", "footer", "rows"])
      guard let rowValues = section["rows"] as? [Any] else {
        throw fail(
          "\(place).rows",
          section["rows"] == nil ? "missing; give a list of rows" : "expected a list")
      }
      let rows = try rowValues.enumerated().map { ri, rowValue in
        try row(rowValue, place: "\(place).rows[\(ri)]")
      }
      if style == .grouped && rows.isEmpty {
        throw fail(
          place, "a group with no row; the guidelines require at least one row in every group")
      }
      return Section(
        header: try string(section["header"], "\(place).header"),
        footer: try string(section["footer"], "\(place).footer"), rows: rows)
    }

    /// One row: a title, a subtitle or a detail, an icon (inside the spec's folder) with an
    /// optional background colour, an accessory, `disabled`.
    func row(_ value: Any, place rowPlace: String) throws -> Row {
      let row = try object(
        value, rowPlace,
        keys: [
          "title", "subtitle", "detail", "icon", "iconBackground", "accessory", "disabled",
        ])
      guard let title = try string(row["title"], "\(rowPlace).title"), !title.isEmpty else {
        throw fail("\(rowPlace).title", "missing or empty; every row needs a title")
      }
      let subtitle = try string(row["subtitle"], "\(rowPlace).subtitle")
      let detail = try string(row["detail"], "\(rowPlace).detail")
      if subtitle != nil && detail != nil {
        throw fail(
          rowPlace,
          "give \"subtitle\" (subtitle style) or \"detail\" (value style), not both")
      }
      let icon = try string(row["icon"], "\(rowPlace).icon")
      var iconPath: String? = nil
      if let icon {
        guard !icon.isEmpty else { throw fail("\(rowPlace).icon", "empty path") }
        // The spec is the user's own file: its icon paths are paths as on the command line
        // (relative to the spec, `..` and absolute allowed). Only URLs are refused.
        if icon.contains("://") {
          throw fail(
            "\(rowPlace).icon",
            "'\(icon)': network references are not loaded; give a file path (relative to the spec's folder, .. and absolute allowed)"
          )
        }
        iconPath =
          icon.hasPrefix("/")
          ? icon : baseDirectory.appendingPathComponent(icon).standardizedFileURL.path
      }
      var background: RGBA8? = nil
      if let text = try string(row["iconBackground"], "\(rowPlace).iconBackground") {
        guard let colour = try? ColorParser.parse(text) else {
          throw fail(
            "\(rowPlace).iconBackground", "invalid colour '\(text)'; use #RRGGBB or #RRGGBBAA")
        }
        guard icon != nil else {
          throw fail("\(rowPlace).iconBackground", "needs an \"icon\" to put on it")
        }
        background = colour
      }
      let accessoryText = try string(row["accessory"], "\(rowPlace).accessory") ?? "none"
      guard let accessory = Accessory(rawValue: accessoryText) else {
        throw fail(
          "\(rowPlace).accessory",
          "unknown accessory '\(accessoryText)'; use none, disclosure or checkmark")
      }
      return Row(
        title: title, subtitle: subtitle, detail: detail, icon: icon, iconPath: iconPath,
        iconBackground: background, accessory: accessory,
        disabled: try boolean(row["disabled"], "\(rowPlace).disabled") ?? false)
    }
  }
}
