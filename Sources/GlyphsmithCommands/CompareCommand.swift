import FoundationEssentials
import Glibc
import GlyphsmithCore

/// `glyphsmith compare A.png B.png`: pixelmatch's count of differing pixels, an optional diff
/// image, exit 0/1 against `--fail-over`.
package enum CompareCommand: DeclaredSubcommand {
  /// The command declared once: `parse`, the usage and this help all come from it.
  package static let declaration = CommandDeclaration(
    name: "compare",
    summary: "count the pixels that differ between two PNGs (pixelmatch) and draw a diff",
    synopsis: """
      A.png B.png [DIFF.png | --diff OUT.png] [--threshold T] [--include-aa]
      [--alpha A] [--aa-color R,G,B] [--diff-color R,G,B]
      [--diff-color-alt R,G,B] [--diff-mask]
      [--blend checkerboard|white] [--metric yiq|oklab]
      [--ignore X,Y,W,H]... [--fail-over N|P%] [--jobs N]
      [--json]
      """,
    discussion: """
      Compares the decoded pixels of A (expected) and B (actual) with the pixelmatch algorithm
      (a third argument, as pixelmatch's CLI takes it, is the diff image, as --diff):
      a pixel differs when its colour distance is over the threshold and it is not
      anti-aliasing. Prints the number and share of differing pixels, and how many changed
      pixels were taken for anti-aliasing and not counted. Images of different sizes are never
      cropped: they fail with both sizes. The defaults are pixelmatch's.
      """,
    options: [
      .value(
        "diff", "OUT.png",
        help: """
          write the diff image: differences red, anti-aliasing yellow, the
          rest A in faint grey, ignored rectangles hatched blue; - writes
          it to stdout (the summary then goes to stderr)
          """),
      .value(
        "threshold", "T", default: "0.1",
        help: "0-1, the colour distance that counts (default 0.1)"),
      .flag(
        "include-aa",
        help: """
          count anti-aliased pixels as differences too. Use it for
          deterministic renders (the same renderer, as with goldens): the
          detector exists for renders that differ between machines, and on
          icons, which are almost all edges, it hides real changes such as
          a heavier stroke. 'golden' counts them by default.
          """),
      .value(
        "alpha", "A", default: "0.1", help: "0-1, opacity of A's grey in the diff (default 0.1)"),
      .value(
        "aa-color", "COLOR", default: "255,255,0",
        help: """
          colour of anti-aliased pixels (default 255,255,0); every
          colour option takes R,G,B, #RGB, #RRGGBB or a CSS name
          """),
      .value(
        "diff-color", "R,G,B", default: "255,0,0",
        help: "colour of differing pixels (default 255,0,0)"),
      .value(
        "diff-color-alt", "R,G,B",
        help: "colour of differing pixels where B is darker (default: --diff-color)"),
      .flag("diff-mask", help: "draw only the differences, on transparency"),
      .value(
        "blend", "MODE", kind: .choice(of: PixelmatchBlend.self), default: "checkerboard",
        help: """
          what semi-transparent pixels are blended over: checkerboard
          (default; pixelmatch 7.2, sees a transparent background turned
          white) or white (pixelmatch 5/6)
          """),
      .value(
        "metric", "METRIC", kind: .choice(of: PixelmatchMetric.self), default: "yiq",
        help: """
          the colour distance: yiq (default; pixelmatch 5-7.2, threshold
          on the squared YIQ distance) or oklab (pixelmatch's next metric:
          OKLab HyAB, black against white = 1)
          """),
      .value(
        "ignore", "X,Y,W,H", repeatable: true,
        help: "a rectangle in px left out of the count; repeatable"),
      .value(
        "fail-over", "N|P%", default: "0",
        help: "differing pixels allowed, a count or a percentage (default 0)"),
      .value(
        "jobs", "N", kind: .count, help: "threads (default: all cores); never changes the result"),
      .flag(
        "json",
        help: """
          print {"version": 1, "mismatchedPixels", "antiAliasedPixels",
          "totalPixels", "width", "height", "options": {...}} on stdout
          """),
      // Prints decode/compare/write times to stderr (for `bench/compare`).
      .hiddenFlag("timing"),
    ],
    helpColumn: 24,
    footer: """
      Exit: 0 the differing pixels are within --fail-over; 1 over it, or the sizes differ;
      2 an input could not be read or the diff not written, or a usage error.
      """)

  /// Everything `main` needs, parsed from argv without I/O.
  package struct Options: Equatable {
    /// The engine's comparison.
    var comparison: FileComparison
    var json = false
    /// Hidden: prints decode/compare/write times to stderr (for `bench/compare`).
    var timing = false
  }

  package static func parse(_ arguments: [String]) throws -> Options {
    let parsed = try declaration.parse(arguments)
    guard (2...3).contains(parsed.positionals.count) else {
      throw UsageError(
        message: parsed.positionals.count < 2
          ? "needs two images: A.png B.png"
          : "takes two images and an optional diff image (A.png B.png [DIFF.png]), got \(parsed.positionals.count) arguments"
      )
    }
    if parsed.positionals.count == 3 && parsed.value("diff") != nil {
      throw UsageError(message: "give the diff image once: as the third argument or as --diff")
    }
    var comparison = FileComparison(expected: parsed.positionals[0], actual: parsed.positionals[1])
    comparison.diff = parsed.positionals.count == 3 ? parsed.positionals[2] : parsed.value("diff")
    do {
      try CompareOptionParsing.apply(
        parsed, to: &comparison.pixelmatch, failOver: &comparison.failOver)
      if let text = parsed.value("alpha") {
        guard let value = Double(text) else {
          throw UsageError(message: "--alpha needs a number 0-1, got '\(text)'")
        }
        comparison.pixelmatch.alpha = value
      }
      if let text = parsed.value("aa-color") {
        comparison.pixelmatch.aaColor = try DiffColor(parsing: text, option: "--aa-color")
      }
      if let text = parsed.value("diff-color") {
        comparison.pixelmatch.diffColor = try DiffColor(parsing: text, option: "--diff-color")
      }
      if let text = parsed.value("diff-color-alt") {
        comparison.pixelmatch.diffColorAlt = try DiffColor(
          parsing: text, option: "--diff-color-alt")
      }
      comparison.pixelmatch.diffMask = parsed.has("diff-mask")
      comparison.pixelmatch.ignore = try parsed.all("ignore").map(IgnoreRegion.init(parsing:))
      try comparison.pixelmatch.validate()
    } catch let error as CompareError {
      if case .invalidOption(let message) = error { throw UsageError(message: message) }
      throw error
    }
    comparison.jobs = try parsed.whole("jobs") ?? ParallelMap.availableCores
    if parsed.has("json") && comparison.diff == "-" {
      // Both would go to stdout, the PNG and the JSON run together.
      throw UsageError(message: "--json and --diff - both write to stdout; give --diff a file")
    }
    return Options(comparison: comparison, json: parsed.has("json"), timing: parsed.has("timing"))
  }

  package static func run(_ options: Options) throws -> FailureCategory? {
    let report: FileComparison.Report
    do {
      report = try options.comparison.run()
    } catch let failure as any GlyphsmithFailure {
      if options.json, let data = FileComparison.Report.errorJSON(failure.description) {
        StandardStream.output.write(data)
      }
      throw failure
    }
    if options.timing { Terminal.error(report.timingLine) }
    if options.json {
      guard let data = try? report.json() else { return .unusableInput }
      StandardStream.output.write(data)
    } else if options.comparison.diff == "-" {
      Terminal.error(report.summary)  // stdout carries the diff PNG
    } else {
      Terminal.output(report.summary)
    }
    return report.outcome
  }
}

