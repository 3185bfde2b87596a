import Foundation
import GlyphsmithCommands
import GlyphsmithTool
import Testing

/// The "did you mean" answers of issue 39, through the built executable: a declared hint
/// (`symbol --weight`), an option a word starts (`--out`), golden's verbs as subcommands.
@Suite("Hints")
struct HintsCLITests {
  @Test(
    arguments: [
      (
        ["symbol", "bell.svg", "-o", "S.xcassets", "--weight", "bold"],
        "glyphsmith symbol: error: unknown option '--weight'; did you mean '--ultralight' or "
          + "'--black'?\nsee 'glyphsmith help symbol'\n"
      ),
      (
        ["render", "bell.svg", "--out", "x.png"],
        "glyphsmith render: error: unknown option '--out'; did you mean '--output'?\n"
          + "see 'glyphsmith help render'\n"
      ),
      (
        ["assets", "bell.svg", "--out", "C.xcassets"],
        "glyphsmith assets: error: unknown option '--out'; did you mean '--output'?\n"
          + "see 'glyphsmith help assets'\n"
      ),
      (
        ["golden", "reveiw", "act", "gold"],
        "glyphsmith golden: error: unknown verb 'reveiw'; did you mean 'review'?\n"
          + "see 'glyphsmith help golden'\n"
      ),
      (
        ["golden", "act", "gold"],
        "glyphsmith golden: error: unknown verb 'act'; use one of check, record, review, merge\n"
          + "see 'glyphsmith help golden'\n"
      ),
      // Found by the new-user trial: `build -q`. No command has a `-q`; every one takes
      // `--quiet`, which "did you mean" names.
      (
        ["build", "-q"],
        "glyphsmith build: error: unknown option '-q'; did you mean '--quiet'?\n"
          + "see 'glyphsmith help build'\n"
      ),
      (
        ["render", "bell.svg", "-q"],
        "glyphsmith render: error: unknown option '-q'; did you mean '--quiet'?\n"
          + "see 'glyphsmith help render'\n"
      ),
      (
        ["tab"],
        "glyphsmith: error: unknown subcommand 'tab'; did you mean 'tabbar' or 'tableview'?\n"
      ),
    ])
  func answers(arguments: [String], stderr: String) throws {
    let result = try CLIRunner.run(arguments)
    #expect(result.status == 2)
    #expect(result.stdout.isEmpty)
    #expect(result.stderr == stderr)
  }

  /// Every declared hint names declared options, for a word that is none.
  @Test(arguments: CommandIndex.names)
  func hintsNameDeclaredOptions(_ name: String) throws {
    let declaration = try #require(CommandIndex.declarations.first { $0.name == name })
    #expect(declaration.hintMismatches == [])
  }
}
