import CLibXML
import FoundationEssentials
import Glibc
import GlyphsmithCore

/// Rule 5: a gradient with no extent paints the area with its last stop's colour and opacity
/// (SVG 2 §14.4.3, `<linearGradient>`: "If x1 = x2 and y1 = y2, then the area to be painted
/// will be painted as a single color using the color and opacity of the last gradient stop";
/// §14.4.4, `<radialGradient r>`: "A value of zero will cause the area to be painted as a
/// single color using the color and opacity of the last gradient stop").
///
/// librsvg 2.54 paints nothing for a zero radius and a blend of the stops for a zero-length
/// vector. The rewrite gives such a gradient one stop, a copy of its last (own or inherited
/// through `href`) at offset 0, and a radial one `r="1"` (one stop paints one colour whatever
/// the geometry). A gradient inheriting through a rewritten one (SVG 2 §14.4.2: its stops
/// when it has none, each attribute it does not set) gets copies of the stops and the radii it
/// inherited first, so it keeps drawing what it drew.
enum DegenerateGradientRewrite: FidelityRewrite {
  static let name = "degenerate-gradient"

  /// The attributes that decide whether a gradient has extent, with the element they are
  /// inherited from (`x1` only from linear gradients, SVG 2 §14.4.2).
  static let geometry: [String: String] = [
    "x1": "linearGradient", "y1": "linearGradient", "x2": "linearGradient",
    "y2": "linearGradient", "r": "radialGradient", "fr": "radialGradient",
  ]

  /// What a gradient resolves to through its `href` chain.
  struct Resolved {
    /// `geometry`'s attributes, from the first element of the chain that has them.
    var values: [String: String] = [:]
    /// The first element of the chain with `<stop>` children, and those stops.
    var stops: (owner: xmlNodePtr, stops: [xmlNodePtr])?
  }

  static func apply(_ root: xmlNodePtr) -> Bool {
    let gradients = SVGNormalizer.allElements(root).filter {
      SVGNormalizer.gradients.contains(SVGNormalizer.name($0))
    }
    guard !gradients.isEmpty else { return false }
    let ids = SVGNormalizer.ids(root)
    let resolved = resolve(gradients, ids: ids)
    let viewport = onlyViewport(root)
    var degenerate: [(node: xmlNodePtr, last: xmlNodePtr)] = []
    for node in gradients {
      guard let info = resolved[node], let last = info.stops?.stops.last,
        isDegenerate(SVGNormalizer.name(node), info.values, viewport: viewport)
      else { continue }
      degenerate.append((node, last))
    }
    guard !degenerate.isEmpty else { return false }
    let rewritten = Set(degenerate.map(\.node))
    // Those inheriting through a gradient about to be rewritten (it gets a stop of its own,
    // and a radial one `r` and `fr`) keep what they inherited: copies of the stops, and the
    // radii they do not set themselves (issue 38 trial finding 6: `h` inheriting from `g`,
    // which inherits `r="0"` and the stops of `t`, set `r="0.5"` and painted `g`'s one stop).
    let via = inheritsThrough(rewritten, gradients: gradients, ids: ids)
    for node in gradients where !rewritten.contains(node) {
      guard let info = resolved[node], let (any, stops) = via[node], any else { continue }
      if stops, let (_, inheritedStops) = info.stops {
        for stop in inheritedStops { copy(stop, into: node, offset: nil) }
      }
      guard SVGNormalizer.name(node) == "radialGradient" else { continue }
      for local in ["r", "fr"] where SVGNormalizer.attribute(node, local) == nil {
        if let value = info.values[local] { xmlSetProp(node, local, value) }
      }
    }
    // Copies first: a rewritten gradient may hold the last stop of another.
    let lastCopies = degenerate.map { xmlDocCopyNode($0.last, $0.node.pointee.doc, 1) }
    for ((node, _), lastCopy) in zip(degenerate, lastCopies) {
      for stop in SVGNormalizer.elements(node) where SVGNormalizer.name(stop) == "stop" {
        xmlUnlinkNode(stop)
        xmlFreeNode(stop)
      }
      if let lastCopy {
        copy(lastCopy, into: node, offset: "0")
        xmlFreeNode(lastCopy)
      }
      if SVGNormalizer.name(node) == "radialGradient" {
        xmlSetProp(node, "r", "1")
        if resolved[node]?.values["fr"] != nil { xmlSetProp(node, "fr", "0") }
      }
    }
    return true
  }

