import FoundationEssentials
import Glibc
import Glyphsmith
import GlyphsmithCommands

/// `glyphsmith sheet INPUT... -o SHEET.png`: a contact sheet of rendered icons.
enum SheetCommand: DeclaredSubcommand {
  /// The command declared once: `parse`, the usage and this help all come from it.
  static let declaration = CommandDeclaration(
    name: "sheet",
    summary: "draw a contact sheet PNG of icons rendered by role, with their names",
    synopsis: """
      INPUT... -o SHEET.png [--role R] [--compact] [--scale N]
                              [--project] [--config FILE]
                              [--columns N] [--tint COLOR] [--limit N]
                              [--max-pixels N] [--max-use N] [--max-text N]
                              [--max-ref-depth N] [--max-filters N] [--max-kernel N]
           glyphsmith sheet --symbols CATALOG|NAME.symbolset|TEMPLATE.svg... -o SHEET.png
           glyphsmith sheet --app-icon NAME.icon -o SHEET.png
      """,
    discussion: """
      Renders each icon (files or folders, as for assets) by its role and lays the results out in
      a grid, each glyph on a faint tile that shows its canvas, its name below; with --compact
      the compact glyph sits beside the regular one. A NAME-dark file beside NAME is that icon's
      dark appearance (as assets pairs them), not an icon: it is left out. Names are drawn as
      spelled (no ligatures or contextual alternates: 3x3 stays 3x3); a name too wide for its
      cell wraps onto a second line (after - or _ where it can) when one fits under the
      glyphs, and only then is cut with "...".

      With --project (or --config FILE) each icon is drawn as build draws it from
      glyphsmith.json (found as build finds it): the role, size, shape, padding, original
      colours and compact glyph the defaults and rules give it; --tint colours the template
      ones only, icons a rule skips are left out, and without INPUT the sheet shows the
      project's icons folder. --role does not apply.

      With --symbols the inputs are custom symbol templates (folders are searched for .svg
      files, so a catalog or a .symbolset works): each cell shows Ultralight-S, Regular-S and
      Black-S drawn from the template by librsvg, 28 pt each; --role, --compact and --tint do
      not apply.

      With --app-icon the input is one Icon Composer bundle (NAME.icon, any, Apple's own too)
      and the sheet is its preview, the same PNG as 'glyphsmith appicon NAME.icon --preview
      SHEET.png': an approximation of its light, dark, tinted and clear appearances on the
      iOS, macOS and watchOS shapes, and each layer file with the key paths that draw it
      (docs/appicon.md); only the budget options apply.
      """,
    options: [
      .value("output", short: "o", "FILE", help: "the PNG to write (required)"),
      .flag("symbols", help: "the inputs are symbol templates (see above)"),
      .flag("app-icon", help: "the input is an Icon Composer NAME.icon (see above)"),
      .value(
        "role", "R", kind: .choice(["plain", "tab-bar", "toolbar", "indicator"]),
        default: "tab-bar",
        help: "tab-bar (default), toolbar, indicator, plain"),
      .flag("compact", help: "show the compact tab bar glyph too"),
      .flag("project", help: "draw each icon as glyphsmith.json gives it (see above)"),
      .value(
        "config", "FILE", kind: .path,
        help: "the project file for --project (default: glyphsmith.json here or above)"),
      .value("scale", "N", kind: .positiveNumber, default: "2", help: "px per pt (default 2)"),
      .value("columns", "N", kind: .count, default: "8", help: "cells per row (default 8)"),
      .value("tint", "COLOR", help: "glyph colour (default black)"),
      .value("limit", "N", kind: .count, help: "only the first N icons"),
    ],
    including: [BudgetOptions.limits],
    helpColumn: 24,
    footer: """
      Exit: 0 written; 2 when an input could not be rendered (the sheet is still written) or on
      a usage error.
      """,
    verbatimSynopsis: true)

  /// What the command line gives: the job, and with `--project` (or `--config`) the project
  /// file it names, `--config`'s value or `nil` to find it as `build` does when `run` starts
  /// (so a missing file is the run's error, as it is for `build`).
  struct Request {
    var job: ContactSheetJob
    var project: String??
    /// `--app-icon`: the Icon Composer bundle whose preview is the sheet (`job` unused).
    var appIcon: String? = nil
  }