/// Options `compare` and `golden check` share: `--threshold`, `--include-aa`, `--blend`,
/// `--metric`, `--fail-over`.
package enum CompareOptionParsing {
  package static func apply(
    _ parsed: ParsedArguments, to options: inout PixelmatchOptions, failOver: inout FailOver
  ) throws {
    if let text = parsed.value("threshold") {
      guard let value = Double(text), (0...1).contains(value) else {
        throw UsageError(message: "--threshold needs a number 0-1, got '\(text)'")
      }
      options.threshold = value
    }
    if parsed.has("include-aa") { options.includeAA = true }
    if let text = parsed.value("blend") {
      guard let blend = PixelmatchBlend(rawValue: text) else {
        throw UsageError(message: "--blend needs checkerboard or white, got '\(text)'")
      }
      options.blend = blend
    }
    if let text = parsed.value("metric") { options.metric = try metric(text) }
    if let text = parsed.value("fail-over") { failOver = try FailOver(parsing: text) }
  }

  /// The metric named `text`.
  /// - Throws: `UsageError` naming the allowed values.
  package static func metric(_ text: String) throws -> PixelmatchMetric {
    guard let metric = PixelmatchMetric(rawValue: text) else {
      throw UsageError(
        message:
          "--metric needs \(PixelmatchMetric.allCases.map(\.rawValue).joined(separator: " or ")), got '\(text)'"
      )
    }
    return metric
  }
}
