import FoundationEssentials
import Glibc
import GlyphsmithCore

/// One drawn file of an output set (a PNG, a VectorDrawable), before rendering.
package struct PlannedAssetFile: Sendable {
  /// The file name inside the set's folder.
  package var name: String
  /// How to render it (scale, pt or px size, background, ...).
  package var render: RenderOptions
  /// Rendered from the input's dark variant (`AssetInput.darkPath`) instead of the input.
  package var dark: Bool
  /// Written as RGB without alpha (for opaque icons).
  package var opaque: Bool
  /// The path the report gives for this file.
  package var reportPath: String
  /// The format it is drawn and encoded in (`OutputFormats`): PNG unless set, e.g. an
  /// Android VectorDrawable, laid out by `render` at scale 1.
  package var format: any DrawnOutputFormat = OutputFormats.png

  /// A file `name` rendered with `render`; `reportPath` is usually `folder/name`.
  package init(
    name: String, render: RenderOptions, dark: Bool = false, opaque: Bool = false,
    reportPath: String
  ) {
    self.name = name
    self.render = render
    self.dark = dark
    self.opaque = opaque
    self.reportPath = reportPath
  }
}
