import CLibXML
import FoundationEssentials
import Glibc
import GlyphsmithCore

/// Glyphsmith's one way into libxml2 (no XML parser of its own, and no Foundation XML): a tree
/// for the checks and the normalisation before librsvg (`SVGPreflight`, `ElementLocator`), and
/// a stream of SAX2 events with libxml2's line and column for lint's outline, the text check,
/// symbol templates and Cairo's SVG output.
///
/// Every read refuses the network (`XML_PARSE_NONET`), loads no external DTD or entity (the
/// process's entity loader loads nothing, `glyphsmith_refuse_external_entities`), and keeps
/// libxml2's own limits (no `XML_PARSE_HUGE`): 256 levels of nesting, 10 MB per text node.
/// Entities: `tree` keeps references as nodes; `normalizedTree` (the preflight's, issue 23)
/// substitutes internal entities and applies the internal subset's attribute defaults, as
/// librsvg reads the document; the event stream replaces references to internal entities the
/// document declares, as Foundation's `XMLParser` did, and stops at a reference to an external
/// one. libxml2 refuses entity bombs in all three ("Detected an entity reference loop", 89).
package enum LibXMLReader {
  private static let initialized: Bool = {
    xmlInitParser()
    // No external DTD or entity is ever loaded in this process, by any parse (issue 23: with
    // entities substituted, libxml2 would otherwise read the file an entity names).
    glyphsmith_refuse_external_entities()
    return true
  }()

  /// Parses `data` into a libxml2 tree (no network, no entity substitution, no error output,
  /// CDATA as text). Returns `nil` when libxml2 cannot parse it or it has 2 GiB or more; the
  /// caller frees the tree with `xmlFreeDoc`.
  static func tree(_ data: Data) -> xmlDocPtr? {
    _ = initialized
    guard data.count < Int(Int32.max) else { return nil }
    ParseCounter.countLibXML2Parse()
    // Encoding errors bypass XML_PARSE_NOERROR; librsvg reports its own parse errors.
    xmlSetStructuredErrorFunc(nil, silent)
    let options = Int32(
      XML_PARSE_NONET.rawValue | XML_PARSE_NOERROR.rawValue | XML_PARSE_NOWARNING.rawValue
        | XML_PARSE_NOCDATA.rawValue)
    return data.withUnsafeBytes { raw -> xmlDocPtr? in
      guard let base = raw.baseAddress else { return nil }
      return LibraryClock.measure {
        xmlReadMemory(base.assumingMemoryBound(to: CChar.self), Int32(raw.count), nil, nil, options)
      }
    }
  }

  private static let silent: xmlStructuredErrorFunc = { _, _ in }

  /// The longest start tag (attributes included; `XML_MAX_LOOKUP_LIMIT`) and text node
  /// (`XML_MAX_TEXT_LENGTH`) libxml2 reads without `XML_PARSE_HUGE` (libxml2's
  /// `parserInternals.h`), in bytes; librsvg does not pass `XML_PARSE_HUGE` either. The start
  /// tag's limit counts from where libxml2 last let go of its input, a few hundred bytes
  /// before the tag at most: measured with libxml2 2.9.14, a `<path d>` 77 bytes into the file
  /// is read with 9,999,921 bytes and not with 9,999,922 ("Huge input lookup"), nor are two
  /// values of 5,100,000 bytes in one tag.
  package static let maximumTextLength = 10_000_000

  /// What in `data` is past libxml2's length limits (`maximumTextLength`), when that is why it
  /// cannot be read: `an attribute value is longer than libxml2 reads: <path d="..."> on line
  /// 1 is 10,000,001 bytes (its start tag 10,000,012), and libxml2 reads no start tag past
  /// about 10,000,000 bytes; shorten it` (for a start tag within 1,000 bytes of the limit, the
  /// longest value in it), or `a text node (in <style>) is longer than libxml2 reads: ...`;
  /// `nil` for any other failure. libxml2 itself reads `data`
  /// again with `XML_PARSE_HUGE` (no entity substituted, none declared: their limits stay) to
  /// find it, only for a document longer than the limit. A start tag's length is counted from
  /// the values libxml2 read (`<`, name, ` name="value"` each, `>`; a `/>` counts 1): never
  /// more than its bytes in the file (issue 35's fourth trial, L4: the user saw libxml2's "Couldn't find end of
  /// Start Tag").
  package static func pastLengthLimit(_ data: Data) -> String? {
    let limit = maximumTextLength
    guard data.count > limit - 1_000, data.count < Int(Int32.max),
      data.firstRange(of: Data("<!ENTITY".utf8)) == nil
    else { return nil }
    _ = initialized
    xmlSetStructuredErrorFunc(nil, silent)
    let options = Int32(
      XML_PARSE_NONET.rawValue | XML_PARSE_NOERROR.rawValue | XML_PARSE_NOWARNING.rawValue
        | XML_PARSE_HUGE.rawValue)
    let parsed = data.withUnsafeBytes { raw -> xmlDocPtr? in
      guard let base = raw.baseAddress else { return nil }
      return xmlReadMemory(
        base.assumingMemoryBound(to: CChar.self), Int32(raw.count), nil, nil, options)
    }
    guard let doc = parsed else { return nil }
    defer { xmlFreeDoc(doc) }
    func bytes(_ text: UnsafePointer<xmlChar>?) -> Int { text.map { strlen($0) } ?? 0 }
    func grouped(_ n: Int) -> String {
      var digits = String(n)
      var out = ""
      while digits.count > 3 {
        out = "," + digits.suffix(3) + out
        digits.removeLast(3)
      }
      return digits + out
    }
    func name(_ node: xmlNodePtr) -> String {
      let local = node.pointee.name.map { String(cString: $0) } ?? "?"
      guard let prefix = node.pointee.ns?.pointee.prefix else { return local }
      return String(cString: prefix) + ":" + local
    }
    var pending: [xmlNodePtr] = xmlDocGetRootElement(doc).map { [$0] } ?? []
    while let node = pending.popLast() {
      let line = Int(xmlGetLineNo(node))
      if node.pointee.type == XML_ELEMENT_NODE {
        var attribute = node.pointee.properties
        var tag = 2 + name(node).utf8.count
        var longest: (name: String, length: Int)?
        while let a = attribute {
          attribute = a.pointee.next
          var length = 0
          var child = a.pointee.children
          while let c = child {
            length += bytes(c.pointee.content)
            child = c.pointee.next
          }
          var attributeName = a.pointee.name.map { String(cString: $0) } ?? "?"
          if let prefix = a.pointee.ns?.pointee.prefix {
            attributeName = String(cString: prefix) + ":" + attributeName
          }
          tag += 4 + attributeName.utf8.count + length
          if length > longest?.length ?? -1 { longest = (attributeName, length) }
        }
        if tag > limit - 1_000, let longest {
          return "an attribute value is longer than libxml2 reads: <\(name(node)) "
            + "\(longest.name)=\"...\"> on line \(line) is \(grouped(longest.length)) bytes (its "
            + "start tag \(grouped(tag))), and libxml2 reads no start tag past about "
            + "\(grouped(limit)) bytes; shorten it"
        }
      } else if node.pointee.type == XML_TEXT_NODE || node.pointee.type == XML_CDATA_SECTION_NODE {
        let length = bytes(node.pointee.content)
        if length > limit {
          let parent = node.pointee.parent.map { " (in <\(name($0))>)" } ?? ""
          return "a text node\(parent) is longer than libxml2 reads: on line \(line) it is "
            + "\(grouped(length)) bytes, and libxml2 reads no text node past "
            + "\(grouped(limit)) bytes; shorten it"
        }
      }
      var child = node.pointee.last
      while let c = child {
        pending.append(c)
        child = c.pointee.prev
      }
    }
    return nil
  }

  /// `data` without its XML declaration when the document is within 1,000 bytes of
  /// libxml2's start-tag limit (`maximumTextLength`) and the declaration names UTF-8 or no
  /// encoding (the same document to an XML reader); any other `data` as it is. librsvg
  /// reads its stream with the limit counted from before the declaration: measured with
  /// librsvg 2.54 (rsvg-convert too), a 9,999,921-byte `<path d>` is read without
  /// `<?xml version="1.0" encoding="UTF-8"?>` and not with it ("Premature end of data"), and
  /// every document Glyphsmith writes out starts with one.
  package static func withoutDeclarationAtTheLimit(_ data: Data) -> Data {
    // A switch, not a `Set<UInt8>`: building the set for every document cost a single
    // `render` 0.27 M instructions (the runtime's conformance scan for `UInt8: Hashable`).
    func space(_ byte: UInt8) -> Bool {
      switch byte {
      case 0x20, 0x0A, 0x09, 0x0D: return true
      default: return false
      }
    }
    guard data.count > maximumTextLength - 1_000, data.starts(with: Array("<?xml".utf8)),
      space(data[data.startIndex + 5])
    else { return data }
    let head = data.prefix(256)
    guard let close = head.firstRange(of: Array("?>".utf8)) else { return data }
    let declaration = String(decoding: head[..<close.lowerBound], as: UTF8.self).lowercased()
    if let encoding = declaration.firstRange(of: "encoding") {
      // encoding = "NAME" or 'NAME'
      let rest = declaration[encoding.upperBound...].drop { " =\t\n\r".contains($0) }
      guard let quote = rest.first, quote == "\"" || quote == "'" else { return data }
      let name = rest.dropFirst().prefix { $0 != quote }
      guard name == "utf-8" || name == "utf8" else { return data }
    }
    var end = close.upperBound
    while end < data.endIndex, space(data[end]) { end += 1 }
    return Data(data[end...])
  }

  /// Parses `data` into a tree as librsvg will read it (issue 23): internal entities
  /// substituted, the internal subset's attribute defaults applied, in the encoding the byte
  /// order mark or XML declaration names (`glyphsmith_read_normalized` in the CLibXML shim:
  /// no external DTD or entity, no network, libxml2's expansion limits kept).
  /// - Returns: the tree (the caller frees it with `xmlFreeDoc`), or `nil` and libxml2's
  ///   reason (`failure`, `nil` when it gave none) when it cannot be read so.
  static func normalizedTree(_ data: Data) -> (doc: xmlDocPtr?, failure: String?) {
    _ = initialized
    guard data.count < Int(Int32.max) else { return (nil, "the document is 2 GiB or more") }
    ParseCounter.countLibXML2Parse()
    xmlSetStructuredErrorFunc(nil, silent)
    let options = Int32(
      XML_PARSE_NONET.rawValue | XML_PARSE_NOERROR.rawValue | XML_PARSE_NOWARNING.rawValue
        | XML_PARSE_NOCDATA.rawValue | XML_PARSE_NOENT.rawValue | XML_PARSE_DTDATTR.rawValue)
    var code: Int32 = 0
    let doc = data.withUnsafeBytes { raw -> xmlDocPtr? in
      guard let base = raw.baseAddress else { return nil }
      return LibraryClock.measure {
        glyphsmith_read_normalized(
          base.assumingMemoryBound(to: CChar.self), Int32(raw.count), options, &code)
      }
    }
    if let doc {
      if let name = externalEntity(in: doc) {
        xmlFreeDoc(doc)
        return (nil, "it declares the external entity '\(name)'; external entities are not loaded; inline the content")
      }
      return (doc, nil)
    }
    switch Int(code) {
    case Int(XML_ERR_ENTITY_LOOP.rawValue), Int(XML_ERR_ENTITY_BOUNDARY.rawValue):
      return (nil, "its entities expand past libxml2's limits (an entity bomb); write the content out")
    case Int(XML_ERR_UNDECLARED_ENTITY.rawValue), Int(XML_WAR_UNDECLARED_ENTITY.rawValue):
      return (nil, "it refers to an entity that is undeclared or external; inline the content")
    default:
      let message = xmlGetLastError().flatMap { error in
        error.pointee.message.map {
          String(cString: $0).trimmingWhitespaceAndNewlines()
        }
      }
      return (nil, message.map { "libxml2: \($0)" })
    }
  }

  /// The name of the first external entity the internal subset declares, if any.
  private static func externalEntity(in doc: xmlDocPtr) -> String? {
    var node = doc.pointee.intSubset?.pointee.children
    while let current = node {
      node = current.pointee.next
      guard current.pointee.type == XML_ENTITY_DECL else { continue }
      let entity = UnsafeMutableRawPointer(current).assumingMemoryBound(to: xmlEntity.self)
      let kind = entity.pointee.etype
      if kind != XML_INTERNAL_GENERAL_ENTITY && kind != XML_INTERNAL_PARAMETER_ENTITY
        && kind != XML_INTERNAL_PREDEFINED_ENTITY
      {
        return entity.pointee.name.map { String(cString: $0) } ?? "?"
      }
    }
    return nil
  }

  /// Whether the bytes librsvg reads must be the normalised tree's rather than `data`
  /// itself: the document has an internal subset (entities or defaults librsvg would apply
  /// itself, unchecked), or is not in UTF-8 (a UTF-16 or UTF-32 byte order mark, zero bytes
  /// in its first four, or another declared encoding), so the checks' reading and librsvg's
  /// could differ.
  static func needsNormalizedBytes(_ doc: xmlDocPtr, data: Data) -> Bool {
    if let subset = doc.pointee.intSubset, subset.pointee.children != nil { return true }
    let head = [UInt8](data.prefix(4))
    if head.contains(0) || head.starts(with: [0xFE, 0xFF]) || head.starts(with: [0xFF, 0xFE]) {
      return true
    }
    guard let encoding = doc.pointee.encoding else { return false }
    let name = String(cString: encoding).uppercased()
    return name != "UTF-8" && name != "UTF8"
  }

  /// Removes the document's DOCTYPE (after `normalizedTree` applied what it declares).
  static func removeInternalSubset(_ doc: xmlDocPtr) {
    guard let subset = doc.pointee.intSubset else { return }
    let node = UnsafeMutableRawPointer(subset).assumingMemoryBound(to: xmlNode.self)
    xmlUnlinkNode(node)
    xmlFreeDtd(subset)
  }

  /// Bytes `events` gives libxml2's push parser at a time (after the first 4): 1 MiB, so
  /// documents up to that size are read in one chunk, as Foundation's `XMLParser` read them.
  static let chunkSize = 1 << 20

  /// Deepest element nesting `events` reads: libxml2's own limit without `XML_PARSE_HUGE`
  /// (`xmlParserMaxDepth`), which its push parser does not apply itself.
  package static let maximumDepth = 256

  /// Reads `data` as a stream of SAX2 events, calling `body` for each in document order.
  ///
  /// The read is set up as Foundation's `XMLParser` (swift-corelibs-foundation, on the same
  /// system libxml2) set it up, so names, attribute values, lines and columns are the values
  /// it reported: a push parser given the first 4 bytes (encoding detection) and then the
  /// rest as the last chunk, options `XML_PARSE_RECOVER | XML_PARSE_NOENT` (plus
  /// `XML_PARSE_NONET`), SAX2 callbacks for elements, characters, CDATA and comments, no DTD
  /// loaded. Events after an error may still arrive (recovery); the result says whether the
  /// document was well formed. A reference to an external entity stops the read with a
  /// failure (code 111, `XML_ERR_USER_STOP`) instead of loading it.
  /// - Returns: `nil` when the document is well formed (a document under 4 bytes gives no
  ///   events and counts as well formed, as it did for `XMLParser`), else the failure.
  package static func events(_ data: Data, _ body: (XMLEvent) -> Void) -> XMLReadFailure? {
    _ = initialized
    guard data.count >= 4 else { return nil }
    guard data.count < Int(Int32.max) else {
      return XMLReadFailure(code: 1, line: 0, message: "the document is 2 GiB or more")
    }
    ParseCounter.countLibXML2Parse()
    return withoutActuallyEscaping(body) { body in
      let session = EventSession(body)
      let user = Unmanaged.passUnretained(session).toOpaque()
      var handler = xmlSAXHandler()
      handler.initialized = UInt32(XML_SAX2_MAGIC)
      handler.getEntity = { user, name in
        EventSession.from(user).entity(name)
      }
      handler.startElementNs = {
        user, localname, prefix, _, nbNamespaces, namespaces,
        nbAttributes, _, attributes in
        EventSession.from(user).start(
          localname, prefix, Int(nbNamespaces), namespaces, Int(nbAttributes), attributes)
      }
      handler.endElementNs = { user, localname, prefix, _ in
        EventSession.from(user).end(localname, prefix)
      }
      handler.characters = { user, characters, length in
        let session = EventSession.from(user)
        // XMLParser dropped the first characters after a declared entity's lookup in content.
        if session.dropNextCharacters {
          session.dropNextCharacters = false
          return
        }
        guard let characters, length > 0 else { return }
        session.body(
          .characters(
            String(
              decoding: UnsafeBufferPointer(start: characters, count: Int(length)), as: UTF8.self)))
      }
      handler.cdataBlock = { user, value, length in
        guard let value else { return }
        EventSession.from(user).body(
          .cdata(Array(UnsafeBufferPointer(start: value, count: Int(max(length, 0))))))
      }
      handler.comment = { user, value in
        EventSession.from(user).body(.comment(value.map { String(cString: $0) } ?? ""))
      }
      xmlSetStructuredErrorFunc(user) { user, error in
        guard let user, let error, error.pointee.level.rawValue >= XML_ERR_ERROR.rawValue
        else { return }
        let session = Unmanaged<EventSession>.fromOpaque(user).takeUnretainedValue()
        guard session.firstError == nil else { return }
        session.firstError = XMLReadFailure(
          code: Int(error.pointee.code), line: session.documentLine ?? Int(error.pointee.line),
          message: error.pointee.message.map {
            String(cString: $0).trimmingWhitespaceAndNewlines()
          } ?? "")
      }
      defer { xmlSetStructuredErrorFunc(nil, silent) }
      return data.withUnsafeBytes { raw -> XMLReadFailure? in
        let base = raw.baseAddress!.assumingMemoryBound(to: CChar.self)
        guard let context = xmlCreatePushParserCtxt(&handler, user, base, 4, nil) else {
          return XMLReadFailure(code: 2, line: 0, message: "out of memory")
        }
        defer {
          if let doc = context.pointee.myDoc { xmlFreeDoc(doc) }
          xmlFreeParserCtxt(context)
        }
        session.context = context
        // A push parser counts its start-tag limit from its chunks, below the tree read's
        // and librsvg's: a document within 1,000 bytes of the limit that declares no entity
        // (so nothing expands) is read without it, as the reads before this one read it.
        let huge =
          raw.count > maximumTextLength - 1_000 && data.firstRange(of: Data("<!ENTITY".utf8)) == nil
        xmlCtxtUseOptions(
          context,
          Int32(
            XML_PARSE_RECOVER.rawValue | XML_PARSE_NOENT.rawValue | XML_PARSE_NONET.rawValue
              | (huge ? XML_PARSE_HUGE.rawValue : 0)))
        // The rest in chunks of `chunkSize`: one chunk past 10,000,000 bytes would fail
        // with "Huge input lookup" (libxml2's lookahead limit without XML_PARSE_HUGE), which
        // the tree read and librsvg do not apply: one parser configuration for every command.
        var offset = 4
        var result: Int32 = 0
        repeat {
          let count = min(chunkSize, raw.count - offset)
          let last = offset + count == raw.count
          result = xmlParseChunk(context, base + offset, Int32(count), last ? 1 : 0)
          offset += count
        } while result == 0 && offset < raw.count && session.refusal == nil
        if result == Int32(XML_ERR_DOCUMENT_END.rawValue) { result = 0 }
        let line = Int(xmlSAX2GetLineNumber(context))
        if let refusal = session.refusal { return refusal }
        guard result != 0 else { return nil }
        if var first = session.firstError {
          if first.line <= 0 { first.line = line }
          return first
        }
        return XMLReadFailure(code: Int(result), line: line, message: "")
      }
    }
  }

  /// `prefix:local`, or `local` without a prefix.
  fileprivate static func qualified(
    _ local: UnsafePointer<xmlChar>?, _ prefix: UnsafePointer<xmlChar>?
  ) -> String {
    let name = local.map { String(cString: $0) } ?? ""
    guard let prefix else { return name }
    return String(cString: prefix) + ":" + name
  }
}

