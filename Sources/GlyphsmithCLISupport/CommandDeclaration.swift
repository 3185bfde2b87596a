/// A command declared once (as swift-argument-parser's `CommandConfiguration` plus its
/// properties): its name, summary, synopsis, description and options. `parse` reads argv with
/// the options' table and `help` is generated from the same declaration, so an option added to
/// `options` is parsed, listed under `options:` and, unless the hand-placed `synopsis` already
/// names it, appended to the usage: one edit.
package struct CommandDeclaration: Sendable {
  /// The word after `glyphsmith`, e.g. `badge`.
  package var name: String
  /// One line for `glyphsmith --help`.
  package var summary: String
  /// What follows `usage: glyphsmith NAME `: positionals and options in the order and grouping
  /// a reader needs (as swift-argument-parser's `usage:` override), lines separated by `\n`;
  /// continuation lines are indented under the first argument. A listed option it does not
  /// name is appended (`usageLines`).
  package var synopsis: String
  /// The paragraphs between the usage and `options:`, unindented.
  package var discussion: String
  /// The options in the order the help lists them; `help` (`--help`, `-h`) is added.
  package var options: [OptionDeclaration]
  /// The column at which option help text starts in the options section (0-based).
  package var helpColumn: Int
  /// The paragraphs after the options section (the exit codes), unindented.
  package var footer: String

  /// Whether the synopsis's continuation lines carry their own indentation (several usage
  /// forms, as golden's verbs or sheet's `--symbols`): printed as written, nothing appended.
  package var verbatimSynopsis: Bool
  /// Whether the synopsis names only the options a reader needs first and the rest are
  /// listed under `options:` alone: `usageLines` appends nothing.
  package var abridgedSynopsis: Bool
  /// The title of the options section (golden: `check options:`; further sections start
  /// with a `heading` entry).
  package var optionsTitle: String
  /// The names of the shared groups `options` includes (`OptionGroup`), in order.
  package var groups: [String]
  /// Words a user may try that are no option of the command, each with the options meant
  /// (symbol's `weight`: `ultralight` and `black`, the factors of the weights it writes):
  /// "did you mean" names those for them rather than the nearest spelling (`--height`).
  /// `hintMismatches` lists a hint that names an undeclared option, or a declared one.
  package var hints: [String: [String]]

  /// A declaration from its parts; the options of `groups` follow `options` (as
  /// swift-argument-parser's `@OptionGroup` properties), in the parser and in the help.
  package init(
    name: String, summary: String, synopsis: String, discussion: String,
    options: [OptionDeclaration], including groups: [OptionGroup] = [], helpColumn: Int,
    footer: String, verbatimSynopsis: Bool = false, abridgedSynopsis: Bool = false,
    optionsTitle: String = "options:", hints: [String: [String]] = [:]
  ) {
    self.name = name
    self.summary = summary
    self.synopsis = synopsis
    self.discussion = discussion
    self.options = options + groups.flatMap(\.options)
    self.groups = groups.map(\.name)
    self.helpColumn = helpColumn
    self.footer = footer
    self.verbatimSynopsis = verbatimSynopsis
    self.abridgedSynopsis = abridgedSynopsis
    self.optionsTitle = optionsTitle
    self.hints = hints
  }

  /// The options `Subcommand.main` takes for every command before `parse` (`--help`, `-h`,
  /// `--quiet`): a synopsis may name them undeclared.
  package static let globalOptions: Set<String> = ["help", "quiet"]

  /// The parser's table: every declared option and `--help`. An option declared twice
  /// (golden's `--metric`, listed for two verbs) is one entry.
  package var specs: [OptionSpec] {
    var seen = Set<String>()
    let declared = options.filter { $0.isOption && seen.insert($0.name).inserted }.map(\.spec)
    return declared + (seen.contains("help") ? [] : [.flag("help")])
  }

  /// `arguments` (those after the command's name) split by the declared options.
  /// - Throws: `UsageError` for an unknown option (with the nearest declared one when it is
  ///   close), a missing value, or a value given to a flag.
  package func parse(_ arguments: [String]) throws -> ParsedArguments {
    var parsed = try ArgumentParser.parse(
      arguments, options: specs, hints: hints.merging(Self.shortHints) { own, _ in own })
    parsed.declared = Dictionary(options.filter(\.isOption).map { ($0.name, $0) }) { first, _ in
      first
    }
    return parsed
  }

  /// Short options other tools take that no command declares, with the option meant: `-q`
  /// is `--quiet` (taken by every command, `globalOptions`), so "did you mean" names it
  /// (no command has a `-q`, so none gets one alone).
  package static let shortHints: [String: [String]] = ["q": ["quiet"]]

  /// The `--help` text: `usage:` with the synopsis, the discussion, the options section (its
  /// title, then one entry per listed option, note or heading; none when nothing is listed)
  /// and the footer; no trailing newline.
  package var help: String {
    let prefix = "usage: glyphsmith \(name) "
    let indent = String(repeating: " ", count: prefix.count)
    let usage =
      verbatimSynopsis
      ? prefix + synopsis : prefix + usageLines.joined(separator: "\n" + indent)
    let entries = listedEntries.map(entry).joined(separator: "\n")
    let section = entries.isEmpty ? [] : [optionsTitle + "\n" + entries]
    return ([usage, discussion] + section + [footer]).joined(separator: "\n\n")
  }

  /// The entries of the options section: each listed option, note or heading with the
  /// labels of the `joined` options after it.
  private var listedEntries: [(option: OptionDeclaration, label: String)] {
    var entries: [(option: OptionDeclaration, label: String)] = []
    for option in options {
      switch option.listing {
      case .entry, .note, .heading: entries.append((option, option.label))
      case .joined:
        if !entries.isEmpty { entries[entries.count - 1].label += ", " + option.label }
      case .inText, .hidden: continue
      }
    }
    // `--quiet` is taken by every command (`Subcommand.main`), so every options section lists
    // it, unless the command declares it itself: before the first heading (golden's verb
    // sections), else last.
    if !entries.isEmpty, !options.contains(where: { $0.name == Self.quiet.name }) {
      let at = entries.firstIndex { $0.option.listing == .heading } ?? entries.count
      entries.insert((Self.quiet, Self.quiet.label), at: at)
    }
    return entries
  }

  /// The entry every options section has: `--quiet`, which `Subcommand.main` takes for every
  /// command before its `parse` runs.
  package static let quiet = OptionDeclaration.flag(
    "quiet", help: "no progress and no totals on stderr")

  /// One entry's lines: `  LABEL` padded to `helpColumn` then the first help line when the
  /// label leaves a space before the column; else (`placement` `.automatic`) a one-line help
  /// two spaces after the label, or a longer help on the lines under the label. Further lines
  /// start at `helpColumn`. A heading is its text alone.
  private func entry(_ listed: (option: OptionDeclaration, label: String)) -> String {
    let option = listed.option
    if option.listing == .heading { return option.name }
    let indent = String(repeating: " ", count: helpColumn)
    let lines = option.help.split(separator: "\n", omittingEmptySubsequences: false)
      .map(String.init)
    let head = "  " + listed.label
    var first: String
    var rest = lines.dropFirst().map { indent + $0 }
    let beside =
      option.placement == .beside || (option.placement == .automatic && lines.count == 1)
    if head.count < helpColumn && option.placement != .under {
      first = head + String(repeating: " ", count: helpColumn - head.count) + lines[0]
    } else if beside {
      first = head + "  " + lines[0]
    } else {
      first = head
      rest.insert(indent + lines[0], at: 0)
    }
    return ([first] + rest).joined(separator: "\n")
  }

  /// The usage after `usage: glyphsmith NAME `, one string a line: the synopsis, then a
  /// `[--name VALUE]` (`[--name VALUE]...` when repeatable) for each listed option it does not
  /// name, filling the last line up to `usageWidth` columns.
  package var usageLines: [String] {
    var lines = synopsis.split(separator: "\n", omittingEmptySubsequences: false)
      .map(String.init)
    guard !verbatimSynopsis && !abridgedSynopsis else { return lines }
    let named = Set(synopsisOptionTokens.map(\.name))
    let width = Self.usageWidth - "usage: glyphsmith \(name) ".count
    for option in options
    where [.entry, .joined].contains(option.listing) && option.name != "help" {
      guard !named.contains(option.name) else { continue }
      let token =
        "[--\(option.name)" + (option.valueName.map { " " + $0 } ?? "") + "]"
        + (option.repeatable ? "..." : "")
      if lines[lines.count - 1].isEmpty {
        lines[lines.count - 1] = token
      } else if lines[lines.count - 1].count + 1 + token.count <= width {
        lines[lines.count - 1] += " " + token
      } else {
        lines.append(token)
      }
    }
    return lines
  }

  /// The widest usage line an appended option may make, in columns (the house 100).
  package static let usageWidth = 100

  /// What the synopsis gets wrong about the options: each `--name` it names that is not
  /// declared, and each repeatable option it names without `...` after it. Empty when they
  /// agree (an option it does not name is not wrong: `usageLines` appends it).
  package var synopsisMismatches: [String] {
    let tokens = synopsisOptionTokens
    var problems: [String] = []
    for option in options where option.repeatable {
      if let token = tokens.first(where: { $0.name == option.name }), !token.repeated {
        problems.append("--\(option.name) is repeatable but has no '...' in the synopsis")
      }
    }
    for token in tokens
    where !Self.globalOptions.contains(token.name)
      && !options.contains(where: { $0.isOption && $0.name == token.name })
    {
      problems.append("--\(token.name) is in the synopsis but not declared")
    }
    return problems
  }

  /// What the hints get wrong: a hinted word that is a declared option (it is never
  /// unknown), and each option a hint names that is not declared. Empty when they agree.
  package var hintMismatches: [String] {
    let declared = Set(specs.map(\.name))
    var problems: [String] = []
    for word in hints.keys.sorted() {
      if declared.contains(word) { problems.append("--\(word) is hinted but declared") }
      for name in hints[word]! where !declared.contains(name) {
        problems.append("the hint for --\(word) names --\(name), which is not declared")
      }
    }
    return problems
  }

  /// Each `--name` in the synopsis, and whether `...` follows it before the next option.
  private var synopsisOptionTokens: [(name: String, repeated: Bool)] {
    let text = Array(synopsis)
    var tokens: [(name: String, repeated: Bool)] = []
    var index = 0
    while index + 1 < text.count {
      guard text[index] == "-", text[index + 1] == "-" else {
        index += 1
        continue
      }
      var end = index + 2
      while end < text.count, text[end].isLetter || text[end].isNumber || text[end] == "-" {
        end += 1
      }
      let name = String(text[(index + 2)..<end])
      var next = end
      while next + 1 < text.count, !(text[next] == "-" && text[next + 1] == "-") { next += 1 }
      let between = String(text[end..<min(next, text.count)])
      tokens.append((name, between.contains("...")))
      index = end
    }
    // A short name (`-o OUT.png`) names its long option (not checked for `...`).
    let words = synopsis.split { " \n[]|".contains($0) }
    for option in options {
      guard let short = option.short, words.contains("-\(short)") else { continue }
      tokens.append((option.name, false))
    }
    return tokens
  }
}
