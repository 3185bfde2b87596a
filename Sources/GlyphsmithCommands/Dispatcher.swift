import FoundationEssentials
import Glibc
import GlyphsmithCore

/// The `glyphsmith` command line shared by both executables: the root help, `help NAME`,
/// `--version`, the hidden worker and the unknown-subcommand message. The light front and
/// `glyphsmith-render` call `run` with their own entries, so both print the same bytes.
package enum Dispatcher {
  /// The tool's version.
  package static let version = "0.1.0"

  /// `glyphsmith --help`: the version line, usage, the subcommands of `subcommands` with their
  /// summaries, and the exit codes.
  package static func rootHelp(_ subcommands: [CommandEntry]) -> String {
    """
    glyphsmith \(version): icon artwork to the exact pixels an iOS-style interface shows

    usage: glyphsmith <subcommand> [options] [inputs...]
           glyphsmith help <subcommand>
           glyphsmith --version

    subcommands:
    \(subcommands.map { "  " + String(($0.name + String(repeating: " ", count: 10)).prefix(10)) + $0.summary }.joined(separator: "\n"))

    Every subcommand takes --help (or -h) and --quiet (no progress and no totals; data on
    stdout and diagnostics on stderr stay).

    Exit codes: 0 done and nothing wrong; 1 the answer is "no" (images differ, lint errors);
    2 could not do the job for at least one input (usage, unreadable input, write failure).
    """
  }

  /// `glyphsmith help help` (and `help --help`, `help -h`): help's own usage.
  static let helpHelp = """
    usage: glyphsmith help [<subcommand>]

    Prints a subcommand's usage, options and arguments, as `glyphsmith <subcommand> --help`
    does; without a subcommand, the list of subcommands, as `glyphsmith --help` does.
    """

  /// The hidden subcommand a batch command starts its workers with.
  package static let workerName = "__worker"

  /// Runs `arguments` (argv without the program name): help and unknown names here, a
  /// subcommand through its entry, `--version` through `version` and the worker through
  /// `worker`.
  /// - Returns: the exit code; only `main.swift` exits.
  @MainActor package static func run(
    _ arguments: [String], subcommands: [CommandEntry], version: () -> ExitCode,
    worker: ([String]) -> ExitCode
  ) -> ExitCode {
    guard let first = arguments.first else {
      Terminal.error(rootHelp(subcommands))
      return .failure
    }
    switch first {
    case "--help", "-h", "help":
      if first == "help", arguments.count > 1 {
        if ["help", "--help", "-h"].contains(arguments[1]) {
          Terminal.output(helpHelp)
          return .success
        }
        guard let command = subcommands.first(where: { $0.name == arguments[1] }) else {
          Terminal.error(unknownSubcommand(arguments[1], subcommands))
          return .failure
        }
        Terminal.output(command.help)
        return .success
      }
      Terminal.output(rootHelp(subcommands))
      return .success
    case workerName:
      return worker(Array(arguments.dropFirst()))
    case "--version":
      // `glyphsmith --version extra` printed the version and exited 0.
      if arguments.count > 1 {
        Terminal.error(
          "glyphsmith: error: unexpected argument '\(arguments[1])' after --version; "
            + "use glyphsmith --version alone")
        return .failure
      }
      return version()
    default:
      guard let command = subcommands.first(where: { $0.name == first }) else {
        Terminal.error(unknownSubcommand(first, subcommands, next: arguments.dropFirst().first))
        return .failure
      }
      return command.main(Array(arguments.dropFirst()))
    }
  }

  /// `glyphsmith: error: unknown subcommand 'X'`, then the near misses as "did you mean"
  /// (`Suggestion.near`: a name it starts, or a typo), else the list of subcommands; the same
  /// for `glyphsmith X` and `glyphsmith help X`.
  /// `-V`, `-v`, `version` and near misses of `--version` (`--verison`) get
  /// "did you mean '--version'?" when no subcommand is near.
  /// `--` first says the subcommand comes before it (trial t36c L3: `glyphsmith -- render`
  /// suggested `--version`): `glyphsmith: error: '--' ends the options of a subcommand, and
  /// the subcommand comes first: glyphsmith render [options] -- [inputs]` when `next` (the
  /// argument after `name`, if any) is a subcommand, else `...: use one of` the list.
  static func unknownSubcommand(_ name: String, _ subcommands: [CommandEntry], next: String? = nil)
    -> String
  {
    let names = subcommands.map(\.name)
    if name == "--" {
      return "glyphsmith: error: '--' ends the options of a subcommand, and the subcommand "
        + "comes first: "
        + (next.map(names.contains) == true
          ? "glyphsmith \(next!) [options] -- [inputs]"
          : "use one of \(names.joined(separator: ", "))")
    }
    var near = Suggestion.near(name, among: names)
    if near.isEmpty,
      versionSpellings.contains(name)
        || (name.hasPrefix("--") && !Suggestion.near(name, among: ["--version"]).isEmpty)
    {
      near = ["--version"]
    }
    return "glyphsmith: error: unknown subcommand '\(name)'"
      + (near.isEmpty
        ? "; use one of \(names.joined(separator: ", "))"
        : "; did you mean \(Suggestion.alternatives(near))?")
  }

  /// What other tools spell `--version` with.
  static let versionSpellings: Set<String> = ["-V", "-v", "version", "-version"]
}
