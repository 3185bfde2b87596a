import GlyphsmithRender

/// Grows or shrinks the closed contours of a filled outline by a distance per contour,
/// keeping every command (the same number of points, lines as lines, curves as curves), so
/// that the three weights of a symbol interpolate (issue 39).
///
/// Each on-curve point moves along the bisector of its two edges' outward normals by the
/// miter distance `amount / cos(turn / 2)`, at most `miterLimit` x `amount`, and never so far
/// along its edges that it passes the shorter of them (a corner moving into itself,
/// FreeType's `FT_Outline_EmboldenXY` rule). A corner sharper than a right angle is bevelled
/// as a stroke's join is past its miter limit: `bevelled(_:)` cuts it in every weight by a
/// line a few hundredths of a unit long, and where the corner grows, each end of that line
/// moves with its own edge, so both edges are offset by the whole amount and the corner
/// reaches no farther than the amount. Each curve handle keeps its direction and is scaled
/// with its curve's chord (exact for circular arcs, whose ends move radially), by at most
/// `handleGrowth` x `amount`.
///
/// FreeType's `FT_Outline_EmboldenXY`, used before, moves the control polygon instead: at a
/// sharp corner its points shoot out by `amount / sin(angle / 2)` (Bootstrap's `bell-fill`
/// lip: 3.4 x the amount), and a circle's handles move out by more than its on-curve points,
/// so circles grow square (`image-alt`'s sun).
///
/// Outward is away from the ink for contours that turn as the outline does as a whole (the
/// sign of its total area; `PathOrientation.byInk` turns parts clockwise and holes the other
/// way), so a positive amount grows parts and shrinks holes.
enum OutlineOffset {
  /// How far a corner point moves at most, as a multiple of the amount: sqrt 2, the miter
  /// of a right angle, so rectangles keep their corners; sharper corners are bevelled.
  static let miterLimit = 2.0.squareRoot()
  /// How much longer a curve handle gets at most, as a multiple of the amount: 4/3, the
  /// handle growth of a half circle drawn as one cubic (a quarter circle's is 0.552).
  static let handleGrowth = 4.0 / 3.0
  /// Segments whose points all lie within this distance of their start (in the path's
  /// units; template units, 1/2000 of a glyph) belong to their vertex, not edges of their
  /// own: they take no part in the directions at a corner. At a smooth point they move
  /// with it (the 1/1000 grid leaves such slivers where a contour closes a few steps from
  /// its start: Bootstrap's `image-alt` peak, where a 0.005-unit closing line turned the
  /// smooth peak into two corners and drew a hook at Black); at a sharp corner they are
  /// its bevel (`bevelled(_:)`).
  static let sliver = 0.05
  /// How far `bevelled(_:)` cuts back each edge of a sharp corner: 0.02 units (20 steps of
  /// the 1/1000 grid; 1/4000 of a glyph, invisible), more for the sharpest corners so that
  /// the bevel line is at least `bevelLength` long.
  static let bevelCut = 0.02
  /// The shortest bevel line `bevelled(_:)` draws: 8 steps of the 1/1000 grid, so that the
  /// grid keeps it in every weight.
  static let bevelLength = 0.008

  /// `path` with contour `i` moved outwards by `amounts[i]` (negative: inwards; a missing
  /// amount is 0), in the path's units.
  static func offset(_ path: VectorPath, by amounts: [Double]) -> VectorPath {
    let subpaths = path.subpaths
    let total = SymbolInk.areas(path).reduce(0, +)
    guard total != 0 else { return path }
    let orientation: Double = total > 0 ? 1 : -1
    var elements: [PathElement] = []
    for (i, subpath) in subpaths.enumerated() {
      let amount = i < amounts.count ? amounts[i] : 0
      guard amount != 0, let contour = Contour(subpath) else {
        elements += subpath.elements
        continue
      }
      elements += contour.offset(by: amount, orientation: orientation).elements
    }
    return VectorPath(elements)
  }

  /// `path` with every contour moved by `amount`.
  static func offset(_ path: VectorPath, by amount: Double) -> VectorPath {
    offset(path, by: Array(repeating: amount, count: path.subpaths.count))
  }

  /// `path` with every corner that turns by more than a right angle (whose miter would pass
  /// `miterLimit`) and less than 170 degrees cut by a short line: each edge is cut back by
  /// `bevelCut` (or more, so that the line is `bevelLength` long; never more than a fifth of
  /// the edge). The weights offset from the result keep the bevel (see the type).
  static func bevelled(_ path: VectorPath) -> VectorPath {
    VectorPath(path.subpaths.flatMap { Contour($0)?.bevelled().elements ?? $0.elements })
  }

  // MARK: - One contour

  /// One closed contour: its vertices and the segments that leave them (the last returns
  /// to the first; `implicitClose` when that one is the line `Z` draws).
  private struct Contour {
    /// One segment: to its end, straight or with handles.
    struct Segment {
      var handles: (PathPoint, PathPoint)?
      var end: PathPoint
    }

    var vertices: [PathPoint]
    var segments: [Segment]
    var implicitClose: Bool
    var closed: Bool

