import CLibXML
import FoundationEssentials
import Glibc
import GlyphsmithCore

/// The one pass over an SVG's XML before librsvg reads it, through libxml2 (never Foundation's
/// XML on raw bytes: invalid UTF-8 in a name traps there). It collects every reference for
/// `ReferencePolicy`, counts `<use>` instances, and bounds what librsvg cannot survive or
/// would spend unbounded time on:
///
/// - font sizes: librsvg 2.54 panics ("assertion failed: h >= 0.0") once a computed font size
///   passes Pango's integer range (about 2 million px), and FreeType fails ("FreetypeError")
///   once the size at the output scale passes about 20,000 px; absolute sizes are clamped to
///   4096 px (12,288 px at @3x) and relative ones (em, ex, %, larger) so that even fully
///   nested they stay under 4096 px;
/// - `feTurbulence numOctaves`: each octave adds half the amplitude of the one before, so
///   octaves past the 24th change no 8-bit pixel; they are clamped to 24;
/// - text: more than `InputLimits.maxText` characters in `<text>` elements is refused;
/// - dashes: cairo strokes every dash on its own, so `stroke-dasharray="0.01"` on a long
///   polyline is millions of strokes (issue 23: lint timed out at 650 MB); a document whose
///   shortest dash period along all its outlines (an upper bound of their length, times the
///   `<use>` instances) makes more than `maximumDashes` dashes is refused;
/// - stroke widths past `maximumStrokeWidth` user units are refused: cairo draws a round cap
///   or join of a stroke 1e19 wide with billions of segments (issue 23: lint 7-10 s, 930 MB);
/// - images inside the SVG (`<image>`, `<feImage>`: `data:` URIs and files in the input's
///   folder) are held to the PNG inputs' `InputLimits.maxPixels` from their headers
///   (`RasterHeader`), before anything decodes them; a nested SVG goes through this pass
///   itself (three levels deep), a `data:` one rewritten when it was bounded.
///
/// The pass reads the canonical document (`CanonicalSVG`, issue 33): entities, character
/// references and the internal subset applied, UTF-8, comments dropped, CSS re-written by its
/// tokens; every document goes through it, whatever its bytes. When nothing needs bounding or
/// normalising, the bytes librsvg reads are the canonical document's.
enum SVGPreflight {
  /// What the pass found.
  struct Findings {
    /// `href` / `xlink:href` attribute values and `<?xml-stylesheet href?>`.
    var hrefs: [String] = []
    /// `url(...)` references in presentation attributes, `style` attributes and `<style>`.
    var cssURLs: [String] = []
    /// `@import` references in `<style>`.
    var imports: [String] = []
    /// The external DTD's system (or public) identifier, when one is declared.
    var externalDTD: String?
    /// `<use>` instances the document expands to (saturating past the limit).
    var useInstances = 0
    /// Font sizes that were bounded, as written, with what they became (`"1e9" -> "10000px"`).
    var boundedFontSizes: [(from: String, to: String)] = []
    /// The document to give librsvg when something was bounded; `nil`: the input as is.
    var rewritten: Data?
    /// References removed because `run`'s verdict refused them (never read), in document
    /// order.
    var droppedReferences: [ReferenceDropper.Dropped] = []
    /// `SVGNormalizer`'s fixes applied (`use-symbol`, `clip-path`, ...).
    var normalizations: [String] = []
    /// Why the document must be refused as too costly (`RenderError.tooLarge`'s `what`,
    /// naming the option that raises the limit), or `nil`.
    var tooLarge: String?
    /// Why the document cannot be read as librsvg would read it (`nil`: it can).
    var unfaithful: String?
    /// Whether `rewritten` is the document re-serialised in UTF-8 with its DTD applied (an
    /// internal subset, or another encoding), so readers of the text should read it instead.
    var normalizedSource = false
    /// Characters of text in `<text>` elements, entities substituted.
    var textCharacters = 0
    /// `href` values of `<image>` and `<feImage>` elements, with their nodes.
    var images: [(node: xmlNodePtr, reference: String)] = []
  }

