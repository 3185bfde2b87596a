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

  /// A surface drawing into `pixels`, the caller's `width * height * 4` bytes, all zero
  /// (transparent), rows `width * 4` bytes apart (Cairo's ARGB32 stride: 4-byte aligned).
  /// The memory must outlive the surface; `straightenInPlace()` then turns it into straight
  /// RGBA8 where it is, so a render needs no second image-sized buffer and no copy.
  init(width: Int, height: Int, pixels: UnsafeMutableRawPointer) throws {
    let (surface, context) = try LibraryClock.measure {
      try Self.create(width: width, height: height, pixels: pixels)
    }
    self.surface = surface
    self.context = context
    self.width = width
    self.height = height
  }

  private static func create(
    width: Int, height: Int, pixels: UnsafeMutableRawPointer? = nil
  ) throws -> (OpaquePointer, OpaquePointer) {
    let created =
      if let pixels {
        cairo_image_surface_create_for_data(
          pixels.assumingMemoryBound(to: UInt8.self), CAIRO_FORMAT_ARGB32, Int32(width),
          Int32(height), Int32(width * 4))
      } else {
        cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(width), Int32(height))
      }
    guard let surface = created else { throw RenderError.cairo(status: RenderError.cairoNoMemory) }
    try Self.check(cairo_surface_status(surface)) { cairo_surface_destroy(surface) }
    guard let context = cairo_create(surface) else {
      cairo_surface_destroy(surface)
      throw RenderError.cairo(status: RenderError.cairoNoMemory)
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

  /// Ends drawing on a surface made over the caller's memory (`init(width:height:pixels:)`)
  /// and converts that memory to straight RGBA8 in place. Cairo no longer touches the memory
  /// afterwards (the surface is finished); nothing may draw on this surface again.
  /// - Throws: `RenderError.cairo` when drawing left the context in an error state.
  func straightenInPlace() throws {
    guard let data = try finishInPlace() else { return }
    PixelConversion.straightenInPlace(UnsafeMutableRawPointer(data), count: width * height)
  }

  /// Ends drawing on a surface made over the caller's memory, as `straightenInPlace` does,
  /// and leaves the memory as Cairo drew it (premultiplied ARGB32 in native byte order).
  /// - Returns: the memory, or `nil` when the surface has none.
  /// - Throws: `RenderError.cairo` when drawing left the context in an error state.
  @discardableResult
  func finishInPlace() throws -> UnsafeMutablePointer<UInt8>? {
    try checkStatus()
    cairo_surface_flush(surface)
    guard let data = cairo_image_surface_get_data(surface) else { return nil }
    LibraryClock.measure { cairo_surface_finish(surface) }
    return data
  }

  private static func check(_ status: cairo_status_t, cleanup: () -> Void) throws {
    if status != CAIRO_STATUS_SUCCESS {
      cleanup()
      throw RenderError.cairo(status: String(cString: cairo_status_to_string(status)))
    }
  }
}
