/// How `SymbolBuilder` turns an icon into a custom symbol.
public struct SymbolOptions: Sendable, Equatable {
  /// Ultralight stroke width as a multiple of the icon's own (Regular) width: 0.32, Apple's
  /// ratio (the SF Symbols app's own `square` export: stroke 2.22 units at Ultralight-S,
  /// 7.03 at Regular-S; docs/symbols.md).
  public var ultralightFactor = 0.32
  /// Black stroke width as a multiple of the icon's own width: 2 (Apple's `square`: 14.16
  /// units at Black-S, 2.01 x Regular).
  public var blackFactor = 2.0
  /// For filled shapes: how far Black grows outwards, in template units per side, every
  /// contour offset along its normals with sharp corners bevelled (`OutlineOffset`). The
  /// default, 5.4, gives the ink ratio Black / Regular of
  /// Apple's own filled export in `Tests/GlyphsmithTestFixtures/Fixtures/symbol-exports`
  /// (CodeEdit's `custom.breakpoint`: 1.297) when its Regular-S is emboldened by it. 0 draws
  /// one outline for all three weights. A path whose holes would close gets less (halved
  /// until they stay open; `SymbolWeights`).
  public var emboldenUnits = 5.4
  /// For filled shapes: how far Ultralight shrinks inwards, in template units per side. The
  /// default, 2.2, gives the same export's Ultralight / Regular ink ratio (0.878);
  /// `glyphsmith symbol --embolden U` sets it to U / 2.
  public var thinUnits = 2.2
  /// Whether filled parts thinner than Apple's filled export grow and shrink less, as Apple's
  /// strokes do (`SymbolWeights.blackShare`: at most half their mean thickness a side at
  /// Black, a third at Ultralight). `--embolden` turns it off: its amounts apply as given.
  public var emboldenFollowsThickness = true
  /// Template units the icon's canvas height (its viewBox) spans when `sizesInk` is off
  /// (`--height`): 79, about the system circle at Regular-S
  /// (`SymbolTemplateGeometry.viewBoxHeight`).
  public var canvasHeightUnits = SymbolTemplateGeometry.viewBoxHeight
  /// Whether the Regular ink, not the canvas, is sized to the SF glyph of the same shape
  /// (`SymbolTemplateGeometry.inkScale`); `--height` turns it off.
  public var sizesInk = true

  /// The defaults.
  public init() {}

  /// The stroke width factor for `weight` (Regular: 1).
  public func factor(_ weight: SymbolWeight) -> Double {
    switch weight {
    case .ultralight: return ultralightFactor
    case .regular: return 1
    case .black: return blackFactor
    }
  }

  /// The emboldening of filled shapes for `weight`, in template units per side (negative:
  /// inwards).
  public func embolden(_ weight: SymbolWeight) -> Double {
    switch weight {
    case .ultralight: return -thinUnits
    case .regular: return 0
    case .black: return emboldenUnits
    }
  }
}
