import FoundationEssentials
import Glibc

/// A `Contents.json` of an asset catalog: the root's, a group's, or an asset folder's (image
/// set, app icon set, symbol set, color set, data set, ...). The one model for writing them
/// (`assets`, `appicon`, `symbol`) and for reading them (`validate`, the symbol set checks,
/// `lint NAME.symbolset`). Source: Apple "Asset Catalog Format Reference" (Image Set, App Icon,
/// Symbol Set types); the text as Xcode writes it comes from `XcodeJSON`.
///
/// Reading is lenient, as a validator must be: a named key whose value has another type
/// (`"filename" : 5`), and every key the model does not name, are kept as written in `other`,
/// so a check can name them and nothing is lost.
package struct AssetContents: Codable, Equatable, Sendable {
  /// `{"author" : "xcode", "version" : 1}`.
  package struct Info: Codable, Equatable, Sendable {
    /// Always `xcode` when written.
    package var author = "xcode"
    /// Always 1 when written.
    package var version = 1
  }

  /// `properties`: the template rendering intent of an image set, the namespace of a group.
  package struct Properties: Codable, Equatable, Sendable {
    /// `template` or `original`; absent means Xcode's "Default".
    package var templateRenderingIntent: String?
    /// `true` when the names of the assets in a group are prefixed with the group's name.
    package var providesNamespace: Bool?
    /// `preserves-vector-representation`: `true` when Xcode keeps a single-scale PDF or SVG
    /// as a vector at run time (Xcode 12+, "Preserve Vector Data"); absent or `false`, it
    /// rasterizes the file into @1x-@3x at build time.
    package var preservesVectorRepresentation: Bool?
    /// Keys not named above, and named keys of another type, as written.
    package var other: [String: JSONValue] = [:]

    /// Properties with the values given.
    package init(templateRenderingIntent: String? = nil, providesNamespace: Bool? = nil) {
      self.templateRenderingIntent = templateRenderingIntent
      self.providesNamespace = providesNamespace
    }

    /// Decodes leniently (see `AssetContents`).
    package init(from decoder: Decoder) throws {
      self.init(lenient: try LenientObject(decoder))
    }

    fileprivate init(lenient reader: LenientObject) {
      var reader = reader
      templateRenderingIntent = reader.take("template-rendering-intent")
      providesNamespace = reader.take("provides-namespace")
      preservesVectorRepresentation = reader.take("preserves-vector-representation")
      other = reader.rest
    }

    /// Encodes every key it holds.
    package func encode(to encoder: Encoder) throws {
      var writer = LenientObject.Writer(encoder, other: other)
      writer.put("template-rendering-intent", templateRenderingIntent)
      writer.put("provides-namespace", providesNamespace)
      writer.put("preserves-vector-representation", preservesVectorRepresentation)
      try writer.finish()
    }
  }

  /// An appearance condition, e.g. `{"appearance" : "luminosity", "value" : "dark"}`.
  package struct Appearance: Codable, Equatable, Sendable {
    /// The trait: `luminosity` (light, dark or tinted) or `contrast` (high); `nil` when absent
    /// or not a string.
    package var appearance: String?
    /// The trait value, e.g. `dark`; `nil` when absent or not a string.
    package var value: String?

    /// No condition set (both members `nil`).
    package init() {}

    /// An appearance condition.
    package init(appearance: String, value: String) {
      self.appearance = appearance
      self.value = value
    }

    /// Decodes leniently: a member that is not a string is `nil`.
    package init(from decoder: Decoder) throws {
      self.init(lenient: try LenientObject(decoder))
    }

    fileprivate init(lenient reader: LenientObject) {
      var reader = reader
      appearance = reader.take("appearance")
      value = reader.take("value")
    }
  }

  /// One entry of an asset's list (`images`, `symbols`, `colors`, `data`): a slot (idiom,
  /// scale, size, appearances, ...) and its content (a file name, a colour, ...).
  package struct Entry: Codable, Equatable, Sendable {
    /// The file inside the asset folder.
    package var filename: String?
    /// `universal`, `iphone`, `ipad`, `ios-marketing`, ...
    package var idiom: String?
    /// `ios` for an app icon's single-size universal entry.
    package var platform: String?
    /// `1x`, `2x` or `3x`.
    package var scale: String?
    /// An app icon's size in pt, `"WxH"` (`"83.5x83.5"`); px = size x scale.
    package var size: String?
    /// Appearance variants; absent for "Any".
    package var appearances: [Appearance]?
    /// Keys not named above (`color`, `universal-type-identifier`, ...), and named keys whose
    /// value has another type, as written.
    package var other: [String: JSONValue] = [:]

    /// An entry; see the properties.
    package init(
      filename: String? = nil, idiom: String? = nil, platform: String? = nil,
      scale: String? = nil, size: String? = nil, appearances: [Appearance]? = nil
    ) {
      self.filename = filename
      self.idiom = idiom
      self.platform = platform
      self.scale = scale
      self.size = size
      self.appearances = appearances
    }

    /// Decodes leniently (see `AssetContents`).
    package init(from decoder: Decoder) throws {
      self.init(lenient: try LenientObject(decoder))
    }

    fileprivate init(lenient reader: LenientObject) {
      var reader = reader
      filename = reader.take("filename")
      idiom = reader.take("idiom")
      platform = reader.take("platform")
      scale = reader.take("scale")
      size = reader.take("size")
      appearances = reader.take("appearances")
      other = reader.rest
    }

    /// Encodes every key it holds.
    package func encode(to encoder: Encoder) throws {
      var writer = LenientObject.Writer(encoder, other: other)
      writer.put("filename", filename)
      writer.put("idiom", idiom)
      writer.put("platform", platform)
      writer.put("scale", scale)
      writer.put("size", size)
      writer.put("appearances", appearances)
      try writer.finish()
    }

    /// Every member as written (named or not), by key.
    /// Built as `encode(to:)` writes it (a named key that is `nil` keeps `other`'s value), with
    /// no encoder in between: the catalog check asks for it several times per entry (issue 36).
    package var object: [String: JSONValue] {
      var object = other
      let named = [
        ("filename", filename), ("idiom", idiom), ("platform", platform), ("scale", scale),
        ("size", size),
      ]
      for case (let key, let value?) in named { object[key] = .string(value) }
      if let appearances {
        object["appearances"] = .array(
          appearances.map { member in
            var fields: [String: JSONValue] = [:]
            if let appearance = member.appearance { fields["appearance"] = .string(appearance) }
            if let value = member.value { fields["value"] = .string(value) }
            return .object(fields)
          })
      }
      return object
    }
  }

  /// `info`; written by every writer.
  package var info: Info?
  /// `properties`.
  package var properties: Properties?
  /// The entry lists by key (`images`, `symbols`, `colors`, `data`: `CatalogVocabulary
  /// .entryKeys`'s values), when a list of objects.
  package var lists: [String: [Entry]] = [:]
  /// Every other top-level key, and a list key whose value is not a list of objects, as
  /// written.
  package var other: [String: JSONValue] = [:]

  /// Contents with `info` and nothing else (a catalog root's, a plain group's).
  package init() { info = Info() }

  /// Decodes leniently (see `AssetContents`).
  /// - Throws: `DecodingError.typeMismatch` when the top level is not an object.
  package init(from decoder: Decoder) throws {
    self.init(lenient: try LenientObject(decoder))
  }

  fileprivate init(lenient reader: LenientObject) {
    var reader = reader
    info = reader.take("info")
    properties = reader.take("properties")
    for key in Set(CatalogVocabulary.entryKeys.values) {
      if let list: [Entry] = reader.take(key) { lists[key] = list }
    }
    other = reader.rest
  }

  /// Encodes every key it holds.
  package func encode(to encoder: Encoder) throws {
    var writer = LenientObject.Writer(encoder, other: other)
    writer.put("info", info)
    writer.put("properties", properties)
    for (key, list) in lists { writer.put(key, list) }
    try writer.finish()
  }

  /// The list under `images`.
  package var images: [Entry] {
    get { lists["images"] ?? [] }
    set { lists["images"] = newValue }
  }

  /// An `.imageset`'s contents (Image Set Type): `images` rendered as templates
  /// (`template-rendering-intent: template`) or originals.
  package static func imageSet(images: [Entry], template: Bool) -> AssetContents {
    var contents = AssetContents()
    contents.images = images
    contents.properties = Properties(templateRenderingIntent: template ? "template" : "original")
    return contents
  }

  /// An `.appiconset`'s contents (App Icon Type; the single-size form as Xcode 15 and 16
  /// write it, or the legacy list).
  package static func appIcon(images: [Entry]) -> AssetContents {
    var contents = AssetContents()
    contents.images = images
    return contents
  }

  /// A group folder's contents: `provides-namespace` when names in it are prefixed with the
  /// group's name.
  package static func group(namespace: Bool) -> AssetContents {
    var contents = AssetContents()
    if namespace { contents.properties = Properties(providesNamespace: true) }
    return contents
  }

  /// A `.symbolset`'s contents (Symbol Set Type): one universal template, `filename`.
  package static func symbolSet(filename: String) -> AssetContents {
    var contents = AssetContents()
    contents.lists["symbols"] = [Entry(filename: filename, idiom: "universal")]
    return contents
  }

  /// The JSON text exactly as Xcode writes it: two-space indent, `"key" : value`, keys sorted,
  /// a final newline.
  /// - Throws: `EncodingError` from Foundation.
  package func xcodeJSON() throws -> Data {
    try XcodeJSON.encode(self)
  }

  /// Reads a `Contents.json`'s bytes (`StrictJSON`: syntax, then the lenient model). An
  /// object `JSONValueReader` reads in one pass (every file Glyphsmith or Xcode writes) is
  /// taken from its value, which is the one `StrictJSON` would decode, with nothing for
  /// `StrictJSONSyntax` to fault (issue 36: the catalog check after every run read each
  /// `Contents.json` through `JSONDecoder`); anything else goes through `StrictJSON`.
  /// - Throws: `StrictJSON.Problem`: `.syntax` when not JSON, `.shape` for what
  ///   `StrictJSONSyntax` faults, `.decoding` with key path `""` when the top level is not an
  ///   object.
  package static func read(_ data: Data) throws(StrictJSON.Problem) -> AssetContents {
    if case .object(let members)? = JSONValueReader.read(data) {
      return AssetContents(lenient: LenientObject(members))
    }
    return try StrictJSON.decode(AssetContents.self, from: data)
  }
}

