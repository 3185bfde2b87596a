import CCairo
import CRsvg
import Foundation

/// An SVG file loaded by librsvg, with its intrinsic canvas size worked out.
///
/// Relative references (`href`, `xlink:href`, XInclude) resolve against the file's folder and
/// never outside it; external entities and network references are refused before librsvg
/// sees the data. A handle is not thread-safe: each task loads its own document.
public final class SVGDocument {
  /// The path shown in messages (as the user gave it, or `-` for stdin).
  public let path: String
  /// The intrinsic canvas in px at 96 dpi: width and height when both are absolute; a width
  /// (or height) plus the viewBox's aspect ratio; else the viewBox's size.
  public let intrinsicSize: Size
  /// Set when the size came from a documented fallback (percentage width or height: the
  /// viewBox is used instead), for the caller to print as a warning.
  public let sizeWarning: String?
  /// `PATH: warning: dropped reference ...` lines for references never read (see
  /// `ReferencePolicy`), for the caller to print.
  public let referenceWarnings: [String]
  /// Largest SVG file accepted, in bytes (10 MiB).
  public static let maximumFileSize = 10 * 1024 * 1024

  let handle: UnsafeMutablePointer<RsvgHandle>

  /// Parses `data` as SVG.
  /// - Parameters:
  ///   - path: the name used in messages.
  ///   - baseDirectory: the folder relative references resolve against; `nil` (stdin) allows
  ///     no file references at all.
  /// - Throws: `RenderError.tooLarge` over 10 MiB or past `limits.maxUse` `<use>` instances, `.forbiddenReference` for external
  ///   entities or references outside `baseDirectory`, `.invalidSVG` with librsvg's message,
  ///   `.noUsableSize` when neither width and height nor a viewBox give a size.
  ///   `limits`: the `<use>` budget (default `InputLimits.current`).
  public init(
    data original: Data, path: String, baseDirectory: URL?, limits: InputLimits = .current
  ) throws {
    if original.count > Self.maximumFileSize {
      throw RenderError.tooLarge(
        path: path, what: "\(original.count) bytes; SVG files are limited to 10 MiB")
    }
    let checked = try ReferencePolicy.check(
      data: original, path: path, baseDirectory: baseDirectory, limits: limits)
    let data = checked.data
    referenceWarnings = checked.warnings
    if Self.mayDrawText(data) { FontEnvironment.installOnce() }

    guard let handle = LibraryClock.measure({ rsvg_handle_new_with_flags(RSVG_HANDLE_FLAGS_NONE) })
    else {
      throw RenderError.invalidSVG(path: path, message: "librsvg could not create a handle")
    }
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
    do {
      _ = try data.withUnsafeBytes { raw in
        try GErrorBridge.callSVG(path: path) { error in
          LibraryClock.measure {
            let stream = g_memory_input_stream_new_from_data(
              raw.baseAddress, gssize(raw.count), nil)
            defer { g_object_unref(stream) }
            return rsvg_handle_read_stream_sync(handle, stream, nil, error)
          }
        }
      }
    } catch {
      g_object_unref(UnsafeMutableRawPointer(handle))
      throw error
    }
    self.handle = handle
    self.path = path
    do {
      (intrinsicSize, sizeWarning) = try Self.intrinsicSize(
        of: handle, path: path, explicitPercent: Self.rootHasPercentSize(data))
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
  public func inkRect() throws -> Rect? {
    var viewport = RsvgRectangle(
      x: 0, y: 0, width: intrinsicSize.width, height: intrinsicSize.height)
    var ink = RsvgRectangle()
    var logical = RsvgRectangle()
    let ok = try GErrorBridge.callSVG(path: path) { error in
      LibraryClock.measure {
        rsvg_handle_get_geometry_for_layer(handle, nil, &viewport, &ink, &logical, error)
      }
    }
    guard ok != 0, ink.width > 0, ink.height > 0 else { return nil }
    return Rect(x: ink.x, y: ink.y, width: ink.width, height: ink.height)
  }

  /// Draws the whole document on `surface`, its intrinsic canvas placed by `placement`.
  func draw(on surface: ImageSurface, placement: Placement) throws {
    let cr = surface.context
    var viewport = RsvgRectangle(
      x: 0, y: 0, width: intrinsicSize.width, height: intrinsicSize.height)
    _ = try GErrorBridge.callSVG(path: path) { error in
      LibraryClock.measure {
        cairo_save(cr)
        cairo_translate(cr, placement.offsetX, placement.offsetY)
        cairo_scale(cr, placement.scale, placement.scale)
        defer { cairo_restore(cr) }
        return rsvg_handle_render_document(handle, cr, &viewport, error)
      }
    }
    try surface.checkStatus()
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

  /// Whether the root `<svg>` start tag writes its width or height as a percentage. librsvg
  /// 2.54 reports an absent width as "100%", so only the tag itself tells the two apart.
  static func rootHasPercentSize(_ data: Data) -> Bool {
    // Only the root start tag is decoded: from "<svg" to the next ">".
    guard let open = data.firstRange(of: Array("<svg".utf8)) else { return false }
    let end = data[open.upperBound...].firstIndex(of: UInt8(ascii: ">")) ?? data.endIndex
    let bytes = data[open.upperBound..<end]
    guard bytes.contains(UInt8(ascii: "%")) else { return false }
    let tag = String(decoding: bytes, as: UTF8.self)
    // Attribute values of width= and height= (quoted with ' or ").
    for name in ["width", "height"] {
      var rest = tag[...]
      while let found = rest.range(of: name) {
        let before =
          found.lowerBound == tag.startIndex ? " " : tag[tag.index(before: found.lowerBound)]
        var after = rest[found.upperBound...].drop { $0 == " " }
        rest = rest[found.upperBound...]
        guard before.isWhitespace, after.first == "=" else { continue }
        after = after.dropFirst().drop { $0 == " " }
        guard let quote = after.first, quote == "\"" || quote == "'" else { continue }
        let value = after.dropFirst().prefix { $0 != quote }
        if value.trimmingCharacters(in: .whitespaces).hasSuffix("%") { return true }
      }
    }
    return false
  }

  private static func intrinsicSize(
    of handle: UnsafeMutablePointer<RsvgHandle>, path: String, explicitPercent: Bool
  ) throws -> (Size, String?) {
    var hasWidth: gboolean = 0
    var hasHeight: gboolean = 0
    var hasViewBox: gboolean = 0
    var width = RsvgLength()
    var height = RsvgLength()
    var viewBox = RsvgRectangle()
    LibraryClock.measure {
      rsvg_handle_get_intrinsic_dimensions(
        handle, &hasWidth, &width, &hasHeight, &height, &hasViewBox, &viewBox)
    }
    let box: Size? =
      hasViewBox != 0 && viewBox.width > 0 && viewBox.height > 0
      ? Size(width: viewBox.width, height: viewBox.height) : nil
    let w = hasWidth != 0 ? pixels(width) : nil
    let h = hasHeight != 0 ? pixels(height) : nil
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
        ? "\(path): warning: percentage width or height; using the viewBox size \(box) px" : nil
      return (box, warning)
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
