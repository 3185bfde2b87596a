import CLibXML
import FoundationEssentials
import Glibc
import GlyphsmithCore

/// Rule 3: a reference that closes a cycle (an element that needs, to be drawn, itself or an
/// element drawing it) is in error and cut there (SVG 2 §5.6, `use`, and "Processing of
/// references": a circular reference is an error; CSS Masking §5.1 and §7.1: an invalid `clip-path` or `mask`
/// reference is as if none were given; SVG 2 §13.3: a paint server reference in error paints
/// none, its fallback aside).
///
/// The document is walked as it is drawn, from the root: each element's children, then what
/// it references (`fill`, `stroke`, `clip-path`, `mask`, `filter`, in attributes or its
/// `style`, and a `<use>`'s target; markers are left to librsvg, see `properties`). A
/// reference to an element on the path being drawn closes a cycle: a paint becomes its
/// fallback colour when it has one (`url(#p) green`), else `none`; a `clip-path`, `mask` or
/// `filter` is removed, and a `<use>` is removed (SVG 2 §5.6: it is not rendered). What
/// remains has no cycle. librsvg 2.54 instead draws a `<use>` of its own ancestor once.
enum ReferenceCycleRewrite: FidelityRewrite {
  static let name = "reference-cycle"

  /// Properties whose `url(#id)` names an element needed to draw the one holding them.
  /// Markers are not among them: librsvg 2.54 draws a marker whose content uses it again
  /// without that inner use, in each context it is drawn from (a marker `a` holding `b` and
  /// `b` holding `a` draws `a` > `b` at one end and `b` > `a` at the other), as resvg does; a
  /// rewrite of the document cannot cut per context, and cutting one reference for all drew
  /// 25 px less of such a pair.
  static let properties: Set<String> = ["fill", "stroke", "clip-path", "mask", "filter"]

  /// A reference found on an element.
  struct Reference {
    var node: xmlNodePtr
    var property: String
    /// Whether it sits in the `style` attribute (else it is the attribute `property`).
    var inStyle: Bool
    var target: xmlNodePtr
    /// The value holding the reference (a paint's fallback colour follows the url).
    var value: String = ""
  }

  static func apply(_ root: xmlNodePtr) -> Bool {
    let map = SVGNormalizer.ids(root)
    var onPath: Set<xmlNodePtr> = []
    var finished: Set<xmlNodePtr> = []
    var cuts: [Reference] = []
    var removedUses: [xmlNodePtr] = []
    // (node, entering): leaving a node takes it off the path.
    var stack: [(xmlNodePtr, Bool)] = [(root, true)]
    while let (node, entering) = stack.popLast() {
      if !entering {
        onPath.remove(node)
        finished.insert(node)
        continue
      }
      if finished.contains(node) || onPath.contains(node) { continue }
      onPath.insert(node)
      stack.append((node, false))
      var next: [xmlNodePtr] = SVGNormalizer.elements(node)
      for reference in references(of: node, ids: map) {
        if onPath.contains(reference.target) {
          if reference.property == "href" {
            removedUses.append(node)
          } else {
            cuts.append(reference)
          }
        } else if !finished.contains(reference.target) {
          next.append(reference.target)
        }
      }
      for child in next.reversed() { stack.append((child, true)) }
    }
    for cut in cuts { remove(cut) }
    for use in Set(removedUses) {
      xmlUnlinkNode(use)
      xmlFreeNode(use)
    }
    return !cuts.isEmpty || !removedUses.isEmpty
  }

  /// The references `node` holds to elements of this document.
  static func references(of node: xmlNodePtr, ids: [String: xmlNodePtr]) -> [Reference] {
    var out: [Reference] = []
    if SVGNormalizer.name(node) == "use",
      let id = SVGNormalizer.localID(SVGNormalizer.attribute(node, "href")), let target = ids[id]
    {
      out.append(Reference(node: node, property: "href", inStyle: false, target: target))
    }
    var attribute = node.pointee.properties
    while let a = attribute {
      attribute = a.pointee.next
      guard a.pointee.ns == nil, let namePointer = a.pointee.name else { continue }
      let local = String(cString: namePointer)
      guard properties.contains(local) || local == "style" else { continue }
      let raw = UnsafeMutableRawPointer(a).assumingMemoryBound(to: xmlNode.self)
      guard let value = SVGPreflight.text(xmlNodeGetContent(raw)), SVGPreflight.mayHoldURL(value) else {
        continue
      }
      if local == "style" {
        for (property, declared) in declarations(value) where properties.contains(property) {
          if let id = SVGNormalizer.localID(declared), let target = ids[id] {
            out.append(
              Reference(
                node: node, property: property, inStyle: true, target: target, value: declared))
          }
        }
      } else if let id = SVGNormalizer.localID(value), let target = ids[id] {
        out.append(
          Reference(node: node, property: local, inStyle: false, target: target, value: value))
      }
    }
    return out
  }

  /// The `property: value` pairs of a `style` attribute, properties lower-cased.
  static func declarations(_ style: String) -> [(String, String)] {
    style.split(separator: ";").compactMap { declaration in
      let parts = declaration.split(separator: ":", maxSplits: 1)
      guard parts.count == 2 else { return nil }
      return (
        parts[0].trimmingWhitespace().lowercased(),
        parts[1].trimmingWhitespace()
      )
    }
  }

  /// The fallback of a paint `url(#id) FALLBACK`, or `nil` when there is none.
  static func fallback(_ value: String) -> String? {
    guard let start = value.firstRange(of: "url("),
      let end = value[start.upperBound...].firstIndex(of: ")")
    else { return nil }
    let rest = value[value.index(after: end)...].replacingEvery("!important", with: "")
      .trimmingWhitespace()
    return rest.isEmpty ? nil : rest
  }

  /// Cuts `reference`: a paint becomes its fallback colour (SVG 2 §13.2: a reference in
  /// error uses the fallback when one is given; `url(#p) green` inside pattern `p` paints
  /// green, as Chromium and librsvg 2.54 alone draw it), else `none`; anything else is
  /// removed.
  static func remove(_ reference: Reference) {
    let paint = reference.property == "fill" || reference.property == "stroke"
    let cut = fallback(reference.value) ?? "none"
    if !reference.inStyle {
      if paint {
        xmlSetProp(reference.node, reference.property, cut)
      } else {
        SVGNormalizer.removeAttribute(reference.node, reference.property)
      }
      return
    }
    guard let style = SVGNormalizer.attribute(reference.node, "style") else { return }
    var kept: [String] = []
    for declaration in style.split(separator: ";") {
      let parts = declaration.split(separator: ":", maxSplits: 1)
      let property = parts.first?.trimmingWhitespace().lowercased()
      if property == reference.property, parts.count == 2,
        SVGNormalizer.localID(parts[1].trimmingWhitespace()) != nil
      {
        if paint { kept.append("\(reference.property):\(cut)") }
        continue
      }
      kept.append(String(declaration))
    }
    xmlSetProp(reference.node, "style", kept.joined(separator: ";"))
  }
}
