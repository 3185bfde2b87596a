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
  /// The error of the input `input` whose resource's other file `path` is the user's,
  /// Glyphsmith writing `written` (`AndroidResourceIndex.problem`).
  static func resourceError(_ input: String, _ path: String, _ resource: String, _ written: String)
    -> String
  {
    "\(input): error: \(path) is a file of resource \(resource) that glyphsmith did not make, and glyphsmith writes \(written): one resource in two files fails Android's build in one folder (Duplicate resources), and in another qualifier's folder is used instead of glyphsmith's wherever that qualifier applies; move it or pass --force"
  }

  // Found by the fourth new-user trial: a user's `drawable-hdpi/bell.webp` got the written
  // `bell.png` beside it, exit 0 (Gradle: "Duplicate resources"); a user's `drawable/bell.xml`
  // was shadowed by the written density PNGs, exit 0.
  @Test(arguments: [
    ("drawable-hdpi/bell.webp", "android/res/drawable-hdpi/bell.png"),
    ("drawable/bell.xml", "android/res/drawable-mdpi/bell.png"),
    ("drawable-night-v24/bell.png", "android/res/drawable-mdpi/bell.png"),
  ])
  func aUsersFileOfAnIconsResourceInAnotherExtensionOrQualifierFailsTheIcon(
    user: String, written: String
  ) throws {
    let folder = try O.project(
      #"{"version": 1, "icons": "icons", "android": {"res": "android/res"}}"#,
      icons: ["bell", "heart"])
    defer { try? FileManager.default.removeItem(at: folder) }
    let path = "android/res/" + user
    try O.write("mine", to: folder.appendingPathComponent(path))
    let run = try CLIRunner.run(["build"], in: folder)
    #expect(run.status == 2)
    let lines = run.stderr.split(separator: "\n").map(String.init)
    #expect(lines.first == Self.resourceError("icons/bell.svg", path, "drawable/bell", written))
    #expect(lines.count == 2)
    #expect(lines.last?.hasSuffix("; 0 unchanged; 0 skipped; 1 failed; 0 removed") == true)
    #expect(O.read(folder.appendingPathComponent(path)) == "mine")
    #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent(written).path))
    #expect(
      FileManager.default.fileExists(
        atPath: folder.appendingPathComponent("android/res/drawable-mdpi/heart.png").path))

    // --force writes the icon and removes the user's file of its resource, named.
    let forced = try CLIRunner.run(["build", "--force"], in: folder)
    #expect(forced.status == 0)
    let forcedLines = forced.stderr.split(separator: "\n").map(String.init)
    #expect(forcedLines.first == "\(path): warning: not made by glyphsmith; replaced (--force)")
    #expect(forcedLines.count == 2)
    #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent(path).path))
    #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent(written).path))
    // Nothing left to conflict: the next build is up to date.
    let again = try CLIRunner.run(["build"], in: folder)
    #expect(again.status == 0)
    #expect(again.stderr.hasSuffix("; 2 unchanged; 0 skipped; 0 failed; 0 removed\n"))
  }

  // Found by the fourth new-user trial: `appicon --platform android --force` over Android
  // Studio's template left its `mipmap-mdpi/ic_launcher.webp` beside the new `ic_launcher.png`
  // and its `drawable-v24/ic_launcher_foreground.xml`, which takes the new foreground's place
  // on API 24 and later, without naming either.
  @Test func appiconNamesTheTemplatesFilesOfItsResourcesAndForceReplacesThem() throws {
    let folder = try Self.project()
    defer { try? FileManager.default.removeItem(at: folder) }
    let template = [
      "res/mipmap-mdpi/ic_launcher.webp", "res/mipmap-hdpi/ic_launcher_round.webp",
      "res/drawable-v24/ic_launcher_foreground.xml", "res/drawable/ic_launcher_background.xml",
      "res/mipmap-anydpi-v26/ic_launcher.xml",
    ]
    for path in template { try O.write("studio", to: folder.appendingPathComponent(path)) }
    let command = ["appicon", "art/logo.svg", "--platform", "android", "-o", "res", "--quiet"]
    let refused = try CLIRunner.run(command, in: folder)
    #expect(refused.status == 2)
    #expect(
      refused.stderr.split(separator: "\n").map(String.init) == [
        "art/logo.svg: error: res/mipmap-anydpi-v26/ic_launcher.xml exists and was not made by glyphsmith; move it or pass --force",
        Self.resourceError(
          "art/logo.svg", "res/drawable-v24/ic_launcher_foreground.xml",
          "drawable/ic_launcher_foreground", "res/drawable/ic_launcher_foreground.xml"),
        Self.resourceError(
          "art/logo.svg", "res/mipmap-hdpi/ic_launcher_round.webp", "mipmap/ic_launcher_round",
          "res/mipmap-hdpi/ic_launcher_round.png"),
        Self.resourceError(
          "art/logo.svg", "res/mipmap-mdpi/ic_launcher.webp", "mipmap/ic_launcher",
          "res/mipmap-mdpi/ic_launcher.png"),
      ])
    for path in template { #expect(O.read(folder.appendingPathComponent(path)) == "studio") }
    #expect(
      !FileManager.default.fileExists(
        atPath: folder.appendingPathComponent("res/mipmap-mdpi/ic_launcher.png").path))

    let forced = try CLIRunner.run(command + ["--force"], in: folder)
    #expect(forced.status == 0)
    let warnings = forced.stderr.split(separator: "\n").map(String.init).filter {
      $0.hasSuffix("not made by glyphsmith; replaced (--force)")
    }
    #expect(
      warnings == [
        "res/mipmap-anydpi-v26/ic_launcher.xml: warning: not made by glyphsmith; replaced (--force)",
        "res/drawable-v24/ic_launcher_foreground.xml: warning: not made by glyphsmith; replaced (--force)",
        "res/mipmap-hdpi/ic_launcher_round.webp: warning: not made by glyphsmith; replaced (--force)",
        "res/mipmap-mdpi/ic_launcher.webp: warning: not made by glyphsmith; replaced (--force)",
      ])
    for path in template.prefix(3) {
      #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent(path).path))
    }
    // Another resource (a drawable where appicon writes a colour) stays the user's.
    #expect(
      O.read(folder.appendingPathComponent("res/drawable/ic_launcher_background.xml"))
        == "studio")
    #expect(
      FileManager.default.fileExists(
        atPath: folder.appendingPathComponent("res/mipmap-mdpi/ic_launcher.png").path))
    // appicon's own files are its own: a second run is clean.
    let again = try CLIRunner.run(command, in: folder)
    #expect(again.status == 0)
  }
}
