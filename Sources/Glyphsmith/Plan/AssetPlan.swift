import FoundationEssentials
import Glibc
import GlyphsmithCore

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
  /// `build`: the recorded outputs the build would prune (`OutputManifest.pendingRemovals`
  /// of each output folder, a dropped platform's folder too), paths starting with their
  /// output folder as given, by folder then path; nothing is removed to find them. A set
  /// the prune keeps for the user's files in it is among them (its own files go). Empty when
  /// none; absent for `assets`.
  public var remove: [String]?
  /// Inputs that cannot be planned (`path: error: ...`; a missing input, a name that is not
  /// UTF-8), in input order; absent when none.
  public var failures: [String]?
  /// Warnings of planning (kind `ignored-dark-variant`: a dark variant of a template icon);
  /// `nil` when none. The JSON holds them twice, both absent when none: `warnings`, their
  /// compiler-form lines (`path: warning: ...`), and `diagnostics`, the `Diagnostic`s
  /// themselves (which `init(from:)` reads back).
  public var warnings: [Diagnostic]?

  /// A plan of `icons` writing into `outputFolders`.
  public init(outputFolders: [String: String], icons: [PlannedIcon]) {
    self.outputFolders = outputFolders
    self.icons = icons
  }

  private enum CodingKeys: String, CodingKey {
    case version, outputFolders, icons, symbolSets, skipped, remove, failures, warnings,
      diagnostics
  }

  /// Reads a plan; `warnings` from its `diagnostics`.
  /// - Throws: `DecodingError` for a missing or mistyped key (the optional ones may be
  ///   absent).
  public init(from decoder: Decoder) throws {
    let c = try decoder.container(keyedBy: CodingKeys.self)
    version = try c.decode(Int.self, forKey: .version)
    outputFolders = try c.decode([String: String].self, forKey: .outputFolders)
    icons = try c.decode([PlannedIcon].self, forKey: .icons)
    symbolSets = try c.decodeIfPresent([PlannedOutput].self, forKey: .symbolSets)
    skipped = try c.decodeIfPresent([String].self, forKey: .skipped)
    remove = try c.decodeIfPresent([String].self, forKey: .remove)
    failures = try c.decodeIfPresent([String].self, forKey: .failures)
    warnings = try c.decodeIfPresent([Diagnostic].self, forKey: .diagnostics)
  }

  /// Writes the keys docs/assets.md lists ("The plan"), the optional ones only when set;
  /// `warnings` as compiler-form lines and as `diagnostics`.
  public func encode(to encoder: Encoder) throws {
    var c = encoder.container(keyedBy: CodingKeys.self)
    try c.encode(version, forKey: .version)
    try c.encode(outputFolders, forKey: .outputFolders)
    try c.encode(icons, forKey: .icons)
    try c.encodeIfPresent(symbolSets, forKey: .symbolSets)
    try c.encodeIfPresent(skipped, forKey: .skipped)
    try c.encodeIfPresent(remove, forKey: .remove)
    try c.encodeIfPresent(failures, forKey: .failures)
    try c.encodeIfPresent(warnings?.descriptions, forKey: .warnings)
    try c.encodeIfPresent(warnings, forKey: .diagnostics)
  }

  /// The plan as `--plan --json` prints it: sorted keys, two-space indentation, slashes
  /// unescaped, a final newline.
  public func json() throws -> Data {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]
    return try encoder.encode(self) + Data("\n".utf8)
  }
}
