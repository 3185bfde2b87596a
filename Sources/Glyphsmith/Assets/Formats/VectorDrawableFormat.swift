import FoundationEssentials
import Glibc
import GlyphsmithCore

/// Android's VectorDrawable (`res/drawable/NAME.xml`), written from the input's vector model
/// (`VectorRender.vectorDrawable`) with the fingerprint in a comment,
/// `<!-- glyphsmith:source=FINGERPRINT -->`.
package struct VectorDrawableFormat: DrawnOutputFormat {
  package var name: String { "vector-drawable" }
  package var fileExtension: String { "xml" }
  package var isRaster: Bool { false }
  package var choices: [OutputFormatChoice] {
    [
      OutputFormatChoice(
        .render, "vector-drawable",
        help: "vector-drawable: an Android VectorDrawable XML in dp, laid out as the PNG at @1x"
          + " (role, size, padding), template roles one colour, clip paths, gradients (API 24)"
          + " and shape opacity kept; what it cannot express (masks, filters, images, patterns,"
          + " dashes, text) is an error naming the element"),
      OutputFormatChoice(
        .android, "vector",
        help: "vector: res/drawable/NAME.xml, a VectorDrawable at the same size in dp (template"
          + " roles one tint-able colour; clip paths, gradients from --min-sdk 24 and shape"
          + " opacity kept), an input it cannot express (masks, filters, images, patterns,"
          + " dashes, text) failing with the element named"),
      // The registry's own name, for the project file and `--android-format` alike (issue 39).
      OutputFormatChoice(
        .android, "vector-drawable", help: "vector-drawable: the same as vector"),
    ]
  }

  /// The comment's opening, up to the fingerprint.
  private static let opening = Data("<!-- \(AssetsJob.fingerprintKey)=".utf8)

  /// The fingerprint in the comment.
  package func fingerprint(in data: Data) -> String? {
    guard let start = data.firstRange(of: Self.opening),
      let end = data[start.upperBound...].firstRange(of: Data(" -->".utf8))
    else { return nil }
    return String(decoding: data[start.upperBound..<end.lowerBound], as: UTF8.self)
  }

  /// The VectorDrawable of `file` (laid out by its render options at scale 1).
  /// - Throws: `GlyphsmithError.unusable` naming the input when the model cannot be
  ///   expressed (or the input is a PNG).
  package func encode(_ file: PlannedAssetFile, from source: OutputSource) throws
    -> EncodedOutput
  {
    let data = try VectorRender.vectorDrawable(
      source.artwork, options: file.render, minSdk: source.minSdk,
      comment: AssetsJob.fingerprintKey + "=" + source.fingerprint)
    return EncodedOutput(
      data: data, width: file.render.widthPx ?? 0, height: file.render.heightPx ?? 0)
  }

  /// The planned size, when the file carries `fingerprint`.
  package func existing(_ data: Data, file: PlannedAssetFile, fingerprint: String)
    -> ExistingOutput?
  {
    guard data.firstRange(of: Data("<!-- \(AssetsJob.fingerprintKey)=\(fingerprint) -->".utf8)) != nil
    else { return nil }
    return ExistingOutput(
      width: file.render.widthPx ?? 0, height: file.render.heightPx ?? 0, glyph: nil)
  }

  /// The VectorDrawable without the fingerprint comment.
  package func standalone(_ artwork: Artwork, options: RenderOptions, minSdk: Int) throws -> (
    data: Data, warnings: [Diagnostic]
  ) {
    (
      try VectorRender.vectorDrawable(artwork, options: options, minSdk: minSdk),
      artwork.diagnostics
    )
  }
}
