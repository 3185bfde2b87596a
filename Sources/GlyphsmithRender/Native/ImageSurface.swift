import CCairo

/// Owns one Cairo ARGB32 image surface and a drawing context on it.
///
/// Sizes are in px. The surface starts fully transparent. Not thread-safe: each task makes its
/// own. Every create is followed by a status check that throws `RenderError.cairo`.
final class ImageSurface {
  let surface: OpaquePointer
  let context: OpaquePointer
  let width: Int
  let height: Int

  /// A transparent `width` x `height` px surface with a context whose font options and
  /// antialiasing are pinned (grey antialiasing, no hinting) so that no machine setting
  /// changes the pixels.
  init(width: Int, height: Int) throws {
    let (surface, context) = try LibraryClock.measure {
      try Self.create(width: width, height: height)
    }
    self.surface = surface
    self.context = context
    self.width = width
    self.height = height
  }

  private static func create(width: Int, height: Int) throws -> (OpaquePointer, OpaquePointer) {
    guard let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(width), Int32(height))
    else { throw RenderError.cairo(status: "out of memory") }
    try Self.check(cairo_surface_status(surface)) { cairo_surface_destroy(surface) }
    guard let context = cairo_create(surface) else {
      cairo_surface_destroy(surface)
      throw RenderError.cairo(status: "out of memory")
    }
    try Self.check(cairo_status(context)) {
      cairo_destroy(context)
      cairo_surface_destroy(surface)
    }
    let options = cairo_font_options_create()
    cairo_font_options_set_antialias(options, CAIRO_ANTIALIAS_GRAY)
    cairo_font_options_set_hint_style(options, CAIRO_HINT_STYLE_NONE)
    cairo_font_options_set_hint_metrics(options, CAIRO_HINT_METRICS_OFF)
    cairo_font_options_set_subpixel_order(options, CAIRO_SUBPIXEL_ORDER_DEFAULT)
    cairo_set_font_options(context, options)
    cairo_font_options_destroy(options)
    cairo_set_antialias(context, CAIRO_ANTIALIAS_DEFAULT)
    return (surface, context)
  }

  /// A surface holding `image`'s pixels (premultiplied on the way in).
  convenience init(image: RGBAImage) throws {
    try self.init(width: image.width, height: image.height)
    cairo_surface_flush(surface)
    let stride = Int(cairo_image_surface_get_stride(surface))
    PixelConversion.writeARGB32(
      fromStraight: image.pixels, width: image.width, height: image.height,
      into: cairo_image_surface_get_data(surface), stride: stride)
    cairo_surface_mark_dirty(surface)
  }

  deinit {
    LibraryClock.measure {
      cairo_destroy(context)
      cairo_surface_destroy(surface)
    }
  }

  /// Throws if the context is in an error state (Cairo errors are sticky).
  func checkStatus() throws {
    try Self.check(cairo_status(context)) {}
  }

  /// The surface's pixels as straight RGBA8.
  func image() throws -> RGBAImage {
    try checkStatus()
    cairo_surface_flush(surface)
    let stride = Int(cairo_image_surface_get_stride(surface))
    guard let data = cairo_image_surface_get_data(surface) else {
      return RGBAImage(width: width, height: height)
    }
    let pixels = PixelConversion.straightRGBA(
      fromARGB32: data, width: width, height: height, stride: stride)
    return RGBAImage(width: width, height: height, pixels: pixels)
  }

  private static func check(_ status: cairo_status_t, cleanup: () -> Void) throws {
    if status != CAIRO_STATUS_SUCCESS {
      cleanup()
      throw RenderError.cairo(status: String(cString: cairo_status_to_string(status)))
    }
  }
}
