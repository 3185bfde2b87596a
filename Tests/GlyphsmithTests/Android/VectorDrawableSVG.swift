import Foundation
import GlyphsmithRender

/// Test-only: a VectorDrawable (`<vector>` with flat `<path>`s, as `VectorDrawableWriter`
/// writes them) as an SVG with the same viewport, so an independent renderer (resvg) can draw
/// it back. Android's attribute meanings (VectorDrawable reference): fillColor and strokeColor
/// `#RRGGBB` or `#AARRGGBB`, fillType `nonZero` (default) or `evenOdd`, strokeLineCap `butt`,
/// strokeLineJoin `miter`, strokeMiterLimit 4 by default; a path without fillColor is not
/// filled.
enum VectorDrawableSVG {
  struct Failure: Error, CustomStringConvertible {
    var description: String
  }

  static func convert(_ data: Data) throws -> String {
    var size: (w: String, h: String, vw: String, vh: String)? = nil
    var paths: [String] = []
    var failure: String? = nil
    let readFailure = LibXMLReader.events(data) { event in
      guard case .start(let tag) = event else { return }
      func a(_ name: String) -> String? { tag.attributes["android:" + name] }
      switch tag.name {
      case "vector":
        size = (
          (a("width") ?? "").replacingOccurrences(of: "dp", with: ""),
          (a("height") ?? "").replacingOccurrences(of: "dp", with: ""),
          a("viewportWidth") ?? "", a("viewportHeight") ?? ""
        )
      case "path":
        guard let d = a("pathData") else {
          failure = "a <path> without pathData"
          return
        }
        var attributes = ["d=\"\(d)\""]
        if let fill = a("fillColor") {
          let (rgb, alpha) = color(fill)
          attributes += ["fill=\"\(rgb)\"", "fill-opacity=\"\(alpha)\""]
          attributes.append("fill-rule=\"\(a("fillType") == "evenOdd" ? "evenodd" : "nonzero")\"")
        } else {
          attributes.append("fill=\"none\"")
        }
        if let stroke = a("strokeColor") {
          let (rgb, alpha) = color(stroke)
          attributes += [
            "stroke=\"\(rgb)\"", "stroke-opacity=\"\(alpha)\"",
            "stroke-width=\"\(a("strokeWidth") ?? "0")\"",
            "stroke-linecap=\"\(a("strokeLineCap") ?? "butt")\"",
            "stroke-linejoin=\"\(a("strokeLineJoin") ?? "miter")\"",
            "stroke-miterlimit=\"\(a("strokeMiterLimit") ?? "4")\"",
          ]
        }
        paths.append("<path " + attributes.joined(separator: " ") + "/>")
      default:
        failure = "unexpected element <\(tag.name)>"
      }
    }
    if let readFailure { throw Failure(description: "not XML: \(readFailure.message)") }
    if let failure { throw Failure(description: failure) }
    guard let size else { throw Failure(description: "no <vector>") }
    return """
      <svg xmlns="http://www.w3.org/2000/svg" width="\(size.w)" height="\(size.h)" \
      viewBox="0 0 \(size.vw) \(size.vh)">
      \(paths.joined(separator: "\n"))
      </svg>

      """
  }

  /// `#RRGGBB` or `#AARRGGBB` as an SVG colour and opacity.
  static func color(_ text: String) -> (String, String) {
    let hex = text.dropFirst()
    guard hex.count == 8 else { return ("#" + hex, "1") }
    let alpha = Double(Int(hex.prefix(2), radix: 16) ?? 255) / 255
    return ("#" + hex.dropFirst(2), String(format: "%.6f", alpha))
  }
}
