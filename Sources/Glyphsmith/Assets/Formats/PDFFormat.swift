import FoundationEssentials
import Glibc
import GlyphsmithCore

/// PDF, one page drawn by librsvg onto Cairo's PDF surface (`VectorRender.pdf`): the page is
/// the @1x PNG's size in pt and the art sits where it sits in the PNG, so Xcode draws the
/// vector at every scale as the PNGs would show it (Apple "Asset Catalog Format Reference":
/// a PDF's page size is its point size). The fingerprint is the document information's
/// `/Keywords (glyphsmith:source=FINGERPRINT)`.
package struct PDFFormat: DrawnOutputFormat {
  package var name: String { "pdf" }
  package var fileExtension: String { "pdf" }
  package var isRaster: Bool { false }
  package var recordsGlyph: Bool { true }
  package var choices: [OutputFormatChoice] {
    [
      OutputFormatChoice(
        .render, "pdf",
        help: "pdf: one page of the @1x PNG's size in pt, vectors kept (librsvg on Cairo's PDF"
          + " surface), no date"),
      OutputFormatChoice(.catalog, "pdf"),
    ]
  }

  /// The opening of the keywords entry, up to the fingerprint.
  private static let opening = Data("/Keywords (\(AssetsJob.fingerprintKey)=".utf8)

  /// The fingerprint in `/Keywords`, when the file is a PDF that has one.
  package func fingerprint(in data: Data) -> String? {
    guard data.starts(with: Data("%PDF-".utf8)), let start = data.firstRange(of: Self.opening),
      let end = data[start.upperBound...].firstRange(of: Data(")".utf8))
    else { return nil }
    return String(decoding: data[start.upperBound..<end.lowerBound], as: UTF8.self)
  }

  /// The shape and size in `/Subject (glyphsmith:glyph=shape=S sizePt=N)`, when it has one.
  func glyph(in data: Data) -> (shape: String?, sizePt: Double?)? {
    let opening = Data("/Subject (\(AssetsJob.glyphKey)=".utf8)
    guard let start = data.firstRange(of: opening),
      let end = data[start.upperBound...].firstRange(of: Data(")".utf8))
    else { return nil }
    return AssetsJob.parseGlyphText(
      String(decoding: data[start.upperBound..<end.lowerBound], as: UTF8.self))
  }

  /// The PDF of `file` (laid out by its render options at scale 1), carrying the fingerprint.
  /// - Throws: what `VectorRender.pdf` throws.
  package func encode(_ file: PlannedAssetFile, from source: OutputSource) throws
    -> EncodedOutput
  {
    let laid = try VectorRender.laidOut(source.artwork, options: file.render)
    let glyph: (shape: String?, sizePt: Double?) = (
      source.shape ?? laid.shape, source.sizePt ?? laid.sizePt
    )
    let (data, warnings) = try VectorRender.pdf(
      source.artwork, options: file.render,
      keywords: AssetsJob.fingerprintKey + "=" + source.fingerprint,
      subject: AssetsJob.glyphKey + "=" + AssetsJob.glyphText(glyph), target: laid.target)
    let size = VectorPageSize.wholeSize(of: data, fileExtension: fileExtension)
    var encoded = EncodedOutput(data: data, width: size.width, height: size.height)
    encoded.warnings = warnings
    encoded.recorded = glyph
    return encoded
  }

  /// The page size in pt (the @1x px), when the file carries `fingerprint` and ends as a PDF does.
  package func existing(_ data: Data, file: PlannedAssetFile, fingerprint: String)
    -> ExistingOutput?
  {
    guard self.fingerprint(in: data) == fingerprint,
      data.suffix(16).firstRange(of: Data("%%EOF".utf8)) != nil
    else { return nil }
    let size = VectorPageSize.wholeSize(of: data, fileExtension: fileExtension)
    return ExistingOutput(width: size.width, height: size.height, glyph: glyph(in: data))
  }

  /// The PDF without a fingerprint.
  package func standalone(_ artwork: Artwork, options: RenderOptions, minSdk: Int) throws -> (
    data: Data, warnings: [Diagnostic]
  ) {
    let (data, warnings) = try VectorRender.pdf(artwork, options: options)
    return (data, artwork.diagnostics + warnings)
  }
}
