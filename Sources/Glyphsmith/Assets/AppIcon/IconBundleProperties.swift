import FoundationEssentials
import Glibc
import GlyphsmithCore

/// The Icon Composer properties of a written `.icon`'s groups and layers that the `appicon`
/// block of `glyphsmith.json` gives (`"groups": [{"specular": false, "layers": [{"glass":
/// true}]}]`, issue 35), spelt as `icon.json` spells them: the group keys `opacity`,
/// `blend-mode`, `shadow` (`{"kind", "opacity"}`), `translucency` (`{"enabled", "value"}`),
/// `specular`, `position` (`{"scale", "translation-in-points": [x, y]}`) and `glass` (every
/// layer of the group that does not give its own); the layer keys `glass`, `opacity`,
/// `blend-mode` and `position`. A key not given keeps what the writer writes: Icon
/// Composer's own defaults (the foreground group's neutral 0.5 shadow and 0.5 translucency,
/// the placement of `IconBundleJob.scale(canvas:cover:)`, nothing else).
public struct IconBundleProperties: Sendable, Equatable {
  typealias Document = IconComposerDocument

  /// One layer's properties (`nil`: not given).
  public struct Layer: Sendable, Equatable {
    var glass: Bool? = nil
    var opacity: Double? = nil
    var blendMode: IconComposerDocument.BlendMode? = nil
    var position: IconComposerDocument.Position? = nil
  }

  /// One group's properties (`nil`: not given) and its layers', in document order.
  public struct Group: Sendable, Equatable {
    var glass: Bool? = nil
    var opacity: Double? = nil
    var blendMode: IconComposerDocument.BlendMode? = nil
    var shadow: IconComposerDocument.Shadow? = nil
    var translucency: IconComposerDocument.Translucency? = nil
    var specular: Bool? = nil
    var position: IconComposerDocument.Position? = nil
    var layers: [Layer] = []
  }

  /// The groups, in document order: the foreground's (the foreground, then each `--layer`),
  /// then the background file's when there is one.
  public var groups: [Group] = []

  /// No properties: the writer's defaults.
  public init() {}

  /// Whether nothing is given.
  public var isEmpty: Bool { groups.isEmpty }

  // MARK: - The project file's shape

  /// The keys a layer of `appicon.groups[i].layers` may hold, and their values.
  static var layerShape: [String: JSONShape] {
    [
      "glass": .boolean, "opacity": .anyNumber,
      "blend-mode": .oneOf(blendModes), "position": positionShape,
    ]
  }

  /// The keys a group of `appicon.groups` may hold, and their values.
  static var groupShape: [String: JSONShape] {
    [
      "glass": .boolean, "opacity": .anyNumber,
      "blend-mode": .oneOf(blendModes),
      "shadow": .object([
        "kind": .oneOf(shadowKinds), "opacity": .anyNumber,
      ]),
      "translucency": .object([
        "enabled": .boolean, "value": .anyNumber,
      ]),
      "specular": .boolean, "position": positionShape, "layers": .array(.object(layerShape)),
    ]
  }

  static var positionShape: JSONShape {
    .object([
      "scale": .number(minimum: 0, exclusive: true), "translation-in-points": .array(.any),
    ])
  }

  /// The blend modes Icon Composer writes (`blend-mode`), for the project file and its schema.
  public static var blendModes: [String] { Document.BlendMode.known.map(\.rawValue) }
  /// The shadow kinds Icon Composer writes (`shadow.kind`).
  public static var shadowKinds: [String] { Document.ShadowKind.known.map(\.rawValue) }

