import Foundation

/// One PNG (or VectorDrawable) file of an output set, before rendering.
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
  /// Written as an Android VectorDrawable (`VectorRender.vectorDrawable`, laid out by
  /// `render` at scale 1) instead of a PNG.
  package var vector = false

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
