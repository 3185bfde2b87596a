/// What `SymbolJob` did, for `glyphsmith symbol --report FILE.json` (sorted keys, Xcode's
/// JSON layout) and for the CLI's messages.
public struct SymbolReport: Codable, Sendable, Equatable {
  /// One icon made into a symbol set.
  public struct Entry: Codable, Sendable, Equatable {
    /// The input file as given.
    public var input: String
    /// The symbol's name.
    public var name: String
    /// The written `NAME.symbolset` folder.
    public var symbolset: String
    /// How the weights were made: `fill`, `stroked`, `segmented` or `copied`.
    public var method: String
    /// Whether the three weights are compatible and differ (not `copied`).
    public var weighted: Bool
    /// Template paths per weight.
    public var paths: Int
    /// Warnings in the compiler form.
    public var warnings: [String]
    /// The Regular-S / source comparison and ink per weight, with `--measure`.
    public var measure: SymbolMeasure.Result?
  }

  /// Format version: 1.
  public var version = 1
  /// The entries in input order (failed inputs are left out; see `errors`).
  public var symbols: [Entry]
  /// Inputs that could not be made into symbols, one compiler-form message each.
  public var errors: [String]

  /// A report of `symbols` and `errors`.
  public init(symbols: [Entry], errors: [String]) {
    self.symbols = symbols
    self.errors = errors
  }
}
