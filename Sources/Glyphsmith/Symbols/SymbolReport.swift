import FoundationEssentials
import Glibc
import GlyphsmithCore

/// What `SymbolJob` did, for `glyphsmith symbol --report FILE.json` (sorted keys, Xcode's
/// JSON layout) and for the CLI's messages. Written, never read back (the report keeps the
/// printed form of its warnings).
public struct SymbolReport: Encodable, Sendable, Equatable {
  /// One icon made into a symbol set.
  public struct Entry: Encodable, Sendable, Equatable {
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
    /// Warnings: the artwork's, then the outline's (the report's `warnings` key holds their
    /// compiler-form lines).
    public var diagnostics: [Diagnostic]
    /// The Regular-S / source comparison and ink per weight, with `--measure`.
    public var measure: SymbolMeasure.Result?
    /// What to tell about where it was written, not encoded and no warning of the symbol's
    /// (the exit code ignores them): the set `--force` replaced that Glyphsmith did not make,
    /// and each file kept in it.
    package var notices: [Diagnostic] = []
    /// Whether the set was written (not encoded): `false` when it already held exactly
    /// what would be written (`SymbolSetWriter.Outcome.written`).
    package var written = true
    /// The SHA-256 of the set's own files, by normalised path (not encoded:
    /// `SymbolSetWriter.Outcome.hashes`), for the record of outputs.
    package var writtenHashes = WrittenHashes()

    /// An entry; see the properties.
    public init(
      input: String, name: String, symbolset: String, method: String, weighted: Bool,
      paths: Int, diagnostics: [Diagnostic], measure: SymbolMeasure.Result? = nil
    ) {
      self.input = input
      self.name = name
      self.symbolset = symbolset
      self.method = method
      self.weighted = weighted
      self.paths = paths
      self.diagnostics = diagnostics
      self.measure = measure
    }

    enum CodingKeys: String, CodingKey {
      case input, name, symbolset, method, weighted, paths, warnings, measure
    }

    /// The report's keys, `warnings` as compiler-form lines (the report's schema), without
    /// the structured `diagnostics`.
    public func encode(to encoder: Encoder) throws {
      var c = encoder.container(keyedBy: CodingKeys.self)
      try c.encode(input, forKey: .input)
      try c.encode(name, forKey: .name)
      try c.encode(symbolset, forKey: .symbolset)
      try c.encode(method, forKey: .method)
      try c.encode(weighted, forKey: .weighted)
      try c.encode(paths, forKey: .paths)
      try c.encode(diagnostics.descriptions, forKey: .warnings)
      try c.encodeIfPresent(measure, forKey: .measure)
    }
  }

  /// Whether `data` is a report Glyphsmith wrote: a JSON object with exactly the keys
  /// `errors`, `symbols` and `version`, which `--report` may replace.
  package static func isOwn(_ data: Data) -> Bool {
    guard let object = JSONValue.parse(data)?.object else {
      return false
    }
    return Set(object.keys) == ["errors", "symbols", "version"]
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
