import GlyphsmithRender

/// Closed polygons (sampled contours) with their bounding boxes, for point-in-fill tests that
/// skip every polygon whose box does not hold the point: outside its box a closed polygon
/// winds 0 times and holds no point under the even-odd rule, so the answers are exactly those
/// of testing every polygon, at a cost that no longer grows with the contours far away (an
/// outline of thousands of contours, such as text drawn as boxes, took minutes: issue 33's
/// fuzzing of `symbol`).
struct PolygonSet {
  /// The polygons, as given.
  let polygons: [[PathPoint]]
  private let boxes: [(minX: Double, minY: Double, maxX: Double, maxY: Double)]

  /// The set of `polygons` (any may be empty).
  init(_ polygons: [[PathPoint]]) {
    self.polygons = polygons
    boxes = polygons.map { points in
      guard let first = points.first else { return (1, 1, 0, 0) }
      var box = (minX: first.x, minY: first.y, maxX: first.x, maxY: first.y)
      for p in points {
        box = (min(box.minX, p.x), min(box.minY, p.y), max(box.maxX, p.x), max(box.maxY, p.y))
      }
      return box
    }
  }

  /// Whether polygon `i`'s box holds `p` (edges included).
  private func mayHold(_ i: Int, _ p: PathPoint) -> Bool {
    let box = boxes[i]
    return p.x >= box.minX && p.x <= box.maxX && p.y >= box.minY && p.y <= box.maxY
  }

  /// The nonzero winding number of all polygons at `p` (`SymbolInk.winding`'s rule).
  func winding(at p: PathPoint) -> Int {
    var total = 0
    for i in polygons.indices where mayHold(i, p) {
      total += SymbolInk.winding([polygons[i]], at: p)
    }
    return total
  }

  /// Whether `p` is filled: nonzero winding, or an odd number of polygons holding it
  /// (`PathOrientation.contains`) when `evenOdd`.
  func filled(_ p: PathPoint, evenOdd: Bool) -> Bool {
    guard evenOdd else { return winding(at: p) != 0 }
    var inside = false
    for i in polygons.indices where mayHold(i, p) && PathOrientation.contains(polygons[i], p) {
      inside.toggle()
    }
    return inside
  }
}
