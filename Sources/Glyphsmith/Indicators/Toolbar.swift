import Foundation

/// A toolbar (UIToolbar) as a picture: background and top hairline like the tab bar's, icon
/// and text buttons in order, flexible and fixed spaces between them.
///
/// Numbers from specs.md "Toolbars (UIToolbar)": 44 pt high on iPhone, 50 pt on iPad (iOS 12+,
/// the tab bar's height), 32 pt compact (iPhone landscape); leading and trailing margins 16 pt
/// (20 pt on devices wider than 400 pt); glyphs at the toolbar size (role `toolbar`: ink
/// fitted to 24 x 24 pt, 28 pt on the long side at most); text buttons 17 pt, prominent ones
/// semibold; items in the tint colour (iOS 13-18; with the iOS 26 palette only prominent items
/// are tinted, the others label-coloured), disabled ones at 35 % (as `TabBar`). Between two
/// items with no space given: 8 pt (Glyphsmith's value). When no space is given anywhere,
/// a flexible space goes between every two items, as most toolbars spread them. Sizes are pt;
/// px = pt x scale.
public struct Toolbar {
  /// One entry of the bar, in order.
  public enum Entry {
    /// A button: an icon, a text, or both (the icon drawn, the title reported).
    case button(Button)
    /// A flexible space: the room left over, shared equally by all flexible spaces.
    case flexibleSpace
    /// A fixed space of so many pt.
    case fixedSpace(Double)
  }

  /// A toolbar button.
  public struct Button {
    /// The text of a text button, or an icon button's title (reported, not drawn).
    public var title: String
    /// The glyph; `nil` makes a text button.
    public var icon: Artwork?
    /// The prominent ("done") style: semibold text, tinted in every palette.
    public var isProminent: Bool
    /// Drawn dimmed (35 % of its colour).
    public var isDisabled: Bool

    /// A button.
    public init(title: String, icon: Artwork?, isProminent: Bool = false, isDisabled: Bool = false)
    {
      self.title = title
      self.icon = icon
      self.isProminent = isProminent
      self.isDisabled = isDisabled
    }
  }

  /// The entries, in order.
  public var entries: [Entry]
  /// iPhone or iPad.
  public var idiom: TabBar.Idiom
  /// Compact (iPhone landscape): 32 pt high.
  public var compact: Bool
  /// Width in pt; `nil`: 393 (iPhone), 852 (compact) or 820 (iPad).
  public var deviceWidthPt: Double?
  /// Light or dark.
  public var appearance: Appearance
  /// System colours.
  public var palette: IndicatorPalette
  /// Tint; `nil`: systemBlue.
  public var tint: RGBA8?
  /// Right-to-left: the first entry at the trailing (right) edge.
  public var rightToLeft: Bool

  /// Height on iPhone, 44 pt (specs.md "Toolbars").
  public static let phoneHeightPt = 44.0
  /// Height on iPad, 50 pt (iOS 12+).
  public static let padHeightPt = 50.0
  /// Height compact (iPhone landscape), 32 pt.
  public static let compactHeightPt = 32.0
  /// Leading and trailing margin, 16 pt; 20 pt on devices wider than `wideDevicePt`.
  public static let marginPt = 16.0
  /// The margin on wide devices, 20 pt.
  public static let wideMarginPt = 20.0
  /// Devices wider than this many pt get the wide margin: 400 (iPhone Plus and Max models,
  /// iPad). Glyphsmith's threshold.
  public static let wideDevicePt = 400.0
  /// Text button size, 17 pt.
  public static let textSizePt = 17.0
  /// Space between two neighbouring items with no space given, 8 pt (Glyphsmith's).
  public static let itemGapPt = 8.0
  /// More items than this get a warning (specs.md "Toolbars": about three primary actions
  /// call for a toolbar; more than five crowd it).
  public static let warningItemCount = 5

  /// A toolbar with the defaults: iPhone portrait, light, iOS 13-18 colours.
  public init(
    entries: [Entry], idiom: TabBar.Idiom = .phone, compact: Bool = false,
    deviceWidthPt: Double? = nil, appearance: Appearance = .light,
    palette: IndicatorPalette = .ios18, tint: RGBA8? = nil, rightToLeft: Bool = false
  ) {
    self.entries = entries
    self.idiom = idiom
    self.compact = compact
    self.deviceWidthPt = deviceWidthPt
    self.appearance = appearance
    self.palette = palette
    self.tint = tint
    self.rightToLeft = rightToLeft
  }

  /// Width in pt: `deviceWidthPt` or the idiom's default.
  public var widthPt: Double { deviceWidthPt ?? (idiom == .pad ? 820 : compact ? 852 : 393) }

  /// Height in pt: 44, 50 (iPad) or 32 (compact).
  public var heightPt: Double {
    compact ? Self.compactHeightPt : idiom == .pad ? Self.padHeightPt : Self.phoneHeightPt
  }

  /// The margin each side in pt: 16, or 20 on devices wider than 400 pt.
  public var marginPt: Double { widthPt > Self.wideDevicePt ? Self.wideMarginPt : Self.marginPt }

