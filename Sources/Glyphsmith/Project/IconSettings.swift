import FoundationEssentials
import Glibc
import GlyphsmithCore

/// The per-icon options of `glyphsmith.json` (`defaults` and each of `rules`): the keys of
/// `IconKey.all` given, each with its checked value. A missing key leaves the value of what
/// came before.
public struct IconSettings: Equatable, Sendable {
  /// The keys given and their values (`IconKey.all` has vetted both).
  package var values: [String: JSONValue] = [:]

  /// No settings.
  public init() {}

  /// The keys and their shapes, as `JSONShape` checks them.
  static var shapeMembers: [String: JSONShape] {
    Dictionary(uniqueKeysWithValues: IconKey.all.map { ($0.name, $0.shape) })
  }

  /// These settings with every key `later` sets replaced by its value (rules apply in order,
  /// key by key).
  public func overridden(by later: IconSettings) -> IconSettings {
    var result = self
    result.values.merge(later.values) { _, new in new }
    return result
  }

  /// Reads the settings of a checked JSON object (`JSONShape` has vetted keys and values; a
  /// rule's `match` is not a setting).
  init(_ object: [String: JSONValue]) {
    values = object.filter { key, _ in IconKey.named(key) != nil }
  }

  /// `options` with every key given applied, in the order of `IconKey.all`.
  package func apply(to options: inout IconOptions) {
    for key in IconKey.all {
      if let value = values[key.name] { key.apply?(value, &options) }
    }
  }

  /// The platforms this icon is written for, among those the file declares; `nil`: all.
  public var platforms: [AssetPlatform]? {
    var options = IconOptions()
    guard values["platforms"] != nil else { return nil }
    apply(to: &options)
    return options.platforms
  }

  /// Leaves the icon out of every platform (its earlier outputs are pruned).
  public var skip: Bool? { values["skip"]?.bool }
}
