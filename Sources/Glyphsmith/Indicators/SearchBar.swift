import Foundation

/// A search bar (UISearchBar, iOS 13+ look) as a picture: an optional prompt line, the field
/// with its magnifying glass, placeholder or entered text, a bookmarks glyph (empty field) or
/// a clear button (text entered), and an optional scope bar of segments under it.
///
/// Numbers from specs.md "Search bars and scope bars" (UIKit's defaults as measured by third
/// parties): field 36 pt high, corner radius 10 pt, in a 56 pt bar with 8 pt side insets,
/// tertiarySystemFill; text 17 pt, placeholder and glyphs secondaryLabel, entered text label;
/// clear button a tertiaryLabel circle with an x; prompt 13 pt secondaryLabel; scope segments
/// 32 pt high, radius 9 pt, selected segment white (#636366 dark) with a soft shadow, titles
/// 13 pt (selected semibold), 8 pt under the field. Glyphsmith's own values (named "ours"
/// below and in docs/specs.md): the prompt band (22 pt), glyph sizes (magnifying glass 15 pt,
/// bookmarks 17 pt, clear button 17 pt with a 7 pt x), the 8 pt and 6 pt insets inside the field,
/// the 2 pt inset of the selected segment. Sizes are pt; px = pt x scale.
public struct SearchBar: Sendable, Equatable {
  /// Placeholder shown while the field is empty; default "Search".
  public var placeholder: String
  /// Entered text; `nil` or "" is an empty field.
  public var text: String?
  /// One short line above the field; `nil`: none.
  public var prompt: String?
  /// Shows the bookmarks glyph at the trailing edge while the field is empty.
  public var showsBookmark: Bool
  /// Scope bar titles; empty: no scope bar.
  public var scopes: [String]
  /// The selected scope, 0-based.
  public var selectedScope: Int
  /// iPhone (default width 393 pt) or iPad (820 pt).
  public var idiom: TabBar.Idiom
  /// Width in pt; `nil`: the idiom's default.
  public var deviceWidthPt: Double?
  /// Light or dark.
  public var appearance: Appearance
  /// System colours.
  public var palette: IndicatorPalette

  /// The bar around the field, 56 pt (specs.md).
  public static let barHeightPt = 56.0
  /// The field's height, 36 pt.
  public static let fieldHeightPt = 36.0
  /// The field's corner radius, 10 pt.
  public static let fieldRadiusPt = 10.0
  /// Side insets of the field and the scope bar, 8 pt.
  public static let sideInsetPt = 8.0
  /// Text size in the field, 17 pt.
  public static let textSizePt = 17.0
  /// Prompt and scope title size, 13 pt.
  public static let smallTextSizePt = 13.0
  /// The prompt's band above the bar, 22 pt (ours).
  public static let promptBandPt = 22.0
  /// Scope bar height, 32 pt; corner radius 9 pt.
  public static let scopeHeightPt = 32.0
  /// Scope bar corner radius, 9 pt.
  public static let scopeRadiusPt = 9.0
  /// Space between the field and the scope bar, 8 pt (ours, specs.md).
  public static let scopeGapPt = 8.0
  /// Inset of the selected segment inside the track, 2 pt (ours).
  public static let segmentInsetPt = 2.0
  /// Magnifying glass: ink fitted to 15 pt (ours).
  public static let magnifierPt = 15.0
  /// Bookmarks glyph: ink fitted to 17 pt (ours).
  public static let bookmarkPt = 17.0
  /// Clear button circle, 17 pt across; its x 7 pt (ours).
  public static let clearPt = 17.0
  /// The clear button's x, ink fitted to 7 pt (ours).
  public static let clearCrossPt = 7.0
  /// Inset of the glyphs from the field's ends, 8 pt; gap between a glyph and the text, 6 pt
  /// (ours).
  public static let fieldInsetPt = 8.0
  /// Gap between a glyph and the text, 6 pt (ours).
  public static let glyphGapPt = 6.0
  /// Space kept clear each side of a scope title inside its segment, 6 pt (ours).
  public static let segmentPaddingPt = 6.0

  /// A search bar with the defaults: placeholder "Search", iPhone width, light.
  public init(
    placeholder: String = "Search", text: String? = nil, prompt: String? = nil,
    showsBookmark: Bool = false, scopes: [String] = [], selectedScope: Int = 0,
    idiom: TabBar.Idiom = .phone, deviceWidthPt: Double? = nil, appearance: Appearance = .light,
    palette: IndicatorPalette = .ios18
  ) {
    self.placeholder = placeholder
    self.text = text
    self.prompt = prompt
    self.showsBookmark = showsBookmark
    self.scopes = scopes
    self.selectedScope = selectedScope
    self.idiom = idiom
    self.deviceWidthPt = deviceWidthPt
    self.appearance = appearance
    self.palette = palette
  }

  /// Width in pt: `deviceWidthPt`, or 393 (iPhone) or 820 (iPad).
  public var widthPt: Double { deviceWidthPt ?? (idiom == .pad ? 820 : 393) }

