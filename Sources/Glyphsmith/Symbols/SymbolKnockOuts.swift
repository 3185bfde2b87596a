import GlyphsmithRender

/// Tells the knock-out marks of a filled template path from its counters (issue 39).
///
/// A hole in filled ink is one of two things. A **counter** is broad space inside a thin
/// band of ink (a ring's inside, a radio button's, a frame's window): as the ink gets bolder
/// the counter shrinks, as in Apple's `circle` and `record.circle`. A **knock-out** is a
/// thin, stroke-like mark cut out of broad ink (the check of `checkmark.circle.fill`, the
/// digit of `0.circle.fill`, the letters of a badge): the mark is the glyph, and it gets
/// bolder with the weight, as Apple's knocked-out glyphs do; its hole grows at Black and the
/// islands inside it (a digit's counter) shrink.
///
/// The rule: a hole (a contour bounding space, inside a contour bounding ink) is a knock-out
/// when its region (the hole minus the islands in it) is at its widest less than
/// `widthShare` (1/2) as wide as the ink region around it (the enclosing part minus all its
/// holes) at its widest. Widths are twice the largest distance from a point of the region to
/// its edges (the maximum of the distance transform), sampled on a `grid` x `grid` lattice
/// over the region's bounds. A ring's counter is wider than its band of ink; a check mark is
/// a fraction of the disc around it.
struct SymbolKnockOuts: Equatable {
  /// How wide a hole's region may be at most, as a share of the widest ink around it, to be
  /// a knock-out: 1/2. Our choice: Heroicons' `check-circle` (0.27), `x-circle`,
  /// `information-circle`, `exclamation-circle` and Bootstrap's `0-circle-fill` (0.28) and
  /// `badge-ar-fill` are well under it; rings, radio buttons and frames (a counter at least
  /// as wide as its band of ink: 1 or more) are well over it.
  static let widthShare = 0.5
  /// Lattice points per side for the widths.
  static let grid = 48

  /// Per contour of the path: 1 when its ink grows at Black (a part's outline, a counter's
  /// edge), -1 when it shrinks (a knock-out's edge and the islands inside a knock-out).
  var signs: [Double]
  /// The contours that bound knock-outs (their holes grow at Black).
  var holes: Set<Int>
  /// The mean thickness (2 x area / perimeter) of the thinnest knock-out region, in the
  /// path's units; `nil` when there is none.
  var thickness: Double?

  /// No knock-outs among `count` contours.
  static func none(_ count: Int) -> SymbolKnockOuts {
    SymbolKnockOuts(signs: Array(repeating: 1, count: count), holes: [], thickness: nil)
  }

  /// The knock-outs of `paths`, one answer per path: the filled paths of one icon, drawn
  /// together (a badge's letters may be holes of one path and their counters parts of
  /// another), each with its contours turned by `PathOrientation.byInk` (parts clockwise,
  /// holes counter-clockwise in y-down space).
  static func find(in paths: [VectorPath]) -> [SymbolKnockOuts] {
    let subpaths = paths.map(\.subpaths)
    var result = subpaths.map { none($0.count) }
    // Every contour of every path, with where it came from.
    var owners: [(path: Int, contour: Int)] = []
    var polygons: [[PathPoint]] = []
    for (k, contours) in subpaths.enumerated() {
      for (i, contour) in contours.enumerated() {
        owners.append((k, i))
        polygons.append(SymbolInk.polygon(contour, steps: 8))
      }
    }
    let areas = polygons.map(PathOrientation.area)
    guard polygons.count > 1 else { return result }
    // Each contour's parent: the smallest larger contour holding its points.
    let parents: [Int?] = polygons.indices.map { i in
      guard polygons[i].count > 2 else { return nil }
      let probes = [0, polygons[i].count / 3, 2 * polygons[i].count / 3].map { polygons[i][$0] }
      return polygons.indices.filter { j in
        j != i && polygons[j].count > 2 && abs(areas[j]) > abs(areas[i])
          && probes.filter { PathOrientation.contains(polygons[j], $0) }.count >= 2
      }.min { abs(areas[$0]) < abs(areas[$1]) }
    }
    var children: [[Int]] = Array(repeating: [], count: polygons.count)
    for (i, parent) in parents.enumerated() {
      if let parent { children[parent].append(i) }
    }
    var inkWidths: [Int: Double] = [:]
    for h in polygons.indices {
      // A hole inside a part, holding only parts.
      guard areas[h] < 0, let p = parents[h], areas[p] > 0,
        children[h].allSatisfy({ areas[$0] > 0 })
      else { continue }
      let holeWidth = width(outer: polygons[h], inner: children[h].map { polygons[$0] })
      let inkWidth =
        inkWidths[p]
        ?? width(outer: polygons[p], inner: children[p].map { polygons[$0] })
      inkWidths[p] = inkWidth
      guard holeWidth < widthShare * inkWidth else { continue }
      let (k, i) = owners[h]
      result[k].holes.insert(i)
      for c in [h] + children[h] {
        result[owners[c].path].signs[owners[c].contour] = -1
      }
      let area = abs(areas[h]) - children[h].reduce(0) { $0 + abs(areas[$1]) }
      let perimeter = ([h] + children[h]).reduce(0) {
        $0 + SymbolInk.perimeter(subpaths[owners[$1].path][owners[$1].contour])
      }
      if perimeter > 0 {
        let t = 2 * area / perimeter
        for c in [h] + children[h] {
          let owner = owners[c].path
          result[owner].thickness = min(result[owner].thickness ?? t, t)
        }
      }
    }
    return result
  }

  /// Twice the largest distance from a point inside `outer` and outside every `inner`
  /// polygon to the nearest of their edges, sampled on the `grid` lattice; 0 when no
  /// lattice point lies in the region.
  static func width(outer: [PathPoint], inner: [[PathPoint]]) -> Double {
    guard outer.count > 2 else { return 0 }
    var (minX, maxX, minY, maxY) = (outer[0].x, outer[0].x, outer[0].y, outer[0].y)
    for p in outer {
      minX = min(minX, p.x)
      maxX = max(maxX, p.x)
      minY = min(minY, p.y)
      maxY = max(maxY, p.y)
    }
    let edges = ([outer] + inner).filter { $0.count > 1 }
    var best = 0.0
    for row in 0..<grid {
      for column in 0..<grid {
        let p = PathPoint(
          x: minX + (Double(column) + 0.5) / Double(grid) * (maxX - minX),
          y: minY + (Double(row) + 0.5) / Double(grid) * (maxY - minY))
        guard PathOrientation.contains(outer, p),
          !inner.contains(where: { PathOrientation.contains($0, p) })
        else { continue }
        var nearest = Double.infinity
        for polygon in edges {
          for k in polygon.indices {
            nearest = min(
              nearest, SymbolInk.distance(p, polygon[k], polygon[(k + 1) % polygon.count]))
            if nearest <= best { break }
          }
          if nearest <= best { break }
        }
        best = max(best, nearest)
      }
    }
    return 2 * best
  }
}
