import CLibXML
import Dispatch
import FoundationEssentials
import Glibc
import GlyphsmithCore

/// The one read every SVG goes through before anything checks or draws it (issue 33): what it
/// returns is the document the checks (`SVGPreflight`) read and, with only their bounds
/// applied, the bytes librsvg reads. Nothing decides by scanning bytes whether it runs.
///
/// - A gzip-compressed document (as librsvg reads `.svgz`) is inflated first, to at most
///   `SVGDocument.maximumFileSize` bytes (zlib, stopping there).
/// - The encoding must be one `SVGEncoding` accepts (UTF-8, UTF-16, ISO-8859-x, Windows
///   single-byte); any other is refused by name.
/// - One libxml2 read (`LibXMLReader.normalizedTree`): entities and character references
///   substituted, the internal subset's attribute defaults applied; no network, no external
///   DTD or entity, libxml2's limits.
/// - Comments and the DOCTYPE are removed.
/// - Every CSS text is re-written by `CSSTokenizer.canonical`: the `style` attribute, `<style>`
///   elements and every attribute in no namespace except those whose grammar is not CSS
///   (`notCSS`: `d`, `id`, `class`, ...).
/// - `data:` URLs holding an SVG (any `href`, and `url()` in CSS; gzip-compressed too) are
///   canonicalised the same way, `maximumDepth` levels deep, and written back as
///   `data:image/svg+xml;base64,`.
/// - The tree is written out in UTF-8.
enum CanonicalSVG {
  /// What the read made.
  struct Document {
    /// The canonical document, UTF-8.
    var data: Data
    /// The external DTD's system (or public) identifier the input declared (never loaded).
    var externalDTD: String?
    /// Whether its elements or text may differ from the input's own (an internal subset
    /// applied, another encoding or gzip decoded), so readers that report lines and columns
    /// must read `data`; `false`: only comments, CSS spelling and XML formatting differ.
    var restructured: Bool
  }

  /// `data:` SVG images are read this many levels deep; deeper ones are refused.
  static let maximumDepth = 3

  /// Attributes in no namespace whose values are not CSS (librsvg parses them with grammars
  /// of their own, or not at all), left as written.
  static let notCSS: Set<String> = [
    "d", "id", "class", "href", "lang", "type", "media", "title", "role", "tabindex",
    "target", "requiredExtensions", "requiredFeatures", "systemLanguage", "unicode",
    "glyph-name", "version", "baseProfile", "contentScriptType", "contentStyleType",
    "zoomAndPan", "externalResourcesRequired",
  ]

  /// Reads `data` canonically.
  /// - Parameters:
  ///   - path: the file named in messages.
  ///   - depth: how many `data:` SVG images enclose this document.
  /// - Throws: `RenderError.invalidSVG` naming the refused encoding, libxml2's syntax error
  ///   (`XML parse error at line L, column C: ...`), or why the document cannot be read as
  ///   librsvg would (an entity past libxml2's limits, an external entity); `.tooLarge` when
  ///   a gzip stream inflates past 10 MiB or `data:` SVG images nest deeper than
  ///   `maximumDepth`.
  static func read(_ data: Data, path: String, depth: Int = 0) throws -> Document {
    try read(data, path: path, depth: depth) { _, document in document }
  }

