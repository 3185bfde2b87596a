/// One warning, error or finding about one input or output: the one finding type that lint
/// findings (`LintFinding`), catalog findings (`CatalogFinding`), the launcher safe-zone check
/// (`SafeZoneFinding`) and every producer's warnings project to, and that crosses the worker
/// pipe as data. Fields, not text: nothing downstream reads `message` to learn what kind of
/// diagnostic it is (`kind`, `rule` and `severity` say that); the commands print
/// `description`.
///
/// `description` is the compiler form GCC and Clang print and editors parse (GNU Coding
/// Standards, "Formatting Error Messages": `FILE:LINE:COLUMN: MESSAGE`, here with the
/// severity word clang puts after the location), exactly as Glyphsmith printed it before
/// this type existed:
///
/// - `PATH: warning: MESSAGE` (no line), `PATH:LINE:COL: warning: MESSAGE` (an SVG element);
/// - `PATH:LINE:COL: warning: [RULE] MESSAGE` for a rule's finding (`lint`, `validate`);
/// - `warning: MESSAGE` for a diagnostic about no file (a tab bar title that does not fit).
///
/// JSON form (keys sorted, nulls kept): `{"column", "fix", "kind", "line", "message", "path",
/// "rule", "severity"}`.
public struct Diagnostic: Codable, Equatable, Hashable, Sendable, CustomStringConvertible {
  /// How bad it is, as the word the compiler form prints.
  ///
  /// `LintSeverity` maps onto it case by case (`error`, `warning`, `info`; its `off` is never
  /// on a finding); `CatalogFinding.Severity` is its `error` and `warning`; `note` is the
  /// extra remark clang prints as `note:` (`golden.json` not found).
  public enum Severity: String, Codable, Hashable, Sendable, CaseIterable, Comparable {
    /// Fails the command (exit 1 or 2, as the command documents); the output may still be
    /// written.
    case error
    /// Something the user should fix; fails only under `--strict` where a command has it.
    case warning
    /// Reported, never fails.
    case info
    /// A remark that explains, not a problem.
    case note

    /// Errors first, then warnings, info and notes.
    public static func < (a: Severity, b: Severity) -> Bool {
      allCases.firstIndex(of: a)! < allCases.firstIndex(of: b)!
    }
  }

  /// How bad it is.
  public var severity: Severity
  /// The file it is about, as the user gave it (or as the command names its output), or
  /// `nil` when it is about no one file (an indicator's layout, a colour pair).
  public var path: String?
  /// The 1-based line in `path`, when known.
  public var line: Int?
  /// The 1-based column (in characters) in `line`, when known; printed as 1 when only the
  /// line is.
  public var column: Int?
  /// What kind of diagnostic it is, a stable lowercase id to branch on: `lint` and
  /// `catalog` for rule findings (the rule is `rule`), else the producer's own kind
  /// (`dropped-reference`, `svg-element`, `upscaled-raster`, `safe-zone`, `text-truncated`,
  /// ...; `Diagnostic.Kind` lists them).
  public var kind: String
  /// The id of the rule that found it (`inner-lines`, `missing-file`), printed as `[rule]`
  /// before the message; `nil` for diagnostics no rule found.
  public var rule: String?
  /// Lowercase sentence naming what is wrong; does not repeat the path or rule id. Today's
  /// messages end with their fix, so `fix` is only set where the fix is a separate value.
  public var message: String
  /// What to do about it, when it is a value of its own (a command to run); printed after
  /// the message as `; FIX`.
  public var fix: String?

  /// A diagnostic; see the properties.
  public init(
    _ severity: Severity, path: String? = nil, line: Int? = nil, column: Int? = nil,
    kind: String, rule: String? = nil, message: String, fix: String? = nil
  ) {
    self.severity = severity
    self.path = path
    self.line = line
    self.column = column
    self.kind = kind
    self.rule = rule
    self.message = message
    self.fix = fix
  }

