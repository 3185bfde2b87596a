/// One option of a command, declared once: the parser's table, the help's options section and
/// the synopsis check all read it (as swift-argument-parser's `@Option`/`@Flag` do).
package struct OptionDeclaration: Equatable, Sendable {
  /// Long name without dashes, e.g. `output`.
  package var name: String
  /// Optional one-letter alias, e.g. `o` for `-o`.
  package var short: Character?
  /// The value's placeholder in the options section (`FILE`, `N`, `R,G,B`); `nil` for a flag.
  package var valueName: String?
  /// The help text, already wrapped: lines separated by `\n`, without indentation.
  package var help: String
  /// Whether giving it again adds a value (`--ignore X,Y,W,H` ...) rather than replacing it.
  /// The parser keeps every value either way (`ParsedArguments.all`); the synopsis writes the
  /// option with `...`.
  package var repeatable: Bool
  /// Parsed but not listed in the help (e.g. a benchmark switch).
  package var hidden: Bool

  /// An option with a value, `--name VALUE`, `--name=VALUE` (or `-s VALUE`).
  package static func value(
    _ name: String, short: Character? = nil, _ valueName: String, repeatable: Bool = false,
    help: String
  ) -> OptionDeclaration {
    OptionDeclaration(
      name: name, short: short, valueName: valueName, help: help, repeatable: repeatable,
      hidden: false)
  }

  /// A flag without a value, `--name` (or `-s`).
  package static func flag(_ name: String, short: Character? = nil, help: String)
    -> OptionDeclaration
  {
    OptionDeclaration(
      name: name, short: short, valueName: nil, help: help, repeatable: false, hidden: false)
  }

  /// A flag that is parsed but not listed in the help.
  package static func hiddenFlag(_ name: String) -> OptionDeclaration {
    OptionDeclaration(
      name: name, short: nil, valueName: nil, help: "", repeatable: false, hidden: true)
  }

  /// What the parser needs: the name, whether a value follows, the short name.
  package var spec: OptionSpec {
    valueName == nil ? .flag(name, short: short) : .value(name, short: short)
  }

  /// The option as the options section names it: `-o, --output FILE`, `--json`.
  package var label: String {
    (short.map { "-\($0), " } ?? "") + "--" + name + (valueName.map { " " + $0 } ?? "")
  }
}