  /// Height in pt: the prompt band (22) if any, the 56 pt bar (10 + 36 + 10), and with scopes
  /// 8 + 32 more.
  public var heightPt: Double {
    (prompt == nil ? 0 : Self.promptBandPt) + Self.barHeightPt
      + (scopes.isEmpty ? 0 : Self.scopeGapPt + Self.scopeHeightPt)
  }

  /// Whether text is entered.
  public var hasText: Bool { !(text ?? "").isEmpty }

  /// Checks the options.
  /// - Throws: `GlyphsmithError.invalidOption` for an empty scope title (naming it, 0-based),
  ///   a selected scope outside `0..<scopes.count`, or a width under 100 pt.
  public func validate() throws {
    for (i, title) in scopes.enumerated() where title.trimmingCharacters(in: .whitespaces).isEmpty {
      throw GlyphsmithError.invalidOption(
        "scope \(i) has an empty title; every segment needs a title (scopes are 0-based)")
    }
    if !scopes.isEmpty && !(0..<scopes.count).contains(selectedScope) {
      throw GlyphsmithError.invalidOption(
        "selected scope \(selectedScope) is outside 0..<\(scopes.count) (scopes are 0-based)")
    }
    guard widthPt >= 100, widthPt.isFinite else {
      throw GlyphsmithError.invalidOption("device width must be at least 100 pt, got \(widthPt)")
    }
  }

  /// Renders the bar at `scale`; the pixels of `draw(scale:)`.
  /// - Throws: as `draw(scale:)`.
  public func render(scale: Double) throws -> RGBAImage { try draw(scale: scale).image }

  /// Draws the bar at `scale` px per pt: round(width x scale) x round(height x scale) px,
  /// opaque; reports `prompt`, `field`, `magnifyingGlass`, `placeholder` or `searchText`,
  /// `bookmarks` or `clear`, and one `scope` per segment (pt, origin top-left). Text that does
  /// not fit ends in an ellipsis, with a warning.
  /// - Throws: as `validate()`; `GlyphsmithError.invalidOption` for a scale of zero or less;
  ///   `.render` on a renderer or text failure.
  public func draw(scale: Double) throws -> Drawing {
    try validate()
    let (width, height) = try Drawing.pixelSize(widthPt: widthPt, heightPt: heightPt, scale: scale)
    let s = scale
    let background = palette.systemBackground(appearance)
    let fill = palette.tertiarySystemFill(appearance)
    let secondary = palette.secondaryLabel(appearance)
    var drawn: [DrawnLayout.Item] = []
    var warnings: [String] = []
    func frame(_ r: Rect) -> DrawnLayout.Frame { .init(px: r, scale: s) }

    do {
      let canvas = try Canvas(width: width, height: height)
      canvas.fill(background)
      let inset = (Self.sideInsetPt * s).rounded()
      var top = 0.0

      if let prompt {
        let style = TextStyle(weight: .regular, sizePx: Self.smallTextSizePt * s, color: secondary)
        let (layout, truncated) = try BarText.fitted(
          prompt, style: style, maxWidthPx: Double(width) - 2 * inset)
        let x = ((Double(width) - layout.logicalRect.width) / 2).rounded()
        let y = (Self.promptBandPt * s / 2 + layout.capHeight / 2 - layout.baseline + 2 * s)
          .rounded()
        try canvas.draw(layout, x: x, y: y)
        drawn.append(
          .init(
            kind: "prompt", title: prompt,
            frame: frame(
              Rect(x: x, y: y, width: layout.logicalRect.width, height: layout.logicalRect.height)),
            truncated: truncated))
        if truncated {
          warnings.append("warning: the prompt '\(prompt)' does not fit and ends in an ellipsis")
        }
        top += (Self.promptBandPt * s).rounded()
      }

      // The field.
      let fieldTop = top + ((Self.barHeightPt - Self.fieldHeightPt) / 2 * s).rounded()
      let field = Rect(
        x: inset, y: fieldTop, width: Double(width) - 2 * inset,
        height: (Self.fieldHeightPt * s).rounded())
      canvas.fillRoundedRect(field, radius: Self.fieldRadiusPt * s, color: fill)
      drawn.append(.init(kind: "field", frame: frame(field)))
      let centreY = field.y + field.height / 2

      let magnifier = try BarText.glyph(
        SystemGlyph.magnifyingGlass.artwork(), role: .toolbar, boxPt: Self.magnifierPt, scale: s,
        colour: secondary)
      let glyphLeft = field.x + (Self.fieldInsetPt * s).rounded()
      let magnifierFrame = Rect(
        x: glyphLeft, y: (centreY - Double(magnifier.height) / 2).rounded(),
        width: Double(magnifier.width), height: Double(magnifier.height))
      try canvas.draw(magnifier, in: magnifierFrame)
      drawn.append(.init(kind: "magnifyingGlass", frame: frame(magnifierFrame)))

      // Trailing glyph: the clear button once text is entered, else the bookmarks glyph.
      var trailingLeft = field.maxX - (Self.fieldInsetPt * s).rounded()
      if hasText {
        let d = (Self.clearPt * s).rounded()
        let circle = Rect(x: trailingLeft - d, y: (centreY - d / 2).rounded(), width: d, height: d)
        canvas.fillEllipse(in: circle, color: palette.tertiaryLabel(appearance))
        let knockout = BarText.over(fill, background)
        let cross = try BarText.glyph(
          SystemGlyph.clearCross.artwork(), role: .toolbar, boxPt: Self.clearCrossPt, scale: s,
          colour: knockout)
        try canvas.draw(
          cross,
          in: Rect(
            x: (circle.x + (d - Double(cross.width)) / 2).rounded(),
            y: (circle.y + (d - Double(cross.height)) / 2).rounded(),
            width: Double(cross.width), height: Double(cross.height)))
        drawn.append(.init(kind: "clear", frame: frame(circle)))
        trailingLeft = circle.x
      } else if showsBookmark {
        let book = try BarText.glyph(
          SystemGlyph.bookmarks.artwork(), role: .toolbar, boxPt: Self.bookmarkPt, scale: s,
          colour: secondary)
        let r = Rect(
          x: trailingLeft - Double(book.width), y: (centreY - Double(book.height) / 2).rounded(),
          width: Double(book.width), height: Double(book.height))
        try canvas.draw(book, in: r)
        drawn.append(.init(kind: "bookmarks", frame: frame(r)))
        trailingLeft = r.x
      }

      // Placeholder or text.
      let textLeft = magnifierFrame.maxX + (Self.glyphGapPt * s).rounded()
      let room = trailingLeft - (Self.glyphGapPt * s).rounded() - textLeft
      let shown = hasText ? text! : placeholder
      let colour = hasText ? palette.label(appearance) : secondary
      let style = TextStyle(weight: .regular, sizePx: Self.textSizePt * s, color: colour)
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
          "warning: the \(hasText ? "text" : "placeholder") '\(shown)' does not fit the field "
            + "and ends in an ellipsis")
      }

