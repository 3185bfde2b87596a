import GlyphsmithCore

/// The name, summary and help of `glyphsmith init`.
package enum InitText {
  package static let name = "init"
  package static let summary = "write a starter glyphsmith.json for a folder of icons"
  /// The command declared once: `parse`, the usage and this help all come from it. Its two
  /// options are explained in the text (no options section).
  package static let declaration = CommandDeclaration(
    name: name,
    summary: summary,
    synopsis: "[FOLDER] [--icons DIR] [--quiet]",
    discussion: """
      Writes FOLDER/glyphsmith.json (FOLDER default: the current folder) for the icons in
      FOLDER/icons (or --icons DIR, relative to FOLDER; without either, FOLDER itself when it
      holds icons and has no icons/ folder). It looks at the icons: NAME-dark files get a rule
      making NAME original-colour (dark variants are for original-colour images), sub-folders
      get a rule each (and "namespace" when a name repeats across them), and a stroked set
      (strokes, no fills, as Lucide) or a filled one (as Heroicons' solid set) is named in
      what it prints. It never overwrites an existing glyphsmith.json (exit 2). Then run
      glyphsmith build. The file: docs/project.md.
      """,
    options: [
      .value(
        "icons", "DIR", listing: .inText,
        help: "the icons folder, relative to FOLDER (default: FOLDER/icons)"),
      .flag("quiet", listing: .inText, help: "print nothing"),
    ],
    helpColumn: 24,
    footer: "Exit: 0 written; 2 a glyphsmith.json is already there, or no icons were found.")
  /// The `--help` text, generated from `declaration`.
  package static var help: String { declaration.help }
}
