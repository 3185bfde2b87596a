import CCairo
import CPango
import FoundationEssentials
import Glibc
import GlyphsmithCore

/// A font weight Glyphsmith ships a face for (`assets/fonts/`).
package enum FontWeight: String, Sendable, CaseIterable {
  /// Inter Regular (400): tab bar titles.
  case regular
  /// Inter SemiBold (600): badge text (specs.md "Badges": semibold).
  case semibold

  var pango: PangoWeight {
    switch self {
    case .regular: return PANGO_WEIGHT_NORMAL
    case .semibold: return PANGO_WEIGHT_SEMIBOLD
    }
  }
}

/// How text is set: a pinned family and weight, a size in px, one colour.
package struct TextStyle: Sendable, Equatable {
  /// Font family, looked up only among the pinned fonts of `FontEnvironment` ("Inter").
  /// Characters Inter lacks fall back to the other pinned fonts (DejaVu Sans for Hebrew and
  /// Arabic, Noto Color Emoji for emoji), never to the machine's fonts.
  package var family: String
  /// Weight of the face.
  package var weight: FontWeight
  /// Font size in px (the em square; pt x scale).
  package var sizePx: Double
  /// Text colour, straight RGBA8; colour emoji keep their own colours.
  package var color: RGBA8
  /// Literal text (file and asset names): the OpenType features that put other characters in
  /// place of the ones written are off (`literalFeatures`: Inter's contextual alternates draw
  /// `3x3` as `3×3`), so a label reads exactly as the name is spelled.
  package var literal: Bool

  /// The features `literal` switches off, in Pango's (HarfBuzz's) syntax: contextual
  /// alternates, standard, contextual and discretionary ligatures.
  package static let literalFeatures = "calt=0, liga=0, clig=0, dlig=0"

  /// A style; `family` defaults to "Inter".
  package init(
    family: String = "Inter", weight: FontWeight, sizePx: Double, color: RGBA8,
    literal: Bool = false
  ) {
    self.family = family
    self.weight = weight
    self.sizePx = sizePx
    self.color = color
    self.literal = literal
  }
}

/// A box text is set in over several lines (`TextLayout.init(_:style:box:)`): Pango wraps it
/// at `widthPx`, at word boundaries (after `-`, and after `_`, where a break is allowed) and
/// else between characters (no hyphen is added), centres each line, and ellipsizes the last of
/// `maximumLines` lines with "…" when the text needs more.
package struct TextBox: Sendable, Equatable {
  /// The widest a line may be, px at the style's size.
  package var widthPx: Double
  /// The most lines drawn (at least 1).
  package var maximumLines: Int

  /// A box `widthPx` wide of at most `maximumLines` lines.
  package init(widthPx: Double, maximumLines: Int) {
    self.widthPx = widthPx
    self.maximumLines = maximumLines
  }
}

