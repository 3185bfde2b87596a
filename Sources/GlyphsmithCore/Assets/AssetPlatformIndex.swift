/// The platforms `assets --platform` names, in the order their outputs are planned, written
/// and reported, and which are written when `--platform` is not given. It lives below the
/// engine, in the target both executables link, so that the light `glyphsmith` front prints
/// them in `assets --help` without the rendering stack (it cannot link the engine's
/// `AssetPlatformRegistry`), and so that adding a platform touches nothing in
/// `GlyphsmithCommands`. The names (`AssetPlatformIndex+Generated.swift`) are generated from
/// `AssetPlatformRegistry.writers` by `scripts/update-generated` (`GeneratedIndexTests` fails
/// while they are stale); which are written by default is decided here.
package enum AssetPlatformIndex {
  /// One platform: its `--platform` name (lower case, no comma) and whether it is written by
  /// default.
  package struct Entry: Sendable, Equatable {
    /// The `--platform` name.
    package var name: String
    /// Whether `assets` writes it when `--platform` is not given.
    package var isDefault: Bool
  }

  /// The platforms `assets` writes when `--platform` is not given.
  package static let defaultNames: Set<String> = ["ios"]

  /// Every platform, in order (`names`, generated from the registry).
  package static var entries: [Entry] {
    names.map { Entry(name: $0, isDefault: defaultNames.contains($0)) }
  }

  /// The `--platform` names of `assets --help`, the defaults marked: `ios (default), android,
  /// web`.
  package static var helpList: String {
    entries.map { $0.isDefault ? "\($0.name) (default)" : $0.name }.joined(separator: ", ")
  }
}