  /// Absolute font sizes are clamped to this many px.
  static let maximumFontSize = 4096.0
  /// Computed font sizes stay under this many px even with every relative size nested.
  static let maximumComputedFontSize = 4096.0
  /// `feTurbulence numOctaves` past this changes no 8-bit pixel (amplitude 2^-24).
  static let maximumOctaves = 24
  /// Most dashes a document's dash patterns may make along its outlines (an icon's dashed
  /// circle makes dozens).
  static let maximumDashes = 50_000
  /// Widest stroke accepted, in user units (px for absolute units): a million, a thousand
  /// times the App Store icon's side.
  static let maximumStrokeWidth = 1e6

  /// Parses `data` (a canonical document, `CanonicalSVG.read`) with libxml2
  /// (`LibXMLReader.normalizedTree`: no network, no entity loading, no error output). Returns
  /// `nil` when libxml2 cannot parse it.
  /// `verdict` names the reason a reference must not be read (`nil`: keep it); those it
  /// refuses are removed from the document (see `ReferenceDropper`). Documents within
  /// `maxUse` are then normalised for librsvg (see `SVGNormalizer`) unless `normalize` is
  /// false.
  /// `limits` bounds `<use>` instances, text and images; `baseDirectory` is where images in
  /// files are found (`nil`: none are read). `depth` counts nested SVG images (three at most).
  /// `tree`: the canonical tree of `data` (`CanonicalSVG.read`), read (and changed) instead
  /// of parsing `data` again; the caller frees it.
  static func run(
    _ data: Data, tree: xmlDocPtr? = nil, limits: InputLimits, baseDirectory: URL? = nil,
    verdict: (String) -> String? = { _ in nil }, normalize: Bool = true, depth: Int = 0
  ) -> Findings? {
    let maxUse = limits.maxUse
    let doc: xmlDocPtr
    if let tree {
      doc = tree
    } else {
      let normalized = LibXMLReader.normalizedTree(data)
      guard let parsed = normalized.doc else {
        // Not even a plain read: librsvg reports the syntax error itself.
        guard let plain = LibXMLReader.tree(data) else { return nil }
        xmlFreeDoc(plain)
        var refused = Findings()
        refused.unfaithful = normalized.failure ?? "libxml2 cannot apply its DTD"
        return refused
      }
      doc = parsed
    }
    defer { if tree == nil { xmlFreeDoc(doc) } }
    let rewriteAsUTF8 = LibXMLReader.needsNormalizedBytes(doc, data: data)
    var walk = Walk(maxUse: maxUse)
    if let dtd = doc.pointee.extSubset ?? doc.pointee.intSubset,
      dtd.pointee.SystemID != nil || dtd.pointee.ExternalID != nil
    {
      walk.findings.externalDTD =
        text(dtd.pointee.SystemID) ?? text(dtd.pointee.ExternalID) ?? "external DTD"
    }
    if let root = xmlDocGetRootElement(doc) { walk.visit(root) }
    var child = doc.pointee.children
    while let node = child {
      walk.processingInstruction(node)
      child = node.pointee.next
    }
    walk.countUses()
    if let root = xmlDocGetRootElement(doc),
      let refusal = ReferenceBounds.check(root, limits: limits)
    {
      walk.findings.tooLarge = refusal
    }
    if let period = walk.dashPeriods.min() {
      let outlineLength = walk.outlineLength
      let dashes = outlineLength / period * Double(1 + walk.findings.useInstances)
      if !(dashes <= Double(maximumDashes)) {
        walk.findings.tooLarge =
          "stroke-dasharray repeats every \(String(cFormat: "%g", period)) units along up to "
          + "\(String(cFormat: "%g", outlineLength)) units of outline: about "
          + "\(String(cFormat: "%.0f", min(dashes, 1e18))) dashes, past the \(maximumDashes) "
          + "cairo draws in an icon's budget; lengthen the dashes or draw them as paths"
      }
    }
    if let width = walk.widestStroke {
      walk.findings.tooLarge =
        walk.findings.tooLarge
        ?? "stroke-width \(width) is past the \(String(cFormat: "%g", maximumStrokeWidth)) units "
        + "cairo draws in an icon's budget; give a width the canvas can show"
    }
    if walk.findings.textCharacters > limits.maxText {
      walk.findings.tooLarge =
        "\(walk.findings.textCharacters) characters of <text>; icons are limited to "
        + "\(limits.maxText) (--max-text); draw long text as paths"
    }
    let images = EmbeddedImages.check(
      walk.findings.images, limits: limits, baseDirectory: baseDirectory, verdict: verdict,
      depth: depth)
    if let refusal = images.tooLarge { walk.findings.tooLarge = walk.findings.tooLarge ?? refusal }
    walk.findings.boundedFontSizes += images.boundedFontSizes
    // Font sizes first: the walk holds nodes the normalisation may replace.
    let bounded = walk.boundFontSizes()
    walk.findings.droppedReferences = ReferenceDropper.drop(in: doc) { reference in
      verdict(reference) ?? images.dropped[reference]
    }
    if normalize && walk.findings.useInstances <= maxUse {
      walk.findings.normalizations = SVGNormalizer.normalize(doc, maxUse: maxUse)
    }
    if rewriteAsUTF8 || bounded || walk.changedOctaves || images.rewritten
      || !walk.findings.droppedReferences.isEmpty || !walk.findings.normalizations.isEmpty
    {
      var buffer: UnsafeMutablePointer<xmlChar>?
      var size: Int32 = 0
      if rewriteAsUTF8 {
        walk.findings.normalizedSource = true
        LibXMLReader.removeInternalSubset(doc)
        xmlDocDumpMemoryEnc(doc, &buffer, &size, "UTF-8")
      } else {
        xmlDocDumpMemory(doc, &buffer, &size)
      }
      if let buffer {
        walk.findings.rewritten = LibXMLReader.withoutDeclarationAtTheLimit(
          Data(bytes: buffer, count: Int(size)))
        glyphsmith_xml_free(buffer)
      }
    }
    return walk.findings
  }

