import FoundationEssentials
import Glibc
import GlyphsmithCore

/// The `--json` report of `glyphsmith build`: `assets`' report (`version`, `inputs`,
/// `warnings`, `catalogFindings`, `error`) plus the project file, the outputs removed (and
/// the set folders kept for the user's files) and the icons skipped.
public struct BuildReport: Codable, Equatable, Sendable {
  /// Schema version, 1.
  public var version = 1
  /// The project file read.
  public var config: String
  /// One entry per built icon, in icon order (as `AssetsReport.inputs`).
  public var inputs: [AssetInputResult]
  /// Warnings about the icons as a whole (as `AssetsReport.warnings`: the JSON holds their
  /// compiler-form lines). Setting it replaces the lines of a report read from JSON.
  public var warnings: [Diagnostic] { didSet { readWarnings = nil } }
  /// Catalog findings after the run (as `AssetsReport.catalogFindings`: the JSON holds their
  /// compiler-form lines). Setting it replaces the lines of a report read from JSON.
  public var catalogFindings: [Diagnostic] { didSet { readCatalogFindings = nil } }
  /// Outputs removed (their source is gone or no longer makes them), paths as printed.
  public var removed: [String]
  /// Set folders kept, not removed, for files in them Glyphsmith did not make (issue 32):
  /// kept by this run's prune or by an earlier one and still holding the files
  /// (`ProjectBuild.Result.kept`), paths as printed; the JSON's `kept`, left out when empty.
  public var kept: [String] = []
  /// Icons a rule skipped.
  public var skipped: [String]
  /// Why the build could not run, else `nil`.
  public var error: String?
  /// What `--changed-since` selected (issue 37 trial LOW-2: the JSON had no record of what was
  /// left out); absent without it.
  public var changedSince: ChangedSinceRecord? = nil

  /// What `build --changed-since REV --json` says it selected.
  public struct ChangedSinceRecord: Codable, Equatable, Sendable {
    /// The revision as given.
    public var revision: String
    /// Why every icon was built (`the project file`, `golden/golden.json`, `the renderer is
    /// not the one golden/golden.json records`), or `nil` (written as `null`).
    public var everything: String?
    /// The icon files selected (and their `-dark` files), or `nil` (written as `null`) when
    /// every icon was built.
    public var icons: Int?
    /// How many icon files there are, skipped ones too.
    public var total: Int

    /// A record of `revision`'s selection.
    public init(revision: String, everything: String?, icons: Int?, total: Int) {
      self.revision = revision
      self.everything = everything
      self.icons = icons
      self.total = total
    }

    /// Every key, `nil` as `null`.
    public func encode(to encoder: Encoder) throws {
      var c = encoder.container(keyedBy: CodingKeys.self)
      try c.encode(revision, forKey: .revision)
      try c.encode(everything, forKey: .everything)
      try c.encode(icons, forKey: .icons)
      try c.encode(total, forKey: .total)
    }

    enum CodingKeys: String, CodingKey {
      case revision, everything, icons, total
    }
  }
  /// The `warnings` lines of a report read from JSON (`init(from:)`), which holds no
  /// `Diagnostic`s.
  private var readWarnings: [String]? = nil
  /// The `catalogFindings` lines of a report read from JSON.
  private var readCatalogFindings: [String]? = nil

  /// The report of a finished build.
  public init(config: String, result: ProjectBuild.Result) {
    self.config = config
    inputs = result.report.inputs
    warnings = result.report.warnings
    catalogFindings = result.report.catalogFindings
    removed = result.removed
    kept = result.kept
    skipped = result.skipped
    error = result.report.error
  }

  /// The report of a build that could not run.
  public init(config: String, error: String) {
    self.config = config
    inputs = []
    warnings = []
    catalogFindings = []
    removed = []
    skipped = []
    self.error = error
  }

  enum CodingKeys: String, CodingKey {
    case version, config, inputs, warnings, catalogFindings, removed, kept, skipped, error
    case changedSince
  }

  /// Reads a report. The `warnings` and `catalogFindings` lines are kept as text, never
  /// parsed back into `Diagnostic`s; encoding the report again writes the same text.
  /// - Throws: `DecodingError` for a missing or mistyped key (`error` may be absent).
  public init(from decoder: Decoder) throws {
    let c = try decoder.container(keyedBy: CodingKeys.self)
    version = try c.decode(Int.self, forKey: .version)
    config = try c.decode(String.self, forKey: .config)
    inputs = try c.decode([AssetInputResult].self, forKey: .inputs)
    warnings = []
    catalogFindings = []
    readWarnings = try c.decode([String].self, forKey: .warnings)
    readCatalogFindings = try c.decode([String].self, forKey: .catalogFindings)
    removed = try c.decode([String].self, forKey: .removed)
    kept = try c.decodeIfPresent([String].self, forKey: .kept) ?? []
    skipped = try c.decode([String].self, forKey: .skipped)
    error = try c.decodeIfPresent(String.self, forKey: .error)
    changedSince = try c.decodeIfPresent(ChangedSinceRecord.self, forKey: .changedSince)
  }

  /// Writes every key, `warnings` and `catalogFindings` as compiler-form lines, `error` and
  /// `changedSince` left out when `nil`.
  public func encode(to encoder: Encoder) throws {
    var c = encoder.container(keyedBy: CodingKeys.self)
    try c.encode(version, forKey: .version)
    try c.encode(config, forKey: .config)
    try c.encode(inputs, forKey: .inputs)
    try c.encode(readWarnings ?? warnings.descriptions, forKey: .warnings)
    try c.encode(readCatalogFindings ?? catalogFindings.descriptions, forKey: .catalogFindings)
    try c.encode(removed, forKey: .removed)
    if !kept.isEmpty { try c.encode(kept, forKey: .kept) }
    try c.encode(skipped, forKey: .skipped)
    try c.encodeIfPresent(error, forKey: .error)
    try c.encodeIfPresent(changedSince, forKey: .changedSince)
  }
}
