import FoundationEssentials
import Glibc
import Glyphsmith
import GlyphsmithCommands

/// `glyphsmith outline INPUT... -o OUT`: SVG icons as filled outlines only.
enum OutlineCommand: DeclaredSubcommand {
  /// The command declared once: `parse`, the usage and this help all come from it.
  static let declaration = CommandDeclaration(
    name: "outline",
    summary: "write SVG icons as filled outlines only (strokes outlined), for icon fonts",
    synopsis: """
      INPUT... -o OUT [--jobs N] [--max-pixels N] [--max-use N] [--max-text N]
      [--max-ref-depth N] [--max-filters N] [--max-kernel N]
      """,
    discussion: """
      Writes each SVG icon (files or folders, searched recursively) as filled outlines only,
      for icon-font tools (svgicons2svgfont, fantasticon) and pipelines that cannot take
      strokes: strokes become fills (FreeType's stroker, as symbols do), even-odd fills are
      reoriented for the nonzero rule, every shape winds the same way, and each run of one
      paint colour is one <path> (nonzero), a new one where a shape meets one already in
      it, so overlapping edges blend as in the source. The canvas is the icon's own, so the
      outline renders like the source. OUT is a folder (OUT/NAME.svg each), or a .svg file
      for one input. What cannot be outlined (masks, clipping, filters, images, gradients,
      dashes, text: convert text to paths in the editor first) is an error naming the
      element. The run ends with its totals: "outlined 15 of 16 icons to OUT in 0.20 s;
      1 failed".
      """,
    options: [
      .value("output", short: "o", "OUT", help: "the folder (or, for one icon, the .svg file)"),
      .value(
        "jobs", "N", kind: .count, help: "threads (default: all cores); never changes the output"),
    ],
    including: [BudgetOptions.limits],
    helpColumn: 24,
    footer: """
      Exit: 0 every icon written; 2 an input could not be read or outlined (every other input
      is still written), or a usage error.
      """)

  static func parse(_ arguments: [String]) throws -> Limited<OutlineJob> {
    let parsed = try declaration.parse(arguments)
    guard !parsed.positionals.isEmpty else {
      throw UsageError(message: "missing INPUT (files or folders of .svg icons)")
    }
    let output = try CommonOptions.output(parsed, "OUT (a folder, or a .svg file)")
    var job = OutlineJob(inputs: parsed.positionals, output: output)
    job.jobs = try parsed.whole("jobs") ?? job.jobs
    return Limited(options: job, limits: try BudgetOptions.inputLimits(parsed))
  }

  static func run(_ limited: Limited<OutlineJob>) throws -> FailureCategory? {
    let job = limited.applied()
    let start = Date()
    var totals: OutlineJob.Totals?
    let failure = job.run(diagnose: Terminal.error) { totals = $0 }
    // Totals end the run as `assets` and `build` end theirs; --quiet drops them.
    if let totals {
      Terminal.info(totals.summary(output: job.output, seconds: Date().timeIntervalSince(start)))
    }
    return failure
  }
}
