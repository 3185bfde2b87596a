import FoundationEssentials
import Glibc
import GlyphsmithCore

/// What `lint` checks and how.
public struct LintOptions: Codable, Equatable, Sendable {
  /// The role deciding the target size and severities (default `tab-bar`, as `assets`).
  public var role: Role = .tabBar
  /// Replaces the role's target size, in pt (the target box's side; plain: the canvas).
  public var sizePt: Double? = nil
  /// Uses the compact tab bar sizes (tab-bar role; `Role.targetBox(for:compact:)`), as
  /// `render --compact`.
  public var compact = false
  /// Scales to check (px per pt), from 1, 2, 3.
  public var scales: [Int] = [1, 2, 3]
  /// Whether `scales` were asked for explicitly (`--scales`) rather than left at the default;
  /// a rule's default severity may depend on it (`LintCheck.defaultSeverity`).
  public var scalesExplicit = false
  /// Limits and severities; `nil`: `glyphsmith.json` next to the input, else the defaults.
  public var config: LintConfig? = nil
  /// Whether the icon is a template image (only alpha kept: the template checks apply) or
  /// an original one (`--original`, a project's `original`); `nil`: the role's default
  /// (every role but `plain` is a template).
  public var template: Bool? = nil
  /// `--role icon-layer`: lint the file as a layer of an Icon Composer `.icon` bundle
  /// (`IconLayerLinter`; `role`, `sizePt`, `compact` and `scales` do not apply); `nil`: as a
  /// glyph.
  public var iconLayer: IconLayerLintOptions? = nil

  /// Defaults: tab-bar role at its HIG size, @1x @2x @3x, config found next to the input.
  public init() {}
}

/// One file's lint result; an entry of the `--json` report's `files`.
public struct LintFileReport: Codable, Equatable, Sendable {
  /// The input path as given.
  public var path: String
  /// The role linted for.
  public var role: String
  /// The target's long side in pt (plain role: the canvas's).
  public var sizePt: Double
  /// Findings, sorted by rule, scale, line and position.
  public var findings: [LintFinding]

  /// Findings of `severity`.
  public func count(_ severity: LintSeverity) -> Int {
    findings.filter { $0.severity == severity }.count
  }
}

/// The `--json` report: `{"version": 1, "files": [...]}`.
public struct LintReport: Codable, Equatable, Sendable {
  /// Schema version, 1.
  public var version = 1
  /// One entry per input linted, in input order (inputs that could not be read are left out
  /// and reported on stderr).
  public var files: [LintFileReport]

  /// A report of `files`.
  public init(files: [LintFileReport]) { self.files = files }
}

/// A file's lint result with the renders it was measured on (for `--explain`).
public struct LintResult: Sendable {
  /// The report entry.
  public var report: LintFileReport
  /// The real render (template, alpha) at each scale linted.
  public var renders: [Int: RGBAImage]
}

/// Runs the lint rules (`LintRegistry.rules`) on one icon: the SVG structure through
/// `SVGOutline`, the pixels through `GlyphRenderer` at the role's target size at each scale
/// plus one high-resolution render, measured once into `LintGeometry`. Many inputs, with the
/// config lookup of `glyphsmith lint`: `LintSession`.
public enum Linter {
  /// px per pt of the high-resolution render geometry is measured on: 12 (4 px per target
  /// px at @3x, 12 at @1x).
  public static let hiResScale = 12.0

  /// Lints the file at `path` (`-`: stdin, with no config file and no file references).
  /// - Throws: `GlyphsmithError.unreadable` when it cannot be read, `.render` when it is not
  ///   a valid SVG or PNG or cannot be rendered, `.emptyArtwork` when it draws nothing (fitted
  ///   roles), `.invalidOption` for a bad `glyphsmith.json` next to it.
  public static func lint(path: String, options: LintOptions) throws -> LintResult {
    if path == "-" {
      let data = try StandardStream.readInput()
      var options = options
      if options.config == nil { options.config = LintConfig() }
      return try lint(data: data, path: path, baseDirectory: nil, options: options)
    }
    return try lint(try read(path), path: path, options: options)
  }

