import FoundationEssentials
import Glibc

/// Errors of the engine. Messages are lowercase, name the file, and end with the fix.
/// Each case has a `FailureCategory` (see `GlyphsmithFailure`); all map to exit code 2.
/// Codable (Swift's synthesised form) so that a worker process hands the error itself to its
/// parent, which prints it and takes the exit code from its category, never from its text.
public enum GlyphsmithError: Error, Equatable, Codable, CustomStringConvertible {
  /// The file could not be read at all.
  case unreadable(path: String, reason: String)
  /// The artwork draws nothing, so there is nothing to fit.
  case emptyArtwork(path: String)
  /// Two inputs map to the same asset name (exactly, or differing only in case).
  case nameCollision(name: String, first: String, second: String)
  /// A colour string is not `#RRGGBB` or `#RRGGBBAA`.
  case invalidColor(String)
  /// An option value or combination the engine cannot use.
  case invalidOption(String)
  /// A file or folder could not be written.
  case writeFailed(path: String, reason: String)
  /// An error from the rendering layer.
  case render(RenderError)
  /// The job cannot be done for the inputs as given (`problem` ends with the fix), e.g. a
  /// contact sheet over the size limit or with nothing to draw; `path` is the output, or the
  /// input when the input is why (an SVG whose viewBox librsvg cannot draw at its size).
  case unusable(path: String, problem: String)

  /// The message in compiler form, `path: error: what; the fix`.
  public var description: String {
    switch self {
    case .unreadable(let path, let reason): return "\(path): error: cannot read: \(reason)"
    case .emptyArtwork(let path):
      return "\(path): error: the artwork draws nothing (no visible ink); check the file"
    case .nameCollision(let name, let first, let second):
      if first.utf8.elementsEqual(second.utf8) {
        return "\(second): error: given twice (asset name '\(name)'); give each file once"
      }
      if first == second {
        // Canonically equivalent, different bytes: one name saved as NFC, the other as NFD.
        func form(_ path: String) -> String {
          path.utf8.elementsEqual(path.canonicalComposition.utf8) ? "NFC" : "NFD"
        }
        return
          "\(second) (\(form(second))): error: asset name '\(name)' collides with \(first) (\(form(first))): the two file names are the same text in different Unicode normalisation forms; keep one of them"
      }
      return
        "\(second): error: asset name '\(name)' collides with \(first) (asset names must differ, and in more than letter case); rename one of them"
    case .invalidColor(let text):
      return "error: invalid colour '\(text)'; use \(ColorParser.forms)"
    case .invalidOption(let message): return "error: \(message)"
    case .writeFailed(let path, let reason): return "\(path): error: cannot write: \(reason)"
    case .render(let error): return error.description
    case .unusable(let path, let problem): return "\(path): error: \(problem)"
    }
  }
}

extension GlyphsmithError {
  /// Wraps any error as a `GlyphsmithError`, keeping the rendering layer's message.
  public static func wrap(_ error: Error, path: String) -> GlyphsmithError {
    if let error = error as? GlyphsmithError { return error }
    if let error = error as? RenderError { return .render(error) }
    return .unreadable(path: path, reason: "\(error)")
  }

  /// Wraps an error of drawing and writing the PNG `output`, blaming a canvas or text that is
  /// too large (the rendering layer does not know the output, so it names `-`) on `output`, or
  /// on `command` (e.g. "glyphsmith badge") when `output` is `-` (stdout).
  package static func wrap(_ error: Error, output: String, command: String) -> GlyphsmithError {
    let blamed = output == "-" ? command : output
    switch error {
    case RenderError.tooLarge(path: "-", let what),
      GlyphsmithError.render(.tooLarge(path: "-", let what)):
      return .render(.tooLarge(path: blamed, what: what))
    default:
      return wrap(error, path: "-")
    }
  }
}
