import FoundationEssentials
import Glibc
import GlyphsmithCore

/// What a `lint` run will do, computed once before anything is linted (`LintSession.plan`):
/// the inputs collected once, each file with the SHA-256 of its bytes and its resolved lint
/// options, and the inputs that do not exist. Workers lint its files as they are
/// (`LintSession.lint(plan:)`): they never collect inputs or look for a config; a file whose
/// bytes no longer hash as planned, or that is gone, fails naming it; a file added after
/// planning is not in the plan, so it is not linted.
public struct LintPlan: Codable, Equatable, Sendable {
  /// Schema version, 1.
  public var version = 1
  /// The files, in input order (`.symbolset` inputs first, then files and folders' files).
  public var files: [PlannedLintFile]
  /// Inputs that do not exist (`GlyphsmithError.unreadable`), in input order.
  public var missing: [GlyphsmithError]

  /// A plan linting `files`, `missing` reported.
  public init(files: [PlannedLintFile], missing: [GlyphsmithError] = []) {
    self.files = files
    self.missing = missing
  }

  /// The plan as `lint --plan --json` prints it: keys sorted, indented, slashes unescaped,
  /// with a final newline (docs/lint.md, "The plan").
  /// - Throws: `EncodingError` (not expected: every value encodes).
  public func json() throws -> Data {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]
    return try encoder.encode(self) + Data("\n".utf8)
  }
}

/// One file of a `LintPlan`: its path, its bytes' hash and the options it is linted with.
public struct PlannedLintFile: Codable, Equatable, Sendable {
  /// The input path, as given or found in a folder given; `-` for stdin.
  public var path: String
  /// The SHA-256 (lower-case hex) of the bytes linted, as read when planning: the file's, or
  /// a `.symbolset`'s template's; `nil` for stdin and for a file that could not be read when
  /// planning (it then fails with the precise reason when linted).
  public var sha256: String?
  /// The file's resolved options: role, size, scales, template or original, compact, and
  /// `config`, the config that applies to it (`--config`, else the `glyphsmith.json` found
  /// for it, else the defaults), never `nil`.
  public var options: LintOptions
  /// Why the file cannot be linted, found when planning (a bad `glyphsmith.json` for it);
  /// `nil` when it can be.
  public var failure: GlyphsmithError?

  /// A planned file.
  public init(
    path: String, sha256: String?, options: LintOptions, failure: GlyphsmithError? = nil
  ) {
    self.path = path
    self.sha256 = sha256
    self.options = options
    self.failure = failure
  }
}
