import FoundationEssentials
import Glibc
import GlyphsmithCore

/// The geometry of Android's adaptive launcher icons (API 26+), in dp.
///
/// Sources: AdaptiveIconDrawable
/// (https://developer.android.com/reference/kotlin/android/graphics/drawable/AdaptiveIconDrawable)
/// and "Adaptive icons"
/// (https://developer.android.com/develop/ui/views/launch/icon_design_adaptive): each layer is
/// 108 x 108 dp; launchers show the inner 72 x 72 dp through their mask and keep the central
/// 66 dp circle always visible. Legacy icons (API < 26) are 48 dp; the Play Store icon is
/// 512 x 512 px (https://developer.android.com/google-play/resources/icon-design-specifications).
/// Copied into docs/specs.md, "Android launcher icons".
public enum AndroidLauncherGeometry {
  /// Side of each adaptive layer.
  public static let layer = 108.0
  /// Side of the square launchers show (through a mask).
  public static let visible = 72.0
  /// Diameter of the circle every mask keeps.
  public static let safe = 66.0
  /// The inset, in percent of the layer per side, that fits an artwork's canvas into the
  /// safe zone: (108 - 66) / 2 = 21 dp of 108 on each side, 19.44 %; the canvas is then the
  /// 66 dp square, inside the 72 dp every launcher shows, and ink within the canvas's inscribed
  /// circle is never cut. The default of `appicon --platform android` and `lint --role
  /// android-launcher` without `--inset` (issue 39), or more where ink near the canvas's
  /// corners would reach past the circle (`AndroidLauncherJob.defaultInset`).
  public static let safeZoneInsetPercent = (layer - safe) / 2 / layer * 100
  /// Side of a legacy launcher icon.
  public static let legacy = 48.0
  /// Side of the Play Store icon in px.
  public static let playStore = 512
  /// Pixels per dp the safe-zone check renders the foreground at (2160 px for the layer):
  /// ink is a pixel of at least 50 % coverage, its centre's distance measured, so an edge is
  /// placed within 1/40 dp.
  public static let checkScale = 20.0
}
