import CLibXML
import FoundationEssentials
import Glibc
import GlyphsmithCore

/// Splits an SVG's top-level `<g id="...">` groups into one document each (`appicon
/// --layers-from-groups`, issue 35): each part is the whole document (its root's size and
/// `viewBox`, its `<defs>`, `<style>` and every other element that draws only through a
/// reference) with the other top-level groups taken out, read and written by libxml2 as
/// librsvg reads it (`LibXMLReader.normalizedTree`: internal entities substituted), so the
/// parts line up on one canvas.
package enum SVGGroupSplitter {
  /// One group's document.
  package struct Part: Sendable, Equatable {
    /// The group's `id`.
    package var id: String
    /// The document holding only that group, UTF-8.
    package var data: Data
    /// The layer's name: an Inkscape layer's `inkscape:label` (`<g inkscape:groupmode="layer"
    /// inkscape:label="Background" id="layer1">`: Inkscape names layers `layer1`, `layer2`
    /// and shows the label; issue 35's third trial, finding 4b), else `id`.
    package var name: String
    /// Why the group draws nothing when the whole file is drawn, as its attributes say
    /// (`display:none`, `visibility:hidden`, `opacity:0`; the form written: `style` property or
    /// attribute), `nil` for a group shown: Inkscape writes a hidden layer as `<g
    /// inkscape:groupmode="layer" style="display:none">` and leaves it out of its exports.
    package var hidden: String? = nil
  }

  /// Why `group` is hidden (`Part.hidden`): its `style` attribute's `display: none`,
  /// `visibility: hidden` or `collapse`, `opacity: 0` (a number 0, or 0%), else the
  /// presentation attributes of those names; `nil` when none says so (a stylesheet rule
  /// is not looked at).
  static func hiddenReason(_ group: xmlNodePtr) -> String? {
    func reason(_ property: String, _ raw: String) -> String? {
      let value = raw.trimmingWhitespace().lowercased()
        .replacingEvery("!important", with: "").trimmingWhitespace()
      switch property {
      case "display" where value == "none": return "display:none"
      case "visibility" where value == "hidden" || value == "collapse":
        return "visibility:\(value)"
      case "opacity":
        let number = value.hasSuffix("%") ? String(value.dropLast()) : value
        if let n = Double(number), n <= 0 { return "opacity:\(value)" }
        return nil
      default: return nil
      }
    }
    if let style = SVGNormalizer.attribute(group, "style") {
      for declaration in style.split(separator: ";") {
        guard let colon = declaration.firstIndex(of: ":") else { continue }
        let property = declaration[..<colon].trimmingWhitespace().lowercased()
        if let why = reason(property, String(declaration[declaration.index(after: colon)...])) {
          return why
        }
      }
    }
    for property in ["display", "visibility", "opacity"] {
      if let value = SVGNormalizer.attribute(group, property),
        let why = reason(property, value)
      {
        return why.replacingEvery(":", with: "=\"") + "\""
      }
    }
    return nil
  }

  /// Elements at the top level that draw nothing themselves, kept in every part.
  static let kept: Set<String> = ElementLocator.referencedOnly.union([
    "style", "title", "desc", "metadata", "script",
  ])

  /// Whether `element` is in a namespace other than SVG's (Inkscape's `<sodipodi:namedview>`,
  /// which Inkscape writes into every file): SVG renderers draw nothing for it, so like
  /// `kept` it stays in every part (issue 35's third trial, finding 4: every Inkscape file
  /// was refused).
  static func isForeign(_ element: xmlNodePtr) -> Bool {
    guard let ns = element.pointee.ns, let href = ns.pointee.href else { return false }
    return String(cString: href) != "http://www.w3.org/2000/svg"
  }

  /// The parts of `data`, in document order (the first is drawn first, at the back).
  /// - Returns: the parts, or what is wrong (a phrase): libxml2 cannot read it, its root is
  ///   no `<svg>`, it has no top-level `<g id>`, two have one id, an id cannot be a file
  ///   name or starts with `.` (a hidden file), or an element at the top level draws outside
  ///   every such group.
  package static func split(_ data: Data) -> Result<[Part], SplitFailure> {
    split(data) { ids in ids.map { ($0, [$0]) } }
  }

  /// `data` with the top-level groups of `ids` taken out, the other groups kept (`appicon
  /// --platform android --layers-from-groups`: the foreground is every group but the
  /// background), and the ids of the groups kept, in document order.
  /// - Returns: as `split(_:)`; a failure too when no group would be left.
  package static func document(_ data: Data, without ids: Set<String>)
    -> Result<(data: Data, kept: [String]), SplitFailure>
  {
    var kept: [String] = []
    let parts = split(data) { all in
      kept = all.filter { !ids.contains($0) }
      return kept.isEmpty ? [] : [("", Set(kept))]
    }
    switch parts {
    case .failure(let failure): return .failure(failure)
    case .success(let parts):
      guard let part = parts.first else {
        return .failure(SplitFailure("it has no top-level <g id> group besides the background"))
      }
      return .success((part.data, kept))
    }
  }

  /// The documents `selection` asks for: for the top-level group ids of `data` (document
  /// order), each part's id and the ids of the groups it keeps.
  static func split(
    _ data: Data, selection: ([String]) -> [(id: String, keep: Set<String>)]
  ) -> Result<[Part], SplitFailure> {
    let (parsed, failure) = LibXMLReader.normalizedTree(data)
    guard let doc = parsed else {
      return .failure(SplitFailure("libxml2 cannot read it\(failure.map { ": \($0)" } ?? "")"))
    }
    defer { xmlFreeDoc(doc) }
    LibXMLReader.removeInternalSubset(doc)
    guard let root = xmlDocGetRootElement(doc), SVGNormalizer.name(root) == "svg" else {
      return .failure(SplitFailure("its root element is not <svg>"))
    }
    var ids: [String] = []
    var names: [String: String] = [:]
    var hidden: [String: String] = [:]
    for element in SVGNormalizer.elements(root) {
      let name = SVGNormalizer.name(element)
      if name == "g", let id = SVGNormalizer.attribute(element, "id"), !id.isEmpty {
        // An Inkscape layer is named by its label (what Inkscape's Layers panel shows).
        if SVGNormalizer.attribute(element, "groupmode") == "layer",
          let label = SVGNormalizer.attribute(element, "label")?
            .trimmingWhitespace(), !label.isEmpty
        {
          guard !label.contains("/"), label != ".", label != "..", !label.hasPrefix(".") else {
            return .failure(
              SplitFailure(
                "the Inkscape layer '\(id)' is labelled '\(label)', which cannot name a layer "
                  + "file; rename the layer"))
          }
          if let other = names.first(where: { $0.value == label }) {
            if !other.value.utf8.elementsEqual(label.utf8) {
              return .failure(
                SplitFailure(
                  "two top-level layers are named '\(other.value)' and '\(label)' (ids "
                    + "'\(other.key)' and '\(id)'), which differ only in Unicode normalisation "
                    + "(\(Self.normalForm(other.value)) and \(Self.normalForm(label))); macOS's "
                    + "file system takes their layer files for one; rename one"))
            }
            let other = other.key
            return .failure(
              SplitFailure(
                "two top-level layers are named '\(label)' (ids '\(other)' and '\(id)'); rename one"))
          }
          names[id] = label
        } else if let other = names.first(where: { $0.value == id && $0.key != id })?.key {
          return .failure(
            SplitFailure(
              "the Inkscape layer '\(other)' is labelled '\(id)', the id of another top-level "
                + "group; rename one"))
        }
        if let other = ids.first(where: { $0 == id }) {
          // Swift compares strings by canonical equivalence: `café` in NFC and in NFD are
          // one id here, two on Linux's file system, one on macOS's (issue 35's fifth trial,
          // F5: the clash was called a repeated id).
          guard other.utf8.elementsEqual(id.utf8) else {
            return .failure(
              SplitFailure(
                "two top-level groups have the ids '\(other)' and '\(id)', which differ only "
                  + "in Unicode normalisation (\(Self.normalForm(other)) and "
                  + "\(Self.normalForm(id))); macOS's file system takes their layer files for "
                  + "one; rename one"))
          }
          return .failure(SplitFailure("two top-level groups have the id '\(id)'; rename one"))
        }
        guard !id.contains("/"), id != ".", id != ".." else {
          return .failure(
            SplitFailure("the group id '\(id)' cannot name a layer file; rename it"))
        }
        // A hidden file in Assets/: Finder, many git setups and tools skip it (issue 35's
        // trial, finding 5).
        guard !id.hasPrefix(".") else {
          return .failure(
            SplitFailure(
              "the group id '\(id)' would make a hidden layer file ('\(id).svg') that Finder, "
                + "git setups and tools skip; rename it"))
        }
        ids.append(id)
        if names[id] == nil { names[id] = id }
        hidden[id] = hiddenReason(element)
      } else if !kept.contains(name), !isForeign(element) {
        let what = name == "g" ? "a <g> without an id" : "a <\(name)>"
        return .failure(
          SplitFailure(
            "\(what) at the top level draws outside every top-level <g id> group; put it in one"
          ))
      }
    }
    guard !ids.isEmpty else {
      return .failure(
        SplitFailure("it has no top-level <g id=\"...\"> group to make a layer of"))
    }
    var parts: [Part] = []
    for (id, keep) in selection(ids) {
      guard let copy = xmlCopyDoc(doc, 1) else {
        return .failure(SplitFailure("libxml2 could not copy it"))
      }
      defer { xmlFreeDoc(copy) }
      if let copyRoot = xmlDocGetRootElement(copy) {
        let removed = SVGNormalizer.elements(copyRoot).filter { element in
          SVGNormalizer.name(element) == "g"
            && SVGNormalizer.attribute(element, "id").map({ !keep.contains($0) && !$0.isEmpty })
              ?? false
        }
        for element in removed {
          // The indentation before it goes with it.
          if let previous = element.pointee.prev, previous.pointee.type == XML_TEXT_NODE,
            SVGPreflight.text(xmlNodeGetContent(previous))?.allSatisfy(\.isWhitespace) ?? false
          {
            xmlUnlinkNode(previous)
            xmlFreeNode(previous)
          }
        }
        let moved = keepReferenced(from: removed, in: copy, root: copyRoot)
        // A whole top-level group another one `<use>`s now sits in `<defs>` (issue 35's
        // second trial, finding 3): it stays.
        for element in removed where !moved.contains(element) {
          xmlUnlinkNode(element)
          xmlFreeNode(element)
        }
      }
      var buffer: UnsafeMutablePointer<xmlChar>?
      var size: Int32 = 0
      xmlDocDumpMemoryEnc(copy, &buffer, &size, "UTF-8")
      guard let buffer else { return .failure(SplitFailure("libxml2 could not write it out")) }
      parts.append(
        Part(
          id: id, data: Data(bytes: buffer, count: Int(size)), name: names[id] ?? id,
          hidden: hidden[id]))
      glyphsmith_xml_free(buffer)
    }
    return .success(parts)
  }
}

