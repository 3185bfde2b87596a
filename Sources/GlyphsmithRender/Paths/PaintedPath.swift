/// One painted path of an SVG as librsvg draws it: the geometry Cairo received and how it
/// was painted. Points are in the document's intrinsic canvas px (96 dpi, the viewBox mapped
/// onto the canvas), y down.
package struct PaintedPath: Sendable, Hashable {
  /// How the path was painted.
  package enum Paint: Sendable, Hashable {
    /// Filled; `evenOdd` when the fill rule was `evenodd` (else `nonzero`).
    case fill(evenOdd: Bool)
    /// Stroked with `style` (its width in canvas px). `dashed` when a dash array was set
    /// (dashes are not outlined; callers report it).
    case stroke(StrokeStyle, dashed: Bool)
  }

  /// The geometry in canvas px.
  package var path: VectorPath
  /// The paint.
  package var paint: Paint
  /// The index (in document order) of the drawing call, shared by the fill and stroke of one
  /// element, so callers can keep an element's fill under its stroke.
  package var order: Int

  /// A painted path; see the properties.
  package init(path: VectorPath, paint: Paint, order: Int) {
    self.path = path
    self.paint = paint
    self.order = order
  }
}
