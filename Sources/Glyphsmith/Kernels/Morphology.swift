/// Morphology by discs: dilation, and the local thickness that gives the opening by every disc
/// radius at once (the thickness bands of `inner-lines` and `hairline`).
enum Morphology {
  /// Pixels within `sqrt(limit)` px (squared distance at most `limit`, an integer) of a pixel
  /// where `feature` is nonzero: the dilation by that disc, as 1s (all 0s for a negative
  /// `limit`). Row-major, `width` x `height` px.
  ///
  /// Per row, each column's nearest feature (`ColumnDistance`) covers an interval of the row;
  /// two sweeps take the union of the intervals.
  /// - Precondition: `width`, `height` >= 0 and `feature.count == width * height`.
  static func dilation(of feature: [UInt8], limit: Int, width: Int, height: Int) -> [UInt8] {
    precondition(width >= 0 && height >= 0 && feature.count == width * height)
    var out = [UInt8](repeating: 0, count: feature.count)
    guard limit >= 0 else { return out }
    var reach = 0
    while (reach + 1) * (reach + 1) <= limit { reach += 1 }
    // Half-width of the interval a feature `c` rows away covers; for `c` = `far` (no feature
    // within reach) an interval that covers nothing.
    var half = [Int](repeating: -2 * (width + 1), count: reach + 2)
    for c in 0...reach {
      half[c] = 0
      while (half[c] + 1) * (half[c] + 1) + c * c <= limit { half[c] += 1 }
    }
    let far = Int32(reach + 1)
    let column = ColumnDistance.distances(to: feature, width: width, height: height, far: far)
    // In bounds: pixels are read and written at base + x, base = y * width, y < height,
    // x < width; column distances lie in 0...far = reach + 1, and `half` has reach + 2 entries.
    column.withUnsafeBufferPointer { c in
      half.withUnsafeBufferPointer { h in
        out.withUnsafeMutableBufferPointer { o in
          for y in 0..<height {
            let base = y * width
            var right = -width
            for x in 0..<width {
              right = max(right, x &+ h[Int(c[base &+ x])])
              o[base &+ x] = right >= x ? 1 : 0
            }
            var left = 2 &* width
            for x in stride(from: width &- 1, through: 0, by: -1) {
              left = min(left, x &- h[Int(c[base &+ x])])
              o[base &+ x] |= left <= x ? 1 : 0
            }
          }
        }
      }
    }
    return out
  }

