import CRsvg
import Foundation

/// Turns a `GError**` out-parameter into a Swift error: copies the message, frees the error.
enum GErrorBridge {
  /// Calls `body` with a `GError**`; if the call set an error (or returned false), throws
  /// `makeError(message)` after freeing the GError.
  static func call<T>(
    _ makeError: (String) -> RenderError,
    _ body: (UnsafeMutablePointer<UnsafeMutablePointer<GError>?>) -> T
  ) throws -> T {
    var error: UnsafeMutablePointer<GError>? = nil
    let result = body(&error)
    if let error {
      let message =
        error.pointee.message.map {
          String(cString: $0).trimmingCharacters(in: .whitespacesAndNewlines)
        } ?? "unknown error"
      g_error_free(error)
      throw makeError(message)
    }
    return result
  }

  /// `call` for librsvg: a GError becomes `RenderError.invalidSVG` naming `path`.
  static func callSVG<T>(
    path: String, _ body: (UnsafeMutablePointer<UnsafeMutablePointer<GError>?>) -> T
  ) throws -> T {
    try call({ RenderError.invalidSVG(path: path, message: $0) }, body)
  }
}
