import FoundationEssentials
import Glibc
import GlyphsmithCore

/// Draws one `SearchBar` from the top: the prompt, the field with its magnifying glass,
/// trailing glyph and text, the scope bar; collects the drawn frames and the warnings.
/// `SearchBar.draw(scale:)` is its only user.
struct SearchBarPainter {
  let bar: SearchBar
  /// px per pt.
  let s: Double
  let width: Int
  let height: Int
  let background: RGBA8
  let fill: RGBA8
  let secondary: RGBA8
  /// The field's and the scope bar's side inset in px.
  let inset: Double
  let canvas: Canvas
  var drawn: [DrawnLayout.Item] = []
  var warnings: [Diagnostic] = []

  /// A painter with a canvas of `width` x `height` px filled with the background.
  /// - Throws: `RenderError` when the canvas cannot be made.
  init(bar: SearchBar, scale s: Double, width: Int, height: Int) throws {
    self.bar = bar
    self.s = s
    self.width = width
    self.height = height
    background = bar.palette.systemBackground(bar.appearance)
    fill = bar.palette.tertiarySystemFill(bar.appearance)
    secondary = bar.palette.secondaryLabel(bar.appearance)
    inset = (SearchBar.sideInsetPt * s).rounded()
    canvas = try Canvas(width: width, height: height)
    canvas.fill(background)
  }

  func frame(_ r: Rect) -> DrawnLayout.Frame { .init(px: r, scale: s) }

  /// The prompt above the field, centred; where the bar below it starts (0 without one).
  mutating func drawPrompt() throws -> Double {
    guard let prompt = bar.prompt else { return 0 }
    let style = TextStyle(
      weight: .regular, sizePx: SearchBar.smallTextSizePt * s, color: secondary)
    let (layout, truncated) = try BarText.fitted(
      prompt, style: style, maxWidthPx: Double(width) - 2 * inset)
    let x = ((Double(width) - layout.logicalRect.width) / 2).rounded()
    let y = (SearchBar.promptBandPt * s / 2 + layout.capHeight / 2 - layout.baseline + 2 * s)
      .rounded()
    try canvas.draw(layout, x: x, y: y)
    drawn.append(
      .init(
        kind: "prompt", title: prompt,
        frame: frame(
          Rect(x: x, y: y, width: layout.logicalRect.width, height: layout.logicalRect.height)),
        truncated: truncated))
    if truncated {
      warnings.append(
        .warning(
          "the prompt '\(prompt)' does not fit and ends in an ellipsis",
          kind: Diagnostic.Kind.truncatedText))
    }
    return (SearchBar.promptBandPt * s).rounded()
  }

  /// The rounded field, centred in the bar that starts at `top`.
  mutating func drawField(top: Double) -> Rect {
    let fieldTop = top + ((SearchBar.barHeightPt - SearchBar.fieldHeightPt) / 2 * s).rounded()
    let field = Rect(
      x: inset, y: fieldTop, width: Double(width) - 2 * inset,
      height: (SearchBar.fieldHeightPt * s).rounded())
    canvas.fillRoundedRect(field, radius: SearchBar.fieldRadiusPt * s, color: fill)
    drawn.append(.init(kind: "field", frame: frame(field)))
    return field
  }

  /// The magnifying glass at the field's leading edge; where the text starts after it.
  mutating func drawMagnifier(in field: Rect) throws -> Double {
    let centreY = field.y + field.height / 2
    let magnifier = try BarText.glyph(
      SystemGlyph.magnifyingGlass.artwork(), role: .toolbar, boxPt: SearchBar.magnifierPt,
      scale: s, colour: secondary)
    let glyphLeft = field.x + (SearchBar.fieldInsetPt * s).rounded()
    let magnifierFrame = Rect(
      x: glyphLeft, y: (centreY - Double(magnifier.height) / 2).rounded(),
      width: Double(magnifier.width), height: Double(magnifier.height))
    try canvas.draw(magnifier, in: magnifierFrame)
    drawn.append(.init(kind: "magnifyingGlass", frame: frame(magnifierFrame)))
    return magnifierFrame.maxX + (SearchBar.glyphGapPt * s).rounded()
  }

  /// The trailing glyph: the clear button once text is entered, else the bookmarks glyph
  /// (when shown); the x the text must end before (less the gap).
  mutating func drawTrailingGlyph(in field: Rect) throws -> Double {
    let centreY = field.y + field.height / 2
    let trailingLeft = field.maxX - (SearchBar.fieldInsetPt * s).rounded()
    if bar.hasText {
      let d = (SearchBar.clearPt * s).rounded()
      let circle = Rect(x: trailingLeft - d, y: (centreY - d / 2).rounded(), width: d, height: d)
      canvas.fillEllipse(in: circle, color: bar.palette.tertiaryLabel(bar.appearance))
      let knockout = BarText.over(fill, background)
      let cross = try BarText.glyph(
        SystemGlyph.clearCross.artwork(), role: .toolbar, boxPt: SearchBar.clearCrossPt,
        scale: s, colour: knockout)
      try canvas.draw(
        cross,
        in: Rect(
          x: (circle.x + (d - Double(cross.width)) / 2).rounded(),
          y: (circle.y + (d - Double(cross.height)) / 2).rounded(),
          width: Double(cross.width), height: Double(cross.height)))
      drawn.append(.init(kind: "clear", frame: frame(circle)))
      return circle.x
    } else if bar.showsBookmark {
      let book = try BarText.glyph(
        SystemGlyph.bookmarks.artwork(), role: .toolbar, boxPt: SearchBar.bookmarkPt, scale: s,
        colour: secondary)
      let r = Rect(
        x: trailingLeft - Double(book.width), y: (centreY - Double(book.height) / 2).rounded(),
        width: Double(book.width), height: Double(book.height))
      try canvas.draw(book, in: r)
      drawn.append(.init(kind: "bookmarks", frame: frame(r)))
      return r.x
    }
    return trailingLeft
  }

