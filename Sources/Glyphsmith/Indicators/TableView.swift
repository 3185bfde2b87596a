import Foundation

/// A table view (UITableView) as a picture, from a `TableViewSpec` whose icons are loaded:
/// plain (rows edge to edge, optional section index down the trailing edge) or inset grouped
/// (rounded groups with headers and footers on the grouped background).
///
/// Numbers from specs.md "Table views" (UIKit's defaults as measured by third parties): rows
/// 44 pt (58 pt with a subtitle), text 17 pt, subtitle 15 pt; separators one device pixel,
/// inset to the text (16 pt, 20 pt on devices wider than 400 pt, or past the icon); Settings
/// icons 29 x 29 pt squares with a 7 pt radius and a white glyph (ink fitted to 19 pt, ours);
/// disclosure chevron tertiaryLabel, checkmark tint; inset grouped cells radius 10 pt, margins
/// 16 pt (20 wide), headers and footers 13 pt secondaryLabel, headers upper-case; section
/// index a 15 pt column of 11 pt semibold tint letters, centred vertically. Glyphsmith's own
/// values (ours): icons without a background fitted to 22 pt, the 15 pt gap from the icon
/// column to the text, spacing around groups (20 pt, 6 pt to a header or footer line of
/// 18 pt), plain section header bands 28 pt with 15 pt semibold text, the chevron 13 pt tall,
/// the checkmark 15 pt wide, 8 pt between detail text and title or accessory, index lines
/// 14 pt. Sizes are pt; px = pt x scale.
public struct TableView {
  /// The spec: style, index, sections and rows.
  public var spec: TableViewSpec
  /// The row icons, by `TableViewSpec.Row.iconPath`.
  public var icons: [String: Artwork]
  /// iPhone (default width 393 pt) or iPad (820 pt).
  public var idiom: TabBar.Idiom
  /// Width in pt; `nil`: the idiom's default.
  public var deviceWidthPt: Double?
  /// Light or dark.
  public var appearance: Appearance
  /// System colours.
  public var palette: IndicatorPalette
  /// Tint (checkmarks, index, icons without a background); `nil`: systemBlue.
  public var tint: RGBA8?

  /// Row height, 44 pt.
  public static let rowHeightPt = 44.0
  /// Row height with a subtitle, 58 pt.
  public static let subtitleRowHeightPt = 58.0
  /// Title and detail size, 17 pt.
  public static let textSizePt = 17.0
  /// Subtitle size, 15 pt.
  public static let subtitleSizePt = 15.0
  /// Header and footer size, 13 pt.
  public static let noteSizePt = 13.0
  /// Margin (grouped) and content inset, 16 pt; 20 pt on devices wider than 400 pt.
  public static let marginPt = 16.0
  /// Settings-style icon square, 29 pt; radius 7 pt; glyph ink 19 pt.
  public static let iconSquarePt = 29.0
  /// Section index column width, 15 pt; letters 11 pt.
  public static let indexWidthPt = 15.0

  /// A table from a spec and its loaded icons.
  public init(
    spec: TableViewSpec, icons: [String: Artwork] = [:], idiom: TabBar.Idiom = .phone,
    deviceWidthPt: Double? = nil, appearance: Appearance = .light,
    palette: IndicatorPalette = .ios18, tint: RGBA8? = nil
  ) {
    self.spec = spec
    self.icons = icons
    self.idiom = idiom
    self.deviceWidthPt = deviceWidthPt
    self.appearance = appearance
    self.palette = palette
    self.tint = tint
  }

  /// Loads the spec at `path` and every icon it names.
  /// - Throws: as `TableViewSpec.load(path:)`; a `GlyphsmithError` naming an icon file that
  ///   cannot be read.
  public static func load(
    path: String, idiom: TabBar.Idiom = .phone, deviceWidthPt: Double? = nil,
    appearance: Appearance = .light, palette: IndicatorPalette = .ios18
  ) throws -> TableView {
    let spec = try TableViewSpec.load(path: path)
    var icons: [String: Artwork] = [:]
    for row in spec.sections.flatMap(\.rows) {
      guard let file = row.iconPath, icons[file] == nil else { continue }
      do {
        icons[file] = try Artwork(path: file)
      } catch {
        throw GlyphsmithError.wrap(error, path: file)
      }
    }
    return TableView(
      spec: spec, icons: icons, idiom: idiom, deviceWidthPt: deviceWidthPt,
      appearance: appearance, palette: palette)
  }

