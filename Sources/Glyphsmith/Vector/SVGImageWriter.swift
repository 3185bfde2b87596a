import FoundationEssentials
import Glibc
import GlyphsmithCore
import GlyphsmithRender

/// A plain SVG written from an icon's `VectorModel`: one `<path>` per painted path in drawing
/// order, filled or stroked with a solid colour, every transform, `<use>`, unit and CSS rule
/// already resolved by librsvg (the model). The output unit is the pt of the image set (one
/// px of the @1x PNG): `width`, `height` and the `viewBox` are the target's size, so the
/// canvas is exactly the @1x PNG's and the art sits where it sits in the PNG.
///
/// The subset Xcode's own SVG renderer (CoreSVG, iOS 13+) draws right: absolute `M`, `L`,
/// `C`, `Z` path data (numbers with at most 3 decimals, `VectorPath.svgData`), `fill`,
/// `fill-opacity`, `fill-rule`, `stroke`, `stroke-opacity`, `stroke-width`,
/// `stroke-linecap`, `stroke-linejoin`, `stroke-miterlimit`, `stroke-dasharray`,
/// `stroke-dashoffset`; no groups, transforms, masks, clips, filters, gradients, text or
/// images (docs/formats.md of the project guide, "Vector image sets").
///
/// What plain paths cannot express (`VectorModel.unexpressed`, and gradient strokes) is an
/// `Unexpressible` error naming each thing, never an approximation (an image set then falls
/// back to PDF, `SVGFormat`). Deterministic: the same model and
/// target give the same bytes.
package struct SVGImageWriter: VectorWriter {
  /// Paint every path in this colour, each path's own opacity kept (a template image's
  /// black, or a tint); `nil` keeps the artwork's colours.
  package var monochrome: PaintColor?
  /// A line written as an XML comment after the `<svg>` start tag (the fingerprint `assets`
  /// checks on a rerun); `nil` for none. Must not contain `--`.
  package var comment: String?
  /// A second comment line, after `comment` (an image set's `glyphsmith:glyph=shape=S
  /// sizePt=N`, what an unchanged rerun reports); `nil` for none. Must not contain `--`.
  package var secondComment: String?

  /// What the model holds that plain paths cannot draw, each thing named.
  package struct Unexpressible: Error, CustomStringConvertible {
    /// The things, e.g. `filters (<filter id="f"> line 3)`.
    package var problems: [String]
    /// `plain SVG paths cannot express A, B`.
    package var description: String {
      "plain SVG paths cannot express " + problems.joined(separator: ", ")
    }
  }

  /// A writer; see the properties.
  package init(monochrome: PaintColor? = nil, comment: String? = nil) {
    self.monochrome = monochrome
    self.comment = comment
  }

  /// `svg`.
  package var name: String { "svg" }
  /// `svg`.
  package var fileExtension: String { "svg" }

  /// The SVG of `model` placed by `target` (its size in pt), UTF-8, one element a line.
  /// - Throws: `Unexpressible` when the model is not plain or a path has no solid colour.
  package func write(_ model: VectorModel, to target: VectorTarget) throws -> Data {
    var problems = model.unexpressed.map(\.description)
    if monochrome == nil, let first = model.paths.first(where: { $0.color == nil }) {
      problems.append("gradient or pattern strokes (drawing \(first.order + 1))")
    }
    guard problems.isEmpty else { throw Unexpressible(problems: problems) }
    let width = VectorDrawableWriter.number(target.size.width)
    let height = VectorDrawableWriter.number(target.size.height)
    var lines = [
      "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(width)\" height=\"\(height)\""
        + " viewBox=\"0 0 \(width) \(height)\">"
    ]
    if let comment { lines.append("<!-- \(comment) -->") }
    if let secondComment { lines.append("<!-- \(secondComment) -->") }
    for painted in model.paths {
      let path = VectorPath(painted.path.map(target.place).subpaths.flatMap(\.elements))
      guard !path.isEmpty else { continue }
      let color =
        monochrome.map {
          PaintColor(
            red: $0.red, green: $0.green, blue: $0.blue,
            alpha: $0.alpha * (painted.color?.alpha ?? 1))
        } ?? painted.color ?? .black
      var attributes = ["d=\"\(path.svgData(decimals: 3))\""]
      switch painted.paint {
      case .fill(let evenOdd):
        attributes.append("fill=\"\(color.hexRGB)\"")
        if color.alpha < 1 { attributes.append("fill-opacity=\"\(Self.unit(color.alpha))\"") }
        if evenOdd { attributes.append("fill-rule=\"evenodd\"") }
      case .stroke(let style, _):
        let scale = target.placement.scale
        attributes.append("fill=\"none\"")
        attributes.append("stroke=\"\(color.hexRGB)\"")
        if color.alpha < 1 { attributes.append("stroke-opacity=\"\(Self.unit(color.alpha))\"") }
        attributes.append("stroke-width=\"\(VectorDrawableWriter.number(style.width * scale))\"")
        if style.cap != .butt { attributes.append("stroke-linecap=\"\(style.cap.rawValue)\"") }
        if style.join != .miter { attributes.append("stroke-linejoin=\"\(style.join.rawValue)\"") }
        if style.join == .miter && style.miterLimit != 4 {
          attributes.append(
            "stroke-miterlimit=\"\(VectorDrawableWriter.number(style.miterLimit))\"")
        }
        if !style.dashes.isEmpty {
          let dashes = style.dashes.map { VectorDrawableWriter.number($0 * scale) }
          attributes.append("stroke-dasharray=\"\(dashes.joined(separator: " "))\"")
          if style.dashOffset != 0 {
            attributes.append(
              "stroke-dashoffset=\"\(VectorDrawableWriter.number(style.dashOffset * scale))\"")
          }
        }
      }
      lines.append("<path " + attributes.joined(separator: " ") + "/>")
    }
    lines.append("</svg>")
    return Data((lines.joined(separator: "\n") + "\n").utf8)
  }

  /// An opacity from 0 to 1 with at most 4 decimals (`0.5`, `0.1255`).
  static func unit(_ value: Double) -> String {
    var text = String(cFormat: "%.4f", min(max(value, 0), 1))
    while text.hasSuffix("0") { text.removeLast() }
    if text.hasSuffix(".") { text.removeLast() }
    return text
  }
}
