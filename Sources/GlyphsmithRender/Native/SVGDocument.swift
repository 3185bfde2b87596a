import CCairo
import CRsvg
import FoundationEssentials
import Glibc
import GlyphsmithCore

/// An SVG file loaded by librsvg, with its intrinsic canvas size worked out.
///
/// librsvg reads only the canonical document (`CanonicalSVG`: one libxml2 read, entities and
/// character references applied, comments dropped, CSS re-written by its tokens, UTF-8) that
/// the checks (`SVGPreflight`) read, with what they bounded. Relative references (`href`,
/// `xlink:href`, XInclude) resolve against the file's folder and never outside it; external
/// entity declarations are refused, and references to the network or outside the folder are
/// dropped with a warning before librsvg sees the data, which is normalised first where
/// librsvg 2.54 would draw it differently from browsers (`SVGNormalizer`). Lengths in physical units are at 96 dpi. A handle is not thread-safe:
/// each task loads its own document.
package final class SVGDocument {
  /// The path shown in messages (as the user gave it, or `-` for stdin).
  package let path: String
  /// The intrinsic canvas in px at 96 dpi: width and height when both are absolute; a width
  /// (or height) plus the viewBox's aspect ratio; else the viewBox's size.
  package let intrinsicSize: Size
  /// Set when the size came from a documented fallback (percentage width or height: the
  /// viewBox is used instead), for the caller to print as a warning (kind `size-fallback`).
  package let sizeWarning: Diagnostic?
  /// `PATH: warning: dropped reference ...` warnings (kind `dropped-reference`, or
  /// `bounded-font-size`) for references never read (see `ReferencePolicy`), for the caller
  /// to print.
  package let referenceWarnings: [Diagnostic]
  /// What the normalisation rewrote before librsvg read the document (`use-symbol`,
  /// `use-svg`, `gradient-href`, `clip-path`, `zero-length-cap`; see `SVGNormalizer`);
  /// empty when librsvg read the input as is.
  package let normalizations: [String]
  /// Where the canvas starts in the document's user space: (0, 0), except for a document
  /// with no usable size measured by its content (`sizeFromContent`), whose ink bounds start
  /// there.
  package let canvasOrigin: (x: Double, y: Double)
  /// The document as librsvg read it when its elements or text may differ from the input's
  /// (an internal subset applied, another encoding or a gzip stream decoded), for the readers
  /// of the SVG's text (lint's outline, the text check) to read the same document; `nil`
  /// when only comments, CSS spelling and XML formatting differ, so lines and columns are
  /// the input's own.
  package let normalizedSource: Data?
  /// The viewBox as `min-x min-y width height` in user units, `nil` without one.
  package let viewBox: (x: Double, y: Double, width: Double, height: Double)?
  /// Largest SVG file accepted, in bytes (10 MiB).
  package static let maximumFileSize = 10 * 1024 * 1024

  let handle: UnsafeMutablePointer<RsvgHandle>

  /// Parses `data` as SVG.
  /// - Parameters:
  ///   - path: the name used in messages.
  ///   - baseDirectory: the folder relative references resolve against; `nil` (stdin) allows
  ///     no file references at all.
  /// - Throws: `RenderError.invalidSVG` for what `CanonicalSVG.read` refuses (an encoding
  ///   other than UTF-8, UTF-16 and the single-byte ones, a syntax error),
  ///   `RenderError.tooLarge` over 10 MiB or past `limits.maxUse` `<use>` instances,
  ///   `.forbiddenReference` for external entity declarations (references outside
  ///   `baseDirectory` or to the network are dropped with a warning in `referenceWarnings`),
  ///   `.invalidSVG` with librsvg's message, `.noUsableSize` when neither width and height
  ///   nor a viewBox give a size (a negative width or height is named).
  ///   `limits`: the `<use>` budget (default `InputLimits.current`).
  ///   `sizeFromContent`: a document with no usable size (no width, height or viewBox) takes
  ///   its content's ink bounds as its canvas, as rsvg-convert takes their size, instead of
  ///   throwing `.noUsableSize` (for callers that give the output size themselves).
  package init(
    data original: Data, path: String, baseDirectory: URL?, limits: InputLimits = .current,
    sizeFromContent: Bool = false
  ) throws {
    if original.count > Self.maximumFileSize {
      throw RenderError.tooLarge(
        path: path, what: "\(original.count) bytes; SVG files are limited to 10 MiB")
    }
    let checked = try ReferencePolicy.check(
      data: original, path: path, baseDirectory: baseDirectory, limits: limits)
    let data = checked.data
    referenceWarnings = checked.warnings
    normalizations = checked.normalizations
    normalizedSource = checked.normalizedSource ? data : nil
    if Self.mayDrawText(data) { FontEnvironment.installOnce() }

    ParseCounter.countLibrsvgLoad()
    guard let handle = LibraryClock.measure({ rsvg_handle_new_with_flags(RSVG_HANDLE_FLAGS_NONE) })
    else {
      throw RenderError.invalidSVG(path: path, message: "librsvg could not create a handle")
    }
    // CSS's 96 px per inch for mm, cm, in, pt and pc (librsvg's default is 90).
    LibraryClock.measure { rsvg_handle_set_dpi(handle, 96) }
    if let baseDirectory {
      // The base file decides where relative references resolve; librsvg itself also
      // refuses files outside the base file's folder.
      let base = baseDirectory.path + "/__glyphsmith_base__.svg"
      LibraryClock.measure {
        let gfile = g_file_new_for_path(base)
        rsvg_handle_set_base_gfile(handle, gfile)
        g_object_unref(UnsafeMutableRawPointer(gfile))
      }
    }
    // librsvg reads its stream with libxml2's start-tag limit counted from before the XML
    // declaration: only at the limit's edge is the declaration left out (`LibXMLReader`).
    let librsvgInput = LibXMLReader.withoutDeclarationAtTheLimit(data)
    do {
      _ = try librsvgInput.withUnsafeBytes { raw in
        try GErrorBridge.callSVG(path: path) { error in
          LibraryClock.measure {
            let stream = g_memory_input_stream_new_from_data(
              raw.baseAddress, gssize(raw.count), nil)
            defer { g_object_unref(stream) }
            return rsvg_handle_read_stream_sync(handle, stream, nil, error)
          }
        }
      }
    } catch RenderError.invalidSVG(let failed, let message)
      where librsvgInput.count > LibXMLReader.maximumTextLength - 1_000
    {
      // libxml2's words for a start tag past its limit are "Premature end of data" or
      // "Couldn't find end of Start Tag": what is too long, and by how much, instead.
      g_object_unref(UnsafeMutableRawPointer(handle))
      throw RenderError.invalidSVG(
        path: failed, message: LibXMLReader.pastLengthLimit(librsvgInput) ?? message)
    } catch {
      g_object_unref(UnsafeMutableRawPointer(handle))
      throw error
    }
    self.handle = handle
    self.path = path
    viewBox = Self.viewBox(of: handle)
    do {
      (intrinsicSize, sizeWarning) = try Self.intrinsicSize(
        of: handle, path: path, explicitPercent: Self.rootHasPercentSize(data),
        negative: Self.rootNegativeSize(data))
      canvasOrigin = (0, 0)
    } catch RenderError.noUsableSize(let path, let detail) {
      guard sizeFromContent, let bounds = try? Self.contentBounds(of: handle, path: path) else {
        g_object_unref(UnsafeMutableRawPointer(handle))
        throw RenderError.noUsableSize(path: path, detail: detail)
      }
      intrinsicSize = Size(width: bounds.width, height: bounds.height)
      canvasOrigin = (bounds.x, bounds.y)
      sizeWarning = nil
    } catch {
      g_object_unref(UnsafeMutableRawPointer(handle))
      throw error
    }
  }

  deinit {
    LibraryClock.measure { g_object_unref(UnsafeMutableRawPointer(handle)) }
  }

  /// The ink rectangle of the whole document, in intrinsic canvas units (px at 96 dpi), as
  /// librsvg computes it (strokes included); `nil` when nothing is drawn.
  /// - Throws: `RenderError.invalidSVG` when librsvg cannot measure the document.
  package func inkRect() throws -> Rect? { try inkRect(layer: nil) }

  /// The ink rectangle of the element with `id` (`#name`), in intrinsic canvas units (px at
  /// 96 dpi) as `inkRect()`; `nil` when it draws nothing or there is no such element.
  /// - Throws: `RenderError.invalidSVG` when librsvg cannot measure it.
  package func inkRect(ofID id: String) throws -> Rect? { try inkRect(layer: id) }

  /// Whether librsvg's box of the element with `id` (its fill geometry, strokes left out)
  /// has no area: a straight open path such as `M5 14H19`. Cairo gives such a path fill
  /// extents of (0, 0, 0, 0), and librsvg 2.54 joins that to the stroke's, so its ink
  /// rectangle (`inkRect(ofID:)`) reaches the element's origin (issue 39: 0..19 x 0..14.5 for
  /// a stroke of 5..19 x 13.5..14.5) and only the far edges are the element's.
  /// - Throws: `RenderError.invalidSVG` when librsvg cannot measure it.
  package func hasFlatBox(id: String) throws -> Bool {
    guard let geometry = try geometry(layer: id) else { return false }
    return geometry.logical.width * geometry.logical.height == 0
  }

  /// librsvg's ink rectangle of `layer` (an element id, `nil`: the whole document), moved
  /// to intrinsic canvas units; `nil` when it draws nothing.
  private func inkRect(layer: String?) throws -> Rect? {
    try geometry(layer: layer)?.ink
  }

  /// librsvg's ink and logical rectangles of `layer`, moved to intrinsic canvas units; `nil`
  /// when it draws nothing.
  private func geometry(layer: String?) throws -> (ink: Rect, logical: Rect)? {
    var viewport = RsvgRectangle(
      x: 0, y: 0, width: intrinsicSize.width, height: intrinsicSize.height)
    var ink = RsvgRectangle()
    var logical = RsvgRectangle()
    let ok = try GErrorBridge.callSVG(path: path) { error in
      LibraryClock.measure {
        rsvg_handle_get_geometry_for_layer(handle, layer, &viewport, &ink, &logical, error)
      }
    }
    guard ok != 0, ink.width > 0, ink.height > 0 else { return nil }
    return (
      Rect(
        x: ink.x - canvasOrigin.x, y: ink.y - canvasOrigin.y, width: ink.width,
        height: ink.height),
      Rect(
        x: logical.x - canvasOrigin.x, y: logical.y - canvasOrigin.y, width: logical.width,
        height: logical.height)
    )
  }

  /// Where the document draws, in intrinsic canvas units (px at 96 dpi), for finding its ink
  /// on pixels: librsvg's ink rectangle, else (librsvg 2.54 leaves `<image>` out of the ink
  /// rectangle) its logical rectangle, which holds each image's box; `nil` when both are
  /// empty. A canvas whose long side is outside 1...16384 px is measured in a viewport scaled
  /// to 1024 px and scaled back: Cairo measures extents in 24.8 fixed point, so a viewBox of
  /// `0 0 1e8 1e8` drawn at its own size wraps past 8,388,607 units and gives a wrong
  /// rectangle.
  /// - Throws: `RenderError.invalidSVG` when librsvg cannot measure the document.
  package func drawnRect() throws -> Rect? {
    let side = max(intrinsicSize.width, intrinsicSize.height)
    let k = side > 16384 || side < 1 ? 1024 / side : 1
    guard k.isFinite, k > 0 else { return nil }
    var viewport = RsvgRectangle(
      x: 0, y: 0, width: intrinsicSize.width * k, height: intrinsicSize.height * k)
    var ink = RsvgRectangle()
    var logical = RsvgRectangle()
    let ok = try GErrorBridge.callSVG(path: path) { error in
      LibraryClock.measure {
        rsvg_handle_get_geometry_for_layer(handle, nil, &viewport, &ink, &logical, error)
      }
    }
    guard ok != 0 else { return nil }
    let rect = ink.width > 0 && ink.height > 0 ? ink : logical
    guard rect.width > 0, rect.height > 0, rect.width.isFinite, rect.height.isFinite else {
      return nil
    }
    return Rect(
      x: rect.x / k - canvasOrigin.x, y: rect.y / k - canvasOrigin.y, width: rect.width / k,
      height: rect.height / k)
  }

  /// The ink bounds of everything drawn, in user units (strokes included), measured in a
  /// 100 x 100 viewport at the origin (a document with no size and no viewBox draws in user
  /// units there; `get_geometry_for_element` would move the bounds to the origin); `nil`
  /// when nothing is drawn.
  private static func contentBounds(
    of handle: UnsafeMutablePointer<RsvgHandle>, path: String
  ) throws -> Rect? {
    var viewport = RsvgRectangle(x: 0, y: 0, width: 100, height: 100)
    var ink = RsvgRectangle()
    var logical = RsvgRectangle()
    let ok = try GErrorBridge.callSVG(path: path) { error in
      LibraryClock.measure {
        rsvg_handle_get_geometry_for_layer(handle, nil, &viewport, &ink, &logical, error)
      }
    }
    guard ok != 0, ink.width > 0, ink.height > 0, ink.width.isFinite, ink.height.isFinite
    else { return nil }
    return Rect(x: ink.x, y: ink.y, width: ink.width, height: ink.height)
  }

  /// Draws the whole document on `surface`, its intrinsic canvas placed by `placement`.
  func draw(on surface: ImageSurface, placement: Placement) throws {
    try draw(context: surface.context, placement: placement)
    try surface.checkStatus()
  }

  /// Draws the whole document with the Cairo context `cr` (any surface: an image, a PDF
  /// page), its intrinsic canvas placed by `placement` in the context's user units.
  /// - Throws: `RenderError.invalidSVG` when librsvg fails.
  func draw(context cr: OpaquePointer, placement: Placement) throws {
    let (ox, oy) = canvasOrigin
    // A canvas measured from the content: the viewport reaches from the user space's origin
    // past the content, which is moved to the canvas's corner.
    var viewport = RsvgRectangle(
      x: 0, y: 0, width: intrinsicSize.width + max(ox, 0),
      height: intrinsicSize.height + max(oy, 0))
    _ = try GErrorBridge.callSVG(path: path) { error in
      LibraryClock.measure {
        cairo_save(cr)
        cairo_translate(cr, placement.offsetX, placement.offsetY)
        cairo_scale(cr, placement.scale, placement.scale)
        if ox != 0 || oy != 0 { cairo_translate(cr, -ox, -oy) }
        defer { cairo_restore(cr) }
        return rsvg_handle_render_document(handle, cr, &viewport, error)
      }
    }
  }

  // MARK: - Text

  /// Whether librsvg may lay out text for `data`, so the pinned fonts must be installed
  /// before it reads it: a `<text>` element (any namespace prefix), or anything that can bring
  /// in content from elsewhere (a DOCTYPE, whose entities may expand to text; an `href`; a CSS
  /// `@import`). Conservative: a `false` is certain, a `true` may be a false alarm. Icons
  /// without text never set up fontconfig (about 5 ms and several MiB per process).
  static func mayDrawText(_ data: Data) -> Bool {
    data.withUnsafeBytes { raw -> Bool in
      let bytes = raw.bindMemory(to: UInt8.self)
      let n = bytes.count
      var i = 0
      while i < n {
        let b = bytes[i]
        if b == UInt8(ascii: "<") && i + 1 < n && bytes[i + 1] == UInt8(ascii: "!") {
          return true
        }
        if (b == UInt8(ascii: "@") && Self.matches("@import", bytes, i))
          || (b == UInt8(ascii: "h") && Self.matches("href", bytes, i))
        {
          return true
        }
        if (b == UInt8(ascii: "<") || b == UInt8(ascii: ":")) && Self.matches("text", bytes, i + 1)
        {
          return true
        }
        i += 1
      }
      return false
    }
  }

  private static func matches(
    _ word: StaticString, _ bytes: UnsafeBufferPointer<UInt8>, _ start: Int
  ) -> Bool {
    let count = word.utf8CodeUnitCount
    guard start + count <= bytes.count else { return false }
    let pointer = word.utf8Start
    for k in 0..<count where bytes[start + k] != pointer[k] { return false }
    return true
  }

  // MARK: - Size

  /// The `width` and `height` attribute values of the root `<svg>` start tag, in that order,
  /// trimmed; only when the tag holds `marker` (a cheap byte test first). Reads the bytes from
  /// "<svg" to the next ">" only; values quoted with ' or ".
  static func rootSizeAttributes(_ data: Data, containing marker: Character)
    -> [(name: String, value: String)]
  {
    // On the bytes: every attribute syntax byte is ASCII (issue 34: through `String` and
    // Foundation's `range(of:)` this scan cost 2 % of a vector image set's CPU).
    let tag: [UInt8] = data.withUnsafeBytes { raw in
      let bytes = raw.bindMemory(to: UInt8.self)
      let needle = Array("<svg".utf8)
      guard bytes.count >= needle.count else { return [] }
      var index = 0
      while index + needle.count <= bytes.count {
        if bytes[index] == needle[0] && bytes[index + 1] == needle[1]
          && bytes[index + 2] == needle[2] && bytes[index + 3] == needle[3]
        {
          let open = index + needle.count
          var end = open
          while end < bytes.count && bytes[end] != UInt8(ascii: ">") { end += 1 }
          return Array(bytes[open..<end])
        }
        index += 1
      }
      return []
    }
    guard let byte = marker.asciiValue, tag.contains(byte) else { return [] }
    func isSpace(_ byte: UInt8) -> Bool {
      byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
    }
    var values: [(name: String, value: String)] = []
    for name in ["width", "height"] {
      let word = Array(name.utf8)
      var index = 0
      while index + word.count <= tag.count {
        guard tag[index..<(index + word.count)].elementsEqual(word) else {
          index += 1
          continue
        }
        let found = index
        index += word.count
        guard found == 0 || isSpace(tag[found - 1]) else { continue }
        var cursor = index
        while cursor < tag.count && tag[cursor] == 0x20 { cursor += 1 }
        guard cursor < tag.count, tag[cursor] == UInt8(ascii: "=") else { continue }
        cursor += 1
        while cursor < tag.count && tag[cursor] == 0x20 { cursor += 1 }
        guard cursor < tag.count, tag[cursor] == UInt8(ascii: "\"") || tag[cursor] == UInt8(ascii: "'")
        else { continue }
        let quote = tag[cursor]
        var close = cursor + 1
        while close < tag.count && tag[close] != quote { close += 1 }
        let value = String(decoding: tag[(cursor + 1)..<close], as: UTF8.self)
        values.append((name, value.trimmingWhitespace()))
      }
    }
    return values
  }

  /// Whether the root `<svg>` start tag writes its width or height as a percentage. librsvg
  /// 2.54 reports an absent width as "100%", so only the tag itself tells the two apart.
  static func rootHasPercentSize(_ data: Data) -> Bool {
    rootSizeAttributes(data, containing: "%").contains { $0.value.hasSuffix("%") }
  }

  /// `width="-10"` (or height) when the root `<svg>` start tag gives a negative width or
  /// height (librsvg ignores such an attribute), else `nil`.
  static func rootNegativeSize(_ data: Data) -> String? {
    for (name, value) in rootSizeAttributes(data, containing: "-") {
      let digits = value.prefix { "-+.0123456789eE".contains($0) }
      if value.hasPrefix("-"), let number = Double(digits), number < 0 {
        return "\(name)=\"\(value)\""
      }
    }
    return nil
  }

  /// The root's width, height and viewBox as librsvg read them
  /// (`rsvg_handle_get_intrinsic_dimensions`), each `nil` when not given; a viewBox with no
  /// area counts as none.
  private static func dimensions(
    of handle: UnsafeMutablePointer<RsvgHandle>
  ) -> (width: RsvgLength?, height: RsvgLength?, viewBox: RsvgRectangle?) {
    var hasWidth: gboolean = 0
    var hasHeight: gboolean = 0
    var hasViewBox: gboolean = 0
    var width = RsvgLength()
    var height = RsvgLength()
    var box = RsvgRectangle()
    LibraryClock.measure {
      rsvg_handle_get_intrinsic_dimensions(
        handle, &hasWidth, &width, &hasHeight, &height, &hasViewBox, &box)
    }
    return (
      hasWidth != 0 ? width : nil, hasHeight != 0 ? height : nil,
      hasViewBox != 0 && box.width > 0 && box.height > 0 ? box : nil
    )
  }

  /// The viewBox librsvg read, `nil` when the root has none or an empty one.
  private static func viewBox(
    of handle: UnsafeMutablePointer<RsvgHandle>
  ) -> (x: Double, y: Double, width: Double, height: Double)? {
    dimensions(of: handle).viewBox.map { ($0.x, $0.y, $0.width, $0.height) }
  }

  private static func intrinsicSize(
    of handle: UnsafeMutablePointer<RsvgHandle>, path: String, explicitPercent: Bool,
    negative: String? = nil
  ) throws -> (Size, Diagnostic?) {
    let dimensions = dimensions(of: handle)
    let box = dimensions.viewBox.map { Size(width: $0.width, height: $0.height) }
    let w = dimensions.width.flatMap(pixels)
    let h = dimensions.height.flatMap(pixels)
    let percent = explicitPercent

    if let w, let h, w > 0, h > 0 { return (Size(width: w, height: h), nil) }
    if let w, w > 0, let box {
      return (Size(width: w, height: w * box.height / box.width), nil)
    }
    if let h, h > 0, let box {
      return (Size(width: h * box.width / box.height, height: h), nil)
    }
    if let box {
      let warning =
        percent
        ? Diagnostic.warning(
          "percentage width or height; using the viewBox size \(box) px", path: path,
          kind: Diagnostic.Kind.sizeFallback) : nil
      return (box, warning)
    }
    if let negative {
      throw RenderError.noUsableSize(
        path: path,
        detail: "\(negative) is negative and there is no viewBox; "
          + "give a positive width and height in px or add a viewBox")
    }
    if percent {
      throw RenderError.noUsableSize(
        path: path,
        detail: "width or height is a percentage and there is no viewBox; "
          + "give width and height in px or add a viewBox")
    }
    throw RenderError.noUsableSize(
      path: path,
      detail: "no width, height or viewBox; add width and height in px or a viewBox")
  }

  /// An absolute length in px at 96 dpi; `nil` for percentages. `em` and `ex` use librsvg's
  /// default font size of 12 pt (16 px) and half of it.
  private static func pixels(_ length: RsvgLength) -> Double? {
    switch length.unit {
    case RSVG_UNIT_PX: return length.length
    case RSVG_UNIT_IN: return length.length * 96
    case RSVG_UNIT_CM: return length.length * 96 / 2.54
    case RSVG_UNIT_MM: return length.length * 96 / 25.4
    case RSVG_UNIT_PT: return length.length * 96 / 72
    case RSVG_UNIT_PC: return length.length * 16
    case RSVG_UNIT_EM: return length.length * 16
    case RSVG_UNIT_EX: return length.length * 8
    default: return nil
    }
  }
}