  static func text(_ pointer: UnsafePointer<xmlChar>?) -> String? {
    pointer.map { String(cString: $0) }
  }

  static func text(_ pointer: UnsafeMutablePointer<xmlChar>?) -> String? {
    guard let pointer else { return nil }
    defer { glyphsmith_xml_free(pointer) }
    return String(cString: pointer)
  }

  /// A font-size value found in an attribute or CSS, for `boundFontSizes`.
  struct FontSize {
    enum Place {
      case attribute(xmlNodePtr, name: String)
      case styleAttribute(xmlNodePtr)
      case styleElement(xmlNodePtr)
    }
    var place: Place
    /// For CSS text: the value's range in the text (UTF-16 offsets, as `NSString` counted).
    var range: UTF16Range?
    var number: Double
    var unit: String
    /// How often the declaration may apply along one path: 1 for attributes, the tree's depth
    /// for style sheet rules.
    var weight: Int

    var isRelative: Bool { unit == "em" || unit == "ex" || unit == "%" || unit == "rem" }
    /// The factor a relative size multiplies its parent's by.
    var factor: Double {
      switch unit {
      case "ex": return number / 2
      case "%": return number / 100
      default: return number
      }
    }
    /// An absolute size in px at 96 dpi.
    var pixels: Double { SVGPreflight.pixels(number, unit: unit) }
  }

  struct Walk {
    let maxUse: Int
    var findings = Findings()
    var fontSizes: [FontSize] = []
    var changedOctaves = false
    var depth = 0
    var ids: [String: xmlNodePtr] = [:]
    var uses: [(node: xmlNodePtr, target: String)] = []

    init(maxUse: Int) { self.maxUse = maxUse }

    /// Visits `root` and every element below it, depth first, without recursion.
    mutating func visit(_ root: xmlNodePtr) {
      var stack: [(xmlNodePtr, Int)] = [(root, 1)]
      while let (node, level) = stack.popLast() {
        depth = max(depth, level)
        element(node)
        var children: [xmlNodePtr] = []
        var child = node.pointee.children
        while let c = child {
          if c.pointee.type == XML_ELEMENT_NODE { children.append(c) }
          child = c.pointee.next
        }
        for c in children.reversed() { stack.append((c, level + 1)) }
      }
    }

