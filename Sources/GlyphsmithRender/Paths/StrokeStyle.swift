/// How a path is stroked, as SVG and Cairo describe it; lengths in the units of the path it
/// goes with.
package struct StrokeStyle: Sendable, Hashable {
  /// How open ends are drawn (SVG `stroke-linecap`).
  package enum Cap: String, Sendable, Hashable {
    /// Flat at the end point.
    case butt
    /// A half disc of the line width.
    case round
    /// A half square of the line width.
    case square
  }
  /// How segments meet (SVG `stroke-linejoin`).
  package enum Join: String, Sendable, Hashable {
    /// Sharp corner, bevelled when longer than `miterLimit` x the width.
    case miter
    /// A disc of the line width at the corner.
    case round
    /// A straight cut across the corner.
    case bevel
  }

  /// The full line width (not the half width FreeType calls the radius).
  package var width: Double
  /// The end caps.
  package var cap: Cap
  /// The joins.
  package var join: Join
  /// SVG's miter limit: the ratio of miter length to width above which a miter is bevelled
  /// (default 4, SVG 1.1 "stroke-miterlimit").
  package var miterLimit: Double
  /// The dash pattern (SVG `stroke-dasharray`): alternating dash and gap lengths; empty for
  /// a solid line.
  package var dashes: [Double]
  /// Where the dash pattern starts along the path (SVG `stroke-dashoffset`).
  package var dashOffset: Double

  /// A stroke style; see the properties.
  package init(
    width: Double, cap: Cap = .butt, join: Join = .miter, miterLimit: Double = 4,
    dashes: [Double] = [], dashOffset: Double = 0
  ) {
    self.width = width
    self.cap = cap
    self.join = join
    self.miterLimit = miterLimit
    self.dashes = dashes
    self.dashOffset = dashOffset
  }
}
