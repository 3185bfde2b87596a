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
      // An icon's name: every scale and variant, in any folder (issue 39).
      ("bell", "bell.png", true),
      ("bell", "tabs/bell@3x.png", true),
      ("bell", "bell-compact@2x.png", true),
      ("bell", "bell-compact-dark@1.5x.png", true),
      ("bell", "badge/bell@2x-light.png", true),
      ("bell", "App.xcassets/bell.imageset/bell-dark@2x.png", true),
      ("bell", "bell-slash.png", false),
      ("bell", "bells@2x.png", false),
      ("bell-compact", "bell-compact@2x.png", true),
      ("bell-compact", "bell@2x.png", false),
      ("night-light", "night-light@2x.png", true),
      // A file name without `.png` (issue 39's trial: `--only star@2x` selected nothing).
      ("bell@2x", "tabs/bell@2x.png", true),
      ("bell@2x", "tabs/bell@3x.png", false),
      ("99", "badge/99@2x-dark.png", true),
    ])
  func matches(pattern: String, path: String, expected: Bool) {
    #expect(GoldenSelection(patterns: [pattern]).matches(path) == expected)
  }

  @Test func iconNamesOfAGolden() {
    #expect(
      GoldenSelection.iconNames(of: "tabs/bell-compact-dark@2x.png") == [
        "bell-compact-dark", "bell-compact", "bell",
      ])
    #expect(GoldenSelection.iconNames(of: "badge/99@2x-light.png") == ["99"])
    #expect(GoldenSelection.iconNames(of: "tabs/readme.txt") == [])
    #expect(!GoldenSelection.isIconName("bell.png") && !GoldenSelection.isIconName("b*"))
  }

  @Test func exactPathsHaveNoGlobMeaning() {
    let selection = GoldenSelection(exactPaths: ["a*.png"])
    #expect(selection.matches("a*.png"))
    #expect(!selection.matches("ab.png"))
    #expect(selection.unmatched(in: ["ab.png"]) == ["a*.png"])
  }

  /// Issue 39's trial: a plain file name selects the files of that name in any folder, with
  /// or without `.png`; a path written from the current folder is read inside the folders.
  @Test func fileNamesAndPathsFromTheCurrentFolder() {
    let star = "Icons.xcassets/star.imageset/star.png"
    #expect(GoldenSelection.matches(pattern: "star.png", path: star))
    #expect(
      GoldenSelection.matches(pattern: "star@2x", path: "Icons.xcassets/star.imageset/star@2x.png"))
    #expect(!GoldenSelection.matches(pattern: "star@2x", path: "star@3x.png"))
    #expect(!GoldenSelection.matches(pattern: "tar.png", path: star))
    let resolved = GoldenSelection(
      patterns: ["out/" + star, "../out/x.png", "tabs/*.png", "bell"]
    ).resolvingPaths(inside: ["/work/p/out", "/work/p/golden"], currentFolder: "/work/p")
    #expect(resolved.patterns == [star, "../out/x.png", "tabs/*.png", "bell"])
    let fromGolden = GoldenSelection(patterns: ["golden/a/b.png"])
      .resolvingPaths(inside: ["/work/p/out", "/work/p/golden"], currentFolder: "/work/p")
    #expect(fromGolden.patterns == ["a/b.png"])
  }
}
