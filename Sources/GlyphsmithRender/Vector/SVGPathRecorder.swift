import CCairo
import CRsvg
import FoundationEssentials
import Glibc
import GlyphsmithCore

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
    var tree = CairoSVGTree()
    if let failure = LibXMLReader.events(data, { tree.handle($0) }) {
      throw RenderError.cairo(
        status:
          "cannot read cairo's SVG output: line \(failure.line): \(failure.message) (libxml2 error \(failure.code))"
      )
    }
    // Back from the page (one canvas of margin, `render`) to canvas px.
    let scale = 1 / k
    var reader = CairoSVGReader(
      ids: tree.ids, toCanvas: [scale, 0, 0, scale, -size.width, -size.height], scale: scale)
    if let root = tree.root { reader.walk(root, CairoSVGReader.Context(insideUse: false)) }
    return VectorModel(
      canvas: size, paths: reader.paths,
      unexpressed: reader.unexpressed.map {
        VectorModel.Unexpressed(feature: $0.feature, recorded: $0.recorded)
      })
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

/// One element of Cairo's SVG output, with its children.
final class CairoNode {
  let name: String
  let attributes: [String: String]
  var children: [CairoNode] = []

  init(name: String, attributes: [String: String]) {
    self.name = name
    self.attributes = attributes
  }

  /// `url(#id)` -> `id`.
  static func reference(_ text: String?) -> String? {
    guard let text, text.hasPrefix("url(#"), text.hasSuffix(")") else { return nil }
    return String(text.dropFirst(5).dropLast())
  }
}

/// Cairo's SVG output as a tree, with the elements that carry an `id` (gradients, clip paths,
/// masks, the group surfaces `<use>` draws).
private struct CairoSVGTree {
  var root: CairoNode?
  var ids: [String: CairoNode] = [:]
  private var stack: [CairoNode] = []

  mutating func handle(_ event: XMLEvent) {
    switch event {
    case .start(let tag):
      let node = CairoNode(name: tag.name, attributes: tag.attributes)
      if let parent = stack.last { parent.children.append(node) } else { root = node }
      if let id = tag.attributes["id"] { ids[id] = node }
      stack.append(node)
    case .end: if !stack.isEmpty { stack.removeLast() }
    case .characters, .comment, .cdata: break
    }
  }
}

/// Reads the SVG that Cairo's SVG surface writes (only that: Cairo's own, fixed vocabulary),
/// walking what it draws from the root: paths, the clips (`<g clip-path>`) they are under, the
/// gradients that paint them, and the groups `<use>` draws with a constant-opacity mask
/// (librsvg's group opacity), whose paths are read as drawn in place.
struct CairoSVGReader {
  /// What the walk carries down: how local coordinates reach canvas px, the clips and the
  /// opacity groups in effect.
  struct Context {
    /// Matrices applied to a local point in turn (innermost first), the last one the page
    /// to canvas px (`toCanvas`); a path's own `transform` goes before them.
    var chain: [[Double]] = []
    /// The product of the chain's length scales (`sqrt(|det|)`), for stroke widths.
    var lengthScale = 1.0
    var clips: [ClipRegion] = []
    var opacity: [OpacityGroup] = []
    /// Inside content drawn through `<use>`: what cannot be recorded there counts as a
    /// reused group (as before groups were walked), and what can be adds no entry.
    var insideUse: Bool
  }

  let ids: [String: CairoNode]
  let toCanvas: [Double]
  let scale: Double
  var paths: [PaintedPath] = []
  var unexpressed: [(feature: VectorModel.Feature, recorded: Bool)] = []
  private var order = 0
  private var nextClip = 0
  private var nextGroup = 0

  init(ids: [String: CairoNode], toCanvas: [Double], scale: Double) {
    self.ids = ids
    self.toCanvas = toCanvas
    self.scale = scale
  }

