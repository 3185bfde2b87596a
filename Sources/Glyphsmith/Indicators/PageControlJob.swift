import FoundationEssentials
import Glibc
import GlyphsmithCore

/// `glyphsmith dots`'s work: loads the custom indicator files (each once), builds the
/// `PageControl`, draws it and writes the PNG. Nothing is written when a file cannot be read.
public struct PageControlJob: Sendable, Equatable {
  /// The PNG to write, or `-` for stdout.
  public var output: String
  /// Number of pages, at least 1.
  public var pages: Int
  /// The current page, 0-based.
  public var current: Int
  /// px per pt.
  public var scale: Double
  /// Colour of the other pages' dots.
  public var tint: RGBA8
  /// Colour of the current page's dot.
  public var currentTint: RGBA8
  /// Most dots shown at once.
  public var maxVisible: Int
  /// Indicator image files per page (0-based).
  public var indicators: [Int: String]
  /// An indicator image file for whichever page is current.
  public var currentIndicator: String?
  /// Fill behind the control; `nil`: transparent.
  public var background: RGBA8?
  /// How custom indicator images are sized (default fitted to 8 pt high).
  public var indicatorSize: PageControl.IndicatorSize = .fitted

  /// A job; nothing runs until `control()` and `write(_:)`.
  public init(
    output: String, pages: Int, current: Int, scale: Double = 1,
    tint: RGBA8 = PageControl.defaultTint, currentTint: RGBA8 = .white, maxVisible: Int = 9,
    indicators: [Int: String] = [:], currentIndicator: String? = nil, background: RGBA8? = nil
  ) {
    self.output = output
    self.pages = pages
    self.current = current
    self.scale = scale
    self.tint = tint
    self.currentTint = currentTint
    self.maxVisible = maxVisible
    self.indicators = indicators
    self.currentIndicator = currentIndicator
    self.background = background
  }

  /// The control with its indicator files loaded (a file named twice is loaded once).
  /// - Throws: a `GlyphsmithError` naming the file that could not be read.
  public func control() throws -> PageControl {
    var artworks: [String: Artwork] = [:]
    func load(_ file: String) throws -> Artwork {
      if let loaded = artworks[file] { return loaded }
      do {
        let artwork = try Artwork(path: file)
        artworks[file] = artwork
        return artwork
      } catch {
        throw GlyphsmithError.wrap(error, path: file)
      }
    }
    var control = PageControl(
      pageCount: pages, currentPage: current, tint: tint, currentTint: currentTint,
      maxVisible: maxVisible, background: background)
    control.indicatorSize = indicatorSize
    for (page, file) in indicators.sorted(by: { $0.key < $1.key }) {
      control.indicators[page] = try load(file)
    }
    if let currentIndicator { control.currentIndicator = try load(currentIndicator) }
    return control
  }

  /// Draws `control` at `scale` and writes the PNG atomically.
  /// - Throws: a `GlyphsmithError` when drawing or writing fails.
  public func write(_ control: PageControl) throws {
    do {
      try AtomicFile.write(try PNGCodec.encode(try control.render(scale: scale)), toPath: output)
    } catch {
      throw GlyphsmithError.wrap(error, output: output, command: "glyphsmith dots")
    }
  }
}
