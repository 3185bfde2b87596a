import Foundation
import Glyphsmith
import GlyphsmithCommands

/// `glyphsmith init [FOLDER] [--icons DIR]`: a starter `glyphsmith.json` (`ProjectStarter`).
enum InitCommand: DeclaredSubcommand {
  static let declaration = InitText.declaration

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
