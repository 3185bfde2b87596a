import CCairo

/// A transparent drawing surface for composed elements (badges, page-control dots, tab bar
/// previews): filled shapes, images and text, drawn by Cairo with grey antialiasing.
///
/// Coordinates and sizes are in px of the canvas (callers multiply pt by their scale), origin at
/// the top-left corner, y down. Colours are straight RGBA8 (`RGBA8`), composited source-over.
/// Cairo errors are sticky: drawing calls that cannot fail on their own record them, and
/// `image()` throws `RenderError.cairo`. Not thread-safe: each task makes its own canvas.
package final class Canvas {
  /// Width in px.
  package let width: Int
  /// Height in px.
  package let height: Int
  let surface: ImageSurface

  /// A transparent `width` x `height` px canvas.
  /// - Throws: `RenderError.tooLarge` when a side is over `Rasterizer.maximumSide` (16384 px)
  ///   or below 1 px; `.cairo` when Cairo cannot make the surface.
  package init(width: Int, height: Int) throws {
    guard (1...Rasterizer.maximumSide).contains(width),
      (1...Rasterizer.maximumSide).contains(height)
    else {
      throw RenderError.tooLarge(
        path: "-",
        what: "canvas \(width)x\(height) px; canvases are 1 to \(Rasterizer.maximumSide) px a side")
    }
    self.width = width
    self.height = height
    surface = try ImageSurface(width: width, height: height)
  }

  private var cr: OpaquePointer { surface.context }

  private func setSource(_ color: RGBA8) {
    cairo_set_source_rgba(
      cr, Double(color.r) / 255, Double(color.g) / 255, Double(color.b) / 255,
      Double(color.a) / 255)
  }

  // MARK: - Shapes

  /// Fills the whole canvas with `color` (source-over what is there).
  package func fill(_ color: RGBA8) {
    fillRect(Rect(x: 0, y: 0, width: Double(width), height: Double(height)), color: color)
  }

  /// Fills `rect` (px) with `color`, source-over.
  package func fillRect(_ rect: Rect, color: RGBA8) {
    cairo_save(cr)
    setSource(color)
    cairo_rectangle(cr, rect.x, rect.y, rect.width, rect.height)
    cairo_fill(cr)
    cairo_restore(cr)
  }

  /// Fills `rect` (px) with its corners rounded by circular arcs of `radius` px (clamped to
  /// half the shorter side, so `radius = height / 2` gives a capsule), source-over.
  package func fillRoundedRect(_ rect: Rect, radius: Double, color: RGBA8) {
    let r = max(0, min(radius, rect.width / 2, rect.height / 2))
    cairo_save(cr)
    setSource(color)
    cairo_new_path(cr)
    cairo_arc(cr, rect.maxX - r, rect.y + r, r, -Double.pi / 2, 0)
    cairo_arc(cr, rect.maxX - r, rect.maxY - r, r, 0, Double.pi / 2)
    cairo_arc(cr, rect.x + r, rect.maxY - r, r, Double.pi / 2, Double.pi)
    cairo_arc(cr, rect.x + r, rect.y + r, r, Double.pi, 3 * Double.pi / 2)
    cairo_close_path(cr)
    cairo_fill(cr)
    cairo_restore(cr)
  }

  /// Fills the ellipse inscribed in `rect` (px) with `color`, source-over; a square `rect`
  /// gives a circle.
  package func fillEllipse(in rect: Rect, color: RGBA8) {
    guard rect.width > 0, rect.height > 0 else { return }
    cairo_save(cr)
    cairo_new_path(cr)
    cairo_translate(cr, rect.x + rect.width / 2, rect.y + rect.height / 2)
    cairo_scale(cr, rect.width / 2, rect.height / 2)
    cairo_arc(cr, 0, 0, 1, 0, 2 * Double.pi)
    cairo_restore(cr)  // the path stays, in device space; the fill uses the identity matrix
    cairo_save(cr)
    setSource(color)
    cairo_fill(cr)
    cairo_restore(cr)
  }

  // MARK: - Images and text

  /// Fills the closed polygon through `points` (px; x, y pairs) with `color`, source-over,
  /// nonzero winding; fewer than 3 points draw nothing.
  package func fillPolygon(_ points: [(x: Double, y: Double)], color: RGBA8) {
    guard points.count >= 3 else { return }
    cairo_save(cr)
    setSource(color)
    cairo_move_to(cr, points[0].x, points[0].y)
    for point in points.dropFirst() { cairo_line_to(cr, point.x, point.y) }
    cairo_close_path(cr)
    cairo_fill(cr)
    cairo_restore(cr)
  }

  /// Draws `image` (straight RGBA8) scaled into `rect` (px), source-over, resampled by Cairo's
  /// `GOOD` filter in premultiplied space; `opacity` (0-1) multiplies its alpha.
  /// - Throws: `RenderError.cairo` when the image cannot be wrapped in a Cairo surface.
  package func draw(_ image: RGBAImage, in rect: Rect, opacity: Double = 1) throws {
    guard image.width > 0, image.height > 0, rect.width > 0, rect.height > 0 else { return }
    let source = try ImageSurface(image: image)
    cairo_save(cr)
    cairo_translate(cr, rect.x, rect.y)
    cairo_scale(cr, rect.width / Double(image.width), rect.height / Double(image.height))
    cairo_set_source_surface(cr, source.surface, 0, 0)
    cairo_pattern_set_filter(cairo_get_source(cr), CAIRO_FILTER_GOOD)
    if opacity >= 1 { cairo_paint(cr) } else { cairo_paint_with_alpha(cr, max(0, opacity)) }
    cairo_restore(cr)
    try surface.checkStatus()
  }

  /// Draws `image` (straight RGBA8, the canvas's size) over the whole canvas with `blend`
  /// (Cairo's operator of that name: the separable and non-separable blend modes of the PDF
  /// and Core Graphics sets, premultiplied) and `opacity` (0-1) multiplying its alpha.
  /// - Throws: `RenderError.cairo` when the image cannot be wrapped in a Cairo surface.
  package func composite(_ image: RGBAImage, blend: BlendOperator, opacity: Double = 1) throws {
    guard image.width > 0, image.height > 0, opacity > 0 else { return }
    let source = try ImageSurface(image: image)
    cairo_save(cr)
    cairo_scale(cr, Double(width) / Double(image.width), Double(height) / Double(image.height))
    cairo_set_source_surface(cr, source.surface, 0, 0)
    cairo_pattern_set_filter(cairo_get_source(cr), CAIRO_FILTER_GOOD)
    cairo_set_operator(cr, blend.cairo)
    if opacity >= 1 { cairo_paint(cr) } else { cairo_paint_with_alpha(cr, opacity) }
    cairo_restore(cr)
    try surface.checkStatus()
  }

  /// Draws `text` with its layout origin (the top-left corner of its logical box) at
  /// (`x`, `y`) px. The text was laid out at `TextLayout.referenceSizePx` and is scaled down
  /// to its style's size with Cairo's `GOOD` filter (so bitmap emoji are sized like outlines).
  /// - Throws: `RenderError.cairo` on a Cairo failure.
  package func draw(_ text: TextLayout, x: Double, y: Double) throws {
    guard let reference = text.reference else { return }
    let factor = text.factor
    cairo_save(cr)
    cairo_translate(cr, x, y)
    cairo_scale(cr, factor, factor)
    cairo_set_source_surface(
      cr, reference.surface, -text.referenceOrigin.x, -text.referenceOrigin.y)
    cairo_pattern_set_filter(cairo_get_source(cr), CAIRO_FILTER_GOOD)
    cairo_paint(cr)
    cairo_restore(cr)
    try surface.checkStatus()
  }

  /// The canvas's pixels as straight RGBA8.
  /// - Throws: `RenderError.cairo` when any earlier drawing call failed.
  package func image() throws -> RGBAImage {
    try surface.image()
  }
}