/// One `LibXMLReader.events` read: the caller's closure, the parser context (for lines and
/// columns) and the last error libxml2 reported.
private final class EventSession {
  let body: (XMLEvent) -> Void
  var context: xmlParserCtxtPtr?
  /// libxml2's first error (warnings aside).
  var firstError: XMLReadFailure?
  /// Set when a declared entity was looked up in content: the next characters are dropped.
  var dropNextCharacters = false
  /// Why the read was stopped early (an external entity, too deep a nesting).
  var refusal: XMLReadFailure?
  /// Elements open.
  var depth = 0

  init(_ body: @escaping (XMLEvent) -> Void) { self.body = body }

  static func from(_ user: UnsafeMutableRawPointer?) -> EventSession {
    Unmanaged<EventSession>.fromOpaque(user!).takeUnretainedValue()
  }

  /// The `getEntity` callback: the predefined entities, then those the document declared
  /// (libxml2 records declarations in its own document even in SAX mode); a reference to an
  /// external entity stops the read before libxml2 would load it.
  func entity(_ name: UnsafePointer<xmlChar>?) -> xmlEntityPtr? {
    if let predefined = xmlGetPredefinedEntity(name) { return predefined }
    guard let context else { return nil }
    if let declared = xmlGetDocEntity(context.pointee.myDoc, name),
      declared.pointee.etype == XML_EXTERNAL_GENERAL_PARSED_ENTITY
        || declared.pointee.etype == XML_EXTERNAL_GENERAL_UNPARSED_ENTITY
    {
      let entity = name.map { String(cString: $0) } ?? ""
      refuse(
        code: Int(XML_ERR_USER_STOP.rawValue),
        message: "external entity '\(entity)' is not loaded; inline the content")
      return nil
    }
    let found = xmlSAX2GetEntity(context, name)
    if found != nil && context.pointee.instate == XML_PARSER_CONTENT { dropNextCharacters = true }
    return found
  }

