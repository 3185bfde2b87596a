import GlyphsmithCore

/// The name, summary and help of `glyphsmith golden`, here in `GlyphsmithCommands` so that the
/// light `glyphsmith` front prints them without the rendering engine; the subcommand in
/// `glyphsmith-render` uses the same texts.
package enum GoldenText {
  package static let name = "golden"
  package static let summary =
    "check rendered PNGs against goldens (report, artifacts, JUnit), review them in a browser, or record goldens"
  /// The command declared once, its three verbs' options in a section each: `parse`, the
  /// usage and this help (`golden VERB --help` prints it too) all come from it. `--metric` is
  /// listed for check and for record: one option, parsed once.
  package static let declaration = CommandDeclaration(
    name: name,
    summary: summary,
    synopsis: """
      check ACTUAL_DIR GOLDEN_DIR [--artifacts DIR] [--report FILE.html]
                                     [--json] [--threshold T] [--include-aa|--no-include-aa]
                                     [--blend MODE] [--metric yiq|oklab] [--fail-over N|P%]
                                     [--junit FILE.xml]
             glyphsmith golden record ACTUAL_DIR GOLDEN_DIR [--only PATH|GLOB...] [--prune]
                                      [--only-missing|--only-failed] [--metric yiq|oklab]
                                      [--verbose]
             glyphsmith golden review ACTUAL_DIR GOLDEN_DIR [--port N] [--host H] [--no-open]
      """,
    discussion: """
      check compares every PNG under ACTUAL_DIR (recursively) with the golden of the same
      relative path in GOLDEN_DIR, by decoded pixels (pixelmatch). A differing image, a size
      change, a missing golden and a golden without an actual image are each a failure. It never
      writes a golden. When golden.json records another renderer than the running one, it says
      "renderer changed from X to Y: re-record after review" first.

      record copies the actual PNGs into GOLDEN_DIR, atomically, and writes golden.json (strict
      options when new: threshold 0.05, checkerboard blend, anti-aliased pixels counted
      ("includeAA": true), YIQ metric, no differing pixel allowed; the renderer versions and a
      SHA-256 of each pinned font). A golden that already has the same pixels is left untouched
      and counted as unchanged; it prints one line, "recorded 12 goldens, 6222 unchanged,
      3 pruned". It deletes goldens only with --prune. A GOLDEN_DIR inside a golden folder uses
      that folder's golden.json and writes none of its own. Every failure of check names the
      record command that accepts it.

      review runs the check and serves its report on 127.0.0.1 (a free port unless --port),
      prints "review at http://127.0.0.1:PORT/?token=TOKEN" on stdout and serves until the
      page's Done button or Ctrl-C (exit 0). On the page: Accept and Reject for an image, an
      icon (all its scales), a folder or every failure the filter shows, Delete for a golden
      whose actual image is gone, Undo (every step, the previous golden bytes restored); keys
      a accept, r reject, u undo, j/k next/previous, ? help. Accepting writes as record does,
      never outside GOLDEN_DIR. Its JSON API (GET /api/results, POST /api/accept, /api/reject,
      /api/delete with {"paths": [...]}, POST /api/undo, POST /api/done) needs the token
      ("Authorization: Bearer TOKEN" or ?token=TOKEN) and the served Host: docs/review.md.

      Anti-aliased pixels count for goldens (pixelmatch does not count them by default): the
      renders are deterministic and golden.json pins the renderer, and on icons, which are
      almost all edges, the detector hides real regressions such as a heavier stroke. A
      golden.json without the key counts them too; unknown keys or values in it are an error.
      Every result says how many changed pixels were taken for anti-aliasing and not counted.
      """,
    options: [
      .value(
        "artifacts", "DIR",
        help: """
          for each failure write DIR/<path without .png>/expected.png,
          actual.png and diff.png
          """),
      .value(
        "report", "FILE.html",
        help: """
          write an HTML report that opens from disk: a summary, failures
          grouped by icon with scales side by side, a filter, counts per
          folder, side by side and slider/blink views; its images are the
          --artifacts files, or FILE-files/ beside it without --artifacts
          """),
      .flag(
        "json",
        help: """
          print {"version": 1, "rendererChange", "options", "checked",
          "passed", "failed", "errors", "results": [...]} on stdout
          """),
      .value(
        "threshold", "T", placement: .under,
        help: "change golden.json's options for this run (see 'compare')"),
      .flag("include-aa", listing: .joined, help: ""),
      .value(
        "blend", "MODE", kind: .choice(of: PixelmatchBlend.self), listing: .joined, help: ""),
      .value(
        "metric", "M", kind: .choice(of: PixelmatchMetric.self), listing: .joined, help: ""),
      .value("fail-over", "N|P%", listing: .joined, help: ""),
      .flag("no-include-aa", help: "do not count anti-aliased pixels for this run"),
      .value(
        "junit", "FILE.xml",
        help: """
          write JUnit XML: one test case per image, a failure's message,
          accept command and artifact paths (GitHub, GitLab, Jenkins)
          """),
      .heading("record options:"),
      .value(
        "only", "PATH|GLOB...", repeatable: true,
        help: """
          record just these (relative to ACTUAL_DIR; a folder selects what
          is below it; * ? [..] within a name, ** across folders); repeat
          --only or list several after it
          """),
      .flag("prune", help: "delete the (selected) goldens that have no actual image"),
      .flag("verbose", help: "one line per golden written or pruned"),
      .flag(
        "only-missing",
        help: """
          write only goldens that do not exist yet (golden.json's renderer
          record is kept)
          """),
      .flag("only-failed", help: "write only goldens that are missing or fail the check"),
      .value(
        "metric", "METRIC", kind: .choice(of: PixelmatchMetric.self),
        help: "record METRIC (yiq or oklab) as golden.json's options.metric"),
      .value("jobs", "N", kind: .count, help: "threads (default: all cores)"),
      .heading("review options (and the check's --threshold ... --fail-over):"),
      .value(
        "port", "N", kind: .integer(minimum: 0, maximum: 65535),
        help: "port to serve on (default: a free one)"),
      .value(
        "host", "H", default: "127.0.0.1",
        help: """
          IPv4 address to serve on (default 127.0.0.1; another one prints
          a warning and still needs the token)
          """),
      .flag("no-open", help: "do not open a browser (default: xdg-open the address)"),
    ],
    helpColumn: 24,
    footer: """
      Exit: check 0 all match, 1 any failure, 2 could not run (missing folder, bad golden.json,
      unreadable PNG, write failure); record 0 written, 2 could not run or an actual PNG could
      not be read (the valid ones are recorded all the same); review 0 after Done or Ctrl-C,
      2 could not run (missing folder, bad golden.json, address in use).
      """,
    verbatimSynopsis: true,
    optionsTitle: "check options:")
  /// The `--help` text, generated from `declaration`.
  package static var help: String { declaration.help }
}
