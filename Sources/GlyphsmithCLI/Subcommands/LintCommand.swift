import Foundation
import Glyphsmith

/// `glyphsmith lint INPUT... [--role R] [--size PT] [--scales 1,2,3] [--json] [--explain DIR]
/// [--strict] [--config FILE]`: legibility checks at the pixel size an icon is shown at.
enum LintCommand: Subcommand {
  static let name = "lint"
  static let summary = "find what will not survive the pixel size an icon is shown at"
  static let help = """
    usage: glyphsmith lint INPUT... [--role R] [--size PT] [--scales 1,2,3] [--json]
                           [--explain DIR] [--strict] [--config FILE] [--jobs N]

    Renders each icon (an .svg or .png file, or a folder searched recursively) at the role's
    target size at each scale, plus once at 12 px per pt, and checks its pixels and its SVG
    structure for detail that turns to mush at that size (HIG "Icons", "Page controls").
    A NAME.symbolset folder (a custom SF Symbol) is linted as its Regular-S outline at the
    role's size: tab-bar or toolbar, where symbols show.
    Diagnostics go to stderr as `path:line:col: warning: [rule] message`.

    rules:
      inner-lines          lines inside the glyph thinner than 1 px at a scale
      negative-space       holes that fill in at a scale; for indicators, every hole (error)
      text                 <text> in the SVG (error for indicators)
      complexity           more parts + holes than one per 2.5 pt of the target size
      hairline             a 1 px line on a half pixel: grey rows instead of a crisp one
      detail-loss          share of the high-resolution structure lost (1 - SSIM), over 35 %
      invisible-paint      elements that paint nothing (opacity 0, zero size, gradients in
                           objectBoundingBox units on a flat shape)
      template-colour      more than one colour in a template image
      off-centre           ink touching a plain canvas's edge; centre of mass over 12 % off
      renderer-limitation  SVG features librsvg 2.54 draws differently from browsers

    options:
      --role R          tab-bar (default), toolbar, indicator, plain; decides the size and
                        the severities
      --size PT         target size in pt instead of the role's HIG size
      --scales LIST     scales to check, from 1,2,3 (default 1,2,3)
      --json            print {"version": 1, "files": [{"path", "role", "sizePt",
                        "findings": [{"rule", "severity", "message", "line", "column",
                        "scale", "box", "value", "limit"}]}]} on stdout
      --explain DIR     write a PNG per finding: the render enlarged with the problem
                        marked, beside the glyph at its real size
      --strict          warnings count as errors for the exit code
      --config FILE     limits and severities (JSON, see docs/lint.md); default:
                        glyphsmith.json in the folder of each input, if any
      --jobs N          threads (default: all cores); never changes the output

    Silence a rule for one element with data-glyphsmith-ignore="rule ..." (on the root
    <svg>: the whole file), or a comment <!-- glyphsmith-ignore: rule --> before it;
    <!-- glyphsmith-ignore-file: rule --> silences it for the file.

    Exit: 0 no errors; 1 errors (with --strict, also warnings); 2 an input could not be
    read or rendered (the others are still linted), or a usage error.
    """

  static let options: [OptionSpec] = [
    .value("role"), .value("size"), .value("scales"), .flag("json"), .value("explain"),
    .flag("strict"), .value("config"), .value("jobs"), .flag("help"),
  ]

  struct Options {
    var inputs: [String]
    var lint: LintOptions
    var configPath: String?
    var json: Bool
    var explain: String?
    var strict: Bool
    var jobs: Int
  }

