import FoundationEssentials
import Glibc
import GlyphsmithCore

/// Lays out and renders artwork by role: the engine's one entry point from artwork to pixels.
public enum GlyphRenderer {
  /// Renders `artwork` as `options` say.
  ///
  /// - `plain`: the artwork's canvas (viewBox) is fitted, aspect kept and centred, into
  ///   `widthPx` x `heightPx`, or `sizePt` x `scale` square, or the intrinsic size x `scale`.
  /// - fitted roles: the ink bounds are fitted to the role's target box for the glyph's shape;
  ///   the canvas is the fitted glyph rounded up to whole points (square for circle and square
  ///   shapes) plus padding, so @2x and @3x are exactly 2x and 3x the @1x px.
  /// - Throws: `GlyphsmithError.emptyArtwork` when a fitted role finds no ink; `.render` for
  ///   outputs over 16384 px on a side and renderer failures; `.invalidOption` for a size
  ///   of zero or less.
  public static func render(_ artwork: Artwork, options: RenderOptions) throws -> RenderedGlyph {
    let layout = try checkedLayout(artwork, options: options)
    var warnings = artwork.diagnostics
    if artwork.isRaster && layout.placement.scale > 1.0001 {
      warnings.append(
        .warning(
          "upscaling a raster by \(layout.placement.scale.formatted2)x "
            + "blurs it; give a larger PNG or an SVG", path: artwork.path,
          kind: Diagnostic.Kind.upscaledRaster))
    }
    if options.isTemplate && options.tint == nil, case .raster(let raster) = artwork.source,
      !raster.pixels.enumerated().contains(where: { $0.offset % 4 == 3 && $0.element < 255 })
    {
      warnings.append(
        .warning(
          "the PNG has no transparency, so as a template image it is a solid "
            + "rectangle; give a PNG with a transparent background or use --original",
          path: artwork.path, kind: Diagnostic.Kind.opaqueTemplate))
    }
    var image: RGBAImage
    do {
      image = try Rasterizer.render(
        artwork.source, width: layout.width, height: layout.height,
        placement: layout.placement, path: artwork.path)
    } catch {
      throw GlyphsmithError.wrap(error, path: artwork.path)
    }
    if !options.role.fitsInk, case .unusable(_, let problem) = emptyArtworkError(artwork),
      !image.pixels.enumerated().contains(where: { $0.offset % 4 == 3 && $0.element > 0 })
    {
      // A plain render has no ink to fit, so it writes what librsvg drew: here, nothing.
      warnings.append(
        .warning(problem, path: artwork.path, kind: Diagnostic.Kind.undrawableViewBox))
    }
    if let tint = options.tint {
      recolour(&image, to: tint)
    } else if options.isTemplate {
      recolour(&image, to: .black)
    }
    if let background = options.background {
      image = Rasterizer.composite(image, over: background)
    }
    return RenderedGlyph(
      image: image, canvasPt: layout.canvasPt, shape: layout.shape, targetPt: layout.target,
      diagnostics: warnings)
  }

  /// The coverage of `render(_:options:)`'s image: the same size, and the alpha byte of each
  /// pixel (the fourth) exactly the full render's, for a reader of alpha only (the lint's
  /// 12 px/pt render): not un-premultiplied nor recoloured, so the other three bytes are
  /// Cairo's premultiplied colour, not straight RGB. When a tint with alpha below 255 or a
  /// background changes the alpha, it is the full render's image. No diagnostics
  /// (`render(_:options:)` gives them).
  /// - Throws: as `render(_:options:)`.
  static func renderCoverage(_ artwork: Artwork, options: RenderOptions) throws -> RGBAImage {
    // A tint multiplies the alpha by its own, rounded (the template's black, 255: unchanged),
    // and a background composites it: those take the full render.
    guard options.background == nil, (options.tint?.a ?? 255) == 255 else {
      return try render(artwork, options: options).image
    }
    let layout = try checkedLayout(artwork, options: options)
    do {
      return try Rasterizer.renderCoverage(
        artwork.source, width: layout.width, height: layout.height,
        placement: layout.placement, path: artwork.path)
    } catch {
      throw GlyphsmithError.wrap(error, path: artwork.path)
    }
  }

