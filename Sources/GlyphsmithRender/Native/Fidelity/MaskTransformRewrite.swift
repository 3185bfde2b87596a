import CLibXML
import FoundationEssentials
import Glibc
import GlyphsmithCore

/// Rule 8: a `transform` on a `<mask>` has no effect (CSS Masking 1 §7.1: the `mask` element
/// has no `transform` attribute, and its DOM interface none, unlike `clipPath`'s; CSS
/// Transforms 1 §3: the `transform` property applies to transformable elements, and a mask is
/// not one). resvg and browsers ignore it, a singular one too.
///
/// librsvg 2.54 applies it, to the mask's content and region alike, from a style sheet too.
/// The rewrite removes the attribute (in no namespace) and any `transform` declaration of the
/// mask's `style`, and adds `transform:none` to that `style` when a sheet declares a
/// `transform`; its children keep their own transforms.
enum MaskTransformRewrite: FidelityRewrite {
  static let name = "mask-transform"

  static func apply(_ root: xmlNodePtr) -> Bool {
    var changed = false
    let all = SVGNormalizer.allElements(root)
    // A sheet may give a mask a `transform` (`#m { transform: … }`), which librsvg 2.54
    // applies too (issue 38 trial finding 4): no CSS engine decides which masks a selector
    // matches, so when any sheet declares `transform`, every mask gets `transform:none` in
    // its `style` attribute, which wins over the sheet.
    let sheetTransform = all.contains { node in
      SVGNormalizer.name(node) == "style"
        && (SVGPreflight.text(xmlNodeGetContent(node))?.lowercased().contains("transform")
          ?? false)
    }
    for node in all where SVGNormalizer.name(node) == "mask" {
      defer {
        if sheetTransform {
          let style = SVGNormalizer.attribute(node, "style") ?? ""
          let separator =
            style.trimmingWhitespace().isEmpty
              || style.trimmingWhitespace().hasSuffix(";") ? "" : ";"
          xmlSetProp(node, "style", style + separator + "transform:none")
          changed = true
        }
      }
      if let attribute = SVGNormalizer.attributeNode(node, "transform"),
        attribute.pointee.ns == nil
      {
        xmlRemoveProp(attribute)
        changed = true
      }
      guard let style = SVGNormalizer.attribute(node, "style"),
        style.lowercased().contains("transform")
      else { continue }
      let declarations = style.split(separator: ";", omittingEmptySubsequences: false)
      let kept = declarations.filter {
        $0.split(separator: ":", maxSplits: 1).first?.trimmingWhitespace()
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
