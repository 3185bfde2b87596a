import CLibXML
import FoundationEssentials
import Glibc
import GlyphsmithCore

/// Rewrites, in the libxml2 tree `SVGPreflight` parsed, the constructs librsvg 2.54 draws
/// differently from the SVG 2 specification and browsers, into equivalent markup it draws
/// right. Every document reaches it (after `CanonicalSVG`); one with none of the constructs
/// is left alone and librsvg reads the canonical document as it is.
///
/// - `<use>` of a `<symbol>` (SVG 2 §5.6, §5.5): becomes `<g use-attributes
///   transform="… translate(x y)"><svg width height viewBox preserveAspectRatio><g
///   symbol-attributes>copies of the children</g></svg></g>`: the use's `width`/`height` size
///   the viewport (else the symbol's own, else 100 %), the nested `<svg>` clips to it, and the
///   symbol's `opacity` and other presentation attributes apply to its content. In a document
///   with a `<style>` sheet the use keeps its place and is pointed at a viewport made for it
///   (`wrapSymbolUse`), so that selectors still match the symbol's children in place and the
///   use.
/// - `<use>` of a nested `<svg>`: the same, the use's `width`/`height` replacing the svg's.
/// - a gradient whose `href` is missing or points at a non-gradient (SVG 2 §14.4: an invalid
///   reference is ignored): the `href` is removed, so the gradient's own attributes and stops
///   apply. A gradient on an `href` cycle ignores the link that closes its own chain: what it
///   inherits before it is written into it and its `href` removed.
/// - a `<clipPath>` with more than one clipping child (librsvg clips with one path and one
///   rule for all of them, so overlaps cancel), or that has a `clip-path` itself or on a
///   child (librsvg ignores both): becomes a `<mask>` of white shapes with each child's rule
///   as its `fill-rule`, and each element clipped by it is wrapped in a `<g mask>` carrying
///   its transform.
/// - a zero-length subpath (`M x y z`, `M x y l0 0`) with square caps (SVG 2 §13.5.5: a
///   square of the stroke width, aligned with the x axis): becomes `M x y h ε M x y`, ε =
///   1/1024 of the viewBox's larger side, since Cairo draws no cap at @1x for a zero-length
///   segment (nor for one shorter than its 1/256 px fixed-point step).
/// - the fidelity rules of issue 38 (`FidelityRewrites`, one file each in `Fidelity/`),
///   before all of the above.
enum SVGNormalizer {
  /// Largest number of `<use>` elements expanded in one document (the preflight's `--max-use`
  /// bound has refused larger expansions before this runs).
  static let maximumExpansions = 100_000
  /// Most elements all expansions together may copy (20,000: a sprite sheet of 50 uses of
  /// 100-element symbols needs 5,000); past it the remaining uses are left to librsvg, which
  /// shares one copy among its instances, so a hostile file costs no more than before.
  static let maximumCopiedElements = 20_000

  /// Normalises `doc` in place. Returns the names of the fixes applied (the
  /// `FidelityRewrites`' names, `use-symbol`, `use-svg`, `gradient-href`, `clip-path`,
  /// `zero-length-cap`), empty when nothing changed.
  static func normalize(_ doc: xmlDocPtr, maxUse: Int) -> [String] {
    guard let root = xmlDocGetRootElement(doc) else { return [] }
    var fixes: [String] = []
    // The fidelity rules first (issue 38): what they fix is copied by the expansions below.
    for rule in FidelityRewrites.all where rule.apply(root) { fixes.append(rule.name) }
    if fixGradientHrefs(root) { fixes.append("gradient-href") }
    let (symbols, svgs) = expandUses(root, limit: min(maxUse, maximumExpansions))
    if symbols { fixes.append("use-symbol") }
    if svgs { fixes.append("use-svg") }
    if fixClipPaths(root, doc: doc) { fixes.append("clip-path") }
    if fixZeroLengthCaps(root) { fixes.append("zero-length-cap") }
    return fixes
  }

  // MARK: - Tree helpers

  static func name(_ node: xmlNodePtr) -> String {
    node.pointee.name.map { String(cString: $0) } ?? ""
  }

  static func elements(_ node: xmlNodePtr) -> [xmlNodePtr] {
    var out: [xmlNodePtr] = []
    var child = node.pointee.children
    while let c = child {
      if c.pointee.type == XML_ELEMENT_NODE { out.append(c) }
      child = c.pointee.next
    }
    return out
  }

  /// Every element under and including `root`, in document order (no recursion).
  static func allElements(_ root: xmlNodePtr) -> [xmlNodePtr] {
    var out: [xmlNodePtr] = []
    var stack = [root]
    while let node = stack.popLast() {
      out.append(node)
      stack.append(contentsOf: elements(node).reversed())
    }
    return out
  }

  /// The attribute node named `local` (any namespace: `href` and `xlink:href` alike).
  static func attributeNode(_ node: xmlNodePtr, _ local: String) -> xmlAttrPtr? {
    var attribute = node.pointee.properties
    while let a = attribute {
      if let n = a.pointee.name, String(cString: n) == local { return a }
      attribute = a.pointee.next
    }
    return nil
  }

  static func attribute(_ node: xmlNodePtr, _ local: String) -> String? {
    guard let a = attributeNode(node, local) else { return nil }
    let raw = UnsafeMutableRawPointer(a).assumingMemoryBound(to: xmlNode.self)
    return SVGPreflight.text(xmlNodeGetContent(raw))
  }

  static func removeAttribute(_ node: xmlNodePtr, _ local: String) {
    while let a = attributeNode(node, local) { xmlRemoveProp(a) }
  }

  /// A presentation property: the `style` attribute's declaration, else the attribute.
  static func property(_ node: xmlNodePtr, _ property: String) -> String? {
    if let style = attribute(node, "style") {
      for declaration in style.split(separator: ";").reversed() {
        let parts = declaration.split(separator: ":", maxSplits: 1)
        if parts.count == 2, parts[0].trimmingWhitespace() == property {
          return parts[1].replacingEvery("!important", with: "")
            .trimmingWhitespace()
        }
      }
    }
    return attribute(node, property)?.trimmingWhitespace()
  }

  /// A property's declaration in the `style` attribute (the last), without `!important`.
  static func styleDeclaration(_ node: xmlNodePtr, _ property: String) -> String? {
    guard let style = attribute(node, "style") else { return nil }
    for declaration in style.split(separator: ";").reversed() {
      let parts = declaration.split(separator: ":", maxSplits: 1)
      if parts.count == 2, parts[0].trimmingWhitespace() == property {
        return parts[1].replacingEvery("!important", with: "")
          .trimmingWhitespace()
      }
    }
    return nil
  }

  /// An inherited property: the nearest ancestor-or-self value other than `inherit`.
  static func inherited(_ node: xmlNodePtr, _ name: String) -> String? {
    var current: xmlNodePtr? = node
    while let n = current, n.pointee.type == XML_ELEMENT_NODE {
      if let value = property(n, name), value != "inherit" { return value }
      current = n.pointee.parent
    }
    return nil
  }

  /// The id a `#id` or `url(#id)` value names.
  static func localID(_ value: String?) -> String? {
    guard var text = value?.trimmingWhitespace() else { return nil }
    if text.hasPrefix("url(") {
      text = String(text.dropFirst(4).prefix { $0 != ")" })
        .trimming(scalarsIn: " '\"")
    }
    guard text.hasPrefix("#"), text.count > 1 else { return nil }
    return String(text.dropFirst())
  }

  static func ids(_ root: xmlNodePtr) -> [String: xmlNodePtr] {
    var out: [String: xmlNodePtr] = [:]
    for node in allElements(root) {
      if let id = attribute(node, "id"), out[id] == nil { out[id] = node }
    }
    return out
  }

  static func newElement(_ name: String, like model: xmlNodePtr) -> xmlNodePtr {
    xmlNewDocNode(model.pointee.doc, model.pointee.ns, name, nil)
  }

  /// Copies every attribute of `from` onto `to` except those named in `except`.
  static func copyAttributes(_ from: xmlNodePtr, to: xmlNodePtr, except: Set<String>) {
    var attribute = from.pointee.properties
    while let a = attribute {
      attribute = a.pointee.next
      let local = a.pointee.name.map { String(cString: $0) } ?? ""
      guard !except.contains(local) else { continue }
      let raw = UnsafeMutableRawPointer(a).assumingMemoryBound(to: xmlNode.self)
      let value = SVGPreflight.text(xmlNodeGetContent(raw)) ?? ""
      if let ns = a.pointee.ns {
        xmlSetNsProp(to, ns, local, value)
      } else {
        xmlSetProp(to, local, value)
      }
    }
  }

