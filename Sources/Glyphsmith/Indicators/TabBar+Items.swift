import FoundationEssentials
import Glibc
import GlyphsmithCore

/// The steps of `TabBar.draw(scale:)`: each item placed (stacked on iPhone, side by side on
/// iPad and in compact bars) and drawn with its badge, then the home indicator.
extension TabBar {
  /// What every item of one drawing shares, in px.
  struct ItemMetrics {
    let scale: Double
    let barHeight: Double
    /// One item's slot width.
    let slot: Double
    /// The number of items shown.
    let count: Int
  }

  /// Where one item's icon box and title go, in px, laid out left to right (mirrored when
  /// drawn in right-to-left bars).
  struct ItemPlacement {
    var box: Rect
    var title: TextLayout
    var truncated: Bool
    var titleOrigin: (x: Double, y: Double)
  }

  /// Draws item `index` (its icon or the More ellipsis, title, badge) in its slot and adds
  /// its frames (`tab` or `more`, `icon`, `label`, `badge`) and warnings.
  /// - Throws: `.emptyArtwork` for an icon without ink; `.render` on a renderer failure.
  func drawItem(
    _ item: Item, index: Int, selected: Bool, isMore: Bool, metrics m: ItemMetrics,
    on canvas: Canvas, drawn: inout [DrawnLayout.Item], warnings: inout [Diagnostic]
  ) throws {
    let scale = m.scale
    let position = rightToLeft ? m.count - 1 - index : index
    let slotCentre = Double(position) * m.slot + m.slot / 2
    var colour =
      selected ? (tint ?? palette.systemBlue(appearance)) : palette.tabBarUnselected(appearance)
    if item.isDisabled {
      colour.a = UInt8((Double(colour.a) * IndicatorPalette.disabledOpacity).rounded())
    }
    let icon = try itemIcon(item, colour: colour, scale: scale, warnings: &warnings)
    let style = TextStyle(weight: .regular, sizePx: Self.titleSizePt * scale, color: colour)
    let iconWidth =
      Double(icon?.width ?? 0) == 0 && isMore
      ? (compact ? 18 : 25) * scale : Double(icon?.width ?? 0)
    let badge = try item.badge.map {
      try Badge($0, palette: palette, appearance: appearance).render(scale: scale)
    }
    let placed =
      compact || idiom == .pad
      ? try placeBeside(
        item, style: style, iconWidth: iconWidth, icon: icon, badge: badge, position: position,
        metrics: m)
      : try placeStacked(item, style: style, slotCentre: slotCentre, metrics: m)
    let (box, title, truncated) = (placed.box, placed.title, placed.truncated)
    if truncated {
      warnings.append(
        .warning(
          "tab \(index) title '\(item.title)' does not fit its "
            + "\((m.slot / scale).compact3) pt "
            + "slot and ends in an ellipsis; shorten it", kind: Diagnostic.Kind.truncatedText))
    }
    let boxCentre = (
      x: mirrored(box.x, box.width, about: slotCentre) + box.width / 2, y: box.y + box.height / 2
    )
    // The glyph's own frame (px), as drawn (mirrored in right-to-left bars).
    var iconFrame: Rect? = nil
    if let icon {
      let frame = Rect(
        x: (boxCentre.x - Double(icon.width) / 2).rounded(),
        y: (boxCentre.y - Double(icon.height) / 2).rounded(),
        width: Double(icon.width), height: Double(icon.height))
      try canvas.draw(icon, in: frame)
      iconFrame = frame
    } else if isMore {
      Self.drawEllipsis(
        on: canvas, centre: boxCentre, scale: scale, compact: compact, colour: colour)
    }
    let titleX = mirrored(placed.titleOrigin.x, title.logicalRect.width, about: slotCentre)
      .rounded()
    let titleY = placed.titleOrigin.y.rounded()
    try canvas.draw(title, x: titleX, y: titleY)
    drawn.append(
      DrawnLayout.Item(
        kind: isMore ? "more" : "tab", title: item.title,
        frame: .init(
          px: Rect(x: Double(position) * m.slot, y: 0, width: m.slot, height: m.barHeight),
          scale: scale),
        truncated: truncated, selected: selected,
        disabled: item.isDisabled, icon: item.icon?.path))
    if let iconFrame {
      drawn.append(
        DrawnLayout.Item(
          kind: "icon", title: item.title, frame: .init(px: iconFrame, scale: scale),
          icon: item.icon?.path))
    }
    if title.inkRect.width > 0 {
      drawn.append(
        DrawnLayout.Item(
          kind: "label", title: item.title,
          frame: .init(
            px: Rect(
              x: titleX + title.inkRect.x, y: titleY + title.inkRect.y,
              width: title.inkRect.width, height: title.inkRect.height), scale: scale),
          truncated: truncated))
    }
    if let badge, let value = item.badge {
      // Laid out left to right, then mirrored like the rest.
      let unmirroredIcon = iconFrame.map {
        Rect(
          x: mirrored($0.x, $0.width, about: slotCentre), y: $0.y, width: $0.width,
          height: $0.height)
      }
      drawn.append(
        try drawBadge(
          badge, value: value, box: box, icon: unmirroredIcon, slotCentre: slotCentre,
          scale: scale, on: canvas))
    }
  }

