import FoundationEssentials
import Glibc
import GlyphsmithCore

/// `glyphsmith validate CATALOG.xcassets|NAME.icon|FOLDER [--json]`: what actool would warn
/// about, first; Icon Composer bundles too (issue 35).
package enum ValidateCommand: DeclaredSubcommand {
  /// The command declared once: `parse`, the usage and this help all come from it.
  package static let declaration = CommandDeclaration(
    name: "validate",
    summary: "check an .xcassets catalog for what actool would warn about",
    synopsis: "CATALOG.xcassets|NAME.icon|FOLDER [--json]",
    discussion: """
      Checks an asset catalog before actool does: malformed Contents.json, missing and
      unassigned files, two entries for one slot, unknown or missing idiom, scale and
      appearance values, a @2x or @3x that is not exactly 2x or 3x the @1x, asset names that
      differ only in case (or repeat across groups without a namespace), app icon px sizes that
      are not size x scale, and alpha in the 1024 px marketing icon.

      Diagnostics go to stderr, one a line, as compilers write them, then a count:
        CATALOG/NAME.imageset/Contents.json:7:1: warning: [scale-mismatch] images[1] (...): ...

      A FOLDER that is not a catalog is searched for NAME.xcassets folders (6 levels deep, hidden
      folders skipped); each is validated and named on its count line ("PATH: no findings" too).
      A folder with no catalog is an error (exit 2) that says what it holds.

      Icon Composer bundles (NAME.icon: icon.json and Assets/) are checked too, given as the
      path, inside a catalog, or beside the catalogs in FOLDER: every key and value form of
      icon.json (an unknown key is a warning, a wrong type an error, each named by its key
      path, as groups[0].layers[1].glass), appearances and idioms of specializations, colour
      strings, 1 to 4 groups (more than 8 layers in a group is a warning, more than 64 an
      error), and each layer file (spaces allowed, an extension optional) present in Assets/
      and rendering.
      """,
    options: [
      .flag(
        "json",
        help: """
          print {"catalog", "findings" : [...], "version" : 1} on stdout instead
          (sorted keys; each finding has asset, entry, file, line, message, path,
          rule, severity, null when absent; for a FOLDER of catalogs also
          "catalogs" : [PATH, ...], the catalogs validated)
          """)
    ],
    helpColumn: 12,
    footer: """
      Rule ids: \(CatalogRule.allCases.map(\.rawValue).joined(separator: ", ")).
      Exit: 0 no findings, 1 findings, 2 the catalog cannot be read or FOLDER holds none.
      """)

  package struct Options: Equatable {
    var catalog: String
    var json: Bool
  }

  package static func parse(_ arguments: [String]) throws -> Options {
    let parsed = try declaration.parse(arguments)
    let catalog = try CommonOptions.single(
      parsed, missing: "CATALOG.xcassets", name: "CATALOG.xcassets")
    return Options(catalog: catalog, json: parsed.has("json"))
  }

  /// Checks one `.symbolset` folder's SVG templates: `SymbolSetCheck.check` (librsvg), set by
  /// `glyphsmith-render`. Unset in the light front, where a catalog with a symbol set is
  /// handed to `glyphsmith-render` (nothing has been printed yet: the walk only reads).
  nonisolated(unsafe) package static var symbolSets: ((String, String) -> [CatalogFinding])?

  /// Checks that one SVG layer of an Icon Composer bundle loads and renders:
  /// `IconLayerCheck.svg` (librsvg), set by `glyphsmith-render`. Unset in the light front,
  /// where a bundle with an SVG layer is handed to `glyphsmith-render` as a symbol set is
  /// (PNG layers are decoded here).
  nonisolated(unsafe) package static var svgLayers: ((String) -> String?)?

  package static func run(_ options: Options) throws -> FailureCategory? {
    let report = try CatalogReport.validating(
      catalogPath: options.catalog,
      symbolSets: symbolSets ?? { _, _ in RenderHandoff.exec() },
      svgLayers: svgLayers ?? { _ in RenderHandoff.exec() })
    if options.json {
      do {
        StandardStream.output.write(try XcodeJSON.encode(report))
      } catch {
        Terminal.error("glyphsmith validate: error: cannot encode the report: \(error)")
        return .unusableInput
      }
    } else {
      // Findings are diagnostics; the count lines after them are totals (--quiet drops them).
      for line in report.diagnostics {
        if line.isTotal { Terminal.info(line.text) } else { Terminal.error(line.text) }
      }
    }
    return report.outcome
  }
}
