import CLibXML
import FoundationEssentials
import Glibc
import GlyphsmithCore

/// Rule 7: the `transform` of a `<clipPath clipPathUnits="objectBoundingBox">` applies after
/// the bounding box mapping (CSS Masking 1 §6.1, `clipPathUnits`, with `transform` on the
/// clip path: the clip path's contents are drawn in the bounding box's units, and that
/// system is then transformed by the clip path's `transform` in the user space of the
/// element it clips; resvg and browsers draw it so).
///
/// librsvg 2.54 applies the two in the other order, the transform inside the bounding box's
/// units (a `translate(10 0)` moves the clip region by ten bounding box widths, so usually off
/// the element). Folding the transform into the children cannot help (the bounding box is not
/// known until the clipped element is drawn), so the clip path becomes the `<mask>` of white
/// shapes the `clip-path` rewrite makes (`SVGNormalizer.convertClipsToMasks`), with
/// `maskContentUnits="objectBoundingBox"` and the clip path's `transform` on the mask, which
/// librsvg 2.54 applies outside the bounding box mapping, as the rule asks: each child keeps
/// its own `clip-rule`, and Cairo's coverage of the mask equals the clip's, pixel for pixel.
/// A singular transform is rule 2's, one that does not parse rule 1's; the identity, a clip
/// path in user space units or one without an `id` are left alone.
enum ClipBoxTransformRewrite: FidelityRewrite {
  static let name = "clip-box-transform"

  static func apply(_ root: xmlNodePtr) -> Bool {
    let clips = SVGNormalizer.allElements(root).filter { node in
      guard SVGNormalizer.name(node) == "clipPath",
        SVGNormalizer.attribute(node, "clipPathUnits")?.trimmingWhitespace()
          == "objectBoundingBox",
        SVGNormalizer.attribute(node, "id") != nil,
        let attribute = SVGNormalizer.attributeNode(node, "transform"),
        attribute.pointee.ns == nil,
        let value = SVGNormalizer.attribute(node, "transform"),
        let matrix = SVGValueGrammar.transform(value)
      else { return false }
      return matrix.isInvertible && matrix != SVGValueGrammar.Matrix()
    }
    guard let doc = root.pointee.doc else { return false }
    return SVGNormalizer.convertClipsToMasks(clips, root: root, doc: doc)
  }
}
