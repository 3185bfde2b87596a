import FoundationEssentials
import Glibc
import GlyphsmithCore

/// What a preview command drew, for `--json`: the picture's size and every item's frame, in
/// pt with the origin at the top-left corner (px / scale), and the warnings printed.
///
/// Schema (version 1, keys sorted when encoded): `{"version": 1, "size": {"width",
/// "height"}, "items": [{"kind", "title", "frame": {"x", "y", "width", "height"},
/// "truncated"}], "warnings": [...]}`; numbers rounded to 1/1000 pt; `warnings` are the
/// diagnostics' compiler-form lines, as printed.
public struct DrawnLayout: Sendable, Equatable, Encodable {
  /// A rectangle in pt, origin top-left.
  public struct Frame: Sendable, Equatable, Codable {
    /// Left edge, pt.
    public var x: Double
    /// Top edge, pt.
    public var y: Double
    /// Width, pt.
    public var width: Double
    /// Height, pt.
    public var height: Double

    /// A frame from a px rectangle at `scale` px per pt, rounded to 1/1000 pt.
    public init(px rect: Rect, scale: Double) {
      func r(_ v: Double) -> Double { (v / scale * 1000).rounded() / 1000 }
      x = r(rect.x)
      y = r(rect.y)
      width = r(rect.width)
      height = r(rect.height)
    }
  }

  /// The picture's size in pt.
  public struct Extent: Sendable, Equatable, Codable {
    /// Width, pt.
    public var width: Double
    /// Height, pt.
    public var height: Double
  }

  /// One drawn thing.
  public struct Item: Sendable, Equatable, Codable {
    /// What it is: `tab`, `more`, `badge`, `icon`, `text`, `space`, `field`, `prompt`,
    /// `placeholder`, `searchText`, `magnifyingGlass`, `bookmarks`, `clear`, `scope`, `header`,
    /// `footer`, `row`, `index` (the command's help lists its own).
    public var kind: String
    /// Its text as drawn before truncation ("" when it has none).
    public var title: String
    /// Where it was drawn, pt.
    public var frame: Frame
    /// Whether its text was cut short with an ellipsis.
    public var truncated: Bool
    /// Extra facts some kinds carry: `selected`, `disabled`, `prominent`, the icon file.
    public var selected: Bool?
    /// Whether the item was drawn dimmed.
    public var disabled: Bool?
    /// The icon file the item was drawn from, as given.
    public var icon: String?

    /// An item.
    public init(
      kind: String, title: String = "", frame: Frame, truncated: Bool = false,
      selected: Bool? = nil, disabled: Bool? = nil, icon: String? = nil
    ) {
      self.kind = kind
      self.title = title
      self.frame = frame
      self.truncated = truncated
      self.selected = selected
      self.disabled = disabled
      self.icon = icon
    }
  }

  /// Schema version, 1.
  public var version = 1
  /// The picture's size, pt.
  public var size: Extent
  /// What was drawn, in drawing order.
  public var items: [Item]
  /// Advice printed on stderr (`warning: ...`): text cut short, crowded layouts, upscaled
  /// rasters.
  public var diagnostics: [Diagnostic]

  /// A layout of a `widthPx` x `heightPx` picture drawn at `scale`.
  public init(
    widthPx: Int, heightPx: Int, scale: Double, items: [Item], diagnostics: [Diagnostic]
  ) {
    func r(_ v: Double) -> Double { (v / scale * 1000).rounded() / 1000 }
    size = Extent(width: r(Double(widthPx)), height: r(Double(heightPx)))
    self.items = items
    self.diagnostics = diagnostics
  }

  private enum CodingKeys: String, CodingKey {
    case version, size, items, warnings
  }

  /// The `--json` document's keys; `warnings` as their compiler-form lines.
  public func encode(to encoder: Encoder) throws {
    var c = encoder.container(keyedBy: CodingKeys.self)
    try c.encode(version, forKey: .version)
    try c.encode(size, forKey: .size)
    try c.encode(items, forKey: .items)
    try c.encode(diagnostics.descriptions, forKey: .warnings)
  }

  /// The JSON document, keys sorted, pretty-printed, ending in a newline.
  public func json() -> Data {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
    let data = (try? encoder.encode(self)) ?? Data()
    return data + Data("\n".utf8)
  }
}

/// A preview: its pixels and what was drawn where.
public struct Drawing: Sendable {
  /// The picture, straight RGBA8.
  public var image: RGBAImage
  /// Frames (pt) and warnings.
  public var layout: DrawnLayout

  /// A drawing.
  public init(image: RGBAImage, layout: DrawnLayout) {
    self.image = image
    self.layout = layout
  }
}

extension Drawing {
  /// Refuses a `scale` (px per pt) of zero or less, or not finite.
  /// - Throws: `GlyphsmithError.invalidOption` naming the scale.
  static func checkScale(_ scale: Double) throws {
    guard scale > 0, scale.isFinite else {
      throw GlyphsmithError.invalidOption("scale must be a positive number, got \(scale)")
    }
  }

  /// The px size of a `widthPt` x `heightPt` picture at `scale` px per pt, each side rounded.
  /// - Throws: as `checkScale`.
  static func pixelSize(
    widthPt: Double, heightPt: Double, scale: Double
  ) throws -> (width: Int, height: Int) {
    try checkScale(scale)
    return (Int((widthPt * scale).rounded()), Int((heightPt * scale).rounded()))
  }
}
