import Foundation
import Testing

@testable import GlyphsmithRender

#if canImport(FoundationXML)
  import FoundationXML
#endif

/// The events `LibXMLReader.events` reports, one line each, as the tests below spell them.
private func events(_ source: String) -> [String] {
  events(Data(source.utf8))
}

private func events(_ data: Data) -> [String] {
  var out: [String] = []
  let failure = LibXMLReader.events(data) { event in
    switch event {
    case .start(let tag):
      let attributes = tag.attributes.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }
      out.append(
        "<\(tag.name)\(attributes.map { " " + $0 }.joined())> \(tag.line):\(tag.column)")
    case .end(let name): out.append("</\(name)>")
    case .characters(let text): out.append("text \(text.debugDescription)")
    case .comment(let text): out.append("comment \(text.debugDescription)")
    case .cdata(let bytes):
      out.append("cdata \(String(decoding: bytes, as: UTF8.self).debugDescription)")
    }
  }
  if let failure { out.append("failure \(failure.code) line \(failure.line): \(failure.text)") }
  return out
}

/// The odd inputs whose lines and columns are pinned below: each position is where
/// Foundation's `XMLParser` (libxml2 2.9.14 underneath) put the same tag, measured before
/// lint moved off it.
private let oddInputs: [String: String] = [
  "multi-line tag": "<svg xmlns=\"http://www.w3.org/2000/svg\"\n     width=\"24\">\n  <path\n"
    + "     d=\"M1 1\"\n     fill=\"none\"/>\n</svg>",
  "CRLF": "<svg>\r\n  <g>\r\n\t<path d=\"M1 1\"/>\r\n  </g>\r\n</svg>",
  "lone CR": "<svg>\r  <g/>\r\t\t<path/>\r</svg>",
  "tabs": "<svg>\n\t\t<path/>\t<rect/>\n</svg>",
  "BOM": "\u{FEFF}<svg>\n<path/><rect/>\n</svg>",
  "non-ASCII": "<svg><desc>Ünï ☃ 日本 😀</desc>   <path/>\n<!-- é --><rect data-n=\"é☃\"/></svg>",
  "CDATA": "<svg>\n<style><![CDATA[ a { } ]]></style><path/>\n"
    + "<text>A<![CDATA[B<C]]>D &amp; E</text></svg>",
  "entity": "<!DOCTYPE svg [<!ENTITY c \"black\">]>\n<svg><path stroke=\"&c;\"/>\n"
    + "<text>x &c; y</text></svg>",
]

