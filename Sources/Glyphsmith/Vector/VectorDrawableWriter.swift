import Foundation
import GlyphsmithRender

/// Android's VectorDrawable (`res/drawable/NAME.xml`, a `<vector>` element) written from an
/// icon's `VectorModel`: the output unit is the dp, and the viewport is the output size, so
/// every coordinate in `pathData` is in dp.
///
/// Format (Android "VectorDrawable" reference, `android.graphics.drawable.VectorDrawable`;
/// docs/formats.md of the project guide, "Android launcher icons and VectorDrawable"):
/// `android:width`/`height` in dp, `android:viewportWidth`/`Height`, one `<path>` per painted
/// path in drawing order with `android:pathData` (absolute `M`, `L`, `C`, `Z` only, each command
/// letter written, plain decimals with at most 3 places: no exponent, no `.5` or `0.5.5`
/// shorthand, no arcs: what Android's `PathParser` and every older parser read alike),
/// `android:fillColor` (`#RRGGBB`, or `#AARRGGBB` with an opacity), `android:fillType`
/// (`evenOdd` from API 24: below `minSdk` 24 an even-odd fill's contours are reoriented so that
/// the nonzero rule paints the same region, `EvenOddContours`), and `android:strokeColor`,
/// `strokeWidth`, `strokeLineCap`, `strokeLineJoin`, `strokeMiterLimit`. Group transforms are
/// already resolved in the model, so no `<group>` is written.
///
/// What a VectorDrawable cannot express (`VectorModel.unexpressed`: masks, clipping, filters,
/// images, gradient fills, text drawn as a reused group; and dashed or gradient strokes) is a
/// `VectorDrawableError` naming each thing, never an approximation. Deterministic: the same
/// model and target give the same bytes.
package struct VectorDrawableWriter: VectorWriter {
  /// The lowest API level the drawable must work on (`--min-sdk`); `evenOdd` fills need 24.
  /// Default 21, the first with VectorDrawable.
  package var minSdk: Int
  /// Paint every path in this one colour (its own opacity kept): the single tint-able
  /// colour of a template role, so `android:tint` recolours the whole icon; `nil` keeps the
  /// artwork's colours.
  package var monochrome: PaintColor?
  /// A line written as an XML comment before `<vector>` (e.g. the fingerprint `assets`
  /// checks on a rerun); `nil` for none. Must not contain `--`.
  package var comment: String?

  /// A writer; see the properties.
  package init(minSdk: Int = 21, monochrome: PaintColor? = nil, comment: String? = nil) {
    self.minSdk = minSdk
    self.monochrome = monochrome
    self.comment = comment
  }

  /// `vector-drawable`.
  package var name: String { "vector-drawable" }
  /// `xml`.
  package var fileExtension: String { "xml" }

  /// The VectorDrawable XML of `model` placed by `target` (its size in dp), UTF-8, as
  /// Android Studio formats it (4-space indents, one attribute a line).
  /// - Throws: `VectorDrawableError` listing everything the model holds that a
  ///   VectorDrawable cannot express, or an even-odd fill with crossing contours below API 24.
  package func write(_ model: VectorModel, to target: VectorTarget) throws -> Data {
    try Self.check(model)
    var lines = ["<?xml version=\"1.0\" encoding=\"utf-8\"?>"]
    if let comment { lines.append("<!-- \(comment) -->") }
    lines.append("<vector xmlns:android=\"http://schemas.android.com/apk/res/android\"")
    lines.append("    android:width=\"\(Self.number(target.size.width))dp\"")
    lines.append("    android:height=\"\(Self.number(target.size.height))dp\"")
    lines.append("    android:viewportWidth=\"\(Self.number(target.size.width))\"")
    lines.append("    android:viewportHeight=\"\(Self.number(target.size.height))\">")
    for painted in model.paths {
      let path = painted.path.map(target.place)
      guard !path.subpaths.isEmpty else { continue }
      var attributes: [(String, String)] = []
      let color = monochrome.map { PaintColor(red: $0.red, green: $0.green, blue: $0.blue, alpha: $0.alpha * (painted.color?.alpha ?? 1)) } ?? painted.color ?? .black
      switch painted.paint {
      case .fill(let evenOdd):
        var data = path
        var evenOddType = evenOdd
        if evenOdd && minSdk < 24 {
          data = try EvenOddContours.nonzero(path)
          evenOddType = false
        }
        attributes.append(("fillColor", Self.color(color)))
        if evenOddType { attributes.append(("fillType", "evenOdd")) }
        attributes.append(("pathData", Self.pathData(data)))
      case .stroke(let style, _):
        attributes.append(("pathData", Self.pathData(path)))
        attributes.append(("strokeColor", Self.color(color)))
        attributes.append(("strokeWidth", Self.number(style.width * target.placement.scale)))
        if style.cap != .butt { attributes.append(("strokeLineCap", style.cap.rawValue)) }
        if style.join != .miter { attributes.append(("strokeLineJoin", style.join.rawValue)) }
        if style.join == .miter && style.miterLimit != 4 {
          attributes.append(("strokeMiterLimit", Self.number(style.miterLimit)))
        }
      }
      lines.append("    <path")
      for (index, (key, value)) in attributes.enumerated() {
        let end = index == attributes.count - 1 ? " />" : ""
        lines.append("        android:\(key)=\"\(value)\"\(end)")
      }
    }
    lines.append("</vector>")
    return Data((lines.joined(separator: "\n") + "\n").utf8)
  }

  /// Throws what a VectorDrawable cannot draw as the model has it.
  static func check(_ model: VectorModel) throws {
    var problems = model.unexpressed.map(\.description)
    let dashed = model.paths.filter {
      if case .stroke(_, dashed: true) = $0.paint { return true }
      return false
    }
    if let first = dashed.first {
      problems.append("dashed strokes (drawing \(first.order + 1) of \(Self.drawings(model)))")
    }
    if let first = model.paths.first(where: { $0.color == nil }) {
      problems.append("gradient or pattern strokes (drawing \(first.order + 1) of \(Self.drawings(model)))")
    }
    guard problems.isEmpty else { throw VectorDrawableError(problems: problems) }
  }

  /// How many drawing calls (elements painted) the model holds.
  private static func drawings(_ model: VectorModel) -> Int {
    Set(model.paths.map(\.order)).count
  }

  /// `#RRGGBB`, or `#AARRGGBB` when not opaque (8 bits per component, rounded).
  static func color(_ color: PaintColor) -> String {
    let alpha = Int((min(max(color.alpha, 0), 1) * 255).rounded())
    let rgb = color.hexRGB.dropFirst()
    return alpha == 255 ? "#" + rgb : "#" + String(format: "%02X", alpha) + rgb
  }

  /// `pathData`: every command with its letter (`M`, `L`, `C`, `Z`), numbers as
  /// `number(_:)`, a comma between x and y and a space between points and commands.
  static func pathData(_ path: VectorPath) -> String {
    var out: [String] = []
    func pair(_ p: PathPoint) -> String { number(p.x) + "," + number(p.y) }
    for subpath in path.subpaths {
      for element in subpath.elements {
        switch element {
        case .move(let p): out.append("M " + pair(p))
        case .line(let p): out.append("L " + pair(p))
        case .curve(let a, let b, let c):
          out.append("C " + pair(a) + " " + pair(b) + " " + pair(c))
        case .close: out.append("Z")
        }
      }
    }
    return out.joined(separator: " ")
  }

  /// A plain decimal rounded to 3 places: optional `-`, digits, and a fraction only when it
  /// is not zero, its trailing zeros dropped (`0.5`, `-12.125`, `3`); never an exponent, never
  /// `-0`, always a digit before the point.
  static func number(_ value: Double) -> String {
    let thousandths = Int((abs(value) * 1000).rounded())
    guard thousandths != 0 else { return "0" }
    var text = (value < 0 ? "-" : "") + String(thousandths / 1000)
    var fraction = thousandths % 1000
    if fraction != 0 {
      var digits = 3
      while fraction % 10 == 0 {
        fraction /= 10
        digits -= 1
      }
      let padded = String(fraction)
      text += "." + String(repeating: "0", count: digits - padded.count) + padded
    }
    return text
  }
}
