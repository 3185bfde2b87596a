import Foundation

/// The icons `GlyphsmithAssets` rendered from `Icons/` at build time.
public enum AppIcons {
  /// The generated asset catalog, `Icons.xcassets`, in this target's resource bundle: one
  /// `NAME.imageset` per icon of `Icons/` (`NAME.png`, `NAME@2x.png`, `NAME@3x.png` and
  /// `Contents.json`, tab bar template images), `nil` when the bundle holds none.
  public static var catalog: URL? {
    Bundle.module.url(forResource: "Icons", withExtension: "xcassets")
  }
}
