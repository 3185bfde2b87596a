import FoundationEssentials
import Glibc
import GlyphsmithCore

/// The steps of `Toolbar.draw(scale:)`: the entries as pieces, the text buttons fitted to the
/// bar, the pieces painted.
extension Toolbar {
  /// One horizontal piece of the bar, in px.
  enum Piece {
    case glyph(RGBAImage, Button)
    case text(String, TextStyle, Button)
    case flexible
    case fixed(Double)
    case gap
  }

  /// The entries as laid out: a flexible space between every two when none is given.
  var laidOutEntries: [Entry] {
    let hasSpace = entries.contains {
      if case .button = $0 { return false } else { return true }
    }
    guard !hasSpace && entries.count > 1 else { return entries }
    var laid: [Entry] = []
    for (i, entry) in entries.enumerated() {
      if i > 0 { laid.append(.flexibleSpace) }
      laid.append(entry)
    }
    return laid
  }

  /// The pieces at `scale`: icons rendered with the toolbar role and recoloured, text
  /// buttons styled, spaces in px, a gap between two adjacent buttons.
  /// - Throws: `GlyphsmithError.emptyArtwork` for an icon without ink; `.render`.
  func pieces(scale: Double, warnings: inout [Diagnostic]) throws -> [Piece] {
    let tintColour = tint ?? palette.systemBlue(appearance)
    let laid = laidOutEntries
    var pieces: [Piece] = []
    for (i, entry) in laid.enumerated() {
      if i > 0, case .button = entry, case .button = laid[i - 1] { pieces.append(.gap) }
      switch entry {
      case .flexibleSpace: pieces.append(.flexible)
      case .fixedSpace(let pt): pieces.append(.fixed(pt * scale))
      case .button(let button):
        var colour =
          (palette == .ios26 && !button.isProminent) ? palette.label(appearance) : tintColour
        if button.isDisabled { colour = BarText.dimmed(colour, IndicatorPalette.disabledOpacity) }
        if let icon = button.icon {
          var options = RenderOptions()
          options.role = .toolbar
          options.scale = scale
          let rendered = try GlyphRenderer.render(icon, options: options)
          warnings += rendered.upscaling.filter { !warnings.contains($0) }
          var image = rendered.image
          GlyphRenderer.recolour(&image, to: colour)
          pieces.append(.glyph(image, button))
        } else {
          let style = TextStyle(
            weight: button.isProminent ? .semibold : .regular, sizePx: Self.textSizePt * scale,
            color: colour)
          pieces.append(.text(button.title, style, button))
        }
      }
    }
    return pieces
  }

  /// The width of everything but the flexible spaces, in px.
  static func fixedWidth(_ pieces: [Piece], texts: [Int: (TextLayout, Bool)], scale: Double)
    -> Double
  {
    pieces.enumerated().reduce(0.0) { sum, element in
      switch element.element {
      case .glyph(let image, _): return sum + Double(image.width)
      case .text: return sum + (texts[element.offset]?.0.logicalRect.width ?? 0)
      case .fixed(let px): return sum + px
      case .gap: return sum + itemGapPt * scale
      case .flexible: return sum
      }
    }
  }

