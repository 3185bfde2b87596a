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

  /// The inputs behind `errors`, with their errors (not encoded).
  public var failures: [(path: String, error: GlyphsmithError)] = []

  enum CodingKeys: String, CodingKey {
    case version, symbols, errors
  }

  /// A report of `symbols` and `failures` (whose messages are `errors`).
  public init(symbols: [Entry], failures: [(path: String, error: GlyphsmithError)]) {
    self.symbols = symbols
    self.failures = failures
    self.errors = failures.map(\.error.description)
  }

  /// Equal when the encoded parts are.
  public static func == (a: SymbolReport, b: SymbolReport) -> Bool {
    a.version == b.version && a.symbols == b.symbols && a.errors == b.errors
  }
}
