import CCairo
import FoundationEssentials
import Glibc
import GlyphsmithCore

/// One SVG drawn by librsvg onto one page of Cairo's PDF surface
/// (`cairo_pdf_surface_create_for_stream`): what librsvg draws as paths stays paths (fills,
/// strokes, gradients, clips and masks are PDF operators), so the page is a vector at any
/// size. The page is `page` pt (1 pt = 1 px of the @1x PNG, Apple "Asset Catalog Format
/// Reference": a PDF's page size is its point size).
///
/// Deterministic: Cairo 1.16 writes the time of the run as `/CreationDate` unless
/// `cairo_pdf_surface_set_metadata(CAIRO_PDF_METADATA_CREATE_DATE, ...)` replaces it; a
/// value that is not an ISO 8601 date makes Cairo write none, so no date is written and the
/// same input gives the same bytes. Cairo 1.16 writes no `/ID` and no object streams.
///
/// Bounded: librsvg draws a filter's result as an image at the context's resolution (1 px per
/// pt here); what Cairo itself must rasterize (unsupported operators) is embedded at
/// `fallbackResolution` ppi (@4x), not Cairo's default of 300 ppi.
package enum PDFPageWriter {
  /// The resolution in pixels per inch of what Cairo must rasterize: 288, four pixels per
  /// point (the @3x PNG's resolution and a little more).
  package static let fallbackResolution = 288.0

  /// A PDF of one `page`-sized page (pt) with `document` drawn on it, its intrinsic canvas
  /// placed by `placement` (pt per canvas px, offsets in pt, y down). `monochrome`: every
  /// painted pixel gets this colour with its coverage kept (a template image's black, or a
  /// tint; `GlyphRenderer.recolour` on the PNG), through a mask of the drawn group, which
  /// Cairo writes as a vector soft mask. `keywords` and `subject` go into the document
  /// information dictionary (`/Keywords`, `/Subject`), e.g. the fingerprint.
  /// - Throws: `RenderError.invalidSVG` when librsvg fails, `.cairo` when the surface fails.
  package static func pdf(
    _ document: SVGDocument, page: Size, placement: Placement,
    monochrome: PaintColor? = nil, keywords: String? = nil, subject: String? = nil
  ) throws -> Data {
    let sink = Sink()
    let write: cairo_write_func_t = { closure, bytes, length in
      guard let closure, let bytes else { return CAIRO_STATUS_WRITE_ERROR }
      Unmanaged<Sink>.fromOpaque(closure).takeUnretainedValue().data.append(
        bytes, count: Int(length))
      return CAIRO_STATUS_SUCCESS
    }
    do {
      guard
        let surface = cairo_pdf_surface_create_for_stream(
          write, Unmanaged.passUnretained(sink).toOpaque(), page.width, page.height)
      else { throw RenderError.cairo(status: RenderError.cairoNoMemory) }
      defer { cairo_surface_destroy(surface) }
      try check(cairo_surface_status(surface))
      // Not a date: Cairo then writes no /CreationDate (cairo-pdf-interchange.c,
      // iso8601_to_pdf_date_string returns NULL).
      cairo_pdf_surface_set_metadata(surface, CAIRO_PDF_METADATA_CREATE_DATE, "none")
      if let keywords {
        cairo_pdf_surface_set_metadata(surface, CAIRO_PDF_METADATA_KEYWORDS, keywords)
      }
      if let subject {
        cairo_pdf_surface_set_metadata(surface, CAIRO_PDF_METADATA_SUBJECT, subject)
      }
      cairo_surface_set_fallback_resolution(surface, fallbackResolution, fallbackResolution)
      guard let cr = cairo_create(surface) else {
        throw RenderError.cairo(status: RenderError.cairoNoMemory)
      }
      defer { cairo_destroy(cr) }
      if let colour = monochrome {
        cairo_push_group(cr)
        try document.draw(context: cr, placement: placement)
        let group = cairo_pop_group(cr)
        defer { cairo_pattern_destroy(group) }
        cairo_set_source_rgba(cr, colour.red, colour.green, colour.blue, colour.alpha)
        cairo_mask(cr, group)
      } else {
        try document.draw(context: cr, placement: placement)
      }
      try check(cairo_status(cr))
      cairo_show_page(cr)
      LibraryClock.measure { cairo_surface_finish(surface) }
      try check(cairo_surface_status(surface))
    }
    return sink.data
  }

  /// The bytes Cairo writes.
  private final class Sink {
    var data = Data()
  }

  private static func check(_ status: cairo_status_t) throws {
    guard status == CAIRO_STATUS_SUCCESS else {
      throw RenderError.cairo(status: String(cString: cairo_status_to_string(status)))
    }
  }
}
