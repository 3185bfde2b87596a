import GlyphsmithRender

/// Checked conversions from computed sizes (Double, px) to whole pixel counts: a huge,
/// infinite or NaN value from a hostile file or option becomes a count past the 16384 px
/// output limit (`Rasterizer.maximumSide`), which the layout then refuses with a message,
/// instead of trapping in `Int(_:)`.
enum PixelMath {
  /// The largest magnitude a count takes (2^40 px): far past the output limit, and small
  /// enough that sums and products of two counts never overflow `Int`.
  static let ceiling = 1 << 40

  /// `value` rounded by `rule` (default: to nearest) and clamped to `-ceiling...ceiling`;
  /// NaN becomes 0.
  static func count(
    _ value: Double, _ rule: FloatingPointRoundingRule = .toNearestOrAwayFromZero
  ) -> Int {
    guard !value.isNaN else { return 0 }
    let limit = Double(ceiling)
    return Int(min(max(value.rounded(rule), -limit), limit))
  }

  /// Throws when `width` x `height` px is over the output limit of 16384 px on a side.
  /// - Throws: `GlyphsmithError.render(.tooLarge)` naming `path` and the size.
  static func checkOutput(width: Int, height: Int, path: String) throws {
    let side = Rasterizer.maximumSide
    guard width <= side, height <= side else {
      let size =
        width < ceiling && height < ceiling
        ? "output \(width)x\(height) px" : "output over \(ceiling) px on a side"
      throw GlyphsmithError.render(
        .tooLarge(
          path: path,
          what: "\(size); outputs are limited to \(side) px on a side"))
    }
  }
}