  /// The text buttons' layouts by piece index, and whether each was cut: natural widths,
  /// or, when the pieces do not fit `available` px, the widest cut down to a common width
  /// until the rest fits (with a warning).
  /// - Throws: `.render` on a text failure.
  func fittedTexts(
    _ pieces: [Piece], available: Double, margin: Double, scale: Double,
    warnings: inout [Diagnostic]
  ) throws -> [Int: (TextLayout, Bool)] {
    var texts: [Int: (TextLayout, Bool)] = [:]
    for (i, piece) in pieces.enumerated() {
      if case .text(let title, let style, _) = piece {
        texts[i] = (try TextLayout(title, style: style), false)
      }
    }
    let fixed = Self.fixedWidth(pieces, texts: texts, scale: scale)
    guard fixed > available + 0.01 else { return texts }
    warnings.append(
      .warning(
        "the toolbar's items and \(marginPt.compact3) pt margins need "
          + "\(((fixed + 2 * margin) / scale).compact3) pt, more than its "
          + "\(widthPt.compact3) pt; drop items or shorten their titles",
        kind: Diagnostic.Kind.layout))
    // Cut the widest text buttons down to a common width until the rest fits.
    let textIndices = texts.keys.sorted()
    guard !textIndices.isEmpty else { return texts }
    let others = fixed - textIndices.reduce(0.0) { $0 + texts[$1]!.0.logicalRect.width }
    let share = max(0, (available - others) / Double(textIndices.count))
    var budget = max(0, available - others)
    // Narrow titles keep their width; the rest share what is left.
    let sorted = textIndices.sorted {
      texts[$0]!.0.logicalRect.width < texts[$1]!.0.logicalRect.width
    }
    var remaining = sorted.count
    for index in sorted {
      let natural = texts[index]!.0.logicalRect.width
      let allowed = max(budget / Double(remaining), 0)
      if natural <= allowed {
        budget -= natural
      } else if case .text(let title, let style, _) = pieces[index] {
        let fit = try BarText.fitted(title, style: style, maxWidthPx: max(allowed, share * 0))
        texts[index] = (fit.layout, fit.truncated)
        budget -= fit.layout.logicalRect.width
      }
      remaining -= 1
    }
    return texts
  }

  /// The bar (background, top hairline) with the pieces from the leading margin (mirrored
  /// right to left), and the frames drawn.
  /// - Throws: `.render` on a renderer failure.
  func paint(
    _ pieces: [Piece], texts: [Int: (TextLayout, Bool)], flexibleWidth: Double,
    margin: Double, size: (width: Int, height: Int), scale: Double, warnings: [Diagnostic]
  ) throws -> Drawing {
    let (width, height) = size
    var warnings = warnings
    var drawn: [DrawnLayout.Item] = []
    let canvas = try Canvas(width: width, height: height)
    canvas.fill(palette.tabBarBackground(appearance))
    canvas.fillRect(
      Rect(x: 0, y: 0, width: Double(width), height: 1), color: palette.tabBarHairline(appearance)
    )
    let centreY = Double(height) / 2
    var x = margin
    func place(_ left: Double, _ w: Double) -> Double {
      rightToLeft ? Double(width) - left - w : left
    }
    for (i, piece) in pieces.enumerated() {
      switch piece {
      case .glyph(let image, let button):
        let left = place(x, Double(image.width)).rounded()
        let top = (centreY - Double(image.height) / 2).rounded()
        let frame = Rect(
          x: left, y: top, width: Double(image.width), height: Double(image.height))
        try canvas.draw(image, in: frame)
        drawn.append(
          .init(
            kind: "icon", title: button.title, frame: .init(px: frame, scale: scale),
            selected: nil, disabled: button.isDisabled, icon: button.icon?.path))
        x += Double(image.width)
      case .text(let title, _, let button):
        let (layout, truncated) = texts[i]!
        let w = layout.logicalRect.width
        let left = place(x, w).rounded()
        let y = (centreY + layout.capHeight / 2 - layout.baseline).rounded()
        try canvas.draw(layout, x: left, y: y)
        drawn.append(
          .init(
            kind: "text", title: title,
            frame: .init(
              px: Rect(x: left, y: y, width: w, height: layout.logicalRect.height), scale: scale),
            truncated: truncated, disabled: button.isDisabled))
        if truncated {
          warnings.append(
            .warning(
              "toolbar item '\(title)' does not fit and ends in an ellipsis",
              kind: Diagnostic.Kind.truncatedText))
        }
        x += w
      case .flexible, .fixed:
        let w: Double
        if case .fixed(let px) = piece { w = px } else { w = flexibleWidth }
        drawn.append(
          .init(
            kind: "space", title: "",
            frame: .init(
              px: Rect(x: place(x, w), y: 0, width: w, height: Double(height)), scale: scale)))
        x += w
      case .gap:
        x += Self.itemGapPt * scale
      }
    }
    return Drawing(
      image: try canvas.image(),
      layout: DrawnLayout(
        widthPx: width, heightPx: height, scale: scale, items: drawn, diagnostics: warnings))
  }
}