extension SVGGroupSplitter {
  /// Moves into a `<defs>` (the root's first child) each element of the groups `removed`
  /// (top-level groups of `root` about to be taken out) that what stays references, directly
  /// or through another element moved (`href="#id"`, `url(#id)` in an attribute or a
  /// `<style>` sheet): a `<use href="#dot">` in one group drawing a circle of another group
  /// draws it in its own layer too (issue 35's trial, finding 22). A referenced element is
  /// drawn through the reference, without its old ancestors' transforms or styles, so under
  /// `<defs>` it draws the same. An element moved takes its descendants with it; a whole
  /// top-level group referenced (`<use href="#logo">` of `<g id="logo">`) moves too.
  /// - Returns: the elements moved into `<defs>` (those of `removed` among them must not be
  ///   freed with the groups taken out).
  @discardableResult
  static func keepReferenced(from removed: [xmlNodePtr], in doc: xmlDocPtr, root: xmlNodePtr)
    -> Set<xmlNodePtr>
  {
    guard !removed.isEmpty else { return [] }
    let removedSet = Set(removed)
    var available = Set<String>()
    var wanted: [String] = []
    func scan(_ node: xmlNodePtr) {
      for element in SVGNormalizer.allElements(node) {
        if let id = SVGNormalizer.attribute(element, "id") { available.insert(id) }
        wanted += references(of: element)
      }
    }
    wanted += references(of: root, attributesOnly: true)
    for element in SVGNormalizer.elements(root) where !removedSet.contains(element) {
      scan(element)
    }
    var candidates: [String: xmlNodePtr] = [:]
    for group in removed {
      for element in SVGNormalizer.allElements(group) {
        if let id = SVGNormalizer.attribute(element, "id"), candidates[id] == nil {
          candidates[id] = element
        }
      }
    }
    var moved: [xmlNodePtr] = []
    var next = 0
    while next < wanted.count {
      let id = wanted[next]
      next += 1
      guard !available.contains(id), let element = candidates[id] else { continue }
      moved.append(element)
      scan(element)
    }
    guard !moved.isEmpty else { return [] }
    // An element inside another moved one goes with it.
    let movedSet = Set(moved)
    func hasMovedAncestor(_ node: xmlNodePtr) -> Bool {
      var parent = node.pointee.parent
      while let p = parent, p != root {
        if movedSet.contains(p) { return true }
        parent = p.pointee.parent
      }
      return false
    }
    let defs = xmlNewDocNode(doc, root.pointee.ns, "defs", nil)!
    if let first = root.pointee.children {
      xmlAddPrevSibling(first, defs)
    } else {
      xmlAddChild(root, defs)
    }
    for element in moved where !hasMovedAncestor(element) {
      xmlUnlinkNode(element)
      xmlAddChild(defs, element)
    }
    // Namespaces declared on a group about to be freed are declared again where needed.
    xmlReconciliateNs(doc, defs)
    return movedSet
  }