  /// For each pixel of `mask`, the radius (px, at most `cap`) of the largest disc inside the
  /// mask that covers it; 0 outside. The mask's opening by a disc of radius r (everything at
  /// least about 2 r px thick) is then `thickness >= r`, for every r up to `cap` at once.
  /// `inkDistance` is the mask's `InkDistance` (px², capped at `cap` or more). Row-major,
  /// `width` x `height` px.
  ///
  /// A disc of radius d(q) = min(`cap`, √`inkDistance`(q)), over the pixel offsets (dx, dy)
  /// with dx² + dy² <= d(q)² (and <= `cap`²), is painted around each mask pixel q, keeping the
  /// largest radius on each pixel. Skipped: the disc of a pixel q off the border (all 8
  /// neighbours on the grid) when a neighbour n holds it up to 0.05 px, d(n) >= d(q) + 1 - 0.05
  /// for the 4 side neighbours or d(q) + √2 - 0.05 for the diagonal ones (the overlap of
  /// neighbouring discs covers the sliver). Pixels at least `cap` deep ("deep") paint `cap`,
  /// and not disc by disc: every mask pixel within `cap` of a deep pixel is one dilation.
  /// - Precondition: `width`, `height` >= 0, `mask` and `inkDistance` hold
  ///   `width * height` values, and `cap` >= 0.
  static func thickness(
    _ mask: [UInt8], inkDistance: [Double], cap: Double, width: Int, height: Int
  ) -> [Float] {
    precondition(width >= 0 && height >= 0 && mask.count == width * height)
    precondition(inkDistance.count == mask.count)
    precondition(cap >= 0, "a disc radius is not negative")
    var result = [Float](repeating: 0, count: mask.count)
    let capF = Float(cap)
    var depth = [Float](repeating: 0, count: mask.count)
    var deep = [UInt8](repeating: 0, count: mask.count)
    var anyDeep = false
    // The box of the deep pixels (columns and rows), where the dilation below starts.
    var deepMinX = width
    var deepMaxX = -1
    var deepMinY = height
    var deepMaxY = -1
    // Squared distances are whole numbers in practice (`InkDistance`): the radius of each
    // whole number up to the cap's square and one past it comes from a table (the same
    // Float as computed pixel by pixel); from the next whole number on (at least 1 px² past
    // the cap's square, so its root is past the cap) it is the cap; other values are
    // computed as they come.
    let wholeCount = Int((cap * cap).rounded(.down)) + 2
    let radiusOfWhole = (0..<wholeCount).map { min(capF, Float(Double($0).squareRoot())) }
    // In bounds: the five arrays hold mask.count values; the loop stays below that; the
    // table is read at n < wholeCount.
    mask.withUnsafeBufferPointer { m in
      inkDistance.withUnsafeBufferPointer { ink in
        depth.withUnsafeMutableBufferPointer { dp in
          deep.withUnsafeMutableBufferPointer { dd in
            radiusOfWhole.withUnsafeBufferPointer { table in
              let whole = Double(wholeCount)
              for y in 0..<height {
                let base = y &* width
                let end = base &+ width
                var next = InkMask.nextSet(m, from: base, end: end)
                while next < end {
                  let i = next
                  next = InkMask.nextSet(m, from: i &+ 1, end: end)
                  let x = i &- base
                  let v = ink[i]
                  let d: Float
                  if v >= whole {
                    d = capF
                  } else if v >= 0, Double(Int(v)) == v {
                    d = table[Int(v)]
                  } else {
                    d = min(capF, Float(v.squareRoot()))
                  }
                  dp[i] = d
                  if d >= capF {
                    dd[i] = 1
                    anyDeep = true
                    deepMinX = Swift.min(deepMinX, x)
                    deepMaxX = Swift.max(deepMaxX, x)
                    deepMinY = Swift.min(deepMinY, y)
                    deepMaxY = Swift.max(deepMaxY, y)
                  }
                }
              }
            }
          }
        }
      }
    }
    let reach = Int(cap.rounded(.up))
    // Disc offsets sorted by distance: (dx, dy, squared distance, index delta).
    var offsets: [(dx: Int, dy: Int, d2: Float, delta: Int)] = []
    for dy in -reach...reach {
      for dx in -reach...reach where Double(dx * dx + dy * dy) <= cap * cap {
        offsets.append((dx, dy, Float(dx * dx + dy * dy), dy * width + dx))
      }
    }
    offsets.sort { $0.d2 < $1.d2 }
    // The widest squared offset a disc of radius `cap` paints.
    let capR2 = capF * capF
    let deepReach = offsets.last { $0.d2 <= capR2 }.map { Int($0.d2) } ?? -1
    if anyDeep {
      // The dilation on the deep pixels' box grown by `reach` (at least the disc's radius)
      // and clipped to the grid: every deep pixel lies in it, and every pixel the dilation
      // covers lies within `reach` of one, so in it too; outside it nothing is covered.
      let x0 = Swift.max(0, deepMinX - reach)
      let x1 = Swift.min(width - 1, deepMaxX + reach)
      let y0 = Swift.max(0, deepMinY - reach)
      let y1 = Swift.min(height - 1, deepMaxY + reach)
      let boxWidth = x1 - x0 + 1
      let boxHeight = y1 - y0 + 1
      // In bounds: the box lies on the grid (x0...x1 in 0..<width, y0...y1 in 0..<height), so
      // (y0 + by) * width + x0 + bx < mask.count for bx < boxWidth, by < boxHeight; the box's
      // own arrays hold boxWidth * boxHeight values.
      let boxDeep = [UInt8](unsafeUninitializedCapacity: boxWidth * boxHeight) { o, n in
        deep.withUnsafeBufferPointer { dd in
          for by in 0..<boxHeight {
            let from = (y0 &+ by) &* width &+ x0
            let to = by &* boxWidth
            for bx in 0..<boxWidth { o[to &+ bx] = dd[from &+ bx] }
          }
        }
        n = boxWidth * boxHeight
      }
      let covered = dilation(of: boxDeep, limit: deepReach, width: boxWidth, height: boxHeight)
      covered.withUnsafeBufferPointer { e in
        mask.withUnsafeBufferPointer { m in
          result.withUnsafeMutableBufferPointer { t in
            for by in 0..<boxHeight {
              let base = (y0 &+ by) &* width &+ x0
              let row = by &* boxWidth
              // Branch-free: a select, the same value as writing only where both are set.
              for bx in 0..<boxWidth {
                let j = base &+ bx
                t[j] = m[j] != 0 && e[row &+ bx] != 0 ? capF : t[j]
              }
            }
          }
        }
      }
    }
    // The offsets as two flat arrays, for the painting loop.
    let squares = offsets.map(\.d2)
    let deltas = offsets.map(\.delta)
    let diagonal = Float(2.0.squareRoot())
    // The prefix of each whole squared distance's radius (`radiusOfWhole`).
    let prefixOfWhole = squares.withUnsafeBufferPointer { sq in
      radiusOfWhole.map { Self.prefix(sq, $0 * $0) }
    }
    let wholeD = Double(wholeCount)
    // A disc is skipped when a neighbour's disc holds it up to 0.05 px (d(n) >= d + step -
    // 0.05): the overlap of neighbouring discs covers the sliver. Discs are painted on every
    // pixel, ink or not; the pixels outside the mask are cleared at the end.
    let slack: Float = 0.05
    // In bounds: i = y * width + x with x < width, y < height. The 8 neighbours are read only
    // when `inside` (0 < x < width - 1, 0 < y < height - 1). A disc uses the first `lo`
    // offsets, lo <= squares.count = deltas.count = offsets.count, each with |dx|, |dy| <=
    // reach: unchecked (`i + delta`) only when `far` (the pixel is at least `reach` px from
    // every edge, so x + dx and y + dy stay on the grid), otherwise each target is tested.
    // `pre` is read at whole squared distances below `wholeD`, its count.
    mask.withUnsafeBufferPointer { m in
      depth.withUnsafeBufferPointer { dp in
        inkDistance.withUnsafeBufferPointer { ink in
          prefixOfWhole.withUnsafeBufferPointer { pre in
            result.withUnsafeMutableBufferPointer { t in
              squares.withUnsafeBufferPointer { sq in
                deltas.withUnsafeBufferPointer { dl in
                  for y in 0..<height {
                    // The mask pixels of the row, found eight bytes at a time
                    // (`InkMask.nextSet`), in order; `next` moves on before the pixel's
                    // work, which may `continue`.
                    let base = y &* width
                    let end = base &+ width
                    var next = InkMask.nextSet(m, from: base, end: end)
                    while next < end {
                      let i = next
                      next = InkMask.nextSet(m, from: i &+ 1, end: end)
                      let x = i &- base
                      let d = dp[i]
                      if d >= capF { continue }
                      let inside = x > 0 && y > 0 && x < width &- 1 && y < height &- 1
                      if inside {
                        let a = dp[i &- 1]
                        let b = dp[i &+ 1]
                        let c = dp[i &- width]
                        let e = dp[i &+ width]
                        let f = dp[i &- width &- 1]
                        let g = dp[i &- width &+ 1]
                        let h = dp[i &+ width &- 1]
                        let k = dp[i &+ width &+ 1]
                        if max(max(a, b), max(c, e)) >= d + 1 - slack
                          || max(max(f, g), max(h, k)) >= d + diagonal - slack
                        {
                          continue
                        }
                      }
                      // The offsets within the disc: those with d2 <= d², a prefix (counted once
                      // per radius of a whole squared distance, else searched).
                      let v = ink[i]
                      let lo: Int
                      if v >= 0 && v < wholeD, Double(Int(v)) == v {
                        lo = pre[Int(v)]
                      } else {
                        lo = Self.prefix(sq, d * d)
                      }
                      let far =
                        inside && x >= reach && y >= reach && x < width &- reach
                        && y < height &- reach
                      if far {
                        // Branch-free (whether a disc raises a pixel follows no pattern): the
                        // larger of two radii, both >= +0 and never NaN, is the same either way.
                        for n in 0..<lo {
                          let j = i &+ dl[n]
                          t[j] = Swift.max(t[j], d)
                        }
                      } else {
                        for n in 0..<lo {
                          let nx = x &+ offsets[n].dx
                          let ny = y &+ offsets[n].dy
                          guard nx >= 0, ny >= 0, nx < width, ny < height else { continue }
                          let j = ny &* width &+ nx
                          if t[j] < d { t[j] = d }
                        }
                      }
                    }
                  }
                  // Branch-free: a select, the same value as clearing only off the mask.
                  for i in 0..<t.count { t[i] = m[i] == 0 ? 0 : t[i] }
                }
              }
            }
          }
        }
      }
    }
    return result
  }

  /// How many of `squares` (ascending) are at most `r2`: the offsets within a disc whose
  /// squared radius is `r2`.
  @inline(__always)
  private static func prefix(_ squares: UnsafeBufferPointer<Float>, _ r2: Float) -> Int {
    var lo = 0
    var hi = squares.count
    while lo < hi {
      let mid = (lo &+ hi) >> 1
      if squares[mid] > r2 { hi = mid } else { lo = mid &+ 1 }
    }
    return lo
  }
}
