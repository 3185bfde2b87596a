import Foundation
import Glyphsmith
import Testing

/// A square red icon with transparent corners.
private let discSVG = """
  <svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100"><circle cx="50" cy="50" r="40" fill="#ff0000"/></svg>
  """

/// A trophy-like glyph drawn edge to edge (handles at x 0 and 16, base at the bottom edge), as
/// glyph icon sets draw theirs: the iOS corner mask cuts it.
let cupSVG = """
  <svg xmlns="http://www.w3.org/2000/svg" width="16" height="16" viewBox="0 0 16 16"><path d="M3 0h10v6a5 5 0 0 1-4 4.9V13h4l2 3H1l2-3h4v-2.1A5 5 0 0 1 3 6z"/><circle cx="2" cy="3" r="2"/><circle cx="14" cy="3" r="2"/></svg>
  """

@Suite("glyphsmith validate and appicon, run as a user runs them")
struct CatalogCLITests {
  /// A catalog written by `glyphsmith assets` in a fresh folder.
  private func assetsCatalog() throws -> URL {
    let dir = try temporaryFolder()
    try Data(circleSVG.utf8).write(to: dir.appendingPathComponent("home.svg"))
    let result = try CLIRunner.run(["assets", "home.svg", "-o", "Icons.xcassets"], in: dir)
    #expect(result.status == 0)
    return dir
  }

