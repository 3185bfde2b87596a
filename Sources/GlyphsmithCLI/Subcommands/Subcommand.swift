/// A `glyphsmith` subcommand: parses its arguments into an options value (no I/O), runs, and
/// returns an exit code. Only `main.swift` exits.
protocol Subcommand {
  /// The word after `glyphsmith`, e.g. `render`.
  static var name: String { get }
  /// One line for `glyphsmith --help`.
  static var summary: String { get }
  /// The full `--help` text.
  static var help: String { get }
  /// Runs with the arguments after the subcommand's name.
  static func main(_ arguments: [String]) -> ExitCode
}

extension Subcommand {
  /// Prints a usage error with a pointer to help, returning exit code 2.
  static func usageFailure(_ error: Error) -> ExitCode {
    Terminal.error("glyphsmith \(name): \(error)")
    Terminal.error("see 'glyphsmith help \(name)'")
    return .failure
  }
}

/// A subcommand as the dispatcher sees it.
struct CommandEntry {
  let name: String
  let summary: String
  let help: String
  let main: ([String]) -> ExitCode
}

extension Subcommand {
  /// This subcommand's registry entry.
  static var entry: CommandEntry {
    CommandEntry(name: name, summary: summary, help: help, main: { main($0) })
  }
}