  /// The bytes a file input is linted from, as read: a file's own, or a `NAME.symbolset`
  /// folder's template (`symbolTemplate`, the file its `Contents.json` names). A lint plan
  /// hashes `bytes` (`PlannedLintFile.sha256`).
  struct Input {
    var bytes: Data
    /// The template's path, for a symbol set.
    var symbolTemplate: String?
  }

  /// The input at `path` (not `-`), read.
  /// - Throws: `GlyphsmithError.unreadable` when it is missing, a folder that is not a symbol
  ///   set, or cannot be read.
  static func read(_ path: String) throws -> Input {
    guard let info = Platform.status(ofPath: path) else {
      throw GlyphsmithError.unreadable(path: path, reason: "no such file")
    }
    if info.isFolder && path.hasSuffix(".symbolset") {
      let template = try SymbolLintSource.template(symbolset: path)
      return Input(bytes: template.data, symbolTemplate: template.path)
    }
    guard !info.isFolder else {
      throw GlyphsmithError.unreadable(path: path, reason: "is a folder; give a file")
    }
    return Input(bytes: try FileBytes.readInput(path))
  }

  /// Lints `input`, read from `path`.
  /// - Throws: as `lint(path:options:)`.
  static func lint(_ input: Input, path: String, options: LintOptions) throws -> LintResult {
    var options = options
    if let template = input.symbolTemplate {
      // A custom symbol: its Regular-S outline (docs/symbols.md).
      let data = try SymbolLintSource.regularOutline(template: input.bytes, path: template)
      if options.config == nil { options.config = LintConfig() }
      return try lint(data: data, path: path, baseDirectory: nil, options: options)
    }
    let folder = URL(fileURLWithPath: path).deletingLastPathComponent()
    if options.config == nil {
      options.config = try LintConfig.discover(for: path, roots: []) ?? LintConfig()
    }
    return try lint(data: input.bytes, path: path, baseDirectory: folder, options: options)
  }

  /// Lints `file` as planned (`LintPlan`): with its resolved options, from its bytes as they
  /// are now, which must hash as they did when planned.
  /// - Throws: the file's planning failure (a bad `glyphsmith.json`); `GlyphsmithError.unusable`
  ///   naming it when its bytes no longer hash to `sha256` ("changed while the run was going
  ///   on") or it was read when planning and is gone or unreadable now ("was deleted or became
  ///   unreadable ..."); else as `lint(path:options:)`.
  static func lint(planned file: PlannedLintFile) throws -> LintResult {
    if let failure = file.failure { throw failure }
    let path = file.path
    if path == "-" { return try lint(path: path, options: file.options) }
    let input: Input
    do {
      input = try read(path)
    } catch {
      guard file.sha256 == nil else {
        throw GlyphsmithError.unusable(path: path, problem: AssetsJob.goneProblem)
      }
      throw error
    }
    guard file.sha256 == ContentHash.sha256(input.bytes) else {
      throw GlyphsmithError.unusable(path: path, problem: AssetsJob.changedProblem)
    }
    return try lint(input, path: path, options: file.options)
  }