  @Test func validateCleanCatalogExitsZeroSilently() throws {
    let dir = try assetsCatalog()
    defer { try? FileManager.default.removeItem(at: dir) }
    let result = try CLIRunner.run(["validate", "Icons.xcassets"], in: dir)
    #expect(result.status == 0)
    #expect(result.stderr == "" && result.stdoutText == "")
    let json = try CLIRunner.run(["validate", "Icons.xcassets/", "--json"], in: dir)
    #expect(json.status == 0)
    #expect(
      json.stdoutText == """
        {
          "catalog" : "Icons.xcassets",
          "findings" : [

          ],
          "version" : 1
        }

        """)
  }

  @Test func validateFindingsExitOneWithDiagnosticsAndJSON() throws {
    let dir = try assetsCatalog()
    defer { try? FileManager.default.removeItem(at: dir) }
    let set = dir.appendingPathComponent("Icons.xcassets/home.imageset")
    try FileManager.default.removeItem(at: set.appendingPathComponent("home@3x.png"))
    try PNGCodec.encode(RGBAImage(width: 9, height: 9)).write(
      to: set.appendingPathComponent("stray.png"))
    let result = try CLIRunner.run(["validate", "Icons.xcassets"], in: dir)
    #expect(result.status == 1)
    #expect(result.stdoutText == "")
    #expect(
      result.stderr.split(separator: "\n") == [
        "Icons.xcassets/home.imageset/Contents.json: warning: [unassigned-file] 'stray.png' is in the imageset folder but no entry references it (an unassigned child); assign it to a slot or delete it",
        "Icons.xcassets/home.imageset/Contents.json:14:1: error: [missing-file] images[2] (universal 3x, home@3x.png): 'home@3x.png' does not exist in the asset folder; add the file or remove the entry",
        "2 findings (1 error)",
      ])
    let json = try CLIRunner.run(["validate", "--json", "Icons.xcassets"], in: dir)
    #expect(json.status == 1 && json.stderr == "")
    let object = try #require(
      try JSONSerialization.jsonObject(with: json.stdout) as? [String: Any])
    #expect(object["version"] as? Int == 1)
    let findings = try #require(object["findings"] as? [[String: Any]])
    #expect(findings.map { $0["rule"] as? String } == ["unassigned-file", "missing-file"])
    #expect(
      json.stdoutText.contains(
        """
            {
              "asset" : "home",
              "entry" : null,
              "file" : "stray.png",
              "line" : null,
              "message" : "'stray.png' is in the imageset folder but no entry references it (an unassigned child); assign it to a slot or delete it",
              "path" : "Icons.xcassets/home.imageset/Contents.json",
              "rule" : "unassigned-file",
              "severity" : "warning"
            },
        """))
    let decoded = try JSONDecoder().decode(CatalogReport.self, from: json.stdout)
    #expect(decoded.findings.map(\.line) == [nil, 14])
  }

  /// Issue 22: `validate vparent` (a folder holding a catalog with a deleted file) and
  /// `validate icons` (a folder of SVGs) were silent passes.
  @Test func validateOnAFolderIsNeverASilentPass() throws {
    let dir = try assetsCatalog()
    defer { try? FileManager.default.removeItem(at: dir) }
    let parent = dir.appendingPathComponent("vparent")
    try FileManager.default.createDirectory(at: parent, withIntermediateDirectories: true)
    try FileManager.default.moveItem(
      at: dir.appendingPathComponent("Icons.xcassets"),
      to: parent.appendingPathComponent("App.xcassets"))
    try FileManager.default.removeItem(
      at: parent.appendingPathComponent("App.xcassets/home.imageset/home@2x.png"))
    let result = try CLIRunner.run(["validate", "vparent"], in: dir)
    #expect(result.status == 1)
    #expect(
      result.stderr.split(separator: "\n") == [
        "vparent/App.xcassets/home.imageset/Contents.json:9:1: error: [missing-file] images[1] (universal 2x, home@2x.png): 'home@2x.png' does not exist in the asset folder; add the file or remove the entry",
        "vparent/App.xcassets: 1 finding (1 error)",
      ])
    let json = try CLIRunner.run(["validate", "vparent", "--json"], in: dir)
    let decoded = try JSONDecoder().decode(CatalogReport.self, from: json.stdout)
    #expect(json.status == 1 && decoded.catalogs == ["vparent/App.xcassets"])
    #expect(decoded.catalog == "vparent" && decoded.findings.map(\.rule) == [.missingFile])

    let folder = dir.appendingPathComponent("icons")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    for name in ["bell.svg", "home.svg"] {
      try Data(circleSVG.utf8).write(to: folder.appendingPathComponent(name))
    }
    let icons = try CLIRunner.run(["validate", "icons"], in: dir)
    #expect(icons.status == 2 && icons.stdoutText == "")
    #expect(
      icons.stderr
        == "icons: error: no asset catalog here: no NAME.xcassets folder in it or below, and it is not laid out as one (no Contents.json, no NAME.imageset); it holds 2 .svg files; pass the .xcassets folder\n"
    )
    let asset = try CLIRunner.run(["validate", "vparent/App.xcassets/home.imageset"], in: dir)
    #expect(asset.status == 2)
    #expect(
      asset.stderr
        == "vparent/App.xcassets/home.imageset: error: a .imageset folder is an asset, not a catalog; pass the .xcassets folder that holds it\n"
    )
  }

  @Test(arguments: [
    (["validate"], 2, "glyphsmith validate: error: missing CATALOG.xcassets"),
    (
      ["validate", "A.xcassets", "B.xcassets"], 2,
      "glyphsmith validate: error: expected one CATALOG.xcassets, got 2"
    ),
    (["validate", "Nope.xcassets"], 2, "Nope.xcassets: error: cannot read: no such folder"),
    (
      ["appicon", "icon.svg"], 2, "glyphsmith appicon: error: missing -o/--output CATALOG.xcassets"
    ),
    (
      ["appicon", "-o", "A.xcassets"], 2,
      "glyphsmith appicon: error: missing ICON (an .svg or .png file)"
    ),
    (
      ["appicon", "icon.svg", "-o", "A.xcassets", "--background", "#FFFFFF80"], 2,
      "glyphsmith appicon: error: --background must be opaque (the App Store rejects alpha); use #RRGGBB"
    ),
    (
      ["appicon", "icon.svg", "-o", "A.xcassets", "--name", "App.Icon"], 2,
      "glyphsmith appicon: error: --name needs an asset name without '/' or '.', got 'App.Icon'"
    ),
    (["appicon", "missing.svg", "-o", "A.xcassets"], 2, "missing.svg: error: cannot read: "),
    (
      ["appicon", "icon.svg", "-o", "A.xcassets", "--padding", "50%"], 2,
      "glyphsmith appicon: error: --padding needs pt of the 1024 pt icon (e.g. 100) or a percentage of its side under 50% (e.g. 10%), got '50%'"
    ),
    (
      ["appicon", "icon.svg", "-o", "A.xcassets", "--padding", "ten"], 2,
      "glyphsmith appicon: error: --padding needs pt of the 1024 pt icon (e.g. 100) or a percentage of its side under 50% (e.g. 10%), got 'ten'"
    ),
    (
      ["appicon", "icon.svg", "-o", "A.xcassets", "--foreground", "nope"], 2,
      "glyphsmith appicon: error: --foreground: invalid colour 'nope'"
    ),
  ])
  func errorsExitTwo(arguments: [String], status: Int32, message: String) throws {
    let dir = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: dir) }
    let result = try CLIRunner.run(arguments, in: dir)
    #expect(result.status == status)
    #expect(result.stderr.hasPrefix(message), "\(result.stderr)")
    #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path) == [])
  }

  @Test func appIconWritesAnOpaqueSetThatValidates() throws {
    let dir = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: dir) }
    try Data(discSVG.utf8).write(to: dir.appendingPathComponent("icon.svg"))
    let result = try CLIRunner.run(
      ["appicon", "icon.svg", "-o", "App.xcassets", "--background=#000000", "--dark", "icon.svg"],
      in: dir)
    #expect(result.status == 0)
    #expect(result.stdoutText == "")
    // Issue 22: with --background given, transparent corners are meant to show it: no
    // warning telling the user to pass --background.
    #expect(result.stderr == "wrote App.xcassets/AppIcon.appiconset (2 PNG files)\n")
    let data = try Data(
      contentsOf: dir.appendingPathComponent("App.xcassets/AppIcon.appiconset/icon-1024.png"))
    #expect(data[25] == 2)  // IHDR colour type: RGB
    #expect(try PNGCodec.decode(data, path: "icon")[0, 0] == RGBA8(r: 0, g: 0, b: 0))
    let validate = try CLIRunner.run(["validate", "App.xcassets"], in: dir)
    #expect(validate.status == 0 && validate.stderr == "")
  }

  /// Issue 22: a glyph drawn edge to edge is cut by the corner mask; --padding keeps it
  /// inside, --foreground recolours it, a black dark layer is called invisible, and --preview
  /// shows the written icon under the mask.
  @Test func appIconPaddingForegroundAndPreview() throws {
    let dir = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: dir) }
    try Data(cupSVG.utf8).write(to: dir.appendingPathComponent("cup.svg"))
    let edge = try CLIRunner.run(
      ["appicon", "cup.svg", "-o", "App.xcassets", "--background", "#0A84FF", "--dark", "cup.svg"],
      in: dir)
    #expect(edge.status == 0)
    #expect(
      edge.stderr.split(separator: "\n").map { String($0.prefix(76)) } == [
        "cup.svg: warning: the iOS icon mask cuts the artwork's corners (10370 px of ",
        "cup.svg: warning: the iOS icon mask cuts the artwork's corners (10370 px of ",
        "cup.svg: warning: the dark icon is invisible on the dark home screen: 0.0 % ",
        "wrote App.xcassets/AppIcon.appiconset (2 PNG files)",
      ])
    #expect(edge.stderr.contains("pass --padding 4% to keep it inside the icon shape"))
    let padded = try CLIRunner.run(
      [
        "appicon", "cup.svg", "-o", "App.xcassets", "--background", "#0A84FF", "--padding", "10%",
        "--foreground", "white", "--preview", "preview.png",
      ], in: dir)
    #expect(padded.status == 0)
    #expect(padded.stderr == "wrote App.xcassets/AppIcon.appiconset (1 PNG file)\n")
    let icon = try PNGCodec.decode(
      try Data(
        contentsOf: dir.appendingPathComponent("App.xcassets/AppIcon.appiconset/icon-1024.png")),
      path: "icon")
    let blue = RGBA8(r: 0x0A, g: 0x84, b: 0xFF)
    // The handle's left edge at 0 px without padding; 10 % in with it.
    #expect(icon[50, 250] == blue && icon[120, 250] == .white && icon[512, 300] == .white)
    let preview = try PNGCodec.decode(
      try Data(contentsOf: dir.appendingPathComponent("preview.png")), path: "preview")
    #expect(preview.width == 32 + 256 + 32 && preview.height == 32 + 256 + 40)
    // The tile's corner is masked away (the page shows); its edge middle and centre are not.
    #expect(preview[33, 33] == AppIconPreview.page)
    #expect(preview[36, 32 + 128] == blue && preview[32 + 128, 32 + 75] == .white)
    let points = try CLIRunner.run(
      [
        "appicon", "cup.svg", "-o", "App.xcassets", "--background", "#0A84FF", "--padding", "102.4",
        "--foreground", "white",
      ], in: dir)
    #expect(points.status == 0)
    #expect(
      try Data(
        contentsOf: dir.appendingPathComponent("App.xcassets/AppIcon.appiconset/icon-1024.png"))
        == PNGCodec.encode(icon, opaque: true))
  }

  @Test func helpListsBothSubcommands() throws {
    let root = try CLIRunner.run(["--help"])
    #expect(root.stdoutText.contains("  validate  check an .xcassets catalog"))
    #expect(root.stdoutText.contains("  appicon   write an .appiconset"))
    let help = try CLIRunner.run(["help", "appicon"])
    #expect(help.status == 0)
    #expect(help.stdoutText.hasPrefix("usage: glyphsmith appicon ICON -o CATALOG.xcassets"))
  }
}
