import CLibXML
import Foundation

/// Rule 5: a gradient with no extent paints the area with its last stop's colour and opacity
/// (SVG 2 §14.4.3, `<linearGradient>`: "If x1 = x2 and y1 = y2, then the area to be painted
/// will be painted as a single color using the color and opacity of the last gradient stop";
/// §14.4.4, `<radialGradient r>`: "A value of zero will cause the area to be painted as a
/// single color using the color and opacity of the last gradient stop").
///
/// librsvg 2.54 paints nothing for a zero radius and a blend of the stops for a zero-length
/// vector. The rewrite gives such a gradient one stop, a copy of its last (own or inherited
/// through `href`) at offset 0, and a radial one `r="1"` (one stop paints one colour whatever
/// the geometry). A gradient that inherited the stops of a rewritten one gets copies of them
/// first, so it keeps drawing what it drew.
enum DegenerateGradientRewrite: FidelityRewrite {
  static let name = "degenerate-gradient"

  static func apply(_ root: xmlNodePtr) -> Bool {
    let gradients = SVGNormalizer.allElements(root).filter {
      SVGNormalizer.gradients.contains(SVGNormalizer.name($0))
    }
    guard !gradients.isEmpty else { return false }
    let map = SVGNormalizer.ids(root)
    /// The gradient `node` inherits from (same document), or `nil`.
    func template(_ node: xmlNodePtr) -> xmlNodePtr? {
      guard let id = SVGNormalizer.localID(SVGNormalizer.attribute(node, "href")),
        let target = map[id], SVGNormalizer.gradients.contains(SVGNormalizer.name(target))
      else { return nil }
      return target
    }
    /// The chain `node`, its template, its template's ..., cut where it would repeat.
    func chain(_ node: xmlNodePtr) -> [xmlNodePtr] {
      var out: [xmlNodePtr] = []
      var seen: Set<xmlNodePtr> = []
      var current: xmlNodePtr? = node
      while let n = current, !seen.contains(n) {
        out.append(n)
        seen.insert(n)
        current = template(n)
      }
      return out
    }
    /// `local` from the first element of the chain that has it (`kinds`: element names it
    /// is inherited from).
    func resolved(_ links: [xmlNodePtr], _ local: String, from kinds: Set<String>) -> String? {
      for n in links where kinds.contains(SVGNormalizer.name(n)) {
        if let value = SVGNormalizer.attribute(n, local) { return value }
      }
      return nil
    }
    /// The stops that apply: the first element of the chain that has any.
    func stops(_ links: [xmlNodePtr]) -> (owner: xmlNodePtr, stops: [xmlNodePtr])? {
      for n in links {
        let own = SVGNormalizer.elements(n).filter { SVGNormalizer.name($0) == "stop" }
        if !own.isEmpty { return (n, own) }
      }
      return nil
    }

    var degenerate: [(node: xmlNodePtr, last: xmlNodePtr)] = []
    var owners: [xmlNodePtr: (owner: xmlNodePtr, stops: [xmlNodePtr])] = [:]
    for node in gradients {
      let links = chain(node)
      guard let found = stops(links) else { continue }
      owners[node] = found
      if isDegenerate(node, links: links, resolved: resolved), let last = found.stops.last {
        degenerate.append((node, last))
      }
    }
    guard !degenerate.isEmpty else { return false }
    let rewritten = Set(degenerate.map(\.node))
    // Those inheriting stops from a gradient about to be rewritten keep copies of them.
    for node in gradients where !rewritten.contains(node) {
      guard let (owner, stops) = owners[node], owner != node, rewritten.contains(owner) else {
        continue
      }
      for stop in stops { copy(stop, into: node, offset: nil) }
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
        if resolved(chain(node), "fr", from: ["radialGradient"]) != nil {
          xmlSetProp(node, "fr", "0")
        }
      }
    }
    return true
  }

  /// Whether the gradient has no extent: a radial one's `r` is zero, a linear one's
  /// (x1, y1) is (x2, y2) (defaults 0, 0, 100 %, 0).
  static func isDegenerate(
    _ node: xmlNodePtr, links: [xmlNodePtr],
    resolved: ([xmlNodePtr], String, Set<String>) -> String?
  ) -> Bool {
    func length(_ local: String, _ fallback: String, _ kind: String) -> (Double, String)? {
      guard let value = SVGValueGrammar.length(resolved(links, local, [kind]) ?? fallback) else {
        return nil
      }
      return (value.value, value.value == 0 ? "" : value.unit)
    }
    switch SVGNormalizer.name(node) {
    case "radialGradient":
      guard let r = length("r", "50%", "radialGradient") else { return false }
      return r.0 == 0
    case "linearGradient":
      let kind = "linearGradient"
      guard let x1 = length("x1", "0", kind), let y1 = length("y1", "0", kind),
        let x2 = length("x2", "100%", kind), let y2 = length("y2", "0", kind)
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