      // The scope bar.
      if !scopes.isEmpty {
        let track = Rect(
          x: inset, y: field.maxY + (Self.scopeGapPt * s).rounded(), width: field.width,
          height: (Self.scopeHeightPt * s).rounded())
        canvas.fillRoundedRect(track, radius: Self.scopeRadiusPt * s, color: fill)
        let pad = Self.segmentInsetPt * s
        let segmentWidth = (track.width - 2 * pad) / Double(scopes.count)
        for (i, title) in scopes.enumerated() {
          let segment = Rect(
            x: (track.x + pad + Double(i) * segmentWidth).rounded(), y: track.y + pad,
            width: segmentWidth.rounded(), height: track.height - 2 * pad)
          let selected = i == selectedScope
          if selected {
            canvas.fillRoundedRect(
              Rect(x: segment.x, y: segment.y + s, width: segment.width, height: segment.height),
              radius: (Self.scopeRadiusPt - Self.segmentInsetPt) * s,
              color: RGBA8(r: 0, g: 0, b: 0, a: 20))
            canvas.fillRoundedRect(
              segment, radius: (Self.scopeRadiusPt - Self.segmentInsetPt) * s,
              color: palette.selectedSegment(appearance))
          } else if i > 0 && i - 1 != selectedScope {
            let h = (track.height - 2 * pad) / 2
            canvas.fillRect(
              Rect(
                x: segment.x - (s / 2).rounded(.down),
                y: (track.y + (track.height - h) / 2).rounded(), width: max(1, s.rounded(.down)),
                height: h.rounded()),
              color: palette.separator(appearance))
          }
          let titleStyle = TextStyle(
            weight: selected ? .semibold : .regular, sizePx: Self.smallTextSizePt * s,
            color: palette.label(appearance))
          let (titleLayout, cut) = try BarText.fitted(
            title, style: titleStyle, maxWidthPx: segment.width - 2 * Self.segmentPaddingPt * s)
          let x = (segment.x + (segment.width - titleLayout.logicalRect.width) / 2).rounded()
          let y =
            (segment.y + segment.height / 2 + titleLayout.capHeight / 2
            - titleLayout.baseline).rounded()
          try canvas.draw(titleLayout, x: x, y: y)
          drawn.append(
            .init(
              kind: "scope", title: title, frame: frame(segment), truncated: cut, selected: selected
            ))
          if cut {
            warnings.append(
              "warning: scope \(i) '\(title)' does not fit its segment and ends in an ellipsis")
          }
        }
      }
      return Drawing(
        image: try canvas.image(),
        layout: DrawnLayout(
          widthPx: width, heightPx: height, scale: s, items: drawn, warnings: warnings))
    } catch {
      throw GlyphsmithError.wrap(error, path: "search bar")
    }
  }
}