    init?(_ subpath: VectorPath) {
      guard case .move(let start)? = subpath.elements.first else { return nil }
      var segments: [Segment] = []
      for element in subpath.elements.dropFirst() {
        switch element {
        case .line(let p): segments.append(Segment(handles: nil, end: p))
        case .curve(let a, let b, let c): segments.append(Segment(handles: (a, b), end: c))
        case .move, .close: break
        }
      }
      implicitClose = segments.last.map { $0.end != start } ?? false
      if implicitClose { segments.append(Segment(handles: nil, end: start)) }
      guard segments.count >= 2 else { return nil }
      self.segments = segments
      vertices = [start] + segments.dropLast().map(\.end)
      closed = subpath.elements.last == .close
    }

    var count: Int { segments.count }
    func from(_ i: Int) -> PathPoint { vertices[i] }
    func to(_ i: Int) -> PathPoint { segments[i].end }
    func chord(_ i: Int) -> Double { distance(from(i), to(i)) }

    /// Whether segment `i` is a sliver (see `sliver`).
    func isSliver(_ i: Int) -> Bool {
      let a = from(i)
      let points = [to(i)] + (segments[i].handles.map { [$0.0, $0.1] } ?? [])
      return points.allSatisfy { distance(a, $0) < sliver }
    }

    /// The unit direction segment `i` leaves its start with and arrives at its end with (a
    /// handle shorter than `sliver` counts only when nothing else gives a direction).
    func directions(_ i: Int) -> (out: PathPoint?, in: PathPoint?) {
      let a = from(i)
      let b = to(i)
      guard let (h1, h2) = segments[i].handles else {
        let d = unit(b.x - a.x, b.y - a.y)
        return (d, d)
      }
      func direction(_ from: PathPoint, _ candidates: [PathPoint], sign: Double) -> PathPoint? {
        let far =
          candidates.first { distance(from, $0) >= sliver }
          ?? candidates.first { distance(from, $0) > 1e-12 }
        return far.flatMap { unit(sign * ($0.x - from.x), sign * ($0.y - from.y)) }
      }
      return (direction(a, [h1, h2, b], sign: 1), direction(b, [h2, h1, a], sign: -1))
    }

    /// The path of the vertices `points` (one per vertex) and `segments`' handles as given.
    func path(_ points: [PathPoint], handles: (Int) -> (PathPoint, PathPoint)?) -> VectorPath {
      var elements: [PathElement] = [.move(points[0])]
      for i in 0..<(implicitClose ? count - 1 : count) {
        let end = points[(i + 1) % count]
        if let (h1, h2) = handles(i) {
          elements.append(.curve(h1, h2, end))
        } else {
          elements.append(.line(end))
        }
      }
      if closed { elements.append(.close) }
      return VectorPath(elements)
    }

    // MARK: Bevels

    func bevelled() -> VectorPath {
      let n = count
      let tangents = (0..<n).map(directions)
      // Per vertex: how far to cut back its incoming and outgoing edge (nil: keep it).
      var cuts: [Double?] = Array(repeating: nil, count: n)
      for i in 0..<n {
        let before = (i - 1 + n) % n
        guard let tIn = tangents[before].in, let tOut = tangents[i].out else { continue }
        let cosine = tIn.x * tOut.x + tIn.y * tOut.y
        // Sharper than a right angle, not a hairpin (over 170 degrees: no useful bisector).
        guard cosine < 0, cosine > -0.984_807_753 else { continue }
        let halfCosine = ((1 + cosine) / 2).squareRoot()  // cos(turn / 2)
        let cut = max(bevelCut, bevelLength / (2 * halfCosine))
        guard cut <= 0.2 * min(chord(before), chord(i)) else { continue }
        cuts[i] = cut
      }
      guard cuts.contains(where: { $0 != nil }) else {
        return path(vertices) { segments[$0].handles }
      }
      // Each cut vertex becomes two: the end of its incoming edge, cut back along that
      // edge's direction, and the start of its outgoing edge, a bevel line between them.
      var points: [PathPoint] = []
      var built: [Segment] = []
      func after(_ i: Int) -> PathPoint {
        guard let cut = cuts[i], let t = tangents[i].out else { return vertices[i] }
        return PathPoint(x: vertices[i].x + cut * t.x, y: vertices[i].y + cut * t.y)
      }
      func before(_ i: Int) -> PathPoint {
        guard let cut = cuts[i], let t = tangents[(i - 1 + n) % n].in else { return vertices[i] }
        return PathPoint(x: vertices[i].x - cut * t.x, y: vertices[i].y - cut * t.y)
      }
      for i in 0..<n {
        points.append(after(i))
        let next = (i + 1) % n
        built.append(Segment(handles: segments[i].handles, end: before(next)))
        if cuts[next] != nil { built.append(Segment(handles: nil, end: after(next))) }
      }
      // The last segment now ends at the first point: the line `Z` draws when it is a line.
      var elements: [PathElement] = [.move(points[0])]
      for (k, segment) in built.enumerated() {
        if k == built.count - 1, segment.handles == nil { break }
        if let (h1, h2) = segment.handles {
          elements.append(.curve(h1, h2, segment.end))
        } else {
          elements.append(.line(segment.end))
        }
      }
      if closed { elements.append(.close) }
      return VectorPath(elements)
    }

