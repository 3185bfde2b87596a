import FoundationEssentials
import Glibc
import GlyphsmithCore

/// What `AppIconJob` writes besides the icon itself.
public struct AppIconOptions: Sendable, Equatable {
  /// The asset name: the folder is `NAME.appiconset` (default `AppIcon`).
  public var name = "AppIcon"
  /// The opaque colour the marketing icon is flattened onto (default white); alpha must be 255.
  public var background: RGBA8 = .white
  /// Whether `background` was chosen by the user (`--background`): transparent corners are
  /// then meant to show it, and give no warning.
  public var backgroundChosen = false
  /// Transparent margin around the artwork on each side, as a fraction of the icon's side
  /// (0 to under 0.5; `--padding 100` (pt of the 1024 pt icon) is 100 / 1024, `--padding 10%`
  /// is 0.1), so that glyph artwork stays inside the iOS corner mask. Applies to every size
  /// and every appearance written.
  public var padding: Double = 0
  /// One colour for the main artwork's ink, coverage kept (`--foreground`, the template-like
  /// recolouring of `RenderOptions.tint`); `nil` keeps the artwork's colours.
  public var foreground: RGBA8? = nil
  /// Where to write a PNG of the written icons under the iOS corner mask (`AppIconPreview`);
  /// `nil` writes none.
  public var previewPath: String? = nil
  /// Artwork for the dark appearance (kept with its alpha: the system draws the background).
  public var darkPath: String? = nil
  /// Artwork for the tinted appearance (kept with its alpha: the system tints it).
  public var tintedPath: String? = nil
  /// Accepts raster artwork that must be enlarged more than `AppIconJob.maximumUpscale`
  /// times to fill the 1024 px icon (`--allow-upscale`); refused otherwise.
  public var allowUpscale = false
  /// Also writes the legacy iPhone, iPad and ios-marketing size list (`LegacyIconSlot.iOS`).
  public var legacy = false
  /// Replace an existing `NAME.appiconset` Glyphsmith did not make (`--force`); else the run
  /// fails naming it, before anything is written.
  public var force = false

  /// Default options.
  public init() {}
}
