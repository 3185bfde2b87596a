import Foundation

/// The icons `GlyphsmithAssets` built from this target's `glyphsmith.json` at build time.
public enum BrandIcons {
  /// The generated asset catalog, `Brand.xcassets` (the project's `ios.catalog`, placed in the
  /// plugin's work folder), in this target's resource bundle; `nil` when the bundle holds none.
  public static var catalog: URL? {
    Bundle.module.url(forResource: "Brand", withExtension: "xcassets")
  }

  /// The generated Android `res` folder (the project's `android.res`, placed in the plugin's
  /// work folder as `android/res`): `res/drawable-<density>/NAME.png`, in this target's
  /// resource bundle; `nil` when the bundle holds none.
  public static var androidResources: URL? {
    Bundle.module.url(forResource: "android", withExtension: nil)?.appendingPathComponent("res")
  }
}
