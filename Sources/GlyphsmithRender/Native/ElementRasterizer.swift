import CCairo
import CRsvg

/// Draws one element of an SVG (librsvg's `rsvg_handle_render_layer`: the element with its
/// ancestors' transforms and styles, nothing else) into a new image.
package enum ElementRasterizer {
  /// Renders the element `id` (without `#`) of `document` onto a transparent `width` x
  /// `height` px canvas, the document's canvas placed by `placement`.
  /// - Returns: straight RGBA8 pixels.
  /// - Throws: `RenderError.tooLarge` over `Rasterizer.maximumSide`, `.invalidSVG` when the
  ///   element is missing or librsvg fails, `.cairo`.
  package static func render(
    _ document: SVGDocument, id: String, width: Int, height: Int, placement: Placement
  ) throws -> RGBAImage {
    guard width <= Rasterizer.maximumSide, height <= Rasterizer.maximumSide else {
      throw RenderError.tooLarge(
        path: document.path,
        what: "output \(width)x\(height) px; outputs are limited to "
          + "\(Rasterizer.maximumSide) px on a side")
    }
    let surface = try ImageSurface(width: max(width, 1), height: max(height, 1))
    let cr = surface.context
    let size = document.intrinsicSize
    var viewport = RsvgRectangle(x: 0, y: 0, width: size.width, height: size.height)
    let ok = try GErrorBridge.callSVG(path: document.path) { error in
      LibraryClock.measure {
        cairo_save(cr)
        cairo_translate(cr, placement.offsetX, placement.offsetY)
        cairo_scale(cr, placement.scale, placement.scale)
        defer { cairo_restore(cr) }
        return rsvg_handle_render_layer(document.handle, cr, "#" + id, &viewport, error)
      }
    }
    if ok == 0 {
      throw RenderError.invalidSVG(path: document.path, message: "no element with id '\(id)'")
    }
    try surface.checkStatus()
    return try surface.image()
  }
}
