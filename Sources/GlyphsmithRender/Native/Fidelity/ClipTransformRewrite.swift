import CLibXML
import FoundationEssentials
import Glibc
import GlyphsmithCore

/// Rule 2: a `<clipPath>`'s `transform` that cannot be inverted is folded into its children
/// (librsvg 2.55.92, #930: "transforms on clip paths and masks are validated"; CSS
/// Transforms 1 §6: a non-invertible transform makes its content not rendered, so the clip
/// region is empty and the element it clips is not drawn).
///
/// librsvg 2.54 fails the whole document for it ("rendering error: InvalidMatrix"). The
/// rewrite prepends the transform to each child's own `transform` and removes it from the
/// clip path: each child is then not rendered, and the element it clips draws nothing, as
/// browsers draw it. Invertible transforms in user space units librsvg 2.54 applies right,
/// and are left alone (in `objectBoundingBox` units: rule 7); a `transform` that does not
/// parse is rule 1's (dropped). A `<mask>`'s `transform`, singular or not, has no effect
/// (rule 8 removes it before this runs).
enum ClipTransformRewrite: FidelityRewrite {
  static let name = "clip-transform"

  static func apply(_ root: xmlNodePtr) -> Bool {
    var changed = false
    for node in SVGNormalizer.allElements(root) {
      let element = SVGNormalizer.name(node)
      guard element == "clipPath",
        let attribute = SVGNormalizer.attributeNode(node, "transform"),
        attribute.pointee.ns == nil,
        let value = SVGNormalizer.attribute(node, "transform"),
        let matrix = SVGValueGrammar.transform(value), !matrix.isInvertible
      else { continue }
      for child in SVGNormalizer.elements(node) {
        let own = SVGNormalizer.attribute(child, "transform").map { " " + $0 } ?? ""
        xmlSetProp(child, "transform", value + own)
      }
      xmlRemoveProp(attribute)
      changed = true
    }
    return changed
  }
}