  /// The layout of `artwork` for `options`, checked: the errors `render(_:options:)` throws
  /// before it draws.
  /// - Throws: as `render(_:options:)`.
  static func checkedLayout(_ artwork: Artwork, options: RenderOptions) throws -> Layout {
    guard options.scale > 0, (options.sizePt ?? 1) > 0, (options.widthPx ?? 1) > 0,
      (options.heightPx ?? 1) > 0, options.paddingPt >= 0
    else {
      throw GlyphsmithError.invalidOption("sizes, scale and padding must be positive")
    }
    // Finite values of any size end in the layout's check against the 16384 px output limit
    // (PixelMath's counts never trap).
    guard options.scale.isFinite, (options.sizePt ?? 1).isFinite, options.paddingPt.isFinite
    else {
      throw GlyphsmithError.invalidOption("sizes, scale and padding must be finite numbers")
    }
    let layout =
      try options.role.fitsInk
      ? fittedLayout(artwork, options: options) : plainLayout(artwork, options: options)
    guard layout.width >= 1, layout.height >= 1 else {
      throw GlyphsmithError.invalidOption(
        "the output would be \(layout.width)x\(layout.height) px; give a larger size or scale")
    }
    return layout
  }

  /// Sets every pixel to `colour`'s RGB with alpha = coverage x `colour`'s alpha, rounded:
  /// a template (black) or tinted image. Coverage is kept; colour is never darkened.
  public static func recolour(_ image: inout RGBAImage, to colour: RGBA8) {
    let tintAlpha = UInt32(colour.a)
    image.pixels.withUnsafeMutableBufferPointer { p in
      for i in stride(from: 0, to: p.count, by: 4) {
        let a = UInt32(p[i + 3])
        p[i] = colour.r
        p[i + 1] = colour.g
        p[i + 2] = colour.b
        p[i + 3] = UInt8((a * tintAlpha + 127) / 255)
        if p[i + 3] == 0 {
          p[i] = 0
          p[i + 1] = 0
          p[i + 2] = 0
        }
      }
    }
  }

  // MARK: - Layout

  struct Layout {
    var width: Int
    var height: Int
    var placement: Placement
    var canvasPt: Size
    var shape: GlyphShape?
    var target: Size?
  }

  static func plainLayout(_ artwork: Artwork, options: RenderOptions) throws -> Layout {
    let canvas = artwork.canvasSize
    let s = options.scale
    let width: Int
    let height: Int
    switch (options.widthPx, options.heightPx, options.sizePt) {
    case (let w?, let h?, _):
      (width, height) = (w, h)
    case (let w?, nil, _):
      (width, height) = (w, max(1, PixelMath.count(Double(w) * canvas.height / canvas.width)))
    case (nil, let h?, _):
      (width, height) = (max(1, PixelMath.count(Double(h) * canvas.width / canvas.height)), h)
    case (nil, nil, let size?):
      let points = options.wholePoints ? (size - 1e-6).rounded(.up) : size
      let side = PixelMath.count(points * s)
      (width, height) = (side, side)
    case (nil, nil, nil):
      var w = canvas.width + 2 * options.paddingPt
      var h = canvas.height + 2 * options.paddingPt
      if options.wholePoints {
        w = (w - 1e-6).rounded(.up)
        h = (h - 1e-6).rounded(.up)
      }
      (width, height) = (PixelMath.count(w * s), PixelMath.count(h * s))
    }
    try PixelMath.checkOutput(width: width, height: height, path: artwork.path)
    guard width >= 1, height >= 1 else {
      throw GlyphsmithError.invalidOption(
        "the output would be \(width)x\(height) px; give a larger size or scale")
    }
    let pad = options.paddingPt * s
    guard Double(width) - 2 * pad >= 1, Double(height) - 2 * pad >= 1 else {
      throw GlyphsmithError.invalidOption(
        "--padding \(options.paddingPt.formatted2) pt leaves no room in a \(width)x\(height) px canvas; use less padding or a larger size"
      )
    }
    var k = min(
      (Double(width) - 2 * pad) / canvas.width, (Double(height) - 2 * pad) / canvas.height)
    if options.minimumInkMarginPt > 0, let ink = try artwork.ink() {
      k *= inkMarginFactor(
        ink.bounds, canvas: canvas, scale: k, width: width, height: height,
        margin: options.minimumInkMarginPt * s)
    }
    let placement = Placement(
      scale: k, offsetX: (Double(width) - canvas.width * k) / 2,
      offsetY: (Double(height) - canvas.height * k) / 2)
    return Layout(
      width: width, height: height, placement: placement,
      canvasPt: Size(width: Double(width) / s, height: Double(height) / s), shape: nil,
      target: nil)
  }