  static func parse(_ arguments: [String]) throws -> Limited<Request> {
    let parsed = try declaration.parse(arguments)
    if parsed.has("app-icon") {
      return Limited(
        options: try appIconRequest(parsed), limits: try BudgetOptions.inputLimits(parsed))
    }
    let project: String?? =
      parsed.has("project") || parsed.value("config") != nil ? .some(parsed.value("config")) : nil
    return Limited(
      options: Request(job: try options(parsed), project: project),
      limits: try BudgetOptions.inputLimits(parsed))
  }

  /// `--app-icon NAME.icon -o SHEET.png`: the preview of one Icon Composer bundle; every
  /// option of an icon sheet is a usage error.
  /// - Throws: `UsageError` for no input, more than one, one that is not `NAME.icon`, a
  ///   missing `-o` or stdout, and an option that does not apply.
  static func appIconRequest(_ parsed: ParsedArguments) throws -> Request {
    let allowed: Set<String> = [
      "app-icon", "output", "max-pixels", "max-use", "max-text", "max-ref-depth", "max-filters",
      "max-kernel",
    ]
    for option in parsed.order + parsed.flags.sorted() where !allowed.contains(option) {
      throw UsageError(message: "--\(option) does not apply with --app-icon")
    }
    let input = try CommonOptions.single(parsed, missing: "NAME.icon", name: "NAME.icon")
    guard IconBundleCheck.isBundleName(input) else {
      throw UsageError(
        message: "--app-icon draws an Icon Composer bundle (NAME.icon), got '\(input)'")
    }
    let output = try CommonOptions.output(parsed, "SHEET.png")
    guard output != "-" else {
      throw UsageError(message: "--app-icon: -o needs a PNG file, not stdout")
    }
    return Request(
      job: ContactSheetJob(inputs: [], output: output, render: RenderOptions(), sheet: ContactSheet()),
      project: nil, appIcon: input)
  }

  /// The options `parsed` gives, but the input limits.
  /// - Throws: `UsageError` for a missing, extra or malformed argument.
  static func options(_ parsed: ParsedArguments) throws -> ContactSheetJob {
    let project = parsed.has("project") || parsed.value("config") != nil
    if project && parsed.has("symbols") {
      throw UsageError(message: "--project does not apply with --symbols")
    }
    if project && parsed.value("role") != nil {
      throw UsageError(
        message: "--role does not apply with --project (glyphsmith.json gives each icon its role)")
    }
    guard project || !parsed.positionals.isEmpty else {
      throw UsageError(message: "missing INPUT")
    }
    let output = try CommonOptions.output(parsed, "SHEET.png")
    var render = RenderOptions()
    var sheet = ContactSheet()
    render.role = try CommonOptions.role(parsed.valueOrDefault("role"), default: .tabBar)
    render.tint = try CommonOptions.color(parsed.value("tint"), option: "tint")
    render.compact = parsed.has("compact")
    if render.compact && render.role != .tabBar && !project {
      throw UsageError(message: "--compact applies to the tab-bar role only")
    }
    sheet.scale = try parsed.defaultedNumber("scale")
    sheet.columns = try parsed.defaultedWhole("columns")
    render.scale = sheet.scale
    if parsed.has("symbols") {
      sheet.cellPt = 112
      sheet.cellHeightPt = SymbolSheet.cellHeightPt
    }
    var job = ContactSheetJob(
      inputs: parsed.positionals, output: output, limit: try parsed.whole("limit"),
      render: render, sheet: sheet)
    job.symbols = parsed.has("symbols")
    return job
  }

  static func run(_ limited: Limited<Request>) throws -> FailureCategory? {
    let options = limited.applied()
    if let bundle = options.appIcon {
      do {
        try IconComposerPreview.write(bundlePath: bundle, toPath: options.job.output)
      } catch {
        throw GlyphsmithError.wrap(error, path: bundle)
      }
      Terminal.error("wrote \(options.job.output) (an approximation of \(bundle))")
      return nil
    }
    var job = options.job
    if let given = options.project {
      job.project = try ProjectConfig.load(path: BuildCommand.configPath(given: given))
    }
    return try job.run(diagnose: Terminal.error)
  }
}
