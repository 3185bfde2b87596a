import CLibXML
import FoundationEssentials
import Glibc

/// Rule 11: `vector-effect: non-scaling-stroke` (SVG 2 §13.7 with SVG Tiny 1.2 §11.5; librsvg
/// 2.55, #885): the stroke is drawn in the host coordinate space, so its width, dash lengths
/// and dash offset are in the host's units whatever the transforms between the element and the
/// host. Glyphsmith's host is the outermost viewport at the document's own size: the root
/// `viewBox` mapped onto its `width`/`height` (CSS px), as Chromium draws the file at @1x
/// (a stroke of 2 is 2 px there). The document is then drawn scaled to the canvas, so @2x is
/// @1x scaled, as a browser at a device pixel ratio of 2 draws it, and an icon drawn at another
/// point size keeps the stroke's share of the icon.
///
/// librsvg 2.54 (and resvg 0.44) scale the stroke with the transforms. Where the transform
/// from the element's user space to the host is a uniform scale `k` (with any rotation,
/// reflection or translation), a stroke of `w` there is a stroke of `w / k` in user space, and
/// so are the dashes: the rewrite writes `stroke-width`, `stroke-dasharray` and
/// `stroke-dashoffset` divided by `k` into the shape's `style` and removes its
/// `vector-effect`. Left to librsvg (and drawn scaled): a non-uniform or skewed transform (the
/// stroke is then no longer a stroke of constant width in user space), a shape inside
/// `<defs>`, a `<symbol>`, a `<clipPath>`, `<mask>`, `<pattern>` or `<marker>`, or under an
/// element a `<use>` references (drawn at more than one place), text, a document with markers
/// (their size follows the stroke width), and values the rewrite cannot read: a width, dash or
/// offset in `%`, `em` or `ex`, a nested `<svg>` sized in `%`, a `transform` left in `style`
/// or given by sheet rules `SheetRules` does not decide, and `vector-effect`, `stroke-width`,
/// `stroke-dasharray` or `stroke-dashoffset` from such rules.
enum NonScalingStrokeRewrite: FidelityRewrite {
  static let name = "non-scaling-stroke"

  /// The shapes the rule is applied to (SVG 2 §9.1).
  static let shapes: Set<String> = [
    "path", "rect", "circle", "ellipse", "line", "polyline", "polygon",
  ]

  /// Elements whose content is drawn elsewhere, or at more than one place.
  static let templates: Set<String> = [
    "defs", "symbol", "clipPath", "mask", "pattern", "marker", "linearGradient",
    "radialGradient", "filter",
  ]

  typealias Matrix = SVGValueGrammar.Matrix