    mutating func processingInstruction(_ node: xmlNodePtr) {
      guard node.pointee.type == XML_PI_NODE,
        SVGPreflight.text(node.pointee.name) == "xml-stylesheet",
        let content = SVGPreflight.text(xmlNodeGetContent(node)),
        let start = content.firstRange(of: "href=")
      else { return }
      let rest = content[start.upperBound...]
      guard let quote = rest.first, quote == "\"" || quote == "'" else { return }
      findings.hrefs.append(String(rest.dropFirst().prefix { $0 != quote }))
    }

    /// The period (sum of one cycle) of every dash pattern that draws dashes, in user units.
    var dashPeriods: [Double] = []
    /// One outline's part of `outlineLength`: a length, or a path's data, measured only when
    /// asked (issue 36: parsing every path of every icon for a bound that only a document with
    /// a dash pattern uses was 3 % of an `assets` worker's CPU).
    enum OutlinePart {
      case length(Double)
      case path(String)
    }
    /// The outlines' parts, in document order.
    var outlineParts: [OutlinePart] = []
    /// An upper bound of the length of every outline in the document, in user units: the
    /// parts added up in document order (the same sum as when each was added as it was met).
    var outlineLength: Double {
      var total = 0.0
      for part in outlineParts {
        switch part {
        case .length(let length): total += length
        case .path(let d):
          // Unparsable data: librsvg draws up to the error; its length still bounds it.
          total += PathData.lengthBound(d) ?? Double(d.utf8.count) * 1e6
        }
      }
      return total
    }

    /// Adds the outline of a shape element to `outlineLength`.
    mutating func addOutline(_ node: xmlNodePtr, name: String) {
      func value(_ attribute: String) -> Double {
        SVGNormalizer.attribute(node, attribute).flatMap(SVGPreflight.number).map { abs($0.0) }
          ?? 0
      }
      switch name {
      case "path":
        if let d = SVGNormalizer.attribute(node, "d") { outlineParts.append(.path(d)) }
      case "polyline", "polygon":
        let numbers = (SVGNormalizer.attribute(node, "points") ?? "")
          .split(whereSeparator: { $0 == "," || $0 == " " || $0 == "\n" || $0 == "\t" })
          .compactMap { Double($0) }
        var points: [(Double, Double)] = stride(from: 0, to: numbers.count - 1, by: 2).map {
          (numbers[$0], numbers[$0 + 1])
        }
        if name == "polygon", let first = points.first { points.append(first) }
        for (a, b) in zip(points, points.dropFirst()) {
          outlineParts.append(.length(hypot(b.0 - a.0, b.1 - a.1)))
        }
      case "line":
        outlineParts.append(.length(hypot(value("x2") - value("x1"), value("y2") - value("y1"))))
      case "rect": outlineParts.append(.length(2 * (value("width") + value("height"))))
      case "circle": outlineParts.append(.length(2 * Double.pi * value("r")))
      case "ellipse": outlineParts.append(.length(2 * Double.pi * max(value("rx"), value("ry"))))
      default: break
      }
    }

    /// The first stroke width past `maximumStrokeWidth`, as written.
    var widestStroke: String?

    /// Records a `stroke-width` value past `maximumStrokeWidth`.
    mutating func addStrokeWidth(_ value: String) {
      guard widestStroke == nil, let (number, unit) = SVGPreflight.number(value) else { return }
      if !(abs(SVGPreflight.pixels(number, unit: unit)) <= maximumStrokeWidth) {
        widestStroke = value.trimmingWhitespace()
      }
    }

    /// Records the period of a `stroke-dasharray` value (none, zero or negative: no dashes).
    mutating func addDashes(_ value: String) {
      let lengths = value.split(whereSeparator: { $0 == "," || $0 == " " || $0 == "\t" })
        .compactMap { SVGPreflight.number(String($0))?.0 }
      guard !lengths.isEmpty, lengths.allSatisfy({ $0 >= 0 }) else { return }
      let sum = lengths.reduce(0, +) * (lengths.count % 2 == 1 ? 2 : 1)
      if sum > 0 { dashPeriods.append(sum) }
    }

    /// `<text>` elements and the elements inside them (a text's characters are counted once,
    /// at the outermost).
    var insideText: Set<xmlNodePtr> = []

