import GlyphsmithRender

/// One icon made into the three weights of a custom symbol: filled, closed outlines in the
/// template units of a variant group (origin at the left margin on the baseline, y down).
package struct SymbolOutline: Sendable {
  /// How the weights were made.
  package enum Method: String, Sendable, Codable {
    /// Only filled shapes: one outline (or FreeType-emboldened outlines) for all weights.
    case fill
    /// Strokes outlined whole by FreeType at each width; every subpath came out compatible.
    case stroked
    /// At least one subpath was outlined segment by segment (round caps and joins) because
    /// its whole-stroke outlines were not compatible.
    case segmented
    /// The weights could not be made compatible: three copies of Regular (warned).
    case copied
  }

  /// One template `<path>`: its outline in each weight and its hierarchical layer.
  package struct Path: Sendable {
    /// The outline per weight; all three have the same `signature`.
    package var weights: [SymbolWeight: VectorPath]
    /// The hierarchical level.
    package var layer: SymbolLayer
  }

  /// The symbol's name (the input's file name without extension).
  package var name: String
  /// The paths in drawing order.
  package var paths: [Path]
  /// The canvas width in template units: the right margin sits this far right of the left.
  package var width: Double
  /// The canvas height in template units.
  package var height: Double
  /// How the weights were made.
  package var method: Method
  /// Warnings, in the compiler form `path: warning: ...`.
  package var warnings: [String]

  /// Whether the input marks hierarchical layers (any path not primary).
  package var isLayered: Bool { paths.contains { $0.layer != .primary } }

  /// Whether the three weights have the same number of paths and command sequences.
  package var isCompatible: Bool {
    paths.allSatisfy { path in
      let signatures = Set(SymbolWeight.allCases.map { path.weights[$0]?.signature ?? "" })
      return signatures.count == 1
    }
  }
}
