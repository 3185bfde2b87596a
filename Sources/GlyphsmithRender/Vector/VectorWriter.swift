import FoundationEssentials
import Glibc
import GlyphsmithCore

/// Where a `VectorWriter` puts a `VectorModel`: the output's size and how the model's canvas
/// maps onto it.
package struct VectorTarget: Sendable, Equatable {
  /// The output's size in the writer's own unit (pt for PDF, dp for an Android
  /// VectorDrawable, px for SVG: each writer's doc comment says which).
  package var size: Size
  /// Where the model's canvas lands: output units per canvas px (`scale`) and the output
  /// position of the canvas's origin (`offsetX`, `offsetY`), y down.
  package var placement: Placement

  /// A target; see the properties.
  package init(size: Size, placement: Placement) {
    self.size = size
    self.placement = placement
  }

  /// The model's own canvas, one output unit per canvas px, nothing moved.
  package init(canvasOf model: VectorModel) {
    self.init(size: model.canvas, placement: Placement(scale: 1, offsetX: 0, offsetY: 0))
  }

  /// `model`'s canvas scaled uniformly to fit `size` and centred in it (the viewBox
  /// letterboxed, as `render` places a plain icon).
  package init(fitting model: VectorModel, into size: Size) {
    let canvas = model.canvas
    let scale = min(size.width / max(canvas.width, 1e-9), size.height / max(canvas.height, 1e-9))
    self.init(
      size: size,
      placement: Placement(
        scale: scale, offsetX: (size.width - canvas.width * scale) / 2,
        offsetY: (size.height - canvas.height * scale) / 2))
  }

  /// `point` (canvas px) in output units.
  package func place(_ point: PathPoint) -> PathPoint {
    PathPoint(
      x: placement.offsetX + placement.scale * point.x,
      y: placement.offsetY + placement.scale * point.y)
  }
}

/// An output format written from an icon's `VectorModel` (PDF or SVG image sets, an Android
/// VectorDrawable, launcher layers, an outline...). One writer per file; registered by one
/// line in `VectorWriters.all` (docs/vector-model.md shows an example).
///
/// A writer reads the model only (never the SVG), is deterministic (same model and target,
/// same bytes) and throws rather than writing something that draws differently: a model that
/// is not `isPlain` is the writer's to refuse or approximate, naming
/// `VectorModel.unexpressed` in its error.
package protocol VectorWriter: Sendable {
  /// The registry key: lowercase, unique among `VectorWriters.all` (e.g. `pdf`).
  var name: String { get }
  /// The file extension the output gets, without the dot (e.g. `pdf`, `xml`).
  var fileExtension: String { get }
  /// The bytes of `model` placed by `target`.
  /// - Throws: a `GlyphsmithError` (or `RenderError`) naming what cannot be written.
  func write(_ model: VectorModel, to target: VectorTarget) throws -> Data
}
