/// One event of `LibXMLReader.events`, in document order.
package enum XMLEvent: Sendable {
  /// A start tag (an empty-element tag gives a start and an end).
  case start(XMLStartTag)
  /// An end tag: the qualified name as written (`svg:g`).
  case end(name: String)
  /// Character data outside CDATA sections, in pieces (one text may arrive as several).
  case characters(String)
  /// A comment's text between `<!--` and `-->`, as written.
  case comment(String)
  /// A CDATA section's bytes between `<![CDATA[` and `]]>` (never reported as characters).
  case cdata([UInt8])
}

/// A start tag as `LibXMLReader.events` reports it.
package struct XMLStartTag: Sendable, Equatable {
  /// The qualified name as written, prefix included (`svg:path`, `path`).
  package var name: String
  /// Attributes by qualified name as written (`xlink:href`), namespace declarations included
  /// (`xmlns`, `xmlns:xlink`); a repeated name keeps its last value. Character and predefined
  /// entity references are replaced (`&amp;` is `&`).
  package var attributes: [String: String]
  /// libxml2's 1-based line when it reports the tag (`xmlSAX2GetLineNumber`): the line of
  /// the character after the name and attributes (the tag's `>`, or the `/` of `/>`), the
  /// last line of a tag written over several. Only a line feed starts a line: a lone carriage
  /// return does not.
  package var line: Int
  /// libxml2's 1-based column at the same moment (`xmlSAX2GetColumnNumber`): the position of
  /// that `>` or `/`, counted in characters (Unicode scalars, not bytes; a tab is one, a
  /// lone carriage return one, a byte order mark none). These are the line and column
  /// Foundation's `XMLParser` gave in its start-element callback, pinned in
  /// `LibXMLReaderTests`.
  package var column: Int

  /// A start tag with these values.
  package init(name: String, attributes: [String: String], line: Int, column: Int) {
    self.name = name
    self.attributes = attributes
    self.line = line
    self.column = column
  }
}

/// Why `LibXMLReader.events` found the document not well formed, or stopped reading it.
package struct XMLReadFailure: Error, Sendable, Equatable {
  /// libxml2's error number (`xmlParserErrors`, e.g. 76 for a mismatched end tag, 89 for an
  /// entity reference loop; 111 for an external entity and 1 for too deep a nesting, which
  /// the reader refuses itself).
  package var code: Int
  /// 1-based line of the document where the error was found (for an error inside an
  /// entity's replacement text, the line of the reference).
  package var line: Int
  /// libxml2's message for its first error, trimmed (`Opening and ending tag mismatch: g
  /// line 2 and svg`), or the reader's own; empty when libxml2 gave none.
  package var message: String

  /// The message, or `malformed XML (libxml2 error N)` when libxml2 gave none.
  package var text: String {
    message.isEmpty ? "malformed XML (libxml2 error \(code))" : message
  }

  /// A failure with these values.
  package init(code: Int, line: Int, message: String) {
    self.code = code
    self.line = line
    self.message = message
  }
}
