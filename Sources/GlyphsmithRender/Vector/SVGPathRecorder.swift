import CCairo
import CRsvg
import Foundation

/// Records the geometry librsvg draws for an SVG as a `VectorModel`, without an SVG parser of
/// our own.
///
/// librsvg renders the document into a Cairo SVG surface (`cairo_svg_surface_create_for_stream`),
/// which writes every fill and stroke Cairo receives as a `<path>` whose `d` uses only Cairo's
/// own four path operations (`M`, `L`, `C`, `Z`, absolute) and whose paint is a `style`
/// attribute (`fill:rgb(R%,G%,B%);fill-opacity:A;fill-rule:...`, `stroke-width`, caps, joins,
/// miter limit, dashes); strokes keep their user-space path plus a
/// `transform="matrix(...)"`. That output is read back with libxml2 (`LibXMLReader.events`):
/// librsvg has resolved every shape, `use`, transform, unit and CSS rule, so no SVG semantics
/// are interpreted here. See docs/vector-model.md and docs/symbols.md.
package enum SVGPathRecorder {
  /// Device units per canvas px used while recording: the canvas's longer side becomes 4096
  /// device units, so Cairo's 24.8 fixed-point path coordinates keep 1/1,048,576 of the side.
  static let deviceSide = 4096.0

  /// Records what librsvg draws for `document`, or only for its element `elementID` (an `id`
  /// without `#`; librsvg's `rsvg_handle_render_layer`, which draws the element with its
  /// ancestors' transforms and styles).
  /// - Throws: `RenderError.invalidSVG` when librsvg fails or `elementID` is not in the file,
  ///   `.cairo` when the SVG surface fails.
  /// - Parameter deviceScale: device units per canvas px while recording; by default the
  ///   longer side becomes 4096 units. Cairo keeps 1/256 of a device unit, and drops a line
  ///   to the current point and merges lines that continue in one direction, exactly, in
  ///   those units: 15.625 (= 1000 x 4 / 256) puts a 1/1000 grid exactly on Cairo's.
  package static func record(
    _ document: SVGDocument, elementID: String? = nil, deviceScale: Double? = nil
  ) throws -> VectorModel {
    let size = document.intrinsicSize
    let k = deviceScale ?? deviceSide / max(size.width, size.height, 1e-9)
    let data = try LibraryClock.measure { try render(document, k: k, elementID: elementID) }
    var reader = CairoSVGReader()
    if let failure = LibXMLReader.events(data, { reader.handle($0) }) {
      throw RenderError.cairo(
        status:
          "cannot read cairo's SVG output: line \(failure.line): \(failure.message) (libxml2 error \(failure.code))"
      )
    }
    let scale = 1 / k
    let paths = reader.paths.map { painted in
      var painted = painted
      // Back from the page (one canvas of margin, `render`) to canvas px.
      painted.path = painted.path.map {
        PathPoint(x: $0.x * scale - size.width, y: $0.y * scale - size.height)
      }
      if case .stroke(var style, let dashed) = painted.paint {
        style.width *= scale
        style.dashes = style.dashes.map { $0 * scale }
        style.dashOffset *= scale
        painted.paint = .stroke(style, dashed: dashed)
      }
      return painted
    }
    return VectorModel(
      canvas: size, paths: paths,
      unexpressed: reader.unexpressed.map { VectorModel.Unexpressed(feature: $0) })
  }

  /// Collects the bytes Cairo's SVG surface writes.
  private final class Sink {
    var data = Data()
  }

  private static func render(_ document: SVGDocument, k: Double, elementID: String?) throws
    -> Data
  {
    let sink = Sink()
    let size = document.intrinsicSize
    let write: cairo_write_func_t = { closure, bytes, length in
      guard let closure, let bytes else { return CAIRO_STATUS_WRITE_ERROR }
      let sink = Unmanaged<Sink>.fromOpaque(closure).takeUnretainedValue()
      sink.data.append(bytes, count: Int(length))
      return CAIRO_STATUS_SUCCESS
    }
    // The page reaches one canvas beyond each edge: librsvg draws what lies outside the
    // viewBox (the PNG shows it where the layout makes room, as a fitted role measures ink
    // past the canvas), and Cairo's SVG surface drops what falls off its page.
    let margin = (x: size.width * k, y: size.height * k)
    let surface = cairo_svg_surface_create_for_stream(
      write, Unmanaged.passUnretained(sink).toOpaque(), size.width * k + 2 * margin.x,
      size.height * k + 2 * margin.y)
    defer { cairo_surface_destroy(surface) }
    try check(cairo_surface_status(surface))
    guard let cr = cairo_create(surface) else { throw RenderError.cairo(status: "out of memory") }
    try check(cairo_status(cr))
    cairo_translate(cr, margin.x, margin.y)
    cairo_scale(cr, k, k)
    var viewport = RsvgRectangle(x: 0, y: 0, width: size.width, height: size.height)
    do {
      let ok = try GErrorBridge.callSVG(path: document.path) { error in
        if let elementID {
          return rsvg_handle_render_layer(document.handle, cr, "#" + elementID, &viewport, error)
        }
        return rsvg_handle_render_document(document.handle, cr, &viewport, error)
      }
      if ok == 0 {
        throw RenderError.invalidSVG(
          path: document.path,
          message: elementID.map { "no element with id '\($0)' to draw" } ?? "librsvg drew nothing")
      }
    } catch {
      cairo_destroy(cr)
      throw error
    }
    try check(cairo_status(cr))
    cairo_destroy(cr)
    cairo_surface_finish(surface)
    try check(cairo_surface_status(surface))
    return sink.data
  }

  private static func check(_ status: cairo_status_t) throws {
    guard status == CAIRO_STATUS_SUCCESS else {
      throw RenderError.cairo(status: String(cString: cairo_status_to_string(status)))
    }
  }
}

