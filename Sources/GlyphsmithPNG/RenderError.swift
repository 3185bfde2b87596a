/// Errors of the rendering layer: every C status and `GError` becomes one of these.
/// Messages are lowercase and name the input when there is one.
///
/// Codable (Swift's synthesised form) so that a worker process hands the error itself to its
/// parent (`WorkerPool`), category and message intact.
public enum RenderError: Error, Equatable, Codable, CustomStringConvertible {
  /// librsvg could not parse or draw the SVG; `message` is librsvg's own text.
  case invalidSVG(path: String, message: String)
  /// libpng could not decode the data; `message` is libpng's own text.
  case invalidPNG(path: String, message: String)
  /// The input is not an SVG or PNG file.
  case unsupportedFormat(path: String)
  /// The input or requested output is larger than Glyphsmith's limit.
  case tooLarge(path: String, what: String)
  /// The SVG declares or references something outside what Glyphsmith allows.
  case forbiddenReference(path: String, reference: String, reason: String)
  /// The SVG has no width, height or viewBox from which to take a size.
  case noUsableSize(path: String, detail: String)
  /// A Cairo call failed; `status` is `cairo_status_to_string`'s text.
  case cairo(status: String)
  /// libpng could not encode the pixels.
  case pngEncode(message: String)
  /// Pango or fontconfig failed.
  case text(message: String)

  /// `cairo_status_to_string(CAIRO_STATUS_NO_MEMORY)`: the `status` of `cairo(status:)` when
  /// Cairo could not allocate (a worker reports it as over its memory budget).
  public static let cairoNoMemory = "out of memory"

  /// The message in compiler form, `path: error: what`.
  public var description: String {
    switch self {
    case .invalidSVG(let path, let message): return "\(path): error: invalid SVG: \(message)"
    case .invalidPNG(let path, let message): return "\(path): error: invalid PNG: \(message)"
    case .unsupportedFormat(let path):
      return "\(path): error: not an SVG or PNG file; give an .svg or .png input"
    case .tooLarge(let path, let what): return "\(path): error: too large: \(what)"
    case .forbiddenReference(let path, let reference, let reason):
      return "\(path): error: refused reference '\(reference)': \(reason)"
    case .noUsableSize(let path, let detail):
      return "\(path): error: no usable size: \(detail)"
    case .cairo(let status): return "error: cairo: \(status)"
    case .pngEncode(let message): return "error: PNG encoding failed: \(message)"
    case .text(let message): return "error: \(message)"
    }
  }
}
