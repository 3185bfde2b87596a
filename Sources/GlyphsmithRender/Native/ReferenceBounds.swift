import CLibXML
import FoundationEssentials
import Glibc
import GlyphsmithCore

/// The bounds on the canonical tree's references (issue 33), checked before librsvg reads
/// it: librsvg 2.54 follows each reference by recursion (a 1,000-long mask chain overflows its
/// stack), draws every filter primitive of every instance (2,000 turbulences, or markers
/// fanning out a filter over a path's vertices, take past 10 s) and panics on a large
/// `feConvolveMatrix` kernel (`order="30"`).
///
/// - depth: the longest chain of references from the root (`href` of `use`, gradients,
///   patterns, filters, `textPath` and `feImage`; `clip-path`, `mask`, `filter`, the three
///   markers, `fill` and `stroke` paint servers), a reference declared in a `<style>` sheet
///   counted from the root, at most `InputLimits.maxReferenceDepth` (`--max-ref-depth`);
/// - fan-out: the filter primitives drawn, each referencing element counted as often as it is
///   drawn (through `use` and other references, a marker once per vertex of each path that
///   references it), at most `InputLimits.maxFilters` (`--max-filters`);
/// - `feConvolveMatrix`: its `order` at most `InputLimits.maxKernel` (`--max-kernel`).
///
/// Linear in the elements and references (one pass, memoised), whatever the shape of the
/// graph; a cycle (which librsvg refuses) ends a chain.
enum ReferenceBounds {
  /// Properties whose `url(#id)` references another element.
  static let urlProperties = [
    "clip-path", "mask", "filter", "marker-start", "marker-mid", "marker-end", "marker", "fill",
    "stroke",
  ]
  /// Elements whose content is drawn only through a reference to them.
  static let templates: Set<String> = [
    "defs", "symbol", "marker", "mask", "clipPath", "pattern", "filter", "linearGradient",
    "radialGradient",
  ]

