import FoundationEssentials
import Glibc
import GlyphsmithCore

/// What one platform of `assets` writes for each input: the files (with their render options)
/// and the folders they go to. `AssetsJob` does the rest for every platform alike: reading,
/// fingerprints and up-to-date checks, rendering, PNG encoding, atomic writes, the report.
///
/// To add a platform: a file with `extension AssetPlatform { static let NAME = ... }` and a
/// type conforming to this protocol, and one line in `AssetPlatformRegistry.writers`
/// (docs/assets.md, "Adding a platform").
package protocol AssetPlatformWriter: Sendable {
  /// The platform this writer serves (its `--platform` name).
  var platform: AssetPlatform { get }

  /// The folder written into unless `AssetsOptions.outputFolders` names one, for a catalog at
  /// `catalogPath` as the user gave it (e.g. `android` beside it).
  func defaultOutputFolder(catalogPath: String) -> String

  /// The names that must be unique over all inputs, paired with the input path, in input
  /// order; two equal names are refused (`GlyphsmithError.nameCollision`) before anything is
  /// written. Default: none.
  func reservedNames(_ inputs: [AssetInput], options: AssetsOptions)
    -> [(name: String, path: String)]

  /// Runs once before any input is rendered, e.g. to write a catalog's own files. Default:
  /// nothing.
  /// - Throws: `GlyphsmithError.writeFailed` (or any error) to stop the run.
  func prepare(_ inputs: [AssetInput], in context: AssetPlatformContext) throws

  /// The output sets of one input: folders, files with their render options, extra texts.
  func plannedSets(for input: AssetInput, in context: AssetPlatformContext) -> [PlannedAssetSet]

  /// The outputs in `context.root` of the kind this writer makes that carry Glyphsmith's
  /// mark (`OutputOwnership`), as `AssetsJob.plannedOutputs` gives outputs: a set folder
  /// replaced whole, or else one file, paths starting with the root. Prune adopts them in an
  /// output folder that has no record of outputs yet, one made before records existed
  /// (`OutputManifest.begin`). Default: none.
  func markedOutputs(in context: AssetPlatformContext) -> [String]

  /// The files `prepare` writes for `input` outside its sets (a catalog group's
  /// `Contents.json`), paths starting with the root: recorded as outputs of the input
  /// (`AssetsJob.plannedOutputs`), so they are pruned once no input makes them. Default: none.
  func sharedFiles(for input: AssetInput, in context: AssetPlatformContext) -> [String]

  /// Runs once after a run that wrote something; the findings go to the report's
  /// `catalogFindings` (its JSON has their compiler-form lines). Default: none.
  /// - Throws: errors that end the run (reported as the run's error).
  func findings(in context: AssetPlatformContext) throws -> [Diagnostic]

  /// Runs once after every run, so the same inputs give the same findings (and exit code)
  /// whether their outputs were written now or found up to date: `inputs` are this run's
  /// assets that did not fail, `written` those of them written now. Default: `findings(in:)`
  /// when something was written, else none.
  /// - Throws: errors that end the run (reported as the run's error).
  func findings(
    in context: AssetPlatformContext, inputs: [AssetInput], written: [AssetInput]
  ) throws -> [Diagnostic]
}

extension AssetPlatformWriter {
  /// No names to keep unique.
  package func reservedNames(_ inputs: [AssetInput], options: AssetsOptions)
    -> [(name: String, path: String)]
  { [] }

  /// Nothing to prepare.
  package func prepare(_ inputs: [AssetInput], in context: AssetPlatformContext) throws {}

  /// Nothing to check.
  package func findings(in context: AssetPlatformContext) throws -> [Diagnostic] { [] }

  /// No outputs to adopt.
  package func markedOutputs(in context: AssetPlatformContext) -> [String] { [] }

  /// No files outside the sets.
  package func sharedFiles(for input: AssetInput, in context: AssetPlatformContext) -> [String] {
    []
  }

  /// `findings(in:)` after a run that wrote something.
  package func findings(
    in context: AssetPlatformContext, inputs: [AssetInput], written: [AssetInput]
  ) throws -> [Diagnostic] {
    written.isEmpty ? [] : try findings(in: context)
  }

  /// `name` beside the catalog: the catalog path's parent folder joined with `name`, relative
  /// when the catalog path is (`out/web` beside `out/Icons.xcassets`, `web` beside
  /// `Icons.xcassets`), so every folder is printed as the user would type it (issue 32
  /// trial: the summary named the default web and Android folders by absolute paths).
  package func folder(_ name: String, besideCatalog catalogPath: String) -> String {
    let path = OutputManifest.normalised(catalogPath)
    let last = path.split(separator: "/").last ?? ""
    // `.`, `..`, `/`: the folder above as an absolute path, which no text step gives.
    guard !path.isEmpty, last != ".", last != ".." else {
      return URL(fileURLWithPath: catalogPath).standardizedFileURL.deletingLastPathComponent()
        .path + "/" + name
    }
    guard let slash = path.lastIndex(of: "/") else { return name }
    return slash == path.startIndex ? "/" + name : path[..<slash] + "/" + name
  }
}