  mutating func walk(_ node: CairoNode, _ context: Context) {
    var context = context
    if node.name == "svg" {
      context.chain = [toCanvas]
      context.lengthScale = scale
    }
    if node.name == "defs" { return }
    if let clip = node.attributes["clip-path"] {
      if let region = clipRegion(clip, rule: node.attributes["clip-rule"], context) {
        context.clips.append(region)
        note(.clipping, recorded: true, context)
      } else {
        note(.clipping, recorded: false, context)
      }
    }
    var maskResolved = true
    if let mask = node.attributes["mask"] {
      if let alpha = constantAlpha(mask) {
        context.opacity.append(OpacityGroup(id: nextGroup, alpha: alpha))
        nextGroup += 1
        note(.masks, recorded: true, context)
      } else {
        maskResolved = false
        note(.masks, recorded: false, context)
      }
    }
    if node.attributes["filter"] != nil { note(.filters, recorded: false, context) }
    switch node.name {
    case "path": readPath(node.attributes, context)
    case "use":
      guard maskResolved, let target = useTarget(node) else {
        note(.reusedGroup, recorded: false, context)
        return
      }
      note(.reusedGroup, recorded: true, context)
      var inner = context
      inner.insideUse = true
      var local: [Double] = [1, 0, 0, 1, 0, 0]
      if let transform = node.attributes["transform"] {
        guard let m = Self.matrix(transform) else {
          note(.reusedGroup, recorded: false, context)
          return
        }
        local = m
      }
      local[4] += Double(node.attributes["x"] ?? "0") ?? 0
      local[5] += Double(node.attributes["y"] ?? "0") ?? 0
      inner.chain.insert(local, at: 0)
      inner.lengthScale *= abs(local[0] * local[3] - local[1] * local[2]).squareRoot()
      for child in target.children { walk(child, inner) }
    case "image": note(.images, recorded: false, context)
    case "rect": note(.wholeSurfacePaint, recorded: false, context)
    default:
      for child in node.children { walk(child, context) }
    }
  }

  /// Records that `what` was drawn; `recorded` when the model holds it as data. Inside a
  /// `<use>`, a recorded feature adds no entry (the `<use>` is the reused group writers of
  /// plain paths name) and one not recorded counts as the reused group not recorded.
  private mutating func note(
    _ what: VectorModel.Feature, recorded: Bool, _ context: Context
  ) {
    var what = what
    if context.insideUse {
      if recorded { return }
      what = .reusedGroup
    }
    if let index = unexpressed.firstIndex(where: { $0.feature == what }) {
      unexpressed[index].recorded = unexpressed[index].recorded && recorded
    } else {
      unexpressed.append((what, recorded))
    }
  }

  /// The group surface a `<use>` draws: a `<g>` Cairo defined, else `nil`.
  private func useTarget(_ node: CairoNode) -> CairoNode? {
    guard let href = node.attributes["xlink:href"] ?? node.attributes["href"],
      href.hasPrefix("#"), let target = ids[String(href.dropFirst())], target.name == "g"
    else { return nil }
    return target
  }

  /// The alpha of a mask Cairo writes for a group's constant opacity (a `<g filter>` holding
  /// one `<rect>` of that `fill-opacity`), else `nil` (a mask of its own drawing).
  private func constantAlpha(_ reference: String) -> Double? {
    guard let id = CairoNode.reference(reference), let mask = ids[id], mask.name == "mask",
      mask.children.count == 1, let group = mask.children.first, group.name == "g",
      group.attributes["filter"] != nil, group.children.count == 1,
      let rect = group.children.first, rect.name == "rect", rect.children.isEmpty
    else { return nil }
    let style = Self.style(rect.attributes["style"] ?? "")
    guard style["fill"]?.hasPrefix("rgb(") == true else { return nil }
    return Double(style["fill-opacity"] ?? "1")
  }

  /// The clip a `clip-path` reference draws, in canvas px: a `<clipPath>` of one `<path>` or
  /// `<rect>`; `nil` for anything else.
  private mutating func clipRegion(_ reference: String, rule: String?, _ context: Context)
    -> ClipRegion?
  {
    guard let id = CairoNode.reference(reference), let clip = ids[id], clip.name == "clipPath",
      clip.children.count == 1, let shape = clip.children.first, shape.children.isEmpty
    else { return nil }
    var path: VectorPath
    switch shape.name {
    case "path":
      guard let d = shape.attributes["d"] else { return nil }
      path = Self.pathData(d)
    case "rect":
      guard let x = Double(shape.attributes["x"] ?? "0"),
        let y = Double(shape.attributes["y"] ?? "0"),
        let w = shape.attributes["width"].flatMap(Double.init),
        let h = shape.attributes["height"].flatMap(Double.init)
      else { return nil }
      path = VectorPath([
        .move(PathPoint(x: x, y: y)), .line(PathPoint(x: x + w, y: y)),
        .line(PathPoint(x: x + w, y: y + h)), .line(PathPoint(x: x, y: y + h)), .close,
      ])
    default: return nil
    }
    if let transform = shape.attributes["transform"] {
      guard let m = Self.matrix(transform) else { return nil }
      path = path.map { $0.applying(m) }
    }
    path = path.map { Self.apply(context.chain, $0) }
    let evenOdd = (shape.attributes["clip-rule"] ?? rule) == "evenodd"
    defer { nextClip += 1 }
    return ClipRegion(id: nextClip, path: path, evenOdd: evenOdd)
  }