  /// The gradient `node`'s `href` names, if any.
  static func template(_ node: xmlNodePtr, ids: [String: xmlNodePtr]) -> xmlNodePtr? {
    guard let id = SVGNormalizer.localID(SVGNormalizer.attribute(node, "href")),
      let target = ids[id], SVGNormalizer.gradients.contains(SVGNormalizer.name(target))
    else { return nil }
    return target
  }

  /// The gradients of `start`'s `href` chain up to the first one `isResolved` says is done,
  /// or the first one that repeats (a cycle), in chain order (`walk`), and that gradient
  /// (`end`; `nil` when the chain ends without one).
  static func unresolvedChain(
    from start: xmlNodePtr, isResolved: (xmlNodePtr) -> Bool, ids: [String: xmlNodePtr]
  ) -> (walk: [xmlNodePtr], end: xmlNodePtr?) {
    var walk: [xmlNodePtr] = []
    var onWalk: Set<xmlNodePtr> = []
    var current: xmlNodePtr? = start
    while let n = current, !isResolved(n), !onWalk.contains(n) {
      walk.append(n)
      onWalk.insert(n)
      current = template(n, ids: ids)
    }
    return (walk, current)
  }

  /// For each gradient, whether it inherits through one of `rewritten` (`any`), and whether
  /// its stops do (it has none of its own, nor does any gradient before the first rewritten
  /// one in its chain). Each chain is followed once, as in `resolve`.
  static func inheritsThrough(
    _ rewritten: Set<xmlNodePtr>, gradients: [xmlNodePtr], ids: [String: xmlNodePtr]
  ) -> [xmlNodePtr: (any: Bool, stops: Bool)] {
    var memo: [xmlNodePtr: (any: Bool, stops: Bool)] = [:]
    for start in gradients where memo[start] == nil {
      let (walk, _) = unresolvedChain(from: start, isResolved: { memo[$0] != nil }, ids: ids)
      for node in walk.reversed() {
        let parent = template(node, ids: ids)
        let direct = parent.map { rewritten.contains($0) } ?? false
        let further = parent.flatMap { memo[$0] } ?? (false, false)
        let ownStops = SVGNormalizer.elements(node).contains { SVGNormalizer.name($0) == "stop" }
        memo[node] = (direct || further.any, !ownStops && (direct || further.stops))
      }
    }
    return memo
  }

  /// Every gradient's `Resolved`, each chain followed once (linear in the gradients: a
  /// 2,500-link chain must not cost 2,500 walks of it); a chain closing a cycle ends where
  /// it would repeat.
  static func resolve(_ gradients: [xmlNodePtr], ids: [String: xmlNodePtr])
    -> [xmlNodePtr: Resolved]
  {
    var memo: [xmlNodePtr: Resolved] = [:]
    for start in gradients where memo[start] == nil {
      let (walk, current) = unresolvedChain(
        from: start, isResolved: { memo[$0] != nil }, ids: ids)
      // `current`: a resolved gradient the walk ends on, or one it repeats (a cycle: the
      // walk's last element inherits nothing).
      var inherited = current.flatMap { memo[$0] } ?? Resolved()
      for node in walk.reversed() {
        var own = inherited
        let kind = SVGNormalizer.name(node)
        for (local, from) in geometry where from == kind {
          if let value = SVGNormalizer.attribute(node, local) { own.values[local] = value }
        }
        for local in ["gradientUnits", "spreadMethod"] {
          if let value = SVGNormalizer.attribute(node, local) { own.values[local] = value }
        }
        let stops = SVGNormalizer.elements(node).filter { SVGNormalizer.name($0) == "stop" }
        if !stops.isEmpty { own.stops = (node, stops) }
        memo[node] = own
        inherited = own
      }
    }
    return memo
  }

  /// CSS Values 4 §6.2: user units per absolute unit, at 96 px per inch.
  static let absoluteUnits: [String: Double] = [
    "": 1, "px": 1, "in": 96, "cm": 96 / 2.54, "mm": 96 / 25.4, "q": 96 / 101.6,
    "pt": 96.0 / 72, "pc": 16,
  ]

