import Foundation
import Glyphsmith
import Testing

/// Issue 33's project inputs: `glyphsmith.json` is strict JSON and bounded, its globs match in
/// time linear in the path, and the icons folder walk never leaves the folder through links
/// and names what it skips. Before: a NUL in "icons" looped for ever, duplicate keys and
/// trailing commas were accepted, a link to `/` walked the file system (over 60 s), a
/// dangling link was skipped without a word.
@Suite("project input is strict and bounded")
struct ProjectInputBoundsCLITests {
  static let base = #"{"version": 1, "icons": "icons", "ios": {"catalog": "App/Icons.xcassets"}"#

  @Test(arguments: [
    (
      base + #", "ios": {"catalog": "B.xcassets"}}"#,
      "duplicate key 'ios'; keep one"
    ),
    (
      base + #", "rules": [{"match": "a*.svg", "original": true},]}"#,
      "a trailing comma after 'rules[0]'; remove it"
    ),
    (
      base + #", "defaults": {"role": "plain", }}"#,
      "a trailing comma after 'defaults.role'; remove it"
    ),
    (
      base + #", "defaults": {"role": null}}"#,
      "'defaults.role' is null; give it a value or leave the key out"
    ),
    (
      #"{"version": 1, "icons": "ic\u0000ons", "ios": {"catalog": "App/Icons.xcassets"}}"#,
      "a NUL character in the string at 'icons'"
    ),
  ])
  func strictJSONFaultsAreNamedByKeyPath(config: String, problem: String) throws {
    let folder = try ProjectCLITests.project(config: config)
    defer { try? FileManager.default.removeItem(at: folder) }
    let (result, seconds) = try CanonicalReadCLITests.timed(["build"], in: folder)
    #expect(result.status == 2)
    #expect(
      result.stderr
        == "glyphsmith.json: error: invalid glyphsmith.json: \(problem); see docs/project.md\n")
    #expect(seconds < CanonicalReadCLITests.budget)
  }

  @Test func aProjectFilePastOneMebibyteIsRefusedBeforeItIsRead() throws {
    let padding = String(repeating: " ", count: 2 << 20)
    let config = Self.base + padding + "}"
    let folder = try ProjectCLITests.project(config: config)
    defer { try? FileManager.default.removeItem(at: folder) }
    let result = try CLIRunner.run(["build"], in: folder)
    #expect(result.status == 2)
    #expect(
      result.stderr
        == "glyphsmith.json: error: \(config.utf8.count) bytes; glyphsmith.json is limited to "
        + "1 MiB (a project's file is a few KB)\n")
  }

  @Test func linksNeverLeadTheWalkOutOfTheIconsFolderAndEachSkipIsNamed() throws {
    let folder = try ProjectCLITests.project(config: Self.base + "}")
    defer { try? FileManager.default.removeItem(at: folder) }
    let icons = folder.appendingPathComponent("icons")
    let manager = FileManager.default
    try manager.createSymbolicLink(
      atPath: icons.appendingPathComponent("root").path, withDestinationPath: "/")
    try manager.createSymbolicLink(
      atPath: icons.appendingPathComponent("gone.svg").path, withDestinationPath: "nowhere.svg")
    try manager.createSymbolicLink(
      atPath: icons.appendingPathComponent("again.svg").path, withDestinationPath: "heart.svg")
    let (result, seconds) = try CanonicalReadCLITests.timed(["build"], in: folder)
    #expect(result.status == 0, "\(result.stderr)")
    #expect(seconds < 60)
    let real = icons.resolvingSymlinksInPath().path
    #expect(
      result.stderr.contains(
        "icons/root: warning: skipped: a link to '/', outside the icons folder \(real); links "
          + "never lead the walk out of it\n"), "\(result.stderr)")
    #expect(
      result.stderr.contains(
        "icons/gone.svg: warning: skipped: a link to 'nowhere.svg', which does not exist (a "
          + "dangling link)\n"))
    // A link to an icon inside the folder is an icon.
    #expect(
      manager.fileExists(
        atPath: folder.appendingPathComponent("App/Icons.xcassets/again.imageset").path))
  }

  /// GlobBoundTests' patterns through `build`: rules with 6 and 12 `**/` segments on an icon 60
  /// folders deep (five took 9.7 s and six over 100 s before) match within the budget.
  /// (The folders are made here; a rule matching no icon is an error.)
  @Test func rulesWithManyDoubleStarsOnADeepTreeBuildQuickly() throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let deep = (0..<60).map { "d\($0)" }.joined(separator: "/")
    let icons = folder.appendingPathComponent("icons/" + deep)
    try FileManager.default.createDirectory(at: icons, withIntermediateDirectories: true)
    try Data(circleSVG.utf8).write(to: icons.appendingPathComponent("icon.svg"))
    // x.svg at the top, so the first rule matches something (a rule matching nothing is an
    // error) and still fails, the slow way before, on the deep icon.
    try Data(circleSVG.utf8).write(to: folder.appendingPathComponent("icons/x.svg"))
    let six = String(repeating: "**/", count: 6)
    let twelve = String(repeating: "**/", count: 12)
    let config =
      #"{"version": 1, "icons": "icons", "ios": {"catalog": "I.xcassets"}, "rules": ["#
      + #"{"match": "\#(six)x*.svg", "role": "plain"}, "#
      + #"{"match": "\#(twelve)i*.svg", "original": true}]}"#
    try Data(config.utf8).write(to: folder.appendingPathComponent("glyphsmith.json"))
    let (result, seconds) = try CanonicalReadCLITests.timed(["build"], in: folder)
    #expect(result.status == 0, "\(result.stderr)")
    #expect(
      FileManager.default.fileExists(
        atPath: folder.appendingPathComponent("I.xcassets/\(deep)/icon.imageset/Contents.json")
          .path))
    #expect(result.stderr.hasPrefix("built 2 icons (6 PNG files)"), "\(result.stderr)")
    #expect(seconds < CanonicalReadCLITests.budget, "\(seconds) s")
  }
}
