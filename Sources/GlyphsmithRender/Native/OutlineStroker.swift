import CFreeType
import FoundationEssentials
import Glibc
import GlyphsmithCore

/// Turns strokes into filled outlines with FreeType's stroker (`FT_Stroker`, C API). (Filled
/// outlines are grown and shrunk by `OutlineOffset`, not `FT_Outline_EmboldenXY`, whose
/// sharp corners spike: issue 39.)
///
/// FreeType works in integer coordinates; paths are scaled by `unitsPerPathUnit` (1024) on
/// the way in and back on the way out, so results keep 1/1024 of a path unit. FreeType's
/// y axis points up: paths are mirrored on the way in and out, so contour orientation in the
/// result is the one FreeType's nonzero fill expects, seen in y-down space. Round joins and
/// caps come out as cubic arcs (at most 90 degrees each, FreeType's `FT_ARC_CUBIC_ANGLE`),
/// straight input segments as lines, cubic input as cubics. Not thread-safe: one per task.
package final class OutlineStroker {
  /// Integer FreeType units per path unit.
  package static let unitsPerPathUnit = 1024.0

  private var library: FT_Library?
  private var stroker: FT_Stroker?

  /// A FreeType library instance and stroker.
  /// - Throws: `RenderError.text` when FreeType cannot start.
  package init() throws {
    var library: FT_Library?
    guard FT_Init_FreeType(&library) == 0, let library else {
      throw RenderError.text(message: "freetype: cannot initialise the library")
    }
    var stroker: FT_Stroker?
    guard FT_Stroker_New(library, &stroker) == 0, stroker != nil else {
      FT_Done_FreeType(library)
      throw RenderError.text(message: "freetype: cannot create a stroker")
    }
    self.library = library
    self.stroker = stroker
  }

  deinit {
    FT_Stroker_Done(stroker)
    FT_Done_FreeType(library)
  }

  /// FreeType's version as linked, e.g. "2.12.1".
  package static var freetypeVersion: String {
    "\(glyphsmith_ft_major).\(glyphsmith_ft_minor).\(glyphsmith_ft_patch)"
  }

  /// The filled outline of `path` stroked with `style`: closed contours (nonzero fill) in the
  /// path's units. Each subpath is stroked as FreeType's `FT_Stroker_BeginSubPath` ...
  /// `EndSubPath` (open unless it ends with `close`). A subpath with no length draws a dot as
  /// SVG does: a circle for round caps, a square for square caps, nothing for butt caps.
  /// - Throws: `RenderError.text` with FreeType's error code.
  package func stroke(_ path: VectorPath, style: StrokeStyle) throws -> VectorPath {
    var result: [PathElement] = []
    for subpath in path.subpaths {
      result += try strokeSubpath(subpath, style: style).elements
    }
    return VectorPath(result)
  }

  /// `stroke` applied to each segment of `path` on its own, as an open subpath with `style`'s
  /// caps: for round caps and joins the union is the same shape as the joined stroke, and the
  /// command sequence depends only on the segments, never on the width.
  /// - Throws: as `stroke`.
  package func strokeSegments(_ path: VectorPath, style: StrokeStyle) throws -> VectorPath {
    var result: [PathElement] = []
    for subpath in path.subpaths {
      var start = PathPoint(x: 0, y: 0)
      var current = start
      for element in subpath.elements {
        switch element {
        case .move(let p):
          start = p
          current = p
        case .line(let p):
          result += try strokeSubpath(VectorPath([.move(current), .line(p)]), style: style)
            .elements
          current = p
        case .curve(let a, let b, let c):
          result += try strokeSubpath(VectorPath([.move(current), .curve(a, b, c)]), style: style)
            .elements
          current = c
        case .close:
          if current != start {
            result += try strokeSubpath(VectorPath([.move(current), .line(start)]), style: style)
              .elements
          }
          current = start
        }
      }
    }
    return VectorPath(result)
  }

  // MARK: - Stroking one subpath

  private func strokeSubpath(_ subpath: VectorPath, style: StrokeStyle) throws -> VectorPath {
    guard case .move(let start)? = subpath.elements.first else { return VectorPath() }
    let closed = subpath.elements.last == .close
    let hasLength = subpath.elements.dropFirst().contains { element in
      element.points.contains { $0 != start }
    }
    if !hasLength { return dot(at: start, style: style) }

    let cap: FT_Stroker_LineCap
    switch style.cap {
    case .butt: cap = FT_STROKER_LINECAP_BUTT
    case .round: cap = FT_STROKER_LINECAP_ROUND
    case .square: cap = FT_STROKER_LINECAP_SQUARE
    }
    let join: FT_Stroker_LineJoin
    switch style.join {
    case .miter: join = FT_STROKER_LINEJOIN_MITER_FIXED  // bevelled past the limit, as SVG
    case .round: join = FT_STROKER_LINEJOIN_ROUND
    case .bevel: join = FT_STROKER_LINEJOIN_BEVEL
    }
    let radius = FT_Fixed((style.width / 2 * Self.unitsPerPathUnit).rounded())
    FT_Stroker_Rewind(stroker)
    FT_Stroker_Set(stroker, radius, cap, join, FT_Fixed(style.miterLimit * 65536))

    var first = vector(start)
    try check(FT_Stroker_BeginSubPath(stroker, &first, closed ? 0 : 1), "BeginSubPath")
    var current = first
    for element in subpath.elements.dropFirst() {
      switch element {
      case .move, .close: break
      case .line(let p):
        var to = vector(p)
        if to.x == current.x && to.y == current.y { continue }
        try check(FT_Stroker_LineTo(stroker, &to), "LineTo")
        current = to
      case .curve(let a, let b, let c):
        var c1 = vector(a)
        var c2 = vector(b)
        var to = vector(c)
        if to.x == current.x && to.y == current.y && c1.x == to.x && c1.y == to.y
          && c2.x == to.x && c2.y == to.y
        {
          continue
        }
        try check(FT_Stroker_CubicTo(stroker, &c1, &c2, &to), "CubicTo")
        current = to
      }
    }
    try check(FT_Stroker_EndSubPath(stroker), "EndSubPath")

    var points: FT_UInt = 0
    var contours: FT_UInt = 0
    try check(FT_Stroker_GetCounts(stroker, &points, &contours), "GetCounts")
    var outline = FT_Outline()
    try check(
      FT_Outline_New(library, points, FT_Int(contours), &outline), "FT_Outline_New")
    defer { FT_Outline_Done(library, &outline) }
    outline.n_points = 0
    outline.n_contours = 0
    FT_Stroker_Export(stroker, &outline)
    return read(outline)
  }

  /// The dot SVG draws for a zero-length subpath: four quarter-circle cubics (round caps) or
  /// a square (square caps), clockwise in y-down space like FreeType's stroke contours.
  private func dot(at c: PathPoint, style: StrokeStyle) -> VectorPath {
    let r = style.width / 2
    switch style.cap {
    case .butt: return VectorPath()
    case .square:
      return VectorPath([
        .move(PathPoint(x: c.x - r, y: c.y - r)), .line(PathPoint(x: c.x + r, y: c.y - r)),
        .line(PathPoint(x: c.x + r, y: c.y + r)), .line(PathPoint(x: c.x - r, y: c.y + r)),
        .close,
      ])
    case .round:
      // 0.5523 is the cubic approximation of a quarter circle (4/3 * (sqrt(2) - 1)).
      let k = r * 0.552_284_749_8
      func p(_ x: Double, _ y: Double) -> PathPoint { PathPoint(x: c.x + x, y: c.y + y) }
      return VectorPath([
        .move(p(0, -r)),
        .curve(p(k, -r), p(r, -k), p(r, 0)),
        .curve(p(r, k), p(k, r), p(0, r)),
        .curve(p(-k, r), p(-r, k), p(-r, 0)),
        .curve(p(-r, -k), p(-k, -r), p(0, -r)),
        .close,
      ])
    }
  }

  // MARK: - Outlines

  private func vector(_ p: PathPoint) -> FT_Vector {
    FT_Vector(
      x: FT_Pos((p.x * Self.unitsPerPathUnit).rounded()),
      y: FT_Pos((-p.y * Self.unitsPerPathUnit).rounded()))
  }

  private func point(_ v: FT_Vector) -> PathPoint {
    PathPoint(
      x: Double(v.x) / Self.unitsPerPathUnit, y: -Double(v.y) / Self.unitsPerPathUnit + 0)
  }

  /// The contours of `outline` as M, L, C, Z (conic arcs become exact cubics).
  private func read(_ outline: FT_Outline) -> VectorPath {
    var elements: [PathElement] = []
    var first = 0
    for c in 0..<Int(outline.n_contours) {
      let last = Int(outline.contours[c])
      defer { first = last + 1 }
      guard last >= first else { continue }
      let count = last - first + 1
      func at(_ i: Int) -> (PathPoint, UInt8) {
        let index = first + (i % count)
        return (point(outline.points[index]), UInt8(outline.tags[index]) & 3)
      }
      // Start at the first on-curve point.
      guard let startOffset = (0..<count).first(where: { at($0).1 == glyphsmith_ft_tag_on })
      else { continue }
      let start = at(startOffset).0
      elements.append(.move(start))
      var i = 1
      var current = start
      while i <= count {
        let (p, tag) = at(startOffset + i)
        if tag == glyphsmith_ft_tag_on {
          if i < count { elements.append(.line(p)) }
          current = p
          i += 1
        } else if tag == glyphsmith_ft_tag_cubic {
          let (p2, _) = at(startOffset + i + 1)
          let (p3, _) = at(startOffset + i + 2)
          elements.append(.curve(p, p2, p3))
          current = p3
          i += 3
        } else {
          // Conic: the end is the next on point or the midpoint to the next conic.
          let (next, nextTag) = at(startOffset + i + 1)
          let end =
            nextTag == glyphsmith_ft_tag_on
            ? next : PathPoint(x: (p.x + next.x) / 2, y: (p.y + next.y) / 2)
          let c1 = PathPoint(
            x: current.x + 2 / 3 * (p.x - current.x), y: current.y + 2 / 3 * (p.y - current.y))
          let c2 = PathPoint(x: end.x + 2 / 3 * (p.x - end.x), y: end.y + 2 / 3 * (p.y - end.y))
          elements.append(.curve(c1, c2, end))
          current = end
          i += nextTag == glyphsmith_ft_tag_on ? 2 : 1
        }
      }
      elements.append(.close)
    }
    return VectorPath(elements)
  }

  private func check(_ error: FT_Error, _ call: String) throws {
    guard error == 0 else {
      throw RenderError.text(message: "freetype: \(call) failed with error \(error)")
    }
  }
}
