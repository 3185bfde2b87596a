import CLibXML
import Foundation

/// Rule 8: a `transform` on a `<mask>` has no effect (CSS Masking 1 §7.1: the `mask` element
/// has no `transform` attribute, and its DOM interface none, unlike `clipPath`'s; CSS
/// Transforms 1 §3: the `transform` property applies to transformable elements, and a mask is
/// not one). resvg and browsers ignore it, a singular one too.
///
/// librsvg 2.54 applies it, to the mask's content and region alike. The rewrite removes the
/// attribute (in no namespace) and any `transform` declaration of the mask's `style`; its
/// children keep their own transforms.
enum MaskTransformRewrite: FidelityRewrite {
  static let name = "mask-transform"

  static func apply(_ root: xmlNodePtr) -> Bool {
    var changed = false
    for node in SVGNormalizer.allElements(root) where SVGNormalizer.name(node) == "mask" {
      if let attribute = SVGNormalizer.attributeNode(node, "transform"),
        attribute.pointee.ns == nil
      {
        xmlRemoveProp(attribute)
        changed = true
      }
      guard let style = SVGNormalizer.attribute(node, "style"), style.contains("transform")
      else { continue }
      let declarations = style.split(separator: ";", omittingEmptySubsequences: false)
      let kept = declarations.filter {
        $0.split(separator: ":", maxSplits: 1).first?.trimmingCharacters(in: .whitespaces)
          .lowercased() != "transform"
      }
      if kept.count != declarations.count {
        xmlSetProp(node, "style", kept.joined(separator: ";"))
        changed = true
      }
    }
    return changed
  }
}
