import Foundation
import GlyphsmithRender

/// Turns an even-odd fill into one the nonzero rule paints identically, for VectorDrawables
/// below API 24 (`android:fillType="evenOdd"` came in API 24, Android "VectorDrawable"
/// reference): each contour is oriented by its nesting depth (clockwise on screen, a positive
/// shoelace area in y-down coordinates, at even depth; the other way at odd depth), so the
/// winding number is 0 or +-1 exactly where the even-odd count is even or odd. Outlines
/// drawn clockwise on screen at even depth keep their direction.
///
/// This holds for contours that neither cross themselves nor each other (nested or apart, as
/// icon outlines with holes are). The result is checked: on a 101 x 101 grid over the path's
/// bounds (curves flattened to 16 segments) the nonzero rule of the result must agree with the
/// even-odd rule of the input at every point, else `VectorDrawableError` says the contours
/// cross and API 24 is needed.
package enum EvenOddContours {
  /// Segments per cubic when flattening.
  static let curveSteps = 16
  /// Sample points per side of the check grid.
  static let gridSide = 101

  /// `path` with contours reoriented so that nonzero paints what even-odd painted.
  /// - Throws: `VectorDrawableError` when no reorientation does (crossing contours).
  package static func nonzero(_ path: VectorPath) throws -> VectorPath {
    let contours = path.subpaths
    let polygons = contours.map(flatten)
    var elements: [PathElement] = []
    var oriented: [[PathPoint]] = []
    for (i, contour) in contours.enumerated() {
      let polygon = polygons[i]
      guard polygon.count >= 2 else { continue }
      let probe = PathPoint(
        x: (polygon[0].x + polygon[1].x) / 2, y: (polygon[0].y + polygon[1].y) / 2)
      let depth = polygons.indices.filter { $0 != i && crossings(polygons[$0], probe) % 2 == 1 }
        .count
      let wantPositive = depth % 2 == 0
      if (area(polygon) > 0) != wantPositive {
        elements += reversed(contour).elements
        oriented.append(polygon.reversed())
      } else {
        elements += closed(contour).elements
        oriented.append(polygon)
      }
    }
    try verify(evenOdd: polygons, nonzero: oriented)
    return VectorPath(elements)
  }

  /// Checks on the grid that the nonzero rule over `nonzero` paints where the even-odd rule
  /// over `evenOdd` does.
  static func verify(evenOdd: [[PathPoint]], nonzero: [[PathPoint]]) throws {
    let points = evenOdd.flatMap { $0 }
    guard let first = points.first else { return }
    var (minX, maxX, minY, maxY) = (first.x, first.x, first.y, first.y)
    for p in points {
      minX = min(minX, p.x)
      maxX = max(maxX, p.x)
      minY = min(minY, p.y)
      maxY = max(maxY, p.y)
    }
    let n = Double(gridSide)
    for row in 0..<gridSide {
      for column in 0..<gridSide {
        // Off the exact grid by an irrational fraction so no probe sits on a vertex.
        let p = PathPoint(
          x: minX + (maxX - minX) * (Double(column) + 0.5 + 0.0123456789) / n,
          y: minY + (maxY - minY) * (Double(row) + 0.5 + 0.0314159265) / n)
        let parity = evenOdd.reduce(0) { $0 + crossings($1, p) } % 2 == 1
        let winding = nonzero.reduce(0) { $0 + self.winding($1, p) } != 0
        if parity != winding {
          throw VectorDrawableError(problems: [
            "an even-odd fill whose contours cross (nonzero cannot paint it below API 24; give --min-sdk 24)"
          ])
        }
      }
    }
  }

  /// The contour's points with every cubic flattened (the closing edge implied).
  static func flatten(_ contour: VectorPath) -> [PathPoint] {
    var points: [PathPoint] = []
    var current = PathPoint(x: 0, y: 0)
    for element in contour.elements {
      switch element {
      case .move(let p), .line(let p):
        points.append(p)
        current = p
      case .curve(let a, let b, let c):
        for step in 1...curveSteps {
          let t = Double(step) / Double(curveSteps)
          let u = 1 - t
          let x = u * u * u * current.x + 3 * u * u * t * a.x + 3 * u * t * t * b.x + t * t * t * c.x
          let y = u * u * u * current.y + 3 * u * u * t * a.y + 3 * u * t * t * b.y + t * t * t * c.y
          points.append(PathPoint(x: x, y: y))
        }
        current = c
      case .close: break
      }
    }
    return points
  }

  /// Twice the shoelace area (positive clockwise on screen, y down).
  static func area(_ polygon: [PathPoint]) -> Double {
    var sum = 0.0
    for i in polygon.indices {
      let a = polygon[i]
      let b = polygon[(i + 1) % polygon.count]
      sum += a.x * b.y - b.x * a.y
    }
    return sum
  }

  /// How many edges of the closed `polygon` a ray from `p` towards +x crosses.
  static func crossings(_ polygon: [PathPoint], _ p: PathPoint) -> Int {
    var count = 0
    for i in polygon.indices {
      let a = polygon[i]
      let b = polygon[(i + 1) % polygon.count]
      if (a.y > p.y) != (b.y > p.y) {
        let x = a.x + (p.y - a.y) / (b.y - a.y) * (b.x - a.x)
        if x > p.x { count += 1 }
      }
    }
    return count
  }

  /// The winding number of the closed `polygon` around `p`.
  static func winding(_ polygon: [PathPoint], _ p: PathPoint) -> Int {
    var total = 0
    for i in polygon.indices {
      let a = polygon[i]
      let b = polygon[(i + 1) % polygon.count]
      if (a.y > p.y) != (b.y > p.y) {
        let x = a.x + (p.y - a.y) / (b.y - a.y) * (b.x - a.x)
        if x > p.x { total += b.y > a.y ? 1 : -1 }
      }
    }
    return total
  }

  /// The contour ending with `close` (a fill closes it anyway).
  static func closed(_ contour: VectorPath) -> VectorPath {
    contour.elements.last == .close ? contour : VectorPath(contour.elements + [.close])
  }

  /// The same closed contour traced the other way round.
  static func reversed(_ contour: VectorPath) -> VectorPath {
    guard case .move(let start) = contour.elements.first else { return contour }
    // Segments as (from, element) with an explicit closing line when the end is not the start.
    var segments: [(from: PathPoint, element: PathElement)] = []
    var current = start
    for element in contour.elements.dropFirst() {
      switch element {
      case .line(let p):
        segments.append((current, element))
        current = p
      case .curve(_, _, let c):
        segments.append((current, element))
        current = c
      case .move, .close: break
      }
    }
    if current != start { segments.append((current, .line(start))) }
    var elements: [PathElement] = [.move(start)]
    for segment in segments.reversed() {
      switch segment.element {
      case .line: elements.append(.line(segment.from))
      case .curve(let a, let b, _): elements.append(.curve(b, a, segment.from))
      default: break
      }
    }
    // The last segment ends at the start: a line there is what `close` draws.
    if elements.count > 2, elements.last == .line(start) { elements.removeLast() }
    elements.append(.close)
    return VectorPath(elements)
  }
}