  /// Reads `data` canonically and gives `body` the canonical tree with the document written
  /// from it (the one libxml2 read: the checks read the tree instead of parsing `data`
  /// again). `body` may change the tree (bounds, normalisation); it is freed afterwards.
  /// - Throws: what `read` throws, and what `body` throws.
  static func read<T>(
    _ data: Data, path: String, depth: Int = 0, _ body: (xmlDocPtr, Document) throws -> T
  ) throws -> T {
    // Timed for `--stats` (`CanonicalReadClock`); a nested `data:` SVG's read is part of
    // its enclosing document's.
    let started = DispatchTime.now().uptimeNanoseconds
    var input = data
    var restructured = false
    if input.starts(with: [0x1F, 0x8B]) {
      input = try gunzip(input, path: path)
      restructured = true
    }
    switch SVGEncoding.verdict(input) {
    case .refused(let name):
      throw RenderError.invalidSVG(
        path: path,
        message:
          "it is encoded in \(name), which Glyphsmith does not read; save it as UTF-8 "
          + "(UTF-8, UTF-16, ISO-8859-1 to -16 and Windows-1250 to -1258 are read)")
    case .accepted: break
    }
    let normalized = LibXMLReader.normalizedTree(input)
    guard let doc = normalized.doc else {
      if let plain = LibXMLReader.tree(input) {
        xmlFreeDoc(plain)
        throw RenderError.invalidSVG(
          path: path,
          message: "it cannot be read as librsvg would read it: "
            + (normalized.failure ?? "libxml2 cannot apply its DTD"))
      }
      // libxml2's last error for a value past its length limit is "Couldn't find end of
      // Start Tag" (issue 35's fourth trial, L4): what is too long, and by how much, instead.
      let syntax = syntaxError()
      throw RenderError.invalidSVG(
        path: path, message: LibXMLReader.pastLengthLimit(input) ?? syntax)
    }
    defer { xmlFreeDoc(doc) }
    if LibXMLReader.needsNormalizedBytes(doc, data: input) { restructured = true }
    var externalDTD: String?
    if let dtd = doc.pointee.extSubset ?? doc.pointee.intSubset,
      dtd.pointee.SystemID != nil || dtd.pointee.ExternalID != nil
    {
      externalDTD =
        SVGPreflight.text(dtd.pointee.SystemID) ?? SVGPreflight.text(dtd.pointee.ExternalID)
        ?? "external DTD"
    }
    LibXMLReader.removeInternalSubset(doc)
    // Written out (and read by the checks) as UTF-8, whatever the input declared.
    if let declared = doc.pointee.encoding {
      glyphsmith_xml_free(UnsafeMutableRawPointer(mutating: declared))
    }
    doc.pointee.encoding = UnsafePointer(xmlStrdup("UTF-8"))
    try canonicalize(doc, path: path, depth: depth)
    var buffer: UnsafeMutablePointer<xmlChar>?
    var size: Int32 = 0
    xmlDocDumpMemoryEnc(doc, &buffer, &size, "UTF-8")
    guard let buffer else {
      throw RenderError.invalidSVG(path: path, message: "libxml2 could not write it out")
    }
    // A document at libxml2's start-tag limit is written without its declaration, so every
    // later read (librsvg's, the checks') reads it as libxml2 read the input.
    let document = Document(
      data: LibXMLReader.withoutDeclarationAtTheLimit(Data(bytes: buffer, count: Int(size))),
      externalDTD: externalDTD,
      restructured: restructured)
    glyphsmith_xml_free(buffer)
    if depth == 0 { CanonicalReadClock.add(DispatchTime.now().uptimeNanoseconds &- started) }
    return try body(doc, document)
  }

  /// libxml2's last error as librsvg words it (`GErrorBridge.readable`).
  private static func syntaxError() -> String {
    guard let error = xmlGetLastError(), let message = error.pointee.message else {
      return "XML parse error: not a well-formed XML document"
    }
    let text = String(cString: message).trimmingWhitespaceAndNewlines()
    return "XML parse error at line \(error.pointee.line), column \(error.pointee.int2): \(text)"
  }

  /// The gzip stream `data` inflated.
  /// - Throws: `RenderError.tooLarge` past `SVGDocument.maximumFileSize`, `.invalidSVG` when
  ///   the stream is corrupt.
  static func gunzip(_ data: Data, path: String) throws -> Data {
    let limit = SVGDocument.maximumFileSize
    var output: UnsafeMutablePointer<UInt8>?
    var length = 0
    let status = data.withUnsafeBytes { raw in
      glyphsmith_gunzip(
        raw.baseAddress?.assumingMemoryBound(to: UInt8.self), raw.count, limit, &output,
        &length)
    }
    switch status {
    case 0:
      guard let output else { return Data() }
      defer { free(output) }
      return Data(bytes: output, count: length)
    case 1:
      throw RenderError.tooLarge(
        path: path, what: "the gzip-compressed SVG inflates past 10 MiB, the SVG files' limit")
    case 3:
      throw RenderError.tooLarge(path: path, what: "out of memory inflating the gzip stream")
    default:
      throw RenderError.invalidSVG(path: path, message: "its gzip stream is corrupt or truncated")
    }
  }

  // MARK: - The tree

  /// Removes comments and re-writes CSS and `data:` SVG in every element.
  private static func canonicalize(_ doc: xmlDocPtr, path: String, depth: Int) throws {
    var stack: [xmlNodePtr] = []
    var top = doc.pointee.children
    while let node = top {
      stack.append(node)
      top = node.pointee.next
    }
    let url: (String) throws -> String = { try dataURL($0, path: path, depth: depth) }
    while let node = stack.popLast() {
      if node.pointee.type == XML_COMMENT_NODE {
        xmlUnlinkNode(node)
        xmlFreeNode(node)
        continue
      }
      guard node.pointee.type == XML_ELEMENT_NODE else { continue }
      try attributes(of: node, url: url)
      if SVGNormalizer.name(node) == "style" {
        try styleSheet(node, url: url)
        continue
      }
      var child = node.pointee.children
      while let c = child {
        stack.append(c)
        child = c.pointee.next
      }
    }
  }

