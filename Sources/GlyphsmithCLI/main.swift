import Foundation
import Glyphsmith

/// The subcommands, in `--help` order.
let subcommands: [CommandEntry] = [
  RenderCommand.entry, AssetsCommand.entry, SheetCommand.entry,
  BadgeCommand.entry,
  DotsCommand.entry,
  TabBarCommand.entry,
  ToolbarCommand.entry,
  SearchBarCommand.entry,
  TableViewCommand.entry,
  CompareCommand.entry,
  LintCommand.entry,
  GoldenCommand.entry,
  ValidateCommand.entry,
  AppIconCommand.entry,
  SymbolCommand.entry,
]

let version = "0.1.0"

let rootHelp = """
  glyphsmith \(version): icon artwork to the exact pixels an iOS-style interface shows

  usage: glyphsmith <subcommand> [options] [inputs...]
         glyphsmith help <subcommand>
         glyphsmith --version

  subcommands:
  \(subcommands.map { "  " + $0.name.padding(toLength: 10, withPad: " ", startingAt: 0) + $0.summary }.joined(separator: "\n"))

  Every subcommand takes --help (or -h) and --quiet (no progress and no totals; data on
  stdout and diagnostics on stderr stay).

  Exit codes: 0 done and nothing wrong; 1 the answer is "no" (images differ, lint errors);
  2 could not do the job for at least one input (usage, unreadable input, write failure).
  """

@MainActor func run(_ arguments: [String]) -> ExitCode {
  guard let first = arguments.first else {
    Terminal.error(rootHelp)
    return .failure
  }
  switch first {
  case "--help", "-h", "help":
    if first == "help", arguments.count > 1 {
      guard let command = subcommands.first(where: { $0.name == arguments[1] }) else {
        Terminal.error("glyphsmith: error: unknown subcommand '\(arguments[1])'")
        return .failure
      }
      Terminal.output(command.help)
      return .success
    }
    Terminal.output(rootHelp)
    return .success
  case WorkerCommand.name:
    return WorkerCommand.main(Array(arguments.dropFirst()))
  case "--version":
    Terminal.output("glyphsmith \(version)")
    Terminal.output(RendererVersions.current.summary)
    // Where the pinned fonts were found ($GLYPHSMITH_FONTS, <exe>/../share/glyphsmith/fonts,
    // the checkout's assets/fonts): goldens with text depend on them.
    Terminal.output("fonts: " + (FontEnvironment.fontDirectory?.path ?? "none found"))
    return .success
  default:
    guard let command = subcommands.first(where: { $0.name == first }) else {
      let names = subcommands.map(\.name)
      let nearest = names.min {
        ArgumentParser.distance(Array(first), Array($0))
          < ArgumentParser.distance(Array(first), Array($1))
      }
      // Only a near miss is a suggestion (a typo: at most 2 edits, or a third of the name);
      // anything else lists the subcommands.
      let close = nearest.flatMap {
        ArgumentParser.distance(Array(first), Array($0)) <= max(2, first.count / 3) ? $0 : nil
      }
      Terminal.error(
        "glyphsmith: error: unknown subcommand '\(first)'"
          + (close.map { "; did you mean '\($0)'?" }
            ?? "; use one of \(names.joined(separator: ", "))"))
      return .failure
    }
    return command.main(Array(arguments.dropFirst()))
  }
}

// Platform.arguments keeps file names whose bytes are not UTF-8 (CommandLine.arguments would
// replace those bytes with U+FFFD and lose the file).
exit(run(Platform.arguments).rawValue)