  /// Why the document at `root` must be refused (`RenderError.tooLarge`'s `what`, naming the
  /// flag that raises the bound), or `nil`.
  static func check(_ root: xmlNodePtr, limits: InputLimits) -> String? {
    let elements = SVGNormalizer.allElements(root)
    var index: [xmlNodePtr: Int] = [:]
    for (i, node) in elements.enumerated() { index[node] = i }
    var ids: [String: Int] = [:]
    for (i, node) in elements.enumerated() {
      if let id = SVGNormalizer.attribute(node, "id"), ids[id] == nil { ids[id] = i }
    }
    let names = elements.map(SVGNormalizer.name)
    // Each element's children and references (target, and how many instances one draw of
    // the element makes of it).
    var children = [[Int]](repeating: [], count: elements.count)
    var references = [[(target: Int, times: Int)]](repeating: [], count: elements.count)
    var sheetTargets: [Int] = []
    for (i, node) in elements.enumerated() {
      var child = node.pointee.children
      while let c = child {
        if c.pointee.type == XML_ELEMENT_NODE, let k = index[c] { children[i].append(k) }
        child = c.pointee.next
      }
      if names[i] == "feConvolveMatrix", let order = SVGNormalizer.attribute(node, "order") {
        let sides = order.split(whereSeparator: { $0 == " " || $0 == "," }).compactMap {
          Double($0)
        }
        if let side = sides.max(), !(side <= Double(limits.maxKernel)) {
          return "feConvolveMatrix order=\"\(order)\" is past \(limits.maxKernel) (--max-kernel); "
            + "librsvg cannot draw a kernel that large; use a smaller kernel"
        }
      }
      if names[i] == "style" {
        let css = SVGPreflight.text(xmlNodeGetContent(node)) ?? ""
        for url in SVGPreflight.urls(in: css) {
          if let target = SVGNormalizer.localID(url).flatMap({ ids[$0] }) {
            sheetTargets.append(target)
          }
        }
        continue
      }
      if let href = SVGNormalizer.localID(SVGNormalizer.attribute(node, "href")),
        let target = ids[href]
      {
        references[i].append((target, 1))
      }
      let vertices = vertexCount(node, name: names[i])
      for property in urlProperties {
        guard let value = SVGNormalizer.property(node, property), SVGPreflight.mayHoldURL(value),
          let target = SVGNormalizer.localID(value).flatMap({ ids[$0] })
        else { continue }
        references[i].append((target, property.hasPrefix("marker") ? max(1, vertices) : 1))
      }
    }
    let root = 0
    references[root] += sheetTargets.map { ($0, 1) }

    // Depth: the longest chain of references below each element (post-order, no recursion).
    var depth = [Int](repeating: -1, count: elements.count)
    var onPath = [Bool](repeating: false, count: elements.count)
    var order: [Int] = []
    var stack: [(Int, Bool)] = [(root, false)]
    while let (node, done) = stack.popLast() {
      if done {
        var best = 0
        for c in children[node] where !onPath[c] { best = max(best, depth[c]) }
        for (t, _) in references[node] where !onPath[t] { best = max(best, depth[t] + 1) }
        depth[node] = best
        onPath[node] = false
        order.append(node)
        continue
      }
      if depth[node] >= 0 || onPath[node] { continue }
      onPath[node] = true
      stack.append((node, true))
      for next in children[node] + references[node].map(\.target)
      where depth[next] < 0 && !onPath[next] {
        stack.append((next, false))
      }
    }
    if depth[root] > limits.maxReferenceDepth {
      return "references chain \(depth[root]) deep (use, href, clip-path, mask, filter, "
        + "marker, paint servers), past the \(limits.maxReferenceDepth) librsvg follows in an "
        + "icon's budget (--max-ref-depth); flatten the chain"
    }

    // Fan-out: how often each element is drawn, in topological order (reverse post-order);
    // a reference closing a cycle adds nothing.
    let cap = Double(limits.maxFilters) + 1
    var drawn = [Double](repeating: 0, count: elements.count)
    drawn[root] = 1
    var position = [Int](repeating: -1, count: elements.count)
    for (k, node) in order.reversed().enumerated() { position[node] = k }
    var primitivesApplied = 0.0
    for node in order.reversed() where drawn[node] > 0 {
      let count = drawn[node]
      // A template among the children (defs, a mask, a marker...) is drawn only through
      // references to it; its own children are drawn each time it is.
      for c in children[node] where position[c] > position[node] && !templates.contains(names[c]) {
        drawn[c] = min(cap, drawn[c] + count)
      }
      for (t, times) in references[node] where position[t] > position[node] {
        drawn[t] = min(cap, drawn[t] + count * Double(times))
      }
      if names[node] == "filter" {
        let primitives = children[node].filter { names[$0].hasPrefix("fe") }.count
        primitivesApplied = min(cap, primitivesApplied + count * Double(max(primitives, 1)))
      }
    }
    if primitivesApplied > Double(limits.maxFilters) {
      return "it draws more than \(limits.maxFilters) filter primitives (each filtered "
        + "element counted as often as use, markers and other references draw it), past what "
        + "an icon's budget allows (--max-filters); merge the filters or flatten them"
    }
    return nil
  }

  /// An upper bound of the vertices a marker is drawn at on `node` (the numbers of its path
  /// data or points, halved; 2 for a line).
  static func vertexCount(_ node: xmlNodePtr, name: String) -> Int {
    switch name {
    case "line": return 2
    case "path", "polyline", "polygon":
      let text = SVGNormalizer.attribute(node, name == "path" ? "d" : "points") ?? ""
      var numbers = 0
      var inNumber = false
      var seenDot = false
      for b in text.utf8 {
        let digit = b >= UInt8(ascii: "0") && b <= UInt8(ascii: "9")
        if b == UInt8(ascii: ".") {
          // `.5.5` is two numbers.
          if !inNumber || seenDot { numbers += 1 }
          inNumber = true
          seenDot = true
        } else if digit {
          if !inNumber { numbers += 1 }
          inNumber = true
        } else if inNumber && (b == UInt8(ascii: "e") || b == UInt8(ascii: "E")) {
          continue
        } else {
          inNumber = false
          seenDot = false
        }
      }
      // Path commands without numbers (`z`) draw a vertex too.
      let closes = text.utf8.filter { $0 == UInt8(ascii: "z") || $0 == UInt8(ascii: "Z") }.count
      return numbers / 2 + closes + 1
    default: return 0
    }
  }
}
