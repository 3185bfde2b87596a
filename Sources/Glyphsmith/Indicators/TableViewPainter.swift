import FoundationEssentials
import Glibc
import GlyphsmithCore

/// Draws the bands of one `TableView` (`TableViewBlock.layout`) onto its canvas, collecting
/// the drawn frames and the warnings; `TableView.draw(scale:)` is its only user.
struct TableViewPainter {
  let table: TableView
  /// px per pt.
  let s: Double
  let grouped: Bool
  let width: Int
  let height: Int
  /// The side margin in px.
  let m: Double
  /// The cells' left and right edges in px.
  let left: Double
  let right: Double
  /// The padding inside a cell in px.
  let pad: Double
  /// The section index (plain tables only) and its column width in px.
  let index: [String]
  let indexWidth: Double
  let tintColour: RGBA8
  let labelColour: RGBA8
  let secondary: RGBA8
  let canvas: Canvas
  var warnings: [Diagnostic]
  var drawn: [DrawnLayout.Item] = []
  var glyphCache: [String: RGBAImage] = [:]

  /// A painter with a canvas of the table's size filled with its background.
  /// - Throws: `RenderError` when the canvas cannot be made.
  init(table: TableView, scale s: Double, height: Int, warnings: [Diagnostic]) throws {
    self.table = table
    self.s = s
    self.height = height
    self.warnings = warnings
    let palette = table.palette
    let appearance = table.appearance
    grouped = table.spec.style == .grouped
    width = Int((table.widthPt * s).rounded())
    m = (table.marginPt * s).rounded()
    index = grouped ? [] : table.spec.index
    indexWidth = index.isEmpty ? 0 : (TableView.indexWidthPt * s).rounded()
    tintColour = table.tint ?? palette.systemBlue(appearance)
    labelColour = palette.label(appearance)
    secondary = palette.secondaryLabel(appearance)
    left = grouped ? m : 0
    right = grouped ? Double(width) - m : Double(width) - indexWidth
    pad = grouped ? (TableView.marginPt * s).rounded() : m
    canvas = try Canvas(width: width, height: height)
    canvas.fill(
      grouped ? palette.groupedBackground(appearance) : palette.systemBackground(appearance))
  }

  func frame(_ r: Rect) -> DrawnLayout.Frame { .init(px: r, scale: s) }

  /// Draws one band.
  mutating func draw(_ block: TableViewBlock) throws {
    switch block {
    case .group(let top, let h):
      canvas.fillRoundedRect(
        Rect(x: left, y: top, width: right - left, height: h), radius: 10 * s,
        color: table.palette.groupedCell(table.appearance))
    case .header(let text, let top, let h):
      try drawNote(text, top: top, h: h, isHeader: true)
    case .footer(let text, let top, let h):
      try drawNote(text, top: top, h: h, isHeader: false)
    case .row(let si, let ri, let top, let h, let last):
      try drawRow(section: si, row: ri, top: top, h: h, last: last)
    }
  }

  /// A section header or footer: a band with semibold text on plain tables' headers, else
  /// secondary text (upper case on grouped headers).
  mutating func drawNote(_ text: String, top: Double, h: Double, isHeader: Bool) throws {
    let shown = grouped && isHeader ? text.uppercased() : text
    let style: TextStyle
    if !grouped && isHeader {
      canvas.fillRect(
        Rect(x: 0, y: top, width: Double(width), height: h),
        color: table.palette.plainHeaderBand(table.appearance))
      style = TextStyle(weight: .semibold, sizePx: 15 * s, color: labelColour)
    } else {
      style = TextStyle(weight: .regular, sizePx: TableView.noteSizePt * s, color: secondary)
    }
    let x = grouped ? left + pad : m
    let (layout, cut) = try BarText.fitted(
      shown, style: style, maxWidthPx: (grouped ? right - pad : right - m) - x)
    let ty = (top + h / 2 + layout.capHeight / 2 - layout.baseline).rounded()
    try canvas.draw(layout, x: x, y: ty)
    drawn.append(
      .init(
        kind: isHeader ? "header" : "footer", title: text,
        frame: frame(Rect(x: x, y: top, width: layout.logicalRect.width, height: h)),
        truncated: cut))
    if cut {
      warnings.append(
        .warning(
          "the \(isHeader ? "header" : "footer") '\(text)' does not fit and ends "
            + "in an ellipsis", kind: Diagnostic.Kind.truncatedText))
    }
  }