/// One line of text shaped by Pango (HarfBuzz shaping, bidi by the Unicode algorithm, so
/// digits keep their order in right-to-left text) with the pinned fonts only, measured, and
/// drawn once at a large reference size for `Canvas.draw(_:x:y:)` to scale down.
///
/// Why a reference size: cairo 1.16 draws colour bitmap glyphs (Noto Color Emoji's CBDT
/// strike of 109 px) at their native size whatever the font size, so text is laid out at
/// exactly that size (`referenceSizePx`) and scaled to `style.sizePx` when drawn. Outline
/// text takes the same path, so every glyph is sized alike.
///
/// Font options are pinned (grey antialiasing, no hinting, no metric hinting, no rounded glyph
/// positions) and the font map is a private one on Glyphsmith's fontconfig configuration, so
/// machine settings never change the pixels. All measures are px at `style.sizePx`, relative
/// to the layout origin: the top-left corner of the logical (line) box.
package final class TextLayout {
  /// Size in px at which text is laid out and drawn before scaling: Noto Color Emoji's native
  /// bitmap strike (109 ppem).
  package static let referenceSizePx = 109.0

  /// Largest side, px, of the surface text is drawn on at `referenceSizePx`: Cairo's limit for
  /// image surfaces (32767 px, `cairo-image-surface.c` `MAX_IMAGE_SIZE`).
  package static let maximumReferenceSide = 32767

  /// The text as given.
  package let text: String
  /// The style it was set in.
  package let style: TextStyle
  /// The logical box (advance width x line height), px at `style.sizePx`; origin (0, 0).
  package let logicalRect: Rect
  /// The ink box (what is drawn), px at `style.sizePx`, relative to the layout origin; zero
  /// size for empty or blank text.
  package let inkRect: Rect
  /// Distance from the layout origin down to the baseline, px at `style.sizePx`.
  package let baseline: Double
  /// Height of a capital "H" of the style's face above the baseline, px at `style.sizePx`.
  package let capHeight: Double
  /// The text of each line as drawn, top to bottom: one line without a `box`; in a box, each
  /// line Pango broke, the last ending in "…" when the text was cut there (`isEllipsized`).
  package let lines: [String]
  /// Whether Pango cut the text with "…" to keep it within the box's lines.
  package let isEllipsized: Bool

  /// The ink drawn at the reference size; `nil` when nothing is drawn.
  let reference: ImageSurface?
  /// Where the layout origin lies in `reference`, px at the reference size.
  let referenceOrigin: (x: Double, y: Double)
  /// `style.sizePx / referenceSizePx`.
  var factor: Double { style.sizePx / Self.referenceSizePx }

  /// Lays out and draws `text` in `style`, on one line, or wrapped in `box` when given.
  /// - Throws: `RenderError.text` when no pinned fonts were found, when `style.sizePx` is not
  ///   positive, or when no pinned font has a glyph for a character (never a tofu box);
  ///   `.cairo` on a Cairo failure.
  package init(_ text: String, style: TextStyle, box: TextBox? = nil) throws {
    guard style.sizePx > 0, style.sizePx.isFinite else {
      throw RenderError.text(message: "font size must be positive, got \(style.sizePx) px")
    }
    FontEnvironment.installOnce()
    guard !FontEnvironment.fontFiles.isEmpty else {
      throw RenderError.text(
        message: "no pinned fonts found (assets/fonts or $GLYPHSMITH_FONTS); cannot draw text")
    }
    self.text = text
    self.style = style
    let session = try PangoSession()
    let layout = try session.layout(text, style: style, box: box)
    defer { g_object_unref(UnsafeMutableRawPointer(layout)) }
    (lines, isEllipsized) = Self.lines(layout, text: text, breaking: box != nil)
    let unknown = pango_layout_get_unknown_glyphs_count(layout)
    if unknown > 0 {
      let missing = Self.missingCharacters(text, session: session, style: style)
      throw RenderError.text(
        message:
          "no pinned font has a glyph for \(missing.isEmpty ? "\(unknown) character(s)" : missing) in '\(text)'; "
          + "use characters Inter, DejaVu Sans or Noto Color Emoji cover")
    }
    var ink = PangoRectangle()
    var logical = PangoRectangle()
    pango_layout_get_extents(layout, &ink, &logical)
    let unit = Double(PANGO_SCALE)
    let f = style.sizePx / Self.referenceSizePx
    func rect(_ r: PangoRectangle) -> Rect {
      Rect(
        x: Double(r.x) / unit * f, y: Double(r.y) / unit * f, width: Double(r.width) / unit * f,
        height: Double(r.height) / unit * f)
    }
    logicalRect = rect(logical)
    inkRect = ink.width > 0 && ink.height > 0 ? rect(ink) : Rect(x: 0, y: 0, width: 0, height: 0)
    baseline = Double(pango_layout_get_baseline(layout)) / unit * f
    capHeight = try session.capHeight(style: style) * f

    guard ink.width > 0, ink.height > 0 else {
      reference = nil
      referenceOrigin = (0, 0)
      return
    }
    // The ink box at the reference size, widened to whole px with a 2 px margin.
    let left = (Double(ink.x) / unit).rounded(.down) - 2
    let top = (Double(ink.y) / unit).rounded(.down) - 2
    let right = (Double(ink.x + ink.width) / unit).rounded(.up) + 2
    let bottom = (Double(ink.y + ink.height) / unit).rounded(.up) + 2
    // Checked before Cairo is asked, so the error names the size and the limit: Cairo's image
    // surfaces stop at 32767 px a side (`cairo_image_surface_create`: "invalid value").
    guard right - left <= Double(Self.maximumReferenceSide),
      bottom - top <= Double(Self.maximumReferenceSide)
    else {
      let outputWidth = Int(((right - left) * f).rounded(.up))
      throw RenderError.tooLarge(
        path: "-",
        what:
          "text of \(text.count) characters is \(Int(right - left)) px wide at the "
          + "\(Int(Self.referenceSizePx)) px size text is drawn at before scaling "
          + "(about \(outputWidth) px in the output); text is limited to "
          + "\(Self.maximumReferenceSide) px there and outputs to \(Rasterizer.maximumSide) px "
          + "a side; use shorter text")
    }
    let surface = try ImageSurface(width: Int(right - left), height: Int(bottom - top))
    let cr = surface.context
    cairo_translate(cr, -left, -top)
    pango_cairo_update_context(cr, session.context)
    pango_layout_context_changed(layout)
    cairo_set_source_rgba(
      cr, Double(style.color.r) / 255, Double(style.color.g) / 255, Double(style.color.b) / 255,
      Double(style.color.a) / 255)
    cairo_move_to(cr, 0, 0)
    pango_cairo_show_layout(cr, layout)
    try surface.checkStatus()
    reference = surface
    referenceOrigin = (-left, -top)
  }

  /// The visible text of each line of `layout` (of `text`): the bytes each line covers, the
  /// break points `breaking` added (`PangoSession.breakable`) removed; an ellipsized line ends
  /// where its ellipsis run begins (Pango replaces the text it cuts with one run holding
  /// "…": with `PANGO_ELLIPSIZE_END` the line's last run), then "…".
  private static func lines(_ layout: OpaquePointer, text: String, breaking: Bool) -> (
    [String], Bool
  ) {
    let laidOut = breaking ? PangoSession.breakable(text) : text
    let bytes = Array(laidOut.utf8)
    let ellipsized = pango_layout_is_ellipsized(layout) != 0
    var lines: [String] = []
    let count = Int(pango_layout_get_line_count(layout))
    for index in 0..<count {
      guard let line = pango_layout_get_line_readonly(layout, Int32(index)) else { continue }
      let start = Int(line.pointee.start_index)
      var end = min(bytes.count, start + Int(line.pointee.length))
      var cut = false
      if ellipsized, index == count - 1, let runs = line.pointee.runs,
        let last = g_slist_last(runs), let data = last.pointee.data
      {
        let run = data.assumingMemoryBound(to: PangoGlyphItem.self)
        end = min(end, Int(run.pointee.item.pointee.offset))
        cut = true
      }
      var piece = String(decoding: bytes[min(start, end)..<end], as: UTF8.self)
      piece.removeAll { $0 == PangoSession.breakMark }
      lines.append(cut ? piece + "…" : piece)
    }
    return (lines, ellipsized)
  }

  /// The characters of `text` whose layout alone has unknown glyphs, as "U+XXXX" list.
  private static func missingCharacters(
    _ text: String, session: PangoSession, style: TextStyle
  ) -> String {
    var missing: [String] = []
    for character in text {
      guard let layout = try? session.layout(String(character), style: style) else { continue }
      if pango_layout_get_unknown_glyphs_count(layout) > 0 {
        missing.append(
          character.unicodeScalars.map { String(cFormat: "U+%04X", $0.value) }.joined(separator: " ")
        )
      }
      g_object_unref(UnsafeMutableRawPointer(layout))
    }
    return missing.joined(separator: ", ")
  }
}

