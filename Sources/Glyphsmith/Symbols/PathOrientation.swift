import GlyphsmithRender

/// Contour orientation helpers: custom symbols fill with the nonzero rule only, so even-odd
/// artwork is re-oriented (its contours reversed where needed) to draw the same under nonzero.
enum PathOrientation {
  /// `path` (closed subpaths, filled even-odd) with each subpath turned so that contours at
  /// an even nesting depth run one way and those at an odd depth the other: under nonzero
  /// that fills exactly what even-odd fills, for contours that do not cross each other.
  static func nonzeroEquivalent(ofEvenOdd path: VectorPath) -> VectorPath {
    let subpaths = path.subpaths
    let polygons = subpaths.map(polygon)
    var result: [PathElement] = []
    for (i, subpath) in subpaths.enumerated() {
      guard let probe = polygons[i].first else { continue }
      let depth = polygons.indices.filter { $0 != i && contains(polygons[$0], probe) }.count
      let clockwise = area(polygons[i]) > 0
      let wanted = depth % 2 == 0
      result += (clockwise == wanted ? subpath : reversed(subpath)).elements
    }
    return VectorPath(result)
  }

  /// A polygon through the subpath's points, curves sampled at quarters.
  static func polygon(_ subpath: VectorPath) -> [PathPoint] {
    SymbolInk.polygon(subpath, steps: 4)
  }

  /// Shoelace area; positive for clockwise contours in y-down space.
  static func area(_ polygon: [PathPoint]) -> Double {
    guard polygon.count > 2 else { return 0 }
    var sum = 0.0
    for i in polygon.indices {
      let a = polygon[i]
      let b = polygon[(i + 1) % polygon.count]
      sum += a.x * b.y - b.x * a.y
    }
    return sum / 2
  }

  /// Even-odd point-in-polygon test.
  static func contains(_ polygon: [PathPoint], _ p: PathPoint) -> Bool {
    var inside = false
    var j = polygon.count - 1
    for i in polygon.indices {
      let a = polygon[i]
      let b = polygon[j]
      if (a.y > p.y) != (b.y > p.y), p.x < (b.x - a.x) * (p.y - a.y) / (b.y - a.y) + a.x {
        inside.toggle()
      }
      j = i
    }
    return inside
  }

  /// The subpath drawn backwards (same points and command kinds, reversed order).
  static func reversed(_ subpath: VectorPath) -> VectorPath {
    guard case .move(let start)? = subpath.elements.first else { return subpath }
    var segments: [(from: PathPoint, element: PathElement)] = []
    var current = start
    for element in subpath.elements.dropFirst() {
      switch element {
      case .line(let p):
        segments.append((current, element))
        current = p
      case .curve(_, _, let c):
        segments.append((current, element))
        current = c
      default: break
      }
    }
    var elements: [PathElement] = [.move(current)]
    for segment in segments.reversed() {
      switch segment.element {
      case .line: elements.append(.line(segment.from))
      case .curve(let a, let b, _): elements.append(.curve(b, a, segment.from))
      default: break
      }
    }
    if subpath.elements.last == .close { elements.append(.close) }
    return VectorPath(elements)
  }
}