  /// Lints an icon held in memory (`baseDirectory`: where its references resolve).
  /// - Throws: as `lint(path:options:)`.
  public static func lint(
    data: Data, path: String, baseDirectory: URL?, options: LintOptions
  ) throws -> LintResult {
    if options.iconLayer != nil {
      return try IconLayerLinter.lint(
        data: data, path: path, baseDirectory: baseDirectory, options: options)
    }
    let config = options.config ?? LintConfig()
    let scales = Array(Set(options.scales)).sorted()
    guard !scales.isEmpty else {
      throw GlyphsmithError.invalidOption("lint needs at least one scale")
    }
    let artwork = try Artwork(data: data, path: path, baseDirectory: baseDirectory)
    let outline = try artwork.svg?.outline()

    var renderOptions = RenderOptions()
    renderOptions.role = options.role
    renderOptions.sizePt = options.sizePt
    renderOptions.compact = options.compact && options.role == .tabBar
    renderOptions.template = true
    var renders: [Int: RGBAImage] = [:]
    var sizePt = 0.0
    for scale in scales {
      renderOptions.scale = Double(scale)
      let glyph = try GlyphRenderer.render(artwork, options: renderOptions)
      renders[scale] = glyph.image
      sizePt =
        glyph.targetPt.map { max($0.width, $0.height) }
        ?? max(glyph.canvasPt.width, glyph.canvasPt.height)
    }
    renderOptions.scale = hiResScale
    // The geometry reads the coverage only: no un-premultiplying, no recolouring.
    let hiRes = try GlyphRenderer.renderCoverage(artwork, options: renderOptions)

    let geometry = LintGeometry(
      hiRes, scales: scales,
      reachPx: LintRegistry.rules.reduce(0) { widest, rule in
        max(
          widest,
          rule.thicknessReach(limit: config.limit(rule.id, role: options.role, sizePt: sizePt)))
      })
    var targets: [Int: PixelGrid] = [:]
    for (scale, render) in renders { targets[scale] = PixelGrid(render) }
    var context = LintContext(
      role: options.role, sizePt: sizePt, scales: scales, scalesExplicit: options.scalesExplicit,
      config: config, template: options.template ?? options.role.isTemplateByDefault,
      outline: outline,
      renders: renders, targets: targets, geometry: geometry,
      analyses: Dictionary(
        uniqueKeysWithValues: scales.map { ($0, LintScaleAnalysis(scale: $0, geometry: geometry)) }
      ))
    if let svg = artwork.svg, outline != nil { context.textElements = svg.textElements }

    var findings: [LintFinding] = []
    for rule in LintRegistry.rules
    where !(outline?.ignoresFile(rule.id) ?? false)
      && config.configuredSeverity(rule.id, role: options.role) != .off
    {
      findings += rule.findings(in: context).filter { $0.severity != .off }
    }
    if let outline, let svg = artwork.svg {
      renderOptions.scale = 1
      findings = PixelFindingLocator.locate(
        findings, svg: svg, artwork: artwork, outline: outline, renderOptions: renderOptions)
    }
    findings = merged(findings.sorted(by: order))
    let report = LintFileReport(
      path: path, role: options.role.rawValue, sizePt: sizePt, findings: findings)
    return LintResult(report: report, renders: renders)
  }

  /// `findings` (sorted by `order`) with those of the same rule, scale, severity, value, limit,
  /// line and column (values compared as JSON writes them, to 4 decimals) merged into the
  /// first of them: `count` adds up, the boxes are united. A ring at @2x whose four arcs
  /// each fail alike is one finding with count 4.
  static func merged(_ findings: [LintFinding]) -> [LintFinding] {
    struct Key: Hashable {
      var rule: String
      var scale: Int
      var severity: LintSeverity
      var value: Double
      var limit: Double
      var line: Int?
      var column: Int?
    }
    var out: [LintFinding] = []
    var index: [Key: Int] = [:]
    for finding in findings {
      let key = Key(
        rule: finding.rule.rawValue, scale: finding.scale, severity: finding.severity,
        value: finding.value.rounded4, limit: finding.limit.rounded4, line: finding.line,
        column: finding.column)
      if let i = index[key] {
        out[i].count += finding.count
        if let a = out[i].box, let b = finding.box { out[i].box = a.union(b) }
      } else {
        index[key] = out.count
        out.append(finding)
      }
    }
    return out
  }

  /// Rule, then scale, then line, then box position.
  static func order(_ a: LintFinding, _ b: LintFinding) -> Bool {
    if a.rule != b.rule { return a.rule < b.rule }
    if a.scale != b.scale { return a.scale < b.scale }
    if (a.line ?? 0) != (b.line ?? 0) { return (a.line ?? 0) < (b.line ?? 0) }
    if (a.column ?? 0) != (b.column ?? 0) { return (a.column ?? 0) < (b.column ?? 0) }
    let ab = a.box.map { ($0.y, $0.x) } ?? (0, 0)
    let bb = b.box.map { ($0.y, $0.x) } ?? (0, 0)
    return ab < bb
  }
}
