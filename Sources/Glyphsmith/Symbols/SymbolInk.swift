import GlyphsmithRender

/// Exact-enough geometry of template outlines: ink bounds (curves sampled at 32 steps, so the
/// bounds are within 1/1000 unit of the curve for the sizes symbols have) and signed areas.
enum SymbolInk {
  /// Samples per cubic segment.
  static let steps = 32

  /// The points of `subpath`'s outline, curves sampled at `steps` equal steps of t.
  static func polygon(_ subpath: VectorPath, steps: Int = steps) -> [PathPoint] {
    var points: [PathPoint] = []
    var current = PathPoint(x: 0, y: 0)
    for element in subpath.elements {
      switch element {
      case .move(let p), .line(let p):
        points.append(p)
        current = p
      case .curve(let a, let b, let c):
        for i in 1...steps {
          let t = Double(i) / Double(steps)
          let u = 1 - t
          let (w0, w1, w2, w3) = (u * u * u, 3 * u * u * t, 3 * u * t * t, t * t * t)
          points.append(
            PathPoint(
              x: w0 * current.x + w1 * a.x + w2 * b.x + w3 * c.x,
              y: w0 * current.y + w1 * a.y + w2 * b.y + w3 * c.y))
        }
        current = c
      case .close: break
      }
    }
    return points
  }

