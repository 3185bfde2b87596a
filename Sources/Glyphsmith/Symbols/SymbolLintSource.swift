import FoundationEssentials
import Glibc
import GlyphsmithCore

/// What `glyphsmith lint NAME.symbolset` lints: the Regular-S outline of the symbol's
/// template as a small SVG of its own, so the lint rules see the glyph at the role's size
/// (tab-bar: HIG tab bar glyph sizes; toolbar: 24 pt) as the system draws it there.
///
/// The SVG copies the `Regular-S` group's `transform` and its paths' `d` and `class` strings
/// unchanged into an `svg` whose viewBox is the box between the Regular-S margin guides,
/// `SymbolTemplateGeometry.viewBoxHeight` (79) units tall or as tall as it is wide when that is
/// more, centred on the S cap height.
package enum SymbolLintSource {
  /// The Regular-S outline SVG of the symbol set at `folder`.
  /// - Throws: `GlyphsmithError.unreadable` when the set has no readable template,
  ///   `.unusable` when the template has no Regular-S variant.
  package static func regularOutline(symbolset folder: String) throws -> Data {
    let template = try template(symbolset: folder)
    return try regularOutline(template: template.data, path: template.path)
  }

  /// The template file of the symbol set at `folder` (its `Contents.json` names it) and its
  /// bytes: what a lint plan hashes for a symbol set.
  /// - Throws: `GlyphsmithError.unreadable` when the set has no readable template.
  package static func template(symbolset folder: String) throws -> (path: String, data: Data) {
    guard let contents = FileManager.default.contents(atPath: folder + "/Contents.json"),
      let symbols = (try? AssetContents.read(contents))?.lists["symbols"],
      let name = symbols.first?.filename
    else {
      throw GlyphsmithError.unreadable(
        path: folder + "/Contents.json", reason: "no symbols[0].filename; not a symbol set")
    }
    let path = folder + "/" + name
    guard let data = FileManager.default.contents(atPath: path) else {
      throw GlyphsmithError.unreadable(path: path, reason: "no such file")
    }
    return (path, data)
  }

  /// The Regular-S outline SVG of a template's bytes (`path` names it in errors).
  /// - Throws: `GlyphsmithError.unusable` when there is no Regular-S variant.
  package static func regularOutline(template data: Data, path: String) throws -> Data {
    let (scanned, _) = SymbolTemplateScan.scan(data)
    guard let scan = scanned, scan.variants.contains("Regular-S") else {
      throw GlyphsmithError.unusable(path: path, problem: "no Regular-S variant to lint")
    }
    let group = scan.inherited["Regular-S"]?.last ?? [:]
    let left =
      scan.marginX["left-margin-Regular-S"] ?? SymbolTemplateGeometry.columnCentre(.regular) - 40
    let right = scan.marginX["right-margin-Regular-S"] ?? left + 80
    // At least 79 units tall, and as tall as the margins are wide (a tall glyph's ink is up to
    // 88.3 units).
    let height = max(SymbolTemplateGeometry.viewBoxHeight, right - left)
    let top = SymbolTemplateGeometry.baselineS - SymbolTemplateGeometry.capHeight / 2 - height / 2
    let n = SymbolTemplateWriter.n
    var svg =
      "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"\(n(left)) \(n(top)) "
      + "\(n(right - left)) \(n(height))\" width=\"\(n(right - left))\" height=\"\(n(height))\">\n"
    svg += "<g transform=\"\(SymbolTemplateWriter.escape(group["transform"] ?? ""))\">\n"
    for item in scan.items["Regular-S"] ?? [] where item.name == "path" {
      guard let d = item.attributes["d"] else { continue }
      svg += "<path d=\"\(SymbolTemplateWriter.escape(d))\"/>\n"
    }
    svg += "</g>\n</svg>\n"
    return Data(svg.utf8)
  }
}
