import Foundation

/// What `AppIconJob` writes besides the icon itself.
public struct AppIconOptions: Sendable, Equatable {
  /// The asset name: the folder is `NAME.appiconset` (default `AppIcon`).
  public var name = "AppIcon"
  /// The opaque colour the marketing icon is flattened onto (default white); alpha must be 255.
  public var background: RGBA8 = .white
  /// Artwork for the dark appearance (kept with its alpha: the system draws the background).
  public var darkPath: String? = nil
  /// Artwork for the tinted appearance (kept with its alpha: the system tints it).
  public var tintedPath: String? = nil
  /// Accepts raster artwork that must be enlarged more than `AppIconJob.maximumUpscale`
  /// times to fill the 1024 px icon (`--allow-upscale`); refused otherwise.
  public var allowUpscale = false
  /// Also writes the legacy iPhone, iPad and ios-marketing size list (`LegacyIconSlot.iOS`).
  public var legacy = false

  /// Default options.
  public init() {}
}
