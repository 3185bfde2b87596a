import Foundation

/// What an `assets` or `build` run will do, computed once before anything is written: every
/// icon with its input's hash, resolved options, fingerprint and outputs. `--plan --json`
/// prints it (docs/assets.md, "The plan"); workers execute its icons.
public struct AssetPlan: Codable, Equatable, Sendable {
  /// Schema version, 1.
  public var version = 1
  /// The output folder of each platform written, by `--platform` name, as given.
  public var outputFolders: [String: String]
  /// The icons, in input order.
  public var icons: [PlannedIcon]
  /// SVG inputs that become symbol sets (`--symbols`, `ios.symbols`) with the folder each
  /// makes, in input order; absent when none.
  public var symbolSets: [PlannedOutput]?
  /// Inputs a project rule skips (`skip`), in input order; absent for `assets`.
  public var skipped: [String]?
  /// Inputs that cannot be planned (`path: error: ...`; a missing input, a name that is not
  /// UTF-8), in input order; absent when none.
  public var failures: [String]?
  /// Warnings of planning (`path: warning: ...`); absent when none.
  public var warnings: [String]?

  /// A plan of `icons` writing into `outputFolders`.
  public init(outputFolders: [String: String], icons: [PlannedIcon]) {
    self.outputFolders = outputFolders
    self.icons = icons
  }

  /// The plan as `--plan --json` prints it: sorted keys, two-space indentation, slashes
  /// unescaped, a final newline.
  public func json() throws -> Data {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]
    return try encoder.encode(self) + Data("\n".utf8)
  }
}
