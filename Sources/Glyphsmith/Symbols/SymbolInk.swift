import GlyphsmithRender

/// Exact-enough geometry of template outlines: ink bounds (curves sampled at 32 steps, so the
/// bounds are within 1/1000 unit of the curve for the sizes symbols have) and signed areas.
enum SymbolInk {
  /// Samples per cubic segment.
  static let steps = 32

  /// The points of `subpath`'s outline, curves sampled at `steps`.
  static func polygon(_ subpath: VectorPath) -> [PathPoint] {
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
    let points = path.subpaths.flatMap(polygon)
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
}