  // MARK: - Gradient hrefs

  static let gradients: Set<String> = ["linearGradient", "radialGradient"]

  /// Removes gradient `href`s that name nothing or a non-gradient; a gradient on an `href`
  /// cycle gets what it inherits before the cycle closes written into it, and loses its
  /// `href` (`resolveCycle`).
  static func fixGradientHrefs(_ root: xmlNodePtr) -> Bool {
    let all = allElements(root)
    let gradientNodes = all.filter { gradients.contains(name($0)) }
    guard !gradientNodes.isEmpty else { return false }
    let map = ids(root)
    var changed = false
    for node in gradientNodes {
      guard let href = attribute(node, "href") else { continue }
      guard let id = localID(href) else { continue }  // another file: the reference policy's
      if let target = map[id], gradients.contains(name(target)) { continue }
      removeAttribute(node, "href")
      changed = true
    }
    // Cycles: follow each chain once (issue 33: following every chain from every gradient,
    // each step a search of the chain so far, took 1.55 s at 1,000 links); linear in the
    // gradients. Each gradient on a cycle ignores, when it is resolved, the href that
    // returns into its own chain: what it inherits before that is written into it and its
    // href removed (issue 38 trial finding 13: `a` -> `b` -> `a` keeps `a`'s stops for `b`).
    var next: [xmlNodePtr: xmlNodePtr] = [:]
    for node in gradientNodes {
      if let id = localID(attribute(node, "href")), let target = map[id] { next[node] = target }
    }
    var finished: Set<xmlNodePtr> = []
    var cycles: [[xmlNodePtr]] = []
    for start in gradientNodes where !finished.contains(start) {
      var onChain: Set<xmlNodePtr> = [start]
      var chain = [start]
      var current = start
      while let target = next[current], !finished.contains(target) {
        if onChain.contains(target) {
          cycles.append(Array(chain[chain.firstIndex(of: target)!...]))
          break
        }
        onChain.insert(target)
        chain.append(target)
        current = target
      }
      finished.formUnion(chain)
    }
    for cycle in cycles { resolveCycle(cycle) }
    return changed || !cycles.isEmpty
  }

  /// The attributes a gradient inherits through `href` (SVG 2 §14.4.2, §14.4.3): from any
  /// gradient, and from one of its own kind.
  static let inheritedFromAnyGradient = ["gradientUnits", "gradientTransform", "spreadMethod"]
  static let inheritedFromItsKind = [
    "linearGradient": ["x1", "y1", "x2", "y2"],
    "radialGradient": ["cx", "cy", "r", "fx", "fy", "fr"],
  ]

  /// Resolves the gradients of one `href` cycle (`cycle[i]`'s href names `cycle[i + 1]`, the
  /// last's the first): each inherits from the members after it, in order, up to itself,
  /// where its own chain would repeat. What it inherits (each attribute it does not set, from
  /// the nearest member after it that sets it, of its kind for the geometry; the stops of the
  /// nearest member with stops when it has none) is written into it, and its `href` removed.
  /// Each value is found by one sweep twice around the cycle (a 2,500-member cycle must not
  /// cost 2,500 walks of it), all before anything is written.
  static func resolveCycle(_ cycle: [xmlNodePtr]) {
    let count = cycle.count
    let kinds = cycle.map { name($0) }
    /// For each member, the nearest member after it (not itself) for which `holds` is true.
    func nearestAfter(_ holds: (Int) -> Bool) -> [Int?] {
      var out = [Int?](repeating: nil, count: count)
      var nearest: Int?
      for index in stride(from: 2 * count - 1, through: 0, by: -1) {
        let i = index % count
        if index < count { out[i] = nearest }
        if holds(i) { nearest = i }
      }
      return out
    }
    var writes: [[(String, String)]] = Array(repeating: [], count: count)
    var locals: [(String, String?)] = inheritedFromAnyGradient.map { ($0, nil) }
    for (kind, own) in inheritedFromItsKind { locals += own.map { ($0, kind) } }
    for (local, kind) in locals {
      let values = cycle.enumerated().map { index, node in
        kind == nil || kinds[index] == kind ? attribute(node, local) : nil
      }
      let nearest = nearestAfter { values[$0] != nil }
      for i in 0..<count where kind == nil || kinds[i] == kind {
        guard values[i] == nil, let j = nearest[i], let value = values[j] else { continue }
        writes[i].append((local, value))
      }
    }
    let stops = cycle.map { node in elements(node).filter { name($0) == "stop" } }
    let nearestStops = nearestAfter { !stops[$0].isEmpty }
    var copies: [[xmlNodePtr]] = Array(repeating: [], count: count)
    for i in 0..<count where stops[i].isEmpty {
      guard let j = nearestStops[i] else { continue }
      copies[i] = stops[j].compactMap { xmlDocCopyNode($0, cycle[i].pointee.doc, 1) }
    }
    for (i, node) in cycle.enumerated() {
      for (local, value) in writes[i] { xmlSetProp(node, local, value) }
      for copy in copies[i] {
        removeAttribute(copy, "id")
        xmlAddChild(node, copy)
      }
      removeAttribute(node, "href")
    }
  }

  // MARK: - use of symbol / svg

  /// A plain number (no unit), for `translate()`.
  static func plainNumber(_ value: String?) -> Double? {
    guard let value = value?.trimmingWhitespace() else { return 0 }
    if value.isEmpty { return 0 }
    return Double(value)
  }

  static func expandUses(_ root: xmlNodePtr, limit: Int) -> (symbols: Bool, svgs: Bool) {
    var symbols = false
    var svgs = false
    var map = ids(root)
    var expansions = 0
    var copied = 0
    // Each expansion's group and the element it copies, to find cycles through copies.
    var origins: [xmlNodePtr: xmlNodePtr] = [:]
    // With a style sheet, a use of a symbol keeps its place and is pointed at a viewport
    // made for it (`wrapSymbolUse`), not copied; when the sheet may see the difference
    // (`SymbolSheetCheck`) such uses are left to librsvg.
    let sheet = hasStyleSheet(root)
    // Read from the sheets at the first use of a symbol only.
    lazy var resets = sheet ? SymbolSheetCheck.resets(root) : nil
    lazy var overflowRules =
      resets == nil ? [] : SheetRules.rules(declaring: "overflow", root) ?? []
    var overflows: [xmlNodePtr: String] = [:]
    var stack = [root]
    while let node = stack.popLast() {
      if name(node) == "use", let id = localID(attribute(node, "href")),
        let target = map[id], expansions < limit
      {
        let kind = name(target)
        if sheet, kind == "symbol" {
          guard let resets, !inCycle(node, target: target, origins: origins) else { continue }
          // The symbol's `overflow`: its `style`, else the sheets' (issue 38 trial finding 12:
          // `symbol { overflow: visible }`), else its attribute; hidden when absent.
          let fromSheet = SheetRules.value(for: target, overflowRules)?.lowercased()
          let overflow =
            overflows[target] ?? styleDeclaration(target, "overflow") ?? fromSheet
            ?? attribute(target, "overflow")?.trimmingWhitespace() ?? "hidden"
          if overflows[target] == nil, overflow != "hidden" || fromSheet != nil {
            removeDeclaration(target, "overflow")
            let style = attribute(target, "style").map { $0.isEmpty ? "" : $0 + ";" } ?? ""
            xmlSetProp(target, "style", style + "overflow:hidden")
          }
          overflows[target] = overflow
          var serial = map.count
          var wrapperID = "\(id)__glyphsmith_use\(serial)"
          while map[wrapperID] != nil {
            serial += 1
            wrapperID = "\(id)__glyphsmith_use\(serial)"
          }
          let wrapper = wrapSymbolUse(
            node, symbol: target, symbolID: id, overflow: overflow, resets: resets,
            id: wrapperID)
          map[wrapperID] = wrapper
          expansions += 1
          symbols = true
          continue
        }
        let expandable = kind == "symbol" || (kind == "svg" && target != root)
        let size = expandable ? allElements(target).count : 0
        if expandable, !inCycle(node, target: target, origins: origins),
          copied + size <= maximumCopiedElements,
          let replacement = expand(node, target: target, kind: kind)
        {
          copied += size
          expansions += 1
          origins[replacement] = target
          if kind == "symbol" { symbols = true } else { svgs = true }
          // The copies hold no ids; those of the use (kept on the group) map to it now.
          if let ownID = attribute(replacement, "id") { map[ownID] = replacement }
          stack.append(replacement)
          continue
        }
      }
      stack.append(contentsOf: elements(node).reversed())
    }
    return (symbols, svgs)
  }