  /// Where `badge` goes, left to right: against the icon box (`Badge.badgeOrigin`), or in
  /// compact bars against the glyph's own frame `icon` (`Badge.compactBadgeOrigin`).
  func badgeOrigin(_ badge: RGBAImage, box: Rect, icon: Rect?, scale: Double) -> (x: Int, y: Int) {
    if compact, let icon {
      return Badge.compactBadgeOrigin(
        badgeWidth: badge.width, badgeHeight: badge.height, icon: icon, rightToLeft: false)
    }
    return Badge.badgeOrigin(
      badgeWidth: badge.width, badgeHeight: badge.height, box: box, scale: scale,
      rightToLeft: false)
  }

  /// `x` of a range `w` px wide, mirrored about `centre` in right-to-left bars.
  func mirrored(_ x: Double, _ w: Double, about centre: Double) -> Double {
    rightToLeft ? 2 * centre - x - w : x
  }

  /// The item's icon rendered with the tab bar role and recoloured; `nil` without one.
  /// - Throws: `.emptyArtwork` for an icon without ink; `.render`.
  func itemIcon(_ item: Item, colour: RGBA8, scale: Double, warnings: inout [Diagnostic]) throws
    -> RGBAImage?
  {
    guard let artwork = item.icon else { return nil }
    var options = RenderOptions()
    options.role = .tabBar
    options.scale = scale
    options.compact = compact
    let rendered = try GlyphRenderer.render(artwork, options: options)
    warnings += rendered.upscaling.filter { !warnings.contains($0) }
    var image = rendered.image
    GlyphRenderer.recolour(&image, to: colour)
    return image
  }

  /// Draws `badge` at the icon box's top trailing corner (compact bars: the glyph frame
  /// `icon`'s, `badgeOrigin`); its `badge` frame.
  /// - Throws: `.render` on a renderer failure.
  func drawBadge(
    _ badge: RGBAImage, value: String, box: Rect, icon: Rect?, slotCentre: Double,
    scale: Double, on canvas: Canvas
  ) throws -> DrawnLayout.Item {
    let origin = badgeOrigin(badge, box: box, icon: icon, scale: scale)
    let x =
      rightToLeft
      ? mirrored(Double(origin.x), Double(badge.width), about: slotCentre) : Double(origin.x)
    // Kept inside the bar, except in compact bars, where it stays on the glyph's corner and
    // its top may be cut by the bar's edge (iOS draws it over what is above).
    let frame = Rect(
      x: x, y: Double(compact ? origin.y : max(0, origin.y)), width: Double(badge.width),
      height: Double(badge.height))
    try canvas.draw(badge, in: frame)
    return DrawnLayout.Item(kind: "badge", title: value, frame: .init(px: frame, scale: scale))
  }