  /// One row: icon, accessory, texts, separator.
  mutating func drawRow(section si: Int, row ri: Int, top: Double, h: Double, last: Bool)
    throws
  {
    let row = table.spec.sections[si].rows[ri]
    let dim = row.disabled ? IndicatorPalette.disabledOpacity : 1
    let centreY = top + h / 2
    let textX = try drawIcon(row, centreY: centreY, dim: dim) ?? left + pad
    let contentRight = try drawAccessory(row, centreY: centreY, dim: dim)
    let truncated = try drawTexts(
      row, place: "sections[\(si)].rows[\(ri)]", top: top, centreY: centreY, textX: textX,
      contentRight: contentRight, dim: dim)
    if !last {
      let thickness = 1.0  // one device pixel
      canvas.fillRect(
        Rect(x: textX, y: top + h - thickness, width: right - textX, height: thickness),
        color: table.palette.separator(table.appearance))
    }
    drawn.append(
      .init(
        kind: "row", title: row.title,
        frame: frame(Rect(x: left, y: top, width: right - left, height: h)),
        truncated: truncated, disabled: row.disabled, icon: row.icon))
  }

  /// The row's icon in its 29 pt square (on its background colour when it has one); the x
  /// where the texts start after it, `nil` when the row has no icon.
  mutating func drawIcon(_ row: TableViewSpec.Row, centreY: Double, dim: Double) throws
    -> Double?
  {
    guard let file = row.iconPath, let artwork = table.icons[file] else { return nil }
    let square = (TableView.iconSquarePt * s).rounded()
    let column = Rect(
      x: left + pad, y: (centreY - square / 2).rounded(), width: square, height: square)
    let glyphColour: RGBA8
    let box: Double
    if let background = row.iconBackground {
      canvas.fillRoundedRect(column, radius: 7 * s, color: BarText.dimmed(background, dim))
      glyphColour = BarText.dimmed(.white, dim)
      box = 19
    } else {
      glyphColour = BarText.dimmed(tintColour, dim)
      box = 22
    }
    let key = "\(file)|\(box)|\(glyphColour)"
    let glyph: RGBAImage
    if let cached = glyphCache[key] {
      glyph = cached
    } else {
      glyph = try BarText.glyph(
        artwork, role: .toolbar, boxPt: box, scale: s, colour: glyphColour,
        warnings: &warnings)
      glyphCache[key] = glyph
    }
    try canvas.draw(
      glyph,
      in: Rect(
        x: (column.x + (square - Double(glyph.width)) / 2).rounded(),
        y: (column.y + (square - Double(glyph.height)) / 2).rounded(),
        width: Double(glyph.width), height: Double(glyph.height)))
    return column.maxX + (15 * s).rounded()
  }

  /// The row's disclosure chevron or checkmark at the right; the x the texts must end
  /// before.
  func drawAccessory(_ row: TableViewSpec.Row, centreY: Double, dim: Double) throws -> Double {
    let contentRight = right - pad
    guard row.accessory != .none else { return contentRight }
    let isChevron = row.accessory == .disclosure
    let glyph = try BarText.glyph(
      (isChevron ? SystemGlyph.disclosure : SystemGlyph.checkmark).artwork(),
      role: .toolbar, boxPt: isChevron ? 13 : 15, scale: s,
      colour: BarText.dimmed(
        isChevron ? table.palette.tertiaryLabel(table.appearance) : tintColour, dim))
    let r = Rect(
      x: contentRight - Double(glyph.width),
      y: (centreY - Double(glyph.height) / 2).rounded(), width: Double(glyph.width),
      height: Double(glyph.height))
    try canvas.draw(glyph, in: r)
    return r.x - (8 * s).rounded()
  }

