extension LintGeometry {
  /// Rows per change of outline under which a part is rectilinear (4): its outline changes
  /// from one row to the next at most once every 4 rows, as the cells of a grid (QR modules,
  /// `qr-code`) do only at their corners, while curves and slants (letters' bowls and
  /// diagonals) change nearly every row. Ours, issue 22.
  static let rectilinearRowsPerChange = 4

  /// For each of the components `kept` (indices into `count` labels of a `width` px wide
  /// labelling, -1 off the ink), whether its outline is made of horizontal and vertical edges
  /// (`rectilinearRowsPerChange`): the rows at which its pixels differ from the row above,
  /// counted once each, times 4 are at most its box's height.
  static func rectilinear(
    labels: [Int32], count: Int, components: [PixelComponent], width: Int, kept: [Int]
  ) -> [Bool] {
    guard !kept.isEmpty, width > 0 else { return [] }
    var changes = [Int](repeating: 0, count: count)
    var lastRow = [Int](repeating: -1, count: count)
    func mark(_ label: Int32, row: Int) {
      guard label >= 0 else { return }
      let l = Int(label)
      if lastRow[l] != row {
        lastRow[l] = row
        changes[l] += 1
      }
    }
    let height = labels.count / width
    // In bounds: row + x < height * width <= labels.count and row + x - width >= 0 (y >= 1).
    labels.withUnsafeBufferPointer { lab in
      for y in 1..<max(1, height) {
        let row = y &* width
        for x in 0..<width {
          let here = lab[row &+ x]
          let above = lab[row &+ x &- width]
          if here != above {
            // The part's last row differs from the background below it; that is its end,
            // not a change of outline.
            if here >= 0 && components[Int(here)].minY < y { mark(here, row: y) }
            if above >= 0 && components[Int(above)].maxY >= y { mark(above, row: y) }
          }
        }
      }
    }
    return kept.map { l in
      changes[l] * rectilinearRowsPerChange <= components[l].boxHeight
    }
  }
}
