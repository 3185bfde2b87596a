import Foundation

/// The per-icon options of `glyphsmith.json` (`defaults` and each of `rules`): every per-icon
/// option `assets` has, plus `skip`. A missing key leaves the value of what came before.
public struct IconSettings: Equatable, Sendable {
  /// `--role`.
  public var role: Role?
  /// `--size`, in pt (dp for Android); greater than 0.
  public var size: Double?
  /// `--shape`.
  public var shape: GlyphShape?
  /// `--padding`, in pt; 0 or more.
  public var padding: Double?
  /// `--original` (true) or `--template` (false).
  public var original: Bool?
  /// `--compact` (tab-bar icons only: other roles have no compact size and ignore it).
  public var compact: Bool?
  /// The platforms this icon is written for, among those the file declares.
  public var platforms: [AssetPlatform]?
  /// The output format (`ProjectConfig.formats`).
  public var format: String?
  /// Leaves the icon out of every platform (its earlier outputs are pruned).
  public var skip: Bool?

  /// No settings.
  public init() {}

  /// The keys and their shapes, as `JSONShape` checks them.
  static var shapeMembers: [String: JSONShape] {
    [
      "role": .oneOf(Role.allCases.map(\.rawValue)),
      "size": .number(minimum: 0, exclusive: true),
      "shape": .oneOf(GlyphShape.allCases.map(\.rawValue)),
      "padding": .number(minimum: 0, exclusive: false),
      "original": .boolean,
      "compact": .boolean,
      "platforms": .array(.oneOf(AssetPlatform.allCases.map(\.rawValue))),
      "format": .oneOf(ProjectConfig.formats),
      "skip": .boolean,
    ]
  }

  /// These settings with every key `later` sets replaced by its value (rules apply in order,
  /// key by key).
  public func overridden(by later: IconSettings) -> IconSettings {
    var result = self
    result.role = later.role ?? role
    result.size = later.size ?? size
    result.shape = later.shape ?? shape
    result.padding = later.padding ?? padding
    result.original = later.original ?? original
    result.compact = later.compact ?? compact
    result.platforms = later.platforms ?? platforms
    result.format = later.format ?? format
    result.skip = later.skip ?? skip
    return result
  }

  /// Reads the settings of a checked JSON object (`JSONShape` has vetted keys and values).
  init(_ object: [String: JSONValue]) {
    role = object["role"]?.string.flatMap(Role.init(rawValue:))
    size = object["size"]?.number
    shape = object["shape"]?.string.flatMap(GlyphShape.init(rawValue:))
    padding = object["padding"]?.number
    original = object["original"]?.bool
    compact = object["compact"]?.bool
    if case .array(let names)? = object["platforms"] {
      platforms = names.compactMap { $0.string.flatMap(AssetPlatform.init(rawValue:)) }
    }
    format = object["format"]?.string
    skip = object["skip"]?.bool
  }
}
