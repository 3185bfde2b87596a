import FoundationEssentials
import Glibc
import GlyphsmithCore
import GlyphsmithRender

/// Android's VectorDrawable (`res/drawable/NAME.xml`, a `<vector>` element) written from an
/// icon's `VectorModel`: the output unit is the dp, and the viewport is the output size, so
/// every coordinate in `pathData` is in dp.
///
/// Format (Android "VectorDrawable" reference, `android.graphics.drawable.VectorDrawable`;
/// docs/formats.md of the project guide, "Android launcher icons and VectorDrawable"):
/// `android:width`/`height` in dp, `android:viewportWidth`/`Height`, one `<path>` per painted
/// path in drawing order with `android:pathData` (absolute `M`, `L`, `C`, `Z` only, each command
/// letter written, plain decimals with at most 3 places: no exponent, no `.5` or `0.5.5`
/// shorthand, no arcs: what Android's `PathParser` and every older parser read alike),
/// `android:fillColor` (`#RRGGBB`, or `#AARRGGBB` with an opacity), `android:fillType`
/// (`evenOdd` from API 24: below `minSdk` 24 an even-odd fill's contours are reoriented so that
/// the nonzero rule paints the same region, `EvenOddContours`), and `android:strokeColor`,
/// `strokeWidth`, `strokeLineCap`, `strokeLineJoin`, `strokeMiterLimit`. Group transforms are
/// already resolved in the model.
///
/// Beyond plain paths (issue 39), what the model records as data:
/// - clipping: each clip (`PaintedPath.clips`) is a `<group>` whose first child is a
///   `<clip-path android:pathData>` (nonzero; an even-odd clip's contours reoriented), the
///   paths it clips inside; paths that share a clip share the group. A rectangle clip that
///   holds the path's whole ink, or another of its clips, changes nothing and is left out.
/// - gradients (linear, radial with the focus at the centre): `<aapt:attr
///   name="android:fillColor">` (or `strokeColor`) holding `<gradient android:type
///   startX/startY/endX/endY | centerX/centerY/gradientRadius android:tileMode>` with one
///   `<item android:offset android:color>` per stop; Android draws them from API 24, so below
///   `minSdk` 24 they are an error (a template's one colour makes an opaque gradient solid).
/// - group opacity (`PaintedPath.opacity`): folded into `android:fillAlpha` of a fill or
///   `android:strokeAlpha` of a stroke, when the paths drawn in the group do not overlap (their
///   bounds are apart); a fill and its stroke, or overlapping shapes, under one opacity are an
///   error (per-path alphas would darken where they overlap).
///
/// What a VectorDrawable cannot express (`VectorModel.unexpressed` not recorded: masks,
/// filters, images, pattern fills, text drawn as a reused group; and dashed or pattern
/// strokes) is a `VectorDrawableError` naming each thing, never an approximation.
/// Deterministic: the same model and target give the same bytes.
package struct VectorDrawableWriter: VectorWriter {
  /// The lowest API level the drawable must work on (`--min-sdk`); `evenOdd` fills and
  /// gradients need 24. Default 21, the first with VectorDrawable.
  package var minSdk: Int
  /// Paint every path in this one colour (its own opacity kept): the single tint-able
  /// colour of a template role, so `android:tint` recolours the whole icon; `nil` keeps the
  /// artwork's colours.
  package var monochrome: PaintColor?
  /// A line written as an XML comment before `<vector>` (e.g. the fingerprint `assets`
  /// checks on a rerun); `nil` for none. Must not contain `--`.
  package var comment: String?

  /// The API level from which Android draws `<gradient>` paints in a VectorDrawable.
  package static let gradientSdk = 24

  /// A writer; see the properties.
  package init(minSdk: Int = 21, monochrome: PaintColor? = nil, comment: String? = nil) {
    self.minSdk = minSdk
    self.monochrome = monochrome
    self.comment = comment
  }

  /// `vector-drawable`.
  package var name: String { "vector-drawable" }
  /// `xml`.
  package var fileExtension: String { "xml" }

  /// The VectorDrawable XML of `model` placed by `target` (its size in dp), UTF-8, as
  /// Android Studio formats it (4-space indents, one attribute a line).
  /// - Throws: `VectorDrawableError` listing everything the model holds that a
  ///   VectorDrawable cannot express (or not at `minSdk`), or an even-odd fill or clip with
  ///   crossing contours below API 24.
  package func write(_ model: VectorModel, to target: VectorTarget) throws -> Data {
    try check(model)
    let paints = model.paths.map { paint(of: $0) }
    let usesAapt = paints.contains { if case .gradient = $0 { return true } else { return false } }
    var lines = ["<?xml version=\"1.0\" encoding=\"utf-8\"?>"]
    if let comment { lines.append("<!-- \(comment) -->") }
    lines.append("<vector xmlns:android=\"http://schemas.android.com/apk/res/android\"")
    if usesAapt { lines.append("    xmlns:aapt=\"http://schemas.android.com/aapt\"") }
    lines.append("    android:width=\"\(Self.number(target.size.width))dp\"")
    lines.append("    android:height=\"\(Self.number(target.size.height))dp\"")
    lines.append("    android:viewportWidth=\"\(Self.number(target.size.width))\"")
    lines.append("    android:viewportHeight=\"\(Self.number(target.size.height))\">")
    var open: [ClipRegion] = []
    func indent(_ depth: Int) -> String { String(repeating: "    ", count: depth) }
    for (painted, paint) in zip(model.paths, paints) {
      let path = painted.path.map(target.place)
      guard !path.subpaths.isEmpty else { continue }
      let clips = Self.effectiveClips(painted)
      var common = 0
      while common < open.count, common < clips.count, open[common].id == clips[common].id {
        common += 1
      }
      while open.count > common {
        open.removeLast()
        lines.append(indent(open.count + 1) + "</group>")
      }
      for clip in clips[common...] {
        lines.append(indent(open.count + 1) + "<group>")
        let outline = clip.path.map(target.place)
        let data = clip.evenOdd ? try EvenOddContours.nonzero(outline) : outline
        lines.append(indent(open.count + 2) + "<clip-path")
        lines.append(
          indent(open.count + 3) + "android:pathData=\"\(Self.pathData(data))\" />")
        open.append(clip)
      }
      let depth = open.count + 1
      var attributes: [(String, String)] = []
      let alpha = painted.groupAlpha
      switch painted.paint {
      case .fill(let evenOdd):
        var data = path
        var evenOddType = evenOdd
        if evenOdd && minSdk < 24 {
          data = try EvenOddContours.nonzero(path)
          evenOddType = false
        }
        if case .solid(let color) = paint { attributes.append(("fillColor", Self.color(color))) }
        if alpha < 1 { attributes.append(("fillAlpha", Self.number(alpha))) }
        if evenOddType { attributes.append(("fillType", "evenOdd")) }
        attributes.append(("pathData", Self.pathData(data)))
      case .stroke(let style, _):
        attributes.append(("pathData", Self.pathData(path)))
        if case .solid(let color) = paint {
          attributes.append(("strokeColor", Self.color(color)))
        }
        if alpha < 1 { attributes.append(("strokeAlpha", Self.number(alpha))) }
        attributes.append(("strokeWidth", Self.number(style.width * target.placement.scale)))
        if style.cap != .butt { attributes.append(("strokeLineCap", style.cap.rawValue)) }
        if style.join != .miter { attributes.append(("strokeLineJoin", style.join.rawValue)) }
        if style.join == .miter && style.miterLimit != 4 {
          attributes.append(("strokeMiterLimit", Self.number(style.miterLimit)))
        }
      }
      lines.append(indent(depth) + "<path")
      var children: [String] = []
      if case .gradient(let gradient) = paint {
        let placed = gradient.placed(target.place, scale: target.placement.scale)
        let key = painted.stroke == nil ? "fillColor" : "strokeColor"
        children = Self.gradientLines(placed, attribute: key, depth: depth + 1)
      }
      for (index, (key, value)) in attributes.enumerated() {
        let last = index == attributes.count - 1
        let end = last ? (children.isEmpty ? " />" : ">") : ""
        lines.append(indent(depth + 1) + "android:\(key)=\"\(value)\"\(end)")
      }
      if !children.isEmpty {
        lines += children
        lines.append(indent(depth) + "</path>")
      }
    }
    while !open.isEmpty {
      open.removeLast()
      lines.append(indent(open.count + 1) + "</group>")
    }
    lines.append("</vector>")
    return Data((lines.joined(separator: "\n") + "\n").utf8)
  }

  /// How a path is painted in the drawable.
  enum Paint {
    /// One colour (`#AARRGGBB`).
    case solid(PaintColor)
    /// A `<gradient>` (in the model's coordinates).
    case gradient(PaintGradient)
  }

  /// The paint of `painted`: the template colour (a gradient keeps its stops' opacities in
  /// it, and is one solid colour when they are all equal), else its own colour or gradient.
  func paint(of painted: PaintedPath) -> Paint {
    let own = painted.color
    guard let monochrome else {
      if let gradient = painted.gradient, own == nil { return .gradient(gradient) }
      return .solid(own ?? .black)
    }
    func tinted(_ alpha: Double) -> PaintColor {
      PaintColor(
        red: monochrome.red, green: monochrome.green, blue: monochrome.blue,
        alpha: monochrome.alpha * alpha)
    }
    if own == nil, var gradient = painted.gradient {
      gradient.stops = gradient.stops.map {
        PaintGradient.Stop(offset: $0.offset, color: tinted($0.color.alpha))
      }
      if Set(gradient.stops.map(\.color)).count > 1 { return .gradient(gradient) }
      return .solid(gradient.stops[0].color)
    }
    return .solid(tinted(own?.alpha ?? 1))
  }

  /// The `<aapt:attr>` lines of `gradient` (already placed in dp) for `attribute`
  /// (`fillColor`, `strokeColor`), indented at `depth`.
  static func gradientLines(_ gradient: PaintGradient, attribute: String, depth: Int)
    -> [String]
  {
    func indent(_ depth: Int) -> String { String(repeating: "    ", count: depth) }
    var lines = [indent(depth) + "<aapt:attr name=\"android:\(attribute)\">"]
    lines.append(indent(depth + 1) + "<gradient")
    var attributes: [(String, String)] = []
    switch gradient.kind {
    case .linear(let start, let end):
      attributes += [
        ("type", "linear"), ("startX", number(start.x)), ("startY", number(start.y)),
        ("endX", number(end.x)), ("endY", number(end.y)),
      ]
    case .radial(let center, let radius):
      attributes += [
        ("type", "radial"), ("centerX", number(center.x)), ("centerY", number(center.y)),
        ("gradientRadius", number(max(radius, 0.001))),
      ]
    }
    switch gradient.spread {
    case .pad: attributes.append(("tileMode", "clamp"))
    case .repeat: attributes.append(("tileMode", "repeat"))
    case .reflect: attributes.append(("tileMode", "mirror"))
    }
    for (index, (key, value)) in attributes.enumerated() {
      let end = index == attributes.count - 1 ? ">" : ""
      lines.append(indent(depth + 2) + "android:\(key)=\"\(value)\"\(end)")
    }
    for stop in gradient.stops {
      lines.append(
        indent(depth + 2) + "<item android:offset=\"\(number(min(max(stop.offset, 0), 1)))\""
          + " android:color=\"\(argb(stop.color))\" />")
    }
    lines.append(indent(depth + 1) + "</gradient>")
    lines.append(indent(depth) + "</aapt:attr>")
    return lines
  }

  /// `#AARRGGBB` always (a gradient item's colour).
  static func argb(_ color: PaintColor) -> String {
    let alpha = Int((min(max(color.alpha, 0), 1) * 255).rounded())
    return "#" + String(cFormat: "%02X", alpha) + color.hexRGB.dropFirst()
  }

  /// `painted`'s clips less the rectangles that change nothing: one holding what the path
  /// can paint under the clips kept (its ink's bounds, from its control points widened by a
  /// stroke's reach, within the bounds of each other clip kept), decided clip by clip, in
  /// order. librsvg clips to a clip path's bounds before the path itself, and a group of
  /// opacity to its surface: those rectangles go.
  static func effectiveClips(_ painted: PaintedPath) -> [ClipRegion] {
    guard !painted.clips.isEmpty else { return [] }
    var reach = 0.0
    if let stroke = painted.stroke {
      reach = stroke.width / 2 * max(stroke.join == .miter ? stroke.miterLimit : 1, 1.5)
    }
    guard let box = bounds(painted.path) else { return painted.clips }
    let ink = Rect(
      x: box.x - reach, y: box.y - reach, width: box.width + 2 * reach,
      height: box.height + 2 * reach)
    var kept = painted.clips
    var index = 0
    while index < kept.count {
      guard let rect = axisRectangle(kept[index].path) else {
        index += 1
        continue
      }
      var region: Rect? = ink
      for (other, clip) in kept.enumerated() where other != index {
        guard let current = region, let outline = bounds(clip.path) else { continue }
        region = intersection(current, outline)
      }
      if region.map({ contains(rect, $0) }) ?? true {
        kept.remove(at: index)
      } else {
        index += 1
      }
    }
    return kept
  }

  /// The overlap of two rectangles, `nil` when they do not overlap.
  static func intersection(_ a: Rect, _ b: Rect) -> Rect? {
    let x0 = max(a.x, b.x)
    let y0 = max(a.y, b.y)
    let x1 = min(a.x + a.width, b.x + b.width)
    let y1 = min(a.y + a.height, b.y + b.height)
    guard x1 >= x0, y1 >= y0 else { return nil }
    return Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
  }

  /// The bounds of `path`'s points (control points included: they hold the curve).
  static func bounds(_ path: VectorPath) -> Rect? {
    var xs: [Double] = []
    var ys: [Double] = []
    for element in path.elements {
      switch element {
      case .move(let p), .line(let p):
        xs.append(p.x)
        ys.append(p.y)
      case .curve(let a, let b, let c):
        xs += [a.x, b.x, c.x]
        ys += [a.y, b.y, c.y]
      case .close: break
      }
    }
    guard let minX = xs.min(), let maxX = xs.max(), let minY = ys.min(), let maxY = ys.max()
    else { return nil }
    return Rect(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
  }

  /// The rectangle `path` outlines when it is one axis-aligned rectangle (as Cairo writes a
  /// `<rect>` clip: `M L L L Z`, perhaps a closing `L` to the start and a trailing `M`).
  static func axisRectangle(_ path: VectorPath) -> Rect? {
    var points: [PathPoint] = []
    for element in path.elements {
      switch element {
      case .move(let p):
        if points.isEmpty { points.append(p) } else if p != points[0] { return nil }
      case .line(let p): points.append(p)
      case .curve: return nil
      case .close: break
      }
    }
    if points.count == 5, points[4] == points[0] { points.removeLast() }
    guard points.count == 4, let box = bounds(path) else { return nil }
    for p in points {
      let onX = p.x == box.x || p.x == box.x + box.width
      let onY = p.y == box.y || p.y == box.y + box.height
      guard onX && onY else { return nil }
    }
    guard Set(points).count == 4 else { return nil }
    return box
  }

  /// Whether `outer` holds `inner` (to a millionth of a px).
  static func contains(_ outer: Rect, _ inner: Rect) -> Bool {
    let e = 1e-6
    return inner.x >= outer.x - e && inner.y >= outer.y - e
      && inner.x + inner.width <= outer.x + outer.width + e
      && inner.y + inner.height <= outer.y + outer.height + e
  }

  /// Throws what a VectorDrawable cannot draw as the model has it (or not at `minSdk`).
  func check(_ model: VectorModel) throws {
    var problems = model.unexpressed.filter { !$0.recorded }.map(\.description)
    let dashed = model.paths.filter {
      if case .stroke(_, dashed: true) = $0.paint { return true }
      return false
    }
    if let first = dashed.first {
      problems.append("dashed strokes (drawing \(first.order + 1) of \(Self.drawings(model)))")
    }
    if let first = model.paths.first(where: {
      $0.stroke != nil && $0.color == nil && $0.gradient == nil
    }) {
      problems.append(
        "pattern strokes, or gradient strokes with a focus apart from the centre or under a"
          + " non-uniform scale (drawing \(first.order + 1) of \(Self.drawings(model)))")
    }
    problems += Self.unfoldableOpacity(model)
    var requirements: [String] = []
    if minSdk < Self.gradientSdk,
      let first = model.paths.first(where: {
        if case .gradient = paint(of: $0) { return true } else { return false }
      })
    {
      let part = first.stroke == nil ? "fill" : "stroke"
      let element = first.gradient?.element.map { " of " + $0.label } ?? ""
      requirements.append(
        "gradients need minSdk \(Self.gradientSdk) (VectorDrawable draws them from API"
          + " \(Self.gradientSdk)): the \(first.gradient?.kindName ?? "") gradient \(part)"
          + "\(element); give --min-sdk \(Self.gradientSdk) (android.minSdk in glyphsmith.json)")
    }
    guard problems.isEmpty && requirements.isEmpty else {
      throw VectorDrawableError(problems: problems, requirements: requirements)
    }
  }

  /// The opacity groups whose alpha cannot be folded into each path's own, because paths
  /// drawn in them overlap (their bounds meet): one phrase per group, naming its element.
  static func unfoldableOpacity(_ model: VectorModel) -> [String] {
    var members: [Int: [PaintedPath]] = [:]
    var groups: [OpacityGroup] = []
    for painted in model.paths {
      for group in painted.opacity {
        if members[group.id] == nil { groups.append(group) }
        members[group.id, default: []].append(painted)
      }
    }
    var problems: [String] = []
    for group in groups {
      let paths = members[group.id] ?? []
      guard paths.count > 1 else { continue }
      let boxes = paths.map { painted -> Rect? in
        let reach =
          painted.stroke.map { $0.width / 2 * max($0.join == .miter ? $0.miterLimit : 1, 1.5) } ?? 0
        return bounds(painted.path).map {
          Rect(
            x: $0.x - reach, y: $0.y - reach, width: $0.width + 2 * reach,
            height: $0.height + 2 * reach)
        }
      }
      var overlap = false
      for i in boxes.indices {
        for j in boxes.indices where j > i {
          guard let a = boxes[i], let b = boxes[j] else { continue }
          if a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height
            && b.y < a.y + a.height
          {
            overlap = true
          }
        }
      }
      guard overlap else { continue }
      let element = group.element.map { " (" + $0.label + ")" } ?? ""
      let alpha = number(group.alpha)
      if Set(paths.map(\.order)).count == 1 {
        problems.append(
          "opacity \(alpha) over a fill and its stroke, which overlap\(element): a"
            + " VectorDrawable has only each path's fillAlpha and strokeAlpha, which would"
            + " darken the overlap; give fill-opacity and stroke-opacity instead")
      } else {
        problems.append(
          "opacity \(alpha) over \(Set(paths.map(\.order)).count) shapes that overlap\(element): a"
            + " VectorDrawable has only each path's fillAlpha and strokeAlpha, which would"
            + " darken the overlaps; give each shape its own fill-opacity or merge them")
      }
    }
    return problems
  }

  /// How many drawing calls (elements painted) the model holds.
  private static func drawings(_ model: VectorModel) -> Int {
    Set(model.paths.map(\.order)).count
  }

  /// `#RRGGBB`, or `#AARRGGBB` when not opaque (8 bits per component, rounded).
  static func color(_ color: PaintColor) -> String {
    let alpha = Int((min(max(color.alpha, 0), 1) * 255).rounded())
    let rgb = color.hexRGB.dropFirst()
    return alpha == 255 ? "#" + rgb : "#" + String(cFormat: "%02X", alpha) + rgb
  }

  /// `pathData`: every command with its letter (`M`, `L`, `C`, `Z`), numbers as
  /// `number(_:)`, a comma between x and y and a space between points and commands. Written
  /// into one byte buffer (issue 36: a `String` per number, pair and command, joined, was
  /// 4.8 % of a VectorDrawable worker's instructions).
  static func pathData(_ path: VectorPath) -> String {
    var out: [UInt8] = []
    out.reserveCapacity(path.elements.count * 28)
    func pair(_ p: PathPoint) {
      appendNumber(p.x, to: &out)
      out.append(UInt8(ascii: ","))
      appendNumber(p.y, to: &out)
    }
    func command(_ letter: Character) {
      if !out.isEmpty { out.append(UInt8(ascii: " ")) }
      out.append(letter.asciiValue!)
    }
    for subpath in path.subpaths {
      for element in subpath.elements {
        switch element {
        case .move(let p):
          command("M")
          out.append(UInt8(ascii: " "))
          pair(p)
        case .line(let p):
          command("L")
          out.append(UInt8(ascii: " "))
          pair(p)
        case .curve(let a, let b, let c):
          command("C")
          out.append(UInt8(ascii: " "))
          pair(a)
          out.append(UInt8(ascii: " "))
          pair(b)
          out.append(UInt8(ascii: " "))
          pair(c)
        case .close: command("Z")
        }
      }
    }
    return String(decoding: out, as: UTF8.self)
  }

  /// A plain decimal rounded to 3 places: optional `-`, digits, and a fraction only when it
  /// is not zero, its trailing zeros dropped (`0.5`, `-12.125`, `3`); never an exponent, never
  /// `-0`, always a digit before the point.
  static func number(_ value: Double) -> String {
    var out: [UInt8] = []
    appendNumber(value, to: &out)
    return String(decoding: out, as: UTF8.self)
  }

  /// `number(value)`'s UTF-8 bytes appended to `out`.
  static func appendNumber(_ value: Double, to out: inout [UInt8]) {
    let thousandths = Int((abs(value) * 1000).rounded())
    guard thousandths != 0 else {
      out.append(UInt8(ascii: "0"))
      return
    }
    if value < 0 { out.append(UInt8(ascii: "-")) }
    appendDigits(thousandths / 1000, width: 1, to: &out)
    var fraction = thousandths % 1000
    if fraction != 0 {
      var digits = 3
      while fraction % 10 == 0 {
        fraction /= 10
        digits -= 1
      }
      out.append(UInt8(ascii: "."))
      appendDigits(fraction, width: digits, to: &out)
    }
  }

  /// The decimal digits of `value` (>= 0), zero-padded on the left to at least `width`.
  private static func appendDigits(_ value: Int, width: Int, to out: inout [UInt8]) {
    let start = out.count
    var rest = value
    repeat {
      out.append(UInt8(ascii: "0") + UInt8(rest % 10))
      rest /= 10
    } while rest > 0
    while out.count - start < width { out.append(UInt8(ascii: "0")) }
    out[start...].reverse()
  }
}
