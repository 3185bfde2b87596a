import Foundation

/// The drawn content of an artwork: tight bounds of its ink and which corners of those bounds
/// are inked, measured on pixels (so strokes, caps and clipping count as drawn).
public struct InkAnalysis: Sendable, Equatable {
  /// Ink bounds in the artwork's canvas units (SVG px at 96 dpi, or raster px).
  public var bounds: Rect
  /// How many of the four corners of `bounds` hold ink (see `GlyphShape.cornerShare`).
  public var inkedCorners: Int
  /// The shape the content is classified as (`GlyphShape.classify`).
  public var shape: GlyphShape {
    GlyphShape.classify(width: bounds.width, height: bounds.height, inkedCorners: inkedCorners)
  }

  /// Long side of the analysis render for SVGs, in px (128); with sub-pixel edge estimates the
  /// bounds are within about 1/256 of the content size.
  public static let analysisSide = 128.0

  /// Measures `source`: an SVG is first measured by librsvg (its ink rectangle, which may
  /// reach outside the viewBox), then rendered at `analysisSide` px to find the exact ink.
  static func measure(_ source: ArtworkSource, path: String) throws -> InkAnalysis? {
    switch source {
    case .raster(let image):
      return analyse(image, origin: (0, 0), scale: 1)
    case .svg(let document):
      guard let coarse = try document.inkRect() else { return nil }
      let scale = analysisSide / max(coarse.width, coarse.height)
      let margin = 2.0
      let width = Int((coarse.width * scale).rounded(.up)) + 2 * Int(margin)
      let height = Int((coarse.height * scale).rounded(.up)) + 2 * Int(margin)
      let placement = Placement(
        scale: scale, offsetX: margin - coarse.x * scale, offsetY: margin - coarse.y * scale)
      let image = try Rasterizer.render(
        source, width: width, height: height, placement: placement, path: path)
      return analyse(image, origin: (placement.offsetX, placement.offsetY), scale: scale)
    }
  }

  /// Bounds of the pixels with any alpha, each edge refined by the strongest coverage in its
  /// outermost row or column; converted back to canvas units.
  static func analyse(
    _ image: RGBAImage, origin: (Double, Double), scale: Double
  ) -> InkAnalysis? {
    let w = image.width
    let h = image.height
    var minX = w
    var minY = h
    var maxX = -1
    var maxY = -1
    image.pixels.withUnsafeBufferPointer { p in
      for y in 0..<h {
        for x in 0..<w where p[(y * w + x) * 4 + 3] != 0 {
          if x < minX { minX = x }
          if x > maxX { maxX = x }
          if y < minY { minY = y }
          if y > maxY { maxY = y }
        }
      }
    }
    guard maxX >= 0 else { return nil }
    func alpha(_ x: Int, _ y: Int) -> Double { Double(image.pixels[(y * w + x) * 4 + 3]) / 255 }
    let left = (minY...maxY).map { alpha(minX, $0) }.max()!
    let right = (minY...maxY).map { alpha(maxX, $0) }.max()!
    let top = (minX...maxX).map { alpha($0, minY) }.max()!
    let bottom = (minX...maxX).map { alpha($0, maxY) }.max()!
    let x0 = Double(minX) + (1 - left)
    let x1 = Double(maxX) + right
    let y0 = Double(minY) + (1 - top)
    let y1 = Double(maxY) + bottom

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
    return InkAnalysis(bounds: bounds, inkedCorners: corners)
  }
}