  static func apply(_ root: xmlNodePtr) -> Bool {
    let all = SVGNormalizer.allElements(root)
    func mentions(_ node: xmlNodePtr) -> Bool {
      let texts = [
        SVGNormalizer.attribute(node, "vector-effect"), SVGNormalizer.attribute(node, "style"),
        SVGNormalizer.name(node) == "style" ? SVGPreflight.text(xmlNodeGetContent(node)) : nil,
      ]
      return texts.contains { $0?.lowercased().contains("non-scaling-stroke") ?? false }
    }
    // A root transform (SVG 2: applied by browsers, not by librsvg 2.54) is not read.
    guard all.contains(where: mentions),
      !all.contains(where: { SVGNormalizer.name($0) == "marker" }),
      SVGNormalizer.attribute(root, "transform") == nil,
      CSSTransformRewrite.styleTransform(root) == nil
    else { return false }
    func rules(_ property: String) -> [SheetRules.Rule]?? {
      // `nil`: undecided; `.some(nil)`: no sheet declares it.
      guard SheetDeclarations.mention(property, root) else { return .some(nil) }
      guard
        let rules = SheetRules.rules(
          declaring: property, root, allowImportant: true, combinators: true)
      else { return nil }
      return .some(rules)
    }
    guard let effect = rules("vector-effect"), let width = rules("stroke-width"),
      let dashes = rules("stroke-dasharray"), let offset = rules("stroke-dashoffset")
    else { return false }
    // Transforms a sheet gives: those `SheetRules` decides (`css-transform` wrote the others
    // into the attributes already); undecided ones leave the document alone.
    let transformSheet = CSSTransformRewrite.sheetLookup(root)
    if transformSheet == nil && SheetDeclarations.mention("transform", root) { return false }
    // Elements a `<use>` draws: their shapes are drawn at each use too.
    var referenced: Set<String> = []
    for node in all where SVGNormalizer.name(node) == "use" {
      if let id = SVGNormalizer.localID(SVGNormalizer.attribute(node, "href")) {
        referenced.insert(id)
      }
    }
    guard let host = rootMatrix(root) else { return false }
    var changed = false
    // Each element's matrix and values are read once, from its parent's (a hostile file of
    // 10,000 nested groups costs 10,000 steps, not 50 million).
    var matrices: [xmlNodePtr: Matrix?] = [:]
    var caches: [String: [xmlNodePtr: Cascaded?]] = [:]
    func cascaded(
      _ node: xmlNodePtr, _ property: String, _ rules: [SheetRules.Rule]?, inherited: Bool
    ) -> Cascaded? {
      Self.cascaded(node, property, rules, inherited: inherited, cache: &caches[property, default: [:]])
    }
    for node in all where shapes.contains(SVGNormalizer.name(node)) {
      guard
        let value = cascaded(node, "vector-effect", effect, inherited: false),
        value.value.trimmingWhitespace().lowercased() == "non-scaling-stroke",
        let matrix = hostMatrix(node, root: root, host: host, referenced: referenced,
          sheet: transformSheet, cache: &matrices),
        // A scale below 10⁻⁶ (a singular sheet value `clip-transform` made invertible) draws
        // nothing either way; the stroke is left scaled with it.
        let k = uniformScale(matrix), abs(k - 1) > 1e-12, k > 1e-6
      else { continue }
      var declarations: [String] = []
      let strokeWidth = cascaded(node, "stroke-width", width, inherited: true)
      guard let w = strokeWidth.map({ lengthValue($0.value) }) ?? 1 else { continue }
      declarations.append(
        "stroke-width:\(PathData.num(w / k))" + (strokeWidth?.important == true ? "!important" : ""))
      if let list = cascaded(node, "stroke-dasharray", dashes, inherited: true),
        list.value.trimmingWhitespace().lowercased() != "none"
      {
        var lengths: [Double] = []
        for part in list.value.split(whereSeparator: { $0 == "," || $0.isWhitespace }) {
          guard let length = lengthValue(String(part)) else { lengths = []; break }
          lengths.append(length)
        }
        guard !lengths.isEmpty else { continue }
        declarations.append(
          "stroke-dasharray:" + lengths.map { PathData.num($0 / k) }.joined(separator: " ")
            + (list.important ? "!important" : ""))
      }
      if let start = cascaded(node, "stroke-dashoffset", offset, inherited: true) {
        guard let length = lengthValue(start.value) else { continue }
        declarations.append(
          "stroke-dashoffset:\(PathData.num(length / k))" + (start.important ? "!important" : ""))
      }
      SVGNormalizer.removeDeclaration(node, "vector-effect")
      for declaration in declarations { SVGNormalizer.appendStyle(node, declaration) }
      changed = true
    }
    return changed
  }

  /// A property's value and whether it is `!important`.
  typealias Cascaded = (value: String, important: Bool)