  /// The line reached in the document itself (not inside an entity's replacement text,
  /// whose lines libxml2 counts from 1).
  var documentLine: Int? {
    guard let context, context.pointee.inputNr > 0, let input = context.pointee.inputTab[0]
    else { return nil }
    return Int(input.pointee.line)
  }

  /// Stops the read with `message` (the first refusal wins).
  func refuse(code: Int, message: String) {
    guard refusal == nil, let context else { return }
    refusal = XMLReadFailure(
      code: code, line: documentLine ?? Int(xmlSAX2GetLineNumber(context)), message: message)
    xmlStopParser(context)
  }

  func end(_ localname: UnsafePointer<xmlChar>?, _ prefix: UnsafePointer<xmlChar>?) {
    depth -= 1
    body(.end(name: LibXMLReader.qualified(localname, prefix)))
  }

  func start(
    _ localname: UnsafePointer<xmlChar>?, _ prefix: UnsafePointer<xmlChar>?,
    _ nbNamespaces: Int, _ namespaces: UnsafeMutablePointer<UnsafePointer<xmlChar>?>?,
    _ nbAttributes: Int, _ attributes: UnsafeMutablePointer<UnsafePointer<xmlChar>?>?
  ) {
    depth += 1
    guard depth <= LibXMLReader.maximumDepth else {
      refuse(
        code: Int(XML_ERR_INTERNAL_ERROR.rawValue),
        message: "elements nest deeper than \(LibXMLReader.maximumDepth) levels")
      return
    }
    var dictionary: [String: String] = [:]
    if let namespaces {
      for index in stride(from: 0, to: nbNamespaces * 2, by: 2) {
        let key = namespaces[index].map { "xmlns:" + String(cString: $0) } ?? "xmlns"
        dictionary[key] = namespaces[index + 1].map { String(cString: $0) } ?? ""
      }
    }
    if let attributes {
      for index in stride(from: 0, to: nbAttributes * 5, by: 5) {
        guard let local = attributes[index] else { continue }
        var name = String(cString: local)
        if let prefix = attributes[index + 1], prefix.pointee != 0 {
          name = String(cString: prefix) + ":" + name
        }
        guard let value = attributes[index + 3], let end = attributes[index + 4] else {
          continue
        }
        let count = end - value
        dictionary[name] =
          count > 0
          ? String(decoding: UnsafeBufferPointer(start: value, count: count), as: UTF8.self) : ""
      }
    }
    let line = context.map { Int(xmlSAX2GetLineNumber($0)) } ?? 0
    let column = context.map { Int(xmlSAX2GetColumnNumber($0)) } ?? 0
    body(
      .start(
        XMLStartTag(
          name: LibXMLReader.qualified(localname, prefix), attributes: dictionary, line: line,
          column: column)))
  }
}
