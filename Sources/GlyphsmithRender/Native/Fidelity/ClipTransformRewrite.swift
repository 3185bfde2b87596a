import CLibXML
import FoundationEssentials
import Glibc
import GlyphsmithCore

/// Rule 2: a `<clipPath>`'s `transform` that cannot be inverted is folded into its children
/// (librsvg 2.55.92, #930: "transforms on clip paths and masks are validated"; CSS
/// Transforms 1 §6: a non-invertible transform makes its content not rendered, so the clip
/// region is empty and the element it clips is not drawn).
///
/// librsvg 2.54 fails the whole document for it ("rendering error: InvalidMatrix"), from the
/// attribute, a `style` declaration or a style sheet alike. The rewrite prepends the
/// transform to each child's own `transform` and removes it from the clip path: each child is
/// then not rendered, and the element it clips draws nothing, as browsers draw it. The
/// transform is the clip path's `style` declaration that wins (one `css-transform` left there
/// for its `transform-origin`, which changes no singular matrix into an invertible one), else
/// its attribute (where `css-transform` wrote a `style` or decided sheet value); when a sheet
/// declares `transform`, the clip path gets `transform:none` in its `style`, which beats the
/// sheet in librsvg 2.54 (else the sheet's singular value would apply again; issue 38 fifth
/// trial F4). A sheet value `SheetRules` cannot decide (`svg > clipPath`, `:first-child`) may
/// still reach a clip path: each singular `transform` of a sheet is then replaced by an
/// invertible scale by 10⁻⁹ (`nearlySingular`), which draws the same pixels (none: its image
/// of any icon is smaller than 10⁻⁶ px) and no longer fails the document. A `<use>` with a
/// singular transform (attribute, `style` or sheet) fails the document in librsvg 2.54 too;
/// CSS Transforms 1 §6 makes it not rendered, so its transform gets the same scale, and a
/// `<use>` child of a singular clip path is removed (issue 38 sixth trial H2).
/// Invertible transforms in user space units librsvg 2.54 applies right, and are left alone
/// (in `objectBoundingBox` units: rule 7); a `transform` that does not parse is rule 1's
/// (dropped). A `<mask>`'s `transform`, singular or not, has no effect (rule 8 removes it
/// before this runs).
enum ClipTransformRewrite: FidelityRewrite {
  static let name = "clip-transform"

