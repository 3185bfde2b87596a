import Foundation

/// Options of `glyphsmith assets`. Sizes in pt (dp for Android).
public struct AssetsOptions: Sendable {
  /// Role of every icon (default `tab-bar`).
  public var role: Role = .tabBar
  /// Replaces the role's target size, in pt; for Android, the icon size in dp (default 24).
  public var sizePt: Double? = nil
  /// Forces a shape instead of the one found from the ink.
  public var shape: GlyphShape? = nil
  /// Scales written, e.g. [1, 2, 3] for @1x, @2x, @3x.
  public var scales: [Int] = [1, 2, 3]
  /// Also writes `NAME-compact.imageset` at the compact tab bar size.
  public var compact = false
  /// Template (`true`) or original (`false`) images; `nil`: the role's default.
  public var template: Bool? = nil
  /// Padding in pt added around each glyph.
  public var paddingPt: Double = 0
  /// Threads to render on (never changes the output).
  public var jobs = ParallelMap.availableCores
  /// Platforms to write (default: those `AssetPlatformIndex` marks, iOS only).
  public var platforms: [AssetPlatform] = AssetPlatform.defaults
  /// Output folder per platform, overriding the writer's default (`android` and `web` beside
  /// the catalog; the catalog itself for iOS).
  public var outputFolders: [AssetPlatform: String] = [:]
  /// Folder for Android output (`res/drawable-*/`); default: `android` beside the catalog.
  /// The `.android` entry of `outputFolders`.
  public var androidOutput: String? {
    get { outputFolders[.android] }
    set { outputFolders[.android] = newValue }
  }
  /// Folder for web output; default: `web` beside the catalog. The `.web` entry of
  /// `outputFolders`.
  public var webOutput: String? {
    get { outputFolders[.web] }
    set { outputFolders[.web] = newValue }
  }
  /// Marks catalog group folders `provides-namespace`, so names need only be unique per group.
  public var namespace = false
  /// Renders and writes every input even when its outputs are up to date.
  public var force = false
  /// Processes only share `index` (1-based) of `count`, by a hash of the asset name, so a CI
  /// matrix can split a set; all shares together write what one run writes.
  public var shard: (index: Int, count: Int)? = nil
  /// iOS only: every SVG input becomes `NAME.symbolset` (a custom SF Symbol, `SymbolJob`)
  /// instead of `NAME.imageset` (an image set and a symbol set of one name collide).
  public var symbols = false
  /// With `symbols`: put before each symbol set's name (`--prefix`), so that it does not
  /// collide with an image set of the same name.
  public var symbolPrefix = ""
  /// With `symbols`: put after each symbol set's name (`--suffix`).
  public var symbolSuffix = ""

  /// Defaults: tab-bar role, @1x @2x @3x, no compact, iOS only, all cores.
  public init() {}

  /// Android icon size in dp: `sizePt`, else 24 dp.
  public var androidSizeDp: Double { sizePt ?? 24 }

  /// Whether the images keep their colours (and so may have dark variants).
  public var keepsColour: Bool { !(template ?? role.isTemplateByDefault) }

  /// Everything that changes the pixels or files, for the incremental-run fingerprint.
  var fingerprint: String {
    [
      "role=\(role.rawValue)", "size=\(sizePt.map { "\($0)" } ?? "-")",
      "shape=\(shape?.rawValue ?? "-")", "scales=\(scales)", "compact=\(compact)",
      "template=\(template.map { "\($0)" } ?? "-")", "padding=\(paddingPt)",
    ].joined(separator: ";")
  }
}
