import FoundationEssentials
import Glibc
import GlyphsmithCore

/// One of `glyphsmith.json`'s `rules`: the icons whose path relative to `icons` matches
/// `match` take `settings`, over the defaults and earlier rules, key by key.
public struct ProjectRule: Equatable, Sendable {
  /// The glob (`*`, `**`, `?`, `[...]`), relative to the icons folder.
  public var match: GlobPattern
  /// What the rule sets.
  public var settings: IconSettings

  /// A rule.
  public init(match: GlobPattern, settings: IconSettings) {
    self.match = match
    self.settings = settings
  }
}
