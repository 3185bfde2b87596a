import CLibXML
import Foundation

/// Glyphsmith's one way into libxml2 (no XML parser of its own, and no Foundation XML): a tree
/// for the checks and the normalisation before librsvg (`SVGPreflight`, `ElementLocator`), and
/// a stream of SAX2 events with libxml2's line and column for lint's outline, the text check,
/// symbol templates and Cairo's SVG output.
///
/// Both reads refuse the network (`XML_PARSE_NONET`), load no external DTD or entity, and keep
/// libxml2's own limits (no `XML_PARSE_HUGE`): 256 levels of nesting, 10 MB per text node.
/// Entities: neither read loads an external entity. The tree keeps references as nodes; the
/// event stream replaces references to internal entities the document declares, as
/// Foundation's `XMLParser` did, and stops at a reference to an external one. libxml2 refuses
/// entity bombs in both while parsing ("Detected an entity reference loop", error 89).
package enum LibXMLReader {
  private static let initialized: Bool = {
    xmlInitParser()
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
            String(cString: $0).trimmingCharacters(in: .whitespacesAndNewlines)
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
        xmlCtxtUseOptions(
          context,
          Int32(XML_PARSE_RECOVER.rawValue | XML_PARSE_NOENT.rawValue | XML_PARSE_NONET.rawValue))
        var result = xmlParseChunk(context, base + 4, Int32(raw.count - 4), 1)
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
