import FoundationEssentials
import Glibc
import GlyphsmithCore

/// One per-icon key of `glyphsmith.json` (`defaults` and each of `rules`): its JSON key, the
/// `JSONShape` its value must have, the schema's description, and what it does to the icon's
/// resolved options (a writable key path into `IconOptions`). `IconKey.all` is the one list:
/// `IconSettings` reads, checks and merges by it, `ProjectBuild` applies it, and the schema's
/// `$defs/icon` and `$defs/rule` properties are generated from it (`ProjectSchemaTests`,
/// `scripts/update-generated`). A new per-icon key is a line here (and its property in
/// `IconOptions` when it is a new option), then `scripts/update-generated`.
package struct IconKey {
  /// The JSON key, e.g. `padding`.
  package var name: String
  /// What its value must be (`ProjectConfig.shape`; the schema's property).
  package var shape: JSONShape
  /// The schema's `description`.
  package var description: String
  /// Sets the options a checked value gives; `nil` for a key the build reads itself (`skip`)
  /// or that has one value only (`format`).
  package var apply: ((JSONValue, inout IconOptions) -> Void)?
  /// A value that gives the icon other options than the defaults do (`IconKeyTests`); `nil`
  /// with `apply`.
  package var example: JSONValue?

  /// A key setting `path` to what `read` makes of its checked value.
  package init<Value>(
    _ name: String, _ shape: JSONShape, _ path: WritableKeyPath<IconOptions, Value>,
    example: JSONValue, description: String, read: @escaping (JSONValue) -> Value?
  ) {
    self.name = name
    self.shape = shape
    self.description = description
    self.example = example
    apply = { value, options in
      if let read = read(value) { options[keyPath: path] = read }
    }
  }

  /// A key that sets no option.
  package init(_ name: String, _ shape: JSONShape, description: String) {
    self.name = name
    self.shape = shape
    self.description = description
  }

  /// Every per-icon key, in the schema's order (and the order they apply in).
  package static var all: [IconKey] {
    [
      IconKey(
        "role", .oneOf(Role.allCases.map(\.rawValue)), \.role, example: .string("plain"),
        description: "What the glyph is for (assets --role)."
      ) { $0.string.flatMap(Role.init(rawValue:)) },
      IconKey(
        "size", .number(minimum: 0, exclusive: true), \.size, example: .number(40),
        description: "Size in pt (dp for Android) instead of the role's (assets --size)."
      ) { $0.number.map { Optional($0) } },
      IconKey(
        "shape", .oneOf(GlyphShape.allCases.map(\.rawValue)), \.shape, example: .string("wide"),
        description: "Forces the shape (assets --shape)."
      ) { $0.string.flatMap(GlyphShape.init(rawValue:)).map { Optional($0) } },
      IconKey(
        "padding", .number(minimum: 0, exclusive: false), \.padding, example: .number(2),
        description: "Transparent space in pt around the glyph (assets --padding)."
      ) { $0.number },
      IconKey(
        "original", .boolean, \.template, example: .bool(true),
        description:
          "Original colours (true) or a template image (false) (assets --original / --template)."
      ) { $0.bool.map { Optional(!$0) } },
      IconKey(
        "compact", .boolean, \.compact, example: .bool(true),
        description: "Also NAME-compact.imageset (tab-bar icons only; others ignore it)."
      ) { $0.bool },
      IconKey(
        "platforms", .array(.oneOf(AssetPlatform.allCases.map(\.rawValue))), \.platforms,
        example: .array([.string("android")]),
        description: "The declared platforms this icon is written for."
      ) { value in
        guard case .array(let names) = value else { return nil }
        return names.compactMap { $0.string.flatMap(AssetPlatform.init(rawValue:)) }
      },
      IconKey(
        "format", .oneOf(ProjectConfig.formats), \.catalogFormat, example: .string("pdf"),
        description:
          "The image sets' files: png per scale, or one pdf or svg vector (assets --format)."
      ) { $0.string },
      IconKey(
        "skip", .boolean, description: "Leave the icon out (its earlier outputs are pruned)."),
    ]
  }

  /// The key called `name`, else `nil`.
  package static func named(_ name: String) -> IconKey? { all.first { $0.name == name } }

  /// The per-icon keys table of docs/project.md, generated from `all` (`IconKeyTests`,
  /// `scripts/update-generated`): one row per key with its value (from `shape`) and its
  /// description, in the schema's order.
  package static var markdownTable: String {
    var text = "| key | value | what |\n|---|---|---|\n"
    for key in all {
      text += "| `\(key.name)` | \(key.shape.markdown) | \(key.description) |\n"
    }
    return text
  }

  /// The markers around the table in docs/project.md.
  package static let markers = (begin: "<!-- icon-keys:begin -->", end: "<!-- icon-keys:end -->")

  /// `document` with the text between the markers replaced by `markdownTable`; `nil` when the
  /// markers are missing or out of order.
  package static func updatingDocument(_ document: String) -> String? {
    MarkedSection(begin: markers.begin, end: markers.end).replacing(
      in: document, with: markdownTable)
  }
}

extension JSONShape {
  /// What a value of this shape is, in words for a docs table: "`a`, `b` or `c`",
  /// "number > 0", "`true` or `false`", "a list of ...".
  var markdown: String {
    switch self {
    case .any: return "any"
    case .oneOf(let names):
      let quoted = names.map { "`\($0)`" }
      return quoted.count < 2
        ? quoted.joined()
        : quoted.dropLast().joined(separator: ", ") + " or " + quoted.last!
    case .object: return "an object"
    case .dictionary(let value): return "an object of \(value.markdown)"
    case .array(let element): return "a list of \(element.markdown)"
    case .boolean: return "`true` or `false`"
    case .number(let minimum, let exclusive):
      return "number \(exclusive ? ">" : ">=") \(minimum.shortText)"
    case .integer(let minimum): return "whole number >= \(minimum)"
    case .anyNumber: return "number"
    case .string: return "string"
    }
  }
}

extension Double {
  /// The shortest spelling: `0`, `2.5`.
  fileprivate var shortText: String {
    self == rounded() && abs(self) < 1e15 ? String(Int(self)) : String(self)
  }
}