  /// Whether expanding `use` (of `target`) would copy `target` into itself: `target`
  /// encloses the use, or the use sits in a copy of `target`. Such uses are left to librsvg,
  /// which refuses the cycle.
  static func inCycle(
    _ use: xmlNodePtr, target: xmlNodePtr, origins: [xmlNodePtr: xmlNodePtr]
  ) -> Bool {
    var current: xmlNodePtr? = use
    while let n = current {
      if n == target || origins[n] == target { return true }
      current = n.pointee.parent
    }
    return false
  }

  /// Whether the document has a `<style>` element with content: selectors may then match
  /// a symbol's children where they are, or the `use`, which copies would no longer do.
  static func hasStyleSheet(_ root: xmlNodePtr) -> Bool {
    allElements(root).contains { node in
      name(node) == "style"
        && !(SVGPreflight.text(xmlNodeGetContent(node)) ?? "")
          .trimmingWhitespaceAndNewlines().isEmpty
    }
  }

  /// In a document with a style sheet, a `<use>` of a `<symbol>` keeps its place, its
  /// attributes and its style, so that every selector that matched it still does; its `href`
  /// is pointed at a viewport made for it, placed inside it (a `use`'s children are not
  /// drawn): `<use href="#W" x y …><svg id="W" width height style="R overflow"><use
  /// href="#symbol" style="R"/></svg></use>`. The symbol's children are styled in place, as
  /// SVG 2 §5.6 (the shadow tree's elements keep the styles of the referenced elements and
  /// inherit from the `use`) and librsvg 2.54 have them; copies (`expand`) would lose their
  /// ids, their ancestors and the selectors on the `use`'s position (`g > use`, `rect + use`,
  /// `use:nth-of-type(2)`), and so did an earlier wrapper around the `use`.
  ///
  /// The nested `<svg>` is the symbol's viewport: the use's `width`/`height`, else the
  /// symbol's, else 100 % (librsvg 2.54 sizes the `svg` of a `use` by its own, #875), with the
  /// symbol's `overflow` (`overflow`: attribute or `style`; hidden when absent, SVG 2 §5.6.4);
  /// the inner use has no size, so librsvg sizes the symbol to 100 % of that viewport and
  /// applies its `viewBox` and `preserveAspectRatio` itself. librsvg 2.54 clips a symbol
  /// exactly when its `overflow` is visible (#92), so the caller sets the symbol's own to
  /// `hidden`. The two new elements may match the sheet's selectors (`svg`, `use`, `*`):
  /// `resets` (`SymbolSheetCheck.resets`) sets every property the sheet names to what makes
  /// them invisible (`inherit`, or the initial value of one that is not inherited), and a
  /// `style` attribute wins over the sheet. Returns the viewport.
  static func wrapSymbolUse(
    _ use: xmlNodePtr, symbol: xmlNodePtr, symbolID: String, overflow: String, resets: String,
    id: String
  ) -> xmlNodePtr {
    let viewport = newElement("svg", like: use)
    xmlSetProp(viewport, "id", id)
    let width = attribute(use, "width").flatMap { $0 == "auto" ? nil : $0 }
    let height = attribute(use, "height").flatMap { $0 == "auto" ? nil : $0 }
    xmlSetProp(viewport, "width", width ?? attribute(symbol, "width") ?? "100%")
    xmlSetProp(viewport, "height", height ?? attribute(symbol, "height") ?? "100%")
    xmlSetProp(viewport, "style", resets + "overflow:\(overflow)")
    let inner = newElement("use", like: use)
    xmlSetProp(inner, "href", "#" + symbolID)
    if !resets.isEmpty { xmlSetProp(inner, "style", String(resets.dropLast())) }
    xmlAddChild(viewport, inner)
    removeAttribute(use, "href")
    xmlSetProp(use, "href", "#" + id)
    xmlAddChild(use, viewport)
    return viewport
  }

  /// Removes `local` from `node`: the attribute and any `style` declaration of it.
  static func removeDeclaration(_ node: xmlNodePtr, _ local: String) {
    removeAttribute(node, local)
    guard let style = attribute(node, "style") else { return }
    let kept = style.split(separator: ";").filter {
      $0.split(separator: ":").first?.trimmingWhitespace() != local
    }
    xmlSetProp(node, "style", kept.joined(separator: ";"))
  }

  /// Replaces `use` by a group holding a nested `<svg>` with copies of `target`'s children.
  /// Returns the group, or `nil` when the use's `x`/`y` are not plain numbers (left to
  /// librsvg).
  static func expand(_ use: xmlNodePtr, target: xmlNodePtr, kind: String) -> xmlNodePtr? {
    guard let x = plainNumber(attribute(use, "x")), let y = plainNumber(attribute(use, "y"))
    else { return nil }
    let group = newElement("g", like: use)
    copyAttributes(use, to: group, except: ["x", "y", "width", "height", "href"])
    // SVG 2 §5.6.2: x/y are a translation appended to the use's own transform, so its clip
    // path, mask and filter (on the group with it) are in the translated space, as Chromium
    // draws (librsvg 2.54 and resvg 0.44 apply them before the translation).
    if x != 0 || y != 0 {
      let own = attribute(use, "transform").map { $0 + " " } ?? ""
      xmlSetProp(group, "transform", own + "translate(\(format(x)) \(format(y)))")
    }
    let viewport = newElement("svg", like: use)
    // SVG 2 §5.6.2, §8.2: a value that is not a length is invalid, so the property takes its
    // initial value, `auto` (Chromium draws nothing for it; render.md says so); a negative
    // width or height is an error and the use draws nothing, as Chromium and the wrapper path
    // (`wrapSymbolUse`) draw (issue 38 third trial H8: the copy drew the symbol unclipped).
    let useWidth = useSize(attribute(use, "width"))
    let useHeight = useSize(attribute(use, "height"))
    if [useWidth, useHeight].contains(where: { $0.flatMap(SVGValueGrammar.length)?.value ?? 0 < 0 })
    {
      xmlReplaceNode(use, group)
      xmlFreeNode(use)
      xmlFreeNode(viewport)
      return group
    }
    let content: xmlNodePtr
    if kind == "symbol" {
      for local in ["viewBox", "preserveAspectRatio"] {
        if let value = attribute(target, local) { xmlSetProp(viewport, local, value) }
      }
      // A presentation attribute or a `style` declaration (SVG 2 §5.6.4: the symbol's
      // `overflow` decides whether its viewport clips, `hidden` by default).
      if let value = property(target, "overflow") { xmlSetProp(viewport, "overflow", value) }
      let width = useWidth ?? attribute(target, "width") ?? "100%"
      let height = useHeight ?? attribute(target, "height") ?? "100%"
      xmlSetProp(viewport, "width", width)
      xmlSetProp(viewport, "height", height)
      let inner = newElement("g", like: use)
      copyAttributes(
        target, to: inner,
        except: [
          "id", "viewBox", "preserveAspectRatio", "overflow", "width", "height", "x", "y", "refX",
          "refY",
        ])
      xmlAddChild(viewport, inner)
      content = inner
    } else {
      copyAttributes(target, to: viewport, except: ["id"])
      if let useWidth { xmlSetProp(viewport, "width", useWidth) }
      if let useHeight { xmlSetProp(viewport, "height", useHeight) }
      content = viewport
    }
    for child in childNodes(target) {
      guard let copy = xmlDocCopyNode(child, use.pointee.doc, 1) else { continue }
      if copy.pointee.type == XML_ELEMENT_NODE {
        for element in allElements(copy) { removeAttribute(element, "id") }
      }
      xmlAddChild(content, copy)
    }
    xmlAddChild(group, viewport)
    xmlReplaceNode(use, group)
    xmlFreeNode(use)
    return group
  }

  /// A `<use>`'s `width` or `height` for the viewport it sizes: `nil` (auto) when absent,
  /// `auto` or not a `<length>` (SVG 2 §4.3: an invalid value is as if not specified).
  static func useSize(_ value: String?) -> String? {
    guard let value, value.trimmingWhitespace() != "auto",
      SVGValueGrammar.length(value) != nil
    else { return nil }
    return value
  }

