import FoundationEssentials
import Glibc
import GlyphsmithCore
import GlyphsmithRender

/// Turns an even-odd fill into one the nonzero rule paints identically, for VectorDrawables
/// below API 24 (`android:fillType="evenOdd"` came in API 24, Android "VectorDrawable"
/// reference): `PathOrientation.nonzeroEquivalent` orients each contour by its nesting depth
/// (clockwise on screen at even depth, the other way at odd depth), so the winding number is
/// 0 or +-1 exactly where the even-odd count is even or odd; this type checks the result.
///
/// This holds for contours that neither cross themselves nor each other (nested or apart, as
/// icon outlines with holes are). The result is checked: on a 101 x 101 grid over the path's
/// bounds (curves sampled at quarters, as `PathOrientation.polygon` does) the nonzero rule of the result must agree with the
/// even-odd rule of the input at every point, else `VectorDrawableError` says the contours
/// cross and API 24 is needed.
package enum EvenOddContours {
  /// Sample points per side of the check grid.
  static let gridSide = 101

  /// `path` with contours reoriented so that nonzero paints what even-odd painted (the
  /// orientation by nesting depth that custom symbols use, `PathOrientation`), checked.
  /// - Throws: `VectorDrawableError` when no reorientation does (crossing contours).
  package static func nonzero(_ path: VectorPath) throws -> VectorPath {
    let result = PathOrientation.nonzeroEquivalent(ofEvenOdd: path)
    try verify(
      evenOdd: path.subpaths.map(PathOrientation.polygon),
      nonzero: result.subpaths.map(PathOrientation.polygon))
    return result
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
        let parity = evenOdd.reduce(false) { $0 != PathOrientation.contains($1, p) }
        let winding = nonzero.reduce(0) { $0 + self.winding($1, p) } != 0
        if parity != winding {
          throw VectorDrawableError(problems: [
            "an even-odd fill whose contours cross (nonzero cannot paint it below API 24; give --min-sdk 24, or \"minSdk\": 24 in glyphsmith.json's \"android\" block)"
          ])
        }
      }
    }
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
}
