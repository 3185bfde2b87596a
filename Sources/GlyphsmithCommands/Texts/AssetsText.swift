import GlyphsmithCore

/// The name, summary and help of `glyphsmith assets`, here in `GlyphsmithCommands` so that the
/// light `glyphsmith` front prints them without the rendering engine; the subcommand in
/// `glyphsmith-render` uses the same texts.
package enum AssetsText {
  package static let name = "assets"
  package static let summary = "render icons (files or folders) into an Xcode .xcassets catalog"
  /// The command declared once: `parse`, the usage and this help all come from it.
  package static let declaration = CommandDeclaration(
    name: name,
    summary: summary,
    synopsis: """
      INPUT... -o CATALOG.xcassets [--role R] [--size PT] [--shape S]
      [--scales 1,2,3] [--compact] [--template|--original] [--padding PT]
      [--jobs N] [--json] [--quiet] [--lint [--strict]]
      """,
    discussion: """
      Each INPUT is an .svg or .png file or a folder (searched recursively, sorted). Every icon
      becomes NAME.imageset with NAME.png, NAME@2x.png, NAME@3x.png (per --scales) and a
      Contents.json as Xcode writes it; --compact adds NAME-compact.imageset at the compact tab
      bar size. NAME is the file name without extension (NFC); names that collide, also in case
      only, are refused before anything is written. A rerun rewrites each imageset it has an
      input for, whole; other folders in the catalog are left alone.
      """,
    options: [
      .value(
        "output", short: "o", "DIR",
        help: """
          the catalog folder, e.g. Icons.xcassets (required; a name
          without .xcassets is written but warned about)
          """),
      .value(
        "role", "R", kind: .choice(["plain", "tab-bar", "toolbar", "indicator"]),
        default: "tab-bar",
        help: "tab-bar (default), toolbar, indicator, plain"),
      .value(
        "size", "PT", kind: .positiveNumber,
        help: "target size in pt instead of the role's HIG size"),
      .value(
        "shape", "S", kind: .choice(["circle", "square", "wide", "tall"]),
        help: "circle, square, wide or tall for every icon (default: from the ink)"),
      .value(
        "scales", "LIST", default: "1,2,3", help: "scales to write, from 1,2,3 (default 1,2,3)"),
      .flag("compact", help: "also write NAME-compact.imageset (tab-bar role)"),
      .flag("template", help: "template images (default for tab-bar, toolbar, indicator)"),
      .flag("original", help: "original colours (default for plain)"),
      .value(
        "padding", "PT", kind: .points,
        help: """
          transparent space in pt between each glyph and its canvas
          edge: the glyph keeps its role's size and the canvas grows by
          2 x PT (see "Padding" in docs/render.md)
          """),
      .value(
        "jobs", "N", kind: .count, help: "threads (default: all cores); never changes the output"),
      .flag(
        "json",
        help: """
          print a JSON report on stdout:
          {"version": 1, "inputs": [{"path", "name", "status", "role",
          "shape", "sizePt", "files": [{"path", "width", "height"}], "error",
          "warnings": [...], "lint": [...] (with --lint)}], "warnings": [...],
          "catalogFindings": [...]}
          """),
      .flag(
        "quiet",
        help: """
          no progress bar and no summary line (the progress bar, with an
          ETA, shows only when stderr is a terminal and TERM is not dumb)
          """),
      .value(
        "platform", "LIST",
        help: """
          \(AssetPlatformIndex.helpList), comma-separated: android writes
          res/drawable-<density>/NAME.png (mdpi..xxxhdpi, --size in dp,
          default 24) into --android-out (default: android/ beside the
          catalog); web writes NAME/favicon.ico, apple-touch-icon.png,
          icon-192.png, icon-512.png, icon-512-maskable.png and
          manifest-icons.json into --web-out (default: web/ beside it);
          without ios there is no catalog and -o is the folder android/
          and web/ go into
          """),
      .value("android-out", "DIR", kind: .path, help: "where Android drawables go"),
      .value(
        "android-format", "F", kind: .choice(OutputFormatIndex.androidNames),
        // Each registered Android format's phrase, then auto's (`OutputFormatIndex`).
        help: OutputFormatIndex.androidHelp(
          tail: ". The other format's earlier output of the same name is removed (only files"
            + " Glyphsmith wrote)")),
      .value(
        "min-sdk", "N", kind: .integer(minimum: 1, maximum: 1000), default: "21",
        help: """
          Android API level the drawables must work on (default 21): below
          24, even-odd fills are rewritten for the nonzero rule
          """),
      .value("web-out", "DIR", kind: .path, help: "where web icons go"),
      .flag("namespace", help: "mark catalog groups (the input's sub-folders) provides-namespace"),
      .flag("force", help: "render and write even inputs whose outputs are up to date, and replace outputs glyphsmith did not make"),
      .flag(
        "plan",
        help: """
          with --json: print the plan (inputs, hashes, resolved options,
          outputs, fingerprints; docs/assets.md) and write nothing
          """),
      .flag(
        "prune",
        help: """
          remove the outputs an earlier --prune run (or glyphsmith build)
          made whose source is gone, one line each; each output folder
          keeps a record of what it made (.glyphsmith-outputs.json), and
          nothing the record does not list is touched
          """),
      .value(
        "shard", "I/N",
        help: """
          process only the I-th of N shares (by a hash of the name); the
          shares together write exactly what one run writes
          """),
      .flag(
        "stats",
        help: """
          print where the time went on stderr (renders, time inside librsvg,
          cairo and libpng, Glyphsmith's own overhead)
          """),
      .flag(
        "lint",
        help: """
          also run `glyphsmith lint` on every input at the same role, size
          and scales: findings on stderr and, with --json, in each
          input's "lint" list; the catalog is written either way
          """),
      .flag("strict", help: "with --lint: exit 1 when any input has a lint error or warning"),
      .flag(
        "symbols",
        help: """
          ios only: write NAME.symbolset (a custom SF Symbol, template 3.0,
          as `glyphsmith symbol` does) instead of NAME.imageset for every
          SVG input (an image set and a symbol set of one name collide:
          one already in the catalog fails that input, exit 2)
          """),
      .value(
        "prefix", "P", placement: .under,
        help: "with --symbols: name each symbol set P + NAME + S"),
      .value("suffix", "S", listing: .joined, help: ""),
    ],
    including: [BudgetOptions.group],
    helpColumn: 24,
    footer: """
      roles:
      \(RoleHelpTable.text)

      After writing, the catalog is validated as `glyphsmith validate` does; findings are printed
      and listed in the JSON report's "catalogFindings".

      Exit: 0 all written (or up to date) and the catalog valid; 1 all written but the catalog
      has findings; 2 at least one input could not be read, rendered or written (every other
      input is still written), or a usage error.
      """,
    abridgedSynopsis: true)
  /// The `--help` text, generated from `declaration`.
  package static var help: String { declaration.help }
}