  static func childNodes(_ node: xmlNodePtr) -> [xmlNodePtr] {
    var out: [xmlNodePtr] = []
    var child = node.pointee.children
    while let c = child {
      out.append(c)
      child = c.pointee.next
    }
    return out
  }

  static func format(_ value: Double) -> String {
    value == value.rounded() && abs(value) < 1e15
      ? String(Int64(value)) : String(cFormat: "%.9g", value)
  }

  // MARK: - clipPath

  static let shapes: Set<String> = [
    "path", "rect", "circle", "ellipse", "line", "polyline", "polygon", "text", "use",
  ]

  /// The clip rule that applies to a clipPath child: its own, else the clipPath's (and its
  /// ancestors'), else `nonzero`; each element's from its `style`, else from the sheets when
  /// `sheet` decides them (`SheetRules`), else from its attribute (CSS Cascade 4 §6: a
  /// sheet wins over a presentation attribute). The mask conversion ignored a sheet's
  /// `clip-rule` (`.e { clip-rule: evenodd }`: issue 38 third trial M2).
  static func clipRule(_ child: xmlNodePtr, sheet: [SheetRules.Rule]? = nil) -> String {
    var current: xmlNodePtr? = child
    while let n = current, n.pointee.type == XML_ELEMENT_NODE {
      if let own = ownClipRule(n, sheet: sheet) { return own }
      current = n.pointee.parent
    }
    return "nonzero"
  }

  /// `node`'s own `clip-rule` as `clipRule` reads it, `nil` when it has none or `inherit`.
  /// An invalid or empty value in any of the three places is dropped (CSS Syntax 3 §5.4.5,
  /// SVG 2 §6.6: as if absent), so the next place, then the inherited value, applies; it
  /// became `nonzero` (issue 38 fourth trial HIGH-1: `clip-rule="bogus"` on a child of an
  /// `evenodd` clip path).
  ///
  /// A sheet's `!important` declaration wins over the `style` attribute's normal one (CSS
  /// Cascade 4 §6.4; issue 38 fourth trial M-d: 100 px of 1,600 vs Chromium), and a sheet's
  /// selector may use descendant and child combinators (`#c path`; M-d: 100 px).
  static func ownClipRule(_ node: xmlNodePtr, sheet: [SheetRules.Rule]?) -> String? {
    var own: String?
    var ownImportant = false
    if let style = attribute(node, "style") {
      for declaration in style.split(separator: ";") {
        let parts = declaration.split(separator: ":", maxSplits: 1)
        guard parts.count == 2,
          parts[0].trimmingWhitespaceAndNewlines().lowercased() == "clip-rule"
        else { continue }
        var text = String(parts[1])
        var important = false
        if let bang = text.lastIndex(of: "!"),
          text[text.index(after: bang)...].trimmingWhitespaceAndNewlines()
            .lowercased() == "important"
        {
          text = String(text[..<bang])
          important = true
        }
        // The last valid declaration, an `!important` one over any that is not.
        guard let value = clipRuleKeyword(text), important || !ownImportant else { continue }
        own = value
        ownImportant = important
      }
    }
    let rule = sheet.flatMap { SheetRules.rule(for: node, $0) }
    if let rule, rule.important, !ownImportant { own = nil }
    own =
      own ?? rule.flatMap { clipRuleKeyword($0.value) }
      ?? attribute(node, "clip-rule").flatMap(clipRuleKeyword)
    guard let own, own != "inherit" else { return nil }
    return own
  }

  /// `value` as a `clip-rule` (CSS Masking 1 §8: `nonzero | evenodd`, CSS-wide keywords
  /// included, in any letter case): `nonzero`, `evenodd` or `inherit` (`unset` of an
  /// inherited property), `nil` when CSS rejects it (so the declaration is dropped).
  static func clipRuleKeyword(_ value: String) -> String? {
    switch value.trimmingWhitespaceAndNewlines().lowercased() {
    case "nonzero", "initial": return "nonzero"
    case "evenodd": return "evenodd"
    case "inherit", "unset": return "inherit"
    default: return nil
    }
  }

  /// Whether librsvg would clip `clip` wrongly: more than one clipping child, or a
  /// `clip-path` on it or on a child. Only the children `addsToClip` accepts count (CSS Masking 1
  /// §6.1, the content model of `clipPath`); a `<g>` child and what it holds do not.
  ///
  /// The clip region is the union of the children's regions, each filled with its own
  /// `clip-rule` (CSS Masking 1 §6.1, §8). librsvg 2.54 appends every child to one Cairo path
  /// and clips with the last child's rule: children with different rules clip wrongly, and so
  /// do overlapping children under `evenodd` (the overlap cancels) or under `nonzero` with
  /// opposite windings; whether children overlap is not known before drawing, so any second
  /// clipping child converts the clip path.
  static func needsMask(
    _ clip: xmlNodePtr, ids: [String: xmlNodePtr], sheet: [SheetRules.Rule]? = nil
  ) -> Bool {
    if clipPathValue(clip, sheet: sheet).map({ $0 != "none" }) ?? false { return true }
    var clipping = 0
    for child in elements(clip) where addsToClip(child, ids: ids) {
      if clipPathValue(child, sheet: sheet).map({ $0 != "none" }) ?? false { return true }
      clipping += 1
    }
    return clipping > 1
  }

  /// Whether `clip` or one of its clipping children has a `clip-path` other than `none`
  /// (the part of `needsMask` that does not count children).
  static func hasClipOfItsOwn(
    _ clip: xmlNodePtr, ids: [String: xmlNodePtr], sheet: [SheetRules.Rule]?
  ) -> Bool {
    if clipPathValue(clip, sheet: sheet).map({ $0 != "none" }) ?? false { return true }
    return elements(clip).contains {
      addsToClip($0, ids: ids) && clipPathValue($0, sheet: sheet).map { $0 != "none" } ?? false
    }
  }

  /// Whether `child` of a clip path adds to its region (CSS Masking 1 §6.1, the content model
  /// of `clipPath`): a shape or `text`, or a `use` that references one directly. A `use` of a
  /// `<g>`, of another `use` or of nothing adds nothing (Chromium draws so; librsvg 2.54
  /// alone does too, but the mask copy of such a `use` drew the whole group: issue 38 trial
  /// finding 2).
  static func addsToClip(_ child: xmlNodePtr, ids: [String: xmlNodePtr]) -> Bool {
    let kind = name(child)
    guard shapes.contains(kind) else { return false }
    guard kind == "use" else { return true }
    guard let id = localID(attribute(child, "href")), let target = ids[id] else { return false }
    return shapes.contains(name(target)) && name(target) != "use"
  }

  /// The `clip-path` of a clip path or of one of its children: its `style` declaration, else
  /// the sheets' when `sheet` decides them (`clipPathRules`), else its attribute (CSS Cascade
  /// 4 §6). librsvg 2.54 ignores a sheet's `clip-path` on a `<clipPath>`, and the mask
  /// conversion read only `style` and attributes (issue 38 fourth trial M-c: 400 px of 1,600
  /// vs Chromium; M-b: a child's from a sheet, 100 px).
  static func clipPathValue(_ node: xmlNodePtr, sheet: [SheetRules.Rule]?) -> String? {
    styleDeclaration(node, "clip-path") ?? sheet.flatMap { SheetRules.value(for: node, $0) }
      ?? attribute(node, "clip-path")?.trimmingWhitespace()
  }

  /// The sheets' `clip-path` rules whose value is `none` or a local reference (`SheetRules`),
  /// `nil` when they cannot be decided; read only when a sheet mentions `clip-path`.
  static func clipPathRules(_ root: xmlNodePtr) -> [SheetRules.Rule]? {
    let mentions = allElements(root).contains { node in
      name(node) == "style"
        && (SVGPreflight.text(xmlNodeGetContent(node))?.lowercased().contains("clip-path")
          ?? false)
    }
    guard mentions else { return nil }
    return SheetRules.rules(
      declaring: "clip-path", root,
      valid: { $0.lowercased() == "none" || ($0.hasPrefix("url(") && localID($0) != nil) })
  }

  /// The suffix of the id of the `<mask>` a converted `<clipPath>` becomes.
  static let clipMaskSuffix = "__glyphsmith_mask"

