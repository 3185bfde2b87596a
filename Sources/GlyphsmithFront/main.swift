import CFrontHandoff
import FoundationEssentials
import Glibc
import GlyphsmithCommands
import GlyphsmithCore

// The light `glyphsmith`: help for every subcommand, `compare` and `validate` run here
// (libpng and the Swift runtime only); every subcommand that draws, `--version` and the
// hidden worker are handed to `glyphsmith-render` with the same argv (RenderHandoff).

// First, in C, from argv alone: any command but the front's own (help, `compare`,
// `validate`, a `--help`) execs `glyphsmith-render` now, before the command list below is
// built (issue 36: a single `render` paid for the front's start); it answers the rest, unknown
// names included, with the same bytes. Returns only for the front's own commands, or when the
// exec failed (then `RenderHandoff.exec` below tries again and reports why).
glyphsmith_front_hand_off(CommandLine.argc, CommandLine.unsafeArgv)

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
