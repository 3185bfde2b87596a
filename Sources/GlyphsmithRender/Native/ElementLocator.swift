import CLibXML
import FoundationEssentials
import Glibc
import GlyphsmithCore

/// Where each drawable element of an SVG draws, for lint to name the element behind a pixel
/// finding: the drawable elements get temporary ids in a copy (libxml2), the copy goes
/// through the same checks and normalisation as a render, and librsvg measures each element
/// by id. Elements are numbered in document order over all elements, as `SVGOutline` numbers
/// them, so each maps back to its line and column in the original file.
package enum ElementLocator {
  /// Elements measured: those that draw something themselves.
  static let drawable: Set<String> = [
    "path", "rect", "circle", "ellipse", "line", "polyline", "polygon", "text", "image", "use",
  ]
  /// Containers whose content draws only through a reference (never measured in place).
  static let referencedOnly: Set<String> = [
    "defs", "clipPath", "mask", "symbol", "pattern", "marker", "linearGradient",
    "radialGradient", "filter",
  ]
  /// Prefix of the temporary ids.
  static let prefix = "__glyphsmith_element_"

  /// The ink rectangle (strokes included) of each drawable element, keyed by its index in
  /// document order among all elements, in the document's canvas units (px at 96 dpi, as
  /// `SVGDocument.inkRect()`); elements that draw nothing are left out. Empty when the file
  /// cannot be parsed or loaded (the render reports that).
  package static func inkRects(data: Data, path: String, baseDirectory: URL?) -> [Int: Rect] {
    guard let (annotated, ids) = annotate(data),
      let document = try? SVGDocument(
        data: annotated, path: path, baseDirectory: baseDirectory, sizeFromContent: true)
    else { return [:] }
    var rects: [Int: Rect] = [:]
    for (index, id) in ids {
      guard let rect = try? document.inkRect(ofID: "#" + id) else { continue }
      // A straight open path's rectangle from librsvg reaches its origin
      // (`SVGDocument.hasFlatBox`): its ink is measured from its pixels instead.
      if (try? document.hasFlatBox(id: "#" + id)) == true {
        if let drawn = drawnRect(document, id: id) { rects[index] = drawn }
        continue
      }
      rects[index] = rect
    }
    return rects
  }

  /// Pixels per canvas unit's longest side when `drawnRect` draws an element: 1024 px.
  static let drawnSide = 1024.0

  /// The box of the pixels the element `id` draws alone (`ElementRasterizer`), the canvas's
  /// longer side at `drawnSide` px, in canvas units (to 1/1024 of the side); `nil` when it
  /// draws nothing or cannot be drawn.
  static func drawnRect(_ document: SVGDocument, id: String) -> Rect? {
    let size = document.intrinsicSize
    let k = drawnSide / max(size.width, size.height, 1e-9)
    let width = max(1, Int((size.width * k).rounded(.up)))
    let height = max(1, Int((size.height * k).rounded(.up)))
    guard
      let image = try? ElementRasterizer.render(
        document, id: id, width: width, height: height,
        placement: Placement(scale: k, offsetX: 0, offsetY: 0))
    else { return nil }
    var (x0, y0, x1, y1) = (Int.max, Int.max, -1, -1)
    for y in 0..<image.height {
      for x in 0..<image.width where image[x, y].a > 0 {
        x0 = min(x0, x)
        y0 = min(y0, y)
        x1 = max(x1, x)
        y1 = max(y1, y)
      }
    }
    guard x1 >= x0, y1 >= y0 else { return nil }
    return Rect(
      x: Double(x0) / k, y: Double(y0) / k, width: Double(x1 - x0 + 1) / k,
      height: Double(y1 - y0 + 1) / k)
  }

  /// A copy of `data` whose drawable elements (outside referenced-only containers) all have
  /// a unique id, with the ids by element index; `nil` when libxml2 cannot parse it.
  static func annotate(_ data: Data) -> (Data, [Int: String])? {
    guard let doc = LibXMLReader.tree(data) else { return nil }
    defer { xmlFreeDoc(doc) }
    guard let root = xmlDocGetRootElement(doc) else { return nil }
    let all = SVGNormalizer.allElements(root)
    var counts: [String: Int] = [:]
    for node in all {
      if let id = SVGNormalizer.attribute(node, "id") { counts[id, default: 0] += 1 }
    }
    var ids: [Int: String] = [:]
    var hidden: Set<xmlNodePtr> = []
    for (index, node) in all.enumerated() {
      let name = SVGNormalizer.name(node)
      if let parent = node.pointee.parent, hidden.contains(parent) || referencedOnly.contains(name)
      {
        hidden.insert(node)
        continue
      }
      guard drawable.contains(name) else { continue }
      if let id = SVGNormalizer.attribute(node, "id") {
        if counts[id] == 1 { ids[index] = id }
        continue
      }
      let id = prefix + String(index)
      xmlSetProp(node, "id", id)
      ids[index] = id
    }
    var buffer: UnsafeMutablePointer<xmlChar>?
    var size: Int32 = 0
    xmlDocDumpMemory(doc, &buffer, &size)
    guard let buffer else { return nil }
    defer { glyphsmith_xml_free(buffer) }
    return (Data(bytes: buffer, count: Int(size)), ids)
  }
}