  static func fixClipPaths(_ root: xmlNodePtr, doc: xmlDocPtr) -> Bool {
    let all = allElements(root)
    let ids = ids(root)
    let sheet = clipPathRules(root)
    // When a sheet declares a property of `carriedProperties` by a rule `SheetRules` cannot
    // decide (`clipPath > rect:first-child { transform: ... }`), the mask copies could not
    // keep its value: a clip path converted only for having several children is left to
    // librsvg, which matches the rule (issue 38 fifth trial F2: 720 px of 1,600 vs Chromium,
    // librsvg alone 0); one with a `clip-path` of its own, or on a child, is still converted.
    let undecided = carriedRules(root, named: sheetProperties(root)).contains { $0.1 == nil }
    // A clip path `ClipBoxTransformRewrite` converted already has its mask.
    let clipList = all.filter {
      name($0) == "clipPath" && needsMask($0, ids: ids, sheet: sheet)
        && attribute($0, "id").map { ids[$0 + clipMaskSuffix] == nil } ?? true
        && (!undecided || hasClipOfItsOwn($0, ids: ids, sheet: sheet))
    }
    return convertClipsToMasks(clipList, root: root, doc: doc)
  }

  /// Converts each of `clipList` into a `<mask>` beside it (id `ID__glyphsmith_mask`) of
  /// white shapes, each with its child's `clip-rule` as its `fill-rule`, and wraps every
  /// element clipped by one of them in a `<g mask>` carrying the element's transform.
  /// Returns whether there was anything to convert.
  ///
  /// An `objectBoundingBox` clip path's `transform` applies after the bounding box mapping
  /// (CSS Masking §6.1): it goes on the `<mask>`, whose `transform` librsvg 2.54 applies
  /// outside its `maskContentUnits` mapping, and the mask's region is mapped back through it.
  /// A `userSpaceOnUse` clip path's goes on the group around the shapes.
  static func convertClipsToMasks(
    _ clipList: [xmlNodePtr], root: xmlNodePtr, doc: xmlDocPtr
  ) -> Bool {
    guard !clipList.isEmpty else { return false }
    let all = allElements(root)
    let ids = ids(root)
    var maskIDs: [String: String] = [:]
    var movedOuter: [String: String] = [:]
    let visibilityRules = SheetRules.rules(declaring: "visibility", root)
    let clipRuleRules = SheetRules.rules(
      declaring: "clip-rule", root, allowImportant: true, combinators: true,
      valid: { clipRuleKeyword($0) != nil })
    let clipPathSheet = clipPathRules(root)
    let named = sheetProperties(root)
    let carried = carriedRules(root, named: named)
    // The sheets' `transform` rules when a sheet names `transform` and they are decided.
    let transformRules = carried.first { $0.0 == "transform" }?.1
    var boxClips = 0
    for clip in clipList {
      guard let id = attribute(clip, "id") else { continue }
      let maskID = id + clipMaskSuffix
      maskIDs[id] = maskID
      let mask = newElement("mask", like: clip)
      xmlSetProp(mask, "id", maskID)
      let objectBox =
        attribute(clip, "clipPathUnits")?.trimmingWhitespace()
        == "objectBoundingBox"
      if objectBox { xmlSetProp(mask, "maskContentUnits", "objectBoundingBox") }
      let transform = attribute(clip, "transform")
      let boxTransform = objectBox ? transform.flatMap { SVGValueGrammar.transform($0) } : nil
      // A clip has no region: the mask's covers any icon (through the mask's transform).
      xmlSetProp(mask, "maskUnits", "userSpaceOnUse")
      let region = maskRegion(through: boxTransform)
      for (local, value) in zip(["x", "y", "width", "height"], region) {
        xmlSetProp(mask, local, format(value))
      }
      if let boxTransform, let transform, boxTransform.isInvertible {
        xmlSetProp(mask, "transform", transform)
      }
      // The generated `<mask>` is matched by `mask` and `*` selectors too; librsvg 2.54
      // applies a sheet's `transform` on it (issue 38 fifth trial F6: `mask{transform:…}`
      // moved the clip, 467 px of 1,600 vs Chromium, librsvg alone 36, edges).
      if !named.isEmpty { shield(mask, named: named, visibility: nil) }
      let group = newElement("g", like: clip)
      if let transform, boxTransform == nil { xmlSetProp(group, "transform", transform) }
      // `visibility` is inherited: the children keep the value the clip path and its
      // ancestors give them (a child of a `visibility="hidden"` clip path without its own
      // `visible` adds nothing, CSS Masking 1 §6.1; issue 38 third trial H1).
      let visibility = clipVisibility(clip, sheet: visibilityRules)
      if let visibility { xmlSetProp(group, "visibility", visibility) }
      if let outer = clipPathValue(clip, sheet: clipPathSheet), outer != "none" {
        // In user space units the clip path's own clip is drawn with its children; in
        // bounding box units it would be mapped into the box's units too (a circle at 20, 20
        // went 20 boxes away: a blank canvas, issue 38 trial finding 3), so it goes around
        // the clipped element, in that element's user space.
        // A bounding box clip path as the user space clip path's own clip takes the clipped
        // element's box (as Chromium and resvg 0.44 draw), not the box of the group of
        // shapes in the mask, where librsvg 2.54 drew blank or nearly blank (issue 38 fourth
        // trial HIGH-3): around the clipped element too.
        let outerBox =
          localID(outer).flatMap { ids[$0] }.map {
            name($0) == "clipPath"
              && attribute($0, "clipPathUnits")?.trimmingWhitespace()
                == "objectBoundingBox"
          } ?? false
        if objectBox || outerBox {
          movedOuter[id] = outer
        } else {
          xmlSetProp(group, "clip-path", outer)
        }
      }
      xmlAddChild(mask, group)
      for child in elements(clip) where addsToClip(child, ids: ids) {
        if name(child) == "use",
          let expanded = clipUseCopy(child, ids: ids, doc: doc, sheet: clipRuleRules)
        {
          carryUse(child, to: expanded, ids: ids, carried)
          if let copy = elements(expanded).first,
            let target = localID(attribute(child, "href")).flatMap({ ids[$0] })
          {
            pinTransform(copy, original: target, transformRules)
          }
          if !named.isEmpty { shield(expanded, named: named, visibility: "inherit") }
          xmlAddChild(group, expanded)
          continue
        }
        guard let copy = xmlDocCopyNode(child, doc, 1) else { continue }
        carry(from: child, to: copy, carried)
        pinTransform(copy, original: child, transformRules)
        // A sheet's `clip-path` on the child, written out (its `id` goes).
        if let own = clipPathValue(child, sheet: clipPathSheet), own != "none",
          styleDeclaration(child, "clip-path") == nil, attribute(child, "clip-path") != own
        {
          xmlSetProp(copy, "clip-path", own)
        }
        for (original, element) in zip(allElements(child), allElements(copy)) {
          removeAttribute(element, "id")
          guard shapes.contains(name(element)) else { continue }
          whiten(element, rule: clipRule(original, sheet: clipRuleRules))
        }
        if let value = attribute(copy, "clip-path") ?? styleDeclaration(copy, "clip-path"),
          let box = shapeBox(copy), let boxID = localID(value), let inner = ids[boxID],
          let userSpace = userSpaceClip(inner, box: box, ids: ids, doc: doc)
        {
          boxClips += 1
          let newID = boxID + "__glyphsmith_box_\(boxClips)"
          xmlSetProp(userSpace, "id", newID)
          xmlAddNextSibling(clip, userSpace)
          // In `style`, where it beats a sheet's rule matching the copy's class.
          let kept = (attribute(copy, "style") ?? "").split(separator: ";").filter {
            $0.split(separator: ":").first?.trimmingWhitespace() != "clip-path"
          }
          removeAttribute(copy, "clip-path")
          xmlSetProp(copy, "style", (kept + ["clip-path:url(#\(newID))"]).joined(separator: ";"))
        }
        xmlAddChild(group, copy)
      }
      if !named.isEmpty { shield(group, named: named, visibility: visibility ?? "visible") }
      xmlAddNextSibling(clip, mask)
    }
    // Elements clipped by a converted clipPath: wrapped in <g transform mask>. Another clip
    // path (or its child) clipped by one keeps its `clip-path` for `fixClipPaths`, which
    // converts it next: wrapped, it was moved into a group and lost its clip (issue 38
    // fourth trial M-a).
    let clipPaths = Set(all.filter { name($0) == "clipPath" })
    for node in all where !clipPaths.contains(node) && !isInside(node, clipPaths) {
      guard let value = property(node, "clip-path"), let id = localID(value),
        let maskID = maskIDs[id]
      else { continue }
      let wrapper = newElement("g", like: node)
      xmlSetProp(wrapper, "mask", "url(#\(maskID))")
      // The clip paths of bounding box clip paths, each a group in the same user space with
      // the same bounding box: a converted one as a mask inside the wrapper, the last one,
      // not converted, as a clip around it. librsvg 2.54 maps an `objectBoundingBox` clip
      // path of an element drawn inside a mask wrongly above @1x (the clip region shrank at
      // @2x and vanished at @3x: issue 38 third trial M1), so the clip goes outside.
      var parent = wrapper
      var outermost = wrapper
      var outer = movedOuter[id]
      var seen: Set<String> = [id]
      while let value = outer, let outerID = localID(value), seen.insert(outerID).inserted {
        let layer = newElement("g", like: node)
        // A clip path `ClipBoxTransformRewrite` converted before this call has its mask
        // already: a bounding box clip path with a `transform`, which librsvg 2.54 applies
        // inside the box's units as the clip path's own clip too (issue 38 fourth trial
        // M-a: moved ten boxes away, the element was cut to nothing or to the wrong half).
        // Its own `clip-path` was moved out of that mask, so it comes next.
        let earlier =
          ids[outerID + clipMaskSuffix] != nil
          && ids[outerID].map { name($0) == "clipPath" } == true
        if let outerMask = maskIDs[outerID] ?? (earlier ? outerID + clipMaskSuffix : nil) {
          xmlSetProp(layer, "mask", "url(#\(outerMask))")
          outer =
            maskIDs[outerID] != nil
            ? movedOuter[outerID]
            : ids[outerID].flatMap { clipPathValue($0, sheet: clipPathSheet) }.flatMap {
              $0 == "none" ? nil : $0
            }
          xmlAddChild(parent, layer)
          parent = layer
        } else {
          xmlSetProp(layer, "clip-path", value)
          outer = nil
          xmlAddChild(layer, wrapper)
          outermost = layer
        }
      }
      // The element's transform goes onto the wrapper, so that the mask is in the element's
      // user space (CSS Masking 1 §6.1): its attribute, else a decided sheet's value, which
      // librsvg 2.54 would otherwise apply inside the wrapper, under the mask (issue 38
      // fifth trial F6: `*{transform:…}` on a clipped element moved it twice).
      var moved = attribute(node, "transform")
      var known = moved != nil
      if moved == nil, let rules = transformRules, styleDeclaration(node, "transform") == nil {
        known = true
        if let rule = SheetRules.rule(for: node, rules) {
          switch CSSTransformRewrite.attributeValue(rule.value, node, sheet: nil) {
          case .transform(let value)?: moved = value
          case CSSTransformRewrite.AttributeValue.none?: break
          case nil: known = false
          }
        }
      }
      // A `<use>`'s `x`/`y` are a translation appended to its transform (SVG 2 §5.6.2), so
      // its clip applies after them: they go onto the wrapper too (the mask stayed where the
      // use was before its translation: 149 px of 1,600 vs Chromium, librsvg alone 36).
      // Numbers and absolute lengths (`8px`, `0.1in`, `2mm`, `40Q`) become user units in the
      // translation; `%`, `em` and `ex` go onto a nested `<svg x y overflow="visible">`
      // around the wrapper, which librsvg resolves against the same viewport and font size
      // as the use's (issue 38 sixth trial H1: left on the use, 181-271 px of 1,600).
      var viewportOffset: (x: String, y: String)?
      if name(node) == "use", !named.contains("x"), !named.contains("y"),
        styleDeclaration(node, "x") == nil, styleDeclaration(node, "y") == nil,
        let offset = useOffset(node)
      {
        switch offset {
        case .translate(let x, let y):
          if x != 0 || y != 0 {
            moved = (moved.map { $0 + " " } ?? "") + "translate(\(format(x)) \(format(y)))"
          }
        case .viewport(let x, let y):
          viewportOffset = (x, y)
        }
        removeAttribute(node, "x")
        removeAttribute(node, "y")
      }
      if let offset = viewportOffset {
        let viewport = newElement("svg", like: node)
        xmlSetProp(viewport, "x", offset.x)
        xmlSetProp(viewport, "y", offset.y)
        xmlSetProp(viewport, "overflow", "visible")
        // The use's own font size, for `em`/`ex` (the viewport is its sibling's place).
        if let size = attribute(node, "font-size") { xmlSetProp(viewport, "font-size", size) }
        var style = ["overflow:visible!important"]
        if let size = styleDeclaration(node, "font-size") { style.append("font-size:" + size) }
        xmlSetProp(viewport, "style", style.joined(separator: ";"))
        xmlAddChild(viewport, outermost)
        outermost = viewport
        if moved != nil {
          let group = newElement("g", like: node)
          xmlAddChild(group, outermost)
          outermost = group
        }
      }
      if let transform = moved {
        xmlSetProp(outermost, "transform", transform)
        removeAttribute(node, "transform")
      }
      if known, named.contains("transform"), styleDeclaration(node, "transform") == nil {
        appendStyle(node, "transform:none")
      }
      removeAttribute(node, "clip-path")
      if let style = attribute(node, "style") {
        let kept = style.split(separator: ";").filter {
          $0.split(separator: ":").first?.trimmingWhitespace() != "clip-path"
        }
        xmlSetProp(node, "style", kept.joined(separator: ";"))
      }
      if !named.isEmpty {
        var layer: xmlNodePtr? = outermost
        while let g = layer, g != node {
          shield(g, named: named, visibility: "inherit")
          layer = elements(g).first
        }
      }
      xmlAddPrevSibling(node, outermost)
      xmlUnlinkNode(node)
      xmlAddChild(parent, node)
    }
    return true
  }