  /// `point` through `chain`, innermost first.
  private static func apply(_ chain: [[Double]], _ point: PathPoint) -> PathPoint {
    chain.reduce(point) { $0.applying($1) }
  }

  /// The gradient a `url(#...)` paint names, mapped by `matrices` (innermost first) into
  /// canvas px; `nil` for a pattern, or a gradient a VectorDrawable's cannot hold (a focus
  /// apart from the centre, a radial one under a transform that makes an ellipse).
  private func gradient(_ paint: String?, _ matrices: [[Double]]) -> PaintGradient? {
    guard let id = CairoNode.reference(paint), let node = ids[id] else { return nil }
    guard node.attributes["gradientUnits"] ?? "userSpaceOnUse" == "userSpaceOnUse" else {
      return nil
    }
    func number(_ key: String, _ fallback: Double) -> Double? {
      guard let text = node.attributes[key] else { return fallback }
      return Double(text)
    }
    var chain = matrices
    if let transform = node.attributes["gradientTransform"] {
      guard let m = Self.matrix(transform) else { return nil }
      chain.insert(m, at: 0)
    }
    var stops: [PaintGradient.Stop] = []
    for stop in node.children where stop.name == "stop" {
      let style = Self.style(stop.attributes["style"] ?? "")
      guard let offset = Double(stop.attributes["offset"] ?? ""),
        let color = PaintColor(
          cairoSVG: style["stop-color"] ?? "", opacity: Double(style["stop-opacity"] ?? "1") ?? 1)
      else { return nil }
      stops.append(PaintGradient.Stop(offset: offset, color: color))
    }
    guard !stops.isEmpty else { return nil }
    let spread: PaintGradient.Spread
    switch node.attributes["spreadMethod"] ?? "pad" {
    case "pad": spread = .pad
    case "repeat": spread = .repeat
    case "reflect": spread = .reflect
    default: return nil
    }
    switch node.name {
    case "linearGradient":
      guard let x1 = number("x1", 0), let y1 = number("y1", 0), let x2 = number("x2", 1),
        let y2 = number("y2", 0)
      else { return nil }
      var ends = (start: PathPoint(x: x1, y: y1), end: PathPoint(x: x2, y: y2))
      for m in chain {
        guard let mapped = PaintGradient.linear(start: ends.start, end: ends.end, through: m)
        else { return nil }
        ends = mapped
      }
      return PaintGradient(
        kind: .linear(start: ends.start, end: ends.end), stops: stops, spread: spread)
    case "radialGradient":
      guard let cx = number("cx", 0.5), let cy = number("cy", 0.5), let r = number("r", 0.5),
        let fx = number("fx", cx), let fy = number("fy", cy), (number("fr", 0) ?? 1) == 0,
        abs(fx - cx) <= 1e-9 * max(1, abs(cx)), abs(fy - cy) <= 1e-9 * max(1, abs(cy))
      else { return nil }
      var center = PathPoint(x: cx, y: cy)
      var radius = r
      for m in chain {
        // Circles stay circles: the linear part is a rotation times a uniform scale.
        let tolerance = 1e-6 * max(abs(m[0]), abs(m[1]), abs(m[2]), abs(m[3]), 1e-12)
        let rotation = abs(m[0] - m[3]) <= tolerance && abs(m[1] + m[2]) <= tolerance
        let reflection = abs(m[0] + m[3]) <= tolerance && abs(m[1] - m[2]) <= tolerance
        guard rotation || reflection else { return nil }
        center = center.applying(m)
        radius *= abs(m[0] * m[3] - m[1] * m[2]).squareRoot()
      }
      return PaintGradient(
        kind: .radial(center: center, radius: radius), stops: stops, spread: spread)
    default: return nil
    }
  }

