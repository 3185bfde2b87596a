/// A linear or radial gradient that paints a `PaintedPath` (its `color` is then `nil`), as
/// Cairo's SVG surface writes it (`<linearGradient>` / `<radialGradient>`, user-space
/// coordinates with `gradientTransform`), resolved into the path's coordinates: canvas px in a
/// `VectorModel`, y down. librsvg has turned `objectBoundingBox` units, `href` chains and
/// stop inheritance into that form, so nothing of SVG's gradient rules is interpreted here.
///
/// Only what a VectorDrawable's `<gradient>` can hold is recorded (`SVGPathRecorder`): a linear
/// gradient under any affine transform (its isolines stay parallel lines), a radial one whose
/// focus is its centre under a transform that keeps circles circles (rotation, uniform scale,
/// translation). Anything else leaves the feature unrecorded (`VectorModel.Unexpressed`).
package struct PaintGradient: Sendable, Hashable {
  /// The gradient's geometry.
  package enum Kind: Sendable, Hashable {
    /// Colour changes along `start` to `end` (offset 0 at `start`, 1 at `end`), constant on
    /// each line perpendicular to it.
    case linear(start: PathPoint, end: PathPoint)
    /// Colour changes with the distance from `center`: offset 0 there, 1 at `radius`.
    case radial(center: PathPoint, radius: Double)
  }

  /// What lies beyond offsets 0 and 1 (SVG's `spreadMethod`, Android's `tileMode`).
  package enum Spread: String, Sendable, Hashable {
    /// The end colours continue (`pad`; Android `clamp`).
    case pad
    /// The gradient repeats (`repeat`; Android `repeat`).
    case `repeat`
    /// The gradient repeats mirrored (`reflect`; Android `mirror`).
    case reflect
  }

  /// One colour stop: its offset from 0 to 1 and its colour (straight sRGB, the stop's
  /// opacity in `alpha`).
  package struct Stop: Sendable, Hashable {
    /// Offset, 0...1, non-decreasing along `stops`.
    package var offset: Double
    /// The colour at `offset`.
    package var color: PaintColor

    /// A stop; see the properties.
    package init(offset: Double, color: PaintColor) {
      self.offset = offset
      self.color = color
    }
  }

  /// The geometry.
  package var kind: Kind
  /// The stops in order.
  package var stops: [Stop]
  /// Beyond the ends.
  package var spread: Spread
  /// The source element painted with it, when `LoadedSVG` can name it.
  package var element: VectorModel.ElementReference? = nil

  /// A gradient; see the properties.
  package init(kind: Kind, stops: [Stop], spread: Spread = .pad) {
    self.kind = kind
    self.stops = stops
    self.spread = spread
  }

  /// `kind: "linear"` or `"radial"`, for messages.
  package var kindName: String {
    if case .linear = kind { return "linear" }
    return "radial"
  }

  /// This gradient with its geometry moved by `place`, a map that scales uniformly by
  /// `scale` (rotation and translation allowed), e.g. `VectorTarget.place`.
  package func placed(_ place: (PathPoint) -> PathPoint, scale: Double) -> PaintGradient {
    var result = self
    switch kind {
    case .linear(let start, let end): result.kind = .linear(start: place(start), end: place(end))
    case .radial(let center, let radius):
      result.kind = .radial(center: place(center), radius: radius * abs(scale))
    }
    return result
  }

  /// The linear gradient from `start` to `end` seen through the affine `m` (`[a, b, c, d, e,
  /// f]`, SVG's `matrix()`): the isolines (perpendicular to the axis before `m`) are mapped
  /// lines, which need not be perpendicular to the mapped axis after a skew or a non-uniform
  /// scale, so the new end is the mapped start plus the part of the mapped axis that is
  /// perpendicular to the mapped isolines. Returns `nil` when `m` is singular.
  package static func linear(start: PathPoint, end: PathPoint, through m: [Double])
    -> (start: PathPoint, end: PathPoint)?
  {
    let s = start.applying(m)
    let e = end.applying(m)
    let axis = (x: end.x - start.x, y: end.y - start.y)
    // An isoline's direction before `m` is perpendicular to the axis; mapped (linear part).
    let iso = (x: m[0] * -axis.y + m[2] * axis.x, y: m[1] * -axis.y + m[3] * axis.x)
    let length2 = iso.x * iso.x + iso.y * iso.y
    guard length2 > 1e-18, abs(m[0] * m[3] - m[1] * m[2]) > 1e-18 else { return nil }
    let d = (x: e.x - s.x, y: e.y - s.y)
    let along = (d.x * iso.x + d.y * iso.y) / length2
    return (s, PathPoint(x: e.x - along * iso.x, y: e.y - along * iso.y))
  }
}

/// A clip in effect on a `PaintedPath`: the region painted is the intersection of its clips'
/// regions. Geometry in the path's coordinates (canvas px in a `VectorModel`).
package struct ClipRegion: Sendable, Hashable {
  /// One clip per `clip-path` reference Cairo wrote, numbered in drawing order: paths that
  /// share a clip share the number (a writer groups them under one `<clip-path>`).
  package var id: Int
  /// The clip's outline.
  package var path: VectorPath
  /// Whether the outline is read with the even-odd rule (`clip-rule="evenodd"`).
  package var evenOdd: Bool

  /// A clip; see the properties.
  package init(id: Int, path: VectorPath, evenOdd: Bool) {
    self.id = id
    self.path = path
    self.evenOdd = evenOdd
  }
}

/// A group drawn with a constant opacity (SVG `opacity` below 1 on an element or group):
/// librsvg draws the group's content onto a surface of its own and paints it through a mask
/// of one alpha, which Cairo's SVG surface writes as a `<use>` with a `<mask>` holding one
/// rectangle of that `fill-opacity`. The paths drawn in it list it (`PaintedPath.opacity`).
package struct OpacityGroup: Sendable, Hashable {
  /// The groups in drawing order, from 0.
  package var id: Int
  /// The opacity, 0...1.
  package var alpha: Double
  /// The source element with the opacity, when `LoadedSVG` can name it.
  package var element: VectorModel.ElementReference?

  /// A group; see the properties.
  package init(id: Int, alpha: Double, element: VectorModel.ElementReference? = nil) {
    self.id = id
    self.alpha = alpha
    self.element = element
  }
}