  /// Reads `groups` (the value of `KEY`, e.g. `appicon.groups`, already of `groupShape`):
  /// each value as `icon.json` reads it.
  /// - Returns: the properties, or the first problem (a phrase naming its key path).
  static func read(_ groups: [JSONValue], key: String) -> Result<IconBundleProperties, Failure> {
    var properties = IconBundleProperties()
    var problems: [Document.Problem] = []
    func value<V: IconComposerValue>(_ members: [String: JSONValue], _ name: String, _ path: String)
      -> V?
    {
      members[name].flatMap { V.read($0, at: "\(path).\(name)", &problems) }
    }
    func opacity(_ members: [String: JSONValue], _ path: String) -> Double? {
      let opacity: Double? = value(members, "opacity", path)
      // Both bounds, as `icon.json`'s reader names them (issue 35's third trial, finding 12).
      if let opacity {
        Document.Problem.check(
          opacity, in: 0...1, at: "\(path).opacity", Document.Problem.opacityRange, &problems)
      }
      return opacity
    }
    for (g, json) in groups.enumerated() {
      let path = "\(key)[\(g)]"
      let members = json.object ?? [:]
      var group = Group(
        glass: value(members, "glass", path), opacity: opacity(members, path),
        blendMode: value(members, "blend-mode", path), shadow: value(members, "shadow", path),
        translucency: value(members, "translucency", path),
        specular: value(members, "specular", path), position: value(members, "position", path))
      if case .array(let layers)? = members["layers"] {
        for (l, json) in layers.enumerated() {
          let path = "\(path).layers[\(l)]"
          let members = json.object ?? [:]
          group.layers.append(
            Layer(
              glass: value(members, "glass", path), opacity: opacity(members, path),
              blendMode: value(members, "blend-mode", path),
              position: value(members, "position", path)))
        }
      }
      properties.groups.append(group)
    }
    if let problem = problems.first {
      return .failure(Failure("'\(problem.keyPath)': \(problem.message)"))
    }
    return .success(properties)
  }

  /// A problem with the properties: a phrase naming the key path.
  struct Failure: Error {
    var message: String
    init(_ message: String) { self.message = message }
  }

  // MARK: - Applying

  /// `document` with the properties given set on its groups and layers (`key`: where they
  /// were given, e.g. `appicon.groups`, for messages).
  /// - Throws: `GlyphsmithError.unusable` naming `source` (the project file) for a group or
  ///   layer the document does not have (its key path and what the icon has).
  func apply(
    to document: IconComposerDocument, key: String, source: String
  ) throws -> IconComposerDocument {
    var document = document
    guard groups.count <= document.groups.count else {
      throw GlyphsmithError.unusable(
        path: source,
        problem:
          "'\(key)[\(document.groups.count)]': the icon has \(document.groups.count) group\(document.groups.count == 1 ? "" : "s") (\(Self.groupsText(document))); give at most \(document.groups.count)"
      )
    }
    for (g, group) in groups.enumerated() {
      var written = document.groups[g]
      let count = written.layers.count
      guard group.layers.count <= count else {
        throw GlyphsmithError.unusable(
          path: source,
          problem:
            "'\(key)[\(g)].layers[\(count)]': group \(g) has \(count) layer\(count == 1 ? "" : "s") (\(written.layers.compactMap(\.name).joined(separator: ", "))); give at most \(count)"
        )
      }
      if let opacity = group.opacity { written.opacity = .init(opacity) }
      if let blendMode = group.blendMode { written.blendMode = .init(blendMode) }
      if let shadow = group.shadow { written.shadow = .init(shadow) }
      if let translucency = group.translucency { written.translucency = .init(translucency) }
      if let specular = group.specular { written.specular = .init(specular) }
      if let position = group.position { written.position = .init(position) }
      for l in written.layers.indices {
        let layer = l < group.layers.count ? group.layers[l] : Layer()
        if let glass = layer.glass ?? group.glass { written.layers[l].glass = .init(glass) }
        if let opacity = layer.opacity { written.layers[l].opacity = .init(opacity) }
        if let blendMode = layer.blendMode { written.layers[l].blendMode = .init(blendMode) }
        if let position = layer.position { written.layers[l].position = .init(position) }
      }
      document.groups[g] = written
    }
    return document
  }

  /// What the document's groups are, for messages: `the foreground's; the background
  /// file's`.
  static func groupsText(_ document: IconComposerDocument) -> String {
    document.groups.indices.map { $0 == 0 ? "the foreground's" : "the background file's" }
      .joined(separator: "; ")
  }
}