  static func apply(_ root: xmlNodePtr) -> Bool {
    var changed = false
    let sheetTransform = SheetDeclarations.mention("transform", root)
    // A clip path with no transform of its own, which a sheet may give one.
    var exposed = false
    for node in SVGNormalizer.allElements(root) where SVGNormalizer.name(node) == "clipPath" {
      let attribute = SVGNormalizer.attributeNode(node, "transform")
      let own = attribute.flatMap { $0.pointee.ns == nil ? SVGNormalizer.attribute(node, "transform") : nil }
      let style = CSSTransformRewrite.styleTransform(node)
      let declared = style?.declared.flatMap { CSSTransformRewrite.svgTransform($0.0) }
      if own == nil && style?.declared == nil { exposed = true }
      guard let value = declared ?? own,
        let matrix = SVGValueGrammar.transform(value), !matrix.isInvertible
      else { continue }
      for child in SVGNormalizer.elements(node) {
        // A `<use>` with a singular transform fails the whole document in librsvg 2.54
        // (InvalidMatrix; issue 38 sixth trial H2): it would draw nothing, so it goes.
        if SVGNormalizer.name(child) == "use" {
          xmlUnlinkNode(child)
          xmlFreeNode(child)
          continue
        }
        let childOwn = SVGNormalizer.attribute(child, "transform").map { " " + $0 } ?? ""
        xmlSetProp(child, "transform", value + childOwn)
      }
      if let attribute, attribute.pointee.ns == nil { xmlRemoveProp(attribute) }
      if let style {
        let kept = style.kept.joined(separator: ";").trimmingWhitespace()
        if kept.isEmpty {
          SVGNormalizer.removeAttribute(node, "style")
        } else {
          xmlSetProp(node, "style", kept)
        }
      }
      if sheetTransform {
        let kept = SVGNormalizer.attribute(node, "style") ?? ""
        let separator = kept.isEmpty || kept.hasSuffix(";") ? "" : ";"
        xmlSetProp(node, "style", kept + separator + "transform:none")
      }
      changed = true
    }
    // CSS Transforms 1 §6: an element whose transform is not invertible is not rendered,
    // nor its content. librsvg 2.54 fails the whole document for a `<use>` with one
    // (InvalidMatrix, issue 38 sixth trial H2; Chromium and resvg draw the rest): its
    // attribute (where `css-transform` wrote a `style` or decided sheet value) becomes the
    // nearly singular matrix, which draws nothing, and so do the sheets' singular values.
    var uses = false
    for node in SVGNormalizer.allElements(root) where SVGNormalizer.name(node) == "use" {
      uses = true
      // One `css-transform` left in `style` (beside a `transform-origin`): replaced there,
      // last and not `!important` (librsvg 2.54 drops an `!important` transform).
      if let (value, _) = CSSTransformRewrite.styleTransform(node)?.declared,
        let attribute = CSSTransformRewrite.svgTransform(value),
        let matrix = SVGValueGrammar.transform(attribute), !matrix.isInvertible
      {
        SVGNormalizer.appendStyle(node, "transform:" + cssMatrix(nearlySingular(matrix)))
        changed = true
      }
      guard let attribute = SVGNormalizer.attributeNode(node, "transform"),
        attribute.pointee.ns == nil,
        let value = SVGNormalizer.attribute(node, "transform"),
        let matrix = SVGValueGrammar.transform(value), !matrix.isInvertible
      else { continue }
      xmlSetProp(node, "transform", svgMatrix(nearlySingular(matrix)))
      changed = true
    }
    if sheetTransform && (exposed || uses) {
      let replaced = SheetDeclarations.rewrite(root, property: "transform") { value, _ in
        guard CSSTransformRewrite.isCSSTransform(value),
          let attribute = CSSTransformRewrite.svgTransform(value),
          let matrix = SVGValueGrammar.transform(attribute), !matrix.isInvertible
        else { return .keep }
        return .replace(cssMatrix(nearlySingular(matrix)))
      }
      changed = replaced || changed
    }
    return changed
  }

  /// An invertible matrix that draws nothing in place of the singular `m`: a scale by 10⁻⁹
  /// (with `m`'s translation), whose image of an icon is smaller than 10⁻⁶ px, so it covers
  /// no pixel, as the element `m` makes not rendered. librsvg 2.54 still fails a matrix
  /// within 10⁻⁹ of a singular one that is not a scale (`matrix(1 2 2 4.000000004 0 0)`,
  /// determinant 2·10⁻⁸: InvalidMatrix; issue 38 sixth trial H2).
  static func nearlySingular(_ m: SVGValueGrammar.Matrix) -> SVGValueGrammar.Matrix {
    var near = m
    near.a = 1e-9
    near.b = 0
    near.c = 0
    near.d = 1e-9
    return near
  }

  /// `m` as an SVG `matrix()` attribute value (spaces, plain numbers).
  static func svgMatrix(_ m: SVGValueGrammar.Matrix) -> String {
    let numbers = [m.a, m.b, m.c, m.d, m.e, m.f].map { String(cFormat: "%.17g", $0) }
    return "matrix(" + numbers.joined(separator: " ") + ")"
  }

  /// `m` as a CSS `matrix()` (commas, plain numbers).
  static func cssMatrix(_ m: SVGValueGrammar.Matrix) -> String {
    let numbers = [m.a, m.b, m.c, m.d, m.e, m.f].map { String(cFormat: "%.17g", $0) }
    return "matrix(" + numbers.joined(separator: ",") + ")"
  }
}
