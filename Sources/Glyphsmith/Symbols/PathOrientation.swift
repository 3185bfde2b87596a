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

  /// `path` (closed subpaths, filled with `evenOdd` or the nonzero rule) with each contour
  /// turned by the ink it bounds, not by how it was drawn (issue 39): a contour with ink just
  /// inside and none just outside bounds a part and runs clockwise (positive area in y-down
  /// space); one with ink outside and none inside bounds a hole and runs counter-clockwise;
  /// one with ink on both sides or neither keeps its direction. FreeType's emboldening
  /// (`FT_Outline_EmboldenXY`) grows every contour to its side away from the outline's
  /// overall orientation, so separate parts drawn the other way round (Heroicons'
  /// `adjustments-horizontal` knobs, `bell-slash`, Bootstrap's bell clapper) shrank at Black.
  /// Each contour's side is decided by a vote of up to 24 points along it, each offset a
  /// little to both sides and tested with the whole path's fill rule.
  ///
  /// The result is kept only when it fills exactly what `path` fills (a 32 x 32 grid over its
  /// bounds and the vote points, nonzero rule against the input's rule); otherwise (contours
  /// that cross, so that turning one changes what another fills) the input comes back, made
  /// nonzero-equivalent by nesting depth when even-odd (`nonzeroEquivalent(ofEvenOdd:)`).
  static func byInk(_ path: VectorPath, evenOdd: Bool) -> VectorPath {
    let subpaths = path.subpaths
    let fallback = evenOdd ? nonzeroEquivalent(ofEvenOdd: path) : path
    let polygons = subpaths.map { SymbolInk.polygon($0, steps: 8) }
    guard let bounds = SymbolInk.bounds(path), bounds.width > 0, bounds.height > 0 else {
      return fallback
    }
    let ink = PolygonSet(polygons)
    let offset = max(bounds.width, bounds.height) * 1e-3
    var probes: [PathPoint] = []
    var turned: [VectorPath] = []
    var changed = false
    for (i, subpath) in subpaths.enumerated() {
      let polygon = polygons[i]
      var votes = 0
      let step = max(1, polygon.count / 24)
      for k in stride(from: 0, to: polygon.count, by: step) {
        let a = polygon[k]
        let b = polygon[(k + 1) % polygon.count]
        let length = ((b.x - a.x) * (b.x - a.x) + (b.y - a.y) * (b.y - a.y)).squareRoot()
        guard length > 1e-9 else { continue }
        let m = PathPoint(x: (a.x + b.x) / 2, y: (a.y + b.y) / 2)
        let n = PathPoint(x: -(b.y - a.y) / length * offset, y: (b.x - a.x) / length * offset)
        var inner = PathPoint(x: m.x + n.x, y: m.y + n.y)
        var outer = PathPoint(x: m.x - n.x, y: m.y - n.y)
        if !contains(polygon, inner) { swap(&inner, &outer) }
        guard contains(polygon, inner), !contains(polygon, outer) else { continue }
        probes += [inner, outer]
        let inkInside = ink.filled(inner, evenOdd: evenOdd)
        let inkOutside = ink.filled(outer, evenOdd: evenOdd)
        if inkInside != inkOutside { votes += inkInside ? 1 : -1 }
      }
      let clockwise = area(polygon) > 0
      if votes == 0 || (votes > 0) == clockwise {
        turned.append(subpath)
      } else {
        turned.append(reversed(subpath))
        changed = true
      }
    }
    guard changed || evenOdd else { return path }
    let result = VectorPath(turned.flatMap(\.elements))
    let turnedInk = PolygonSet(turned.map { SymbolInk.polygon($0, steps: 8) })
    let grid = 32
    for row in 0..<grid {
      for column in 0..<grid {
        probes.append(
          PathPoint(
            x: bounds.x + (Double(column) + 0.5) / Double(grid) * bounds.width,
            y: bounds.y + (Double(row) + 0.5) / Double(grid) * bounds.height))
      }
    }
    for p in probes
    where ink.filled(p, evenOdd: evenOdd) != turnedInk.filled(p, evenOdd: false) {
      return fallback
    }
    return result
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
