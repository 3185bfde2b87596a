import FoundationEssentials
import Glibc
import GlyphsmithCore

/// What happened to one input of `assets`: its JSON `status`.
public enum AssetInputStatus: String, Codable, Equatable, Sendable {
  /// Rendered and written.
  case written
  /// Its outputs carry the input's current fingerprint; nothing was rewritten.
  case unchanged
  /// It could not be read, rendered or written (`AssetInputResult.failure` says why).
  case failed
}

/// What happened to one input of `assets`; the `--json` report's `inputs` entries.
public struct AssetInputResult: Codable, Equatable, Sendable {
  /// The input path as given or found in a folder.
  public var path: String
  /// The asset name (file name without extension, NFC).
  public var name: String
  /// `written`, `unchanged` (outputs up to date, nothing rewritten) or `failed`.
  public var status: AssetInputStatus
  /// The role rendered.
  public var role: String
  /// The shape used for fitting, or `null` (plain role, failures).
  public var shape: String?
  /// The regular canvas's long side in pt, or `null` on failure.
  public var sizePt: Double?
  /// The files written, in order (regular @1x.. then compact @1x..); for a `failed` input,
  /// those of the sets it wrote before it failed (they are on disk), often none.
  public var files: [WrittenFile]
  /// Why `status` is `failed`, else `nil`; the JSON's `error` is its message.
  public var failure: GlyphsmithError?
  /// The JSON's `error`: `failure`'s message (or, in a report read back from JSON, the message
  /// it holds), `nil` when it did not fail.
  public var error: String? { failure?.description ?? readError }
  /// The `error` message of a report read from JSON (`init(from:)`), which has no `failure`.
  private var readError: String? = nil
  /// Warnings about this input, in the order found (the artwork's, the renderer's, an
  /// `auto` VectorDrawable's fallback; a symbol's); the JSON's `warnings` holds their
  /// compiler-form lines (`path: warning: ...`). Setting it replaces the lines of a report
  /// read from JSON.
  public var warnings: [Diagnostic] { didSet { readWarnings = nil } }
  /// The `warnings` lines of a report read from JSON (`init(from:)`), which holds no
  /// `Diagnostic`s (a worker hands its parent the `Diagnostic`s themselves,
  /// `AssetsWorkerReply`).
  private var readWarnings: [String]? = nil
  /// With `assets --lint`: what `glyphsmith lint` finds for this input at the same role, size
  /// and scales (see docs/lint.md); `nil` (and left out of the JSON) without `--lint`.
  public var lint: [LintFinding]? = nil
  /// With `assets --lint --compact`: what `glyphsmith lint --compact` finds for this input at
  /// the compact tab bar sizes (HIG; `Role.targetBox(for:compact:)`), which the
  /// `NAME-compact` set ships; `nil` (and left out of the JSON) otherwise.
  public var lintCompact: [LintFinding]? = nil
  /// The SHA-256 of each file this input's run wrote, by normalised path
  /// (`OutputManifest.normalised`), as the writer computed it from the bytes it wrote: the
  /// record of outputs takes them instead of reading each file back (issue 34). Not part of
  /// the JSON report, nor of a result's equality (`WrittenHashes`).
  package var writtenHashes = WrittenHashes()

  /// A failed entry for an input that could not even be opened.
  public static func failed(path: String, role: Role, error: GlyphsmithError) -> AssetInputResult {
    AssetInputResult(
      path: path, name: AssetName.from(path: path), status: .failed, role: role.rawValue,
      shape: nil, sizePt: nil, files: [], failure: error, warnings: [])
  }

  /// A result from its parts.
  public init(
    path: String, name: String, status: AssetInputStatus, role: String, shape: String?,
    sizePt: Double?, files: [WrittenFile], failure: GlyphsmithError?, warnings: [Diagnostic],
    lint: [LintFinding]? = nil, lintCompact: [LintFinding]? = nil
  ) {
    self.path = path
    self.name = name
    self.status = status
    self.role = role
    self.shape = shape
    self.sizePt = sizePt
    self.files = files
    self.failure = failure
    self.warnings = warnings
    self.lint = lint
    self.lintCompact = lintCompact
  }

  enum CodingKeys: String, CodingKey {
    case path, name, status, role, shape, sizePt, files, error, warnings, lint, lintCompact
  }

  /// Reads a report entry. The `error` message and the `warnings` lines are kept as text,
  /// never parsed back into a `failure` or `Diagnostic`s (a worker hands its parent those
  /// themselves, `AssetsWorkerReply`); encoding the entry again writes the same text.
  public init(from decoder: Decoder) throws {
    let c = try decoder.container(keyedBy: CodingKeys.self)
    path = try c.decode(String.self, forKey: .path)
    name = try c.decode(String.self, forKey: .name)
    status = try c.decode(AssetInputStatus.self, forKey: .status)
    role = try c.decode(String.self, forKey: .role)
    shape = try c.decodeIfPresent(String.self, forKey: .shape)
    sizePt = try c.decodeIfPresent(Double.self, forKey: .sizePt)
    files = try c.decode([WrittenFile].self, forKey: .files)
    failure = nil
    readError = try c.decodeIfPresent(String.self, forKey: .error)
    warnings = []
    readWarnings = try c.decode([String].self, forKey: .warnings)
    lint = try c.decodeIfPresent([LintFinding].self, forKey: .lint)
    lintCompact = try c.decodeIfPresent([LintFinding].self, forKey: .lintCompact)
  }

  /// Writes the JSON fields in `CodingKeys` order: `shape`, `sizePt` and `error` as `null` when
  /// unset, `warnings` as compiler-form lines, `lint` and `lintCompact` only when set.
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
    try c.encode(readWarnings ?? warnings.descriptions, forKey: .warnings)
    if let lint { try c.encode(lint, forKey: .lint) }
    if let lintCompact { try c.encode(lintCompact, forKey: .lintCompact) }
  }
}

/// The SHA-256 (lowercase hex) of files a run wrote, by normalised path: what a writer knows
/// of its own bytes, handed to the record of outputs (`AssetInputResult.writtenHashes`). Two
/// values are always equal: the hashes follow from the files, which a result already names.
package struct WrittenHashes: Equatable, Sendable {
  /// Hash by normalised path (`OutputManifest.normalised`).
  package var byPath: [String: String] = [:]

  /// An empty set of hashes.
  package init(_ byPath: [String: String] = [:]) { self.byPath = byPath }

  /// Always `true`: not part of a result's identity.
  package static func == (lhs: WrittenHashes, rhs: WrittenHashes) -> Bool { true }
}
