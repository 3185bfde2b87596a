import GlyphsmithCLISupport
import Testing

/// A shared group, as the budget options are.
private let limits = OptionGroup(
  name: "limits",
  options: [
    .value(
      "timeout", "S", kind: .positiveNumber(maximum: 60), default: "10",
      help: "seconds (default 10)"),
    .value(
      "max-use", "N", kind: .integer(minimum: 0, maximum: 100), default: "50",
      help: "uses (default 50)"),
  ])

/// A command with every listing the old-style helps needed: a joined entry, a note, a heading,
/// an option named only in the text, a long label beside its help, a verbatim synopsis.
private let declaration = CommandDeclaration(
  name: "demo",
  summary: "draw a demo",
  synopsis: """
    check IN [--only P...]
                 [--size PT]
           glyphsmith demo record IN [--prefix P]
    """,
  discussion: "Draws a demo; --secret X is explained here.",
  options: [
    .value("size", "PT", kind: .points(maximum: 100), help: "size in pt"),
    .value("prefix", "P", placement: .under, help: "name P + NAME + S"),
    .value("suffix", "S", listing: .joined, help: ""),
    .flag("keep-aspect-ratio", short: "a", placement: .beside, help: "ignored:\nalways kept"),
    .note("COLOR", help: "#RGB or a name"),
    .heading("record options:"),
    .value("only", "P...", repeatable: true, help: "these only"),
    .value("secret", "X", listing: .inText, help: "not listed"),
  ],
  including: [limits],
  helpColumn: 14,
  footer: "Exit: 0.",
  verbatimSynopsis: true,
  optionsTitle: "check options:")

@Suite("command declaration layouts")
struct CommandDeclarationLayoutTests {
  @Test func helpLaysOutEveryListing() {
    #expect(
      declaration.help == """
        usage: glyphsmith demo check IN [--only P...]
                     [--size PT]
               glyphsmith demo record IN [--prefix P]

        Draws a demo; --secret X is explained here.

        check options:
          --size PT   size in pt
          --prefix P, --suffix S
                      name P + NAME + S
          -a, --keep-aspect-ratio  ignored:
                      always kept
          COLOR       #RGB or a name
          --quiet     no progress and no totals on stderr
        record options:
          --only P... these only
          --timeout S seconds (default 10)
          --max-use N uses (default 50)

        Exit: 0.
        """)
    #expect(declaration.groups == ["limits"])
    #expect(declaration.synopsisMismatches == [])
  }

  @Test func theTableHasEveryOptionOnceAndNoNoteOrHeading() {
    #expect(
      declaration.specs.map(\.name) == [
        "size", "prefix", "suffix", "keep-aspect-ratio", "only", "secret", "timeout", "max-use",
        "help",
      ])
    var twice = declaration
    twice.options.append(.value("size", "N", help: "again"))
    #expect(twice.specs.count == declaration.specs.count)
  }

  @Test func anAbridgedSynopsisAppendsNothingAndNoEntriesNoSection() {
    let quiet = CommandDeclaration(
      name: "init", summary: "s", synopsis: "[FOLDER] [--quiet]", discussion: "Writes.",
      options: [
        .value("icons", "DIR", listing: .inText, help: "x"), .value("jobs", "N", help: "threads"),
      ],
      helpColumn: 10, footer: "Exit: 0.", abridgedSynopsis: true)
    #expect(quiet.usageLines == ["[FOLDER] [--quiet]"])
    // --quiet is taken by every command before parse: not a mismatch.
    #expect(quiet.synopsisMismatches == [])
    var bare = quiet
    bare.options = [.value("icons", "DIR", listing: .inText, help: "x")]
    #expect(bare.help == "usage: glyphsmith init [FOLDER] [--quiet]\n\nWrites.\n\nExit: 0.")
  }

  @Test func typedReadersUseTheKindAndTheDefault() throws {
    let absent = try declaration.parse([])
    #expect(try absent.number("timeout") == 10)
    #expect(try absent.defaultedWhole("max-use") == 50)
    #expect(try absent.number("size") == nil)
    #expect(absent.valueOrDefault("timeout") == "10")
    let given = try declaration.parse(["--timeout", "2.5", "--max-use=0", "--size", "0"])
    #expect(try given.defaultedNumber("timeout") == 2.5)
    #expect(try given.whole("max-use") == 0)
    #expect(try given.number("size") == 0)
  }

  @Test(arguments: [
    (["--timeout", "0"], "--timeout needs a positive number, got '0'"),
    (
      ["--timeout", "61"],
      "--timeout is at most 60 (outputs are limited to 16384 px on a side), got '61'"
    ),
    (["--max-use", "-1"], "--max-use needs a whole number of at least 0, got '-1'"),
    (["--max-use", "101"], "--max-use is at most 100, got '101'"),
    (["--size", "-1"], "--size needs a number of pt of at least 0, got '-1'"),
  ])
  func typedReadersGiveTheUsageErrorOfTheKind(arguments: [String], message: String) throws {
    let parsed = try declaration.parse(arguments)
    let name = String(arguments[0].dropFirst(2))
    #expect(throws: UsageError(message: message)) {
      if case .integer = parsed.declared[name]?.kind {
        _ = try parsed.whole(name)
      } else {
        _ = try parsed.number(name)
      }
    }
  }

  @Test func aChoiceListsTheCasesOfItsType() {
    enum Blend: String, CaseIterable { case checkerboard, white }
    #expect(ValueKind.choice(of: Blend.self) == .choice(["checkerboard", "white"]))
  }
}
