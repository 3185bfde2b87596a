import CLibXML
import FoundationEssentials
import Glibc
import GlyphsmithCore

/// Rule 9: a `<style>` element whose `type` names a language other than CSS is not processed
/// (SVG 2 §6.3, the `style` element: `type` is the style sheet language, CSS when absent; HTML
/// §4.2.6, which SVG 2 defers to: a `type` that is neither empty nor an ASCII
/// case-insensitive match for `text/css` is not processed). Browsers and resvg ignore such a
/// sheet.
///
/// librsvg 2.54 applies every `<style>` element as CSS whatever its `type`. The rewrite
/// removes the elements (in any namespace) whose `type` is present, not empty, and not
/// `text/css` in any letter case; `<style>` elements without `type`, with an empty one or
/// with `text/css` are left alone.
enum StyleTypeRewrite: FidelityRewrite {
  static let name = "style-type"

  static func apply(_ root: xmlNodePtr) -> Bool {
    let foreign = SVGNormalizer.allElements(root).filter { node in
      guard SVGNormalizer.name(node) == "style",
        let type = SVGNormalizer.attribute(node, "type")
      else { return false }
      return !type.isEmpty && type.lowercased() != "text/css"
    }
    for node in foreign {
      xmlUnlinkNode(node)
      xmlFreeNode(node)
    }
    return !foreign.isEmpty
  }
}
