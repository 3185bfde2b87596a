import Foundation
import Testing

/// Issue 28: `appicon --platform android` and `lint --role android-launcher` through the CLI.
@Suite("appicon --platform android, lint --role android-launcher")
struct AndroidLauncherCLITests {
  @Test("exit 0 inside the safe circle, 1 past the visible square; usage errors 2")
  func exits() throws {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("glyphsmith-launcher-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    func icon(_ name: String, side: Double) throws -> String {
      let path = folder.appendingPathComponent(name).path
      let origin = 54 - side / 2
      try Data(
        """
        <svg xmlns="http://www.w3.org/2000/svg" width="108" height="108">
        <rect x="\(origin)" y="\(origin)" width="\(side)" height="\(side)" fill="#fff"/></svg>
        """.utf8
      ).write(to: URL(fileURLWithPath: path))
      return path
    }
    let small = try icon("small.svg", side: 40)
    let large = try icon("large.svg", side: 80)
    let res = folder.appendingPathComponent("res").path
    let ok = try CLIRunner.run([
      "appicon", small, "--platform", "android", "-o", res, "--background", "navy",
    ])
    #expect(ok.status == 0, "\(ok.stderr)")
    #expect(FileManager.default.fileExists(atPath: res + "/mipmap-anydpi-v26/ic_launcher.xml"))
    let cropped = try CLIRunner.run(["appicon", large, "--platform", "android", "-o", res])
    #expect(cropped.status == 1)
    #expect(cropped.stderr.contains("large.svg: error: the foreground's ink reaches 39.98 dp"))
    #expect(try CLIRunner.run(["lint", small, "--role", "android-launcher"]).status == 0)
    let lint = try CLIRunner.run(["lint", large, "--role", "android-launcher"])
    #expect(lint.status == 1)
    #expect(lint.stderr.contains("outside the 72 dp square"))
    #expect(
      try CLIRunner.run(["appicon", small, "--platform", "android", "-o", res, "--inset", "60"])
        .status == 2)
    #expect(
      try CLIRunner.run(["appicon", small, "--platform", "android", "-o", res, "--legacy"])
        .status == 2)
    #expect(try CLIRunner.run(["appicon", small, "--platform", "web", "-o", res]).status == 2)
  }
}
