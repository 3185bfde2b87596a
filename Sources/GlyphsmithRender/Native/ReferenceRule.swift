import FoundationEssentials
import Glibc
import GlyphsmithCore

/// The rule for files an input names (an SVG's references, a `tableview` spec's icons), for
/// callers outside the rendering layer: no network references, nothing outside the input's
/// folder (symbolic links resolved), no file references from stdin.
package enum ReferenceRule {
  /// Checks `reference`, named by the input at `path`, against `baseDirectory` (the input's
  /// folder; `nil` for stdin).
  /// - Throws: `RenderError.forbiddenReference` naming the reference and the reason.
  package static func check(_ reference: String, path: String, baseDirectory: URL?) throws {
    try ReferencePolicy.checkReference(reference, path: path, baseDirectory: baseDirectory)
  }
}
