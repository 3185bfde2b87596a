import FoundationEssentials
import Glibc
import GlyphsmithCore
import GlyphsmithRender

/// An icon as filled outlines only, for icon-font tools (svgicons2svgfont, fantasticon) and
/// pipelines that cannot take strokes: every stroke of the `VectorModel` becomes its filled
/// outline (FreeType's stroker, `OutlineStroker`, as custom symbols do), even-odd fills are
/// reoriented for the nonzero rule (`EvenOddContours`; one whose contours cross stays an
/// even-odd path of its own, with a note), and each run of paths of one paint
/// colour (consecutive in drawing order, so the stacking is kept) is one `<path>` with the
/// nonzero rule, until a shape whose control bounds meet those of a shape already in it: that
/// shape starts the next `<path>` of the colour. Overlapping shapes are thus drawn one over
/// the other as in the source, where each one's anti-aliased edge blends on its own (a
/// union in one path covers a shared edge pixel once, which at 16 px made Lucide's
/// coincident edges up to 3.5 % lighter than the source); shapes that do not meet add up the
/// same either way. Every painted shape's contours are turned so that it winds the same way
/// as the others (positive signed area in y-down px), so the shapes of one path, and an
/// icon-font tool's union of all of them, add up under the nonzero rule instead of
/// cancelling where they overlap.
///
/// The output keeps the input's canvas: `width`, `height` and `viewBox` are the model's
/// canvas in px, so the outline renders where and as large as the source. No `stroke`
/// attribute is written. Dashed strokes and what plain paths cannot express
/// (`VectorModel.unexpressed`, gradient paints) are an `Unexpressible` error naming them.
/// Deterministic: the same model gives the same bytes.
package struct OutlineWriter: VectorWriter {
  /// A writer.
  package init() {}

  /// `outline`.
  package var name: String { "outline" }
  /// `svg`.
  package var fileExtension: String { "svg" }

  /// The outline SVG of `model`, placed by `target` (px), UTF-8.
  /// - Throws: `SVGImageWriter.Unexpressible` naming what cannot be outlined;
  ///   `RenderError.text` when FreeType fails.
  package func write(_ model: VectorModel, to target: VectorTarget) throws -> Data {
    try outline(model, to: target).data
  }

  /// `write`'s bytes and its notes: one per even-odd fill whose contours cross, which no
  /// reorientation makes nonzero (`EvenOddContours`): that fill is kept as its own `<path
  /// fill-rule="evenodd">`, so the picture stays right, and the note says which drawing.
  /// - Throws: as `write`.
  package func outline(_ model: VectorModel, to target: VectorTarget) throws -> (
    data: Data, notes: [String]
  ) {
    var notes: [String] = []
    var problems = model.unexpressed.map(\.description)
    if let first = model.paths.first(where: { $0.color == nil }) {
      problems.append("gradient or pattern strokes (drawing \(first.order + 1))")
    }
    if let first = model.paths.first(where: {
      if case .stroke(_, dashed: true) = $0.paint { return true }
      return false
    }) {
      problems.append("dashed strokes (drawing \(first.order + 1))")
    }
    guard problems.isEmpty else {
      throw SVGImageWriter.Unexpressible(problems: problems)
    }
    let stroker = try OutlineStroker()
    var runs: [(color: PaintColor, path: [PathElement], evenOdd: Bool, bounds: [Rect])] = []
    for painted in model.paths {
      var shape: VectorPath
      var evenOdd = false
      switch painted.paint {
      case .fill(true):
        if let nonzero = try? EvenOddContours.nonzero(painted.path) {
          shape = nonzero
        } else {
          shape = painted.path
          evenOdd = true
          notes.append(
            "drawing \(painted.order + 1) is an even-odd fill whose contours cross; kept even-odd"
              + " (no reorientation makes it nonzero)")
        }
      case .fill(false):
        shape = painted.path
      case .stroke(let style, _):
        shape = try stroker.stroke(painted.path, style: style)
      }
      shape = VectorPath(shape.subpaths.flatMap(\.elements))
      if !evenOdd { shape = Self.positive(shape) }
      guard !shape.isEmpty else { continue }
      let color = painted.color ?? .black
      let bounds = shape.controlBounds
      if let last = runs.last, last.color == color, !last.evenOdd, !evenOdd,
        let bounds, !last.bounds.contains(where: { Self.intersect($0, bounds) })
      {
        runs[runs.count - 1].path += shape.elements
        runs[runs.count - 1].bounds.append(bounds)
      } else {
        runs.append((color, shape.elements, evenOdd, bounds.map { [$0] } ?? []))
      }
    }
    let width = VectorDrawableWriter.number(target.size.width)
    let height = VectorDrawableWriter.number(target.size.height)
    var lines = [
      "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(width)\" height=\"\(height)\""
        + " viewBox=\"0 0 \(width) \(height)\">"
    ]
    for run in runs {
      let d = VectorPath(run.path).map(target.place).svgData(decimals: 3)
      var attributes = ["d=\"\(d)\"", "fill=\"\(run.color.hexRGB)\""]
      if run.color.alpha < 1 {
        attributes.append("fill-opacity=\"\(SVGImageWriter.unit(run.color.alpha))\"")
      }
      if run.evenOdd { attributes.append("fill-rule=\"evenodd\"") }
      lines.append("<path " + attributes.joined(separator: " ") + "/>")
    }
    lines.append("</svg>")
    return (Data((lines.joined(separator: "\n") + "\n").utf8), notes)
  }

  /// Whether `a` and `b` share any point (edges touching count).
  static func intersect(_ a: Rect, _ b: Rect) -> Bool {
    a.x <= b.maxX && b.x <= a.maxX && a.y <= b.maxY && b.y <= a.maxY
  }

  /// `shape` with every contour reversed when the signed areas of its contours (curves
  /// sampled, `PathOrientation.polygon`) sum below zero: its filled region then winds
  /// positively, as every other shape's does.
  static func positive(_ shape: VectorPath) -> VectorPath {
    let subpaths = shape.subpaths
    let area = subpaths.reduce(0) { $0 + PathOrientation.area(PathOrientation.polygon($1)) }
    guard area < 0 else { return shape }
    return VectorPath(subpaths.flatMap { PathOrientation.reversed($0).elements })
  }
}
