import FoundationEssentials
import Glibc
import GlyphsmithCore

/// One vertical band of a drawn `TableView`, in px from the top: a section header or footer,
/// the rounded cell group behind a grouped section's rows, or one row.
enum TableViewBlock {
  case header(String, y: Double, h: Double)
  case footer(String, y: Double, h: Double)
  case group(y: Double, h: Double)
  case row(section: Int, row: Int, y: Double, h: Double, last: Bool)

  /// Where each band of `spec` goes at `scale` px per pt (HIG "Lists and tables" sizes:
  /// 44 pt rows, 58 pt with a subtitle; grouped sections 20 pt apart), in drawing order (a
  /// group before its rows), and the table's height in px (at least 1).
  static func layout(_ spec: TableViewSpec, scale s: Double) -> ([TableViewBlock], Int) {
    let grouped = spec.style == .grouped
    var blocks: [TableViewBlock] = []
    var y = 0.0
    let line = (18 * s).rounded()
    for (si, section) in spec.sections.enumerated() {
      if grouped {
        y += (20 * s).rounded()
        if let header = section.header {
          blocks.append(.header(header, y: y, h: line))
          y += line + (6 * s).rounded()
        }
      } else if let header = section.header {
        blocks.append(.header(header, y: y, h: (28 * s).rounded()))
        y += (28 * s).rounded()
      }
      let groupTop = y
      for (ri, row) in section.rows.enumerated() {
        let h =
          ((row.subtitle == nil ? TableView.rowHeightPt : TableView.subtitleRowHeightPt) * s)
          .rounded()
        let lastOfTable = si == spec.sections.count - 1 && ri == section.rows.count - 1
        blocks.append(
          .row(
            section: si, row: ri, y: y, h: h,
            last: grouped ? ri == section.rows.count - 1 : lastOfTable))
        y += h
      }
      if grouped && !section.rows.isEmpty {
        blocks.insert(.group(y: groupTop, h: y - groupTop), at: blocks.count - section.rows.count)
      }
      if let footer = section.footer {
        y += grouped ? (6 * s).rounded() : 0
        let h = grouped ? line : (28 * s).rounded()
        blocks.append(.footer(footer, y: y, h: h))
        y += h
      }
    }
    if grouped { y += (20 * s).rounded() }
    return (blocks, max(1, Int(y.rounded())))
  }
}
