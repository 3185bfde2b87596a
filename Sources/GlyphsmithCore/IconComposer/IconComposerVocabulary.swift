import FoundationEssentials
import Glibc

/// The key paths and value forms of Apple's Icon Composer documents: every `PATH: FORM` that
/// occurs in the 11 vendored `icon.json` files (`Tests/GlyphsmithTestFixtures/Fixtures/
/// icon-composer`), and nothing else. A `.icon` Glyphsmith writes uses only these
/// (`IconComposerVocabularyTests` checks both directions), so Icon Composer reads it as one of
/// its own.
///
/// A key path has array indices as `[]` (`groups[].layers[].fill.solid`). A form is `object`,
/// `array`, `number`, `bool` or `null`; `{}` and `[]` for an empty object or array (Apple's
/// files have none); `color:SPACE` for a colour string (`color:display-p3`); `string` for the
/// free-text strings (a `name`, an `image-name`); and the string itself, quoted, for every
/// other string (`"normal"`, `"shared"`): those keys take a value from a list.
package enum IconComposerVocabulary {
  /// Every `PATH: FORM` of the 11 vendored documents, sorted by bytes.
  package static let apple: [String] = [
    ": object",
    "fill-specializations: array",
    "fill-specializations[].appearance: \"dark\"",
    "fill-specializations[].value.automatic-gradient: color:display-p3",
    "fill-specializations[].value.orientation.start.x: number",
    "fill-specializations[].value.orientation.start.y: number",
    "fill-specializations[].value.orientation.start: object",
    "fill-specializations[].value.orientation.stop.x: number",
    "fill-specializations[].value.orientation.stop.y: number",
    "fill-specializations[].value.orientation.stop: object",
    "fill-specializations[].value.orientation: object",
    "fill-specializations[].value: object",
    "fill-specializations[]: object",
    "fill.automatic-gradient: color:extended-srgb",
    "fill.linear-gradient: array",
    "fill.linear-gradient[]: color:display-p3",
    "fill.orientation.start.x: number",
    "fill.orientation.start.y: number",
    "fill.orientation.start: object",
    "fill.orientation.stop.x: number",
    "fill.orientation.stop.y: number",
    "fill.orientation.stop: object",
    "fill.orientation: object",
    "fill: \"automatic\"",
    "fill: \"system-light\"",
    "fill: object",
    "groups: array",
    "groups[].blend-mode-specializations: array",
    "groups[].blend-mode-specializations[].appearance: \"dark\"",
    "groups[].blend-mode-specializations[].appearance: \"tinted\"",
    "groups[].blend-mode-specializations[].value: \"lighten\"",
    "groups[].blend-mode-specializations[].value: \"normal\"",
    "groups[].blend-mode-specializations[].value: \"plus-lighter\"",
    "groups[].blend-mode-specializations[]: object",
    "groups[].blend-mode: \"normal\"",
    "groups[].blur-material-specializations: array",
    "groups[].blur-material-specializations[].appearance: \"dark\"",
    "groups[].blur-material-specializations[].appearance: \"tinted\"",
    "groups[].blur-material-specializations[].value: null",
    "groups[].blur-material-specializations[].value: number",
    "groups[].blur-material-specializations[]: object",
    "groups[].blur-material: null",
    "groups[].blur-material: number",
    "groups[].hidden-specializations: array",
    "groups[].hidden-specializations[].appearance: \"tinted\"",
    "groups[].hidden-specializations[].value: bool",
    "groups[].hidden-specializations[]: object",
    "groups[].hidden: bool",
    "groups[].layers: array",
    "groups[].layers[].blend-mode-specializations: array",
    "groups[].layers[].blend-mode-specializations[].appearance: \"dark\"",
    "groups[].layers[].blend-mode-specializations[].appearance: \"tinted\"",
    "groups[].layers[].blend-mode-specializations[].value: \"normal\"",
    "groups[].layers[].blend-mode-specializations[].value: \"screen\"",
    "groups[].layers[].blend-mode-specializations[]: object",
    "groups[].layers[].blend-mode: \"normal\"",
    "groups[].layers[].fill-specializations: array",
    "groups[].layers[].fill-specializations[].appearance: \"dark\"",
    "groups[].layers[].fill-specializations[].appearance: \"tinted\"",
    "groups[].layers[].fill-specializations[].value.automatic-gradient: color:display-p3",
    "groups[].layers[].fill-specializations[].value.linear-gradient: array",
    "groups[].layers[].fill-specializations[].value.linear-gradient[]: color:display-p3",
    "groups[].layers[].fill-specializations[].value.linear-gradient[]: color:extended-srgb",
    "groups[].layers[].fill-specializations[].value.linear-gradient[]: color:srgb",
    "groups[].layers[].fill-specializations[].value.orientation.start.x: number",
    "groups[].layers[].fill-specializations[].value.orientation.start.y: number",
    "groups[].layers[].fill-specializations[].value.orientation.start: object",
    "groups[].layers[].fill-specializations[].value.orientation.stop.x: number",
    "groups[].layers[].fill-specializations[].value.orientation.stop.y: number",
    "groups[].layers[].fill-specializations[].value.orientation.stop: object",
    "groups[].layers[].fill-specializations[].value.orientation: object",
    "groups[].layers[].fill-specializations[].value.solid: color:display-p3",
    "groups[].layers[].fill-specializations[].value.solid: color:srgb",
    "groups[].layers[].fill-specializations[].value: \"automatic\"",
    "groups[].layers[].fill-specializations[].value: \"none\"",
    "groups[].layers[].fill-specializations[].value: object",
    "groups[].layers[].fill-specializations[]: object",
    "groups[].layers[].fill.solid: color:display-p3",
    "groups[].layers[].fill: \"none\"",
    "groups[].layers[].fill: object",
    "groups[].layers[].glass-specializations: array",
    "groups[].layers[].glass-specializations[].appearance: \"dark\"",
    "groups[].layers[].glass-specializations[].appearance: \"tinted\"",
    "groups[].layers[].glass-specializations[].value: bool",
    "groups[].layers[].glass-specializations[]: object",
    "groups[].layers[].glass: bool",
    "groups[].layers[].hidden-specializations: array",
    "groups[].layers[].hidden-specializations[].appearance: \"tinted\"",
    "groups[].layers[].hidden-specializations[].value: bool",
    "groups[].layers[].hidden-specializations[]: object",
    "groups[].layers[].hidden: bool",
    "groups[].layers[].image-name-specializations: array",
    "groups[].layers[].image-name-specializations[].appearance: \"dark\"",
    "groups[].layers[].image-name-specializations[].value: string",
    "groups[].layers[].image-name-specializations[]: object",
    "groups[].layers[].image-name: string",
    "groups[].layers[].name: string",
    "groups[].layers[].opacity-specializations: array",
    "groups[].layers[].opacity-specializations[].appearance: \"dark\"",
    "groups[].layers[].opacity-specializations[].appearance: \"tinted\"",
    "groups[].layers[].opacity-specializations[].value: number",
    "groups[].layers[].opacity-specializations[]: object",
    "groups[].layers[].position.scale: number",
    "groups[].layers[].position.translation-in-points: array",
    "groups[].layers[].position.translation-in-points[]: number",
    "groups[].layers[].position: object",
    "groups[].layers[]: object",
    "groups[].lighting-specializations: array",
    "groups[].lighting-specializations[].appearance: \"dark\"",
    "groups[].lighting-specializations[].value: \"combined\"",
    "groups[].lighting-specializations[].value: \"individual\"",
    "groups[].lighting-specializations[]: object",
    "groups[].lighting: \"combined\"",
    "groups[].lighting: \"individual\"",
    "groups[].name: string",
    "groups[].opacity-specializations: array",
    "groups[].opacity-specializations[].appearance: \"dark\"",
    "groups[].opacity-specializations[].appearance: \"tinted\"",
    "groups[].opacity-specializations[].value: number",
    "groups[].opacity-specializations[]: object",
    "groups[].opacity: number",
    "groups[].position.scale: number",
    "groups[].position.translation-in-points: array",
    "groups[].position.translation-in-points[]: number",
    "groups[].position: object",
    "groups[].shadow-specializations: array",
    "groups[].shadow-specializations[].appearance: \"dark\"",
    "groups[].shadow-specializations[].value.kind: \"layer-color\"",
    "groups[].shadow-specializations[].value.kind: \"neutral\"",
    "groups[].shadow-specializations[].value.kind: \"none\"",
    "groups[].shadow-specializations[].value.opacity: number",
    "groups[].shadow-specializations[].value: object",
    "groups[].shadow-specializations[]: object",
    "groups[].shadow.kind: \"layer-color\"",
    "groups[].shadow.kind: \"neutral\"",
    "groups[].shadow.kind: \"none\"",
    "groups[].shadow.opacity: number",
    "groups[].shadow: object",
    "groups[].specular-specializations: array",
    "groups[].specular-specializations[].appearance: \"dark\"",
    "groups[].specular-specializations[].appearance: \"tinted\"",
    "groups[].specular-specializations[].value: bool",
    "groups[].specular-specializations[]: object",
    "groups[].specular: bool",
    "groups[].translucency-specializations: array",
    "groups[].translucency-specializations[].appearance: \"dark\"",
    "groups[].translucency-specializations[].appearance: \"tinted\"",
    "groups[].translucency-specializations[].value.enabled: bool",
    "groups[].translucency-specializations[].value.value: number",
    "groups[].translucency-specializations[].value: object",
    "groups[].translucency-specializations[]: object",
    "groups[].translucency.enabled: bool",
    "groups[].translucency.value: number",
    "groups[].translucency: object",
    "groups[]: object",
    "supported-platforms.circles: array",
    "supported-platforms.circles[]: \"watchOS\"",
    "supported-platforms.squares: \"shared\"",
    "supported-platforms.squares: array",
    "supported-platforms.squares[]: \"macOS\"",
    "supported-platforms: object",
  ]

  /// The `PATH: FORM` entries of `json`, each once.
  package static func forms(of json: JSONValue) -> Set<String> {
    var forms: Set<String> = []
    collect(json, path: "", into: &forms)
    return forms
  }

  /// The entries of `json` that `apple` lacks, sorted by bytes: what a writer may not emit.
  package static func unknownForms(in json: JSONValue) -> [String] {
    IconComposerJSON.sortedKeys(forms(of: json).subtracting(apple))
  }

  /// The form of one value at `path` (see the type's description).
  package static func form(of value: JSONValue, at path: String) -> String {
    switch value {
    case .null: return "null"
    case .bool: return "bool"
    case .number: return "number"
    case .array(let items): return items.isEmpty ? "[]" : "array"
    case .object(let members): return members.isEmpty ? "{}" : "object"
    case .string(let text):
      if case .success(let color) = IconComposerDocument.Color.parse(text) {
        return "color:" + color.space.rawValue
      }
      return isFreeText(path) ? "string" : "\(value)"
    }
  }

  /// Whether the string at `path` is a name (`name`, `image-name` and its specializations'
  /// values) rather than a value from a list.
  static func isFreeText(_ path: String) -> Bool {
    path == "name" || path.hasSuffix(".name") || path.hasSuffix(".image-name")
      || path.hasSuffix(".image-name-specializations[].value")
  }

  private static func collect(_ value: JSONValue, path: String, into forms: inout Set<String>) {
    forms.insert(path + ": " + form(of: value, at: path))
    switch value {
    case .array(let items):
      for item in items { collect(item, path: path + "[]", into: &forms) }
    case .object(let members):
      for (key, member) in members {
        collect(member, path: path.isEmpty ? key : path + "." + key, into: &forms)
      }
    default: break
    }
  }
}
