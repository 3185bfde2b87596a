import FoundationEssentials
import Glibc
import GlyphsmithCore

/// The `appicon` block of `glyphsmith.json` (issue 35): what `glyphsmith appicon --project`
/// writes, with the command line's spellings (`"icon"` is ICON, `"output"` is `-o`, every
/// other key the option of that name) and, for an Icon Composer bundle, the groups' and
/// layers' properties (`IconBundleProperties`).
///
/// ```json
/// "appicon": {"icon": "art/bolt.svg", "format": "icon", "output": "App/AppIcon.icon",
///             "background": "#1E3A8A", "dark-background": "#000000", "layer": ["art/ring.svg"],
///             "groups": [{"specular": false, "layers": [{"glass": true}]}]}
/// ```
public struct AppIconBlock: Equatable, Sendable {
  /// The values given, by option name (`icon` and `output` too), as the command line would
  /// give them: a path resolved against the project file's folder, a number as text, `true`
  /// for a flag; a repeatable option's values in order.
  public var values: [String: [String]] = [:]
  /// The groups' and layers' properties (`groups`).
  public var properties = IconBundleProperties()

  /// The `platform` values.
  public static let platforms = ["ios", "android"]
  /// The `format` values.
  public static let formats = ["appiconset", "icon"]
  /// The keys whose values are paths (resolved against the project file's folder);
  /// `background` too when it is no colour.
  static let pathKeys: Set<String> = [
    "icon", "output", "dark", "tinted", "layer", "monochrome", "preview", "fallback",
  ]
  /// The keys that are flags (`true` gives the flag, `false` leaves it out).
  static let flagKeys: Set<String> = ["legacy", "allow-upscale", "layers-from-groups"]

  /// The keys the block may hold, and their values.
  static var shape: JSONShape {
    .object([
      "icon": .string, "output": .string, "platform": .oneOf(platforms),
      "format": .oneOf(formats), "name": .string, "background": .string, "dark": .string,
      "dark-background": .string, "tinted": .string, "layer": .array(.string),
      "preview": .string, "padding": .string, "foreground": .string, "monochrome": .string,
      "inset": .number(minimum: 0, exclusive: false), "min-sdk": .integer(minimum: 1),
      "legacy": .boolean, "allow-upscale": .boolean, "layers-from-groups": .boolean,
      "fallback": .string, "fallback-name": .string,
      "groups": .array(.object(IconBundleProperties.groupShape)),
    ])
  }

  /// The block `json` (of `shape`), paths resolved with `resolve`.
  /// - Throws: `IconBundleProperties.Failure`, the problem (a phrase naming its key path) of
  ///   a group or layer property.
  static func read(_ json: [String: JSONValue], resolve: (String) -> String) throws
    -> AppIconBlock
  {
    var block = AppIconBlock()
    for (key, value) in json where key != "groups" {
      switch value {
      case .string(let text):
        let isPath =
          pathKeys.contains(key) || (key == "background" && (try? ColorParser.parse(text)) == nil)
        block.values[key] = [isPath ? resolve(text) : text]
      case .array(let items):
        block.values[key] = items.compactMap(\.string).map(resolve)
      case .number(let number):
        block.values[key] = [number == number.rounded() ? String(Int(number)) : String(number)]
      case .bool(let flag):
        if flag { block.values[key] = ["true"] }
      default:
        break
      }
    }
    if case .array(let groups)? = json["groups"] {
      block.properties = try IconBundleProperties.read(groups, key: "appicon.groups").get()
    }
    return block
  }

  /// The command line the block gives, but for the options in `given` (the command line's
  /// own, which win) and ICON when `hasInput`: ICON first, then each option in name order.
  public func arguments(except given: Set<String>, hasInput: Bool) -> [String] {
    var arguments: [String] = []
    if !hasInput, let icon = values["icon"]?.first { arguments.append(icon) }
    for key in values.keys.sorted() where key != "icon" {
      guard !given.contains(key), let list = values[key] else { continue }
      let flag = "--" + key
      if Self.flagKeys.contains(key) {
        arguments.append(flag)
      } else {
        for value in list { arguments += [flag, value] }
      }
    }
    return arguments
  }
}
