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
}
