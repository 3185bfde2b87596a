import CLibXML
import Foundation
import Testing

@testable import GlyphsmithRender

/// Issue 23: the pieces that let the preflight read a document as librsvg does.
@Suite("reading the document librsvg reads")
struct NormalizedReadTests {
  @Test(arguments: [
    ("font-size:\\31 e9", "font-size:1e9"),
    ("font-size:\\31e9", "font-size:\u{31E9}"),
    ("\\66 ont-size: 9px", "font-size: 9px"),
    ("a\\;b", "a;b"),
    ("\\0 x", "\u{FFFD}x"),
    ("end\\", "end\u{FFFD}"),
  ])
  func cssEscapesResolveAsCSSSyntaxSays(css: String, plain: String) throws {
    let result = try #require(CSSUnescaper.unescape(css))
    #expect(result.text == plain)
    #expect(result.origins.count == (plain as NSString).length)
  }

  @Test func unescapedRangesMapBackToTheEscapedText() throws {
    let css = "font-size:\\31 e9;fill:red"
    let result = try #require(CSSUnescaper.unescape(css))
    let found = (result.text as NSString).range(of: "1e9")
    let value = UTF16Range(location: found.location, length: found.length)
    let original = CSSUnescaper.originalRange(value, origins: result.origins)
    #expect(
      (css as NSString).substring(with: NSRange(location: original.location, length: original.length))
        == "\\31 e9")
    #expect(CSSUnescaper.unescape("font-size:12px") == nil)
  }

  @Test func rasterHeadersGiveTheirSizeWithoutDecoding() {
    var png = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13])
    png += Data("IHDR".utf8) + Data([0, 0, 0x36, 0x60, 0, 0, 0x36, 0x60, 8, 6, 0, 0, 0])
    png += Data([0, 0, 0, 0])
    if case .raster(let info) = RasterHeader.read(png) {
      #expect(info == RasterHeader.Info(format: "PNG", width: 13920, height: 13920))
    } else {
      Issue.record("PNG header not read")
    }
    let jpeg = Data([0xFF, 0xD8, 0xFF, 0xE1, 0x00, 0x06, 1, 2, 3, 4, 0xFF, 0xC2, 0x00, 0x11, 8])
      + Data([0x01, 0x00, 0x02, 0x00, 3])
    #expect(RasterHeader.read(jpeg) == .raster(.init(format: "JPEG", width: 512, height: 256)))
    // GIF: an image descriptor reaching past the logical screen widens the canvas.
    let gif = Data("GIF89a".utf8) + Data([10, 0, 10, 0, 0, 0, 0])
      + Data([0x2C, 5, 0, 0, 0, 0xE8, 0x03, 10, 0, 0, 2, 2, 0x44, 0x01, 0, 0x3B])
    #expect(RasterHeader.read(gif) == .raster(.init(format: "GIF", width: 1005, height: 10)))
    #expect(RasterHeader.read(Data("<svg/>".utf8)) == .svg)
    #expect(RasterHeader.read(Data([0xFF, 0xD8, 0xFF])) == .unreadable(format: "JPEG"))
    #expect(RasterHeader.read(Data("not an image".utf8)) == .unknown)
  }

  @Test func theNormalizedTreeAppliesTheInternalSubsetAndNeverLoadsExternalOnes() throws {
    let svg =
      "<!DOCTYPE svg [<!ATTLIST text font-size CDATA \"1e9\"><!ENTITY w \"W&#x57;\">]>"
      + "<svg xmlns=\"http://www.w3.org/2000/svg\"><text>&w;</text></svg>"
    let read = LibXMLReader.normalizedTree(Data(svg.utf8))
    let doc = try #require(read.doc)
    defer { xmlFreeDoc(doc) }
    #expect(LibXMLReader.needsNormalizedBytes(doc, data: Data(svg.utf8)))
    LibXMLReader.removeInternalSubset(doc)
    var buffer: UnsafeMutablePointer<xmlChar>?
    var size: Int32 = 0
    xmlDocDumpMemoryEnc(doc, &buffer, &size, "UTF-8")
    let text = String(cString: try #require(buffer))
    glyphsmith_xml_free(buffer)
    #expect(
      text
        == "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<svg xmlns=\"http://www.w3.org/2000/svg\">"
        + "<text font-size=\"1e9\">WW</text></svg>\n")
    let external =
      "<!DOCTYPE svg [<!ENTITY x SYSTEM \"/etc/hostname\">]><svg><text>&x;</text></svg>"
    let refused = LibXMLReader.normalizedTree(Data(external.utf8))
    #expect(refused.doc == nil)
    #expect(
      refused.failure
        == "it declares the external entity 'x'; external entities are not loaded; inline the "
        + "content")
    // An external parameter entity and an external DTD declaring `leaked`: neither is read.
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "glyphsmith-dtd-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let dtd = folder.appendingPathComponent("x.dtd")
    try Data("<!ENTITY leaked \"SECRET\">".utf8).write(to: dtd)
    for doctype in [
      "<!DOCTYPE svg [<!ENTITY % p SYSTEM \"\(dtd.path)\"> %p;]>",
      "<!DOCTYPE svg SYSTEM \"\(dtd.path)\">",
    ] {
      let read = LibXMLReader.normalizedTree(Data((doctype + "<svg>&leaked;</svg>").utf8))
      if let doc = read.doc {
        let content = xmlNodeGetContent(xmlDocGetRootElement(doc))
        #expect(!String(cString: content!).contains("SECRET"))
        glyphsmith_xml_free(content)
        xmlFreeDoc(doc)
      }
    }
  }
}
