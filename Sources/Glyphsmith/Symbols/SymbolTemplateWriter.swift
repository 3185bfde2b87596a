import FoundationEssentials
import Glibc
import GlyphsmithCore
import GlyphsmithRender

/// Writes a `SymbolOutline` as Apple's custom-symbol template SVG, version 3.0
/// (`SymbolTemplateGeometry` lists every number and its source).
///
/// Structure (Apple, "Creating custom symbol images for your app"): a 3300 x 2200 `svg` with
/// a `Notes` group (artboard, labels, the `template-version` text), a `Guides` group
/// (`Baseline-S|M|L`, `Capline-S|M|L`, `left-margin-W-S` and `right-margin-W-S` for each
/// weight drawn) and a `Symbols` group with `Ultralight-S`, `Regular-S` and `Black-S`, each a
/// group translated to its left margin on the S baseline holding only filled `path`s (M, L,
/// C, Z, 3 decimals). The `Guides` group starts each row with the `H-reference` glyph every
/// export carries. Layered symbols give each path `multicolor-N:tintColor
/// hierarchical-N:LEVEL`, as v3.0 exports do (`monochrome-N` appears only from v4.0), and
/// declare each class in a `<style>` block.
/// The output depends only on the outline: the same input always gives the same bytes.
package enum SymbolTemplateWriter {
  /// The template SVG for `outline`, UTF-8.
  package static func svg(_ outline: SymbolOutline) -> Data {
    Data(text(outline).utf8)
  }

  /// The template as text.
  package static func text(_ outline: SymbolOutline) -> String {
    let g = SymbolTemplateGeometry.self
    var lines: [String] = []
    lines.append(#"<?xml version="1.0" encoding="UTF-8"?>"#)
    lines.append(
      #"<!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.1//EN" "http://www.w3.org/Graphics/SVG/1.1/DTD/svg11.dtd">"#
    )
    lines.append(
      "<!--glyph: \"\(escape(outline.name))\", point size: 100.0, generator: glyphsmith-->")
    lines.append(
      #"<svg version="1.1" xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="3300" height="2200">"#
    )
    let layered = outline.isLayered
    if layered {
      // Every class the paths use, declared as v3.0 exports declare them.
      var style: [String] = []
      for index in outline.paths.indices {
        style.append(".multicolor-\(index):tintColor {fill:#007AFF}")
      }
      style.append("")
      for (index, path) in outline.paths.enumerated() {
        style.append(".hierarchical-\(index):\(path.layer.rawValue) {fill:\(path.layer.fill)}")
      }
      lines.append(" <style>" + style.joined(separator: "\n") + "\n</style>")
    }
    // Notes
    let label = "stroke:none;fill:black;font-family:sans-serif;font-size:13;"
    lines.append(#" <g id="Notes">"#)
    lines.append(
      #"  <rect height="2200" id="artboard" style="fill:white;opacity:1" width="3300" x="0" y="0"/>"#
    )
    lines.append(
      #"  <line style="fill:none;stroke:black;opacity:1;stroke-width:0.5;" x1="263" x2="3036" y1="292" y2="292"/>"#
    )
    lines.append(
      "  <text style=\"\(label)font-weight:bold;\" transform=\"matrix(1 0 0 1 263 322)\">"
        + "Weight/Scale Variations</text>")
    for weight in SymbolWeight.allCases {
      lines.append(
        "  <text style=\"\(label)text-anchor:middle;\" transform=\"matrix(1 0 0 1 "
          + "\(n(g.columnCentre(weight))) 322)\">\(weight.rawValue)</text>")
    }
    for (title, row) in zip(["Small", "Medium", "Large"], g.rows) {
      lines.append(
        "  <text style=\"\(label)\" transform=\"matrix(1 0 0 1 263 \(n(row.baseline + 30)))\">"
          + "\(title)</text>")
    }
    lines.append(
      "  <text id=\"template-version\" style=\"\(label)text-anchor:end;\" "
        + "transform=\"matrix(1 0 0 1 3036 1933)\">\(g.versionText)</text>")
    lines.append(
      "  <text style=\"\(label)text-anchor:end;\" transform=\"matrix(1 0 0 1 3036 1951)\">"
        + "Requires Xcode 13 or greater</text>")
    lines.append(
      "  <text id=\"descriptive-name\" style=\"\(label)text-anchor:end;\" "
        + "transform=\"matrix(1 0 0 1 3036 1969)\">Generated from \(escape(outline.name))</text>")
    lines.append(
      "  <text style=\"\(label)text-anchor:end;\" transform=\"matrix(1 0 0 1 3036 1987)\">"
        + "Typeset at 100.0 points</text>")
    lines.append(" </g>")
    // Guides
    let guide = "fill:none;stroke:#27AAE1;opacity:1;stroke-width:0.5;"
    let margin = "fill:none;stroke:#00AEEF;stroke-width:0.5;opacity:1.0;"
    lines.append(#" <g id="Guides">"#)
    for row in g.rows {
      lines.append(
        "  <g id=\"H-reference\" style=\"fill:#27AAE1;stroke:none;\" transform=\"matrix(1 0 0 1 "
          + "339 \(n(row.baseline)))\">")
      lines.append("   <path d=\"\(g.referenceGlyph)\"/>")
      lines.append("  </g>")
      for (kind, y) in [("Baseline", row.baseline), ("Capline", row.capline)] {
        lines.append(
          "  <line id=\"\(kind)-\(row.scale)\" style=\"\(guide)\" x1=\"263\" x2=\"3036\" "
            + "y1=\"\(n(y))\" y2=\"\(n(y))\"/>")
      }
    }
    for weight in SymbolWeight.allCases {
      let left = leftMargin(outline, weight)
      let right = outline.margins[weight]?.right ?? left + outline.width
      for (side, x) in [("left", left), ("right", right)] {
        lines.append(
          "  <line id=\"\(side)-margin-\(weight.variantID)\" style=\"\(margin)\" "
            + "x1=\"\(n(x))\" x2=\"\(n(x))\" y1=\"\(n(g.marginTopS))\" y2=\"\(n(g.marginBottomS))\"/>"
        )
      }
    }
    lines.append(" </g>")
    // Symbols
    lines.append(#" <g id="Symbols">"#)
    for weight in SymbolWeight.allCases {
      lines.append(
        "  <g id=\"\(weight.variantID)\" transform=\"matrix(1 0 0 1 "
          + "\(n(leftMargin(outline, weight))) \(n(g.baselineS)))\">")
      for (index, path) in outline.paths.enumerated() {
        let d = (path.weights[weight] ?? VectorPath()).svgData()
        let classes =
          layered
          ? " class=\"multicolor-\(index):tintColor hierarchical-\(index):\(path.layer.rawValue)\""
          : ""
        lines.append("   <path\(classes) d=\"\(d)\"/>")
      }
      lines.append("  </g>")
    }
    lines.append(" </g>")
    lines.append("</svg>")
    return lines.joined(separator: "\n") + "\n"
  }

  /// The left margin of `weight`'s variant (`SymbolOutline.margins`).
  package static func leftMargin(_ outline: SymbolOutline, _ weight: SymbolWeight) -> Double {
    outline.margins[weight]?.left
      ?? SymbolTemplateGeometry.columnCentre(weight) - outline.width / 2
  }

  /// `value` on the 1/1000 grid the template is written with.
  package static func rounded(_ value: Double) -> Double { (value * 1000).rounded() / 1000 }

  /// Up to 3 decimals, no trailing zeros.
  static func n(_ value: Double) -> String {
    VectorPath([.move(PathPoint(x: value, y: 0))]).svgData().dropFirst().split(separator: " ")
      .first.map(String.init) ?? "0"
  }

  /// XML text escaping.
  static func escape(_ text: String) -> String {
    text.replacingEvery("&", with: "&amp;").replacingEvery("<", with: "&lt;")
      .replacingEvery(">", with: "&gt;").replacingEvery("\"", with: "&quot;")
      .replacingEvery("--", with: "- -")
  }
}
