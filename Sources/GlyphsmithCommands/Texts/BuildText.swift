import GlyphsmithCore

/// The name, summary and help of `glyphsmith build`, here so that the light front prints them
/// without the engine.
package enum BuildText {
  package static let name = "build"
  package static let summary = "render everything glyphsmith.json declares, incrementally"
  /// The command declared once: `parse`, the usage and this help all come from it.
  package static let declaration = CommandDeclaration(
    name: name,
    summary: summary,
    synopsis: """
      [--config FILE] [--json] [--jobs N] [--shard I/N] [--force]
      [--lint [--strict]] [--watch] [--quiet]
      """,
    discussion: """
      Reads glyphsmith.json (in the current folder or the nearest one above it, as git finds
      .git), renders every icon of its "icons" folder for every platform it declares (ios,
      android, web), each with its settings (the "defaults", then every "rules" entry whose
      "match" glob matches, in order), validates what it wrote and prints one summary. Icons
      whose outputs carry their current fingerprint are not rendered again. Outputs an earlier
      build made whose source is gone (or that no rule makes any more) are removed, one line
      each: each output folder keeps a record of what it made (.glyphsmith-outputs.json), and
      nothing that record does not list is ever touched. The same file and icons always give
      the same outputs, whatever ran before. The file: docs/project.md.
      """,
    options: [
      .value(
        "config", "FILE", kind: .path,
        help: "the project file (default: glyphsmith.json here or above)"),
      .flag(
        "json",
        help: """
          print a JSON report on stdout: assets' report plus "config",
          "removed" and "skipped"
          """),
      .value(
        "jobs", "N", kind: .count, help: "threads (default: all cores); never changes the output"),
      .value("shard", "I/N", help: "build only the I-th of N shares (by a hash of the name)"),
      .flag("force", help: "render and write even icons whose outputs are up to date, and replace outputs glyphsmith did not make"),
      .flag(
        "plan",
        help: """
          with --json: print the plan (icons, hashes, resolved options,
          outputs, fingerprints; docs/project.md) and write nothing
          """),
      .flag("lint", help: "also lint every icon (the file's \"lint\" block configures it)"),
      .flag("strict", help: "with --lint: exit 1 when any icon has a lint error or warning"),
      .flag(
        "watch",
        help: """
          keep running: rebuild when an icon, a sub-folder or the file
          itself changes (within 300 ms of the last change; a burst is one
          rebuild); an invalid file or icon prints its error and watching
          goes on; Ctrl-C stops (exit 0)
          """),
      .flag("quiet", help: "no progress bar and no summary line"),
    ],
    including: [BudgetOptions.group],
    helpColumn: 24,
    footer: """
      Exit: 0 built and valid; 1 built but the catalog has findings (or --lint --strict
      findings); 2 glyphsmith.json is missing or invalid, or an icon could not be rendered.
      """,
    abridgedSynopsis: true)
  /// The `--help` text, generated from `declaration`.
  package static var help: String { declaration.help }
}
