import FoundationEssentials
import Glibc
import GlyphsmithCore

/// Names the SVG element behind each pixel finding (inner lines, hairlines, holes, detail
/// loss, ...): librsvg measures every drawable element by id (`ElementLocator`), the
/// finding's box goes back from px at its scale to the artwork's canvas through the same
/// layout the render used, and the element whose ink rectangle covers the most of the box
/// or of itself, whichever is smaller (the smaller element on a tie: a thin bar inside a
/// ring is the bar, not the ring) gives the finding its line, column and element name. A
/// finding silenced on that element (`data-glyphsmith-ignore`) is dropped. Only the rules
/// that point at a place are located: inner lines, hairlines, holes, detail loss.
enum PixelFindingLocator {
  /// Rules whose findings are located: those whose check says so
  /// (`LintCheck.locatesPixelFindings`).
  static let located = Set(LintRegistry.rules.filter(\.locatesPixelFindings).map(\.id))

  /// `findings` with locations added where an element is found; others unchanged.
  static func locate(
    _ findings: [LintFinding], svg: LoadedSVG, artwork: Artwork, outline: SVGOutline,
    renderOptions: RenderOptions
  ) -> [LintFinding] {
    guard findings.contains(where: { $0.line == nil && $0.box != nil && located.contains($0.rule) })
    else { return findings }
    let rects = svg.elementInkRects()
    guard !rects.isEmpty else { return findings }
    var placements: [Int: Placement] = [:]
    var out: [LintFinding] = []
    for var finding in findings {
      guard finding.line == nil, let box = finding.box, located.contains(finding.rule) else {
        out.append(finding)
        continue
      }
      if placements[finding.scale] == nil {
        var options = renderOptions
        options.scale = Double(finding.scale)
        placements[finding.scale] = try? layout(artwork, options: options).placement
      }
      guard let p = placements[finding.scale], p.scale > 0 else {
        out.append(finding)
        continue
      }
      // The box in whole px, grown by 1 px on each side: a thin element's edges sit inside
      // the px its coverage spreads over.
      let area = Rect(
        x: (Double(box.x) - 1 - p.offsetX) / p.scale,
        y: (Double(box.y) - 1 - p.offsetY) / p.scale,
        width: Double(box.width + 2) / p.scale, height: Double(box.height + 2) / p.scale)
      guard let index = best(rects, for: area), index < outline.elements.count else {
        out.append(finding)
        continue
      }
      let element = outline.elements[index]
      if element.ignores(finding.rule) { continue }
      finding.line = element.line
      finding.column = element.column
      finding.message = "<\(element.name)>: " + finding.message
      out.append(finding)
    }
    return out
  }

  static func layout(_ artwork: Artwork, options: RenderOptions) throws -> GlyphRenderer.Layout {
    try options.role.fitsInk
      ? GlyphRenderer.fittedLayout(artwork, options: options)
      : GlyphRenderer.plainLayout(artwork, options: options)
  }

  /// The element whose ink rectangle covers the largest share of `area` or of itself
  /// (whichever is smaller); on a tie the smaller element; `nil` when none overlaps.
  static func best(_ rects: [Int: Rect], for area: Rect) -> Int? {
    var chosen: (index: Int, overlap: Double, size: Double)?
    for (index, rect) in rects.sorted(by: { $0.key < $1.key }) {
      let w = min(rect.x + rect.width, area.x + area.width) - max(rect.x, area.x)
      let h = min(rect.y + rect.height, area.y + area.height) - max(rect.y, area.y)
      guard w > 0, h > 0 else { continue }
      let size = rect.width * rect.height
      let overlap = (w * h) / max(1e-12, min(size, area.width * area.height))
      if let c = chosen,
        overlap < c.overlap - 1e-6 || (abs(overlap - c.overlap) <= 1e-6 && size >= c.size)
      {
        continue
      }
      chosen = (index, overlap, size)
    }
    return chosen?.index
  }
}