/// Reads the SVG that Cairo's SVG surface writes (only that: Cairo's own, fixed vocabulary).
private struct CairoSVGReader {
  var paths: [PaintedPath] = []
  var unexpressed: [VectorModel.Feature] = []
  private var defsDepth = 0
  private var order = 0

  mutating func handle(_ event: XMLEvent) {
    switch event {
    case .start(let tag): start(tag.name, tag.attributes)
    case .end: if defsDepth > 0 { defsDepth -= 1 }
    case .characters, .comment, .cdata: break
    }
  }

  private mutating func start(_ name: String, _ attributes: [String: String]) {
    if name == "defs" || defsDepth > 0 {
      defsDepth += 1
      return
    }
    if attributes["clip-path"] != nil { note(.clipping) }
    if attributes["mask"] != nil { note(.masks) }
    if attributes["filter"] != nil { note(.filters) }
    switch name {
    case "path": readPath(attributes)
    case "use": note(.reusedGroup)
    case "image": note(.images)
    case "rect": note(.wholeSurfacePaint)
    default: break
    }
  }

  private mutating func note(_ what: VectorModel.Feature) {
    if !unexpressed.contains(what) { unexpressed.append(what) }
  }

  private mutating func readPath(_ attributes: [String: String]) {
    guard let d = attributes["d"] else { return }
    let style = Self.style(attributes["style"] ?? "")
    let matrix = attributes["transform"].flatMap(Self.matrix)
    var path = Self.pathData(d)
    if let matrix { path = path.map { $0.applying(matrix) } }
    let fill = style["fill"].map { $0 != "none" } ?? false
    let stroke = style["stroke"].map { $0 != "none" } ?? false
    if let pattern = style["fill"], pattern.hasPrefix("url(") { note(.paintServers) }
    if fill {
      paths.append(
        PaintedPath(
          path: path, paint: .fill(evenOdd: style["fill-rule"] == "evenodd"), order: order,
          color: Self.color(style["fill"], opacity: style["fill-opacity"])))
    }
    if stroke {
      let determinant = matrix.map { abs($0[0] * $0[3] - $0[1] * $0[2]) } ?? 1
      let width = (Double(style["stroke-width"] ?? "1") ?? 1) * determinant.squareRoot()
      let cap = StrokeStyle.Cap(rawValue: style["stroke-linecap"] ?? "butt") ?? .butt
      let join = StrokeStyle.Join(rawValue: style["stroke-linejoin"] ?? "miter") ?? .miter
      let limit = Double(style["stroke-miterlimit"] ?? "4") ?? 4
      let dashed = style["stroke-dasharray"].map { $0 != "none" } ?? false
      let lengthScale = determinant.squareRoot()
      let dashes =
        dashed ? Self.numbers(style["stroke-dasharray"] ?? "").map { $0 * lengthScale } : []
      let offset = (Double(style["stroke-dashoffset"] ?? "0") ?? 0) * lengthScale
      if let m = matrix, abs((m[0] * m[0] + m[1] * m[1]) - (m[2] * m[2] + m[3] * m[3])) > 1e-6 {
        note(.nonUniformStroke)
      }
      // A gradient or pattern stroke leaves `color` nil and is not listed (symbols outline
      // its shape alone, as before the model had colours).
      paths.append(
        PaintedPath(
          path: path,
          paint: .stroke(
            StrokeStyle(
              width: width, cap: cap, join: join, miterLimit: limit, dashes: dashes,
              dashOffset: dashed ? offset : 0),
            dashed: dashed),
          order: order, color: Self.color(style["stroke"], opacity: style["stroke-opacity"])))
    }
    order += 1
  }

