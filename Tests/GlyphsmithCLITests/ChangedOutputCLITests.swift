import Foundation
import Glyphsmith
import Testing

/// Issue 32, found by the new-user trial: a file Glyphsmith wrote and the user edited was
/// replaced silently on iOS and the web and by `appicon`, while an edited Android drawable was
/// refused (exit 2). One rule now, for every platform: the record holds the SHA-256 of every
/// file written, and a file that hashes otherwise is replaced with a warning naming it.
@Suite("Files Glyphsmith wrote and the user changed since")
struct ChangedOutputCLITests {
  typealias O = OwnershipCLITests

  static func changed(_ path: String) -> String {
    "\(path): warning: changed since glyphsmith wrote it; replaced"
  }

  @Test func anEditedFileOfEveryPlatformIsReplacedWithAWarningNamingIt() throws {
    let folder = try O.project(O.allPlatforms)
    #expect(try CLIRunner.run(["build", "--quiet"], in: folder).status == 0)
    let edited = [
      "App/Icons.xcassets/bell.imageset/bell@2x.png",
      "App/Icons.xcassets/camera.imageset/Contents.json",
      "android/res/drawable-mdpi/bell.png",
      "public/bell/icon-192.png",
      "public/heart/manifest-icons.json",
    ]
    let urls = edited.map { folder.appendingPathComponent($0) }
    let before = try urls.map { try Data(contentsOf: $0) }
    for url in urls { try O.write("edited by hand", to: url) }
    // An edit that keeps the mark (the PNG's chunks copied, the pixels changed) is found too.
    let camera = folder.appendingPathComponent("android/res/drawable-hdpi/camera.png")
    let cameraBytes = try Data(contentsOf: camera)
    let heartBytes = try Data(
      contentsOf: folder.appendingPathComponent("android/res/drawable-hdpi/heart.png"))
    try heartBytes.write(to: camera)

    let run = try CLIRunner.run(["build"], in: folder)
    #expect(run.status == 0)
    let lines = run.stderr.split(separator: "\n").map(String.init)
    #expect(
      Array(lines.dropLast()) == [
        Self.changed("App/Icons.xcassets/bell.imageset/bell@2x.png"),
        Self.changed("android/res/drawable-mdpi/bell.png"),
        Self.changed("public/bell/icon-192.png"),
        Self.changed("App/Icons.xcassets/camera.imageset/Contents.json"),
        Self.changed("android/res/drawable-hdpi/camera.png"),
        Self.changed("public/heart/manifest-icons.json"),
      ])
    #expect(lines.last?.hasPrefix("built 3 icons (") == true)
    #expect(try urls.map { try Data(contentsOf: $0) } == before)
    #expect(try Data(contentsOf: camera) == cameraBytes)
    // Replaced, they are Glyphsmith's again: the next run is quiet and unchanged.
    let again = try CLIRunner.run(["build"], in: folder)
    #expect(again.status == 0)
    #expect(again.stderr.contains("; 3 unchanged; "))
    #expect(again.stderr.split(separator: "\n").count == 1)
  }

  @Test func anEditedLauncherFileIsReplacedWithAWarningAndEveryForeignOneIsNamed() throws {
    let folder = try temporaryFolder()
    let icon = O.icons.appendingPathComponent("heart.svg").path
    let arguments = ["appicon", icon, "--platform", "android", "-o", "app/res"]
    let first = try CLIRunner.run(arguments, in: folder)
    #expect(first.status != 2)
    let res = folder.appendingPathComponent("app/res")
    let mdpi = res.appendingPathComponent("mipmap-mdpi/ic_launcher.png")
    let written = try Data(contentsOf: mdpi)
    try O.write("edited", to: mdpi)
    let rerun = try CLIRunner.run(arguments, in: folder)
    #expect(rerun.status != 2)
    #expect(rerun.stderr.hasPrefix(Self.changed("app/res/mipmap-mdpi/ic_launcher.png") + "\n"))
    #expect(try Data(contentsOf: mdpi) == written)

    // Launcher files Glyphsmith did not make: every one is named, then exit 2.
    let other = try temporaryFolder()
    let launcher = ["mdpi", "hdpi", "xhdpi"].map { "mipmap-\($0)/ic_launcher_round.png" }
    for path in launcher {
      try O.write("studio", to: other.appendingPathComponent("app/res/" + path))
    }
    let refused = try CLIRunner.run(arguments, in: other)
    #expect(refused.status == 2)
    #expect(
      refused.stderr.split(separator: "\n").map(String.init)
        == ["mipmap-mdpi", "mipmap-hdpi", "mipmap-xhdpi"].map {
          "\(icon): error: app/res/\($0)/ic_launcher_round.png exists and was not made by glyphsmith; move it or pass --force"
        })
    for path in launcher {
      #expect(O.read(other.appendingPathComponent("app/res/" + path)) == "studio")
    }
  }

  static func foreign(_ input: String, _ path: String) -> String {
    "\(input): error: \(path) exists and was not made by glyphsmith; move it or pass --force"
  }

  /// Issue 34, found by the new-user trial: `--format svg` (or `pdf`) over a PNG set replaced
  /// the user's `bell.svg` in it, "changed since glyphsmith wrote it", though Glyphsmith never
  /// wrote it. A file at a path a set of Glyphsmith's does not record as written is the
  /// user's: the icon fails by name (exit 2), the rest goes on, `--force` replaces it, named.
  /// The same with a record (`--prune`, hashes) and without one (plain `assets`: the set's
  /// `Contents.json` lists what Glyphsmith wrote).
  @Test(arguments: [("svg", true), ("pdf", true), ("svg", false), ("pdf", false)])
  func aUsersFileAtTheNewFormatsPathFailsTheIconUnlessForced(format: String, record: Bool)
    throws
  {
    let folder = try O.project(O.allPlatforms)
    let inputs = ["icons/bell.svg", "icons/camera.svg"] + (record ? ["--prune"] : [])
    let png = try CLIRunner.run(["assets"] + inputs + ["-o", "I.xcassets"], in: folder)
    #expect(png.status == 0, "\(png.stderr)")
    let catalog = folder.appendingPathComponent("I.xcassets")
    // Every run keeps the record; a catalog without one is an older version's.
    let recordFile = catalog.appendingPathComponent(".glyphsmith-outputs.json")
    #expect(FileManager.default.fileExists(atPath: recordFile.path))
    if !record { try FileManager.default.removeItem(at: recordFile) }
    let path = "I.xcassets/bell.imageset/bell.\(format)"
    let user = folder.appendingPathComponent(path)
    try O.write("user bytes\n", to: user)
    let bellSet = catalog.appendingPathComponent("bell.imageset")
    let bellPNG = try Data(contentsOf: bellSet.appendingPathComponent("bell@2x.png"))
    let arguments = ["assets"] + inputs + ["-o", "I.xcassets", "--format", format]

    let refused = try CLIRunner.run(arguments, in: folder)
    #expect(refused.status == 2, "\(refused.stderr)")
    let lines = refused.stderr.split(separator: "\n").map(String.init)
    #expect(lines.first == Self.foreign("icons/bell.svg", path), "\(refused.stderr)")
    #expect(!refused.stderr.contains("changed since glyphsmith wrote it"))
    #expect(O.read(user) == "user bytes\n")
    #expect(try Data(contentsOf: bellSet.appendingPathComponent("bell@2x.png")) == bellPNG)
    let camera = catalog.appendingPathComponent("camera.imageset/camera.\(format)")
    #expect(FileManager.default.fileExists(atPath: camera.path))
    #expect(
      O.names(catalog.appendingPathComponent("camera.imageset"))
        == ["Contents.json", "camera.\(format)"])

    let forced = try CLIRunner.run(arguments + ["--force"], in: folder)
    #expect(forced.status == 0, "\(forced.stderr)")
    #expect(
      forced.stderr.hasPrefix(
        "\(path): warning: not made by glyphsmith; replaced (--force)\n"), "\(forced.stderr)")
    #expect(!forced.stderr.contains("changed since glyphsmith wrote it"))
    let replaced = try Data(contentsOf: user)
    #expect(replaced != Data("user bytes\n".utf8))
    #expect(OutputOwnership.isMarkedFile(user.path))
    // Glyphsmith's from then on: the next run is quiet, an edit of it is "changed".
    let again = try CLIRunner.run(arguments, in: folder)
    #expect(again.status == 0)
    #expect(again.stderr.split(separator: "\n").count == 1, "\(again.stderr)")
    // (Without a record, a one-file set whose file lost its mark is no longer recognised.)
    guard record else { return }
    try O.write("edited\n", to: user)
    let edited = try CLIRunner.run(arguments, in: folder)
    #expect(edited.status == 0)
    #expect(edited.stderr.hasPrefix(Self.changed(path) + "\n"), "\(edited.stderr)")
    #expect(try Data(contentsOf: user) == replaced)
  }

  /// Issue 34 in a project: `"ios": {"format": "png"}` switched to `"pdf"` with the user's
  /// `bell.pdf` in bell's set.
  @Test func aProjectSwitchedToPDFKeepsTheUsersPDFInASetUnlessForced() throws {
    let png = """
      {"version": 1, "icons": "icons", "ios": {"catalog": "App/Icons.xcassets", "format": "png"}}
      """
    let folder = try O.project(png)
    #expect(try CLIRunner.run(["build", "--quiet"], in: folder).status == 0)
    let path = "App/Icons.xcassets/bell.imageset/bell.pdf"
    let user = folder.appendingPathComponent(path)
    try O.write("user bytes\n", to: user)
    // A PNG rerun leaves it alone, named as a user's file.
    let rerun = try CLIRunner.run(["build"], in: folder)
    #expect(rerun.status == 0)
    #expect(!rerun.stderr.contains("changed since"))
    #expect(O.read(user) == "user bytes\n")
    try O.write(
      png.replacingOccurrences(of: "\"png\"", with: "\"pdf\""),
      to: folder.appendingPathComponent("glyphsmith.json"))

    let refused = try CLIRunner.run(["build"], in: folder)
    #expect(refused.status == 2, "\(refused.stderr)")
    #expect(
      refused.stderr.split(separator: "\n").map(String.init).contains(
        Self.foreign("icons/bell.svg", path)), "\(refused.stderr)")
    #expect(!refused.stderr.contains("changed since glyphsmith wrote it"))
    #expect(O.read(user) == "user bytes\n")
    for name in ["camera", "heart"] {
      let set = folder.appendingPathComponent("App/Icons.xcassets/\(name).imageset")
      #expect(O.names(set) == ["Contents.json", "\(name).pdf"])
    }

    let forced = try CLIRunner.run(["build", "--force"], in: folder)
    #expect(forced.status == 0, "\(forced.stderr)")
    #expect(
      forced.stderr.contains("\(path): warning: not made by glyphsmith; replaced (--force)\n"),
      "\(forced.stderr)")
    #expect(OutputOwnership.isMarkedFile(user.path))
    let again = try CLIRunner.run(["build"], in: folder)
    #expect(again.status == 0)
    #expect(again.stderr.split(separator: "\n").count == 1, "\(again.stderr)")
  }
}
