import GlyphsmithRender

/// The numbers of Apple's custom-symbol template, version 3.0 (iOS 15+, Xcode 13+), in
/// template units (the template is typeset at 100 pt, so 1 unit = 1/100 of the point size).
///
/// Sources: Apple, "Creating custom symbol images for your app" (template structure, ids,
/// margin guides from template version 3); and templates exported by the SF Symbols app as
/// copied into public repositories (found with the project's code search, docs/symbols.md
/// lists them): the 3300 x 2200 artboard, baselines 696 / 1126 / 1556, caplines 625.541 /
/// 1055.54 / 1485.54, margin guides from y 600.785 to 720.121 in the S row, guide lines from
/// x 263 to 3036, weight labels (column centres) at x 559.711 / 1449.84 / 2933.4, and the
/// `Template v.3.0` text at (3036, 1933).
package enum SymbolTemplateGeometry {
  /// Artboard width (3300).
  package static let width = 3300.0
  /// Artboard height (2200).
  package static let height = 2200.0
  /// Baseline of the S row (696).
  package static let baselineS = 696.0
  /// Capline of the S row (625.541).
  package static let caplineS = 625.541
  /// Cap height at 100 pt: baseline minus capline (70.459).
  package static let capHeight = baselineS - caplineS
  /// Baselines and caplines of the S, M and L rows, as exported.
  package static let rows: [(scale: String, baseline: Double, capline: Double)] = [
    ("S", 696, 625.541), ("M", 1126, 1055.54), ("L", 1556, 1485.54),
  ]
  /// Guide lines run from x 263 to 3036.
  package static let guideLeft = 263.0
  /// Right end of the guide lines.
  package static let guideRight = 3036.0
  /// Top of the margin guide lines in the S row (600.785).
  package static let marginTopS = 600.785
  /// Bottom of the margin guide lines in the S row (720.121).
  package static let marginBottomS = 720.121
  /// Height of a full-viewBox circle, in template units: about the system `circle` symbol at
  /// Regular-S (79; the measurement of exported templates; a second public
  /// derivation puts Apple's circle keyline at 0.9965 em at medium scale, 1.276 x small,
  /// which is 78.1 units in the S row).
  package static let viewBoxHeight = 79.0
  /// The text Apple's exports carry in the `template-version` element.
  package static let versionText = "Template v.3.0"

  /// The horizontal centre of a weight's column in the S row, from the weight labels of an
  /// exported template's Notes group.
  package static func columnCentre(_ weight: SymbolWeight) -> Double {
    switch weight {
    case .ultralight: return 559.711
    case .regular: return 1449.84
    case .black: return 2933.4
    }
  }
  /// Long side of the Regular-S ink of the SF glyph of each shape, in template units (the
  /// ink, not the canvas, is sized to it): circle 78.85 and square 71.13, Apple's `circle`
  /// and `square` exports (margin widths 92.53 and 90.67 at Regular-S minus twice their side
  /// bearings, docs/symbols.md); wide and tall take the HIG tab bar ratios to the circle
  /// (31 wide and 28 tall to 25; HIG "Tab bars"), on the width and the height.
  package static func inkTarget(_ shape: GlyphShape) -> Double {
    switch shape {
    case .circle: return 78.85
    case .square: return 71.13
    case .wide: return 78.85 * 31 / 25
    case .tall: return 78.85 * 28 / 25
    }
  }

  /// The factor that sizes `ink` (the Regular outline's bounds) to `inkTarget(shape)`: on
  /// its long side for circle and square, its width for wide, its height for tall.
  package static func inkScale(shape: GlyphShape, ink: Rect) -> Double {
    let side: Double
    switch shape {
    case .circle, .square: side = max(ink.width, ink.height)
    case .wide: side = ink.width
    case .tall: side = ink.height
    }
    return side > 0 ? inkTarget(shape) / side : 1
  }

  /// The side bearing (ink to margin guide, each side) at every weight, in template units:
  /// 9.77 for square-based art and 6.84 for the rest, as Apple's `square` and `circle`
  /// exports keep at Ultralight-S, Regular-S and Black-S (docs/symbols.md).
  package static func sideBearing(shape: GlyphShape) -> Double {
    shape == .square ? 9.77 : 6.84
  }

  /// The `H-reference` glyph (the letter A of the SF font, a visual aid) that every export
  /// draws at x 339 on each baseline, copied from a template v3.0 export (CodeEdit's
  /// `custom.breakpoint`, MIT; Tests/GlyphsmithTestFixtures/Fixtures/symbol-exports).
  package static let referenceGlyph =
    "M0.993347 0L3.6377 0L29.3282-67.1326L30.0301-67.1326L30.0301-70.459L28.1227-70.459Z"
    + "M11.6882-24.4797L46.9818-24.4797L46.2311-26.7288L12.4382-26.7288Z"
    + "M55.1193 0L57.7637 0L30.6381-70.459L29.4327-70.459L29.4327-67.1326Z"

  /// How much a stroked icon's centreline is scaled about its ink centre at `weight` before it
  /// is stroked: Apple draws heavier weights on a slightly smaller skeleton, so the ink grows
  /// less than the stroke. Solved from Apple's `square` and `circle` exports (margin widths
  /// and strokes in docs/symbols.md) for Lucide's square and circle at our stroke factors:
  /// square-based art 1.01385 (Ultralight) and 0.96903 (Black), the rest 1.00648 and 0.97157;
  /// Regular 1.
  package static func skeletonScale(_ shape: GlyphShape, _ weight: SymbolWeight) -> Double {
    switch (weight, shape == .square) {
    case (.regular, _): return 1
    case (.ultralight, true): return 1.01385
    case (.ultralight, false): return 1.00648
    case (.black, true): return 0.96903
    case (.black, false): return 0.97157
    }
  }
}
