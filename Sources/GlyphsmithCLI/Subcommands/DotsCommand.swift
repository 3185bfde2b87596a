import Foundation
import Glyphsmith

/// `glyphsmith dots --pages N --current K -o OUT.png ...`: a page control as a picture.
enum DotsCommand: Subcommand {
  static let name = "dots"
  static let summary = "draw page-control dots (UIPageControl), with custom indicator images"
  static let help = """
    usage: glyphsmith dots --pages N --current K -o OUT.png [--scale N] [--tint COLOR]
                           [--current-tint COLOR] [--max-visible N]
                           [--indicator PAGE=FILE]... [--current-indicator FILE]
                           [--background COLOR]

    Draws a page control: dots 7 pt across with 9 pt gaps (16 pt apart), centred on one
    line, at least 36 pt high; the current page opaque, the others translucent. Pages are
    0-based. More pages than --max-visible show a window around the current page whose end
    dots shrink to 1/2 and 1/4, as iOS 14+ does. Over 10 pages: a warning (HIG: hard to
    count), the image is still made.

    options:
      -o, --output FILE        the PNG to write (required; - for stdout)
      --pages N                number of pages, at least 1 (required)
      --current K              the current page, 0 to N-1 (required)
      --scale N                px per pt: 1, 2, 3 for @1x, @2x, @3x (default 1)
      --tint COLOR             other pages (default #FFFFFF33: white at 0.2 alpha)
      --current-tint COLOR     the current page (default #FFFFFF)
      --max-visible N          most dots shown at once (default 9)
      --indicator PAGE=FILE    an SVG or PNG glyph for page PAGE instead of a dot (repeatable);
                               drawn as a template (role indicator: ink fitted to 8 x 8 pt)
                               and tinted like a dot; keeps its own aspect ratio
      --current-indicator FILE a glyph for whichever page is current
      --background COLOR       fill behind the control (default transparent)

    Exit: 0 written (warnings on stderr), 2 bad options or an unreadable indicator file
    (nothing is written).
    """

  static let options: [OptionSpec] = [
    .value("output", short: "o"), .value("pages"), .value("current"), .value("scale"),
    .value("tint"), .value("current-tint"), .value("max-visible"), .value("indicator"),
    .value("current-indicator"), .value("background"), .flag("help"),
  ]

  /// The parsed options are the engine job itself.
  typealias Options = PageControlJob

  static func parse(_ arguments: [String]) throws -> Options {
    let parsed = try ArgumentParser.parse(arguments, options: options)
    guard parsed.positionals.isEmpty else {
      throw UsageError(message: "unexpected argument '\(parsed.positionals[0])'")
    }
    guard let output = parsed.value("output") else {
      throw UsageError(message: "missing -o/--output FILE.png")
    }
    guard let pages = try parsed.integer("pages", minimum: 1) else {
      throw UsageError(message: "missing --pages N (the number of pages, at least 1)")
    }
    guard let current = try parsed.integer("current", minimum: 0) else {
      throw UsageError(message: "missing --current K (the current page, 0 to \(pages - 1))")
    }
    guard current < pages else {
      throw UsageError(
        message: "--current \(current) is outside 0...\(pages - 1) (pages are 0-based)")
    }
    var indicators: [Int: String] = [:]
    for entry in parsed.all("indicator") {
      guard let equals = entry.firstIndex(of: "="), let page = Int(entry[..<equals]),
        !entry[entry.index(after: equals)...].isEmpty
      else {
        throw UsageError(
          message: "--indicator needs PAGE=FILE, such as 0=location.svg, got '\(entry)'")
      }
      guard (0..<pages).contains(page) else {
        throw UsageError(
          message: "--indicator page \(page) is outside 0...\(pages - 1) (pages are 0-based)")
      }
      indicators[page] = String(entry[entry.index(after: equals)...])
    }
    return PageControlJob(
      output: output, pages: pages, current: current,
      scale: try parsed.positiveDouble("scale") ?? 1,
      tint: try CommonOptions.color(parsed.value("tint"), option: "tint")
        ?? PageControl.defaultTint,
      currentTint: try CommonOptions.color(parsed.value("current-tint"), option: "current-tint")
        ?? .white,
      maxVisible: try parsed.integer("max-visible", minimum: 1) ?? 9,
      indicators: indicators, currentIndicator: parsed.value("current-indicator"),
      background: try CommonOptions.color(parsed.value("background"), option: "background"))
  }

  static func run(_ job: PageControlJob) throws -> FailureCategory? {
    let control = try job.control()
    lintIndicators(job)
    control.warnings.forEach(Terminal.error)
    try job.write(control)
    return nil
  }

  /// Lints each custom indicator image as `glyphsmith lint --role indicator` does at the
  /// control's scale (HIG "Page controls": no inner lines, negative space or text) and prints
  /// every finding as a warning; the control is drawn whatever they say. An indicator without
  /// ink is left to the render, which refuses it.
  static func lintIndicators(_ options: Options) {
    var lint = LintOptions()
    lint.role = .indicator
    lint.scales = [min(3, max(1, Int(options.scale.rounded())))]
    var seen = Set<String>()
    let files = (options.indicators.values.sorted() + [options.currentIndicator].compactMap { $0 })
      .filter { $0 != "-" && seen.insert($0).inserted }
    let results = LintSession(inputs: files, options: lint, jobs: 1).lint(paths: files)
      .filter { if case .failure(.emptyArtwork) = $0 { false } else { true } }
    LintCommand.printFindings(results) { finding in
      var warning = finding
      warning.severity = .warning
      return warning
    }
  }
}