@Suite("LibXMLReader: SAX2 events with XMLParser's lines and columns")
struct LibXMLReaderTests {
  @Test func tagOverSeveralLinesIsAtItsClosingBracket() {
    #expect(
      events(oddInputs["multi-line tag"]!) == [
        "<svg width=24 xmlns=http://www.w3.org/2000/svg> 2:16", "text \"\\n  \"",
        "<path d=M1 1 fill=none> 5:17", "</path>", "text \"\\n\"", "</svg>",
      ])
  }

  @Test func lineEndingsTabsAndByteOrderMark() {
    #expect(
      events(oddInputs["CRLF"]!) == [
        "<svg> 1:5", "text \"\\n  \"", "<g> 2:5", "text \"\\n\\t\"", "<path d=M1 1> 3:16",
        "</path>", "text \"\\n  \"", "</g>", "text \"\\n\"", "</svg>",
      ])
    // A lone CR ends no line for libxml2 and counts as one column.
    #expect(
      events(oddInputs["lone CR"]!) == [
        "<svg> 1:5", "text \"\\n  \"", "<g> 1:11", "</g>", "text \"\\n\\t\\t\"", "<path> 1:21",
        "</path>", "text \"\\n\"", "</svg>",
      ])
    #expect(
      events(oddInputs["tabs"]!) == [
        "<svg> 1:5", "text \"\\n\\t\\t\"", "<path> 2:8", "</path>", "text \"\\t\"", "<rect> 2:16",
        "</rect>", "text \"\\n\"", "</svg>",
      ])
    #expect(
      events(oddInputs["BOM"]!) == [
        "<svg> 1:5", "text \"\\n\"", "<path> 2:6", "</path>", "<rect> 2:13", "</rect>",
        "text \"\\n\"", "</svg>",
      ])
  }

  @Test func columnsCountCharactersNotBytes() {
    // 37 characters before the `/` of <path/>, 48 bytes; 28 characters to the rect's `/`.
    #expect(
      events(oddInputs["non-ASCII"]!) == [
        "<svg> 1:5", "<desc> 1:11", "text \"Ünï ☃ 日本 😀\"", "</desc>", "text \"   \"",
        "<path> 1:37", "</path>", "text \"\\n\"", "comment \" é \"", "<rect data-n=é☃> 2:28",
        "</rect>", "</svg>",
      ])
  }

  @Test func cdataIsReportedApartFromCharacters() {
    #expect(
      events(oddInputs["CDATA"]!) == [
        "<svg> 1:5", "text \"\\n\"", "<style> 2:7", "cdata \" a { } \"", "</style>",
        "<path> 2:40", "</path>", "text \"\\n\"", "<text> 3:6", "text \"A\"", "cdata \"B<C\"",
        "text \"D \"", "text \"&\"", "text \" E\"", "</text>", "</svg>",
      ])
  }

  @Test func declaredEntitiesAsXMLParserReadThem() {
    // Replaced in attributes; in content XMLParser dropped the replacement text, and so do
    // these events, so that lint reads what it read.
    #expect(
      events(oddInputs["entity"]!) == [
        "<svg> 2:5", "<path stroke=black> 2:24", "</path>", "text \"\\n\"", "<text> 3:6",
        "text \"x \"", "text \" y\"", "</text>", "</svg>",
      ])
  }

  @Test func hostileInputsEndFastWithAClearFailure() {
    let entities = (1..<10).map { i in
      "<!ENTITY a\(i) \"" + String(repeating: "&a\(i - 1);", count: 10) + "\">"
    }.joined()
    let bomb = """
      <?xml version="1.0"?><!DOCTYPE svg [<!ENTITY a0 "x">\(entities)]>
      <svg xmlns="http://www.w3.org/2000/svg"><rect id="&a9;"/><text>&a9;</text></svg>
      """
    let deep =
      "<svg>" + String(repeating: "<g>", count: 50_000) + String(repeating: "</g>", count: 50_000)
      + "</svg>"
    let external = """
      <?xml version="1.0"?><!DOCTYPE svg [<!ENTITY x SYSTEM "file:///etc/passwd">]>
      <svg xmlns="http://www.w3.org/2000/svg"><text>&x;</text></svg>
      """
    // How long each takes is bench/hostile's (entity-bomb, deep-50k), never a test's.
    #expect(events(bomb).last == "failure 89 line 2: Detected an entity reference loop")
    #expect(events(deep).last == "failure 1 line 1: elements nest deeper than 256 levels")
    #expect(events(deep).count == 1 + 256)
    #expect(
      events(external).suffix(2) == [
        "<text> 2:46",
        "failure 111 line 2: external entity 'x' is not loaded; inline the content",
      ])
  }

  @Test func malformedDocumentsNameTheFirstError() {
    #expect(
      events("<svg><path d=\"1\" d=\"2\"/></svg>").last
        == "failure 42 line 1: Attribute d redefined")
    // Under 4 bytes: no events, no failure (as XMLParser).
    #expect(events("<a>").isEmpty)
  }

  #if canImport(FoundationXML)
    /// XMLParser's events for `data`, spelled as `events` spells them (failures aside).
    private func foundationEvents(_ data: Data) -> [String] {
      final class Recorder: NSObject, XMLParserDelegate {
        var out: [String] = []
        func parser(
          _ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?,
          qualifiedName qName: String?, attributes attributeDict: [String: String] = [:]
        ) {
          let attributes = attributeDict.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }
          out.append(
            "<\(elementName)\(attributes.map { " " + $0 }.joined())> "
              + "\(parser.lineNumber):\(parser.columnNumber)")
        }
        func parser(
          _ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?,
          qualifiedName qName: String?
        ) { out.append("</\(elementName)>") }
        func parser(_ parser: XMLParser, foundCharacters string: String) {
          out.append("text \(string.debugDescription)")
        }
        func parser(_ parser: XMLParser, foundComment comment: String) {
          out.append("comment \(comment.debugDescription)")
        }
        func parser(_ parser: XMLParser, foundCDATA block: Data) {
          out.append("cdata \(String(decoding: block, as: UTF8.self).debugDescription)")
        }
      }
      let recorder = Recorder()
      let parser = XMLParser(data: data)
      parser.delegate = recorder
      _ = parser.parse()
      return recorder.out
    }

    @Test func sameEventsAsFoundationsXMLParser() throws {
      for (name, source) in oddInputs {
        #expect(events(source) == foundationEvents(Data(source.utf8)), "\(name)")
      }
    }
  #endif
}

