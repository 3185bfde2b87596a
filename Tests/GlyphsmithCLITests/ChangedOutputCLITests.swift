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
}
