/// One command of a `VectorPath`: the four that Cairo's path model has (`cairo_path_data_t`),
/// which is also everything an SF Symbols template path needs (absolute M, L, C, Z).
package enum PathElement: Sendable, Hashable {
  /// Starts a subpath at the point (SVG `M`).
  case move(PathPoint)
  /// A straight segment to the point (SVG `L`).
  case line(PathPoint)
  /// A cubic Bézier segment: two control points, then the end point (SVG `C`).
  case curve(PathPoint, PathPoint, PathPoint)
  /// Closes the current subpath back to its start (SVG `Z`).
  case close

  /// The SVG command letter: `M`, `L`, `C` or `Z`.
  package var letter: Character {
    switch self {
    case .move: return "M"
    case .line: return "L"
    case .curve: return "C"
    case .close: return "Z"
    }
  }

  /// The element with every point mapped by `transform`.
  package func map(_ transform: (PathPoint) -> PathPoint) -> PathElement {
    switch self {
    case .move(let p): return .move(transform(p))
    case .line(let p): return .line(transform(p))
    case .curve(let a, let b, let c): return .curve(transform(a), transform(b), transform(c))
    case .close: return .close
    }
  }

  /// The element's points, control points included, in order.
  package var points: [PathPoint] {
    switch self {
    case .move(let p), .line(let p): return [p]
    case .curve(let a, let b, let c): return [a, b, c]
    case .close: return []
    }
  }
}
