import FoundationEssentials
import Glibc
import GlyphsmithCore

/// A plain SVG written from the input's vector model (`VectorRender.svg`, `SVGImageWriter`):
/// the canvas is the @1x PNG's size in pt, the art where the PNG has it, plain filled and
/// stroked paths only (what Xcode's SVG renderer draws right). The fingerprint is a comment,
/// `<!-- glyphsmith:source=FINGERPRINT -->`. An input plain paths cannot express fails with
/// `GlyphsmithError.unusable` naming what; an image set then falls back to PDF.
package struct SVGFormat: DrawnOutputFormat {
  package var name: String { "svg" }
  package var fileExtension: String { "svg" }
  package var isRaster: Bool { false }
  package var recordsGlyph: Bool { true }
  package var choices: [OutputFormatChoice] {
    [
      OutputFormatChoice(
        .render, "svg",
        help: "svg: plain filled and stroked paths in pt, laid out as the PNG at @1x; what"
          + " paths cannot express (masks, clipping, filters, images, gradients, text) is an"
          + " error naming the element"),
      OutputFormatChoice(.catalog, "svg"),
    ]
  }

  /// The comment's opening, up to the fingerprint.
  private static let opening = Data("<svg xmlns=\"http://www.w3.org/2000/svg\"".utf8)

  /// The fingerprint in the comment of an SVG this format wrote.
  package func fingerprint(in data: Data) -> String? {
    guard data.starts(with: Self.opening),
      let start = data.firstRange(of: Data("<!-- \(AssetsJob.fingerprintKey)=".utf8)),
      let end = data[start.upperBound...].firstRange(of: Data(" -->".utf8))
    else { return nil }
    return String(decoding: data[start.upperBound..<end.lowerBound], as: UTF8.self)
  }

  /// The shape and size in the comment `<!-- glyphsmith:glyph=shape=S sizePt=N -->`, when
  /// it has one.
  func glyph(in data: Data) -> (shape: String?, sizePt: Double?)? {
    guard let start = data.firstRange(of: Data("<!-- \(AssetsJob.glyphKey)=".utf8)),
      let end = data[start.upperBound...].firstRange(of: Data(" -->".utf8))
    else { return nil }
    return AssetsJob.parseGlyphText(
      String(decoding: data[start.upperBound..<end.lowerBound], as: UTF8.self))
  }

  /// The SVG of `file` (laid out by its render options at scale 1), carrying the fingerprint.
  /// - Throws: `GlyphsmithError.unusable` naming the input and what plain paths cannot
  ///   express.
  package func encode(_ file: PlannedAssetFile, from source: OutputSource) throws
    -> EncodedOutput
  {
    let laid = try VectorRender.laidOut(source.artwork, options: file.render)
    let glyph: (shape: String?, sizePt: Double?) = (
      source.shape ?? laid.shape, source.sizePt ?? laid.sizePt
    )
    let data = try VectorRender.svg(
      source.artwork, options: file.render,
      comment: AssetsJob.fingerprintKey + "=" + source.fingerprint,
      glyphComment: AssetsJob.glyphKey + "=" + AssetsJob.glyphText(glyph), target: laid.target)
    let size = VectorPageSize.wholeSize(of: data, fileExtension: fileExtension)
    var encoded = EncodedOutput(data: data, width: size.width, height: size.height)
    encoded.recorded = glyph
    return encoded
  }

  /// The page size in pt (the @1x px), when the file carries `fingerprint` and is whole.
  package func existing(_ data: Data, file: PlannedAssetFile, fingerprint: String)
    -> ExistingOutput?
  {
    guard self.fingerprint(in: data) == fingerprint, data.suffix(7) == Data("</svg>\n".utf8)
    else { return nil }
    let size = VectorPageSize.wholeSize(of: data, fileExtension: fileExtension)
    return ExistingOutput(width: size.width, height: size.height, glyph: glyph(in: data))
  }

  /// The SVG without the fingerprint comment.
  package func standalone(_ artwork: Artwork, options: RenderOptions, minSdk: Int) throws -> (
    data: Data, warnings: [Diagnostic]
  ) {
    (try VectorRender.svg(artwork, options: options), artwork.diagnostics)
  }
}