  /// The compiler-form line: `[PATH[:LINE:COL]: ]SEVERITY: [[RULE] ]MESSAGE[; FIX]`.
  public var description: String {
    var place = path ?? ""
    if let line, path != nil { place += ":\(line):\(column ?? 1)" }
    let location = place.isEmpty ? "" : place + ": "
    let rule = rule.map { "[\($0)] " } ?? ""
    let fix = fix.map { "; \($0)" } ?? ""
    return "\(location)\(severity.rawValue): \(rule)\(message)\(fix)"
  }

  /// Whether `severity` is `error`.
  public var isError: Bool { severity == .error }

  private enum CodingKeys: String, CodingKey {
    case severity, path, line, column, kind, rule, message, fix
  }

  /// Encodes every key, `null` for an absent path, line, column, rule or fix.
  public func encode(to encoder: Encoder) throws {
    var c = encoder.container(keyedBy: CodingKeys.self)
    try c.encode(severity, forKey: .severity)
    try c.encode(path, forKey: .path)
    try c.encode(line, forKey: .line)
    try c.encode(column, forKey: .column)
    try c.encode(kind, forKey: .kind)
    try c.encode(rule, forKey: .rule)
    try c.encode(message, forKey: .message)
    try c.encode(fix, forKey: .fix)
  }

  /// Reads what `encode(to:)` wrote; absent optional keys are `nil`.
  /// - Throws: `DecodingError` for a missing or mistyped `severity`, `kind` or `message`.
  public init(from decoder: Decoder) throws {
    let c = try decoder.container(keyedBy: CodingKeys.self)
    severity = try c.decode(Severity.self, forKey: .severity)
    path = try c.decodeIfPresent(String.self, forKey: .path)
    line = try c.decodeIfPresent(Int.self, forKey: .line)
    column = try c.decodeIfPresent(Int.self, forKey: .column)
    kind = try c.decode(String.self, forKey: .kind)
    rule = try c.decodeIfPresent(String.self, forKey: .rule)
    message = try c.decode(String.self, forKey: .message)
    fix = try c.decodeIfPresent(String.self, forKey: .fix)
  }
}

extension Diagnostic {
  /// A warning; see `init(_:path:line:column:kind:rule:message:fix:)`.
  public static func warning(
    _ message: String, path: String? = nil, line: Int? = nil, column: Int? = nil, kind: String
  ) -> Diagnostic {
    Diagnostic(.warning, path: path, line: line, column: column, kind: kind, message: message)
  }

  /// An error; see `init(_:path:line:column:kind:rule:message:fix:)`.
  public static func error(_ message: String, path: String? = nil, kind: String) -> Diagnostic {
    Diagnostic(.error, path: path, kind: kind, message: message)
  }
}

extension Array where Element == Diagnostic {
  /// The compiler-form lines, in order (for reports whose JSON has `"warnings": [String]`).
  public var descriptions: [String] { map(\.description) }
}

