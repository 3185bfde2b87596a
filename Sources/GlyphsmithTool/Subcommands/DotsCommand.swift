import Foundation
import Glyphsmith
import GlyphsmithCommands

/// `glyphsmith dots --pages N --current K -o OUT.png ...`: a page control as a picture.
enum DotsCommand: DeclaredSubcommand {
  static let declaration = DotsText.declaration

  /// The parsed options are the engine job itself.
  typealias Options = PageControlJob

  static func parse(_ arguments: [String]) throws -> Options {
    let parsed = try declaration.parse(arguments)
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

  static func run(_ job: PageControlJob) throws -> FailureCategory? {
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
  static func lintIndicators(_ options: Options, control: PageControl) {
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
