import Foundation

/// One written file of an imageset.
public struct WrittenFile: Codable, Equatable, Sendable {
  /// Path of the PNG (the catalog path as given, joined with the file's place in it).
  public var path: String
  /// Width in px.
  public var width: Int
  /// Height in px.
  public var height: Int
}

/// What happened to one input of `assets`; the `--json` report's `inputs` entries.
public struct AssetInputResult: Codable, Equatable, Sendable {
  /// The input path as given or found in a folder.
  public var path: String
  /// The asset name (file name without extension, NFC).
  public var name: String
  /// `written`, `unchanged` (outputs up to date, nothing rewritten) or `failed`.
  public var status: String
  /// The role rendered.
  public var role: String
  /// The shape used for fitting, or `null` (plain role, failures).
  public var shape: String?
  /// The regular canvas's long side in pt, or `null` on failure.
  public var sizePt: Double?
  /// The files written, in order (regular @1x.. then compact @1x..).
  public var files: [WrittenFile]
  /// The error message when `status` is `failed`, else `null`.
  public var error: String?
  /// Warnings, in the form `path: warning: ...`.
  public var warnings: [String]
  /// With `assets --lint`: what `glyphsmith lint` finds for this input at the same role, size
  /// and scales (see docs/lint.md); `nil` (and left out of the JSON) without `--lint`.
  public var lint: [LintFinding]? = nil

  /// A failed entry for an input that could not even be opened.
  public static func failed(path: String, role: Role, error: GlyphsmithError) -> AssetInputResult {
    AssetInputResult(
      path: path, name: AssetName.from(path: path), status: "failed", role: role.rawValue,
      shape: nil, sizePt: nil, files: [], error: error.description, warnings: [])
  }

  enum CodingKeys: String, CodingKey {
    case path, name, status, role, shape, sizePt, files, error, warnings, lint
  }

  public func encode(to encoder: Encoder) throws {
    var c = encoder.container(keyedBy: CodingKeys.self)
    try c.encode(path, forKey: .path)
    try c.encode(name, forKey: .name)
    try c.encode(status, forKey: .status)
    try c.encode(role, forKey: .role)
    try c.encode(shape, forKey: .shape)  // null, not omitted
    try c.encode(sizePt, forKey: .sizePt)
    try c.encode(files, forKey: .files)
    try c.encode(error, forKey: .error)
    try c.encode(warnings, forKey: .warnings)
    if let lint { try c.encode(lint, forKey: .lint) }
  }
}

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
  public var failures: Int { inputs.filter { $0.status == "failed" }.count }

  enum CodingKeys: String, CodingKey { case version, inputs, warnings, catalogFindings, error }
}

/// Where an `assets` run spent its time, for `--stats` and `bench/render`.
public struct AssetsStatistics: Equatable, Sendable {
  /// PNG files rendered.
  public var renders = 0
  /// Sum over inputs of the time from loading to the imageset in place, in seconds (across
  /// threads, so up to `jobs` x the wall time).
  public var taskSeconds = 0.0
  /// Of that, the time inside librsvg, Cairo and libpng calls (`LibraryClock`), in seconds.
  public var librarySeconds = 0.0
  /// Of that, the time spent writing imagesets to the file system (mkdir, open, write,
  /// rename, and the Contents.json text), in seconds.
  public var writeSeconds = 0.0
  /// Glyphsmith's own compute time relative to the libraries' time:
  /// (task - library - write) / library.
  public var overhead: Double {
    librarySeconds > 0 ? (taskSeconds - librarySeconds - writeSeconds) / librarySeconds : 0
  }
}
