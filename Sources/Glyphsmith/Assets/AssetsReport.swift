import FoundationEssentials
import Glibc
import GlyphsmithCore

/// The `--json` report of `assets`: `{"version": 1, "inputs": [...]}`.
public struct AssetsReport: Codable, Equatable, Sendable {
  /// Schema version, 1.
  public var version = 1
  /// One entry per input, in input order.
  public var inputs: [AssetInputResult]

  /// Why the run could not start (a name collision, an unwritable catalog), else `nil`.
  public var error: String? = nil

  /// Warnings about the inputs as a whole (an ignored dark variant, an output record that
  /// cannot be read); the JSON's `warnings` holds their compiler-form lines (`path: warning:
  /// ...`). Setting it replaces the lines of a report read from JSON.
  public var warnings: [Diagnostic] = [] { didSet { readWarnings = nil } }

  /// What `CatalogValidator` found in the catalog after this run wrote to it (kind
  /// `catalog`, the rule as `rule`); the JSON's `catalogFindings` holds their compiler-form
  /// lines (`path:line:col: warning: [rule] message`). Setting it replaces the lines of a
  /// report read from JSON.
  public var catalogFindings: [Diagnostic] = [] { didSet { readCatalogFindings = nil } }

  /// The `warnings` lines of a report read from JSON (`init(from:)`), which holds no
  /// `Diagnostic`s.
  private var readWarnings: [String]? = nil
  /// The `catalogFindings` lines of a report read from JSON.
  private var readCatalogFindings: [String]? = nil

  /// How the time went (not part of the JSON report).
  public var statistics = AssetsStatistics()

  /// A report of `inputs` (in input order).
  public init(inputs: [AssetInputResult] = []) {
    self.inputs = inputs
  }

  /// Inputs that failed.
  public var failures: Int { inputs.filter { $0.status == .failed }.count }

  enum CodingKeys: String, CodingKey { case version, inputs, warnings, catalogFindings, error }

  /// Reads a report. The `warnings` and `catalogFindings` lines are kept as text, never
  /// parsed back into `Diagnostic`s; encoding the report again writes the same text.
  /// - Throws: `DecodingError` for a missing or mistyped key (`error` may be absent).
  public init(from decoder: Decoder) throws {
    let c = try decoder.container(keyedBy: CodingKeys.self)
    version = try c.decode(Int.self, forKey: .version)
    inputs = try c.decode([AssetInputResult].self, forKey: .inputs)
    readWarnings = try c.decode([String].self, forKey: .warnings)
    readCatalogFindings = try c.decode([String].self, forKey: .catalogFindings)
    error = try c.decodeIfPresent(String.self, forKey: .error)
  }

  /// Writes `version`, `inputs`, `warnings` and `catalogFindings` (as compiler-form lines)
  /// and `error` (left out when `nil`).
  public func encode(to encoder: Encoder) throws {
    var c = encoder.container(keyedBy: CodingKeys.self)
    try c.encode(version, forKey: .version)
    try c.encode(inputs, forKey: .inputs)
    try c.encode(readWarnings ?? warnings.descriptions, forKey: .warnings)
    try c.encode(readCatalogFindings ?? catalogFindings.descriptions, forKey: .catalogFindings)
    try c.encodeIfPresent(error, forKey: .error)
  }
}
