import Foundation
import Glyphsmith
import GlyphsmithCommands

/// `glyphsmith render INPUT -o OUTPUT.png ...`: one icon to one PNG.
enum RenderCommand: DeclaredSubcommand {
  static let declaration = RenderText.declaration

  struct Options: Equatable {
    var job: RenderJob
    var limits = InputLimits()
    var budget = WorkerPool.Budget()
  }

  static func parse(_ arguments: [String]) throws -> Options {
    let parsed = try declaration.parse(arguments)
    let input = try CommonOptions.single(
      parsed, missing: "INPUT (an .svg or .png file, or - for stdin)", name: "INPUT")
    let output = try CommonOptions.output(parsed, "FILE.png")
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
    let format = parsed.value("format")?.lowercased() ?? formats[0]
    guard let written = OutputFormats.rendered(format) else {
      throw UsageError(
        message:
          "-f/--format: \(OutputFormatIndex.spoken(formats)), got '\(parsed.value("format")!)'")
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
      throw UsageError(message: "--background applies to PNG output, not a VectorDrawable")
    }
    let (limits, budget) = try BudgetOptions.parse(parsed)
    var job = RenderJob(input: input, output: output, options: render)
    job.format = format
    job.minSdk = try parsed.whole("min-sdk") ?? job.minSdk
    return Options(
      job: job,
      limits: limits, budget: budget)
  }

  /// Renders in a forked child (`IsolatedChild`): a crash, hang or memory blow-up on the
  /// input ends in a message naming it and exit 2.
  static func run(_ options: Options) throws -> FailureCategory? {
    InputLimits.setCurrent(options.limits)
    let (status, failure) = IsolatedChild.run(budget: options.budget) {
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