  /// The value `node` gets for `property`: its `style` declaration, a sheet's (an
  /// `!important` one over `style`'s unless that is `!important` too), its attribute; for an inherited property, else its
  /// parent's; `nil` when nothing sets it. `inherit` takes the parent's. Walks up without
  /// recursion, remembering each element's value in `cache` (one per property).
  static func cascaded(
    _ node: xmlNodePtr, _ property: String, _ rules: [SheetRules.Rule]?, inherited: Bool,
    cache: inout [xmlNodePtr: Cascaded?]
  ) -> Cascaded? {
    var path: [xmlNodePtr] = []
    var result: Cascaded?
    var current: xmlNodePtr? = node
    while let element = current, element.pointee.type == XML_ELEMENT_NODE {
      if let cached = cache[element] {
        result = cached
        break
      }
      var found: Cascaded?
      let rule = rules.flatMap { SheetRules.rule(for: element, $0) }
      // The cascade `css-transform` reads (CSS Cascade 4 §6.4): an inline `!important`
      // declaration beats a sheet's `!important` one (issue 38 sixth trial M1).
      let own = CSSTransformRewrite.styleDeclaration(element, property)
      if let own, CSSTransformRewrite.styleWins(important: own.important, over: rule?.important) {
        found = own
      } else if let rule, rule.important {
        found = (rule.value, true)
      } else if let rule {
        found = (rule.value, false)
      } else if let attribute = SVGNormalizer.attribute(element, property) {
        found = (attribute, false)
      }
      path.append(element)
      if let found, found.value.trimmingWhitespace().lowercased() != "inherit" {
        result = found
        break
      }
      guard inherited || found != nil else { break }
      current = element.pointee.parent
    }
    for element in path { cache[element] = .some(result) }
    return result
  }

  /// A `<length>` in user units (a number, or absolute units at 96 px per inch), or `nil`
  /// for `%`, `em`, `ex` or anything else.
  static func lengthValue(_ text: String) -> Double? {
    guard let (value, unit) = SVGValueGrammar.length(text) else { return nil }
    let perUnit: [String: Double] = [
      "": 1, "px": 1, "in": 96, "cm": 96 / 2.54, "mm": 96 / 25.4, "pt": 4.0 / 3, "pc": 16,
    ]
    return perUnit[unit].map { value * $0 }
  }

  /// The root `viewBox` mapped onto the root's `width`/`height` (absent: the `viewBox`'s own
  /// size), with its `preserveAspectRatio`; `nil` when a size is in `%` or another unit the
  /// rewrite does not read.
  static func rootMatrix(_ root: xmlNodePtr) -> Matrix? {
    guard let box = viewBox(root) else { return Matrix() }
    let width = SVGNormalizer.attribute(root, "width").map(lengthValue) ?? box[2]
    let height = SVGNormalizer.attribute(root, "height").map(lengthValue) ?? box[3]
    guard let width, let height else { return nil }
    return viewBoxMatrix(box, width: width, height: height, root)
  }

  /// `x y width height` of `node`'s `viewBox`, or `nil` when absent or not four numbers with
  /// a positive size.
  static func viewBox(_ node: xmlNodePtr) -> [Double]? {
    guard let text = SVGNormalizer.attribute(node, "viewBox") else { return nil }
    let numbers = text.split(whereSeparator: { $0 == "," || $0.isWhitespace }).compactMap {
      Double($0)
    }
    guard numbers.count == 4, numbers[2] > 0, numbers[3] > 0 else { return nil }
    return numbers
  }

  /// The `viewBox` mapping onto a `width` x `height` viewport (SVG 2 §8.2), or `nil` for an
  /// empty viewport.
  static func viewBoxMatrix(
    _ box: [Double], width: Double, height: Double, _ node: xmlNodePtr
  ) -> Matrix? {
    guard width > 0, height > 0 else { return nil }
    let words = (SVGNormalizer.attribute(node, "preserveAspectRatio") ?? "xMidYMid meet")
      .split(whereSeparator: \.isWhitespace).map { $0.lowercased() }
    let align = words.first ?? "xmidymid"
    var sx = width / box[2]
    var sy = height / box[3]
    var tx = -box[0] * sx
    var ty = -box[1] * sy
    if align != "none" {
      let scale = words.contains("slice") ? max(sx, sy) : min(sx, sy)
      sx = scale
      sy = scale
      let dx = width - box[2] * scale
      let dy = height - box[3] * scale
      tx = -box[0] * scale + (align.contains("xmid") ? dx / 2 : align.contains("xmax") ? dx : 0)
      ty = -box[1] * scale + (align.contains("ymid") ? dy / 2 : align.contains("ymax") ? dy : 0)
    }
    return Matrix(a: sx, b: 0, c: 0, d: sy, e: tx, f: ty)
  }

