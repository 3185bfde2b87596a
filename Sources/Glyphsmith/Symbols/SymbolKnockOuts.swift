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
/// when its region (the hole minus the islands in it) is less than `widthShare` (1/2) as thick
/// as the ink just outside it. Thicknesses are medians over `samples` points spaced evenly
/// along the contours: from each point, straight across the region (along the normal) to the
/// nearest edge of any contour. The hole's is measured from its own contour inwards and from
/// its islands outwards; the ink's from the hole's contour outwards. A ring's counter is
/// thicker than the band of ink around it; a check mark is a fraction of the disc around it;
/// the slots of a table are thicker than the lines between them (counters), and the gap
/// around a TV's screen is as thick as its bezel (a counter), although the widest ink of
/// either (the table's margin, the TV's stand) is broad.
struct SymbolKnockOuts: Equatable {
  /// How thick a hole's region may be at most, as a share of the ink just outside it, to be
  /// a knock-out: 1/2. Our choice: Heroicons' `check-circle`, `x-circle`,
  /// `information-circle`, `exclamation-circle` and Bootstrap's `0-circle-fill` and
  /// `badge-ar-fill` are well under it; rings, radio buttons, frames and table cells (a
  /// counter at least as thick as its band of ink: 1 or more) are well over it.
  static let widthShare = 0.5
  /// Points per contour the thicknesses are measured at.
  static let samples = 64

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
    let edges = polygons.filter { $0.count > 2 }
    for h in polygons.indices {
      // A hole inside a part, holding only parts.
      guard areas[h] < 0, let p = parents[h], areas[p] > 0,
        children[h].allSatisfy({ areas[$0] > 0 })
      else { continue }
      let across =
        thicknesses(polygons[h], inside: true, edges: edges)
        + children[h].flatMap { thicknesses(polygons[$0], inside: false, edges: edges) }
      let ink = thicknesses(polygons[h], inside: false, edges: edges)
      guard let hole = median(across), let around = median(ink),
        hole < widthShare * around
      else { continue }
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

  /// The median of `values`; `nil` when empty.
  static func median(_ values: [Double]) -> Double? {
    guard !values.isEmpty else { return nil }
    let sorted = values.sorted()
    let mid = sorted.count / 2
    return sorted.count % 2 == 1 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2
  }

  /// The thickness of the region on one side of `polygon` (closed), at `samples` points
  /// spaced evenly along it: from each, along the normal into its inside (`inside`) or
  /// outside, the distance to the nearest crossing of an edge of `edges` (closed polygons);
  /// rays that leave without crossing one are left out.
  static func thicknesses(_ polygon: [PathPoint], inside: Bool, edges: [[PathPoint]])
    -> [Double]
  {
    let n = polygon.count
    guard n > 2 else { return [] }
    var lengths: [Double] = []
    for k in 0..<n {
      let (a, b) = (polygon[k], polygon[(k + 1) % n])
      lengths.append(((b.x - a.x) * (b.x - a.x) + (b.y - a.y) * (b.y - a.y)).squareRoot())
    }
    let perimeter = lengths.reduce(0, +)
    guard perimeter > 0 else { return [] }
    let orientation: Double = PathOrientation.area(polygon) > 0 ? 1 : -1
    var result: [Double] = []
    var k = 0
    var walked = 0.0
    for i in 0..<samples {
      let target = (Double(i) + 0.5) / Double(samples) * perimeter
      while k < n - 1 && walked + lengths[k] < target {
        walked += lengths[k]
        k += 1
      }
      guard lengths[k] > 0 else { continue }
      let (a, b) = (polygon[k], polygon[(k + 1) % n])
      let t = (target - walked) / lengths[k]
      let p = PathPoint(x: a.x + t * (b.x - a.x), y: a.y + t * (b.y - a.y))
      // Clockwise in y-down space: the inside is to the right of the direction of travel.
      let sign = (inside ? 1 : -1) * orientation
      let d = PathPoint(
        x: -sign * (b.y - a.y) / lengths[k], y: sign * (b.x - a.x) / lengths[k])
      if let distance = crossing(from: p, along: d, edges: edges, skip: perimeter * 1e-7) {
        result.append(distance)
      }
    }
    return result
  }

  /// The distance from `p` along the unit direction `d` to the nearest edge of `edges` more
  /// than `skip` away; `nil` when the ray crosses none.
  static func crossing(from p: PathPoint, along d: PathPoint, edges: [[PathPoint]], skip: Double)
    -> Double?
  {
    var best: Double? = nil
    for polygon in edges {
      for k in polygon.indices {
        let a = polygon[k]
        let b = polygon[(k + 1) % polygon.count]
        let e = PathPoint(x: b.x - a.x, y: b.y - a.y)
        let denominator = d.x * e.y - d.y * e.x
        guard abs(denominator) > 1e-12 else { continue }
        let w = PathPoint(x: a.x - p.x, y: a.y - p.y)
        let t = (w.x * e.y - w.y * e.x) / denominator
        let u = (w.x * d.y - w.y * d.x) / denominator
        guard t > skip, u >= 0, u <= 1 else { continue }
        best = min(best ?? t, t)
      }
    }
    return best
  }
}
