import FoundationEssentials
import Glibc
import GlyphsmithCore
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
    try laidOut(artwork, options: options).target
  }

  /// `target`, with the shape the ink was fitted as and the size in pt it was made for, as
  /// the PNG's glyph records them (`AssetsJob.glyphText`: `shape` is `nil` for a plain role,
  /// `sizePt` the HIG target's limiting side, else the canvas width).
  /// - Throws: as `target`.
  package static func laidOut(_ artwork: Artwork, options: RenderOptions) throws -> (
    target: VectorTarget, shape: String?, sizePt: Double
  ) {
    var options = options
    options.scale = 1
    let layout =
      try options.role.fitsInk
      ? GlyphRenderer.fittedLayout(artwork, options: options)
      : GlyphRenderer.plainLayout(artwork, options: options)
    let target = VectorTarget(
      size: Size(width: Double(layout.width), height: Double(layout.height)),
      placement: layout.placement)
    return (
      target, layout.shape?.rawValue,
      AssetsJob.sizePt(shape: layout.shape, targetPt: layout.target, canvasPt: layout.canvasPt)
    )
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

  /// `artwork` as a one-page PDF laid out as `options` say at scale 1 (the page is the @1x
  /// PNG's size in pt, the art where the PNG has it), drawn by librsvg onto Cairo's PDF
  /// surface (`PDFPageWriter`); template roles and tints painted in one colour through a
  /// vector mask. `keywords` goes into `/Keywords` (the fingerprint), `subject` into
  /// `/Subject` (an image set's glyph text); `target`: the layout when already found
  /// (`laidOut`), else it is found here.
  /// - Returns: the bytes and one warning per thing Cairo must embed as an image (filters,
  ///   embedded images, masks), naming the element (`rasterOnly`).
  /// - Throws: `GlyphsmithError.unusable` for a PNG input; what the layout and
  ///   `PDFPageWriter.pdf` throw, naming the file.
  package static func pdf(
    _ artwork: Artwork, options: RenderOptions, keywords: String? = nil, subject: String? = nil,
    target laid: VectorTarget? = nil
  ) throws -> (data: Data, warnings: [Diagnostic]) {
    guard let svg = artwork.svg, case .svg(let document) = artwork.source else {
      throw GlyphsmithError.unusable(
        path: artwork.path, problem: "a PNG cannot be written as a PDF vector; use PNG output")
    }
    let target = try laid ?? target(artwork, options: options)
    let data: Data
    do {
      data = try PDFPageWriter.pdf(
        document, page: target.size, placement: target.placement,
        monochrome: monochrome(options), keywords: keywords, subject: subject)
    } catch {
      throw GlyphsmithError.wrap(error, path: artwork.path)
    }
    let warnings = rasterOnly(svg).map { found in
      let what = found.feature == .masks ? "masks (\(found.element?.label ?? "?"))" : found.description
      // An <image> is embedded with its own pixels; filters and masks librsvg draws at the page's
      // 1 px per pt. Each names the element and says the PDF holds a raster image there.
      let how =
        found.feature == .images
        ? "as raster images at their own resolution (an <image> is pixels, not vectors), which blur"
        : "as an image at 1 px per pt (librsvg draws them as pixels), which blurs"
      return Diagnostic.warning(
        "the PDF holds \(what) \(how) when enlarged; use PNG for this icon or draw it without them",
        path: artwork.path, kind: Diagnostic.Kind.rasterFallback)
    }
    return (data, warnings)
  }

  /// The features of `svg` that a vector file can only hold as pixels (filters, embedded
  /// images, and masks: librsvg 2.54 draws a `mask` into an image surface and paints through
  /// it, so Cairo's PDF holds it as an image and soft mask), each with the first element
  /// carrying it, read from the element outline (one libxml2 pass; nothing is drawn). Group
  /// opacity is not among them: librsvg paints a group with an alpha, which stays vector.
  static func rasterOnly(_ svg: LoadedSVG) -> [VectorModel.Unexpressed] {
    guard let outline = try? svg.outline() else { return [] }
    var found = [VectorModel.Feature.filters, .images].compactMap { feature in
      svg.carrier(of: feature, in: outline).map {
        VectorModel.Unexpressed(feature: feature, element: $0)
      }
    }
    if let masked = outline.elements.first(where: { $0.property("mask") != nil }) {
      found.append(
        VectorModel.Unexpressed(
          feature: .masks,
          element: VectorModel.ElementReference(
            name: masked.name, id: masked.attributes["id"], line: masked.line,
            column: masked.column)))
    }
    return found
  }

  /// What plain paths cannot express that is found without recording (`rasterOnly`, then
  /// text, `textElement`), each as `filters (<rect> line 3)`: `svg` and `outline` refuse it
  /// before recording, which would draw it at 4096 device units.
  static func refusedBeforeRecording(_ svg: LoadedSVG) -> [String] {
    var problems = rasterOnly(svg).map(\.description)
    if let text = textElement(svg) { problems.append("text (\(text.label))") }
    return problems
  }

  /// The first `<text>` element of `svg` in document order, read from the element outline
  /// (`nil` when there is none or the outline cannot be read): plain paths cannot express
  /// text (issue 34), so an SVG vector falls back to PDF naming it.
  static func textElement(_ svg: LoadedSVG) -> VectorModel.ElementReference? {
    guard !svg.textElements.isEmpty, let outline = try? svg.outline(),
      let text = outline.elements.first(where: { $0.name == "text" })
    else { return nil }
    return VectorModel.ElementReference(
      name: text.name, id: text.attributes["id"], line: text.line, column: text.column)
  }

  /// `artwork` as a plain SVG laid out as `options` say at scale 1 (`SVGImageWriter`: the
  /// canvas is the @1x PNG's size, one unit a pt), template roles and tints in one colour.
  /// `comment` and `glyphComment` are written as XML comments after the start tag (an image
  /// set's fingerprint and glyph text); `target`: the layout when already found (`laidOut`).
  /// - Throws: `GlyphsmithError.unusable` naming the file and what plain paths cannot
  ///   express (or a PNG input); what the layout throws.
  package static func svg(
    _ artwork: Artwork, options: RenderOptions, comment: String? = nil,
    glyphComment: String? = nil, target laid: VectorTarget? = nil
  ) throws -> Data {
    guard let svg = artwork.svg else {
      throw GlyphsmithError.unusable(
        path: artwork.path, problem: "a PNG cannot be written as an SVG vector; use PNG output")
    }
    // Filters, images, masks and text are refused before the model is recorded: recording
    // draws them at the recorder's 4096 device units, which is neither cheap nor needed to say
    // no (text at that scale is past what FreeType draws, and Pango warns on stderr).
    let problems = refusedBeforeRecording(svg)
    if !problems.isEmpty {
      throw GlyphsmithError.unusable(
        path: artwork.path,
        problem: SVGImageWriter.Unexpressible(problems: problems).description)
    }
    var writer = SVGImageWriter(monochrome: monochrome(options), comment: comment)
    writer.secondComment = glyphComment
    do {
      return try writer.write(
        try svg.vectorModel(), to: try laid ?? target(artwork, options: options))
    } catch let error as SVGImageWriter.Unexpressible {
      throw GlyphsmithError.unusable(path: artwork.path, problem: error.description)
    }
  }
}
