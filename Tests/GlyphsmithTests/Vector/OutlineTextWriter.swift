import Foundation
import GlyphsmithRender

@testable import Glyphsmith

/// A test-only `VectorWriter`, the whole of what a new output format needs besides its one
/// registry line (docs/vector-model.md): each painted path as one text line, `fill` (with
/// `evenodd` when so) or `stroke WIDTH`, the colour, then the path data placed by the target.
struct OutlineTextWriter: VectorWriter {
  var name: String { "outline-text" }
  var fileExtension: String { "txt" }

  func write(_ model: VectorModel, to target: VectorTarget) throws -> Data {
    guard model.isPlain else {
      throw GlyphsmithError.unusable(
        path: "model",
        problem: "uses " + model.unexpressed.map(\.description).joined(separator: ", "))
    }
    var lines = ["size \(target.size.width) \(target.size.height)"]
    for painted in model.paths {
      let paint: String
      switch painted.paint {
      case .fill(let evenOdd): paint = evenOdd ? "fill evenodd" : "fill"
      case .stroke(let style, _):
        let width = (style.width * target.placement.scale * 1000).rounded() / 1000
        paint = "stroke " + (width == width.rounded() ? String(Int(width)) : String(width))
      }
      let colour = painted.color?.hexRGB ?? "none"
      lines.append("\(paint) \(colour) \(painted.path.map(target.place).svgData(decimals: 2))")
    }
    return Data((lines.joined(separator: "\n") + "\n").utf8)
  }
}
