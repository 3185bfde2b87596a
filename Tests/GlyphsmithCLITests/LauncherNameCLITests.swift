import Foundation
import Glyphsmith
import Testing

/// Issue 32 trial: an icon named `ic_launcher_foreground` with `"android": {"format":
/// "vector"}` is written to `res/drawable/ic_launcher_foreground.xml`, the path of
/// `appicon --platform android`'s foreground layer. Each silently replaced the other's
/// file; now the second writer fails by name (exit 2, `--force` or not), and the file and the
/// record stay as the first writer left them.
@Suite("An icon and appicon never write over each other's launcher files")
struct LauncherNameCLITests {
  typealias O = OwnershipCLITests

  /// A project whose icon `ic_launcher_foreground.svg` (the bell) is written as an Android
  /// VectorDrawable, and the launcher artwork `art/logo.svg` (the heart).
  static func project() throws -> URL {
    let folder = try temporaryFolder()
    try O.write(
      #"{"version": 1, "icons": "icons", "android": {"res": "android/res", "format": "vector"}}"#,
      to: folder.appendingPathComponent("glyphsmith.json"))
    for (name, path) in [("bell", "icons/ic_launcher_foreground.svg"), ("heart", "art/logo.svg")] {
      try FileManager.default.createDirectory(
        at: folder.appendingPathComponent(path).deletingLastPathComponent(),
        withIntermediateDirectories: true)
      try FileManager.default.copyItem(
        at: O.icons.appendingPathComponent(name + ".svg"),
        to: folder.appendingPathComponent(path))
    }
    return folder
  }

  static let appicon = ["appicon", "art/logo.svg", "--platform", "android", "-o", "android/res"]
  static let foreground = "android/res/drawable/ic_launcher_foreground.xml"

  @Test func appiconAfterABuildFailsNamingTheBuildsOutput() throws {
    let folder = try Self.project()
    #expect(try CLIRunner.run(["build", "--quiet"], in: folder).status == 0)
    let built = try Data(contentsOf: folder.appendingPathComponent(Self.foreground))
    let before = CopiedMarkCLITests.hashes(folder)
    for extra in [[], ["--force"]] {
      let run = try CLIRunner.run(Self.appicon + extra + ["--quiet"], in: folder)
      #expect(run.status == 2)
      #expect(
        run.stderr
          == "art/logo.svg: error: \(Self.foreground) is glyphsmith build's output of icons/ic_launcher_foreground.svg, which appicon never replaces; rename that icon or give appicon another --name\n"
      )
      #expect(CopiedMarkCLITests.hashes(folder) == before)
    }
    #expect(try Data(contentsOf: folder.appendingPathComponent(Self.foreground)) == built)
    // Another name is fine, and the build stays up to date beside it.
    let named = try CLIRunner.run(Self.appicon + ["--name", "launcher", "--quiet"], in: folder)
    #expect(named.status == 0)
    let rebuilt = try CLIRunner.run(["build"], in: folder)
    #expect(rebuilt.status == 0)
    #expect(rebuilt.stderr.hasSuffix("; 1 unchanged; 0 skipped; 0 failed; 0 removed\n"))
    #expect(try Data(contentsOf: folder.appendingPathComponent(Self.foreground)) == built)
  }

  @Test func aBuildAfterAppiconFailsTheIconNamingTheLauncherFile() throws {
    let folder = try Self.project()
    let made = try CLIRunner.run(Self.appicon + ["--quiet"], in: folder)
    #expect(made.status == 0)
    let layer = try Data(contentsOf: folder.appendingPathComponent(Self.foreground))
    let before = CopiedMarkCLITests.hashes(folder)
    let failure =
      "icons/ic_launcher_foreground.svg: error: \(Self.foreground) is a launcher file glyphsmith appicon made from art/logo.svg, which a build never replaces; rename the icon\n"
    for extra in [[], ["--force"]] {
      let run = try CLIRunner.run(["build", "--quiet"] + extra, in: folder)
      #expect(run.status == 2)
      #expect(run.stderr == failure)
      #expect(try Data(contentsOf: folder.appendingPathComponent(Self.foreground)) == layer)
    }
    // Nothing else changed but the record, which lists the file as appicon's only.
    let after = CopiedMarkCLITests.hashes(folder)
    #expect(
      after.filter { !$0.key.hasSuffix("outputs.json") }
        == before.filter { !$0.key.hasSuffix("outputs.json") })
    let record = try PruneOwnershipCLITests.record(folder.appendingPathComponent("android"))
    #expect((record["outputs"] as? [String: String])?.isEmpty ?? true)
    #expect(record["pending"] == nil)
    #expect(
      (record["appicon"] as? [String: String])?["res/drawable/ic_launcher_foreground.xml"]
        == "../art/logo.svg")
    // appicon again: its own file, replaced without an error.
    let again = try CLIRunner.run(Self.appicon + ["--quiet"], in: folder)
    #expect(again.status == 0)
    #expect(again.stderr == made.stderr)
    #expect(!made.stderr.contains("error"))
  }
}
