import FoundationEssentials
import Glibc
import GlyphsmithCore
import GlyphsmithRender

/// Measures a written symbol template against its source icon: the Regular-S outline
/// rendered by librsvg next to the source rendered at the same size (pixelmatch, default
/// options: threshold 0.1, anti-aliased pixels not counted), and the ink of each weight.
public enum SymbolMeasure {
  /// What one measurement found.
  public struct Result: Sendable, Codable, Equatable {
    /// Share of pixels pixelmatch finds equal (0-1) between the source and Regular-S.
    public var regularMatch: Double
    /// Mismatched pixels (pixelmatch's count).
    public var mismatchedPixels: Int
    /// Rendered pixels compared (side x side).
    public var totalPixels: Int
    /// The largest alpha difference of any pixel (0-255), stricter than pixelmatch.
    public var largestAlphaDifference: Int
    /// Ink of each weight in px (sum of alpha / 255) at the measuring size: Ultralight,
    /// Regular, Black.
    public var ink: [Double]

    /// Whether ink grows strictly from Ultralight to Black.
    public var inkGrows: Bool { ink.count == 3 && ink[0] < ink[1] && ink[1] < ink[2] }
  }

  /// Renders `template` (the symbol's SVG bytes) and `source` (the icon's SVG document) with
  /// the icon's canvas `side` px tall (default 96: 4 px per unit of a 24-unit icon).
  /// - Throws: `GlyphsmithError.render` when either cannot be drawn.
  package static func measure(
    template: Data, outline: SymbolOutline, source: SVGDocument, side: Int = 96
  ) throws -> Result {
    let document = try SVGDocument(data: template, path: outline.name + ".svg", baseDirectory: nil)
    let canvas = source.intrinsicSize
    let scale = Double(side) / canvas.height
    let width = Int((canvas.width * scale).rounded())
    let expected = try Rasterizer.render(
      .svg(source), width: width, height: side,
      placement: Placement(scale: scale, offsetX: 0, offsetY: 0))
    var ink: [Double] = []
    var regular: RGBAImage? = nil
    let templateScale = Double(side) / outline.height
    for weight in SymbolWeight.allCases {
      // The source canvas's corner on the artboard: the group's origin plus its offset.
      let origin =
        outline.canvasOrigin[weight]
        ?? PathPoint(x: 0, y: -SymbolTemplateGeometry.capHeight / 2 - outline.height / 2)
      let left = SymbolTemplateWriter.leftMargin(outline, weight) + origin.x
      let top = SymbolTemplateGeometry.baselineS + origin.y
      // Black may reach past the source canvas: measure its ink on a canvas twice as large.
      let pad = weight == .regular ? 0 : side / 2
      let image = try ElementRasterizer.render(
        document, id: weight.variantID, width: width + 2 * pad, height: side + 2 * pad,
        placement: Placement(
          scale: templateScale, offsetX: -left * templateScale + Double(pad),
          offsetY: -top * templateScale + Double(pad)))
      ink.append(
        image.pixels.enumerated().reduce(0.0) { sum, item in
          item.offset % 4 == 3 ? sum + Double(item.element) / 255 : sum
        })
      if weight == .regular { regular = image }
    }
    let actual = regular ?? RGBAImage(width: width, height: side)
    let result = try Pixelmatch.compare(expected, actual, diff: false, jobs: 1)
    var largest = 0
    for i in stride(from: 3, to: expected.pixels.count, by: 4) {
      largest = max(largest, abs(Int(expected.pixels[i]) - Int(actual.pixels[i])))
    }
    return Result(
      regularMatch: 1 - result.mismatchedShare, mismatchedPixels: result.mismatchedPixels,
      totalPixels: result.totalPixels, largestAlphaDifference: largest, ink: ink)
  }
}
