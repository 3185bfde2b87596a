import Foundation

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
  /// side (default 0: the artwork's canvas is the whole layer, as adaptive-icon artwork is
  /// drawn on a 108 dp canvas).
  public var insetPercent = 0.0
  /// The lowest API level the VectorDrawable layers must work on (below 24, even-odd fills
  /// are rewritten).
  public var minSdk = 26
  /// Replace launcher files Glyphsmith did not make (`--force`); else the run fails naming the
  /// first one, before anything is written (`AndroidLauncherJob.claim`).
  public var force = false

  /// Defaults: `ic_launcher`, white, no inset.
  public init() {}
}
