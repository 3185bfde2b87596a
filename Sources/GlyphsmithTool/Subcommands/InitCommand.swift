import FoundationEssentials
import Glibc
import Glyphsmith
import GlyphsmithCommands

/// `glyphsmith init [FOLDER] [--icons DIR]`: a starter `glyphsmith.json` (`ProjectStarter`).
enum InitCommand: DeclaredSubcommand {
  /// The command declared once: `parse`, the usage and this help all come from it. Its two
  /// options are explained in the text (no options section).
  static let declaration = CommandDeclaration(
    name: "init",
    summary: "write a starter glyphsmith.json for a folder of icons",
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

  struct Options {
    var folder: String
    var icons: String?
    var quiet: Bool
  }

  static func parse(_ arguments: [String]) throws -> Options {
    let parsed = try declaration.parse(arguments)
    guard parsed.positionals.count <= 1 else {
      throw UsageError(message: "init takes one FOLDER at most, got \(parsed.positionals.count)")
    }
    // An empty name named no folder in its error (`: error: cannot read: ...`; trial t36c L4).
    if parsed.positionals.first == "" {
      throw UsageError(
        message: "FOLDER is empty; give a folder's name, or none for the current folder")
    }
    if parsed.value("icons") == "" {
      throw UsageError(
        message: "--icons is empty; give the icons folder's name, relative to FOLDER")
    }
    return Options(
      folder: parsed.positionals.first ?? ".", icons: parsed.value("icons"),
      quiet: parsed.has("quiet") || Terminal.isQuiet)
  }

  static func run(_ options: Options) throws -> FailureCategory? {
    let (path, survey) = try ProjectStarter.write(folder: options.folder, icons: options.icons)
    if !options.quiet {
      var notes = ["\(survey.icons) icons"]
      if !survey.folders.isEmpty {
        notes.append("sub-folders \(survey.folders.joined(separator: ", ")) (a rule each)")
      }
      if !survey.darkPairs.isEmpty {
        notes.append("\(survey.darkPairs.count) with -dark variants (made original-colour)")
      }
      notes.append(
        survey.style == "stroked"
          ? "a stroked set (\(survey.stroked) stroked SVGs): \"symbols\": true would make custom SF Symbols with weights"
          : survey.style == "filled"
            ? "a filled set (\(survey.filled) filled SVGs)"
            : "mixed (\(survey.stroked) stroked, \(survey.filled) filled SVGs)")
      Terminal.error("wrote \(path): " + notes.joined(separator: "; ") + "; next: glyphsmith build")
    }
    return nil
  }
}
