import GlyphsmithCLISupport
import Testing

/// "Did you mean" (issue 39): a word that starts names suggests them (`--out`: `--output`),
/// a typo the nearest name, a hint what the command declares for the word.
@Suite("did you mean")
struct SuggestionTests {
  static let names = ["output", "height", "max-pixels", "max-use", "max-text", "json"]

  @Test(
    arguments: [
      ("out", ["output"]),
      ("max", ["max-pixels", "max-use", "max-text"]),
      ("max-u", ["max-use"]),
      ("jsno", ["json"]),
      ("outpt", ["output"]),
      ("o", []),  // one letter starts too much to mean any
      ("verbose", []),
      ("output", []),  // a name is no near miss of itself
    ])
  func near(word: String, expected: [String]) {
    #expect(Suggestion.near(word, among: Self.names) == expected)
  }

  @Test func verbsAreSuggestedAsSubcommandsAre() {
    #expect(Suggestion.near("reveiw", among: ["check", "record", "review"]) == ["review"])
    #expect(Suggestion.near("chek", among: ["check", "record", "review"]) == ["check"])
    #expect(Suggestion.near("re", among: ["check", "record", "review"]) == ["record", "review"])
  }

  @Test func alternativesReadAsASentence() {
    #expect(Suggestion.alternatives(["a"], prefix: "--") == "'--a'")
    #expect(Suggestion.alternatives(["a", "b"]) == "'a' or 'b'")
    #expect(Suggestion.alternatives(["a", "b", "c"]) == "'a', 'b' or 'c'")
  }

  @Test func anUnknownOptionThatStartsOneSuggestsIt() {
    #expect(throws: UsageError(message: "unknown option '--out'; did you mean '--output'?")) {
      try ArgumentParser.parse(["--out", "x.png"], options: [.value("output", short: "o")])
    }
    #expect(
      throws: UsageError(
        message: "unknown option '--max'; did you mean '--max-pixels' or '--max-use'?")
    ) {
      try ArgumentParser.parse(["--max"], options: [.value("max-pixels"), .value("max-use")])
    }
  }

  /// A declared hint wins over the nearest spelling: `--weight` is not `--height`.
  @Test func aHintNamesTheOptionsMeant() {
    let options: [OptionSpec] = [.value("height"), .value("ultralight"), .value("black")]
    #expect(throws: UsageError(message: "unknown option '--weight'; did you mean '--height'?")) {
      try ArgumentParser.parse(["--weight", "bold"], options: options)
    }
    #expect(
      throws: UsageError(
        message: "unknown option '--weight'; did you mean '--ultralight' or '--black'?")
    ) {
      try ArgumentParser.parse(
        ["--weight", "bold"], options: options, hints: ["weight": ["ultralight", "black"]])
    }
  }
}