  /// Where a clipped `<use>`'s `x`/`y` move (SVG 2 §5.6.2: a translation after its
  /// transform): a translation in user units, or a nested viewport's `x`/`y`.
  enum UseOffset {
    /// Both are numbers or absolute lengths (CSS Values 4 §6.2, 96 px per inch).
    case translate(Double, Double)
    /// One is a percentage, `em` or `ex`, which librsvg resolves on a nested `<svg>`.
    case viewport(String, String)
  }

  /// `use`'s `x`/`y` as a `UseOffset` (absent or empty: 0), or `nil` when one is not a
  /// length (left on the use, as before).
  static func useOffset(_ use: xmlNodePtr) -> UseOffset? {
    let texts = ["x", "y"].map { local -> String in
      let text = attribute(use, local)?.trimmingWhitespace() ?? ""
      return text.isEmpty ? "0" : text
    }
    if let x = SVGValueGrammar.absoluteLength(texts[0]),
      let y = SVGValueGrammar.absoluteLength(texts[1])
    {
      return x.isFinite && y.isFinite ? .translate(x, y) : nil
    }
    for text in texts where SVGValueGrammar.absoluteLength(text) == nil {
      guard let (value, unit) = SVGValueGrammar.length(text), value.isFinite,
        ["%", "em", "ex"].contains(unit)
      else { return nil }
    }
    return .viewport(texts[0], texts[1])
  }

  /// The properties the document's style sheets declare (lower-case names before a `:` in a
  /// rule's block), read only when there is a `<style>`; empty when there is none.
  static func sheetProperties(_ root: xmlNodePtr) -> Set<String> {
    var out: Set<String> = []
    for node in allElements(root) where name(node) == "style" {
      let text = SymbolSheetCheck.withoutComments(SVGPreflight.text(xmlNodeGetContent(node)) ?? "")
      for block in text.split(separator: "{").dropFirst() {
        let body = block.split(separator: "}", omittingEmptySubsequences: false).first ?? ""
        for declaration in body.split(separator: ";") {
          let parts = declaration.split(separator: ":", maxSplits: 1)
          guard parts.count == 2 else { continue }
          let property = parts[0].trimmingWhitespaceAndNewlines().lowercased()
          if !property.isEmpty { out.insert(property) }
        }
      }
    }
    return out
  }

  /// The properties that are not inherited and that `shield` sets to a fixed value; every
  /// other property a sheet names is reset to `inherit` (the value the element would have
  /// without the generated group around it).
  static let shieldFixed: Set<String> = [
    "opacity", "display", "visibility", "filter", "mask", "clip-path", "transform",
  ]

