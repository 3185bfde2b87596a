import FoundationEssentials
import Glibc
import GlyphsmithCore

/// A platform `assets` writes for, by its `--platform` name (`ios`, `android`, `web`). Each
/// platform's writer (`AssetPlatformWriter`) declares its constant beside it, e.g.
/// `AssetPlatform.ios` in `ImageSetWriter.swift`; `AssetPlatformRegistry` lists the writers.
public struct AssetPlatform: RawRepresentable, Hashable, Sendable, Codable, CaseIterable,
  CustomStringConvertible
{
  /// The `--platform` name: lower case, no comma.
  public let rawValue: String

  /// A platform named `name`, registered or not (for a writer's own constant).
  package init(name: String) { rawValue = name }

  /// The built-in platform called `rawValue` (a writer in `AssetPlatformRegistry.writers`),
  /// else `nil`.
  public init?(rawValue: String) {
    guard let known = Self.allCases.first(where: { $0.rawValue == rawValue }) else { return nil }
    self = known
  }

  /// The built-in platforms, in the order their outputs are written and reported.
  public static var allCases: [AssetPlatform] { AssetPlatformRegistry.writers.map(\.platform) }

  /// The `--platform` name.
  public var description: String { rawValue }

  /// The platforms written when `--platform` is not given (`AssetPlatformIndex`).
  public static var defaults: [AssetPlatform] {
    AssetPlatformIndex.entries.filter(\.isDefault).compactMap { AssetPlatform(rawValue: $0.name) }
  }
}
