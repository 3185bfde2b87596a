import FoundationEssentials
import Glibc
import Glyphsmith
import GlyphsmithCommands

/// `glyphsmith render INPUT -o OUTPUT.png ...`: one icon to one PNG (or a PDF, an SVG, a
/// VectorDrawable: `-f`, else `-o`'s extension).
enum RenderCommand: DeclaredSubcommand {
  /// The command declared once: `parse`, the usage and this help all come from it.
  static let declaration = CommandDeclaration(
    name: "render",
    summary: "render one SVG or PNG icon to a PNG (or PDF, SVG) at a size and scale",
    synopsis: """
      INPUT -o OUTPUT.png [--role R] [--size PT | --width PX --height PX]
      [--scale N] [--padding PT] [--template] [--tint COLOR]
      [--background COLOR] [--shape S] [--compact] [--quiet]
      [-f png|pdf|svg|vector-drawable] [--min-sdk N]
      """,
    discussion: """
      Renders INPUT (an .svg or .png file, or - for stdin) to OUTPUT.png (- for stdout): 8-bit
      RGBA, straight alpha, sRGB chunk, no time stamp; written atomically. The format is -f,
      else OUTPUT's extension (.png, .pdf, .svg, .xml); an extension that contradicts -f is
      an error. PDF and SVG are the @1x PNG's layout in pt (scale ignored).
      """,
    options: [
      .value(
        "output", short: "o", "FILE",
        help: "the file to write (required; - for stdout); .pdf, .svg, .xml pick the format"),
      .value(
        "role", "R", kind: .choice(["plain", "tab-bar", "toolbar", "indicator"]), default: "plain",
        help: "plain (default), tab-bar, toolbar, indicator; see the table below"),
      .value(
        "size", "PT", kind: .positiveNumber,
        help: "size in pt: plain: the square canvas; fitted roles: the target box"),
      .value(
        "width", short: "w", "PX", kind: .integer(minimum: 1, maximum: 16384),
        help: "output width in px (plain); alone, the height keeps the aspect ratio"),
      .value(
        "height", "PX", kind: .integer(minimum: 1, maximum: 16384),
        help: """
          output height in px (plain); no short form: -h is help, as on
          every subcommand
          """),
      .scale,
      .value(
        "zoom", short: "z", "N", kind: .positiveNumber,
        help: "the same as --scale (rsvg-convert's name)"),
      .value(
        "padding", "PT", kind: .points,
        help: """
          transparent space in pt between the art and each canvas edge;
          what you fixed stays fixed: with an explicit canvas (plain with
          --size, --width or --height) the art shrinks to make room, with
          a role's glyph size (tab-bar, toolbar, indicator) the canvas
          grows by 2 x PT; see "Padding" in docs/render.md
          """),
      .flag(
        "template", help: "alpha only, glyph black, coverage kept (default for fitted roles)"),
      .flag("original", help: "keep the artwork's colours (default for plain)"),
      .value("tint", "COLOR", help: "one colour; coverage kept"),
      .value("background", "COLOR", help: "composite over this colour instead of transparency"),
      .value(
        "background-color", short: "b", "COLOR",
        help: "the same as --background (rsvg-convert's name)"),
      .value(
        "format", short: "f", "F",
        // Each registered format's phrase (`OutputFormatIndex`, from `OutputFormats.all`).
        help: OutputFormatIndex.renderHelpText),
      .value(
        "min-sdk", "N", kind: .integer(minimum: 1, maximum: 1000), default: "21",
        help: """
          vector-drawable: the lowest API level (default 21); below 24
          even-odd fills are rewritten for the nonzero rule and gradients
          are an error (Android draws them from API 24)
          """),
      .value(
        "shape", "S", kind: .choice(["circle", "square", "wide", "tall"]),
        help: "circle, square, wide or tall instead of the shape found from the ink"),
      .flag("compact", help: "compact tab bar sizes (tab-bar role)"),
      .flag(
        "keep-aspect-ratio", short: "a", placement: .beside,
        help: """
          accepted for rsvg-convert habits and ignored: the aspect ratio
          is always kept (--width with --height letterboxes, centred)
          """),
      .note(
        "COLOR",
        help: """
          #RGB, #RRGGBB, #RRGGBBAA, a CSS colour name (red,
          rebeccapurple) or R,G,B
          """),
    ],
    including: [BudgetOptions.group],
    helpColumn: 24,
    footer: """
      roles:
      \(RoleHelpTable.text)

      With no size, the output is the artwork's intrinsic size (width and height, else the
      viewBox) x scale. Exit: 0 written, 2 the input could not be read or rendered.
      """,
    abridgedSynopsis: true)

  struct Options: Equatable {
    var job: RenderJob
    var limits = InputLimits()
    var budget = WorkerPool.Budget()
  }