    mutating func element(_ node: xmlNodePtr) {
      let name = SVGPreflight.text(node.pointee.name) ?? ""
      let inText = node.pointee.parent.map { insideText.contains($0) } ?? false
      if name == "text" && !inText {
        let content = SVGPreflight.text(xmlNodeGetContent(node)) ?? ""
        findings.textCharacters += content.unicodeScalars.count
      }
      if name == "text" || inText { insideText.insert(node) }
      addOutline(node, name: name)
      var attribute = node.pointee.properties
      while let attr = attribute {
        attribute = attr.pointee.next
        let attrName = SVGPreflight.text(attr.pointee.name) ?? ""
        guard
          let value = SVGPreflight.text(
            xmlNodeGetContent(
              UnsafeMutableRawPointer(attr)
                .assumingMemoryBound(to: xmlNode.self)))
        else { continue }
        switch attrName {
        case "href":
          findings.hrefs.append(value)
          if name == "use" { uses.append((node, value)) }
          if name == "image" || name == "feImage" { findings.images.append((node, value)) }
        case "id":
          if ids[value] == nil { ids[value] = node }
        case "style":
          scanCSS(value, place: .styleAttribute(node), weight: 1)
        case "font-size":
          if let (number, unit) = SVGPreflight.number(value) {
            fontSizes.append(
              FontSize(
                place: .attribute(node, name: "font-size"), range: nil, number: number,
                unit: unit, weight: 1))
          } else if value.trimmingWhitespace() == "larger" {
            fontSizes.append(
              FontSize(
                place: .attribute(node, name: "font-size"), range: nil, number: 1.2, unit: "em",
                weight: 1))
          }
        case "stroke-dasharray":
          addDashes(value)
        case "stroke-width":
          addStrokeWidth(value)
        case "numOctaves" where name == "feTurbulence":
          if let (number, _) = SVGPreflight.number(value),
            !(number <= Double(maximumOctaves))
          {
            xmlSetProp(node, "numOctaves", "\(maximumOctaves)")
            changedOctaves = true
          }
        default:
          if SVGPreflight.mayHoldURL(value) { findings.cssURLs += SVGPreflight.urls(in: value) }
        }
      }
      if name == "style", let css = SVGPreflight.text(xmlNodeGetContent(node)) {
        findings.imports += SVGPreflight.imports(in: CSSUnescaper.unescape(css)?.text ?? css)
        // A rule may apply at every level of the tree; weighted by depth once it is known.
        scanCSS(css, place: .styleElement(node), weight: -1)
      }
    }

    /// Reads CSS as librsvg's parser does, escapes resolved (`\\31 e9` is `1e9`); the ranges
    /// kept are the original text's, so a bounded value replaces the escaped one.
    mutating func scanCSS(_ css: String, place: FontSize.Place, weight: Int) {
      let unescaped = CSSUnescaper.unescape(css)
      let plain = unescaped?.text ?? css
      if SVGPreflight.mayHoldURL(plain) { findings.cssURLs += SVGPreflight.urls(in: plain) }
      for value in SVGPreflight.declarations("stroke-dasharray", in: plain) { addDashes(value) }
      for value in SVGPreflight.declarations("stroke-width", in: plain) { addStrokeWidth(value) }
      guard plain.lowercased().contains("font") else { return }
      for (range, number, unit) in SVGPreflight.cssFontSizes(plain) {
        let original = unescaped.map { CSSUnescaper.originalRange(range, origins: $0.origins) }
        fontSizes.append(
          FontSize(
            place: place, range: original ?? range, number: number, unit: unit, weight: weight))
      }
    }

