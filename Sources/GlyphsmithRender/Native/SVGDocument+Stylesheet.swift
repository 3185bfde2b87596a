import CRsvg
import FoundationEssentials
import Glibc
import GlyphsmithCore

extension SVGDocument {
  /// Adds a user stylesheet to the document (librsvg's `rsvg_handle_set_stylesheet`, CSS
  /// with user-stylesheet precedence), e.g. to hide the elements of one class.
  /// - Throws: `RenderError.invalidSVG` with librsvg's message when the CSS is rejected.
  package func applyStylesheet(_ css: String) throws {
    let bytes = Array(css.utf8)
    let ok = try GErrorBridge.callSVG(path: path) { error in
      bytes.withUnsafeBufferPointer { buffer in
        LibraryClock.measure {
          rsvg_handle_set_stylesheet(handle, buffer.baseAddress, gsize(buffer.count), error)
        }
      }
    }
    if ok == 0 {
      throw RenderError.invalidSVG(path: path, message: "librsvg refused the stylesheet")
    }
  }
}