  /// Bounds of the outline of `path` (all subpaths); `nil` when empty.
  static func bounds(_ path: VectorPath) -> Rect? {
    let points = path.subpaths.flatMap { polygon($0) }
    guard let first = points.first else { return nil }
    var (minX, maxX, minY, maxY) = (first.x, first.x, first.y, first.y)
    for p in points {
      minX = min(minX, p.x)
      maxX = max(maxX, p.x)
      minY = min(minY, p.y)
      maxY = max(maxY, p.y)
    }
    return Rect(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
  }

  /// The smallest rectangle holding both.
  static func union(_ a: Rect, _ b: Rect) -> Rect {
    let x = min(a.x, b.x)
    let y = min(a.y, b.y)
    return Rect(
      x: x, y: y, width: max(a.x + a.width, b.x + b.width) - x,
      height: max(a.y + a.height, b.y + b.height) - y)
  }

  /// Signed area of each subpath (positive: clockwise in y-down space).
  static func areas(_ path: VectorPath) -> [Double] {
    path.subpaths.map { PathOrientation.area(polygon($0)) }
  }

  /// Centroid of the subpath's sampled points.
  static func centre(_ subpath: VectorPath) -> PathPoint {
    let points = polygon(subpath)
    guard !points.isEmpty else { return PathPoint(x: 0, y: 0) }
    let n = Double(points.count)
    return PathPoint(
      x: points.reduce(0) { $0 + $1.x } / n, y: points.reduce(0) { $0 + $1.y } / n)
  }

  /// Length of all contours of `path` (sampled as `polygon`, closed).
  static func perimeter(_ path: VectorPath) -> Double {
    path.subpaths.map { polygon($0) }.reduce(0) { sum, points in
      guard points.count > 1 else { return sum }
      var length = 0.0
      for i in points.indices {
        let a = points[i]
        let b = points[(i + 1) % points.count]
        length += ((b.x - a.x) * (b.x - a.x) + (b.y - a.y) * (b.y - a.y)).squareRoot()
      }
      return sum + length
    }
  }

  /// The mean thickness of a filled outline: twice its ink area over its perimeter (a strip
  /// of width t and any length gives t; a disc of radius r gives r).
  static func thickness(_ path: VectorPath) -> Double {
    let p = perimeter(path)
    return p > 0 ? 2 * abs(areas(path).reduce(0, +)) / p : 0
  }

  /// Nonzero winding number of `polygons` (closed) at `p`.
  static func winding(_ polygons: [[PathPoint]], at p: PathPoint) -> Int {
    var total = 0
    for polygon in polygons where polygon.count > 2 {
      var j = polygon.count - 1
      for i in polygon.indices {
        let a = polygon[j]
        let b = polygon[i]
        let cross = (b.x - a.x) * (p.y - a.y) - (p.x - a.x) * (b.y - a.y)
        if a.y <= p.y {
          if b.y > p.y && cross > 0 { total += 1 }
        } else if b.y <= p.y && cross < 0 {
          total -= 1
        }
        j = i
      }
    }
    return total
  }

  /// The narrowest space and ink between two contours of `paths` (all filled with the
  /// nonzero rule, drawn together) that get narrower at Black and at Ultralight, in their
  /// units. `signs` gives per path and contour whether its ink grows at Black (1) or
  /// shrinks (-1, a knock-out's edge: `SymbolKnockOuts`; missing signs are 1). Between two
  /// contours moving the same way, space narrows at Black and ink at Ultralight; between a
  /// knock-out's edge and the islands in it, the other way round; between contours moving
  /// opposite ways nothing narrows. For each pair of contours the closest points decide
  /// (every sampled point against every edge of the other contour, so a long straight edge
  /// counts along its length, not only at its ends), and their midpoint tells space (no
  /// ink) from ink. Contours that touch are left out. `nil` when none.
  static func narrowest(_ paths: [VectorPath], signs: [[Double]] = []) -> (
    black: Double?, ultralight: Double?
  ) {
    var contours: [[PathPoint]] = []
    var directions: [Double] = []
    for (k, path) in paths.enumerated() {
      for (i, subpath) in path.subpaths.enumerated() {
        let polygon = polygon(subpath, steps: 8)
        guard polygon.count > 2 else { continue }
        contours.append(polygon)
        directions.append(k < signs.count && i < signs[k].count ? signs[k][i] : 1)
      }
    }
    let boxes = contours.map { c -> (Double, Double, Double, Double) in
      (
        c.map(\.x).min() ?? 0, c.map(\.x).max() ?? 0, c.map(\.y).min() ?? 0,
        c.map(\.y).max() ?? 0
      )
    }
    var black: Double? = nil
    var ultralight: Double? = nil
    for i in contours.indices {
      for j in contours.indices where j > i {
        let sum = directions[i] + directions[j]
        guard sum != 0 else { continue }
        // Boxes farther apart than both answers so far cannot change either.
        let (a, b) = (boxes[i], boxes[j])
        let dx = max(0, max(a.0, b.0) - min(a.1, b.1))
        let dy = max(0, max(a.2, b.2) - min(a.3, b.3))
        if let black, let ultralight, (dx * dx + dy * dy).squareRoot() >= max(black, ultralight) {
          continue
        }
        var best = Double.infinity
        var middle = PathPoint(x: 0, y: 0)
        for (from, to) in [(i, j), (j, i)] {
          let edges = contours[to]
          for p in contours[from] {
            for k in edges.indices {
              let q = closest(p, edges[k], edges[(k + 1) % edges.count])
              let d = (p.x - q.x) * (p.x - q.x) + (p.y - q.y) * (p.y - q.y)
              if d < best {
                best = d
                middle = PathPoint(x: (p.x + q.x) / 2, y: (p.y + q.y) / 2)
              }
            }
          }
        }
        let distance = best.squareRoot()
        guard distance > 0.05 else { continue }
        let ink = winding(contours, at: middle) != 0
        if ink == (sum < 0) {
          black = min(black ?? distance, distance)
        } else {
          ultralight = min(ultralight ?? distance, distance)
        }
      }
    }
    return (black, ultralight)
  }

  /// The point of the segment from `a` to `b` closest to `p`.
  static func closest(_ p: PathPoint, _ a: PathPoint, _ b: PathPoint) -> PathPoint {
    let (dx, dy) = (b.x - a.x, b.y - a.y)
    let length = dx * dx + dy * dy
    guard length > 0 else { return a }
    let t = max(0, min(1, ((p.x - a.x) * dx + (p.y - a.y) * dy) / length))
    return PathPoint(x: a.x + t * dx, y: a.y + t * dy)
  }

  /// The distance from `p` to the segment from `a` to `b`.
  static func distance(_ p: PathPoint, _ a: PathPoint, _ b: PathPoint) -> Double {
    let q = closest(p, a, b)
    return ((p.x - q.x) * (p.x - q.x) + (p.y - q.y) * (p.y - q.y)).squareRoot()
  }
}
