import FoundationEssentials
import Glibc
import GlyphsmithCore

/// Options of `glyphsmith appicon ICON --platform android -o RES_DIR`.
public struct AndroidLauncherOptions: Sendable {
  /// The background layer: one colour or an artwork file.
  public enum Background: Sendable, Equatable {
    /// A colour (`values/NAME_background.xml`); must be opaque.
    case color(RGBA8)
    /// An SVG or PNG drawn over the whole 108 dp layer; must have no transparency.
    case file(String)
  }

  /// The resource name (default `ic_launcher`), `[a-z0-9_]` as `AndroidDrawables.resourceName`.
  public var name = "ic_launcher"
  /// The background layer (default white).
  public var background: Background = .color(RGBA8(r: 255, g: 255, b: 255))
  /// The themed (monochrome) layer's artwork; `nil`: the foreground as one colour.
  public var monochromePath: String? = nil
  /// Transparent margin around the foreground's canvas, in percent of the 108 dp layer per
  /// side; `nil` (the default): the safe zone (`AndroidLauncherJob.defaultInset`): the
  /// canvas becomes the central 66 dp (`AndroidLauncherGeometry.safeZoneInsetPercent`,
  /// 19.44 %), or less when ink near its corners would reach past the 66 dp safe circle, so
  /// that no ink is cut by any launcher mask. 0 makes the canvas the whole layer (artwork
  /// drawn on a 108 dp canvas, with its own safe zone).
  public var insetPercent: Double? = nil
  /// The lowest API level the VectorDrawable layers must work on (below 24, even-odd fills
  /// are rewritten).
  public var minSdk = 26
  /// `--layers-from-groups`: ICON is an SVG whose top-level `<g id>` groups are the layers,
  /// as for an Icon Composer bundle (issue 35): a group with the id `background` (any case)
  /// is the background layer unless `background` is given (`backgroundGiven`), every other
  /// group the foreground, drawn in document order (`SVGGroupSplitter`).
  public var layersFromGroups = false
  /// Whether `background` was given (`--background`); a `background` group is then drawn in
  /// the foreground, as in a `.icon`.
  public var backgroundGiven = false
  /// Replace launcher files Glyphsmith did not make (`--force`); else the run fails naming the
  /// first one, before anything is written (`AndroidLauncherJob.claim`).
  public var force = false

  /// The inset used: `insetPercent`, else the safe zone's square (the artwork's own default,
  /// which may be larger, is `AndroidLauncherJob.defaultInset`).
  public var inset: Double { insetPercent ?? AndroidLauncherGeometry.safeZoneInsetPercent }

  /// The note a run without `--inset` prints: the artwork was fitted into the safe zone, and
  /// how to have another inset.
  public static var defaultInsetNote: String {
    "no --inset: the canvas is fitted into the 66 dp safe zone of the 108 dp layer ("
      + String(cFormat: "%.2f", AndroidLauncherGeometry.safeZoneInsetPercent)
      + " % free on each side, as --inset "
      + String(cFormat: "%.2f", AndroidLauncherGeometry.safeZoneInsetPercent)
      + ", or more where ink would reach past the 66 dp safe circle); give --inset 0 for "
      + "artwork drawn on the whole layer"
  }

  /// `defaultInsetNote` for one artwork placed with `inset` (the default it got): when the
  /// ink needed more than the safe zone's square, the note says how much.
  public static func defaultInsetNote(inset: Double) -> String {
    let square = AndroidLauncherGeometry.safeZoneInsetPercent
    guard inset > square + 0.005 else { return defaultInsetNote }
    return "no --inset: the canvas is fitted into the 66 dp safe zone of the 108 dp layer, "
      + "made smaller so that its ink stays inside the 66 dp safe circle ("
      + String(cFormat: "%.2f", inset) + " % free on each side, as --inset "
      + String(cFormat: "%.2f", inset) + "; the square alone, --inset "
      + String(cFormat: "%.2f", square) + ", puts ink near its corners outside the circle); "
      + "give --inset 0 for artwork drawn on the whole layer"
  }

  /// Defaults: `ic_launcher`, white, the safe-zone inset.
  public init() {}
}