extension Diagnostic {
  /// The `kind` ids, one per kind of diagnostic a producer emits (lowercase, hyphenated,
  /// stable: they are data across the worker pipe and in tests).
  public enum Kind {
    /// A `lint` rule's finding (`rule` is the rule id).
    public static let lint = "lint"
    /// An asset catalog rule's finding (`validate`, `assets`; `rule` is the rule id).
    public static let catalog = "catalog"
    /// The Android launcher's safe-zone check (`appicon --platform android`, `lint --role
    /// android-launcher`).
    public static let safeZone = "safe-zone"
    /// A reference in an SVG that is never read (`SVGDocument`'s reference policy).
    public static let droppedReference = "dropped-reference"
    /// A font size past what librsvg can draw, drawn smaller.
    public static let boundedFontSize = "bounded-font-size"
    /// A documented size fallback (a percentage width or height).
    public static let sizeFallback = "size-fallback"
    /// An SVG element the renderer cannot draw as written (`<text>` the fonts cannot draw).
    public static let svgElement = "svg-element"
    /// A raster drawn larger than its pixels.
    public static let upscaledRaster = "upscaled-raster"
    /// A PNG with no transparency drawn as a template image.
    public static let opaqueTemplate = "opaque-template"
    /// Text that does not fit and is truncated with an ellipsis (indicators).
    public static let truncatedText = "truncated-text"
    /// A layout the HIG advises against (too many items, pages or images; a section index on
    /// a grouped table; items wider than the bar).
    public static let layout = "layout"
    /// An app icon appearance (dark, tinted, mask, contrast, square, corners) that will not
    /// look as meant.
    public static let appearance = "appearance"
    /// An output that cannot be a VectorDrawable and is written as PNGs instead (a launcher
    /// layer; an `--android-format auto` drawable).
    public static let rasterFallback = "raster-fallback"
    /// A launcher layer that is not as Android needs it (monochrome colours, transparency).
    public static let launcherLayer = "launcher-layer"
    /// Something a symbol's outline cannot keep (dashes, incompatible weights).
    public static let symbolOutline = "symbol-outline"
    /// `golden` check and record findings.
    public static let golden = "golden"
    /// An iOS output folder whose name Xcode does not read as an asset catalog (not
    /// `NAME.xcassets`).
    public static let catalogName = "catalog-name"
    /// A link in an input folder the walk does not follow (dangling, to a folder, or to a
    /// file outside the folder; issue 33), named instead of skipped silently.
    public static let skippedLink = "skipped-link"
    /// A `NAME-dark` variant that is not used (a template icon: the bar tints it).
    public static let ignoredDarkVariant = "ignored-dark-variant"
    /// The record of an output folder's outputs (`.glyphsmith-outputs.json`, `--prune` and
    /// `build`) that cannot be read, or an output it lists that cannot be removed.
    public static let outputRecord = "output-record"
    /// A file inside an output Glyphsmith replaces or prunes that Glyphsmith did not make,
    /// kept (issue 32).
    public static let userFile = "user-file"
    /// A path Glyphsmith did not make, replaced because `--force` was given (named so that
    /// nothing of the user's goes without a word).
    public static let replacedByForce = "replaced-by-force"
    /// A set folder Glyphsmith made and pruned that stays because it holds files Glyphsmith
    /// did not make: it has no `Contents.json` (validate warns alike, rule `kept-set`) until
    /// they are moved, and the next run removes it (issue 32).
    public static let keptSet = "kept-set"
    /// Outputs carrying Glyphsmith's mark, found when their folder had no record of outputs,
    /// that no icon makes now: kept and named in one warning, since a set an older version
    /// made and one the user copied in from another catalog look alike; `--adopt-marked`
    /// removes them (issue 32, trial finding 6).
    public static let markedOutput = "marked-output"
    /// A file carrying Glyphsmith's mark that its record does not list, of an Android
    /// resource this run writes, in another qualifier's folder (or beside the new file): it
    /// shadows the new art on devices of that qualifier; kept and named, never removed
    /// (issue 32, seventh trial finding 7).
    public static let shadowingOutput = "shadowing-output"
    /// A file Glyphsmith wrote that was changed by hand since, replaced by this run (issue
    /// 32): `PATH: warning: changed since glyphsmith wrote it; replaced`.
    public static let changedOutput = "changed-output"
    /// An SVG whose viewBox is drawn so much larger than its user units (over 5000x) that
    /// librsvg 2.54 draws nothing, written blank by a plain `render` (issue 34's trial).
    public static let undrawableViewBox = "undrawable-viewbox"
    /// A flat `.appiconset` of the name of an Icon Composer `.icon` bundle: actool (Xcode
    /// 26.3) drops the set without a word (issue 35).
    public static let appIconNameClash = "app-icon-name-clash"
  }
}