  static func parse(_ arguments: [String]) throws -> Options {
    let parsed = try ArgumentParser.parse(arguments, options: options)
    guard !parsed.positionals.isEmpty else {
      throw UsageError(message: "missing INPUT (files or folders of .svg and .png icons)")
    }
    var lint = LintOptions()
    lint.role = try CommonOptions.role(parsed.value("role"), default: .tabBar)
    lint.sizePt = try parsed.positiveDouble("size")
    lint.scales = try CommonOptions.scales(parsed.value("scales")) ?? [1, 2, 3]
    return Options(
      inputs: parsed.positionals, lint: lint, configPath: parsed.value("config"),
      json: parsed.has("json"), explain: parsed.value("explain"), strict: parsed.has("strict"),
      jobs: try parsed.integer("jobs") ?? ParallelMap.availableCores)
  }

  static func run(_ parsedOptions: Options) -> ExitCode {
    // Each icon allocates a few MB of short-lived pixel buffers; keep them on the heap
    // instead of mapping and unmapping pages for every one (half the system time otherwise).
    Platform.keepLargeBuffersOnHeap()
    var options = parsedOptions
    if let path = options.configPath {
      do { options.lint.config = try LintConfig.load(path: path) } catch {
        Terminal.error(GlyphsmithError.wrap(error, path: path).description)
        return .failure
      }
    }
    // A NAME.symbolset folder is linted as its Regular-S outline (docs/symbols.md).
    let symbolsets = options.inputs.filter { $0.hasSuffix(".symbolset") }
    var (files, missing) = InputCollector.collect(
      options.inputs.filter { !$0.hasSuffix(".symbolset") })
    files = symbolsets + files
    for error in missing { Terminal.error(error.description) }
    // Folder inputs share the glyphsmith.json at their root unless a file's own folder has one.
    let roots = options.inputs.filter { input in
      var isDirectory: ObjCBool = false
      return FileManager.default.fileExists(atPath: input, isDirectory: &isDirectory)
        && isDirectory.boolValue
    }
    let lintOptions = options.lint
    let explain = options.explain
    let results = ParallelMap.map(count: files.count, jobs: options.jobs) {
      index -> Result<LintResult, GlyphsmithError> in
      let path = files[index]
      do {
        var fileOptions = lintOptions
        if fileOptions.config == nil {
          fileOptions.config = try configFor(path, roots: roots)
        }
        let result = try Linter.lint(path: path, options: fileOptions)
        if let explain {
          try LintExplain.write(result, toFolder: explain)
        }
        return .success(result)
      } catch {
        return .failure(GlyphsmithError.wrap(error, path: path))
      }
    }
    var reports: [LintFileReport] = []
    var failed = !missing.isEmpty
    var errors = 0
    var warnings = 0
    for result in results {
      switch result {
      case .success(let lint):
        reports.append(lint.report)
        for finding in lint.report.findings {
          Terminal.error(finding.diagnostic(path: lint.report.path))
        }
        errors += lint.report.count(.error)
        warnings += lint.report.count(.warning)
      case .failure(let error):
        Terminal.error(error.description)
        failed = true
      }
    }
    if options.json, let data = try? XcodeJSON.encode(LintReport(files: reports)) {
      FileHandle.standardOutput.write(data)
      FileHandle.standardOutput.write(Data("\n".utf8))
    }
    if failed { return .failure }
    return errors > 0 || (options.strict && warnings > 0) ? .negative : .success
  }

  /// `glyphsmith.json` in the file's own folder, else at the root of the folder input it was
  /// found in; `nil` lets the engine look next to the file (and find nothing).
  static func configFor(_ path: String, roots: [String]) throws -> LintConfig? {
    let own = URL(fileURLWithPath: path).deletingLastPathComponent()
      .appendingPathComponent(LintConfig.fileName).path
    if FileManager.default.fileExists(atPath: own) { return try LintConfig.load(path: own) }
    for root in roots where path.hasPrefix(root.hasSuffix("/") ? root : root + "/") {
      let candidate = URL(fileURLWithPath: root).appendingPathComponent(LintConfig.fileName).path
      if FileManager.default.fileExists(atPath: candidate) {
        return try LintConfig.load(path: candidate)
      }
    }
    return nil
  }
}
