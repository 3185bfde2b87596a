import GlyphsmithCLISupport
import Testing

/// A small command with every kind of option entry the help lays out.
private let declaration = CommandDeclaration(
  name: "demo",
  summary: "draw a demo",
  synopsis: """
    INPUT -o OUT.png [--scale N] [--item A=B]...
    [--json]
    """,
  discussion: "Draws a demo.",
  options: [
    .value("output", short: "o", "FILE", help: "the PNG to write"),
    .value("scale", "N", help: "px per pt\n(default 1)"),
    .value("item", "TITLE=ICON[,badge=VALUE]", repeatable: true, help: "one item\nin order"),
    .value("color-alt", "R,G,B", help: "one line"),
    .flag("json", help: "print JSON"),
    .hiddenFlag("timing"),
  ],
  helpColumn: 16,
  footer: "Exit: 0 written.")

/// One argv and what the declaration parses it into, or the usage error it gives.
struct DeclaredParseCase: CustomTestStringConvertible, Sendable {
  var name: String
  var arguments: [String]
  var values: [String: [String]] = [:]
  var flags: Set<String> = []
  var positionals: [String] = []
  var error: String? = nil
  var testDescription: String { name }
}

@Suite("command declarations")
struct CommandDeclarationTests {
  @Test func helpIsGeneratedFromTheDeclaration() {
    #expect(
      declaration.help == """
        usage: glyphsmith demo INPUT -o OUT.png [--scale N] [--item A=B]...
                               [--json] [--color-alt R,G,B]

        Draws a demo.

        options:
          -o, --output FILE  the PNG to write
          --scale N     px per pt
                        (default 1)
          --item TITLE=ICON[,badge=VALUE]
                        one item
                        in order
          --color-alt R,G,B  one line
          --json        print JSON
          --quiet       no progress and no totals on stderr

        Exit: 0 written.
        """)
  }

  static let parseCases: [DeclaredParseCase] = [
    DeclaredParseCase(
      name: "positional, short option, flag", arguments: ["in.svg", "-o", "a.png", "--json"],
      values: ["output": ["a.png"]], flags: ["json"], positionals: ["in.svg"]),
    DeclaredParseCase(
      name: "repeatable option keeps every value", arguments: ["--item", "a=b", "--item=c=d"],
      values: ["item": ["a=b", "c=d"]]),
    DeclaredParseCase(name: "hidden flag is parsed", arguments: ["--timing"], flags: ["timing"]),
    DeclaredParseCase(
      name: "--help is declared for every command", arguments: ["--help"],
      flags: ["help"]),
    DeclaredParseCase(
      name: "nearest declared option is suggested", arguments: ["--scal", "2"],
      error: "unknown option '--scal'; did you mean '--scale'?"),
    DeclaredParseCase(
      name: "hyphenated option is suggested", arguments: ["--coloralt=1,2,3"],
      error: "unknown option '--coloralt'; did you mean '--color-alt'?"),
    DeclaredParseCase(
      name: "far option is not", arguments: ["--verbose"], error: "unknown option '--verbose'"),
    DeclaredParseCase(
      name: "missing value names the long option", arguments: ["-o"],
      error: "--output needs a value"),
    DeclaredParseCase(
      name: "a flag takes no value", arguments: ["--json=1"], error: "--json takes no value"),
  ]

  @Test(arguments: parseCases)
  func parses(_ test: DeclaredParseCase) throws {
    if let error = test.error {
      #expect(throws: UsageError(message: error)) { try declaration.parse(test.arguments) }
      return
    }
    let parsed = try declaration.parse(test.arguments)
    #expect(parsed.values == test.values)
    #expect(parsed.flags == test.flags)
    #expect(parsed.positionals == test.positionals)
  }

  @Test func tableHasEveryOptionAndHelp() {
    #expect(
      declaration.specs == [
        .value("output", short: "o"), .value("scale"), .value("item"), .value("color-alt"),
        .flag("json"), .flag("timing"), .flag("help"),
      ])
  }

  @Test func anOptionTheSynopsisDoesNotNameIsAppended() {
    #expect(declaration.synopsisMismatches == [])
    var longer = declaration
    longer.options.append(.value("appearance", "light|dark", help: "light or dark"))
    longer.options.append(.value("indicator", "PAGE=FILE", repeatable: true, help: "a glyph"))
    longer.options.append(.value("background", "COLOR", help: "fill"))
    longer.options.append(.flag("rtl", help: "right to left"))
    #expect(
      longer.usageLines == [
        "INPUT -o OUT.png [--scale N] [--item A=B]...",
        "[--json] [--color-alt R,G,B] [--appearance light|dark]",
        "[--indicator PAGE=FILE]... [--background COLOR] [--rtl]",
      ])
    #expect(longer.help.split(separator: "\n").allSatisfy { $0.count <= 100 })
  }

  @Test func synopsisMismatchesAreNamed() {
    var broken = declaration
    broken.synopsis = "INPUT -o OUT.png [--scale N] [--item A=B] [--color-alt R,G,B] [--jsn]"
    #expect(
      broken.synopsisMismatches == [
        "--item is repeatable but has no '...' in the synopsis",
        "--jsn is in the synopsis but not declared",
      ])
  }

  @Test func interleavedKeepsArgvOrderAcrossOptions() throws {
    let parsed = try declaration.parse(
      ["--item", "a", "--scale", "2", "--item=b", "-o", "x", "--", "--item", "c"])
    #expect(
      parsed.interleaved(["item", "output"]).map { "\($0.name)=\($0.value)" } == [
        "item=a", "item=b", "output=x",
      ])
    #expect(parsed.positionals == ["--item", "c"])
  }
}