/// Reads the members of one JSON object by name, each as its type when it has it, and keeps
/// the rest as written; writes them back the same way. The object is decoded once, as a
/// `JSONValue` tree, and each member is taken from the tree (`LenientValue`): decoding every
/// member twice through `JSONDecoder` was most of the catalog check's cost (issue 36).
private struct LenientObject {
  struct Key: CodingKey {
    var stringValue: String
    var intValue: Int? { nil }
    init(_ string: String) { stringValue = string }
    init?(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }
  }

  /// The members not taken as their type, as written.
  private(set) var rest: [String: JSONValue]

  /// - Throws: `DecodingError.typeMismatch` when the value is not an object.
  init(_ decoder: Decoder) throws {
    guard case .object(let members) = try JSONValue(from: decoder) else {
      throw DecodingError.typeMismatch(
        [String: JSONValue].self,
        .init(codingPath: decoder.codingPath, debugDescription: "not a JSON object"))
    }
    rest = members
  }

  init(_ members: [String: JSONValue]) { rest = members }

  /// The member `name` as a `T`; `nil` (and the member kept in `rest`) when absent or of
  /// another type.
  mutating func take<T: LenientValue>(_ name: String) -> T? {
    guard let member = rest[name], let value = T(lenient: member) else { return nil }
    rest[name] = nil
    return value
  }

