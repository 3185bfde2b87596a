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

  /// The narrowest space between two contours of `paths` (all filled with the nonzero rule,
  /// drawn together) and the thinnest ink between two of them, in their units: for each pair
  /// of contours, the closest pair of sampled points decides, and its midpoint tells space
  /// (no ink) from wall (ink). Contours that touch are left out. `nil` when none.
  static func narrowest(_ paths: [VectorPath]) -> (gap: Double?, wall: Double?) {
    let contours = paths.flatMap(\.subpaths).map { polygon($0) }.filter { $0.count > 2 }
    var gap: Double? = nil
    var wall: Double? = nil
    for i in contours.indices {
      for j in contours.indices where j > i {
        var best = Double.infinity
        var middle = PathPoint(x: 0, y: 0)
        for a in contours[i] {
          for b in contours[j] {
            let d = (a.x - b.x) * (a.x - b.x) + (a.y - b.y) * (a.y - b.y)
            if d < best {
              best = d
              middle = PathPoint(x: (a.x + b.x) / 2, y: (a.y + b.y) / 2)
            }
          }
        }
        let distance = best.squareRoot()
        guard distance > 0.05 else { continue }
        if winding(contours, at: middle) == 0 {
          gap = min(gap ?? distance, distance)
        } else {
          wall = min(wall ?? distance, distance)
        }
      }
    }
    return (gap, wall)
  }
}
