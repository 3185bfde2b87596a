import FoundationEssentials
import Glibc
import GlyphsmithCore

/// `glyphsmith toolbar`'s work: loads each button's icon, draws the `Toolbar` and writes the
/// PNG. Nothing is written when an icon cannot be read.
public struct ToolbarJob {
  /// One entry as given on the command line.
  public enum Entry: Sendable, Equatable {
    /// A button: `icon` a file (`.svg`/`.png`) or `nil` for a text button.
    case button(title: String, icon: String?, prominent: Bool, disabled: Bool)
    /// `--space flex`.
    case flexibleSpace
    /// `--space PT`.
    case fixedSpace(Double)
  }

  /// The entries, in order.
  public var entries: [Entry]
  /// The PNG to write, or `-` for stdout.
  public var output: String
  /// px per pt.
  public var scale: Double
  /// The bar with its options; its entries are replaced by the loaded `entries`.
  public var bar: Toolbar

  /// A job; nothing runs until `run`.
  public init(entries: [Entry], output: String, scale: Double, bar: Toolbar) {
    self.entries = entries
    self.output = output
    self.scale = scale
    self.bar = bar
  }

  /// Loads the icons, draws and writes the toolbar.
  /// - Returns: what was drawn (frames in pt, warnings).
  /// - Throws: a `GlyphsmithError` naming the icon that could not be read (`-` for a drawing
  ///   or writing failure).
  public func run() throws -> DrawnLayout {
    var toolbar = bar
    toolbar.entries = []
    for entry in entries {
      switch entry {
      case .flexibleSpace: toolbar.entries.append(.flexibleSpace)
      case .fixedSpace(let pt): toolbar.entries.append(.fixedSpace(pt))
      case .button(let title, let icon, let prominent, let disabled):
        var artwork: Artwork? = nil
        if let icon {
          do { artwork = try Artwork(path: icon) } catch {
            throw GlyphsmithError.wrap(error, path: icon)
          }
        }
        toolbar.entries.append(
          .button(
            Toolbar.Button(
              title: title, icon: artwork, isProminent: prominent, isDisabled: disabled)))
      }
    }
    return try BarOutput.write(
      { try toolbar.draw(scale: scale) }, to: output, command: "glyphsmith toolbar")
  }
}

/// `glyphsmith searchbar`'s work: draws the `SearchBar` and writes the PNG.
public struct SearchBarJob: Sendable {
  /// The PNG to write, or `-` for stdout.
  public var output: String
  /// px per pt.
  public var scale: Double
  /// What to draw.
  public var bar: SearchBar

  /// A job; nothing runs until `run`.
  public init(output: String, scale: Double, bar: SearchBar) {
    self.output = output
    self.scale = scale
    self.bar = bar
  }

  /// Draws and writes the search bar.
  /// - Returns: what was drawn.
  /// - Throws: a `GlyphsmithError` (`invalidOption` for an empty or out-of-range scope).
  public func run() throws -> DrawnLayout {
    try BarOutput.write(
      { try bar.draw(scale: scale) }, to: output, command: "glyphsmith searchbar")
  }
}

/// `glyphsmith tableview`'s work: reads the spec and its icons, draws the `TableView` and
/// writes the PNG.
public struct TableViewJob: Sendable {
  /// The spec file.
  public var spec: String
  /// The PNG to write, or `-` for stdout.
  public var output: String
  /// px per pt.
  public var scale: Double
  /// iPhone or iPad.
  public var idiom: TabBar.Idiom
  /// Width in pt; `nil`: the idiom's default.
  public var deviceWidth: Double?
  /// Light or dark.
  public var appearance: Appearance
  /// Which iOS colours.
  public var palette: IndicatorPalette

  /// A job; nothing runs until `run`.
  public init(
    spec: String, output: String, scale: Double, idiom: TabBar.Idiom = .phone,
    deviceWidth: Double? = nil, appearance: Appearance = .light,
    palette: IndicatorPalette = .ios18
  ) {
    self.spec = spec
    self.output = output
    self.scale = scale
    self.idiom = idiom
    self.deviceWidth = deviceWidth
    self.appearance = appearance
    self.palette = palette
  }

  /// Reads, draws and writes the table.
  /// - Returns: what was drawn.
  /// - Throws: as `TableViewSpec.load(path:)` and `TableView.draw(scale:)`.
  public func run() throws -> DrawnLayout {
    let table = try TableView.load(
      path: spec, idiom: idiom, deviceWidthPt: deviceWidth, appearance: appearance,
      palette: palette)
    return try BarOutput.write(
      { try table.draw(scale: scale) }, to: output, command: "glyphsmith tableview")
  }
}

/// Writes a preview's PNG atomically.
enum BarOutput {
  /// - Throws: a `GlyphsmithError`; a too-large canvas names `output` (`command` for stdout).
  static func write(
    _ draw: () throws -> Drawing, to output: String, command: String
  ) throws -> DrawnLayout {
    do {
      let drawing = try draw()
      try AtomicFile.write(try PNGCodec.encode(drawing.image), toPath: output)
      return drawing.layout
    } catch {
      throw GlyphsmithError.wrap(error, output: output, command: command)
    }
  }
}
