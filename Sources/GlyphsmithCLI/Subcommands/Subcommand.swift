/// A `glyphsmith` subcommand: `parse` turns its arguments into an options value (no I/O),
/// `run` does the work and returns an exit code. `main` ties them together; only `main.swift`
/// exits.
protocol Subcommand {
  /// What `parse` produces.
  associatedtype Options
  /// The word after `glyphsmith`, e.g. `render`.
  static var name: String { get }
  /// One line for `glyphsmith --help`.
  static var summary: String { get }
  /// The full `--help` text.
  static var help: String { get }
  /// Turns the arguments after the subcommand's name into options.
  /// - Throws: `UsageError` for unknown, missing or malformed options.
  static func parse(_ arguments: [String]) throws -> Options
  /// Runs with parsed options.
  static func run(_ options: Options) -> ExitCode
}

extension Subcommand {
  /// `--help` prints the help on stdout (exit 0); a usage error prints it on stderr with a
  /// pointer to help (exit 2); otherwise `run`.
  static func main(_ arguments: [String]) -> ExitCode {
    if arguments.contains("--help") {
      Terminal.output(help)
      return .success
    }
    let options: Options
    do {
      options = try parse(arguments)
    } catch {
      Terminal.error("glyphsmith \(name): \(error)")
      Terminal.error("see 'glyphsmith help \(name)'")
      return .failure
    }
    return run(options)
  }

  /// This subcommand's registry entry.
  static var entry: CommandEntry {
    CommandEntry(name: name, summary: summary, help: help, main: { main($0) })
  }
}

/// A subcommand as the dispatcher sees it.
struct CommandEntry {
  let name: String
  let summary: String
  let help: String
  let main: ([String]) -> ExitCode
}
