/// Distances along the columns of a mask, bounded by a reach, and the exact Euclidean search
/// along a row that builds on them: the first half of every bounded distance transform here
/// (`InkDistance`, `Morphology.dilation`, the hole widths of `negative-space`).
enum ColumnDistance {
  /// For each pixel, the distance in px to the nearest pixel of the same column where
  /// `feature` is nonzero, or `far` when that is more than `far - 1` px away (or there is
  /// none). Row-major, `width` x `height` px, like `feature`.
  /// - Precondition: `width`, `height` >= 0, `feature.count == width * height` and
  ///   `far` < `Int32.max`.
  static func distances(
    to feature: [UInt8], width: Int, height: Int, far: Int32
  ) -> [Int32] {
    feature.withUnsafeBufferPointer {
      distances(to: $0, width: width, height: height, far: far)
    }
  }

  /// The squared distance (px²) from pixel (`x`, `y`) to the nearest feature pixel, when it is
  /// at most `reach`² px², given `column` (from `distances(to:width:height:far:)` with `far`
  /// above `reach`); `nil` when farther. Exact: the minimum of dx² + column² over the columns
  /// within `reach` px.
  /// - Precondition: `column.count == width * height` for some height > `y`, 0 <= `x` <
  ///   `width`.
  static func nearestSquaredDistance(
    _ column: [Int32], x: Int, y: Int, width: Int, reach: Int
  ) -> Int? {
    precondition(width > 0 && column.count % width == 0, "a column grid is whole rows")
    precondition(x >= 0 && x < width && y >= 0 && y < column.count / width)
    return column.withUnsafeBufferPointer {
      rowSearch($0, x: x, y: y, width: width, reach: reach)
    }
  }

  // MARK: - Unchecked internals

  /// `distances(to:width:height:far:)` on a buffer. Sweeps whole rows (top down, then bottom
  /// up), so memory is read in order.
  ///
  /// In bounds: `feature` and the output hold `width * height` values (checked) and every
  /// index is `y * width + x` with x < width, y < height; `last` holds `width` values.
  /// `far` < `Int32.max`, so `last[x] &+ 1` (at most `far` + 1) never wraps.
  static func distances(
    to feature: UnsafeBufferPointer<UInt8>, width: Int, height: Int, far: Int32
  ) -> [Int32] {
    precondition(width >= 0 && height >= 0 && feature.count == width * height)
    precondition(far < Int32.max, "far must leave room for far + 1")
    var out = [Int32](repeating: far, count: width * height)
    let last = UnsafeMutablePointer<Int32>.allocate(capacity: max(1, width))
    defer { last.deallocate() }
    out.withUnsafeMutableBufferPointer { c in
      // Downwards: distance to the nearest feature above (or on) the pixel.
      last.initialize(repeating: far, count: width)
      for y in 0..<height {
        let base = y * width
        for x in 0..<width {
          let d = feature[base &+ x] != 0 ? 0 : min(far, last[x] &+ 1)
          last[x] = d
          c[base &+ x] = d
        }
      }
      // Upwards: the nearest below, if nearer.
      last.initialize(repeating: far, count: width)
      for y in stride(from: height - 1, through: 0, by: -1) {
        let base = y * width
        for x in 0..<width {
          let d = feature[base &+ x] != 0 ? 0 : min(far, last[x] &+ 1)
          last[x] = d
          c[base &+ x] = min(c[base &+ x], d)
        }
      }
    }
    return out
  }

  /// `nearestSquaredDistance` on a buffer, unchecked: the caller guarantees 0 <= `x` <
  /// `width` and `c` holds the row `y` (`c.count >= (y + 1) * width`).
  ///
  /// In bounds: the columns read are x - dx >= 0 and x + dx < width (both tested), all in
  /// row `y`.
  @inline(__always)
  static func rowSearch(
    _ c: UnsafeBufferPointer<Int32>, x: Int, y: Int, width: Int, reach: Int
  ) -> Int? {
    // Outward from the pixel's own column; stop once no farther column can win.
    var best = Int.max
    var dx = 0
    while dx <= reach && dx * dx < best {
      if x - dx >= 0 {
        let dy = Int(c[y * width + x - dx])
        if dy <= reach { best = min(best, dx * dx + dy * dy) }
      }
      if dx > 0 && x + dx < width {
        let dy = Int(c[y * width + x + dx])
        if dy <= reach { best = min(best, dx * dx + dy * dy) }
      }
      dx += 1
    }
    return best <= reach * reach ? best : nil
  }
}
