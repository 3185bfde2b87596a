import GlyphsmithCommands
import Testing

/// The commands declared once (`CommandDeclaration`): their hand-placed synopses agree with
/// their options, and their help lists every option with its names.
@Suite("declared commands")
struct DeclarationCLITests {
  static let declarations: [CommandDeclaration] = [
    BadgeText.declaration, DotsText.declaration, TabBarText.declaration,
    ToolbarText.declaration, SearchBarText.declaration, TableViewText.declaration,
    CompareCommand.declaration, ValidateCommand.declaration,
  ]

  @Test(arguments: declarations.map(\.name))
  func synopsisAgreesWithTheOptions(_ name: String) throws {
    let declaration = try #require(Self.declarations.first { $0.name == name })
    #expect(declaration.synopsisMismatches == [])
    // Every option is placed by hand today: nothing is appended to the synopsis.
    #expect(declaration.usageLines == declaration.synopsis.split(separator: "\n").map(String.init))
  }

  @Test(arguments: declarations.map(\.name))
  func helpListsEveryOptionAndParsesIt(_ name: String) throws {
    let declaration = try #require(Self.declarations.first { $0.name == name })
    let lines = declaration.help.split(separator: "\n")
    for option in declaration.options where !option.hidden {
      #expect(lines.contains { $0.hasPrefix("  " + option.label) }, "\(option.label)")
      let argv = ["--" + option.name] + (option.valueName == nil ? [] : ["1"])
      let parsed = try declaration.parse(argv)
      #expect(option.valueName == nil ? parsed.has(option.name) : parsed.value(option.name) == "1")
    }
    #expect(try declaration.parse(["--help"]).has("help"))
  }
}
