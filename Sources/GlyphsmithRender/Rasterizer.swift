import CCairo

/// Artwork ready to draw: a parsed SVG or a decoded raster.
package enum ArtworkSource {
  /// An SVG; its canvas units are px of its intrinsic size at 96 dpi.
  case svg(SVGDocument)
  /// A raster in straight RGBA8; its canvas units are its px.
  case raster(RGBAImage)

  /// The artwork's intrinsic canvas: the SVG's size in px at 96 dpi, or the raster's px.
  package var canvasSize: Size {
    switch self {
    case .svg(let document): return document.intrinsicSize
    case .raster(let image): return Size(width: Double(image.width), height: Double(image.height))
    }
  }
}

/// Draws artwork into new images with Cairo.
package enum Rasterizer {
  /// Largest output accepted, in px on a side.
  package static let maximumSide = 16384

  /// Renders `source` onto a transparent `width` x `height` px canvas, its own canvas placed by
  /// `placement`. SVGs are drawn by librsvg; rasters are resampled by Cairo's `GOOD` filter (a
  /// box-filtered downscale) in premultiplied space, so transparent pixels' hidden colour
  /// never bleeds into edges.
  /// - Returns: straight RGBA8 pixels.
  /// - Throws: `RenderError.tooLarge` over 16384 px on a side, `.cairo`, `.invalidSVG`.
  package static func render(
    _ source: ArtworkSource, width: Int, height: Int, placement: Placement, path: String = "-"
  ) throws -> RGBAImage {
    try render(source, width: width, height: height, placement: placement, path: path, straight: true)
  }

  /// `render(_:width:height:placement:path:)` for a reader of coverage only: the alpha byte
  /// of each pixel (the fourth) is exactly the full render's, the other three are Cairo's
  /// premultiplied colour in its native order, not straight RGB (un-premultiplying every
  /// pixel cost 1.7 % of an `assets --format svg` run whose ink measure reads only alpha:
  /// issue 34).
  /// - Throws: as `render(_:width:height:placement:path:)`.
  package static func renderCoverage(
    _ source: ArtworkSource, width: Int, height: Int, placement: Placement, path: String = "-"
  ) throws -> RGBAImage {
    // Cairo's ARGB32 word keeps alpha in its top byte: the fourth byte in memory only on a
    // little-endian machine (elsewhere the conversion puts it there).
    #if _endian(little)
      let straight = false
    #else
      let straight = true
    #endif
    return try render(
      source, width: width, height: height, placement: placement, path: path, straight: straight)
  }

  private static func render(
    _ source: ArtworkSource, width: Int, height: Int, placement: Placement, path: String,
    straight: Bool
  ) throws -> RGBAImage {
    guard width <= maximumSide, height <= maximumSide else {
      throw RenderError.tooLarge(
        path: path,
        what: "output \(width)x\(height) px; outputs are limited to \(maximumSide) px on a side")
    }
    guard width > 0, height > 0 else {
      return RGBAImage(width: max(width, 0), height: max(height, 0))
    }
    // Cairo draws straight into the image's own array, converted there afterwards: no second
    // image-sized buffer, no copy (4 MiB each at 1024 px).
    var pixels = [UInt8](repeating: 0, count: width * height * 4)
    try pixels.withUnsafeMutableBytes { memory in
      let surface = try ImageSurface(width: width, height: height, pixels: memory.baseAddress!)
      try draw(source, on: surface, placement: placement)
      if straight { try surface.straightenInPlace() } else { try surface.finishInPlace() }
    }
    return RGBAImage(width: width, height: height, pixels: pixels)
  }

  private static func draw(
    _ source: ArtworkSource, on surface: ImageSurface, placement: Placement
  ) throws {
    switch source {
    case .svg(let document):
      try document.draw(on: surface, placement: placement)
    case .raster(let image):
      let source = try ImageSurface(image: image)
      let cr = surface.context
      cairo_translate(cr, placement.offsetX, placement.offsetY)
      cairo_scale(cr, placement.scale, placement.scale)
      cairo_set_source_surface(cr, source.surface, 0, 0)
      cairo_pattern_set_filter(cairo_get_source(cr), CAIRO_FILTER_GOOD)
      // Edge pixels are resampled against copies of themselves (PAD), not against transparent
      // black outside the image, and the image's own rectangle is the clip: an opaque raster
      // stays opaque to its edges at any scale.
      cairo_pattern_set_extend(cairo_get_source(cr), CAIRO_EXTEND_PAD)
      cairo_rectangle(cr, 0, 0, Double(image.width), Double(image.height))
      cairo_clip(cr)
      LibraryClock.measure { cairo_paint(cr) }
      try surface.checkStatus()
    }
  }

  /// Composites `image` over an opaque-or-translucent `background` colour (source-over,
  /// premultiplied, rounded), returning straight RGBA8 of the same size.
  package static func composite(_ image: RGBAImage, over background: RGBA8) -> RGBAImage {
    var out = image
    let bgA = Double(background.a) / 255
    for i in stride(from: 0, to: out.pixels.count, by: 4) {
      let a = Double(image.pixels[i + 3]) / 255
      let outA = a + bgA * (1 - a)
      guard outA > 0 else { continue }
      for c in 0..<3 {
        let fg = Double(image.pixels[i + c]) / 255
        let bg = Double([background.r, background.g, background.b][c]) / 255
        let value = (fg * a + bg * bgA * (1 - a)) / outA
        out.pixels[i + c] = UInt8((value * 255).rounded())
      }
      out.pixels[i + 3] = UInt8((outA * 255).rounded())
    }
    return out
  }
}
