import FoundationEssentials
import Glibc
import GlyphsmithCore

/// Options of `glyphsmith assets`: the options every icon of the run takes (`icon`, the
/// resolved value each planned icon carries) and the run's own (threads, output folders,
/// force, shard, symbols). Sizes in pt (dp for Android).
public struct AssetsOptions: Sendable {
  /// What every icon is drawn and written as; the per-icon properties below read and write it.
  public var icon = IconOptions()
  /// Role of every icon (default `tab-bar`).
  public var role: Role {
    get { icon.role }
    set { icon.role = newValue }
  }
  /// Replaces the role's target size, in pt; for Android, the icon size in dp (default 24).
  public var sizePt: Double? {
    get { icon.size }
    set { icon.size = newValue }
  }
  /// Forces a shape instead of the one found from the ink.
  public var shape: GlyphShape? {
    get { icon.shape }
    set { icon.shape = newValue }
  }
  /// Scales written, e.g. [1, 2, 3] for @1x, @2x, @3x.
  public var scales: [Int] {
    get { icon.scales }
    set { icon.scales = newValue }
  }
  /// Also writes `NAME-compact.imageset` at the compact tab bar size.
  public var compact: Bool {
    get { icon.compact }
    set { icon.compact = newValue }
  }
  /// Template (`true`) or original (`false`) images; `nil`: the role's default.
  public var template: Bool? {
    get { icon.template }
    set { icon.template = newValue }
  }
  /// Padding in pt added around each glyph.
  public var paddingPt: Double {
    get { icon.padding }
    set { icon.padding = newValue }
  }
  /// Threads to render on (never changes the output).
  public var jobs = ParallelMap.availableCores
  /// Platforms to write (default: those `AssetPlatformIndex` marks, iOS only).
  public var platforms: [AssetPlatform] {
    get { icon.platforms }
    set { icon.platforms = newValue }
  }
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
  /// Processes only the inputs whose path (or whose dark variant's path), as collected, is
  /// in the set (`build --changed-since`, issue 37); `nil`: all. Like `shard`, planning,
  /// names and the record see every input, so nothing unselected is pruned.
  public var selected: Set<String>? = nil
  /// iOS only: every SVG input becomes `NAME.symbolset` (a custom SF Symbol, `SymbolJob`)
  /// instead of `NAME.imageset` (an image set and a symbol set of one name collide).
  public var symbols = false
  /// With `symbols`: put before each symbol set's name (`--prefix`), so that it does not
  /// collide with an image set of the same name.
  public var symbolPrefix = ""
  /// With `symbols`: put after each symbol set's name (`--suffix`).
  public var symbolSuffix = ""

  /// What Android drawables are (`--android-format`): PNGs per density (default), one
  /// VectorDrawable, or a VectorDrawable where the artwork allows and PNGs with a warning
  /// where it does not: `IconOptions.androidFormat`, a name of `ProjectConfig.androidFormats`.
  public var androidFormat: String {
    get { icon.androidFormat }
    set { icon.androidFormat = newValue }
  }
  /// The lowest Android API level the drawables must work on (`--min-sdk`, default 21, the
  /// first with VectorDrawable): below 24 even-odd fills are rewritten for the nonzero rule.
  public var minSdk: Int {
    get { icon.minSdk ?? IconOptions.defaultMinSdk }
    set { icon.minSdk = newValue }
  }

  /// Defaults: tab-bar role, @1x @2x @3x, no compact, iOS only, all cores.
  public init() {}

  /// Android icon size in dp: `sizePt`, else 24 dp.
  public var androidSizeDp: Double { sizePt ?? 24 }

  /// Whether the images keep their colours (and so may have dark variants).
  public var keepsColour: Bool { icon.keepsColour }
}