  /// The transform from `node`'s user space to the host, or `nil` when it cannot be known
  /// here (see the type's notes).
  static func hostMatrix(
    _ node: xmlNodePtr, root: xmlNodePtr, host: Matrix, referenced: Set<String>,
    sheet: SheetRules.Lookup?, cache: inout [xmlNodePtr: Matrix?]
  ) -> Matrix? {
    // Up to the root or an element whose matrix is known, then down, each step once.
    var path: [xmlNodePtr] = []
    var base: Matrix? = host
    var current: xmlNodePtr? = node
    while let element = current, element != root, element.pointee.type == XML_ELEMENT_NODE {
      if let cached = cache[element] {
        base = cached
        break
      }
      path.append(element)
      current = element.pointee.parent
    }
    for element in path.reversed() {
      let next = base.flatMap { parent in
        step(element, referenced: referenced, sheet: sheet).map { parent.then($0) }
      }
      cache[element] = .some(next)
      base = next
    }
    return base
  }

  /// The transform from `element`'s user space to its parent's, or `nil` when it cannot be
  /// known here (see the type's notes).
  static func step(
    _ element: xmlNodePtr, referenced: Set<String>, sheet: SheetRules.Lookup?
  ) -> Matrix? {
    var matrix = Matrix()
    do {
      let name = SVGNormalizer.name(element)
      if templates.contains(name) || name == "text" { return nil }
      if let id = SVGNormalizer.attribute(element, "id"), referenced.contains(id) { return nil }
      if CSSTransformRewrite.styleTransform(element) != nil { return nil }
      var own: String? = SVGNormalizer.attribute(element, "transform")
      if own == nil, let rule = sheet?.rule(for: element) {
        switch CSSTransformRewrite.attributeValue(rule.value, element, sheet: sheet) {
        case .transform(let value)?: own = value
        case CSSTransformRewrite.AttributeValue.none?: break
        case nil: return nil
        }
      }
      if let own {
        guard let step = SVGValueGrammar.transform(own) else { return nil }
        matrix = step.then(matrix)
      }
      if name == "svg" {
        // A nested viewport: its x/y, then its viewBox onto its width/height (a transform
        // of its own is not read).
        if own != nil { return nil }
        guard let x = SVGNormalizer.attribute(element, "x").map(lengthValue) ?? 0,
          let y = SVGNormalizer.attribute(element, "y").map(lengthValue) ?? 0
        else { return nil }
        var step = Matrix(e: x, f: y)
        if let box = viewBox(element) {
          guard let width = SVGNormalizer.attribute(element, "width").flatMap(lengthValue),
            let height = SVGNormalizer.attribute(element, "height").flatMap(lengthValue),
            let mapping = viewBoxMatrix(box, width: width, height: height, element)
          else { return nil }
          step = step.then(mapping)
        }
        matrix = step.then(matrix)
      }
    }
    return matrix
  }

  /// `k` when `m` is a uniform scale by `k` (times a rotation or reflection, plus a
  /// translation), else `nil`.
  static func uniformScale(_ m: Matrix) -> Double? {
    let first = m.a * m.a + m.b * m.b
    let second = m.c * m.c + m.d * m.d
    guard first > 0, first.isFinite,
      abs(first - second) <= 1e-9 * first, abs(m.a * m.c + m.b * m.d) <= 1e-9 * first
    else { return nil }
    return first.squareRoot()
  }
}
