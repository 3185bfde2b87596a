/// How `SymbolBuilder` turns an icon into a custom symbol.
public struct SymbolOptions: Sendable, Equatable {
  /// Ultralight stroke width as a multiple of the icon's own (Regular) width: 0.5.
  public var ultralightFactor = 0.5
  /// Black stroke width as a multiple of the icon's own width: 2.
  public var blackFactor = 2.0
  /// For filled shapes: how far Black grows outwards, in template units per side, with
  /// FreeType's emboldening (Ultralight shrinks by half of it); 0 (the default) draws one
  /// outline for all three weights.
  public var emboldenUnits = 0.0
  /// Template units the icon's canvas height (its viewBox) spans: 79, about the system
  /// circle at Regular-S (`SymbolTemplateGeometry.viewBoxHeight`).
  public var canvasHeightUnits = SymbolTemplateGeometry.viewBoxHeight

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

  /// The emboldening of filled shapes for `weight`, in template units per side.
  public func embolden(_ weight: SymbolWeight) -> Double {
    switch weight {
    case .ultralight: return -emboldenUnits / 2
    case .regular: return 0
    case .black: return emboldenUnits
    }
  }
}
