/// What the light `glyphsmith` front prints of every subcommand without linking the engine:
/// each one's name, summary and `--help` text, in `glyphsmith --help` order. Its `entries`
/// (`CommandTextIndex+Generated.swift`) are generated from `CommandIndex.commands`, the one
/// list of commands (`Sources/GlyphsmithTool`, which links the engine), by
/// `scripts/update-generated`; `GeneratedIndexTests` fails while they are stale.
package enum CommandTextIndex {
  /// One subcommand as the front prints it.
  package struct Entry: Sendable, Equatable {
    /// The word after `glyphsmith`, e.g. `render`.
    package var name: String
    /// Its line in `glyphsmith --help`.
    package var summary: String
    /// Its full `--help` text (`CommandDeclaration.help`), byte for byte.
    package var help: String

    /// An entry from its parts.
    package init(name: String, summary: String, help: String) {
      self.name = name
      self.summary = summary
      self.help = help
    }
  }

  /// The command names, in `--help` order.
  package static var names: [String] { entries.map(\.name) }

  /// The light front's list, in `--help` order: the entry of `local` (commands it runs
  /// itself: `compare`, `validate`) of each name, else a hand-off to `glyphsmith-render` that
  /// prints the generated help itself (`CommandEntry.handOff`).
  package static func frontEntries(local: [CommandEntry]) -> [CommandEntry] {
    entries.map { entry in
      local.first { $0.name == entry.name }
        ?? .handOff(name: entry.name, summary: entry.summary, help: entry.help)
    }
  }
}
