/// A point of a vector path, in the units of the path that holds it (canvas px, template
/// units: each holder says which). y grows downwards, as in SVG and Cairo.
package struct PathPoint: Sendable, Hashable {
  /// Horizontal position.
  package var x: Double
  /// Vertical position, growing downwards.
  package var y: Double

  /// A point at (`x`, `y`).
  package init(x: Double, y: Double) {
    self.x = x
    self.y = y
  }

  /// This point with `transform` (an affine `[a, b, c, d, e, f]` as SVG's `matrix()`) applied:
  /// (a·x + c·y + e, b·x + d·y + f).
  package func applying(_ m: [Double]) -> PathPoint {
    PathPoint(x: m[0] * x + m[2] * y + m[4], y: m[1] * x + m[3] * y + m[5])
  }
}