  /// The buttons, in order.
  public var buttons: [Button] {
    entries.compactMap { if case .button(let b) = $0 { return b } else { return nil } }
  }

  /// Checks the entries and options.
  /// - Throws: `GlyphsmithError.invalidOption` for no button, a fixed space that is negative
  ///   or not finite, a width under 100 pt, or `compact` on iPad.
  public func validate() throws {
    guard !buttons.isEmpty else {
      throw GlyphsmithError.invalidOption("a toolbar needs at least 1 item")
    }
    for case .fixedSpace(let pt) in entries where !(pt >= 0 && pt.isFinite) {
      throw GlyphsmithError.invalidOption("a fixed space must be 0 pt or more, got \(pt)")
    }
    guard widthPt >= 100, widthPt.isFinite else {
      throw GlyphsmithError.invalidOption("device width must be at least 100 pt, got \(widthPt)")
    }
    if compact && idiom == .pad {
      throw GlyphsmithError.invalidOption(
        "compact applies to iPhone landscape bars; iPad toolbars are always regular")
    }
  }

  /// Renders the toolbar at `scale`; the pixels of `draw(scale:)`.
  /// - Throws: as `draw(scale:)`.
  public func render(scale: Double) throws -> RGBAImage { try draw(scale: scale).image }

  /// Draws the toolbar at `scale` px per pt: round(width x scale) x round(height x scale) px,
  /// opaque; reports `icon`, `text` and `space` frames (pt, origin top-left) and warnings:
  /// more than 5 items, or items and margins wider than the bar (text buttons are then cut
  /// short with an ellipsis, widest first, as far as that helps).
  /// - Throws: as `validate()`; `GlyphsmithError.invalidOption` for a scale of zero or less;
  ///   `.emptyArtwork` for an icon without ink; `.render` on a renderer or text failure.
  public func draw(scale: Double) throws -> Drawing {
    try validate()
    let (width, height) = try Drawing.pixelSize(widthPt: widthPt, heightPt: heightPt, scale: scale)
    let tintColour = tint ?? palette.systemBlue(appearance)
    var warnings: [String] = []
    if buttons.count > Self.warningItemCount {
      warnings.append(
        "warning: \(buttons.count) toolbar items: more than \(Self.warningItemCount) crowd a "
          + "toolbar (HIG \"Toolbars\"); keep the primary actions and move the rest into a menu")
    }

    // The entries as laid out: spaces made explicit.
    var laid: [Entry] = entries
    let hasSpace = entries.contains {
      if case .button = $0 { return false } else { return true }
    }
    if !hasSpace && entries.count > 1 {
      laid = []
      for (i, entry) in entries.enumerated() {
        if i > 0 { laid.append(.flexibleSpace) }
        laid.append(entry)
      }
    }

    enum Piece {
      case glyph(RGBAImage, Button)
      case text(String, TextStyle, Button)
      case flexible
      case fixed(Double)
      case gap
    }
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
          warnings += rendered.upscalingWarnings.filter { !warnings.contains($0) }
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

    // Natural widths, then truncation of text buttons when they do not fit.
    let margin = (marginPt * scale).rounded()
    let available = Double(width) - 2 * margin
    var texts: [Int: (TextLayout, Bool)] = [:]
    for (i, piece) in pieces.enumerated() {
      if case .text(let title, let style, _) = piece {
        texts[i] = (try TextLayout(title, style: style), false)
      }
    }
    func fixedWidth() -> Double {
      pieces.enumerated().reduce(0.0) { sum, element in
        switch element.element {
        case .glyph(let image, _): return sum + Double(image.width)
        case .text: return sum + (texts[element.offset]?.0.logicalRect.width ?? 0)
        case .fixed(let px): return sum + px
        case .gap: return sum + Self.itemGapPt * scale
        case .flexible: return sum
        }
      }
    }
    if fixedWidth() > available + 0.01 {
      warnings.append(
        "warning: the toolbar's items and \(marginPt.compact3) pt margins need "
          + "\(((fixedWidth() + 2 * margin) / scale).compact3) pt, more than its "
          + "\(widthPt.compact3) pt; drop items or shorten their titles")
      // Cut the widest text buttons down to a common width until the rest fits.
      let textIndices = texts.keys.sorted()
      if !textIndices.isEmpty {
        let others = fixedWidth() - textIndices.reduce(0.0) { $0 + texts[$1]!.0.logicalRect.width }
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
      }
    }
    let flexibleCount = pieces.filter {
      if case .flexible = $0 { return true } else { return false }
    }
    .count
    let flexibleWidth =
      flexibleCount > 0 ? max(0, (available - fixedWidth()) / Double(flexibleCount)) : 0
    // With no flexible space, items start at the leading margin.

    var drawn: [DrawnLayout.Item] = []
    do {
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
              "warning: toolbar item '\(title)' does not fit and ends in an ellipsis")
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
          widthPx: width, heightPx: height, scale: scale, items: drawn, warnings: warnings))
    } catch {
      throw GlyphsmithError.wrap(error, path: "toolbar")
    }
  }
}