  /// The row's title, detail (right-aligned) and subtitle, each cut with an ellipsis (and a
  /// warning naming `place`) when it does not fit; whether any was cut.
  mutating func drawTexts(
    _ row: TableViewSpec.Row, place: String, top: Double, centreY: Double, textX: Double,
    contentRight: Double, dim: Double
  ) throws -> Bool {
    let gap = (8 * s).rounded()
    let available = contentRight - textX
    let titleStyle = TextStyle(
      weight: .regular, sizePx: TableView.textSizePt * s,
      color: BarText.dimmed(labelColour, dim))
    var truncated = false
    var titleRoom = available
    if let detail = row.detail {
      let detailStyle = TextStyle(
        weight: .regular, sizePx: TableView.textSizePt * s, color: BarText.dimmed(secondary, dim))
      let titleNatural = try TextLayout(row.title, style: titleStyle).logicalRect.width
      let detailRoom = max(available - titleNatural - gap, available * 0.4)
      let (layout, cut) = try BarText.fitted(detail, style: detailStyle, maxWidthPx: detailRoom)
      let dx = (contentRight - layout.logicalRect.width).rounded()
      try canvas.draw(
        layout, x: dx, y: (centreY + layout.capHeight / 2 - layout.baseline).rounded())
      titleRoom = dx - gap - textX
      if cut {
        truncated = true
        warnings.append(
          .warning(
            "\(place) detail '\(detail)' is cut short with an ellipsis",
            kind: Diagnostic.Kind.truncatedText))
      }
    }
    let (titleLayout, titleCut) = try BarText.fitted(
      row.title, style: titleStyle, maxWidthPx: titleRoom)
    if let subtitle = row.subtitle {
      let ty = (top + 25 * s - titleLayout.baseline).rounded()
      try canvas.draw(titleLayout, x: textX, y: ty)
      let subStyle = TextStyle(
        weight: .regular, sizePx: TableView.subtitleSizePt * s,
        color: BarText.dimmed(secondary, dim))
      let (subLayout, subCut) = try BarText.fitted(
        subtitle, style: subStyle, maxWidthPx: available)
      try canvas.draw(subLayout, x: textX, y: (top + 45 * s - subLayout.baseline).rounded())
      if subCut {
        truncated = true
        warnings.append(
          .warning(
            "\(place) subtitle '\(subtitle)' is cut short with an ellipsis",
            kind: Diagnostic.Kind.truncatedText))
      }
    } else {
      try canvas.draw(
        titleLayout, x: textX,
        y: (centreY + titleLayout.capHeight / 2 - titleLayout.baseline).rounded())
    }
    if titleCut {
      truncated = true
      warnings.append(
        .warning(
          "\(place) title '\(row.title)' is cut short with an ellipsis",
          kind: Diagnostic.Kind.truncatedText))
    }
    return truncated
  }

  /// The section index (plain tables): centred titles in a column at the right, squeezed
  /// (with a warning) when 14 pt a line does not fit the height.
  mutating func drawIndex() throws {
    guard !index.isEmpty else { return }
    let style = TextStyle(weight: .semibold, sizePx: 11 * s, color: tintColour)
    let lineHeight = min(14 * s, Double(height) / Double(index.count))
    let blockTop = (Double(height) - lineHeight * Double(index.count)) / 2
    let column = Rect(
      x: Double(width) - indexWidth, y: blockTop, width: indexWidth,
      height: lineHeight * Double(index.count))
    for (i, title) in index.enumerated() {
      let layout = try TextLayout(title, style: style)
      let x = (column.x + (indexWidth - layout.logicalRect.width) / 2).rounded()
      let cy = blockTop + lineHeight * (Double(i) + 0.5)
      try canvas.draw(layout, x: x, y: (cy + layout.capHeight / 2 - layout.baseline).rounded())
    }
    if lineHeight < 14 * s {
      warnings.append(
        .warning(
          "\(index.count) index titles do not fit the table's height at 14 pt a line; "
            + "they are squeezed", kind: Diagnostic.Kind.layout))
    }
    drawn.append(.init(kind: "index", title: index.joined(separator: " "), frame: frame(column)))
  }

  /// The picture and what was drawn where.
  /// - Throws: `RenderError` when the canvas cannot be read back.
  func finish() throws -> Drawing {
    Drawing(
      image: try canvas.image(),
      layout: DrawnLayout(
        widthPx: width, heightPx: height, scale: s, items: drawn, diagnostics: warnings))
  }
}
