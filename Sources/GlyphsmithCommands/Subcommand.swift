import GlyphsmithCore

/// A `glyphsmith` subcommand: `parse` turns its arguments into an options value (no I/O),
/// `run` makes the engine call and prints what it reports. `main` ties them together and alone
/// turns outcomes into exit codes; only `main.swift` exits.
package protocol Subcommand {
  /// What `parse` produces.
  associatedtype Options
  /// The word after `glyphsmith`, e.g. `render`.
  static var name: String { get }
  /// One line for `glyphsmith --help`.
  static var summary: String { get }
  /// The full `--help` text.
  static var help: String { get }
  /// Turns the arguments after the subcommand's name into options.
  /// - Throws: `UsageError` (or any error: all count as usage) for unknown, missing or
  ///   malformed options.
  static func parse(_ arguments: [String]) throws -> Options
  /// Runs with parsed options.
  /// - Returns: `nil` when done and nothing is wrong, else the outcome's category (what it
  ///   reported is already printed).
  /// - Throws: a `GlyphsmithFailure` that stops the run; `main` prints it.
  static func run(_ options: Options) throws -> FailureCategory?
}

extension Subcommand {
  /// `--help` or `-h` (before any `--`) prints the help on stdout (exit 0); `--quiet` is taken
  /// by every subcommand (`Terminal.setQuiet`); a usage error prints it on stderr with a
  /// pointer to help (exit 2); otherwise `run`, whose outcome or failure's category gives the
  /// exit code (`ExitCode.init(_:)`). A failure whose message names no file is prefixed
  /// with `glyphsmith NAME:`, and followed by the help pointer when it is a usage error.
  package static func main(_ arguments: [String]) -> ExitCode {
    if CommandEntry.printedHelp(help, for: arguments) { return .success }
    let options = arguments.prefix { $0 != "--" }
    if options.contains("--quiet") { Terminal.setQuiet(true) }
    let rest = options.filter { $0 != "--quiet" } + arguments.dropFirst(options.count)
    return main(parsing: Array(rest))
  }

  private static func main(parsing arguments: [String]) -> ExitCode {
    let options: Options
    do {
      options = try parse(arguments)
    } catch {
      Terminal.error("glyphsmith \(name): \(error)")
      Terminal.error("see 'glyphsmith help \(name)'")
      return ExitCode(.usage)
    }
    do {
      return ExitCode(try run(options))
    } catch let failure as any GlyphsmithFailure {
      report(failure)
      return ExitCode(failure.category)
    } catch {
      Terminal.error("glyphsmith \(name): error: \(error)")
      return ExitCode(.unusableInput)
    }
  }

  /// Prints `failure` on stderr. A message naming no file ("error: ...") names the command
  /// instead, so every message reads `path: error: what`; a usage error points to the help
  /// as parse errors do.
  package static func report(_ failure: any GlyphsmithFailure) {
    reportLines(failure).forEach(Terminal.error)
  }

  /// The lines `report(failure)` writes, in order (each `Terminal.error`'s text).
  package static func reportLines(_ failure: any GlyphsmithFailure) -> [String] {
    let message = failure.description
    guard failure.namesFile else {
      return ["glyphsmith \(name): \(message)"]
        + (failure.category == .usage ? ["see 'glyphsmith help \(name)'"] : [])
    }
    return [message]
  }

  /// The exact bytes `report(failure)` writes to stderr, as text.
  package static func reportText(_ failure: any GlyphsmithFailure) -> String {
    reportLines(failure).map(Terminal.errorText).joined()
  }

  /// This subcommand's registry entry.
  package static var entry: CommandEntry {
    CommandEntry(name: name, summary: summary, help: help, main: { main($0) })
  }
}

/// A subcommand as the dispatcher sees it.
package struct CommandEntry {
  /// The one place help is detected: when `arguments` (those after the subcommand's name)
  /// hold `--help` or `-h` before any `--`, prints `help` on stdout and returns true.
  /// `help` is made only when it is printed: laying out every command's help text was 62 %
  /// of the instructions of `glyphsmith-render --version` (issue 36, single-render start).
  package static func printedHelp(_ help: @autoclosure () -> String, for arguments: [String])
    -> Bool
  {
    let options = arguments.prefix { $0 != "--" }
    guard options.contains("--help") || options.contains("-h") else { return false }
    Terminal.output(help())
    return true
  }

  /// The word after `glyphsmith`.
  package let name: String
  /// Its line in `glyphsmith --help`.
  package let summary: String
  /// Its full `--help` text, made when asked for (every start lists every command).
  package var help: String { makeHelp() }
  private let makeHelp: () -> String
  /// Runs it with the arguments after its name.
  package let main: ([String]) -> ExitCode

  /// An entry from its parts; `help` is evaluated only when read.
  package init(
    name: String, summary: String, help: @autoclosure @escaping () -> String,
    main: @escaping ([String]) -> ExitCode
  ) {
    self.name = name
    self.summary = summary
    self.makeHelp = help
    self.main = main
  }
}
