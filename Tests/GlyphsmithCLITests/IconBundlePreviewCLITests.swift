import Foundation
import Glyphsmith
import GlyphsmithTestFixtures
import Testing

/// Issue 35: `appicon NAME.icon --preview FILE` draws the contact sheet of any Icon Composer
/// bundle (Apple's own too), the same bytes every run; `--format icon --preview FILE` draws
/// the bundle just written; options that would write an icon are usage errors.
@Suite struct IconBundlePreviewCLITests {
  @Test func aBundlesContactSheetIsWrittenTheSameEveryTime() throws {
    let dir = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: dir) }
    let bundle = IconComposerFixtures.bundle("tophat/Tophat/AppIcon.icon").path
    let first = try CLIRunner.run(["appicon", bundle, "--preview", "a.png"], in: dir)
    #expect(first.status == 0, "\(first.stderr)")
    #expect(first.stderr == "wrote a.png (an approximation of \(bundle))\n")
    let second = try CLIRunner.run(["appicon", bundle, "--preview", "b.png"], in: dir)
    #expect(second.status == 0)
    let a = try Data(contentsOf: dir.appendingPathComponent("a.png"))
    #expect(a == (try Data(contentsOf: dir.appendingPathComponent("b.png"))))
    let image = try PNGCodec.decode(a, path: "a.png")
    #expect(image.width == 696 && image.height == 1159)
  }

  @Test func theBundleWrittenIsPreviewed() throws {
    let dir = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: dir) }
    let icons = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent(
        "assets/icons")
    try FileManager.default.copyItem(
      at: icons.appendingPathComponent("star.svg"), to: dir.appendingPathComponent("star.svg"))
    let result = try CLIRunner.run(
      [
        "appicon", "star.svg", "--format", "icon", "-o", "Star.icon", "--background", "#0A84FF",
        "--preview", "star.png",
      ], in: dir)
    #expect(result.status == 0, "\(result.stderr)")
    #expect(
      result.stderr.hasSuffix(
        "wrote Star.icon (icon.json, 1 layer file)\nwrote star.png (an approximation of Star.icon)\n"
      ))
    let image = try PNGCodec.decode(
      Data(contentsOf: dir.appendingPathComponent("star.png")), path: "star.png")
    #expect(image.width == 696)
  }

  @Test(arguments: [
    (
      [] as [String],
      "is an Icon Composer bundle: give --preview FILE to draw it, or write one with "
        + "FOREGROUND --format icon -o"
    ),
    (
      ["--preview", "x.png", "-o", "y.icon"],
      "--output does not apply to the preview of a .icon bundle"
    ),
    (
      ["--preview", "x.png", "--legacy"], "--legacy does not apply to the preview of a .icon bundle"
    ),
  ])
  func writingOptionsAreUsageErrors(extra: [String], message: String) throws {
    let bundle = IconComposerFixtures.bundle("tophat/Tophat/AppIcon.icon").path
    let result = try CLIRunner.run(["appicon", bundle] + extra)
    #expect(result.status == 2)
    #expect(result.stderr.contains(message), "\(result.stderr)")
  }

  @Test func sheetAppIconDrawsTheSamePreview() throws {
    let dir = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: dir) }
    let bundle = IconComposerFixtures.bundle("AssetCatalogTinkerer/Resources/AppIconV5.icon").path
    let preview = try CLIRunner.run(["appicon", bundle, "--preview", "a.png"], in: dir)
    #expect(preview.status == 0, "\(preview.stderr)")
    let sheet = try CLIRunner.run(["sheet", "--app-icon", bundle, "-o", "s.png"], in: dir)
    #expect(sheet.status == 0, "\(sheet.stderr)")
    #expect(sheet.stderr == "wrote s.png (an approximation of \(bundle))\n")
    let data = try Data(contentsOf: dir.appendingPathComponent("s.png"))
    #expect(data == (try Data(contentsOf: dir.appendingPathComponent("a.png"))))
    // The contact sheet's layout: 696 px wide.
    let image = try PNGCodec.decode(data, path: "s.png")
    #expect(image.width == 696)
  }

  @Test(arguments: [
    ([] as [String], "missing NAME.icon"),
    (["a.icon", "b.icon"], "expected one NAME.icon, got 2"),
    (["icons"], "--app-icon draws an Icon Composer bundle (NAME.icon), got 'icons'"),
    (["a.icon", "--role", "plain"], "--role does not apply with --app-icon"),
    (["a.icon", "--compact"], "--compact does not apply with --app-icon"),
    (["a.icon", "--symbols"], "--symbols does not apply with --app-icon"),
  ])
  func sheetAppIconUsageErrors(extra: [String], message: String) throws {
    let dir = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: dir) }
    let result = try CLIRunner.run(["sheet", "--app-icon", "-o", "s.png"] + extra, in: dir)
    #expect(result.status == 2)
    #expect(
      result.stderr == "glyphsmith sheet: error: \(message)\nsee 'glyphsmith help sheet'\n")
    #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path) == [])
  }

  @Test func aBundleThatCannotBeReadIsNamed() throws {
    let dir = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: dir) }
    try FileManager.default.createDirectory(
      at: dir.appendingPathComponent("Gone.icon"), withIntermediateDirectories: true)
    let result = try CLIRunner.run(["appicon", "Gone.icon", "--preview", "p.png"], in: dir)
    #expect(result.status == 2)
    #expect(
      result.stderr
        == "Gone.icon/icon.json: error: cannot read: no such file; a .icon bundle holds "
        + "icon.json and Assets/\n")
    #expect(!FileManager.default.fileExists(atPath: dir.appendingPathComponent("p.png").path))
  }
}