  /// Keeps a group the clip-path conversion generated (`<g>` in the `<mask>`, a `<use>`
  /// copy's `<g>`, the `<g mask>` around a clipped element) out of the document's style
  /// sheets, whose type, descendant and `mask > *` selectors now match it: every property
  /// `named` in a sheet is written into its `style` as `!important` (CSS Cascade 4 §6.4: an
  /// inline `!important` declaration beats the sheets' too): `opacity: 1`, `display:
  /// inline`, `filter: none`, `visibility` as given (`inherit` for a wrapper), its own
  /// `mask` and `clip-path` attribute or `none`, `transform: none` when it has no transform
  /// attribute, and `inherit` for the rest. `g { opacity: .5 }` halved the clip (issue 38
  /// fifth trial F1: 1,000 px of 1,600 vs Chromium; Chromium and librsvg alone ignore it).
  static func shield(_ group: xmlNodePtr, named: Set<String>, visibility: String?) {
    var declarations: [String] = [
      "opacity:1", "display:\(attribute(group, "display") ?? "inline")", "filter:none",
      "mask:\(attribute(group, "mask") ?? "none")",
      "clip-path:\(attribute(group, "clip-path") ?? "none")",
    ]
    if let visibility = attribute(group, "visibility") ?? visibility {
      declarations.append("visibility:\(visibility)")
    }
    if attribute(group, "transform") == nil { declarations.append("transform:none") }
    for property in named.sorted() where !shieldFixed.contains(property) {
      // A custom property or one CSS does not know is left alone.
      guard !property.hasPrefix("-"), property.allSatisfy({ $0.isLetter || $0 == "-" })
      else { continue }
      declarations.append("\(property):inherit")
    }
    // A value `carryUse` wrote stays.
    declarations.removeAll { styleDeclaration(group, String($0.prefix { $0 != ":" })) != nil }
    let style =
      (attribute(group, "style").map { $0 + ";" } ?? "")
      + declarations.map { $0 + "!important" }.joined(separator: ";")
    xmlSetProp(group, "style", style)
  }

  /// `carry` for the mask copy of a clip path's `use` child (`clipUseCopy`): the values the
  /// sheets give the referenced element go onto its copy, and the `use`'s own `display`,
  /// `visibility` and, when it has no `x`/`y` (the group's transform is its own then),
  /// `transform` onto the group (issue 38 fifth trial F2: `#p { transform: ... }` on the
  /// target, 720 px of 1,600 vs Chromium).
  static func carryUse(
    _ use: xmlNodePtr, to group: xmlNodePtr, ids: [String: xmlNodePtr],
    _ carried: [(String, [SheetRules.Rule]?)]
  ) {
    guard !carried.isEmpty else { return }
    if let target = localID(attribute(use, "href")).flatMap({ ids[$0] }),
      let copy = elements(group).first
    {
      carry(from: target, to: copy, carried)
    }
    let offset = ["x", "y"].contains { (plainNumber(attribute(use, $0)) ?? 0) != 0 }
    carry(
      from: use, to: group,
      carried.filter {
        ["display", "visibility"].contains($0.0) || ($0.0 == "transform" && !offset)
      })
    // With `x`/`y` the group's attribute holds the translation, which librsvg 2.54 prefers
    // to any `style` value: a sheet's transform of the use goes before it in the attribute
    // (SVG 2 §5.6.2; issue 38 fifth trial F6: `use{transform:…}` lost, 260 px of 1,600 vs
    // Chromium, librsvg alone 27).
    guard offset, attribute(use, "transform") == nil, styleDeclaration(use, "transform") == nil,
      let rules = carried.first(where: { $0.0 == "transform" })?.1,
      let rule = SheetRules.rule(for: use, rules),
      case .transform(let value) = CSSTransformRewrite.attributeValue(rule.value, use, sheet: nil)
    else { return }
    xmlSetProp(group, "transform", value + " " + (attribute(group, "transform") ?? ""))
  }

  /// Keeps a mask copy's transform what its original's is when a sheet declares `transform`
  /// by rules `SheetRules` decides (`rules`): a copy with no transform of its own (attribute,
  /// `style`, or a sheet value `carry` wrote) gets `transform:none` in `style`, which beats
  /// the sheets in librsvg 2.54, so a rule matching it only in its new place (`g > *`,
  /// `mask *`, `*`) no longer moves it (issue 38 fifth trial F6: 467 px of 1,600 vs
  /// Chromium, librsvg alone 36).
  static func pinTransform(
    _ copy: xmlNodePtr, original: xmlNodePtr, _ rules: [SheetRules.Rule]?
  ) {
    guard let rules, attribute(copy, "transform") == nil,
      styleDeclaration(copy, "transform") == nil,
      SheetRules.rule(for: original, rules) == nil
    else { return }
    appendStyle(copy, "transform:none")
  }

  /// Appends `declaration` to `node`'s `style`.
  static func appendStyle(_ node: xmlNodePtr, _ declaration: String) {
    let style = (attribute(node, "style") ?? "").trimmingWhitespace()
    let separator = style.isEmpty || style.hasSuffix(";") ? "" : ";"
    xmlSetProp(node, "style", style + separator + declaration)
  }

  /// The properties whose sheet values `carry` writes onto a clip path child's mask copy:
  /// those that change what the child adds to the clip (CSS Masking 1 §6.1: its geometry,
  /// `display`, `visibility` and `transform`).
  static let carriedProperties = [
    "display", "visibility", "transform", "x", "y", "width", "height", "r", "rx", "ry", "cx",
    "cy",
  ]

  /// The sheets' rules for each of `carriedProperties` that `named` holds (`SheetRules`,
  /// `!important` and combinators read), `nil` for one they cannot decide.
  static func carriedRules(
    _ root: xmlNodePtr, named: Set<String>
  ) -> [(String, [SheetRules.Rule]?)] {
    var out: [(String, [SheetRules.Rule]?)] = []
    for property in carriedProperties where named.contains(property) {
      var valid: ((String) -> Bool)?
      if property == "transform" { valid = { CSSTransformRewrite.isCSSTransform($0) } }
      out.append(
        (
          property,
          SheetRules.rules(
            declaring: property, root, allowImportant: true, combinators: true, valid: valid)
        ))
    }
    return out
  }

  /// Writes into `copy`'s `style` (as `!important`, so that no rule matching the copy in its
  /// new place beats it; `transform` without, which librsvg 2.54 would drop) the value each
  /// of `carried` gives `child` from the sheets, unless
  /// `child`'s own `style` declares it and the sheet's is not `!important` (CSS Cascade 4
  /// §6). The copy loses its `id` and sits under the `<mask>`, so `#bar { display: none }`
  /// or `#c rect { transform: ... }` no longer reached it (issue 38 fifth trial F2: 360 px
  /// of 1,600 vs Chromium, where librsvg alone draws it right).
  static func carry(
    from child: xmlNodePtr, to copy: xmlNodePtr, _ carried: [(String, [SheetRules.Rule]?)]
  ) {
    var declarations: [String] = []
    for (property, rules) in carried {
      guard let rules, let rule = SheetRules.rule(for: child, rules) else { continue }
      if !rule.important, styleDeclaration(child, property) != nil { continue }
      // librsvg 2.54 drops a `transform` declaration marked `!important` in `style`.
      declarations.append("\(property):\(rule.value)\(property == "transform" ? "" : "!important")")
    }
    guard !declarations.isEmpty else { return }
    xmlSetProp(
      copy, "style",
      (attribute(copy, "style").map { $0 + ";" } ?? "") + declarations.joined(separator: ";"))
  }

  /// The bounding box (x, y, width, height) of a `rect`, `circle` or `ellipse` whose
  /// geometry is given in plain numbers, or of a `path` of straight segments only (`M`, `L`,
  /// `H`, `V`, `Z`, each moveto followed by a segment) (SVG 2 §8.10: the fill geometry,
  /// ignoring stroke and transform), `nil` for any other element or path (curves and arcs
  /// reach beyond their end points), an empty box or a value with units.
  static func shapeBox(_ node: xmlNodePtr) -> [Double]? {
    func number(_ local: String) -> Double? {
      plainNumber(attribute(node, local)).flatMap { $0.isFinite ? $0 : nil }
    }
    var box: [Double]?
    switch name(node) {
    case "rect":
      if let x = number("x"), let y = number("y"), let w = number("width"),
        let h = number("height")
      {
        box = [x, y, w, h]
      }
    case "circle":
      if let cx = number("cx"), let cy = number("cy"), let r = number("r") {
        box = [cx - r, cy - r, 2 * r, 2 * r]
      }
    case "ellipse":
      if let cx = number("cx"), let cy = number("cy"), let rx = number("rx"),
        let ry = number("ry")
      {
        box = [cx - rx, cy - ry, 2 * rx, 2 * ry]
      }
    case "path":
      guard let d = attribute(node, "d"), let commands = PathData.parse(d),
        commands.allSatisfy({ "MLHVZ".contains($0.letter) }),
        let last = commands.last, last.letter != "M",
        !zip(commands, commands.dropFirst()).contains(where: {
          $0.0.letter == "M" && $0.1.letter == "M"
        })
      else { return nil }
      let points = commands.flatMap(\.points)
      let xs = points.map(\.x)
      let ys = points.map(\.y)
      guard let minX = xs.min(), let maxX = xs.max(), let minY = ys.min(), let maxY = ys.max(),
        points.allSatisfy({ $0.x.isFinite && $0.y.isFinite })
      else { return nil }
      box = [minX, minY, maxX - minX, maxY - minY]
    default: break
    }
    guard let box, box[2] > 0, box[3] > 0 else { return nil }
    return box
  }

