import FoundationEssentials
import Glibc
import GlyphsmithCommands
import GlyphsmithCore

// The light `glyphsmith`: help for every subcommand, `compare` and `validate` run here
// (libpng and the Swift runtime only); every subcommand that draws, `--version` and the
// hidden worker are handed to `glyphsmith-render` with the same argv (RenderHandoff).

/// The subcommands, in `--help` order (`CommandTextIndex`, generated from the list
/// `glyphsmith-render` runs): `compare` and `validate` run here, every other one is handed to
/// `glyphsmith-render`.
let subcommands = CommandTextIndex.frontEntries(local: [
  CompareCommand.entry, ValidateCommand.entry,
])

exit(
  Dispatcher.run(
    Platform.arguments, subcommands: subcommands, version: { RenderHandoff.exec() },
    worker: { _ in RenderHandoff.exec() }
  ).rawValue)
