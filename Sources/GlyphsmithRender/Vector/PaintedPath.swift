/// One painted path of an SVG as librsvg draws it (an entry of `VectorModel.paths`): the
/// geometry Cairo received and how it was painted. Points are in the document's intrinsic
/// canvas px (96 dpi, the viewBox mapped onto the canvas), y down.
package struct PaintedPath: Sendable, Hashable {
  /// How the path was painted.
  package enum Paint: Sendable, Hashable {
    /// Filled; `evenOdd` when the fill rule was `evenodd` (else `nonzero`).
    case fill(evenOdd: Bool)
    /// Stroked with `style` (its width and dashes in canvas px). `dashed` when a dash array
    /// was set (`style.dashes` holds it; symbols outline dashes solid and say so).
    case stroke(StrokeStyle, dashed: Bool)
  }

  /// The geometry in canvas px.
  package var path: VectorPath
  /// The paint.
  package var paint: Paint
  /// The index (in document order) of the drawing call, shared by the fill and stroke of one
  /// element, so callers can keep an element's fill under its stroke.
  package var order: Int
  /// The solid colour painted, its opacity in `alpha`; `nil` when a gradient or pattern
  /// paints it (the model lists that in `VectorModel.unexpressed`).
  package var color: PaintColor?
  /// The gradient that paints it when `color` is `nil` and the recorder could resolve one
  /// (`PaintGradient`); `nil` for a solid colour or a pattern.
  package var gradient: PaintGradient? = nil
  /// The clips in effect, outermost first (their regions intersect); empty when unclipped or
  /// when the clip could not be recorded (then `VectorModel.unexpressed` lists clipping).
  package var clips: [ClipRegion] = []
  /// The constant-opacity groups it is drawn in, outermost first (`OpacityGroup`); empty
  /// when none. A writer that folds a group's alpha into each path's own must check that the
  /// group's paths do not overlap (a fill and its stroke do).
  package var opacity: [OpacityGroup] = []

  /// A painted path; see the properties (`color`: opaque black unless given).
  package init(path: VectorPath, paint: Paint, order: Int, color: PaintColor? = .black) {
    self.path = path
    self.paint = paint
    self.order = order
    self.color = color
  }

  /// The product of the `opacity` groups' alphas (1 when none).
  package var groupAlpha: Double { opacity.reduce(1) { $0 * $1.alpha } }

  /// Whether the path is filled with the even-odd rule (`false`: nonzero, or a stroke).
  package var isEvenOdd: Bool {
    if case .fill(true) = paint { return true }
    return false
  }

  /// The stroke style, or `nil` for a fill.
  package var stroke: StrokeStyle? {
    if case .stroke(let style, _) = paint { return style }
    return nil
  }
}
