/// What a pixelmatch comparison found.
public struct PixelmatchResult: Sendable, Equatable {
  /// Pixels counted as different (over the threshold, not anti-aliasing unless `includeAA`,
  /// not inside an ignored rectangle).
  public var mismatchedPixels: Int
  /// Pixels over the threshold that were taken for anti-aliasing and not counted.
  public var antiAliasedPixels: Int
  /// Pixels inside the union of the ignored rectangles (clipped to the image).
  public var ignoredPixels: Int
  /// Width in px of both images.
  public var width: Int
  /// Height in px of both images.
  public var height: Int
  /// The largest colour difference among the counted pixels, in threshold units (0-1:
  /// `sqrt(|YIQ delta| / 35215)`, or the OKLab HyAB distance, comparable with
  /// `PixelmatchOptions.threshold`); 0 when none.
  public var largestDifference: Double
  /// Where `largestDifference` is, in px from the top-left corner (the first such pixel in
  /// row-major order); `nil` when no pixel is counted.
  public var largestDifferenceAt: PixelPoint?
  /// The diff image (straight RGBA8, same size), when it was asked for.
  public var diff: RGBAImage?

  /// `width * height`.
  public var totalPixels: Int { width * height }

  /// `mismatchedPixels / totalPixels`, 0-1 (0 for an empty image).
  public var mismatchedShare: Double {
    totalPixels == 0 ? 0 : Double(mismatchedPixels) / Double(totalPixels)
  }
}

/// A pixel position in px from the top-left corner.
public struct PixelPoint: Sendable, Hashable, Codable, CustomStringConvertible {
  /// Column and row in px.
  public var x, y: Int

  /// A position in px.
  public init(x: Int, y: Int) {
    self.x = x
    self.y = y
  }

  /// `(x, y)`.
  public var description: String { "(\(x), \(y))" }
}