    /// Counts `<use>` instances: an element's count is its children's plus, for a use, one
    /// and its target's; a use closing a cycle adds its target's count once more
    /// (librsvg expands it once before it refuses the cycle).
    mutating func countUses() {
      guard !uses.isEmpty else { return }
      let limit = maxUse + 1
      var useTarget: [xmlNodePtr: xmlNodePtr] = [:]
      for (node, target) in uses where target.hasPrefix("#") {
        if let found = ids[String(target.dropFirst())] { useTarget[node] = found }
      }
      let isUse = Set(uses.map(\.node))
      var memo: [xmlNodePtr: Int] = [:]
      var inProgress: Set<xmlNodePtr> = []
      // Targets of uses that close a cycle: librsvg expands each once more before it sees the
      // cycle, so each counts its content once more (fuzzing found a group using itself six
      // times, 500,000 references deep in librsvg).
      var cycleTargets: [xmlNodePtr] = []
      // Content under defs and symbol is drawn only through a use, which counts it.
      func successors(_ node: xmlNodePtr) -> [xmlNodePtr] {
        var out: [xmlNodePtr] = []
        var child = node.pointee.children
        while let c = child {
          if c.pointee.type == XML_ELEMENT_NODE {
            let name = SVGPreflight.text(c.pointee.name)
            if name != "defs" && name != "symbol" { out.append(c) }
          }
          child = c.pointee.next
        }
        if let target = useTarget[node] { out.append(target) }
        return out
      }
      var roots: [xmlNodePtr] = []
      if let first = uses.first, let doc = first.node.pointee.doc,
        let root = xmlDocGetRootElement(doc)
      {
        roots.append(root)
      }
      var stack: [(xmlNodePtr, Bool)] = roots.map { ($0, false) }
      while let (node, expanded) = stack.popLast() {
        if expanded {
          var total = isUse.contains(node) ? 1 : 0
          for s in successors(node) {
            if memo[s] == nil && inProgress.contains(s) { cycleTargets.append(s) }
            total = min(limit, total + (memo[s] ?? 0))
          }
          memo[node] = total
          inProgress.remove(node)
          continue
        }
        if memo[node] != nil || inProgress.contains(node) { continue }
        inProgress.insert(node)
        stack.append((node, true))
        for s in successors(node) where memo[s] == nil && !inProgress.contains(s) {
          stack.append((s, false))
        }
      }
      let extra = cycleTargets.reduce(0) { min(limit, $0 + (memo[$1] ?? 0)) }
      findings.useInstances = min(limit, (roots.first.flatMap { memo[$0] } ?? 0) + extra)
      // A cycle draws nothing (SVG 2 §5.6: a circular reference is an error); one use closing
      // it is expanded once and refused (FidelityTests), but two or more compound: librsvg
      // expands them up to its 500,000 references before it refuses them (issue 33's
      // fuzzing: a group using itself ten times took 15 s in a release build), whatever the
      // count.
      if cycleTargets.count > 1, let target = cycleTargets.first {
        let id = SVGNormalizer.attribute(target, "id") ?? "?"
        findings.tooLarge =
          findings.tooLarge
          ?? "a <use> of #\(id) sits inside #\(id) (a circular reference, which draws nothing); "
          + "librsvg expands such a cycle up to 500,000 times before it refuses it; remove the use"
      }
    }

    /// Rewrites font sizes when the worst case (every relative size nested under the largest
    /// absolute one) passes `maximumComputedFontSize`. Returns whether anything changed.
    mutating func boundFontSizes() -> Bool {
      guard !fontSizes.isEmpty else { return false }
      var changed: [Int: Double] = [:]
      var largest = 16.0
      var exponent = 0
      var logProduct = 0.0
      for (index, size) in fontSizes.enumerated() {
        let weight = size.weight < 0 ? max(1, depth) : size.weight
        if size.isRelative {
          if size.factor > 1 {
            exponent += weight
            logProduct += Double(weight) * log(size.factor)
          }
        } else if !(size.pixels <= maximumFontSize) {
          changed[index] = maximumFontSize
        } else {
          largest = max(largest, size.pixels)
        }
      }
      if !changed.isEmpty { largest = max(largest, maximumFontSize) }
      if exponent > 0, log(largest) + logProduct > log(maximumComputedFontSize) {
        let factor = exp((log(maximumComputedFontSize) - log(largest)) / Double(exponent))
        for (index, size) in fontSizes.enumerated() where size.isRelative && size.factor > 1 {
          // In the size's own unit: em and rem as is, ex doubled, % times 100.
          let scaled = min(size.factor, factor)
          changed[index] = size.unit == "ex" ? scaled * 2 : size.unit == "%" ? scaled * 100 : scaled
        }
      }
      guard !changed.isEmpty else { return false }
      // Attributes are set directly; CSS texts are rewritten from their last value backwards.
      var cssEdits: [xmlNodePtr: (isStyleElement: Bool, edits: [(UTF16Range, String)])] = [:]
      for (index, value) in changed {
        let size = fontSizes[index]
        let unit = size.isRelative ? (size.unit == "larger" ? "em" : size.unit) : "px"
        let replacement = String(cFormat: "%.6g", value) + unit
        findings.boundedFontSizes.append(
          (String(cFormat: "%g", size.number) + size.unit, replacement))
        switch size.place {
        case .attribute(let node, let name):
          xmlSetProp(node, name, replacement)
        case .styleAttribute(let node):
          cssEdits[node, default: (false, [])].edits.append((size.range!, replacement))
        case .styleElement(let node):
          cssEdits[node, default: (true, [])].edits.append((size.range!, replacement))
        }
      }
      for (node, entry) in cssEdits {
        let original =
          entry.isStyleElement
          ? SVGPreflight.text(xmlNodeGetContent(node)) ?? ""
          : SVGPreflight.text(xmlGetProp(node, "style")) ?? ""
        var text = Array(original.utf16)
        for (range, replacement) in entry.edits.sorted(by: { $0.0.location > $1.0.location }) {
          text.replaceSubrange(
            range.location..<range.location + range.length, with: Array(replacement.utf16))
        }
        let css = String(decoding: text, as: UTF16.self)
        if entry.isStyleElement {
          // Replace the children with one text node (escaped on output).
          while let child = node.pointee.children {
            xmlUnlinkNode(child)
            xmlFreeNode(child)
          }
          if let textNode = xmlNewText(css) { xmlAddChild(node, textNode) }
        } else {
          xmlSetProp(node, "style", css)
        }
      }
      return true
    }
  }