  /// `k:v;k:v;` as Cairo writes it.
  static func style(_ text: String) -> [String: String] {
    var result: [String: String] = [:]
    for item in text.split(separator: ";") {
      let parts = item.split(separator: ":", maxSplits: 1)
      guard parts.count == 2 else { continue }
      result[parts[0].trimmingCharacters(in: .whitespaces)] =
        parts[1].trimmingCharacters(in: .whitespaces)
    }
    return result
  }

  /// The solid colour of a `fill` / `stroke` value with its opacity, `nil` for a gradient or
  /// pattern (`url(#...)`).
  static func color(_ paint: String?, opacity: String?) -> PaintColor? {
    PaintColor(cairoSVG: paint ?? "", opacity: opacity.flatMap { Double($0) } ?? 1)
  }

  /// Numbers separated by commas or spaces (`stroke-dasharray:2,3`).
  static func numbers(_ text: String) -> [Double] {
    text.split { $0 == "," || $0 == " " }.compactMap { Double($0) }
  }

  /// `matrix(a,b,c,d,e,f)` as Cairo writes it.
  static func matrix(_ text: String) -> [Double]? {
    guard text.hasPrefix("matrix("), text.hasSuffix(")") else { return nil }
    let numbers = text.dropFirst(7).dropLast().split { $0 == "," || $0 == " " }.compactMap {
      Double($0)
    }
    return numbers.count == 6 ? numbers : nil
  }

  /// Cairo's path data: `M x y`, `L x y`, `C x1 y1 x2 y2 x y`, `Z`, space separated.
  static func pathData(_ d: String) -> VectorPath {
    var elements: [PathElement] = []
    var numbers: [Double] = []
    var command: Character? = nil
    func flush() {
      guard let command else { return }
      func p(_ i: Int) -> PathPoint { PathPoint(x: numbers[i], y: numbers[i + 1]) }
      switch command {
      case "M" where numbers.count >= 2: elements.append(.move(p(0)))
      case "L" where numbers.count >= 2: elements.append(.line(p(0)))
      case "C" where numbers.count >= 6: elements.append(.curve(p(0), p(2), p(4)))
      case "Z": elements.append(.close)
      default: break
      }
      numbers = []
    }
    for token in d.split(whereSeparator: { $0 == " " || $0 == "\n" || $0 == "\t" }) {
      if let letter = token.first, token.count == 1, letter.isLetter {
        flush()
        command = letter
      } else if let value = Double(token) {
        numbers.append(value)
      }
    }
    flush()
    return VectorPath(elements)
  }
}
