import FoundationEssentials
import Glibc
import GlyphsmithCore
import GlyphsmithRender

/// The contact-sheet entry of one symbol template: Ultralight-S, Regular-S and Black-S side
/// by side, each drawn from the template itself by librsvg (`ElementRasterizer`, one element
/// by id), for `glyphsmith sheet --symbols`.
package enum SymbolSheet {
  /// Template units shown per glyph: a 100-unit square (the template's point size), centred
  /// between the variant's margin guides and on the middle of the S cap height.
  package static let boxUnits = 100.0

  /// The glyph area's height in a `sheet --symbols` cell, pt: the 28 pt weights with 6 pt
  /// above and below (the gap between them), so rows carry no empty bands.
  package static let cellHeightPt = 40.0

  /// The entry for the template SVG at `path`: the weights present among the three, each a
  /// `glyphPt` x `glyphPt` pt image at `scale` px per pt, black on transparent.
  /// - Throws: `GlyphsmithError.unreadable` when the file cannot be read, `.unusable`
  ///   when it has none of the three variants, `.render` when librsvg cannot draw it.
  package static func entry(templatePath path: String, glyphPt: Double = 24, scale: Double = 2)
    throws -> ContactSheet.Entry
  {
    guard let data = FileManager.default.contents(atPath: path) else {
      throw GlyphsmithError.unreadable(path: path, reason: "no such file")
    }
    let (scanned, _) = SymbolTemplateScan.scan(data)
    guard let scan = scanned else {
      throw GlyphsmithError.unusable(path: path, problem: "not a symbol template (not XML)")
    }
    let weights = SymbolWeight.allCases.filter { scan.variants.contains($0.variantID) }
    guard !weights.isEmpty else {
      throw GlyphsmithError.unusable(
        path: path, problem: "no Ultralight-S, Regular-S or Black-S; not a symbol template")
    }
    let document = try SVGDocument(data: data, path: path, baseDirectory: nil)
    let side = max(1, Int((glyphPt * scale).rounded()))
    let pxPerUnit = Double(side) / boxUnits
    let middleY = SymbolTemplateGeometry.baselineS - SymbolTemplateGeometry.capHeight / 2
    var glyphs: [RGBAImage] = []
    for weight in weights {
      let id = weight.variantID
      let left = scan.marginX["left-margin-" + id] ?? SymbolTemplateGeometry.columnCentre(weight)
      let right = scan.marginX["right-margin-" + id] ?? left
      let centreX = (left + right) / 2
      glyphs.append(
        try ElementRasterizer.render(
          document, id: id, width: side, height: side,
          placement: Placement(
            scale: pxPerUnit, offsetX: -(centreX - boxUnits / 2) * pxPerUnit,
            offsetY: -(middleY - boxUnits / 2) * pxPerUnit)))
    }
    let name = URL(fileURLWithPath: path).deletingPathExtension().lastPathComponent
    return ContactSheet.Entry(name: name, glyphs: glyphs)
  }
}