/// How `Canvas.composite` puts an image over what is drawn: Cairo's compositing operators that
/// are blend modes (the W3C Compositing and Blending Level 1 formulas, source-over alpha).
package enum BlendOperator: String, Sendable, CaseIterable {
  /// Source over.
  case normal
  /// Multiply, screen, overlay, darken, lighten, colour dodge and burn, soft and hard light,
  /// difference, exclusion: the separable modes.
  case multiply, screen, overlay, darken, lighten
  /// Colour dodge.
  case colorDodge = "color-dodge"
  /// Colour burn.
  case colorBurn = "color-burn"
  /// Soft light.
  case softLight = "soft-light"
  /// Hard light.
  case hardLight = "hard-light"
  /// Difference and exclusion.
  case difference, exclusion
  /// The non-separable modes (HSL).
  case hue, saturation, color, luminosity
  /// Core Graphics' `plusLighter`: the sum, clamped (Cairo's `ADD`).
  case plusLighter = "plus-lighter"

  var cairo: cairo_operator_t {
    switch self {
    case .normal: return CAIRO_OPERATOR_OVER
    case .multiply: return CAIRO_OPERATOR_MULTIPLY
    case .screen: return CAIRO_OPERATOR_SCREEN
    case .overlay: return CAIRO_OPERATOR_OVERLAY
    case .darken: return CAIRO_OPERATOR_DARKEN
    case .lighten: return CAIRO_OPERATOR_LIGHTEN
    case .colorDodge: return CAIRO_OPERATOR_COLOR_DODGE
    case .colorBurn: return CAIRO_OPERATOR_COLOR_BURN
    case .softLight: return CAIRO_OPERATOR_SOFT_LIGHT
    case .hardLight: return CAIRO_OPERATOR_HARD_LIGHT
    case .difference: return CAIRO_OPERATOR_DIFFERENCE
    case .exclusion: return CAIRO_OPERATOR_EXCLUSION
    case .hue: return CAIRO_OPERATOR_HSL_HUE
    case .saturation: return CAIRO_OPERATOR_HSL_SATURATION
    case .color: return CAIRO_OPERATOR_HSL_COLOR
    case .luminosity: return CAIRO_OPERATOR_HSL_LUMINOSITY
    case .plusLighter: return CAIRO_OPERATOR_ADD
    }
  }
}
