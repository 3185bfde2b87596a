import GlyphsmithCommands
import GlyphsmithTool
import Testing

/// Every command is declared once (`CommandDeclaration`, listed in `CommandIndex`): its
/// hand-placed synopsis agrees with its options, and its help lists every option with its
/// names.
@Suite("declared commands")
struct DeclarationCLITests {
  static let declarations = CommandIndex.declarations

  @Test(arguments: CommandIndex.names)
  func synopsisAgreesWithTheOptions(_ name: String) throws {
    let declaration = try #require(Self.declarations.first { $0.name == name })
    #expect(declaration.synopsisMismatches == [])
    // Every option is placed by hand today: nothing is appended to the synopsis.
    #expect(declaration.usageLines == declaration.synopsis.split(separator: "\n").map(String.init))
  }

  @Test(arguments: CommandIndex.names)
  func helpListsEveryOptionAndParsesIt(_ name: String) throws {
    let declaration = try #require(Self.declarations.first { $0.name == name })
    let help = declaration.help
    let lines = help.split(separator: "\n")
    for option in declaration.options {
      switch option.listing {
      case .entry, .note:
        #expect(lines.contains { $0.hasPrefix("  " + option.label) }, "\(option.label)")
      case .joined:
        #expect(
          lines.contains { $0.hasPrefix("  -") && $0.contains(option.label) }, "\(option.label)")
      case .heading:
        #expect(lines.contains { $0 == option.name }, "\(option.name)")
      case .inText:
        #expect(help.contains("--" + option.name), "\(option.name)")
      case .hidden:
        #expect(!help.contains("--" + option.name), "\(option.name)")
      }
      guard option.isOption else { continue }
      let argv = ["--" + option.name] + (option.valueName == nil ? [] : ["1"])
      let parsed = try declaration.parse(argv)
      #expect(option.valueName == nil ? parsed.has(option.name) : parsed.value(option.name) == "1")
    }
    #expect(try declaration.parse(["--help"]).has("help"))
  }

  /// The shared budget options are one group, included by the four commands that read
  /// artwork through the worker budget, and listed in each one's help (lint's used to omit
  /// them).
  @Test func theBudgetGroupIsInEveryCommandThatTakesIt() {
    let including = Self.declarations.filter { $0.groups.contains("budget") }.map(\.name)
    #expect(including == ["render", "assets", "build", "lint"])
    #expect(
      BudgetOptions.group.options.map(\.name) == [
        "timeout", "max-memory", "max-pixels", "max-use", "max-text", "max-ref-depth",
        "max-filters", "max-kernel",
      ])
    for declaration in Self.declarations where including.contains(declaration.name) {
      let lines = declaration.help.split(separator: "\n")
      for option in BudgetOptions.group.options {
        #expect(lines.contains { $0.hasPrefix("  " + option.label + " ") }, "\(option.label)")
      }
    }
  }
}