  /// Width in pt: `deviceWidthPt`, or 393 (iPhone) or 820 (iPad).
  public var widthPt: Double { deviceWidthPt ?? (idiom == .pad ? 820 : 393) }

  /// The margin in pt: 16, or 20 on devices wider than 400 pt.
  public var marginPt: Double { widthPt > 400 ? 20 : Self.marginPt }

  /// Renders the table at `scale`; the pixels of `draw(scale:)`.
  /// - Throws: as `draw(scale:)`.
  public func render(scale: Double) throws -> RGBAImage { try draw(scale: scale).image }

  /// Draws the table at `scale` px per pt: round(width x scale) px wide, as high as its
  /// content; reports `header`, `footer`, `row` (title, truncated, disabled, icon) and `index`
  /// frames (pt, origin top-left). Text cut short gets a warning naming the row.
  /// - Throws: `GlyphsmithError.invalidOption` for a scale of zero or less or a width under
  ///   100 pt; `.emptyArtwork` for an icon without ink; `.render` on a renderer failure.
  public func draw(scale: Double) throws -> Drawing {
    try Drawing.checkScale(scale)
    guard widthPt >= 100, widthPt.isFinite else {
      throw GlyphsmithError.invalidOption("device width must be at least 100 pt, got \(widthPt)")
    }
    let s = scale
    let grouped = spec.style == .grouped
    let width = Int((widthPt * s).rounded())
    let m = (marginPt * s).rounded()
    var warnings: [String] = []
    let index = grouped ? [] : spec.index
    if grouped && !spec.index.isEmpty {
      warnings.append(
        "warning: a section index is for plain tables (HIG \"Lists and tables\"); it is not "
          + "drawn on a grouped table")
    }
    let indexWidth = index.isEmpty ? 0 : (Self.indexWidthPt * s).rounded()

    // Pass 1: vertical positions.
    enum Block {
      case header(String, y: Double, h: Double)
      case footer(String, y: Double, h: Double)
      case group(y: Double, h: Double)
      case row(section: Int, row: Int, y: Double, h: Double, last: Bool)
    }
    var blocks: [Block] = []
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
          ((row.subtitle == nil ? Self.rowHeightPt : Self.subtitleRowHeightPt) * s).rounded()
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
    let height = max(1, Int(y.rounded()))

    // Pass 2: drawing.
    let tintColour = tint ?? palette.systemBlue(appearance)
    let labelColour = palette.label(appearance)
    let secondary = palette.secondaryLabel(appearance)
    var drawn: [DrawnLayout.Item] = []
    func frame(_ r: Rect) -> DrawnLayout.Frame { .init(px: r, scale: s) }
    let left = grouped ? m : 0
    let right = grouped ? Double(width) - m : Double(width) - indexWidth
    let pad = grouped ? (Self.marginPt * s).rounded() : m
    var glyphCache: [String: RGBAImage] = [:]

    do {
      let canvas = try Canvas(width: width, height: height)
      canvas.fill(
        grouped ? palette.groupedBackground(appearance) : palette.systemBackground(appearance))
      for block in blocks {
        switch block {
        case .group(let top, let h):
          canvas.fillRoundedRect(
            Rect(x: left, y: top, width: right - left, height: h), radius: 10 * s,
            color: palette.groupedCell(appearance))
        case .header(let text, let top, let h), .footer(let text, let top, let h):
          let isHeader: Bool
          if case .header = block { isHeader = true } else { isHeader = false }
          let shown = grouped && isHeader ? text.uppercased() : text
          let style: TextStyle
          if !grouped && isHeader {
            canvas.fillRect(
              Rect(x: 0, y: top, width: Double(width), height: h),
              color: palette.plainHeaderBand(appearance))
            style = TextStyle(weight: .semibold, sizePx: 15 * s, color: labelColour)
          } else {
            style = TextStyle(weight: .regular, sizePx: Self.noteSizePt * s, color: secondary)
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
              "warning: the \(isHeader ? "header" : "footer") '\(text)' does not fit and ends "
                + "in an ellipsis")
          }
        case .row(let si, let ri, let top, let h, let last):
          let row = spec.sections[si].rows[ri]
          let place = "sections[\(si)].rows[\(ri)]"
          let dim = row.disabled ? IndicatorPalette.disabledOpacity : 1
          let centreY = top + h / 2
          var textX = left + pad
          // Icon.
          if let file = row.iconPath, let artwork = icons[file] {
            let square = (Self.iconSquarePt * s).rounded()
            let column = Rect(
              x: left + pad, y: (centreY - square / 2).rounded(), width: square, height: square)
            let glyphColour: RGBA8
            let box: Double
            if let background = row.iconBackground {
              canvas.fillRoundedRect(
                column, radius: 7 * s, color: BarText.dimmed(background, dim))
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
            textX = column.maxX + (15 * s).rounded()
          }
          // Accessory.
          var contentRight = right - pad
          if row.accessory != .none {
            let isChevron = row.accessory == .disclosure
            let glyph = try BarText.glyph(
              (isChevron ? SystemGlyph.disclosure : SystemGlyph.checkmark).artwork(),
              role: .toolbar, boxPt: isChevron ? 13 : 15, scale: s,
              colour: BarText.dimmed(
                isChevron ? palette.tertiaryLabel(appearance) : tintColour, dim))
            let r = Rect(
              x: contentRight - Double(glyph.width),
              y: (centreY - Double(glyph.height) / 2).rounded(), width: Double(glyph.width),
              height: Double(glyph.height))
            try canvas.draw(glyph, in: r)
            contentRight = r.x - (8 * s).rounded()
          }
          // Texts.
          let gap = (8 * s).rounded()
          let available = contentRight - textX
          let titleStyle = TextStyle(
            weight: .regular, sizePx: Self.textSizePt * s, color: BarText.dimmed(labelColour, dim))
          var truncated = false
          var titleRoom = available
          if let detail = row.detail {
            let detailStyle = TextStyle(
              weight: .regular, sizePx: Self.textSizePt * s, color: BarText.dimmed(secondary, dim))
            let titleNatural = try TextLayout(row.title, style: titleStyle).logicalRect.width
            let detailRoom = max(available - titleNatural - gap, available * 0.4)
            let (layout, cut) = try BarText.fitted(
              detail, style: detailStyle, maxWidthPx: detailRoom)
            let dx = (contentRight - layout.logicalRect.width).rounded()
            try canvas.draw(
              layout, x: dx, y: (centreY + layout.capHeight / 2 - layout.baseline).rounded())
            titleRoom = dx - gap - textX
            if cut {
              truncated = true
              warnings.append("warning: \(place) detail '\(detail)' is cut short with an ellipsis")
            }
          }
          let (titleLayout, titleCut) = try BarText.fitted(
            row.title, style: titleStyle, maxWidthPx: titleRoom)
          if let subtitle = row.subtitle {
            let ty = (top + 25 * s - titleLayout.baseline).rounded()
            try canvas.draw(titleLayout, x: textX, y: ty)
            let subStyle = TextStyle(
              weight: .regular, sizePx: Self.subtitleSizePt * s,
              color: BarText.dimmed(secondary, dim))
            let (subLayout, subCut) = try BarText.fitted(
              subtitle, style: subStyle, maxWidthPx: available)
            try canvas.draw(subLayout, x: textX, y: (top + 45 * s - subLayout.baseline).rounded())
            if subCut {
              truncated = true
              warnings.append(
                "warning: \(place) subtitle '\(subtitle)' is cut short with an ellipsis")
            }
          } else {
            try canvas.draw(
              titleLayout, x: textX,
              y: (centreY + titleLayout.capHeight / 2 - titleLayout.baseline).rounded())
          }
          if titleCut {
            truncated = true
            warnings.append("warning: \(place) title '\(row.title)' is cut short with an ellipsis")
          }
          if !last {
            let thickness = 1.0  // one device pixel
            canvas.fillRect(
              Rect(x: textX, y: top + h - thickness, width: right - textX, height: thickness),
              color: palette.separator(appearance))
          }
          drawn.append(
            .init(
              kind: "row", title: row.title,
              frame: frame(Rect(x: left, y: top, width: right - left, height: h)),
              truncated: truncated, disabled: row.disabled, icon: row.icon))
        }
      }
      // Section index.
      if !index.isEmpty {
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
            "warning: \(index.count) index titles do not fit the table's height at 14 pt a line; "
              + "they are squeezed")
        }
        drawn.append(
          .init(kind: "index", title: index.joined(separator: " "), frame: frame(column)))
      }
      return Drawing(
        image: try canvas.image(),
        layout: DrawnLayout(
          widthPx: width, heightPx: height, scale: s, items: drawn, warnings: warnings))
    } catch {
      throw GlyphsmithError.wrap(error, path: "table view")
    }
  }
}
