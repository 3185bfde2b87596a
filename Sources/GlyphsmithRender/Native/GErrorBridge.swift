import CRsvg
import FoundationEssentials
import Glibc
import GlyphsmithCore

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
          String(cString: $0).trimmingWhitespaceAndNewlines()
        } ?? "unknown error"
      g_error_free(error)
      throw makeError(message)
    }
    return result
  }

  /// `call` for librsvg: a GError becomes `RenderError.invalidSVG` naming `path`; cairo's
  /// "rendering error: NoMemory" (the memory budget reached) and FreeType's refusal of a
  /// glyph too large ("FreetypeError") become `.tooLarge`.
  ///
  /// GLib messages logged meanwhile (`LibraryLog`): Pango's "failed to create cairo scaled
  /// font" (it then draws the text as nothing, exit 0 before) is the same `.tooLarge` as
  /// FreeType's refusal; other messages go on to stderr as GLib writes them.
  static func callSVG<T>(
    path: String, _ body: (UnsafeMutablePointer<UnsafeMutablePointer<GError>?>) -> T
  ) throws -> T {
    let (result, messages) = try LibraryLog.capturing { try uncapturedCallSVG(path: path, body) }
    if messages.contains(where: { $0.contains("failed to create cairo scaled font") }) {
      throw RenderError.tooLarge(path: path, what: textTooLarge)
    }
    LibraryLog.pass(messages)
    return result
  }

  /// What `.tooLarge` says of text FreeType or Pango cannot draw at the output scale.
  static let textTooLarge =
    "text too large for FreeType at this scale (glyphs past about 20,000 px); "
    + "use a smaller font-size or scale"

  private static func uncapturedCallSVG<T>(
    path: String, _ body: (UnsafeMutablePointer<UnsafeMutablePointer<GError>?>) -> T
  ) throws -> T {
    try call(
      { message in
        // Cairo out of memory (the isolation's --max-memory budget reached): not an invalid
        // file, a file too costly for the budget.
        if message.hasSuffix("rendering error: NoMemory") {
          return RenderError.tooLarge(
            path: path,
            what: "rendering ran out of memory (--max-memory); simplify the file or raise "
              + "--max-memory")
        }
        // FreeType refuses glyphs past about 20,000 px at the output scale.
        if message.hasSuffix("rendering error: FreetypeError") {
          return RenderError.tooLarge(path: path, what: textTooLarge)
        }
        return RenderError.invalidSVG(path: path, message: readable(message))
      }, body)
  }

  /// librsvg's XML errors as a person reads them: "XML parse error: Error domain 1 code 77 on
  /// line 1 column 74 of data: Premature end of data in tag svg line 1" becomes "XML parse
  /// error at line 1, column 74: Premature end of data in tag svg line 1" (libxml2's own
  /// message last). Any other message is returned unchanged.
  static func readable(_ message: String) -> String {
    guard let domain = message.firstRange(of: "Error domain "),
      let on = message[domain.upperBound...].firstRange(of: " on line "),
      let column = message[on.upperBound...].firstRange(of: " column "),
      let data = message[column.upperBound...].firstRange(of: " of data: "),
      let line = Int(message[on.upperBound..<column.lowerBound]),
      let col = Int(message[column.upperBound..<data.lowerBound])
    else { return message }
    var what = String(message[..<domain.lowerBound])
    while what.hasSuffix(" ") || what.hasSuffix(":") { what.removeLast() }
    let head = what.isEmpty ? "XML error" : what
    return "\(head) at line \(line), column \(col): \(message[data.upperBound...])"
  }
}