  private mutating func readPath(_ attributes: [String: String], _ context: Context) {
    guard let d = attributes["d"] else { return }
    let style = Self.style(attributes["style"] ?? "")
    let matrix = attributes["transform"].flatMap(Self.matrix)
    var path = Self.pathData(d)
    if let matrix { path = path.map { $0.applying(matrix) } }
    path = path.map { Self.apply(context.chain, $0) }
    let gradientChain = (matrix.map { [$0] } ?? []) + context.chain
    let fill = style["fill"].map { $0 != "none" } ?? false
    let stroke = style["stroke"].map { $0 != "none" } ?? false
    if fill {
      var painted = PaintedPath(
        path: path, paint: .fill(evenOdd: style["fill-rule"] == "evenodd"), order: order,
        color: Self.color(style["fill"], opacity: style["fill-opacity"]))
      painted.clips = context.clips
      painted.opacity = context.opacity
      if let paint = style["fill"], paint.hasPrefix("url(") {
        painted.gradient = gradient(paint, gradientChain)
        note(.paintServers, recorded: painted.gradient != nil, context)
      }
      paths.append(painted)
    }
    if stroke {
      let determinant = matrix.map { abs($0[0] * $0[3] - $0[1] * $0[2]) } ?? 1
      let lengthScale = determinant.squareRoot()
      let width = (Double(style["stroke-width"] ?? "1") ?? 1) * lengthScale * context.lengthScale
      let cap = StrokeStyle.Cap(rawValue: style["stroke-linecap"] ?? "butt") ?? .butt
      let join = StrokeStyle.Join(rawValue: style["stroke-linejoin"] ?? "miter") ?? .miter
      let limit = Double(style["stroke-miterlimit"] ?? "4") ?? 4
      let dashed = style["stroke-dasharray"].map { $0 != "none" } ?? false
      let dashes =
        dashed
        ? Self.numbers(style["stroke-dasharray"] ?? "").map {
          $0 * lengthScale * context.lengthScale
        } : []
      let offset =
        (Double(style["stroke-dashoffset"] ?? "0") ?? 0) * lengthScale * context.lengthScale
      if let m = matrix, abs((m[0] * m[0] + m[1] * m[1]) - (m[2] * m[2] + m[3] * m[3])) > 1e-6 {
        note(.nonUniformStroke, recorded: false, context)
      }
      // A gradient or pattern stroke leaves `color` nil and is not listed (symbols outline
      // its shape alone, as before the model had colours); a gradient is kept in `gradient`.
      var painted = PaintedPath(
        path: path,
        paint: .stroke(
          StrokeStyle(
            width: width, cap: cap, join: join, miterLimit: limit, dashes: dashes,
            dashOffset: dashed ? offset : 0),
          dashed: dashed),
        order: order, color: Self.color(style["stroke"], opacity: style["stroke-opacity"]))
      painted.clips = context.clips
      painted.opacity = context.opacity
      if let paint = style["stroke"], paint.hasPrefix("url(") {
        painted.gradient = gradient(paint, gradientChain)
      }
      paths.append(painted)
    }
    order += 1
  }

