/// One option of a command, declared once: the parser's table, the help's options section and
/// the synopsis check all read it (as swift-argument-parser's `@Option`/`@Flag` do). An entry
/// of the options section that is no option (a heading, a note on a value) is declared in the
/// same list, in its place (`Listing.heading`, `Listing.note`), and is not parsed.
package struct OptionDeclaration: Equatable, Sendable {
  /// Long name without dashes, e.g. `output`; a note's label (`COLOR`); a heading's text.
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
  /// Where the help shows it.
  package var listing: Listing
  /// Where its help text starts relative to its label.
  package var placement: HelpPlacement = .automatic
  /// What its value must be (`nil` for a flag, a note or a heading); the typed readers
  /// (`ParsedArguments.number`, `.whole`) check it.
  package var kind: ValueKind? = nil
  /// The value used when the option is not given, written as the help states it (`1`,
  /// `16777216`); `nil` when there is none or the command computes it (`all cores`). The
  /// typed readers return it for an absent option, and `DefaultsCLITests` checks that the
  /// help says the same.
  package var defaultValue: String? = nil

  /// Where an option (or a help-only line) shows in the help.
  package enum Listing: Equatable, Sendable {
    /// Its own entry in the options section.
    case entry
    /// Named in the label of the entry before it (`--prefix P, --suffix S`), whose help
    /// covers both; its own `help` is not printed.
    case joined
    /// Named in the synopsis, discussion or footer, without an entry of its own (init's
    /// `--icons`, appicon's Android options).
    case inText
    /// Parsed but not shown (e.g. a benchmark switch).
    case hidden
    /// No option: an entry explaining a value (render's `COLOR`); not parsed.
    case note
    /// No option: a line at column 0 that starts a further section (`record options:`);
    /// not parsed.
    case heading
  }

  /// Where the first line of help goes when the label reaches the help column.
  package enum HelpPlacement: Equatable, Sendable {
    /// Beside a label shorter than the help column; else beside it (two spaces after) when
    /// the help is one line, under it when longer.
    case automatic
    /// Two spaces after the label, however long the label and the help.
    case beside
    /// On the line under the label, at the help column.
    case under
  }

  /// An option with a value, `--name VALUE`, `--name=VALUE` (or `-s VALUE`), of `kind`
  /// (any text unless given) with `default` (as the help writes it) when not given.
  package static func value(
    _ name: String, short: Character? = nil, _ valueName: String, kind: ValueKind = .text,
    default defaultValue: String? = nil, repeatable: Bool = false, listing: Listing = .entry,
    placement: HelpPlacement = .automatic, help: String
  ) -> OptionDeclaration {
    OptionDeclaration(
      name: name, short: short, valueName: valueName, help: help, repeatable: repeatable,
      listing: listing, placement: placement, kind: kind, defaultValue: defaultValue)
  }

  /// A flag without a value, `--name` (or `-s`).
  package static func flag(
    _ name: String, short: Character? = nil, listing: Listing = .entry,
    placement: HelpPlacement = .automatic, help: String
  ) -> OptionDeclaration {
    OptionDeclaration(
      name: name, short: short, valueName: nil, help: help, repeatable: false, listing: listing,
      placement: placement)
  }

  /// A flag that is parsed but not listed in the help.
  package static func hiddenFlag(_ name: String) -> OptionDeclaration {
    flag(name, listing: .hidden, help: "")
  }

  /// An entry of the options section that explains a value, not an option: `label` at the
  /// option column, `help` at the help column.
  package static func note(_ label: String, help: String) -> OptionDeclaration {
    OptionDeclaration(
      name: label, short: nil, valueName: nil, help: help, repeatable: false, listing: .note)
  }

  /// A line at column 0 inside the options section that starts a further section, e.g.
  /// `record options:`.
  package static func heading(_ text: String) -> OptionDeclaration {
    OptionDeclaration(
      name: text, short: nil, valueName: nil, help: "", repeatable: false, listing: .heading)
  }

  /// Whether it is an option the parser takes (not a note or a heading).
  package var isOption: Bool { listing != .note && listing != .heading }

  /// Parsed but not shown in the help.
  package var hidden: Bool { listing == .hidden }

  /// What the parser needs: the name, whether a value follows, the short name.
  package var spec: OptionSpec {
    valueName == nil ? .flag(name, short: short) : .value(name, short: short)
  }

  /// The option as the options section names it: `-o, --output FILE`, `--json`; a note's
  /// label as given.
  package var label: String {
    if listing == .note { return name }
    return (short.map { "-\($0), " } ?? "") + "--" + name + (valueName.map { " " + $0 } ?? "")
  }
}
