import FoundationEssentials
import Glibc
import GlyphsmithCore

/// `glyphsmith render`'s work: one icon file to one PNG file, written atomically.
public struct RenderJob: Sendable, Equatable {
  /// The `.svg` or `.png` input, or `-` for stdin.
  public var input: String
  /// The PNG to write, or `-` for stdout.
  public var output: String
  /// How to render.
  public var options: RenderOptions
  /// The output format written, by its `render -f` name (`OutputFormats`, a format with a
  /// `.render` choice): `png`, or `vector-drawable` for an Android VectorDrawable
  /// (`VectorRender.vectorDrawable`, the layout of `options` at scale 1, in dp).
  public var format = "png"
  /// The API level a VectorDrawable must work on (`--min-sdk`; `evenOdd` fills need 24).
  public var minSdk = 21

  /// A job; nothing runs until `run`.
  public init(input: String, output: String, options: RenderOptions) {
    self.input = input
    self.output = output
    self.options = options
  }

  /// Renders and writes the file in `format`.
  /// - Returns: the renderer's warnings, in order.
  /// - Throws: a `GlyphsmithError` naming the input (or the output when it cannot be written).
  public func run() throws -> [Diagnostic] {
    do {
      // With the output size given, a file without one is drawn from its content's bounds.
      let artwork = try Artwork(
        path: input, sizeFromContent: options.widthPx != nil || options.heightPx != nil)
      guard let written = OutputFormats.rendered(format) else {
        throw GlyphsmithError.unusable(
          path: output,
          problem: "no output format '\(format)'; known: "
            + OutputFormats.names(for: .render).joined(separator: ", "))
      }
      let (data, warnings) = try written.standalone(artwork, options: options, minSdk: minSdk)
      try AtomicFile.write(data, toPath: output)
      return warnings
    } catch {
      throw GlyphsmithError.wrap(error, path: input)
    }
  }
}