  /// Side by side (iPad, compact): icon, 6 pt gap, title, centred in the slot as a group; a
  /// badge that would reach over the title pushes the title 2 pt past it.
  func placeBeside(
    _ item: Item, style: TextStyle, iconWidth: Double, icon: RGBAImage?, badge: RGBAImage?,
    position: Int, metrics m: ItemMetrics
  ) throws -> ItemPlacement {
    let scale = m.scale
    let boxPt = Badge.iconBoxPt(compact: compact)
    let clearance = Self.titleClearancePt * scale
    let natural = try TextLayout(item.title, style: style)
    let gap = natural.logicalRect.width > 0 && iconWidth > 0 ? Self.besideGapPt * scale : 0
    // A badge beside the title: where it would end, relative to the icon's left edge.
    var extra = 0.0
    if let badge {
      let relativeBox = Rect(
        x: iconWidth / 2 - boxPt.width * scale / 2,
        y: m.barHeight / 2 - boxPt.height * scale / 2,
        width: boxPt.width * scale, height: boxPt.height * scale)
      let relativeIcon = icon.map {
        Rect(
          x: 0, y: (m.barHeight / 2 - Double($0.height) / 2).rounded(),
          width: Double($0.width), height: Double($0.height))
      }
      let origin = badgeOrigin(badge, box: relativeBox, icon: relativeIcon, scale: scale)
      // The title's ink top where it will be drawn (no clearance: a dot badge above a
      // title's cap height leaves it readable).
      let titleTop =
        m.barHeight / 2 + natural.capHeight / 2 - natural.baseline + natural.inkRect.y
      let badgeEnd = Double(origin.x + badge.width) + clearance
      if Double(origin.y + badge.height) > titleTop && badgeEnd > iconWidth + gap {
        extra = badgeEnd - (iconWidth + gap)
      }
    }
    let room = m.slot - iconWidth - gap - extra - 2 * clearance
    let (title, truncated) = try BarText.fitted(item.title, style: style, maxWidthPx: room)
    let total = iconWidth + gap + extra + title.logicalRect.width
    let left = (Double(position) * m.slot + (m.slot - total) / 2).rounded()
    let centreY = m.barHeight / 2
    let box = Rect(
      x: left + iconWidth / 2 - boxPt.width * scale / 2,
      y: centreY - boxPt.height * scale / 2, width: boxPt.width * scale,
      height: boxPt.height * scale)
    return ItemPlacement(
      box: box, title: title, truncated: truncated,
      titleOrigin: (
        left + iconWidth + gap + extra, centreY + title.capHeight / 2 - title.baseline
      ))
  }

  /// Stacked (iPhone): the icon box 4 pt from the top, the title's baseline at 45 pt, both
  /// centred in the slot.
  func placeStacked(
    _ item: Item, style: TextStyle, slotCentre: Double, metrics m: ItemMetrics
  ) throws -> ItemPlacement {
    let scale = m.scale
    let boxPt = Badge.iconBoxPt(compact: compact)
    let clearance = Self.titleClearancePt * scale
    let (title, truncated) = try BarText.fitted(
      item.title, style: style, maxWidthPx: m.slot - 2 * clearance)
    let box = Rect(
      x: slotCentre - boxPt.width * scale / 2, y: Self.iconTopPt * scale,
      width: boxPt.width * scale, height: boxPt.height * scale)
    return ItemPlacement(
      box: box, title: title, truncated: truncated,
      titleOrigin: (
        slotCentre - title.logicalRect.width / 2, Self.titleBaselinePt * scale - title.baseline
      ))
  }

  /// The home indicator pill, centred, near the bottom edge.
  func drawHomeIndicator(on canvas: Canvas, width: Int, height: Int, scale: Double) {
    let pill = Self.homeIndicatorSizePt
    let colour = appearance == .light ? RGBA8.black : RGBA8.white
    let above = idiom == .pad ? Self.padHomeIndicatorAbovePt : 8
    canvas.fillRoundedRect(
      Rect(
        x: ((Double(width) - pill.width * scale) / 2).rounded(),
        y: Double(height) - (above + pill.height) * scale, width: pill.width * scale,
        height: pill.height * scale),
      radius: pill.height * scale / 2, color: colour)
  }
}