  /// `clip`, a bounding box clip path that librsvg 2.54 draws itself (one clipping child,
  /// no `clip-path`), as a user space clip path for an element whose box is `box`: its
  /// children copied (without ids) under `transform="T translate(x y) scale(w h)"`, `T` its
  /// own transform (CSS Masking 1 §6.1: the box mapping first, then the clip path's
  /// transform). The caller gives it an id. `nil` for any other clip path. librsvg 2.54 drew
  /// nothing above @1x for a bounding box clip path on a child of a clip path converted to a
  /// mask (issue 38 fourth trial M-b: 900 px of 14,400 vs Chromium at @3x), as in M1; the
  /// same region in user space units it clips right.
  static func userSpaceClip(
    _ clip: xmlNodePtr, box: [Double], ids: [String: xmlNodePtr], doc: xmlDocPtr
  ) -> xmlNodePtr? {
    guard name(clip) == "clipPath",
      attribute(clip, "clipPathUnits")?.trimmingWhitespace()
        == "objectBoundingBox",
      !needsMask(clip, ids: ids)
    else { return nil }
    var transform = ""
    if let own = attribute(clip, "transform") {
      guard let matrix = SVGValueGrammar.transform(own), matrix.isInvertible else { return nil }
      transform = own + " "
    }
    let userSpace = newElement("clipPath", like: clip)
    transform +=
      "translate(\(format(box[0])) \(format(box[1]))) scale(\(format(box[2])) \(format(box[3])))"
    xmlSetProp(userSpace, "transform", transform)
    for local in ["clip-rule", "style", "class"] {
      if let value = attribute(clip, local) { xmlSetProp(userSpace, local, value) }
    }
    for child in elements(clip) {
      guard let copy = xmlDocCopyNode(child, doc, 1) else { continue }
      for element in allElements(copy) { removeAttribute(element, "id") }
      xmlAddChild(userSpace, copy)
    }
    return userSpace
  }

  /// The `visibility` a clip path passes on to its children: the nearest value of it or an
  /// ancestor other than `inherit`, from its `style`, its attribute or, when `sheet` decides
  /// it (`SheetRules`), the document's sheets; `nil` when none sets it (initial `visible`).
  static func clipVisibility(_ clip: xmlNodePtr, sheet: [SheetRules.Rule]?) -> String? {
    var current: xmlNodePtr? = clip
    while let n = current, n.pointee.type == XML_ELEMENT_NODE {
      let own =
        styleDeclaration(n, "visibility") ?? sheet.flatMap { SheetRules.value(for: n, $0) }
        ?? attribute(n, "visibility")?.trimmingWhitespace()
      if let own, own != "inherit" { return own }
      current = n.pointee.parent
    }
    return nil
  }

  /// Gives `element` the clip path's mask paint: white, opaque, no stroke, `rule` as its
  /// fill rule, and no `filter` or `mask` (geometry only: CSS Masking 1 §6.1 ignores fill and
  /// stroke paint, opacity, filters and masks in a clip path; a filter or mask kept on the
  /// mask copy erased or cut the child: issue 38 third trial H2).
  static func whiten(_ element: xmlNodePtr, rule: String) {
    let style =
      (attribute(element, "style").map { $0 + ";" } ?? "")
      + [
        "fill:#ffffff", "fill-opacity:1", "stroke:none", "opacity:1", "filter:none", "mask:none",
        "fill-rule:\(rule)",
      ].map { $0 + "!important" }.joined(separator: ";")
    xmlSetProp(element, "style", style)
  }

  /// The mask copy of a clip path's `<use>` child: `<g transform="T translate(x y)">` around a
  /// copy of the element it references, painted by `whiten`. CSS Masking 1 §6.1: a `use` in
  /// a clip path references a shape or `text` directly, and what it adds is that element's
  /// geometry filled with its `clip-rule`, its own if it has one, else the one it inherits
  /// through the use (SVG 2 §5.6.3: the copy inherits from the `use`). Its own `fill`,
  /// `stroke` or `fill-rule` play no part; copying the `use` instead left them in force
  /// (`fill="none"` drew nothing). `nil` for any other reference and for `x`/`y` that are not
  /// plain numbers: the caller copies the `use` itself, as before.
  static func clipUseCopy(
    _ use: xmlNodePtr, ids: [String: xmlNodePtr], doc: xmlDocPtr,
    sheet: [SheetRules.Rule]? = nil
  ) -> xmlNodePtr? {
    guard let id = localID(attribute(use, "href")), let target = ids[id],
      shapes.contains(name(target)), name(target) != "use"
    else { return nil }
    guard let x = plainNumber(attribute(use, "x")), let y = plainNumber(attribute(use, "y")),
      let copy = xmlDocCopyNode(target, doc, 1)
    else { return nil }
    let group = newElement("g", like: use)
    var transform = attribute(use, "transform") ?? ""
    if x != 0 || y != 0 {
      transform += (transform.isEmpty ? "" : " ") + "translate(\(format(x)) \(format(y)))"
    }
    if !transform.isEmpty { xmlSetProp(group, "transform", transform) }
    for local in ["clip-path", "display", "visibility"] {
      if let value = property(use, local) { xmlSetProp(group, local, value) }
    }
    let rule = ownClipRule(target, sheet: sheet) ?? clipRule(use, sheet: sheet)
    for element in allElements(copy) {
      removeAttribute(element, "id")
      if shapes.contains(name(element)) { whiten(element, rule: rule) }
    }
    xmlAddChild(group, copy)
    return group
  }

  /// The region (x, y, width, height) of a mask standing for a clip path: 200,000 units
  /// square around the origin, or, under an invertible `transform`, the bounding box of that
  /// square mapped back through it (so that it still covers the square once transformed).
  static func maskRegion(through transform: SVGValueGrammar.Matrix?) -> [Double] {
    let side = 100_000.0
    guard let m = transform, m.isInvertible else { return [-side, -side, 2 * side, 2 * side] }
    let determinant = m.a * m.d - m.b * m.c
    let corners = [(-side, -side), (side, -side), (side, side), (-side, side)].map {
      (x, y) -> (Double, Double) in
      let dx = x - m.e
      let dy = y - m.f
      return ((m.d * dx - m.c * dy) / determinant, (-m.b * dx + m.a * dy) / determinant)
    }
    let xs = corners.map { $0.0 }.map { $0.rounded(.down) }
    let ys = corners.map { $0.1 }.map { $0.rounded(.down) }
    let minX = xs.min()!
    let minY = ys.min()!
    return [
      minX, minY, corners.map { $0.0 }.max()!.rounded(.up) - minX,
      corners.map { $0.1 }.max()!.rounded(.up) - minY,
    ]
  }

  static func isInside(_ node: xmlNodePtr, _ containers: Set<xmlNodePtr>) -> Bool {
    var current = node.pointee.parent
    while let n = current {
      if containers.contains(n) { return true }
      current = n.pointee.parent
    }
    return false
  }

  // MARK: - Zero-length subpaths with square caps

  static func fixZeroLengthCaps(_ root: xmlNodePtr) -> Bool {
    var changed = false
    var epsilon = 24.0 / 1024
    if let box = attribute(root, "viewBox") {
      let numbers = box.split { $0 == " " || $0 == "," }.compactMap { Double($0) }
      if numbers.count == 4, numbers[2] > 0, numbers[3] > 0 {
        epsilon = max(numbers[2], numbers[3]) / 1024
      }
    }
    for node in allElements(root) where name(node) == "path" {
      guard inherited(node, "stroke-linecap") == "square", let d = attribute(node, "d"),
        let fixed = PathData.squareCapFix(d, epsilon: epsilon)
      else { continue }
      xmlSetProp(node, "d", fixed)
      changed = true
    }
    return changed
  }
}