/// Documents at libxml2's start-tag limit (`LibXMLReader.maximumTextLength`): every read after
/// the user's bytes are checked reads what that check read (found 2026-12-07: a 9,999,921-byte
/// `d` passed the check and failed librsvg's read of the written-out document, and the push
/// parser of the structure pass).
@Suite("LibXMLReader at libxml2's start-tag limit")
struct LibXMLReaderLimitTests {
  /// `<svg ...><path d="M0 0 L1 1 ..."/></svg>` with a `d` of `length` bytes.
  static func document(d length: Int, declaration: String = "") -> Data {
    var d = "M0 0" + String(repeating: " L1 1", count: length / 5)
    d = String(d.prefix(length))
    d += String(repeating: " ", count: length - d.utf8.count)
    return Data(
      (declaration + "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"1024\" height=\"1024\">"
        + "<path d=\"\(d)\"/></svg>\n").utf8)
  }

  @Test func theStructurePassReadsATagTheTreeReadReads() {
    let data = Self.document(d: 9_999_921)
    var starts: [String] = []
    var dLength = 0
    let failure = LibXMLReader.events(data) { event in
      if case .start(let tag) = event {
        starts.append(tag.name)
        dLength = max(dLength, tag.attributes["d"]?.utf8.count ?? 0)
      }
    }
    #expect(failure == nil, "\(String(describing: failure))")
    #expect(starts == ["svg", "path"])
    #expect(dLength == 9_999_921)
  }

  @Test func aUTF8DeclarationIsLeftOutOnlyAtTheLimit() {
    let body = Self.document(d: 9_999_921)
    for declaration in [
      "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n", "<?xml version='1.0' encoding = 'utf8' ?>",
      "<?xml version=\"1.0\"?>\r\n\n", "<?xml version=\"1.0\" encoding=\"utf-8\" standalone=\"yes\"?> ",
    ] {
      let data = Data(declaration.utf8) + body
      #expect(LibXMLReader.withoutDeclarationAtTheLimit(data) == body, "\(declaration)")
    }
    // Another encoding would be read otherwise without it; `<?xml-stylesheet` is no declaration.
    for declaration in [
      "<?xml version=\"1.0\" encoding=\"ISO-8859-1\"?>\n", "<?xml-stylesheet href=\"a.css\"?>\n",
    ] {
      let data = Data(declaration.utf8) + body
      #expect(LibXMLReader.withoutDeclarationAtTheLimit(data) == data, "\(declaration)")
    }
    // Far from the limit every document is written as it was (byte-identical outputs).
    let small = Data("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n".utf8) + Self.document(d: 998_000)
    #expect(LibXMLReader.withoutDeclarationAtTheLimit(small) == small)
  }
}
