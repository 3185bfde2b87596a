import FoundationEssentials
import Glibc
import Glyphsmith
import GlyphsmithCommands

/// `glyphsmith dots --pages N --current K -o OUT.png ...`: a page control as a picture.
enum DotsCommand: DeclaredSubcommand {
  /// The command declared once: `parse`, the usage and this help all come from it.
  static let declaration = CommandDeclaration(
    name: "dots",
    summary: "draw page-control dots (UIPageControl), with custom indicator images",
    synopsis: """
      --pages N --current K -o OUT.png [--scale N] [--tint COLOR]
      [--current-tint COLOR] [--max-visible N]
      [--indicator PAGE=FILE]... [--current-indicator FILE]
      [--background COLOR] [--indicator-size fitted|natural]
      [--max-pixels N] [--max-use N] [--max-text N]
      [--max-ref-depth N] [--max-filters N] [--max-kernel N]
      """,
    discussion: """
      Draws a page control: dots 7 pt across with 9 pt gaps (16 pt apart), centred on one
      line, at least 36 pt high; the current page opaque, the others translucent. Pages are
      0-based. More pages than --max-visible show a window around the current page whose end
      dots shrink to 1/2 and 1/4, as iOS 14+ does. Over 10 pages: a warning (HIG: hard to
      count), the image is still made.
      """,
    options: [
      .pngOutput,
      .value("pages", "N", kind: .count, help: "number of pages, at least 1 (required)"),
      .value(
        "current", "K", kind: .integer(minimum: 0, maximum: .max),
        help: "the current page, 0 to N-1 (required)"),
      .scale,
      .value("tint", "COLOR", help: "other pages (default #FFFFFF33: white at 0.2 alpha)"),
      .value("current-tint", "COLOR", help: "the current page (default #FFFFFF)"),
      .value(
        "max-visible", "N", kind: .count, default: "9", help: "most dots shown at once (default 9)"),
      .value(
        "indicator", "PAGE=FILE", repeatable: true,
        help: """
          an SVG or PNG glyph for page PAGE instead of a dot (repeatable);
          drawn as a template and tinted like a dot, keeping its own
          proportions: a 20 x 8 capsule is drawn 20 x 8 pt beside 7 pt
          dots, all on one centre line, 9 pt between neighbouring edges
          """),
      .value("current-indicator", "FILE", help: "a glyph for whichever page is current"),
      .value("background", "COLOR", help: "fill behind the control (default transparent)"),
      .value(
        "indicator-size", "S",
        help: """
          fitted (default): each image's ink fitted to 8 pt high, its
          width from its aspect ratio; natural: a PNG at px / scale pt
          (its pixels 1:1 at --scale), an SVG at its own size
          """),
    ],
    including: [BudgetOptions.limits],
    helpColumn: 27,
    footer: """
      Exit: 0 written (warnings on stderr), 2 bad options or an unreadable indicator file
      (nothing is written).
      """)

  /// The parsed options are the engine job itself.


  static func parse(_ arguments: [String]) throws -> Limited<PageControlJob> {
    let parsed = try declaration.parse(arguments)
    return Limited(options: try options(parsed), limits: try BudgetOptions.inputLimits(parsed))
  }

  /// The options `parsed` gives, but the input limits.
  /// - Throws: `UsageError` for a missing, extra or malformed argument.
  static func options(_ parsed: ParsedArguments) throws -> PageControlJob {
    guard parsed.positionals.isEmpty else {
      throw UsageError(message: "unexpected argument '\(parsed.positionals[0])'")
    }
    let output = try CommonOptions.output(parsed, "FILE.png")
    guard let pages = try parsed.whole("pages") else {
      throw UsageError(message: "missing --pages N (the number of pages, at least 1)")
    }
    guard let current = try parsed.whole("current") else {
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
    var indicatorSize = PageControl.IndicatorSize.fitted
    if let text = parsed.value("indicator-size") {
      guard let value = PageControl.IndicatorSize(rawValue: text) else {
        throw UsageError(message: "--indicator-size: unknown '\(text)'; use fitted or natural")
      }
      indicatorSize = value
    }
    var job = PageControlJob(
      output: output, pages: pages, current: current,
      scale: try parsed.defaultedNumber("scale"),
      tint: try CommonOptions.color(parsed.value("tint"), option: "tint")
        ?? PageControl.defaultTint,
      currentTint: try CommonOptions.color(parsed.value("current-tint"), option: "current-tint")
        ?? .white,
      maxVisible: try parsed.defaultedWhole("max-visible"),
      indicators: indicators, currentIndicator: parsed.value("current-indicator"),
      background: try CommonOptions.color(parsed.value("background"), option: "background"))
    job.indicatorSize = indicatorSize
    return job
  }

  static func run(_ limited: Limited<PageControlJob>) throws -> FailureCategory? {
    let job = limited.applied()
    let control = try job.control()
    lintIndicators(job, control: control)
    control.diagnostics.descriptions.forEach(Terminal.error)
    try job.write(control)
    return nil
  }

  /// Lints each custom indicator image as `glyphsmith lint --role indicator --size S` does at
  /// the control's scale, S being the size it is drawn at (`PageControl.drawnBoxPt`: 8 pt high,
  /// wider images wider), and prints every finding as a warning (HIG "Page controls": no inner
  /// lines, negative space or text); the control is drawn whatever they say. An indicator
  /// without ink is left to the render, which refuses it.
  static func lintIndicators(_ options: PageControlJob, control: PageControl) {
    var artworks: [String: Artwork] = [:]
    for (page, artwork) in control.indicators { artworks[options.indicators[page] ?? ""] = artwork }
    if let file = options.currentIndicator { artworks[file] = control.currentIndicator }
    for file in artworks.keys.sorted() where file != "-" && !file.isEmpty {
      guard let artwork = artworks[file],
        let size = try? control.drawnBoxPt(artwork, scale: options.scale)
      else { continue }
      var lint = LintOptions()
      lint.role = .indicator
      lint.sizePt = size
      lint.scales = [min(3, max(1, Int(options.scale.rounded())))]
      let results = LintSession(inputs: [file], options: lint, jobs: 1).lint(paths: [file])
        .filter { if case .failure(.emptyArtwork) = $0 { false } else { true } }
      LintCommand.printFindings(results) { finding in
        var warning = finding
        warning.severity = .warning
        return warning
      }
    }
  }
}
