import Foundation

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
  /// With `assets --lint --compact`: what `glyphsmith lint --compact` finds for this input at
  /// the compact tab bar sizes (HIG; `Role.targetBox(for:compact:)`), which the
  /// `NAME-compact` set ships; `nil` (and left out of the JSON) otherwise.
  public var lintCompact: [LintFinding]? = nil

  /// A failed entry for an input that could not even be opened.
  public static func failed(path: String, role: Role, error: GlyphsmithError) -> AssetInputResult {
    AssetInputResult(
      path: path, name: AssetName.from(path: path), status: "failed", role: role.rawValue,
      shape: nil, sizePt: nil, files: [], error: error.description, warnings: [])
  }

  enum CodingKeys: String, CodingKey {
    case path, name, status, role, shape, sizePt, files, error, warnings, lint, lintCompact
  }

  /// Writes the JSON fields in `CodingKeys` order: `shape`, `sizePt` and `error` as `null` when
  /// unset, `lint` and `lintCompact` only when set.
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
    if let lintCompact { try c.encode(lintCompact, forKey: .lintCompact) }
  }
}