  /// `number` in `unit` (lower case) as px at 96 dpi; other units (em, %, none) as is.
  static func pixels(_ number: Double, unit: String) -> Double {
    switch unit {
    case "pt": return number * 96 / 72
    case "pc": return number * 16
    case "in": return number * 96
    case "cm": return number * 96 / 2.54
    case "mm": return number * 96 / 25.4
    default: return number
    }
  }

  // MARK: - Small CSS readers (values only; librsvg parses the CSS itself)

  /// A number with its unit (lower-cased; "" for none): `1e9px` -> (1e9, "px").
  static func number(_ text: String) -> (Double, String)? {
    let trimmed = text.trimmingWhitespace()
    let numberPart = trimmed.prefix { "0123456789.eE+-".contains($0) }
    // "1em": the e belongs to the unit, not an exponent.
    var digits = String(numberPart)
    while !digits.isEmpty, Double(digits) == nil { digits.removeLast() }
    guard let value = Double(digits) else { return nil }
    let unit = trimmed.dropFirst(digits.count).prefix { $0.isLetter || $0 == "%" }
    return (value, unit.lowercased())
  }

  /// `font-size` values and the size inside `font` shorthands, with their ranges.
  static func cssFontSizes(_ css: String) -> [(UTF16Range, Double, String)] {
    let text = Array(css.utf16)
    func substring(_ location: Int, _ length: Int) -> String {
      String(decoding: text[location..<location + length], as: UTF16.self)
    }
    /// Where "font" starts at or after `from`, ASCII letters in any case.
    func font(from: Int) -> Int? {
      let word = Array("font".utf16)
      var at = from
      while at + word.count <= text.count {
        if (0..<word.count).allSatisfy({ k in
          let unit = text[at + k]
          return unit == word[k] || unit == word[k] - 32
        }) {
          return at
        }
        at += 1
      }
      return nil
    }
    var out: [(UTF16Range, Double, String)] = []
    var search = 0
    while true {
      guard let found = font(from: search) else { break }
      var i = found + 4
      search = i
      var shorthand = true
      if i + 5 <= text.count, substring(i, 5).lowercased() == "-size" {
        shorthand = false
        i += 5
      }
      while i < text.count, let c = UnicodeScalar(text[i]),
        c == " " || c == "\t" || c == "\n"
      { i += 1 }
      guard i < text.count, text[i] == UInt16(UInt8(ascii: ":")) else { continue }
      i += 1
      var end = i
      while end < text.count {
        let c = text[end]
        if c == UInt16(UInt8(ascii: ";")) || c == UInt16(UInt8(ascii: "}"))
          || c == UInt16(UInt8(ascii: "!"))
        {
          break
        }
        end += 1
      }
      // Each whitespace-separated token of the value; the size is the first that is a number
      // (in a shorthand, possibly followed by /line-height).
      var tokenStart = i
      var k = i
      while k <= end {
        let atEnd = k == end
        let c = atEnd ? UInt16(32) : text[k]
        if c == 32 || c == 9 || c == 10 || c == 13 || c == UInt16(UInt8(ascii: "/")) {
          if k > tokenStart {
            let token = substring(tokenStart, k - tokenStart)
            if let (value, unit) = number(token),
              !(shorthand && unit.isEmpty && value < 1000 && value.rounded() == value
                && value.truncatingRemainder(dividingBy: 100) == 0 && value <= 900)
            {
              let length = token.count
              out.append((UTF16Range(location: tokenStart, length: length), value, unit))
              break
            } else if token.lowercased() == "larger" {
              out.append((UTF16Range(location: tokenStart, length: 6), 1.2, "em"))
              break
            }
          }
          if c == UInt16(UInt8(ascii: "/")) { break }
          tokenStart = k + 1
        }
        k += 1
      }
      search = end
    }
    return out
  }

