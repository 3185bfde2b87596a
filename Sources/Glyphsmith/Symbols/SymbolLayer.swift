/// A hierarchical rendering level (Apple: `hierarchical-N:primary|secondary|tertiary`).
///
/// Inputs mark layers with the classes `symbol-secondary` and `symbol-tertiary` on any
/// element (a group marks everything inside it); the rest is primary. docs/symbols.md.
package enum SymbolLayer: String, Sendable, CaseIterable, Codable {
  /// Full opacity in hierarchical mode.
  case primary
  /// Reduced opacity.
  case secondary
  /// Further reduced opacity.
  case tertiary

  /// The class an input element carries to join this layer (`symbol-secondary`).
  package var inputClass: String { "symbol-" + rawValue }

  /// The fill a template's `<style>` block gives the layer's `hierarchical-N:LEVEL` class:
  /// primary #212121 and secondary #4D4D4D as in an SF Symbols export (Home Assistant's
  /// `discord.fill`, docs/symbols.md); tertiary #999999, our choice (no export at hand uses it).
  package var fill: String {
    switch self {
    case .primary: return "#212121"
    case .secondary: return "#4D4D4D"
    case .tertiary: return "#999999"
    }
  }
}
