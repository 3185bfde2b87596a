import CLibXML
import FoundationEssentials
import Glibc
import GlyphsmithCore

/// The local files an SVG icon draws: the `href` (or `xlink:href`) of its `<image>` and
/// `<feImage>` elements that `ReferencePolicy` lets librsvg read (files in the icon's folder or
/// below it; `data:` URIs, fragments and network references are not files). Read with
/// libxml2 (`LibXMLReader.tree`), only for a document whose bytes hold `mage` (as in `<image`
/// and `feImage`): an icon without images is never parsed here. Direct references only (an
/// SVG image's own images are not followed). Issue 37 trial HIGH-2: their bytes are part of
/// the icon's fingerprint, and a changed one makes the icon changed for `--changed-since`.
package enum SVGReferences {
  /// The files the SVG at `path` draws, absolute and standardized, sorted, each once; empty
  /// for a file that is not an SVG (by its extension), cannot be read or parsed, or draws none.
  package static func localFiles(ofSVGAt path: String) -> [String] {
    guard PathName(path).pathExtension.lowercased() == "svg",
      let data = FileManager.default.contents(atPath: path),
      data.containsBytes("mage".utf8)
    else { return [] }
    let folder = URL(fileURLWithPath: path).standardizedFileURL.deletingLastPathComponent()
    guard let doc = LibXMLReader.tree(data) else { return [] }
    defer { xmlFreeDoc(doc) }
    var found: Set<String> = []
    var pending: [xmlNodePtr] = xmlDocGetRootElement(doc).map { [$0] } ?? []
    while let node = pending.popLast() {
      var child = node.pointee.children
      while let next = child {
        if next.pointee.type == XML_ELEMENT_NODE { pending.append(next) }
        child = next.pointee.next
      }
      let name = node.pointee.name.map { String(cString: $0) } ?? ""
      guard name == "image" || name == "feImage" else { continue }
      var attribute = node.pointee.properties
      while let attr = attribute {
        attribute = attr.pointee.next
        guard attr.pointee.name.map({ String(cString: $0) }) == "href",
          let raw = SVGPreflight.text(
            xmlNodeGetContent(
              UnsafeMutableRawPointer(attr).assumingMemoryBound(to: xmlNode.self)))
        else { continue }
        let value = raw.trimmingWhitespaceAndNewlines()
        let lower = value.lowercased()
        guard !value.isEmpty, !value.hasPrefix("#"), !lower.hasPrefix("data:"),
          ReferencePolicy.verdict(value, baseDirectory: folder) == nil
        else { continue }
        var part = value
        if let hash = part.firstIndex(of: "#") { part = String(part[..<hash]) }
        let file: URL?
        if lower.hasPrefix("file:") {
          file = URL(string: part)
        } else if part.hasPrefix("/") {
          file = URL(fileURLWithPath: part)
        } else {
          file = folder.appendingPathComponent(part.percentDecoded ?? part)
        }
        if let file { found.insert(file.standardizedFileURL.path) }
      }
    }
    return found.sorted()
  }
}