  private static func attributes(of node: xmlNodePtr, url: (String) throws -> String) throws {
    var attribute = node.pointee.properties
    while let a = attribute {
      attribute = a.pointee.next
      guard let namePointer = a.pointee.name else { continue }
      let name = String(cString: namePointer)
      let ns = a.pointee.ns
      let raw = UnsafeMutableRawPointer(a).assumingMemoryBound(to: xmlNode.self)
      guard let value = SVGPreflight.text(xmlNodeGetContent(raw)) else { continue }
      let canonical: String
      if name == "href" {
        canonical = try url(value)
      } else if ns != nil || name.hasPrefix("aria-") || name.hasPrefix("data-")
        || name.hasPrefix("on") || notCSS.contains(name)
      {
        continue
      } else {
        canonical = try CSSTokenizer.canonical(value, url: url)
      }
      guard canonical != value else { continue }
      if let ns {
        xmlSetNsProp(node, ns, name, canonical)
      } else {
        xmlSetProp(node, name, canonical)
      }
    }
  }

  /// A `<style>` element's text, canonical, as its one child.
  private static func styleSheet(_ node: xmlNodePtr, url: (String) throws -> String) throws {
    let css = SVGPreflight.text(xmlNodeGetContent(node)) ?? ""
    let canonical = try CSSTokenizer.canonical(css, url: url)
    var only = node.pointee.children
    let single = only != nil && only!.pointee.next == nil && only!.pointee.type == XML_TEXT_NODE
    if single && canonical == css { return }
    while let child = only {
      only = child.pointee.next
      xmlUnlinkNode(child)
      xmlFreeNode(child)
    }
    if let text = xmlNewDocText(node.pointee.doc, canonical) { xmlAddChild(node, text) }
  }

  // MARK: - data: SVG

  /// `value` with a `data:` SVG (or gzip) payload replaced by its canonical document;
  /// anything else as it is.
  /// - Throws: what `read` throws for the nested document, naming it as inside `path`.
  static func dataURL(_ value: String, path: String, depth: Int) throws -> String {
    let trimmed = value.trimmingWhitespaceAndNewlines()
    guard trimmed.count > 5, trimmed.prefix(5).lowercased() == "data:",
      let comma = trimmed.firstIndex(of: ",")
    else { return value }
    let header = trimmed[..<comma].lowercased()
    var payload = trimmed[trimmed.index(after: comma)...]
    var fragment = ""
    if let hash = payload.firstIndex(of: "#") {
      fragment = String(payload[hash...])
      payload = payload[..<hash]
    }
    let bytes: Data
    if header.hasSuffix(";base64") {
      guard let decoded = Data(base64Encoded: String(payload), options: .ignoreUnknownCharacters)
      else { return value }
      bytes = decoded
    } else {
      bytes = percentDecoded(payload)
    }
    guard bytes.starts(with: [0x1F, 0x8B]) || RasterHeader.read(bytes) == .svg else {
      return value
    }
    guard depth + 1 <= maximumDepth else {
      throw RenderError.tooLarge(
        path: path, what: "SVG images in data: URLs nest more than \(maximumDepth) levels deep")
    }
    let nested: Document
    do {
      nested = try read(bytes, path: path, depth: depth + 1)
    } catch RenderError.invalidSVG(let path, let message) {
      throw RenderError.invalidSVG(path: path, message: "the data: SVG image inside it: \(message)")
    } catch RenderError.tooLarge(let path, let what) {
      throw RenderError.tooLarge(path: path, what: "the data: SVG image inside it: \(what)")
    }
    return "data:image/svg+xml;base64," + nested.data.base64EncodedString() + fragment
  }

  /// The bytes of a percent-encoded payload (`%XX` decoded, everything else as UTF-8).
  static func percentDecoded(_ text: Substring) -> Data {
    var out = Data()
    let bytes = Array(text.utf8)
    var i = 0
    func hex(_ b: UInt8) -> UInt8? {
      switch b {
      case UInt8(ascii: "0")...UInt8(ascii: "9"): return b - UInt8(ascii: "0")
      case UInt8(ascii: "a")...UInt8(ascii: "f"): return b - UInt8(ascii: "a") + 10
      case UInt8(ascii: "A")...UInt8(ascii: "F"): return b - UInt8(ascii: "A") + 10
      default: return nil
      }
    }
    while i < bytes.count {
      if bytes[i] == UInt8(ascii: "%"), i + 2 < bytes.count, let h = hex(bytes[i + 1]),
        let l = hex(bytes[i + 2])
      {
        out.append(h << 4 | l)
        i += 3
      } else {
        out.append(bytes[i])
        i += 1
      }
    }
    return out
  }
}
