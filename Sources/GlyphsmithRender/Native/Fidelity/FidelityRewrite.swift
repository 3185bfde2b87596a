import CLibXML

/// One rule that upstream librsvg (2.55 to 2.60) or the SVG 2 specification applies and
/// librsvg 2.54 does not, applied as a rewrite of the canonical document (issue 38) before
/// librsvg reads it. Each rule leaves a document it does not apply to untouched, so that
/// document's bytes (and pixels) stay what they were.
protocol FidelityRewrite {
  /// The name `SVGPreflight.Findings.normalizations` reports when the rule changed the tree.
  static var name: String { get }
  /// Rewrites the tree under `root` in place; returns whether anything changed.
  static func apply(_ root: xmlNodePtr) -> Bool
}

/// The fidelity rewrites, in the order they run (each sees the tree the ones before left).
/// docs/render.md lists each (`FidelityDocumentationTests` fails when one is missing).
package enum FidelityRewrites {
  /// The names the rewrites report, in order.
  package static var names: [String] { all.map { $0.name } }

  /// Computed, not stored: a stored array of metatypes is not `Sendable`.
  static var all: [any FidelityRewrite.Type] {
    [
      StyleTypeRewrite.self,
      StyleMediaRewrite.self,
      CSSTransformRewrite.self,
      InvalidValueRewrite.self,
      PointListRewrite.self,
      DegenerateGradientRewrite.self,
      MaskTransformRewrite.self,
      ClipTransformRewrite.self,
      ReferenceCycleRewrite.self,
      ClipBoxTransformRewrite.self,
      NonScalingStrokeRewrite.self,
    ]
  }
}