  /// The factor (at most 1) that shrinks artwork drawn centred at `scale` px per canvas
  /// unit into a `width` x `height` px image about the image's centre, so that its ink
  /// `bounds` (canvas units) stays `margin` px from every edge.
  static func inkMarginFactor(
    _ bounds: Rect, canvas: Size, scale: Double, width: Int, height: Int, margin: Double
  ) -> Double {
    let (cx, cy) = (Double(width) / 2, Double(height) / 2)
    // Ink edges relative to the centre, in px: the canvas is centred, so (u - w / 2) x scale.
    let left = (canvas.width / 2 - bounds.x) * scale
    let right = (bounds.x + bounds.width - canvas.width / 2) * scale
    let top = (canvas.height / 2 - bounds.y) * scale
    let bottom = (bounds.y + bounds.height - canvas.height / 2) * scale
    var factor = 1.0
    for (reach, room) in [
      (left, cx - margin), (right, cx - margin), (top, cy - margin),
      (bottom, cy - margin),
    ] where reach > 0 && room > 0 {
      factor = min(factor, room / reach)
    }
    return factor
  }

  /// How much larger than its user units an SVG's canvas is drawn (its size over its
  /// viewBox) past which librsvg 2.54 is known to draw nothing (found by hand: a viewBox of
  /// 0.004 at 24 px draws, 0.003 does not; so 5000x leaves no doubt that the scale is why).
  static let undrawableViewBoxScale = 5000.0

  /// The error of an artwork that draws nothing: `GlyphsmithError.emptyArtwork`, but for an
  /// SVG whose viewBox is drawn more than `undrawableViewBoxScale` times larger, which
  /// librsvg draws as nothing however real the art (issue 34's trial: `viewBox="0 0 0.001
  /// 0.001" width="24"`): then `GlyphsmithError.unusable` naming the viewBox and the scale.
  /// A plain render (no role that fits ink) of such an SVG is written, blank, with the same
  /// text as a warning (`Diagnostic.Kind.undrawableViewBox`).
  static func emptyArtworkError(_ artwork: Artwork) -> GlyphsmithError {
    guard case .svg(let document) = artwork.source, let box = document.viewBox else {
      return .emptyArtwork(path: artwork.path)
    }
    let size = document.intrinsicSize
    let scale = max(size.width / box.width, size.height / box.height)
    guard scale > undrawableViewBoxScale else { return .emptyArtwork(path: artwork.path) }
    func number(_ value: Double) -> String { String(cFormat: "%g", value) }
    let viewBox = [box.x, box.y, box.width, box.height].map(number).joined(separator: " ")
    return .unusable(
      path: artwork.path,
      problem:
        "the artwork draws nothing: its viewBox \"\(viewBox)\" is drawn \(number(scale.rounded()))x larger at its \(number(size.width))x\(number(size.height)) px size, which librsvg draws as nothing (past about \(number(undrawableViewBoxScale))x); scale the art up in the editor (a viewBox in the size's order, such as 0 0 24 24)"
    )
  }

  static func fittedLayout(_ artwork: Artwork, options: RenderOptions) throws -> Layout {
    guard let ink = try artwork.ink() else {
      throw emptyArtworkError(artwork)
    }
    let shape = options.shape ?? ink.shape
    let target =
      options.sizePt.map { Size(width: $0, height: $0) }
      ?? options.role.targetBox(for: shape, compact: options.compact)!
    let b = ink.bounds
    let k = min(target.width / b.width, target.height / b.height)
    let glyph = Size(width: b.width * k, height: b.height * k)
    func whole(_ v: Double) -> Double { (v - 1e-6).rounded(.up) }
    var canvas: Size
    switch shape {
    case .circle, .square:
      let side = whole(max(glyph.width, glyph.height))
      canvas = Size(width: side, height: side)
    case .wide, .tall:
      canvas = Size(width: whole(glyph.width), height: whole(glyph.height))
    }
    canvas.width += 2 * options.paddingPt
    canvas.height += 2 * options.paddingPt
    let s = options.scale
    let width = PixelMath.count(canvas.width * s)
    let height = PixelMath.count(canvas.height * s)
    try PixelMath.checkOutput(width: width, height: height, path: artwork.path)
    let px = k * s
    let placement = Placement(
      scale: px,
      offsetX: (Double(width) - glyph.width * s) / 2 - b.x * px,
      offsetY: (Double(height) - glyph.height * s) / 2 - b.y * px)
    return Layout(
      width: width, height: height, placement: placement, canvasPt: canvas, shape: shape,
      target: target)
  }
}

extension Double {
  /// Two decimals, for messages.
  var formatted2: String { String(cFormat: "%.2f", self) }
}
