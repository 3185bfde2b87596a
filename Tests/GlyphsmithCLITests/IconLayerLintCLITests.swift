import Foundation
import GlyphsmithTestFixtures
import Testing

/// Issue 35: `glyphsmith lint --role icon-layer` on `.icon` bundles and layer files, through
/// both executables (the front hands `lint` to `glyphsmith-render`): the findings, the JSON
/// report, exit codes and the options that do not apply.
@Suite struct IconLayerLintCLITests {
  @Test func aBundleIsLintedLayerByLayerWithExitCodes() throws {
    let tophat = IconComposerFixtures.bundle("tophat/Tophat/AppIcon.icon")
    let result = try CLIRunner.run(["lint", "--role", "icon-layer", "--json", tophat.path])
    // grid.svg's lines vanish at 40 px and top_hat.png in tinted: warnings only, exit 0.
    #expect(result.status == 0, "\(result.stderr)")
    let json = try JSONSerialization.jsonObject(with: result.stdout) as? [String: Any]
    let files = try #require(json?["files"] as? [[String: Any]])
    #expect(
      files.map { ($0["path"] as? String).map { ($0 as NSString).lastPathComponent } } == [
        "top_hat.png", "grid.svg",
      ])
    #expect(files.allSatisfy { $0["role"] as? String == "icon-layer" })
    #expect(files.allSatisfy { $0["sizePt"] as? Double == 1024 })
    let rules = files.flatMap {
      ($0["findings"] as? [[String: Any]] ?? []).map { $0["rule"] as? String }
    }
    #expect(rules == ["appearance-contrast"] + Array(repeating: "vanishing-lines", count: 5))
    // --strict: warnings fail the run.
    let strict = try CLIRunner.run(["lint", "--role", "icon-layer", "--strict", tophat.path])
    #expect(strict.status == 1)
    #expect(strict.stderr.hasSuffix("2 files: 0 errors, 6 warnings, 0 info\n"))
    // One file of the bundle, linted in its bundle.
    let one = try CLIRunner.run([
      "lint", "--role", "icon-layer", tophat.appendingPathComponent("Assets/grid.svg").path,
    ])
    #expect(one.status == 0)
    #expect(one.stderr.hasSuffix("1 file: 0 errors, 5 warnings, 0 info\n"))
  }

  @Test func anErrorExitsOne() throws {
    // A glyph in the corner of the canvas, cut by the rounded square (LNPopupController's
    // bands are not: IconBundleTrialTwoCLITests).
    let dir = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: dir) }
    try Data(
      (IconBundleTrialTwoCLITests.svg("<circle cx=\"930\" cy=\"930\" r=\"120\"/>")).utf8
    ).write(to: dir.appendingPathComponent("corner.svg"))
    let result = try CLIRunner.run(["lint", "--role", "icon-layer", "corner.svg"], in: dir)
    #expect(result.status == 1)
    #expect(result.stderr.contains("corner.svg: error: [safe-area] ink reaches 577.44 pt"))
    #expect(result.stderr.hasSuffix("1 file: 1 error, 0 warnings, 1 info\n"))
  }

  @Test(arguments: [
    (["--size", "20"], "--size does not apply to --role icon-layer"),
    (["--scales", "2"], "--scales does not apply to --role icon-layer"),
    (["--compact"], "--compact does not apply to --role icon-layer"),
    (["--json", "--plan"], "--plan does not apply to --role icon-layer"),
  ])
  func optionsThatDoNotApplyAreUsageErrors(extra: [String], message: String) throws {
    let result = try CLIRunner.run(["lint", "--role", "icon-layer", "x.svg"] + extra)
    #expect(result.status == 2)
    #expect(result.stderr.contains(message), "\(result.stderr)")
  }

  @Test func aBundleWithoutIconJSONIsNamed() throws {
    let dir = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: dir) }
    try FileManager.default.createDirectory(
      at: dir.appendingPathComponent("Broken.icon/Assets"), withIntermediateDirectories: true)
    let result = try CLIRunner.run(["lint", "--role", "icon-layer", "Broken.icon"], in: dir)
    #expect(result.status == 2)
    #expect(
      result.stderr.contains(
        "Broken.icon/icon.json: error: cannot read: no such file; a .icon bundle holds "
          + "icon.json and Assets/"),
      "\(result.stderr)")
  }
}
