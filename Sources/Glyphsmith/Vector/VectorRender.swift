import Foundation
import GlyphsmithRender

/// An icon written by a `VectorWriter` where `GlyphRenderer` would draw it: the same layout
/// (role, size, shape, padding) at scale 1, so one output unit (pt, or dp for Android) is one
/// @1x pixel of the PNG and the vector draws what the PNG shows at every scale.
package enum VectorRender {
  /// Where `GlyphRenderer.render(artwork, options)` puts the canvas, at scale 1: the output's
  /// size (pt = dp) and the canvas placement in it.
  /// - Throws: what the layout throws (`GlyphsmithError.emptyArtwork` for a fitted role with
  ///   no ink, `.invalidOption` for sizes of zero or less).
  package static func target(_ artwork: Artwork, options: RenderOptions) throws -> VectorTarget {
    var options = options
    options.scale = 1
    let layout =
      try options.role.fitsInk
      ? GlyphRenderer.fittedLayout(artwork, options: options)
      : GlyphRenderer.plainLayout(artwork, options: options)
    return VectorTarget(
      size: Size(width: Double(layout.width), height: Double(layout.height)),
      placement: layout.placement)
  }

  /// The one colour every path gets: the tint, else black for a template image, else `nil`
  /// (the artwork's colours), as `GlyphRenderer.recolour` paints the PNG.
  package static func monochrome(_ options: RenderOptions) -> PaintColor? {
    if let tint = options.tint {
      return PaintColor(
        red: Double(tint.r) / 255, green: Double(tint.g) / 255, blue: Double(tint.b) / 255,
        alpha: Double(tint.a) / 255)
    }
    return options.isTemplate ? .black : nil
  }

  /// `artwork` as an Android VectorDrawable laid out as `options` say, for API `minSdk`.
  /// - Throws: `GlyphsmithError.unusable` naming the file and what cannot be expressed (a
  ///   PNG input, `VectorDrawableError`), or what the layout throws.
  package static func vectorDrawable(
    _ artwork: Artwork, options: RenderOptions, minSdk: Int, comment: String? = nil
  ) throws -> Data {
    guard let svg = artwork.svg else {
      throw GlyphsmithError.unusable(
        path: artwork.path, problem: "a PNG cannot be written as a VectorDrawable")
    }
    let writer = VectorDrawableWriter(
      minSdk: minSdk, monochrome: monochrome(options), comment: comment)
    do {
      return try writer.write(
        try svg.vectorModel(), to: try target(artwork, options: options))
    } catch let error as VectorDrawableError {
      throw GlyphsmithError.unusable(path: artwork.path, problem: error.description)
    }
  }
}