  /// The ids `element` references: `href` (any namespace) to `#id`, and each `url(#id)` in
  /// its attributes (`fill`, `clip-path`, `style`, ...) and, for `<style>`, in its sheet.
  static func references(of element: xmlNodePtr, attributesOnly: Bool = false) -> [String] {
    var out: [String] = []
    var attribute = element.pointee.properties
    while let a = attribute {
      attribute = a.pointee.next
      let local = a.pointee.name.map { String(cString: $0) } ?? ""
      let raw = UnsafeMutableRawPointer(a).assumingMemoryBound(to: xmlNode.self)
      guard let value = SVGPreflight.text(xmlNodeGetContent(raw)) else { continue }
      if local == "href", let id = SVGNormalizer.localID(value) { out.append(id) }
      out += urlReferences(value)
    }
    if !attributesOnly, SVGNormalizer.name(element) == "style",
      let sheet = SVGPreflight.text(xmlNodeGetContent(element))
    {
      out += urlReferences(sheet)
    }
    return out
  }

  /// The ids of each `url(#id)` in `text` (quotes allowed).
  static func urlReferences(_ text: String) -> [String] {
    var out: [String] = []
    var rest = Substring(text)
    while let range = rest.firstRange(of: "url(") {
      let start = range.lowerBound
      let inner = rest[range.upperBound...].prefix { $0 != ")" }
      if let id = SVGNormalizer.localID(String(rest[start...].prefix(4 + inner.count + 1))) {
        out.append(id)
      }
      rest = rest[range.upperBound...]
    }
    return out
  }
}

/// What `SVGGroupSplitter.split` finds wrong: a phrase.
package struct SplitFailure: Error, Equatable, Sendable {
  package var message: String
  package init(_ message: String) { self.message = message }
}

extension SVGGroupSplitter {
  /// The Unicode normalisation form `text` is in, for messages: `NFC` when composing it
  /// changes nothing, `NFD` when decomposing changes nothing, else `mixed`.
  package static func normalForm(_ text: String) -> String {
    if text.canonicalComposition.utf8.elementsEqual(text.utf8) { return "NFC" }
    if text.canonicalDecomposition.utf8.elementsEqual(text.utf8) { return "NFD" }
    return "mixed"
  }
}
