import FoundationEssentials
import Glibc
import GlyphsmithCore

/// PNG, drawn by `GlyphRenderer` and encoded by `PNGCodec` with two tEXt chunks: the
/// fingerprint (`AssetsJob.fingerprintKey`) and the glyph's shape and size
/// (`AssetsJob.glyphKey`).
package struct PNGFormat: DrawnOutputFormat {
  package var name: String { "png" }
  package var fileExtension: String { "png" }
  package var isRaster: Bool { true }
  package var choices: [OutputFormatChoice] {
    [
      OutputFormatChoice(.render, "png", help: "png (default; accepted for rsvg-convert habits)"),
      OutputFormatChoice(.android, "png", help: "png (default): the density PNGs"),
      OutputFormatChoice(.catalog, "png"),
    ]
  }

  /// The `glyphsmith:source` tEXt chunk.
  package func fingerprint(in data: Data) -> String? {
    PNGCodec.text(AssetsJob.fingerprintKey, in: data)
  }

  /// Renders `file` at its render options and encodes it, the glyph text taking the shape
  /// and size known so far (`source`), else this glyph's.
  /// - Throws: what `GlyphRenderer.render` and `PNGCodec.encode` throw.
  package func encode(_ file: PlannedAssetFile, from source: OutputSource) throws
    -> EncodedOutput
  {
    let glyph = try GlyphRenderer.render(source.artwork, options: file.render)
    let shape = source.shape ?? glyph.shape?.rawValue
    let sizePt = source.sizePt ?? AssetsJob.sizePt(glyph)
    let png = try PNGCodec.encode(
      glyph.image, opaque: file.opaque,
      text: [
        (AssetsJob.fingerprintKey, source.fingerprint),
        (AssetsJob.glyphKey, AssetsJob.glyphText(shape: shape, sizePt: sizePt)),
      ])
    return EncodedOutput(
      data: png, width: glyph.image.width, height: glyph.image.height, glyph: glyph)
  }

  /// The PNG's header size and glyph text, when it carries `fingerprint`.
  package func existing(_ data: Data, file: PlannedAssetFile, fingerprint: String)
    -> ExistingOutput?
  {
    guard self.fingerprint(in: data) == fingerprint, let size = PNGCodec.size(of: data) else {
      return nil
    }
    let glyph = PNGCodec.text(AssetsJob.glyphKey, in: data).flatMap(AssetsJob.parseGlyphText)
    return ExistingOutput(width: size.width, height: size.height, glyph: glyph)
  }

  /// The glyph as a PNG without text chunks.
  package func standalone(_ artwork: Artwork, options: RenderOptions, minSdk: Int) throws -> (
    data: Data, warnings: [Diagnostic]
  ) {
    let glyph = try GlyphRenderer.render(artwork, options: options)
    return (try PNGCodec.encode(glyph.image), glyph.diagnostics)
  }
}
