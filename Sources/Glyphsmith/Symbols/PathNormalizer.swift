import GlyphsmithRender

/// Puts template paths on the 1/1000-unit grid they are written with and drops what Cairo
/// would drop when librsvg reads them back (cairo 1.16 `cairo-path-fixed.c`): a line to the
/// current point (unless right after a move), a line that continues the previous one in the
/// same direction (the two merge), a degenerate line before a curve, a curve that does not
/// move, and the last line before a close when it ends at the start or runs along the
/// closing segment. The written path data then has exactly the commands librsvg sees, so
/// `validate` (which reads geometry through librsvg) and the writer agree on every count.
enum PathNormalizer {
  /// Grid steps per unit: 1000 (three decimals).
  static let grid = 1000.0

  private struct P: Equatable {
    var x: Int64
    var y: Int64
  }

  private enum Op {
    case move(P)
    case line(P)
    case curve(P, P, P)
    case close
  }

  /// `path` on the grid, normalized as above.
  static func normalize(_ path: VectorPath) -> VectorPath {
    var ops: [Op] = []
    var current = P(x: 0, y: 0)
    var start = P(x: 0, y: 0)
    func q(_ p: PathPoint) -> P {
      P(x: Int64((p.x * grid).rounded()), y: Int64((p.y * grid).rounded()))
    }
    func lastIsMove() -> Bool {
      if case .move? = ops.last { return true }
      return false
    }
    /// The start of the last op when it is a line.
    func lastLineStart() -> P? {
      guard case .line? = ops.last, ops.count >= 2 else { return nil }
      switch ops[ops.count - 2] {
      case .move(let p), .line(let p): return p
      case .curve(_, _, let p): return p
      case .close: return start
      }
    }
    func lineTo(_ p: P) {
      if !lastIsMove() && p == current { return }
      if let previous = lastLineStart() {
        if previous == current {
          ops.removeLast()
        } else {
          let a = (dx: current.x - previous.x, dy: current.y - previous.y)
          let b = (dx: p.x - current.x, dy: p.y - current.y)
          let equal = a.dy * b.dx == b.dy * a.dx
          let backwards = ((a.dx ^ b.dx) | (a.dy ^ b.dy)) < 0
          if equal && !backwards { ops.removeLast() }
        }
      }
      ops.append(.line(p))
      current = p
    }
    for element in path.elements {
      switch element {
      case .move(let p):
        if lastIsMove() { ops.removeLast() }
        ops.append(.move(q(p)))
        current = q(p)
        start = current
      case .line(let p):
        lineTo(q(p))
      case .curve(let a, let b, let c):
        let (qa, qb, qc) = (q(a), q(b), q(c))
        if current == qc && qa == qc && qb == qc {
          lineTo(qc)
          continue
        }
        if let previous = lastLineStart(), previous == current { ops.removeLast() }
        ops.append(.curve(qa, qb, qc))
        current = qc
      case .close:
        lineTo(start)
        if case .line? = ops.last { ops.removeLast() }
        ops.append(.close)
        current = start
      }
    }
    func back(_ p: P) -> PathPoint { PathPoint(x: Double(p.x) / grid, y: Double(p.y) / grid) }
    return VectorPath(
      ops.map { op in
        switch op {
        case .move(let p): return .move(back(p))
        case .line(let p): return .line(back(p))
        case .curve(let a, let b, let c): return .curve(back(a), back(b), back(c))
        case .close: return .close
        }
      })
  }
}