  /// The search text, or the placeholder, between `textLeft` and the trailing glyph.
  mutating func drawText(in field: Rect, from textLeft: Double, to trailingLeft: Double) throws {
    let centreY = field.y + field.height / 2
    let hasText = bar.hasText
    let room = trailingLeft - (SearchBar.glyphGapPt * s).rounded() - textLeft
    let shown = hasText ? bar.text! : bar.placeholder
    let colour = hasText ? bar.palette.label(bar.appearance) : secondary
    let style = TextStyle(weight: .regular, sizePx: SearchBar.textSizePt * s, color: colour)
    let (layout, truncated) = try BarText.fitted(shown, style: style, maxWidthPx: room)
    let textY = (centreY + layout.capHeight / 2 - layout.baseline).rounded()
    try canvas.draw(layout, x: textLeft, y: textY)
    drawn.append(
      .init(
        kind: hasText ? "searchText" : "placeholder", title: shown,
        frame: frame(
          Rect(
            x: textLeft, y: textY, width: layout.logicalRect.width,
            height: layout.logicalRect.height)),
        truncated: truncated))
    if truncated {
      warnings.append(
        .warning(
          "the \(hasText ? "text" : "placeholder") '\(shown)' does not fit the field "
            + "and ends in an ellipsis", kind: Diagnostic.Kind.truncatedText))
    }
  }

  /// The scope bar under the field: a track, the selected segment raised, separators between
  /// the others, each title centred (cut with a warning when it does not fit).
  mutating func drawScopes(below field: Rect) throws {
    guard !bar.scopes.isEmpty else { return }
    let palette = bar.palette
    let appearance = bar.appearance
    let track = Rect(
      x: inset, y: field.maxY + (SearchBar.scopeGapPt * s).rounded(), width: field.width,
      height: (SearchBar.scopeHeightPt * s).rounded())
    canvas.fillRoundedRect(track, radius: SearchBar.scopeRadiusPt * s, color: fill)
    let pad = SearchBar.segmentInsetPt * s
    let segmentWidth = (track.width - 2 * pad) / Double(bar.scopes.count)
    for (i, title) in bar.scopes.enumerated() {
      let segment = Rect(
        x: (track.x + pad + Double(i) * segmentWidth).rounded(), y: track.y + pad,
        width: segmentWidth.rounded(), height: track.height - 2 * pad)
      let selected = i == bar.selectedScope
      if selected {
        canvas.fillRoundedRect(
          Rect(x: segment.x, y: segment.y + s, width: segment.width, height: segment.height),
          radius: (SearchBar.scopeRadiusPt - SearchBar.segmentInsetPt) * s,
          color: RGBA8(r: 0, g: 0, b: 0, a: 20))
        canvas.fillRoundedRect(
          segment, radius: (SearchBar.scopeRadiusPt - SearchBar.segmentInsetPt) * s,
          color: palette.selectedSegment(appearance))
      } else if i > 0 && i - 1 != bar.selectedScope {
        let h = (track.height - 2 * pad) / 2
        canvas.fillRect(
          Rect(
            x: segment.x - (s / 2).rounded(.down),
            y: (track.y + (track.height - h) / 2).rounded(), width: max(1, s.rounded(.down)),
            height: h.rounded()),
          color: palette.separator(appearance))
      }
      let titleStyle = TextStyle(
        weight: selected ? .semibold : .regular, sizePx: SearchBar.smallTextSizePt * s,
        color: palette.label(appearance))
      let (titleLayout, cut) = try BarText.fitted(
        title, style: titleStyle, maxWidthPx: segment.width - 2 * SearchBar.segmentPaddingPt * s)
      let x = (segment.x + (segment.width - titleLayout.logicalRect.width) / 2).rounded()
      let y =
        (segment.y + segment.height / 2 + titleLayout.capHeight / 2
        - titleLayout.baseline).rounded()
      try canvas.draw(titleLayout, x: x, y: y)
      drawn.append(
        .init(
          kind: "scope", title: title, frame: frame(segment), truncated: cut, selected: selected))
      if cut {
        warnings.append(
          .warning(
            "scope \(i) '\(title)' does not fit its segment and ends in an ellipsis",
            kind: Diagnostic.Kind.truncatedText))
      }
    }
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
