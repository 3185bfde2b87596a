import Foundation
import Glyphsmith
import Testing

/// Trial H3: `-o ''` without iOS wrote at the file system's root (`assets --platform android
/// -o ''` wrote `/android/res`, `--platform web` `/web`; `appicon --platform android -o ''`
/// tried to make `/values` and printed a raw error). `''` (and `/`) as a folder other
/// folders are made in is refused as `-o ''` with iOS is, exit 2, nothing written. Run as
/// user `nobody` (`CLIRunner.runAsUnprivileged`), so that a regression cannot write
/// at the root of the machine running the tests.
@Suite("Bare output folders")
struct BareOutputFolderCLITests {
  static let rule =
    "an output folder must be a folder of its own, since glyphsmith writes and prunes what it makes there (such as \"App/Icons.xcassets\", \"android/src/main/res\", \"web/icons\")"

  @Test(arguments: [
    (
      ["assets", "bell.svg", "--platform", "android", "-o", ""], "assets",
      "-o is '', the current folder"
    ),
    (
      ["assets", "bell.svg", "--platform", "web", "-o", ""], "assets",
      "-o is '', the current folder"
    ),
    (
      ["assets", "bell.svg", "--platform", "android,web", "-o", ""], "assets",
      "-o is '', the current folder"
    ),
    (
      ["assets", "bell.svg", "--platform", "android", "-o", "/"], "assets",
      "-o is '/', the root folder"
    ),
    (
      ["assets", "bell.svg", "--platform", "ios", "-o", ""], "assets",
      "-o is '', the current folder"
    ),
    (
      ["assets", "bell.svg", "-o", "X.xcassets", "--platform", "android", "--android-out", ""],
      "assets",
      "--android-out is '', the current folder"
    ),
    (
      ["assets", "bell.svg", "-o", "X.xcassets", "--platform", "web", "--web-out", ""], "assets",
      "--web-out is '', the current folder"
    ),
    (
      ["appicon", "bell.svg", "--platform", "android", "-o", ""], "appicon",
      "-o is '', the current folder"
    ),
    (
      ["appicon", "bell.svg", "--platform", "android", "-o", "/"], "appicon",
      "-o is '/', the root folder"
    ),
    (["appicon", "bell.svg", "-o", ""], "appicon", "-o is '', the current folder"),
    (["symbol", "bell.svg", "-o", ""], "symbol", "-o is '', the current folder"),
  ])
  func aBareOutputFolderIsRefusedAndNothingIsWritten(
    _ arguments: [String], command: String, what: String
  ) throws {
    let dir = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: dir) }
    try Data(circleSVG.utf8).write(to: dir.appendingPathComponent("bell.svg"))
    try UnreadableFolderCLITests.chmod("a+rwX", dir, recursive: true)
    let rootBefore = try FileManager.default.contentsOfDirectory(atPath: "/").sorted()
    let run = try CLIRunner.runAsUnprivileged(arguments, in: dir)
    #expect(run.status == 2)
    #expect(
      run.stderr
        == "glyphsmith \(command): error: \(what); \(Self.rule)\nsee 'glyphsmith help \(command)'\n",
      "\(run.stderr)")
    #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path) == ["bell.svg"])
    #expect(try FileManager.default.contentsOfDirectory(atPath: "/").sorted() == rootBefore)
  }
}
