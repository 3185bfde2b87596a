import FoundationEssentials
import Glibc
import Glyphsmith
import GlyphsmithCommands
import GlyphsmithTool

// `glyphsmith-render`: the full tool. The light `glyphsmith` front execs it with the same
// argv for every subcommand that draws, `--version` and the worker; run directly, it answers
// every subcommand itself, with the same bytes.

// Before any library logs: GLib's debug and info lines go to stderr, never into stdout's PNG.
GLibMessages.toStandardError()

/// The subcommands, in `--help` order: `CommandIndex`, the one list (the front's is generated
/// from it).
let subcommands = CommandIndex.entries

// `validate` checks symbol sets' SVG templates and Icon Composer bundles' SVG layers with
// librsvg here (the front hands a catalog that has them to this executable).
ValidateCommand.symbolSets = { SymbolSetCheck.check(folder: $0, asset: $1) }
ValidateCommand.svgLayers = { IconLayerCheck.svg($0) }

/// `glyphsmith --version`: the version, the runtime library versions, the fonts folder.
@MainActor func printVersion() -> ExitCode {
  // One write: `glyphsmith --version | head -1` under `set -o pipefail` failed with SIGPIPE
  // when head had gone before the second line (t37c's trial: 19 runs in 20).
  // Where the pinned fonts were found ($GLYPHSMITH_FONTS, <exe>/../share/glyphsmith/fonts,
  // the checkout's assets/fonts): goldens with text depend on them.
  Terminal.output(
    "glyphsmith \(Dispatcher.version)\n\(RendererVersions.current.summary)\nfonts: "
      + (FontEnvironment.fontDirectory?.path ?? "none found"))
  // An override that points nowhere is passed over: say so where users look.
  if let override = ProcessInfo.processInfo.environment["GLYPHSMITH_FONTS"], !override.isEmpty,
    (try? FileManager.default.attributesOfItem(atPath: override)[.type] as? FileAttributeType)
      != .typeDirectory
  {
    Terminal.error("glyphsmith: warning: GLYPHSMITH_FONTS=\(override) is not a folder; not used")
  }
  return .success
}

// Platform.arguments keeps file names whose bytes are not UTF-8 (CommandLine.arguments would
// replace those bytes with U+FFFD and lose the file).
exit(
  Dispatcher.run(
    Platform.arguments, subcommands: subcommands, version: printVersion,
    worker: WorkerCommand.main
  ).rawValue)
