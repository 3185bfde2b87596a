import FoundationEssentials
import Glibc
import GlyphsmithCore

/// A file format `assets` writes (`OutputFormats.all`): its name (the plan's `format`), its
/// extension, and how it reads back the fingerprint a file of it carries (the up-to-date
/// check, and what marks a file as Glyphsmith's own before it is replaced). Formats drawn
/// from an input file by file are `DrawnOutputFormat`s; the ICO is packed from PNGs
/// (`ICOFormat`).
package protocol OutputFormat: Sendable {
  /// The name: lowercase, unique among `OutputFormats.all` (e.g. `png`).
  var name: String { get }
  /// The file extension, without the dot.
  var fileExtension: String { get }
  /// The fingerprint `data` carries as this format stores it (`AssetsJob.fingerprintKey`),
  /// or `nil` when it carries none (not written by Glyphsmith, or not this format).
  func fingerprint(in data: Data) -> String?
  /// Where the CLI and the project file let it be chosen, by which name, with its phrase in
  /// that option's help (`OutputFormatIndex`, generated from these; `render -f`, `assets
  /// --android-format`, the `format` keys and the schema list them). A `.render` choice needs
  /// a `DrawnOutputFormat` (`standalone`). Empty (the default) for a format a platform writes
  /// by itself.
  var choices: [OutputFormatChoice] { get }
}

extension OutputFormat {
  package var choices: [OutputFormatChoice] { [] }
}

/// An output format drawn from the input for each planned file (PNG, VectorDrawable).
package protocol DrawnOutputFormat: OutputFormat {
  /// Whether files are pixels (they carry the glyph text, `AssetsJob.glyphKey`, and an
  /// imageset's files must be in proportion to their scales).
  var isRaster: Bool { get }
  /// Whether each file records the input's shape and size (`AssetsJob.glyphKey`) for an
  /// unchanged rerun's report: a file of it without one is out of date (PNG, PDF, SVG).
  var recordsGlyph: Bool { get }

  /// Draws and encodes `file` from `source`.
  /// - Throws: a `GlyphsmithError` or `RenderError` naming the input (for a VectorDrawable
  ///   that cannot express it, `.unusable`: an `auto` set then falls back to PNGs).
  func encode(_ file: PlannedAssetFile, from source: OutputSource) throws -> EncodedOutput

  /// The file as found on disk (`data`) when it carries `fingerprint` and is whole, else
  /// `nil` (the file is out of date).
  func existing(_ data: Data, file: PlannedAssetFile, fingerprint: String) -> ExistingOutput?

  /// The file `render -f NAME` writes: `artwork` laid out by `options`, on its own (no
  /// fingerprint, no glyph text), and the renderer's warnings.
  /// - Throws: a `GlyphsmithError` or `RenderError` naming the input.
  func standalone(_ artwork: Artwork, options: RenderOptions, minSdk: Int) throws -> (
    data: Data, warnings: [Diagnostic]
  )
}

extension DrawnOutputFormat {
  /// A raster format records the glyph (`isRaster`); a vector format says so itself.
  package var recordsGlyph: Bool { isRaster }
}

/// What a `DrawnOutputFormat` draws one file from.
package struct OutputSource {
  /// The artwork the file is drawn from (the dark variant for a dark file).
  package var artwork: Artwork
  /// The fingerprint the file must carry.
  package var fingerprint: String
  /// The lowest Android API level a VectorDrawable must work on.
  package var minSdk: Int
  /// The input's shape as found by the first glyph drawn (for the glyph text of PNGs);
  /// `nil` before it.
  package var shape: String?
  /// The input's size in pt as found by the first glyph drawn; `nil` before it.
  package var sizePt: Double?
}

/// One encoded file and what drawing it found.
package struct EncodedOutput {
  /// The file's bytes.
  package var data: Data
  /// Its width in px (a VectorDrawable: its viewport's, in dp; a PDF or SVG: its page's, in
  /// pt).
  package var width: Int
  /// Its height, as `width`.
  package var height: Int
  /// The glyph drawn, for a raster format (warnings, shape and size); `nil` otherwise.
  package var glyph: RenderedGlyph? = nil
  /// What drawing a vector format found (a PDF embedding a filter as an image), in order.
  package var warnings: [Diagnostic] = []
  /// The shape and size in pt a vector format recorded in the file (`AssetsJob.glyphKey`,
  /// taken from the layout as the PNG's glyph gives them); `nil` for a raster format (its
  /// `glyph` says) or one that records none.
  package var recorded: (shape: String?, sizePt: Double?)? = nil
}

/// A file found up to date on disk.
package struct ExistingOutput {
  /// Its width in px (from its header for a PNG; a VectorDrawable: as planned, in dp).
  package var width: Int
  /// Its height, as `width`.
  package var height: Int
  /// The shape and size its glyph text records, for a raster format; `nil` when it has none.
  package var glyph: (shape: String?, sizePt: Double?)?
}
