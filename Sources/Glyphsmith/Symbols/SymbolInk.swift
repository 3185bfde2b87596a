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
  ///
  /// Pairs are taken nearest bounding boxes first, and a pair whose boxes are farther apart
  /// than both answers so far is never measured, so an icon's few neighbouring parts cost
  /// little. The work is bounded for any input (`workBudget` point-to-edge steps, each
  /// winding test counting its edges; only the nearest pairs the budget can measure are
  /// kept, `PairHeap`): an outline of thousands of contours (text drawn as boxes, issue 33's
  /// fuzzing) gets the answers found within the budget, the same every run, instead of
  /// minutes of CPU.
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
    let boxes = contours.map { c -> (minX: Double, maxX: Double, minY: Double, maxY: Double) in
      (
        c.map(\.x).min() ?? 0, c.map(\.x).max() ?? 0, c.map(\.y).min() ?? 0,
        c.map(\.y).max() ?? 0
      )
    }
    let edges = contours.reduce(0) { $0 + $1.count }
    let ink = PolygonSet(contours)
    let room = max(1, workBudget / max(1, edges))
    var nearest = PairHeap()
    for i in contours.indices {
      for j in contours.indices where j > i && directions[i] + directions[j] != 0 {
        let (a, b) = (boxes[i], boxes[j])
        let dx = max(0, max(a.minX, b.minX) - min(a.maxX, b.maxX))
        let dy = max(0, max(a.minY, b.minY) - min(a.maxY, b.maxY))
        nearest.offer((dx * dx + dy * dy).squareRoot(), i, j, keeping: room)
      }
    }
    var black: Double? = nil
    var ultralight: Double? = nil
    var work = 0
    for (apart, i, j) in nearest.ascending() {
      // Boxes farther apart than both answers so far cannot change either.
      if let black, let ultralight, apart >= max(black, ultralight) { break }
      work += 2 * contours[i].count * contours[j].count + edges
      if work > workBudget { break }
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
      let inked = ink.winding(at: middle) != 0
      if inked == (directions[i] + directions[j] < 0) {
        black = min(black ?? distance, distance)
      } else {
        ultralight = min(ultralight ?? distance, distance)
      }
    }
    return (black, ultralight)
  }

  /// The most point-to-edge steps (and winding edges) `narrowest` takes: 50 million, about
  /// 0.1 s; Lucide's and Heroicons' icons need at most a few hundred thousand.
  static let workBudget = 50_000_000

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

/// The `keeping` smallest of the pairs offered (ties by `i`, then `j`), for
/// `SymbolInk.narrowest`: a binary max-heap, so offering C x C pairs takes no more memory than
/// the pairs kept.
struct PairHeap {
  typealias Pair = (apart: Double, i: Int, j: Int)
  private var items: [Pair] = []

  private static func before(_ a: Pair, _ b: Pair) -> Bool { (a.apart, a.i, a.j) < (b.apart, b.i, b.j) }

  /// Keeps the pair when fewer than `keeping` are kept or it comes before the last kept one.
  mutating func offer(_ apart: Double, _ i: Int, _ j: Int, keeping: Int) {
    let pair = (apart, i, j)
    if items.count < keeping {
      items.append(pair)
      var child = items.count - 1
      while child > 0 {
        let parent = (child - 1) / 2
        guard Self.before(items[parent], items[child]) else { break }
        items.swapAt(parent, child)
        child = parent
      }
    } else if let top = items.first, Self.before(pair, top) {
      items[0] = pair
      var parent = 0
      while true {
        let left = 2 * parent + 1
        let right = left + 1
        var largest = parent
        if left < items.count, Self.before(items[largest], items[left]) { largest = left }
        if right < items.count, Self.before(items[largest], items[right]) { largest = right }
        if largest == parent { break }
        items.swapAt(parent, largest)
        parent = largest
      }
    }
  }

  /// The kept pairs, nearest first.
  func ascending() -> [Pair] { items.sorted(by: Self.before) }
}
