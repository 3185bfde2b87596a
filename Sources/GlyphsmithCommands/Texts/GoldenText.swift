/// The name, summary and help of `glyphsmith golden`, here in `GlyphsmithCommands` so that the
/// light `glyphsmith` front prints them without the rendering engine; the subcommand in
/// `glyphsmith-render` uses the same texts.
package enum GoldenText {
  package static let name = "golden"
  package static let summary =
    "check rendered PNGs against goldens (report, artifacts) or record goldens"
  package static let help = """
    usage: glyphsmith golden check ACTUAL_DIR GOLDEN_DIR [--artifacts DIR] [--report FILE.html]
                                   [--json] [--threshold T] [--include-aa|--no-include-aa]
                                   [--blend MODE] [--metric yiq|oklab] [--fail-over N|P%]
           glyphsmith golden record ACTUAL_DIR GOLDEN_DIR [--only-missing|--only-failed]
                                    [--metric yiq|oklab]

    check compares every PNG under ACTUAL_DIR (recursively) with the golden of the same
    relative path in GOLDEN_DIR, by decoded pixels (pixelmatch). A differing image, a size
    change, a missing golden and a golden without an actual image are each a failure. It never
    writes a golden. When golden.json records another renderer than the running one, it says
    "renderer changed from X to Y: re-record after review" first.

    record copies the actual PNGs into GOLDEN_DIR, atomically, and writes golden.json (strict
    options when new: threshold 0.05, checkerboard blend, anti-aliased pixels counted
    ("includeAA": true), YIQ metric, no differing pixel allowed; the renderer versions and a
    SHA-256 of each pinned font). It never deletes a golden.

    Anti-aliased pixels count for goldens (pixelmatch does not count them by default): the
    renders are deterministic and golden.json pins the renderer, and on icons, which are
    almost all edges, the detector hides real regressions such as a heavier stroke. A
    golden.json without the key counts them too; unknown keys or values in it are an error.
    Every result says how many changed pixels were taken for anti-aliasing and not counted.

    check options:
      --artifacts DIR       for each failure write DIR/<path without .png>/expected.png,
                            actual.png and diff.png
      --report FILE.html    write an HTML report that opens from disk: a summary, failures
                            grouped by icon with scales side by side, a filter, counts per
                            folder, side by side and slider/blink views; its images are the
                            --artifacts files, or FILE-files/ beside it without --artifacts
      --json                print {"version": 1, "rendererChange", "options", "checked",
                            "passed", "failed", "errors", "results": [...]} on stdout
      --threshold T, --include-aa, --blend MODE, --metric M, --fail-over N|P%
                            change golden.json's options for this run (see 'compare')
      --no-include-aa       do not count anti-aliased pixels for this run
    record options:
      --only-missing        write only goldens that do not exist yet (golden.json's renderer
                            record is kept)
      --only-failed         write only goldens that are missing or fail the check
      --metric METRIC       record METRIC (yiq or oklab) as golden.json's options.metric
      --jobs N              threads (default: all cores)

    Exit: check 0 all match, 1 any failure, 2 could not run (missing folder, bad golden.json,
    unreadable PNG, write failure); record 0 written, 2 could not run or an actual PNG could
    not be read (the valid ones are recorded all the same).
    """
}