  /// The size in user units of the one viewport every element of the document is drawn in
  /// (the root's viewBox, else its absolute `width` and `height`), or `nil` when there may
  /// be another (a nested `<svg>`, a `<symbol>`, a `<marker>` or a `<pattern>`, each making
  /// its own viewport or tile) or the root's size
  /// is not known in user units. A `userSpaceOnUse` gradient's percentages are of the
  /// viewport of the element it paints (SVG 2 §8.3, §14.4.2).
  static func onlyViewport(_ root: xmlNodePtr) -> (width: Double, height: Double)? {
    guard
      !SVGNormalizer.allElements(root).dropFirst().contains(where: {
        ["svg", "symbol", "marker", "pattern"].contains(SVGNormalizer.name($0))
      })
    else { return nil }
    if let box = SVGNormalizer.attribute(root, "viewBox") {
      let numbers = box.split { $0 == " " || $0 == "," || $0.isWhitespace }.map { Double($0) }
      guard numbers.count == 4, let width = numbers[2], let height = numbers[3], width > 0,
        height > 0
      else { return nil }
      return (width, height)
    }
    func size(_ local: String) -> Double? {
      guard let text = SVGNormalizer.attribute(root, local),
        let length = SVGValueGrammar.length(text),
        let factor = absoluteUnits[length.unit.lowercased()], length.value > 0
      else { return nil }
      return length.value * factor
    }
    guard let width = size("width"), let height = size("height") else { return nil }
    return (width, height)
  }

  /// Whether a gradient of `kind` with the resolved `values` has no extent: a radial one's
  /// `r` is zero, a linear one's (x1, y1) is (x2, y2) (defaults 0, 0, 100 %, 0), compared in
  /// the units `gradientUnits` gives them. `viewport`: the user space's one viewport
  /// (`onlyViewport`), for percentages in `userSpaceOnUse`.
  static func isDegenerate(
    _ kind: String, _ values: [String: String],
    viewport: (width: Double, height: Double)? = nil
  ) -> Bool {
    // In bounding box units (the default, inherited through `href` like the coordinates) a
    // number and a percentage are fractions of the box alike, and a `px` is a user unit:
    // `x1="0.5"` and `x2="50%"` are one point (issue 38 trial finding 7). In user space a
    // percentage is of the viewport's width (x) or height (y): with one viewport for the
    // whole document, `x1="10"` and `x2="25%"` on a 40-wide one are one point (issue 38
    // third trial M4); else only equal units compare. Absolute units are user units at
    // 96 px per inch in either.
    let box =
      values["gradientUnits"]?.trimmingWhitespace() != "userSpaceOnUse"
    func length(_ local: String, _ fallback: String) -> (Double, String)? {
      guard let value = SVGValueGrammar.length(values[local] ?? fallback) else { return nil }
      if value.value == 0 { return (0, "") }
      if box && value.unit == "%" { return (value.value / 100, "") }
      if let factor = absoluteUnits[value.unit.lowercased()] {
        return (value.value * factor, "")
      }
      if !box, value.unit == "%", let viewport, local != "r" {
        let side = local.hasPrefix("x") ? viewport.width : viewport.height
        return (value.value / 100 * side, "")
      }
      return (value.value, value.unit)
    }
    switch kind {
    case "radialGradient":
      return length("r", "50%")?.0 == 0
    case "linearGradient":
      // With `reflect` or `repeat` (inherited through `href` like the rest) Chromium,
      // resvg 0.44 and librsvg 2.54 alike paint the average of the stops, not the last one
      // SVG 2 §14.4.3's text names (issue 38 fourth trial HIGH-2): left to librsvg.
      let spread = values["spreadMethod"]?.trimmingWhitespace() ?? "pad"
      guard spread == "pad" else { return false }
      guard let x1 = length("x1", "0"), let y1 = length("y1", "0"),
        let x2 = length("x2", "100%"), let y2 = length("y2", "0")
      else { return false }
      return x1 == x2 && y1 == y2
    default:
      return false
    }
  }

  /// Appends a copy of `stop` (without its id) to `gradient`, its `offset` replaced when
  /// `offset` is given.
  static func copy(_ stop: xmlNodePtr, into gradient: xmlNodePtr, offset: String?) {
    guard let copy = xmlDocCopyNode(stop, gradient.pointee.doc, 1) else { return }
    SVGNormalizer.removeAttribute(copy, "id")
    if let offset { xmlSetProp(copy, "offset", offset) }
    xmlAddChild(gradient, copy)
  }
}
