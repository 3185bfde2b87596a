import Foundation
import Testing

/// A `glyphsmith.json` rule that matches no icon is an error at planning (issue 39): named by
/// its index, its pattern and the icons folder, before anything is written or pruned, in
/// `build` and `build --plan --json` (`build --watch` prints it and keeps watching, as for any
/// bad file; its test suite stalls under `swift test`, `ProjectWatchCLITests`).
@Suite("Project rules that match nothing")
struct ProjectRulesCLITests {
  /// The walkthrough's file with `rules` replaced.
  static func config(rules: String) -> String {
    """
    {
      "version": 1,
      "icons": "icons",
      "ios": {"catalog": "App/Icons.xcassets"},
      "defaults": {"role": "tab-bar"},
      "rules": [\(rules)]
    }
    """
  }

  static let fromTheRoot =
    "glyphsmith.json: error: rules[0] ('icons/bell.svg') matches no icon in the icons folder "
    + "'icons'; write the match relative to the icons folder: 'bell.svg'\n"

  @Test func aPatternWrittenFromTheProjectRootIsAnErrorSayingHowToWriteIt() throws {
    let folder = try ProjectCLITests.project(
      config: Self.config(rules: #"{"match": "icons/bell.svg", "role": "toolbar"}"#))
    defer { try? FileManager.default.removeItem(at: folder) }
    let result = try CLIRunner.run(["build", "--quiet"], in: folder)
    #expect(result.status == 2)
    #expect(result.stdout.isEmpty)
    #expect(result.stderr == Self.fromTheRoot)
    // Planning failed: nothing was written.
    #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("App").path))

    let plan = try CLIRunner.run(["build", "--plan", "--json"], in: folder)
    #expect(plan.status == 2)
    #expect(plan.stderr == Self.fromTheRoot)
    let report = try JSONSerialization.jsonObject(with: plan.stdout) as! [String: Any]
    #expect(report["error"] as? String == String(Self.fromTheRoot.dropLast()))
  }

  @Test func everyRuleThatMatchesNothingIsNamedAndTheOthersAreFine() throws {
    let folder = try ProjectCLITests.project(
      config: Self.config(
        rules: #"""
          {"match": "bell.svg", "role": "toolbar"},
          {"match": "brand/**", "original": true},
          {"match": "h[eo]*.svg", "original": true},
          {"match": "*.SVG", "skip": true}
          """#))
    defer { try? FileManager.default.removeItem(at: folder) }
    let result = try CLIRunner.run(["build", "--quiet"], in: folder)
    #expect(result.status == 2)
    #expect(
      result.stderr
        == "glyphsmith.json: error: rules[1] ('brand/**') matches no icon in the icons folder "
        + "'icons' (a match is relative to it); fix the pattern or remove the rule\n"
        + "glyphsmith.json: error: rules[3] ('*.SVG') matches no icon in the icons folder "
        + "'icons' (a match is relative to it); fix the pattern or remove the rule\n")
  }

  @Test func aFileInAnotherFolderNamesItsIconsFolderAsResolved() throws {
    let folder = try ProjectCLITests.project(
      config: Self.config(rules: #"{"match": "sub/icons/bell.svg", "role": "toolbar"}"#))
    defer { try? FileManager.default.removeItem(at: folder) }
    let sub = folder.appendingPathComponent("sub")
    try FileManager.default.createDirectory(at: sub, withIntermediateDirectories: true)
    try FileManager.default.moveItem(
      at: folder.appendingPathComponent("icons"), to: sub.appendingPathComponent("icons"))
    try FileManager.default.moveItem(
      at: folder.appendingPathComponent("glyphsmith.json"),
      to: sub.appendingPathComponent("glyphsmith.json"))
    let result = try CLIRunner.run(
      ["build", "--quiet", "--config", "sub/glyphsmith.json"], in: folder)
    #expect(result.status == 2)
    #expect(
      result.stderr
        == "sub/glyphsmith.json: error: rules[0] ('sub/icons/bell.svg') matches no icon in the "
        + "icons folder 'sub/icons'; write the match relative to the icons folder: 'bell.svg'\n")
  }

  /// A rule whose icons are all in other shards matches the whole icons folder: no error, and
  /// each shard builds its share.
  @Test func aRuleMatchingOnlyOtherShardsIsNoError() throws {
    let folder = try ProjectCLITests.project(
      config: Self.config(rules: #"{"match": "bell.svg", "role": "toolbar"}"#))
    defer { try? FileManager.default.removeItem(at: folder) }
    let catalog = folder.appendingPathComponent("App/Icons.xcassets").path
    var holdingBell = 0
    for index in 1...4 {
      let before = (try? FileManager.default.contentsOfDirectory(atPath: catalog)) ?? []
      let result = try CLIRunner.run(["build", "--quiet", "--shard", "\(index)/4"], in: folder)
      #expect(result.status == 0, "\(result.stderr)")
      #expect(!result.stderr.contains("error"), "\(result.stderr)")
      let after = try FileManager.default.contentsOfDirectory(atPath: catalog)
      if !before.contains("bell.imageset") && after.contains("bell.imageset") { holdingBell += 1 }
    }
    // One shard made bell; the three others, whose icons the rule matches none of, built too.
    #expect(holdingBell == 1)
  }
}
