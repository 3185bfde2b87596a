import FoundationEssentials
import Glibc
import GlyphsmithCore

/// `glyphsmith tabbar`'s work: loads each item's icon file, draws the `TabBar` and writes the
/// PNG. Nothing is written when an icon cannot be read.
public struct TabBarJob: Sendable, Equatable {
  /// One tab as given on the command line.
  public struct Item: Sendable, Equatable {
    /// The title under (or beside) the icon.
    public var title: String
    /// The icon file, `.svg` or `.png`.
    public var icon: String
    /// The badge value; `""` draws a dot badge, `nil` none.
    public var badge: String?
    /// Whether the item is drawn dimmed.
    public var disabled: Bool

    /// One tab.
    public init(title: String, icon: String, badge: String? = nil, disabled: Bool = false) {
      self.title = title
      self.icon = icon
      self.badge = badge
      self.disabled = disabled
    }
  }

  /// The tabs, in order.
  public var items: [Item]
  /// The PNG to write, or `-` for stdout.
  public var output: String
  /// The selected item, 0-based.
  public var selected: Int
  /// iPhone or iPad.
  public var idiom: TabBar.Idiom
  /// Bar width in pt; `nil`: the idiom's default.
  public var deviceWidth: Double?
  /// px per pt.
  public var scale: Double
  /// Light or dark.
  public var appearance: Appearance
  /// Which iOS colours.
  public var palette: IndicatorPalette
  /// The iPhone landscape bar.
  public var compact: Bool
  /// Whether the home-indicator inset is added (34 pt iPhone, 15 pt iPad).
  public var homeIndicator: Bool
  /// Right-to-left layout: order mirrored, badges at the top-leading corner.
  public var rightToLeft: Bool = false

  /// A job; nothing runs until `run`.
  public init(
    items: [Item], output: String, selected: Int = 0, idiom: TabBar.Idiom = .phone,
    deviceWidth: Double? = nil, scale: Double = 1, appearance: Appearance = .light,
    palette: IndicatorPalette = .ios18, compact: Bool = false, homeIndicator: Bool = false
  ) {
    self.items = items
    self.output = output
    self.selected = selected
    self.idiom = idiom
    self.deviceWidth = deviceWidth
    self.scale = scale
    self.appearance = appearance
    self.palette = palette
    self.compact = compact
    self.homeIndicator = homeIndicator
  }

  /// Loads the icons, draws and writes the bar.
  /// - Returns: what was drawn (tab, more and badge frames in pt; warnings for titles cut
  ///   short).
  /// - Throws: a `GlyphsmithError` naming the icon that could not be read (`-` for a drawing
  ///   or writing failure).
  @discardableResult
  public func run() throws -> DrawnLayout {
    var loaded: [TabBar.Item] = []
    for item in items {
      do {
        loaded.append(
          TabBar.Item(
            title: item.title, icon: try Artwork(path: item.icon), badge: item.badge,
            isDisabled: item.disabled))
      } catch {
        throw GlyphsmithError.wrap(error, path: item.icon)
      }
    }
    let bar = TabBar(
      items: loaded, selectedIndex: selected, idiom: idiom, deviceWidthPt: deviceWidth,
      appearance: appearance, palette: palette, compact: compact, homeIndicator: homeIndicator,
      rightToLeft: rightToLeft)
    do {
      let drawing = try bar.draw(scale: scale)
      try AtomicFile.write(try PNGCodec.encode(drawing.image), toPath: output)
      return drawing.layout
    } catch {
      throw GlyphsmithError.wrap(error, output: output, command: "glyphsmith tabbar")
    }
  }
}