/// A private Pango font map on Glyphsmith's fontconfig configuration and a context with pinned
/// font options; one per `TextLayout`, freed with it.
private final class PangoSession {
  let fontMap: UnsafeMutablePointer<PangoFontMap>
  let context: OpaquePointer

  init() throws {
    guard let map = pango_cairo_font_map_new() else {
      throw RenderError.text(message: "pango could not create a font map")
    }
    if let config = FcConfigGetCurrent() {
      pango_fc_font_map_set_config(OpaquePointer(map), config)
    }
    guard let context = pango_font_map_create_context(map) else {
      g_object_unref(UnsafeMutableRawPointer(map))
      throw RenderError.text(message: "pango could not create a context")
    }
    let options = cairo_font_options_create()
    cairo_font_options_set_antialias(options, CAIRO_ANTIALIAS_GRAY)
    cairo_font_options_set_hint_style(options, CAIRO_HINT_STYLE_NONE)
    cairo_font_options_set_hint_metrics(options, CAIRO_HINT_METRICS_OFF)
    cairo_font_options_set_subpixel_order(options, CAIRO_SUBPIXEL_ORDER_DEFAULT)
    pango_cairo_context_set_font_options(context, options)
    cairo_font_options_destroy(options)
    pango_cairo_context_set_resolution(context, 96)
    pango_context_set_round_glyph_positions(context, 0)
    fontMap = map
    self.context = context
  }