  static func parse(_ arguments: [String]) throws -> Options {
    let parsed = try declaration.parse(arguments)
    let input = try CommonOptions.single(
      parsed, missing: "INPUT (an .svg or .png file, or - for stdin)", name: "INPUT")
    let output = try CommonOptions.output(parsed, "FILE.png (or .pdf, .svg, .xml)")
    let template = try CommonOptions.template(parsed)
    var render = RenderOptions()
    render.role = try CommonOptions.role(parsed.valueOrDefault("role"), default: .plain)
    render.sizePt = try parsed.number("size")
    render.widthPx = try parsed.whole("width")
    render.heightPx = try parsed.whole("height")
    if render.sizePt != nil && (render.widthPx != nil || render.heightPx != nil) {
      throw UsageError(message: "give --size or --width/--height, not both")
    }
    if render.role != .plain && (render.widthPx != nil || render.heightPx != nil) {
      throw UsageError(
        message: "--width/--height apply to the plain role; use --size for \(render.role.rawValue)")
    }
    if parsed.value("scale") != nil && parsed.value("zoom") != nil {
      throw UsageError(message: "give --scale or -z/--zoom, not both")
    }
    // -z/--zoom is --scale's rsvg-convert name: --scale, else --zoom, else --scale's default.
    render.scale =
      try parsed.value("scale") == nil
      ? parsed.number("zoom") ?? parsed.defaultedNumber("scale") : parsed.defaultedNumber("scale")
    // The registry's formats with a render choice (`OutputFormats`); the first is the default.
    let formats = OutputFormats.names(for: .render)
    // -f, else the output's extension, else the default: a PNG named `.pdf` is never written.
    let byName = OutputFormats.rendered(forPath: output == "-" ? "" : output)
    let format = parsed.value("format")?.lowercased() ?? byName?.name ?? formats[0]
    guard let written = OutputFormats.rendered(format) else {
      throw UsageError(
        message:
          "-f/--format: \(OutputFormatIndex.spoken(formats)), got '\(parsed.value("format")!)'")
    }
    if let byName, byName.name != written.name {
      throw UsageError(
        message:
          "-o \(output): the extension .\(byName.fileExtension) is \(byName.name), not -f \(format); "
          + "name the file .\(written.fileExtension) or give -f \(byName.name)")
    }
    let minSdk = parsed.value("min-sdk") == nil ? nil : try parsed.whole("min-sdk")
    if minSdk != nil && format != "vector-drawable" {
      throw UsageError(message: "--min-sdk applies to --format vector-drawable")
    }
    render.paddingPt = try parsed.number("padding") ?? render.paddingPt
    render.template = template
    render.tint = try CommonOptions.color(parsed.value("tint"), option: "tint")
    if parsed.value("background") != nil && parsed.value("background-color") != nil {
      throw UsageError(message: "give --background or -b/--background-color, not both")
    }
    render.background =
      try CommonOptions.color(parsed.value("background"), option: "background")
      ?? CommonOptions.color(parsed.value("background-color"), option: "background-color")
    render.shape = try CommonOptions.shape(parsed.value("shape"))
    render.compact = parsed.has("compact")
    if render.compact && render.role != .tabBar {
      throw UsageError(message: "--compact applies to the tab-bar role only")
    }
    if !written.isRaster && render.background != nil {
      throw UsageError(message: "--background applies to PNG output, not \(written.name)")
    }
    let (limits, budget) = try BudgetOptions.parse(parsed)
    var job = RenderJob(input: input, output: output, options: render)
    job.format = format
    job.minSdk = try parsed.whole("min-sdk") ?? job.minSdk
    return Options(
      job: job,
      limits: limits, budget: budget)
  }

  /// Renders isolated (`IsolatedChild`, in this process under its guard): a crash, hang or
  /// memory blow-up on the input ends in a message naming it and exit 2, the same text as
  /// when `IsolatedChild` returns the failure (`reportText` of the error thrown below).
  static func run(_ options: Options) throws -> FailureCategory? {
    InputLimits.setCurrent(options.limits)
    let input = options.job.input
    let failureReport = IsolatedChild.Report(
      text: { reportText(GlyphsmithError.unusable(path: input, problem: $0.problem)) },
      status: ExitCode(.unusableInput).rawValue)
    let (status, failure) = IsolatedChild.run(budget: options.budget, report: failureReport) {
      do {
        try options.job.run().descriptions.forEach(Terminal.error)
        return ExitCode(nil).rawValue
      } catch let failure as any GlyphsmithFailure {
        report(failure)
        return ExitCode(failure.category).rawValue
      } catch {
        Terminal.error("\(options.job.input): error: \(error)")
        return ExitCode(.unusableInput).rawValue
      }
    }
    if let failure {
      throw GlyphsmithError.unusable(path: options.job.input, problem: failure.problem)
    }
    switch status {
    case ExitCode(nil).rawValue: return nil
    case ExitCode(.answerIsNo).rawValue: return .answerIsNo
    default: return .unusableInput
    }
  }
}
