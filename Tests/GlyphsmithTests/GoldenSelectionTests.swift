import Glyphsmith
import Testing

/// `golden record --only` patterns: paths, folders and globs over the relative path.
@Suite("golden --only patterns")
struct GoldenSelectionTests {
  @Test(
    arguments: [
      ("tabs/home.png", "tabs/home.png", true),
      ("tabs", "tabs/home.png", true),
      ("tabs/", "tabs/home.png", true),
      ("./tabs/home.png", "tabs/home.png", true),
      ("tab", "tabs/home.png", false),
      ("tabs/home*.png", "tabs/home@2x.png", true),
      ("tabs/home*.png", "tabs/homes/x.png", false),
      ("*.png", "tabs/home.png", false),
      ("*.png", "top.png", true),
      ("**/*.png", "top.png", true),
      ("**/*.png", "a/b/c.png", true),
      ("a/**/c.png", "a/c.png", true),
      ("a/**/c.png", "a/x/y/c.png", true),
      ("a/**/c.png", "b/x/c.png", false),
      ("tabs/*", "tabs/sub/x.png", true),
      ("home@?x.png", "home@2x.png", true),
      ("home@?x.png", "home@22x.png", false),
      ("icon-[ab].png", "icon-b.png", true),
      ("icon-[!ab].png", "icon-b.png", false),
      ("icon-[a-c].png", "icon-c.png", true),
      ("odd \\[1].png", "odd [1].png", true),
      ("odd [1].png", "odd [1].png", true),
      ("odd [1].png", "odd 1.png", true),
      ("x[.png", "x[.png", true),
      ("\\*.png", "a.png", false),
      ("\\*.png", "*.png", true),
      ("../act/top.png", "top.png", false),
    ])
  func matches(pattern: String, path: String, expected: Bool) {
    #expect(GoldenSelection(patterns: [pattern]).matches(path) == expected)
  }

  @Test func exactPathsHaveNoGlobMeaning() {
    let selection = GoldenSelection(exactPaths: ["a*.png"])
    #expect(selection.matches("a*.png"))
    #expect(!selection.matches("ab.png"))
    #expect(selection.unmatched(in: ["ab.png"]) == ["a*.png"])
  }
}