  struct Writer {
    var container: KeyedEncodingContainer<Key>
    let other: [String: JSONValue]
    init(_ encoder: Encoder, other: [String: JSONValue]) {
      container = encoder.container(keyedBy: Key.self)
      self.other = other
    }
    private var failure: Error?

    mutating func put<T: Encodable>(_ name: String, _ value: T?) {
      guard let value, failure == nil else { return }
      do { try container.encode(value, forKey: Key(name)) } catch { failure = error }
    }

    mutating func finish() throws {
      if let failure { throw failure }
      for (name, value) in other { try container.encode(value, forKey: Key(name)) }
    }
  }
}

/// A type a member of a `Contents.json` object is read as, from its `JSONValue`, with what
/// `JSONDecoder` would accept for it; `nil` when the value has another type.
private protocol LenientValue {
  init?(lenient value: JSONValue)
}

extension String: LenientValue {
  init?(lenient value: JSONValue) {
    guard case .string(let text) = value else { return nil }
    self = text
  }
}

extension Bool: LenientValue {
  init?(lenient value: JSONValue) {
    guard case .bool(let flag) = value else { return nil }
    self = flag
  }
}

extension Array: LenientValue where Element: LenientValue {
  init?(lenient value: JSONValue) {
    guard case .array(let items) = value else { return nil }
    var result: [Element] = []
    result.reserveCapacity(items.count)
    for item in items {
      guard let element = Element(lenient: item) else { return nil }
      result.append(element)
    }
    self = result
  }
}

extension AssetContents.Info: LenientValue {
  /// Both members are required, as the synthesized `Decodable` requires them; others are
  /// ignored as it ignores them.
  init?(lenient value: JSONValue) {
    guard case .object(let members) = value, case .string(let author)? = members["author"],
      case .number(let version)? = members["version"], version == version.rounded(),
      abs(version) < 9e15
    else { return nil }
    self.init(author: author, version: Int(version))
  }
}

extension AssetContents.Properties: LenientValue {
  init?(lenient value: JSONValue) {
    guard case .object(let members) = value else { return nil }
    self.init(lenient: LenientObject(members))
  }
}

extension AssetContents.Appearance: LenientValue {
  init?(lenient value: JSONValue) {
    guard case .object(let members) = value else { return nil }
    self.init(lenient: LenientObject(members))
  }
}

extension AssetContents.Entry: LenientValue {
  init?(lenient value: JSONValue) {
    guard case .object(let members) = value else { return nil }
    self.init(lenient: LenientObject(members))
  }
}
