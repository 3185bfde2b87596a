import Foundation

/// The `--json` report of `assets`: `{"version": 1, "inputs": [...]}`.
public struct AssetsReport: Codable, Equatable, Sendable {
  /// Schema version, 1.
  public var version = 1
  /// One entry per input, in input order.
  public var inputs: [AssetInputResult]

  /// Why the run could not start (a name collision, an unwritable catalog), else `nil`.
  public var error: String? = nil

  /// Warnings about the inputs as a whole (an ignored dark variant), `path: warning: ...`.
  public var warnings: [String] = []

  /// What `CatalogValidator` found in the catalog after this run wrote to it, in compiler
  /// form (`path:line:col: warning: [rule] message`); empty when nothing was written.
  public var catalogFindings: [String] = []

  /// How the time went (not part of the JSON report).
  public var statistics = AssetsStatistics()

  /// A report of `inputs` (in input order).
  public init(inputs: [AssetInputResult] = []) {
    self.inputs = inputs
  }

  /// Inputs that failed.
  public var failures: Int { inputs.filter { $0.status == .failed }.count }

  enum CodingKeys: String, CodingKey { case version, inputs, warnings, catalogFindings, error }
}