    // MARK: Offset

    func offset(by amount: Double, orientation: Double) -> VectorPath {
      let n = count
      let slivers = (0..<n).map(isSliver)
      guard slivers.contains(false) else { return path(vertices) { segments[$0].handles } }
      let tangents = (0..<n).map(directions)
      func normal(_ t: PathPoint) -> PathPoint {
        PathPoint(x: orientation * t.y, y: -orientation * t.x)
      }

      var moved: [PathPoint] = []
      for i in 0..<n {
        // The edges at this vertex: the nearest segments before and after it that are no
        // slivers (the vertices a sliver joins share them).
        let before = (1...n).lazy.map { (i - $0 + n) % n }.first { !slivers[$0] } ?? i
        let after = (0..<n).lazy.map { (i + $0) % n }.first { !slivers[$0] } ?? i
        guard let tIn = tangents[before].in, let tOut = tangents[after].out else {
          moved.append(from(i))
          continue
        }
        let nIn = normal(tIn)
        let nOut = normal(tOut)
        let cosine = tIn.x * tOut.x + tIn.y * tOut.y
        let sine = tIn.x * tOut.y - tIn.y * tOut.x
        // A corner moving into the inside of its turn (a notch filling in, a tip eroding).
        let collapsing = amount * orientation * sine < 0
        // A bevel of a sharp corner that grows: each end moves with its own edge.
        let joinedBefore = slivers[(i - 1 + n) % n]
        let joinedAfter = slivers[i]
        if !collapsing, cosine < 0, joinedBefore != joinedAfter {
          let n = joinedAfter ? nIn : nOut
          moved.append(PathPoint(x: from(i).x + amount * n.x, y: from(i).y + amount * n.y))
          continue
        }
        let sum = PathPoint(x: nIn.x + nOut.x, y: nIn.y + nOut.y)
        let sumLength = (sum.x * sum.x + sum.y * sum.y).squareRoot()
        guard 1 + cosine > 1e-9, sumLength > 1e-9 else {
          moved.append(from(i))  // the contour turns straight back: no bisector
          continue
        }
        let halfCosine = sumLength / 2  // cos(turn / 2)
        var distanceAlong = amount  // how far the edges move
        // Sliding along its edges by amount x tan(turn / 2): not past the shorter one.
        if collapsing {
          let tangent = abs(sine) / (1 + cosine)
          let shorter = min(chord(before), chord(after))
          if abs(amount) * tangent > shorter {
            distanceAlong = (amount < 0 ? -1 : 1) * shorter / tangent
          }
        }
        let limit = miterLimit * abs(amount)
        let length = max(-limit, min(limit, distanceAlong / halfCosine))
        moved.append(
          PathPoint(
            x: from(i).x + sum.x / sumLength * length, y: from(i).y + sum.y / sumLength * length))
      }

      return path(moved) { i in
        guard let (h1, h2) = segments[i].handles else { return nil }
        let (a, b) = (from(i), to(i))
        let (newA, newB) = (moved[i], moved[(i + 1) % n])
        let shift = { (p: PathPoint, from: PathPoint, to: PathPoint) in
          PathPoint(x: p.x + to.x - from.x, y: p.y + to.y - from.y)
        }
        if slivers[i] { return (shift(h1, a, newA), shift(h2, b, newB)) }
        // Handles scale with the chord (a circular arc's ends move radially, so its chord
        // scales as its radius); a curve whose chord is short against its handles (a loop)
        // keeps its handles' lengths.
        let chordBefore = distance(a, b)
        let longest = max(distance(a, h1), distance(b, h2))
        let factor =
          chordBefore >= 0.5 * longest && chordBefore > sliver
          ? distance(newA, newB) / chordBefore : 1
        func scaled(_ anchor: PathPoint, _ handle: PathPoint, _ newAnchor: PathPoint) -> PathPoint {
          let h = PathPoint(x: handle.x - anchor.x, y: handle.y - anchor.y)
          let length = (h.x * h.x + h.y * h.y).squareRoot()
          guard length > 1e-12 else { return newAnchor }
          let growth = max(-length, min(handleGrowth * abs(amount), length * (factor - 1)))
          let f = 1 + growth / length
          return PathPoint(x: newAnchor.x + h.x * f, y: newAnchor.y + h.y * f)
        }
        return (scaled(a, h1, newA), scaled(b, h2, newB))
      }
    }
  }

  private static func unit(_ x: Double, _ y: Double) -> PathPoint? {
    let length = (x * x + y * y).squareRoot()
    guard length > 1e-12 else { return nil }
    return PathPoint(x: x / length, y: y / length)
  }

  private static func distance(_ a: PathPoint, _ b: PathPoint) -> Double {
    ((b.x - a.x) * (b.x - a.x) + (b.y - a.y) * (b.y - a.y)).squareRoot()
  }
}
