/// The platforms `assets --platform` names, in the order their outputs are planned, written
/// and reported, and which are written when `--platform` is not given. It lives below the
/// engine, in the target both executables link, so that the light `glyphsmith` front prints
/// them in `assets --help` without the rendering stack, and so that adding a platform touches
/// nothing in `GlyphsmithCommands`: a platform is one line here, its writer in
/// `Glyphsmith/Assets/Platforms/` and one line in `AssetPlatformRegistry.writers` (a test
/// checks that the two lists agree).
package enum AssetPlatformIndex {
  /// One platform: its `--platform` name (lower case, no comma) and whether it is written by
  /// default.
  package struct Entry: Sendable, Equatable {
    /// The `--platform` name.
    package var name: String
    /// Whether `assets` writes it when `--platform` is not given.
    package var isDefault: Bool
  }

  /// Every platform, in order.
  package static let entries: [Entry] = [
    Entry(name: "ios", isDefault: true),
    Entry(name: "android", isDefault: false),
    Entry(name: "web", isDefault: false),
  ]

  /// The `--platform` names of `assets --help`, the defaults marked: `ios (default), android,
  /// web`.
  package static var helpList: String {
    entries.map { $0.isDefault ? "\($0.name) (default)" : $0.name }.joined(separator: ", ")
  }
}