  deinit {
    g_object_unref(UnsafeMutableRawPointer(context))
    g_object_unref(UnsafeMutableRawPointer(fontMap))
  }

  /// What marks a break opportunity Unicode line breaking does not give: U+200B ZERO WIDTH
  /// SPACE, drawn as nothing.
  static let breakMark: Character = "\u{200B}"

  /// `text` with `breakMark` after each `_` that has text after it (a break after `-` is
  /// Unicode's own), so names such as `arrow_left_circle` wrap at their parts.
  static func breakable(_ text: String) -> String {
    var result = ""
    for (index, character) in zip(text.indices, text) {
      result.append(character)
      if character == "_", text.index(after: index) != text.endIndex { result.append(breakMark) }
    }
    return result
  }

  /// A new layout of `text` at the reference size (caller unrefs it), wrapped in `box` when
  /// given (`TextBox`).
  func layout(_ text: String, style: TextStyle, box: TextBox? = nil) throws -> OpaquePointer {
    guard let layout = pango_layout_new(context) else {
      throw RenderError.text(message: "pango could not create a layout")
    }
    let description = pango_font_description_new()
    pango_font_description_set_family(description, style.family)
    pango_font_description_set_weight(description, style.weight.pango)
    pango_font_description_set_absolute_size(
      description, TextLayout.referenceSizePx * Double(PANGO_SCALE))
    pango_layout_set_font_description(layout, description)
    pango_font_description_free(description)
    pango_layout_set_text(layout, box == nil ? text : Self.breakable(text), -1)
    if let box {
      let factor = style.sizePx / TextLayout.referenceSizePx
      pango_layout_set_width(
        layout, Int32((box.widthPx / factor * Double(PANGO_SCALE)).rounded(.down)))
      pango_layout_set_wrap(layout, PANGO_WRAP_WORD_CHAR)
      pango_layout_set_height(layout, -Int32(max(1, box.maximumLines)))
      pango_layout_set_ellipsize(layout, PANGO_ELLIPSIZE_END)
      pango_layout_set_alignment(layout, PANGO_ALIGN_CENTER)
    }
    if style.literal || box != nil, let attributes = pango_attr_list_new() {
      if style.literal {
        pango_attr_list_insert(attributes, pango_attr_font_features_new(TextStyle.literalFeatures))
      }
      // A line broken inside a word gets no hyphen added: the name is drawn as spelled.
      if box != nil { pango_attr_list_insert(attributes, pango_attr_insert_hyphens_new(0)) }
      pango_layout_set_attributes(layout, attributes)
      pango_attr_list_unref(attributes)
    }
    return layout
  }

  /// Ink height of "H" above the baseline at the reference size, px.
  func capHeight(style: TextStyle) throws -> Double {
    let layout = try layout("H", style: style)
    defer { g_object_unref(UnsafeMutableRawPointer(layout)) }
    var ink = PangoRectangle()
    pango_layout_get_extents(layout, &ink, nil)
    let baseline = pango_layout_get_baseline(layout)
    return Double(baseline - ink.y) / Double(PANGO_SCALE)
  }
}