  /// The values of every `property: value` declaration of `property` in `css` (up to `;`,
  /// `}` or `!`), case-insensitively.
  static func declarations(_ property: String, in css: String) -> [String] {
    var values: [String] = []
    var rest = css[...]
    while let found = rest.firstRangeIgnoringASCIICase(of: property) {
      rest = rest[found.upperBound...].drop { $0 == " " || $0 == "\t" || $0 == "\n" }
      guard rest.first == ":" else { continue }
      let value = rest.dropFirst().prefix { $0 != ";" && $0 != "}" && $0 != "!" }
      values.append(String(value))
      rest = rest.dropFirst(value.count + 1)
    }
    return values
  }

  /// Whether `text` holds `url(` as `String.contains` finds it (by `Character`): its UTF-8
  /// bytes are searched first, and only text whose bytes hold it is searched again by
  /// `Character`. `contains` alone on every attribute cost a single `render` 0.45 M
  /// instructions (a searcher's `[Character: Int]` table per call; issue 36).
  static func mayHoldURL(_ text: String) -> Bool {
    let holdsBytes = text.utf8.withContiguousStorageIfAvailable { bytes in
      guard bytes.count >= 4 else { return false }
      for start in 0...(bytes.count - 4)
      where bytes[start] == 0x75 && bytes[start + 1] == 0x72 && bytes[start + 2] == 0x6C
        && bytes[start + 3] == 0x28
      {
        return true
      }
      return false
    }
    return holdsBytes != false && text.contains("url(")
  }

  /// The references inside `url(...)`, quotes removed.
  static func urls(in css: String) -> [String] {
    var out: [String] = []
    var rest = css[...]
    while let found = rest.firstRange(of: "url(") {
      var tail = rest[found.upperBound...].drop { $0 == " " || $0 == "\t" || $0 == "\n" }
      let quote = tail.first == "\"" || tail.first == "'" ? tail.first : nil
      if quote != nil { tail = tail.dropFirst() }
      let reference = tail.prefix { c in quote.map { c != $0 } ?? (c != ")") }
      out.append(String(reference).trimmingWhitespace())
      rest = tail[reference.endIndex...]
    }
    return out
  }

  /// The references of `@import url(...)` / `@import "..."`.
  static func imports(in css: String) -> [String] {
    var out: [String] = []
    var rest = css[...]
    while let found = rest.firstRange(of: "@import") {
      var tail = rest[found.upperBound...].drop { $0 == " " || $0 == "\t" || $0 == "\n" }
      if tail.hasPrefix("url(") { tail = tail.dropFirst(4).drop { $0 == " " } }
      let quote = tail.first == "\"" || tail.first == "'" ? tail.first : nil
      if quote != nil { tail = tail.dropFirst() }
      let reference = tail.prefix { c in
        quote.map { c != $0 } ?? (c != ")" && c != ";" && c != " " && c != "\n")
      }
      out.append(String(reference))
      rest = rest[found.upperBound...]
    }
    return out
  }
}
