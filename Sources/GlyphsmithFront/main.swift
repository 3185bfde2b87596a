import Foundation
import GlyphsmithCommands
import GlyphsmithCore

// The light `glyphsmith`: help for every subcommand, `compare` and `validate` run here
// (libpng and the Swift runtime only); every subcommand that draws, `--version` and the
// hidden worker are handed to `glyphsmith-render` with the same argv (RenderHandoff).

/// The subcommands, in `--help` order (the same as `glyphsmith-render`'s).
let subcommands: [CommandEntry] = [
  .handOff(name: RenderText.name, summary: RenderText.summary, help: RenderText.help),
  .handOff(name: AssetsText.name, summary: AssetsText.summary, help: AssetsText.help),
  .handOff(name: BuildText.name, summary: BuildText.summary, help: BuildText.help),
  .handOff(name: InitText.name, summary: InitText.summary, help: InitText.help),
  .handOff(name: SheetText.name, summary: SheetText.summary, help: SheetText.help),
  .handOff(name: BadgeText.name, summary: BadgeText.summary, help: BadgeText.help),
  .handOff(name: DotsText.name, summary: DotsText.summary, help: DotsText.help),
  .handOff(name: TabBarText.name, summary: TabBarText.summary, help: TabBarText.help),
  .handOff(name: ToolbarText.name, summary: ToolbarText.summary, help: ToolbarText.help),
  .handOff(name: SearchBarText.name, summary: SearchBarText.summary, help: SearchBarText.help),
  .handOff(name: TableViewText.name, summary: TableViewText.summary, help: TableViewText.help),
  CompareCommand.entry,
  .handOff(name: LintText.name, summary: LintText.summary, help: LintText.help),
  .handOff(name: GoldenText.name, summary: GoldenText.summary, help: GoldenText.help),
  ValidateCommand.entry,
  .handOff(name: AppIconText.name, summary: AppIconText.summary, help: AppIconText.help),
  .handOff(name: SymbolText.name, summary: SymbolText.summary, help: SymbolText.help),
]

exit(
  Dispatcher.run(
    Platform.arguments, subcommands: subcommands, version: { RenderHandoff.exec() },
    worker: { _ in RenderHandoff.exec() }
  ).rawValue)
