import FoundationEssentials
import Glibc
import GlyphsmithCore

/// Whether an Icon Composer bundle's SVG layer loads and renders, for `validate`
/// (`IconBundleCheck`): loaded as every SVG input is (`Artwork`, which reads it through
/// `LoadedSVG` with librsvg and the reference policy), then drawn to measure its ink.
package enum IconLayerCheck {
  /// `nil` when the SVG at `path` loads and draws; else why not, a phrase without the path
  /// (`not a PNG or SVG file (by its content); give an SVG or PNG icon`). A layer that draws
  /// nothing renders (Icon Composer takes it), so it is no finding.
  package static func svg(_ path: String) -> String? {
    do {
      let artwork = try Artwork(path: path)
      _ = try artwork.ink()
      return nil
    } catch {
      return IconBundleCheck.reason(error, path: path)
    }
  }
}
