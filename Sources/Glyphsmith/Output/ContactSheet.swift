import FoundationEssentials
import Glibc
import GlyphsmithCore

/// A contact sheet: rendered glyphs in a grid, each on a tile that outlines its canvas, with
/// its name underneath, so people can look at a batch at a glance.
///
/// Geometry in pt (pixels = pt x `scale`): cells of `cellPt` x (`cellPt` + 14) with the glyph
/// centred in the top `cellPt` square (`cellHeightPt` high when set) and a 9 pt label below it.
public struct ContactSheet: Sendable {
  /// One cell: a name and the glyphs to show side by side (e.g. regular and compact).
  public struct Entry: Sendable {
    /// The label under the cell (the asset name).
    public var name: String
    /// Images at the sheet's scale, drawn left to right at their own pixel size.
    public var glyphs: [RGBAImage]
    /// An entry; glyph images are at the sheet's scale.
    public init(name: String, glyphs: [RGBAImage]) {
      self.name = name
      self.glyphs = glyphs
    }
  }

  /// The cell's glyph area, in pt (square unless `cellHeightPt` is set).
  public var cellPt: Double = 64
  /// The glyph area's height in pt when it is not `cellPt` (a row of wide cells, as the
  /// three weights of `sheet --symbols`, needs no square: the rest would be empty bands).
  public var cellHeightPt: Double? = nil
  /// Cells per row.
  public var columns: Int = 8
  /// px per pt.
  public var scale: Double = 2
  /// Sheet background.
  public var background = RGBA8(r: 255, g: 255, b: 255)
  /// Colour of the outline that shows each glyph's canvas.
  public var canvasOutline = RGBA8(r: 0, g: 122, b: 255, a: 56)
  /// Label colour.
  public var labelColor = RGBA8(r: 60, g: 60, b: 67)

  /// A sheet with default geometry.
  public init() {}

  /// The sheet's size in px for `count` entries.
  public func size(forCount count: Int) -> (width: Int, height: Int) {
    let columns = max(1, min(self.columns, count))
    let rows = max(1, (count + columns - 1) / columns)
    return (
      Int((Double(columns) * cellPt * scale).rounded()),
      Int((Double(rows) * ((cellHeightPt ?? cellPt) + 14) * scale).rounded())
    )
  }

  /// Composes `entries` into one image, `columns` cells a row.
  /// - Throws: `RenderError.tooLarge` when the sheet would exceed 16384 px on a side,
  ///   `.text`/`.cairo` on drawing failures.
  public func render(_ entries: [Entry]) throws -> RGBAImage {
    let labelPt = 14.0
    let columns = max(1, min(self.columns, entries.count))
    let rows = max(1, (entries.count + columns - 1) / columns)
    let cellW = cellPt * scale
    let glyphH = (cellHeightPt ?? cellPt) * scale
    let cellH = glyphH + labelPt * scale
    let canvas = try Canvas(
      width: Int((Double(columns) * cellW).rounded()), height: Int((Double(rows) * cellH).rounded())
    )
    canvas.fill(background)
    for (index, entry) in entries.enumerated() {
      let x0 = Double(index % columns) * cellW
      let y0 = Double(index / columns) * cellH
      let gap = 6 * scale
      let total =
        entry.glyphs.reduce(0) { $0 + Double($1.width) } + gap
        * Double(max(0, entry.glyphs.count - 1))
      var x = (x0 + (cellW - total) / 2).rounded()
      for glyph in entry.glyphs {
        let y = (y0 + (glyphH - Double(glyph.height)) / 2).rounded()
        let frame = Rect(x: x, y: y, width: Double(glyph.width), height: Double(glyph.height))
        canvas.fillRect(frame, color: canvasOutline)
        try canvas.draw(glyph, in: frame)
        x += Double(glyph.width) + gap
      }
      let lines = try labelLines(glyphHeightPx: entry.glyphs.map(\.height).max() ?? 0)
      let label = try labelLayout(entry.name, maximumLines: lines)
      // A label of two lines starts a line higher, in the free band under the glyphs, so its
      // last line sits where a one-line label does.
      let labelY = y0 + glyphH - Double(label.lines.count - 1) * label.lineHeight
      let labelX =
        label.wrapped
        ? (x0 + Self.labelMarginPt * scale).rounded()
        : (x0 + cellW / 2 - label.layout.logicalRect.width / 2).rounded()
      try canvas.draw(label.layout, x: labelX, y: labelY)
    }
    return try canvas.image()
  }

  /// How many lines a label may take in a cell whose tallest glyph is `glyphHeightPx` px
  /// high (centred in the glyph area, so half the rest is free under it): 2 when a second
  /// line fits in that free band with 1 pt to spare, else 1.
  /// - Throws: `RenderError.text` when the label font cannot be laid out.
  public func labelLines(glyphHeightPx: Int) throws -> Int {
    let below = ((cellHeightPt ?? cellPt) * scale - Double(glyphHeightPx)) / 2
    return below >= (try lineHeightPx()) + 1 * scale ? 2 : 1
  }

  /// The height of one label line, px.
  private func lineHeightPx() throws -> Double {
    try TextLayout("Hg", style: labelStyle).logicalRect.height
  }

  /// The style labels are set in: Inter Regular 9 pt, literal.
  private var labelStyle: TextStyle {
    TextStyle(weight: .regular, sizePx: 9 * scale, color: labelColor, literal: true)
  }

  /// The widest a label may be, in px: the cell's width less `labelMarginPt` on each side,
  /// so neighbouring labels never touch.
  public var labelWidthPx: Double { (cellPt - 2 * Self.labelMarginPt) * scale }

  /// Space kept between a label and the cell's edge, in pt.
  public static let labelMarginPt = 1.0

  /// The label drawn for `name`, its lines joined by "\n": the whole name on one line when it
  /// fits in `labelWidthPx`; else Pango wraps it (`TextBox`: after `-` or `_` where it can,
  /// else between characters) onto at most `maximumLines` lines, the last cut with "…" when
  /// the name needs more. `render` gives 2 when a second line fits under the cell's glyphs
  /// (`labelLines(glyphHeightPx:)`). Characters no pinned font covers (a CJK file name) are drawn as
  /// "?": a name never stops the sheet.
  /// - Throws: `RenderError.text` when the text cannot be laid out.
  public func label(_ name: String, maximumLines: Int = 1) throws -> String {
    try labelLayout(name, maximumLines: maximumLines).lines.joined(separator: "\n")
  }

  private func labelLayout(_ name: String, maximumLines: Int) throws -> (
    lines: [String], layout: TextLayout, wrapped: Bool, lineHeight: Double
  ) {
    let uncovered = Set(FontCoverage.pinned.uncovered(name))
    var drawable = String.UnicodeScalarView()
    for scalar in name.unicodeScalars {
      drawable.append(uncovered.contains(scalar) ? "?" : scalar)
    }
    let name = String(drawable)
    let whole = try TextLayout(name, style: labelStyle)
    let lineHeight = whole.logicalRect.height
    if whole.logicalRect.width <= labelWidthPx { return ([name], whole, false, lineHeight) }
    let box = TextBox(widthPx: labelWidthPx, maximumLines: maximumLines)
    let wrapped = try TextLayout(name, style: labelStyle, box: box)
    return (wrapped.lines, wrapped, true, lineHeight)
  }
}
