import FoundationEssentials
import Glibc
import GlyphsmithCore

/// The drawn content of an artwork: tight bounds of its ink and which corners of those bounds
/// are inked, measured on pixels (so strokes, caps and clipping count as drawn).
package struct InkAnalysis: Sendable, Equatable {
  /// Ink bounds in the artwork's canvas units (SVG px at 96 dpi, or raster px).
  package var bounds: Rect
  /// How many of the four corners of `bounds` hold ink (see `GlyphShape.cornerShare`).
  package var inkedCorners: Int
  /// Whether the ink reached the border of the image it was measured on (for SVGs, a sign
  /// that the analysis render was too small).
  var touchesBorder = false
  /// The shape the content is classified as (`GlyphShape.classify`).
  package var shape: GlyphShape {
    GlyphShape.classify(width: bounds.width, height: bounds.height, inkedCorners: inkedCorners)
  }

  /// Long side of the ink in the analysis render for SVGs, in px (128): the bounds are exact
  /// to whole analysis pixels, at most 1/128 of the content size larger than the ink.
  package static let analysisSide = 128.0

  /// Measures `source`: an SVG is first measured by librsvg (its ink rectangle, or, with only
  /// images drawn, its logical one; the canvas when librsvg measures nothing; which may
  /// reach outside the viewBox but is not always conservative: round joins and caps on
  /// diagonals can stick out of it), then rendered at `analysisSide` px with a margin of a
  /// quarter of that rectangle on each side; when ink still reaches the render's border, the
  /// margin doubles and it renders again.
  static func measure(_ source: ArtworkSource, path: String) throws -> InkAnalysis? {
    switch source {
    case .raster(let image):
      return analyse(image, origin: (0, 0), scale: 1)
    case .svg(let document):
      // Where librsvg says it draws (`drawnRect`: images included), else the canvas: librsvg
      // finds no geometry for content in a viewBox like `0 0 0.001 0.001` yet draws it, so the
      // pixels decide (scale-invariant: the analysis render is `analysisSide` px either way),
      // measured again around what they found so the bounds are as exact as librsvg's.
      if let drawn = try document.drawnRect() {
        return try measure(source, around: drawn, path: path)
      }
      let canvas = document.intrinsicSize
      guard canvas.width > 0, canvas.height > 0,
        let found = try measure(
          source, around: Rect(x: 0, y: 0, width: canvas.width, height: canvas.height),
          path: path)
      else { return nil }
      return try measure(source, around: found.bounds, path: path)
    }
  }

  /// The ink of the SVG `source` rendered at `analysisSide` px over the long side of
  /// `coarse` (canvas units), with a margin of a quarter of that on each side, doubled while
  /// ink reaches the render's border; `nil` when nothing is drawn there.
  private static func measure(
    _ source: ArtworkSource, around coarse: Rect, path: String
  ) throws -> InkAnalysis? {
    let scale = analysisSide / max(coarse.width, coarse.height)
    var margin = (analysisSide / 4).rounded(.up)
    while true {
      let width = PixelMath.count((coarse.width * scale).rounded(.up) + 2 * margin)
      let height = PixelMath.count((coarse.height * scale).rounded(.up) + 2 * margin)
      let placement = Placement(
        scale: scale, offsetX: margin - coarse.x * scale, offsetY: margin - coarse.y * scale)
      // Only coverage is read (`analyse`: alpha).
      let image = try Rasterizer.renderCoverage(
        source, width: width, height: height, placement: placement, path: path)
      guard
        let found = analyse(image, origin: (placement.offsetX, placement.offsetY), scale: scale)
      else { return nil }
      if !found.touchesBorder || margin >= 8 * analysisSide {
        return found
      }
      margin *= 2
    }
  }

  /// Bounds of the pixels with any alpha, to whole pixels, converted back to canvas units.
  static func analyse(
    _ image: RGBAImage, origin: (Double, Double), scale: Double
  ) -> InkAnalysis? {
    let w = image.width
    let h = image.height
    var minX = w
    var minY = h
    var maxX = -1
    var maxY = -1
    // Row by row: the first and last inked pixel of a row are found from its two ends, so
    // the ink between them is never visited (issue 34: a pixel-by-pixel scan of the whole
    // analysis render was the hottest function of a vector image set's run).
    image.pixels.withUnsafeBufferPointer { p in
      guard let base = p.baseAddress, p.count >= w * h * 4 else { return }
      for y in 0..<h {
        let row = base + y * w * 4 + 3
        var first = 0
        while first < w && row[first * 4] == 0 { first += 1 }
        guard first < w else { continue }
        var last = w - 1
        while row[last * 4] == 0 { last -= 1 }
        if first < minX { minX = first }
        if last > maxX { maxX = last }
        if y < minY { minY = y }
        maxY = y
      }
    }
    guard maxX >= 0 else { return nil }
    func alpha(_ x: Int, _ y: Int) -> Double { Double(image.pixels[(y * w + x) * 4 + 3]) / 255 }
    // Whole pixels: conservative by less than one analysis pixel, so no ink is ever cut off.
    let x0 = Double(minX)
    let x1 = Double(maxX + 1)
    let y0 = Double(minY)
    let y1 = Double(maxY + 1)

    // Corner ink, on whole pixels of the bounding box.
    let side = max(
      1, Int((Double(min(maxX - minX + 1, maxY - minY + 1)) * GlyphShape.cornerShare).rounded()))
    func inked(_ xs: ClosedRange<Int>, _ ys: ClosedRange<Int>) -> Bool {
      for y in ys { for x in xs where alpha(x, y) >= 0.5 { return true } }
      return false
    }
    let corners = [
      inked(minX...(minX + side - 1), minY...(minY + side - 1)),
      inked((maxX - side + 1)...maxX, minY...(minY + side - 1)),
      inked(minX...(minX + side - 1), (maxY - side + 1)...maxY),
      inked((maxX - side + 1)...maxX, (maxY - side + 1)...maxY),
    ].filter { $0 }.count
    let bounds = Rect(
      x: (x0 - origin.0) / scale, y: (y0 - origin.1) / scale,
      width: max(x1 - x0, 1 / 255) / scale, height: max(y1 - y0, 1 / 255) / scale)
    var result = InkAnalysis(bounds: bounds, inkedCorners: corners)
    result.touchesBorder = minX == 0 || minY == 0 || maxX == w - 1 || maxY == h - 1
    return result
  }
}
