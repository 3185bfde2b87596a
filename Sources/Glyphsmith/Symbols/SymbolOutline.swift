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
  /// Warnings: the artwork's, then the outline's (kind `symbol-outline`: dashes outlined
  /// solid, weights copied).
  package var diagnostics: [Diagnostic]
  /// The left and right margin guides of each weight, as x on the artboard (set by `place`;
  /// until then the canvas edges around the column centre).
  package var margins: [SymbolWeight: (left: Double, right: Double)] = [:]
  /// Where the source canvas's top-left corner lies in each weight's group (template units,
  /// origin at the left margin on the baseline), for `SymbolMeasure`.
  package var canvasOrigin: [SymbolWeight: PathPoint] = [:]

  /// Whether Ultralight or Black differ from Regular in any path (the `weighted` of
  /// `symbol --report`): false for copied weights and for fills drawn with no emboldening
  /// (`--embolden 0`), true for strokes and for emboldened fills (issue 39: filled symbols
  /// that vary were reported `"weighted": false`).
  package var isWeighted: Bool {
    method != .copied
      && paths.contains { path in
        let regular = path.weights[.regular]
        return path.weights[.ultralight] != regular || path.weights[.black] != regular
      }
  }

  /// An outline of `paths` (centred on x 0) whose margins are the canvas edges.
  package init(
    name: String, paths: [Path], width: Double, height: Double, method: Method,
    diagnostics: [Diagnostic]
  ) {
    self.name = name
    self.paths = paths
    self.width = width
    self.height = height
    self.method = method
    self.diagnostics = diagnostics
    for weight in SymbolWeight.allCases {
      let left = SymbolTemplateGeometry.columnCentre(weight) - width / 2
      margins[weight] = (left, left + width)
    }
  }

  /// Moves each weight's paths so that its group's origin is its left margin, `bearing`
  /// units left of its ink, with the right margin `bearing` units right of it and the ink
  /// centred on the weight's column (Apple's margins: they widen with the weight, the side
  /// bearing stays). The shift is a whole number of 1/1000 units, so normalised paths stay
  /// on their grid and keep their commands. `canvasTopLeft` is the source canvas's corner
  /// in the paths' current coordinates.
  package mutating func place(bearing: Double, canvasTopLeft: PathPoint) {
    for weight in SymbolWeight.allCases {
      let all = VectorPath(paths.flatMap { ($0.weights[weight] ?? VectorPath()).elements })
      guard let ink = SymbolInk.bounds(all) else { continue }
      let marginWidth = ink.width + 2 * bearing
      let left = SymbolTemplateWriter.rounded(
        SymbolTemplateGeometry.columnCentre(weight) - marginWidth / 2)
      let dx = SymbolTemplateWriter.rounded(bearing - ink.x)
      margins[weight] = (left, SymbolTemplateWriter.rounded(left + marginWidth))
      canvasOrigin[weight] = PathPoint(x: canvasTopLeft.x + dx, y: canvasTopLeft.y)
      for i in paths.indices {
        if let path = paths[i].weights[weight] {
          paths[i].weights[weight] = path.map { PathPoint(x: $0.x + dx, y: $0.y) }
        }
      }
    }
  }

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