  /// `k:v;k:v;` as Cairo writes it. On the UTF-8 bytes (`;`, `:`, space and tab are ASCII
  /// and never part of another character): by `Character` this and `pathData` cost 3.7 % of
  /// an `assets --format svg` run (issue 34).
  static func style(_ text: String) -> [String: String] {
    var result: [String: String] = [:]
    let bytes = Array(text.utf8)
    func trimmed(_ range: Range<Int>) -> String {
      var lower = range.lowerBound
      var upper = range.upperBound
      while lower < upper && (bytes[lower] == 0x20 || bytes[lower] == 0x09) { lower += 1 }
      while upper > lower && (bytes[upper - 1] == 0x20 || bytes[upper - 1] == 0x09) { upper -= 1 }
      return String(decoding: bytes[lower..<upper], as: UTF8.self)
    }
    var start = 0
    while start < bytes.count {
      var end = start
      while end < bytes.count && bytes[end] != UInt8(ascii: ";") { end += 1 }
      // A name and a value, neither empty before trimming (as splitting did).
      if let colon = bytes[start..<end].firstIndex(of: UInt8(ascii: ":")), colon > start,
        colon + 1 < end
      {
        result[trimmed(start..<colon)] = trimmed((colon + 1)..<end)
      }
      start = end + 1
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

  /// `matrix(a,b,c,d,e,f)` as Cairo writes it. ASCII text (all Cairo writes) is split on its
  /// UTF-8 bytes, each number read in place, as the `Character`-based split below reads it.
  static func matrix(_ text: String) -> [Double]? {
    let utf8 = text.utf8
    if utf8.count > 8, utf8.allSatisfy({ $0 < 0x80 }) {
      guard utf8.starts(with: "matrix(".utf8), utf8.last == UInt8(ascii: ")") else { return nil }
      var numbers: [Double] = []
      numbers.reserveCapacity(6)
      let end = utf8.index(before: utf8.endIndex)
      var start = utf8.index(utf8.startIndex, offsetBy: 7)
      while start < end {
        var stop = start
        while stop < end, utf8[stop] != UInt8(ascii: ","), utf8[stop] != UInt8(ascii: " ") {
          utf8.formIndex(after: &stop)
        }
        if stop > start, let value = Double(text[start..<stop]) { numbers.append(value) }
        start = stop < end ? utf8.index(after: stop) : end
      }
      return numbers.count == 6 ? numbers : nil
    }
    guard text.hasPrefix("matrix("), text.hasSuffix(")") else { return nil }
    let numbers = text.dropFirst(7).dropLast().split { $0 == "," || $0 == " " }.compactMap {
      Double($0)
    }
    return numbers.count == 6 ? numbers : nil
  }

  /// Cairo's path data: `M x y`, `L x y`, `C x1 y1 x2 y2 x y`, `Z`, space separated. Read on
  /// the UTF-8 bytes (see `style`); an ASCII number is read in place (`Double` of a
  /// `Substring`, the parse `Double(String)` does) without a `String` made for it, its
  /// `Character`s counted or its letters classified (issue 36: that was 3.6 % of a
  /// VectorDrawable worker's instructions); a token with other bytes as before.
  static func pathData(_ d: String) -> VectorPath {
    var elements: [PathElement] = []
    var numbers: [Double] = []
    numbers.reserveCapacity(6)
    var command: UInt8? = nil
    func flush() {
      guard let command else { return }
      func p(_ i: Int) -> PathPoint { PathPoint(x: numbers[i], y: numbers[i + 1]) }
      switch command {
      case UInt8(ascii: "M") where numbers.count >= 2: elements.append(.move(p(0)))
      case UInt8(ascii: "L") where numbers.count >= 2: elements.append(.line(p(0)))
      case UInt8(ascii: "C") where numbers.count >= 6: elements.append(.curve(p(0), p(2), p(4)))
      case UInt8(ascii: "Z"): elements.append(.close)
      default: break
      }
      numbers.removeAll(keepingCapacity: true)
    }
    func isSeparator(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x0A || byte == 0x09 }
    let utf8 = d.utf8
    var start = utf8.startIndex
    while start < utf8.endIndex {
      let byte = utf8[start]
      if isSeparator(byte) {
        utf8.formIndex(after: &start)
        continue
      }
      var end = start
      var ascii = true
      while end < utf8.endIndex {
        let next = utf8[end]
        if isSeparator(next) { break }
        if next >= 0x80 { ascii = false }
        utf8.formIndex(after: &end)
      }
      if utf8.index(after: start) == end,
        (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte)
      {
        flush()
        command = byte
      } else if ascii {
        // One ASCII byte that is no letter is one `Character` that is no letter: a number.
        if let value = Double(d[start..<end]) { numbers.append(value) }
      } else {
        let token = String(decoding: utf8[start..<end], as: UTF8.self)
        if token.count == 1, let letter = token.first, letter.isLetter {
          // A letter Cairo never writes: its numbers are dropped.
          flush()
          command = 0
        } else if let value = Double(token) {
          numbers.append(value)
        }
      }
      start = end
    }
    flush()
    return VectorPath(elements)
  }
}
