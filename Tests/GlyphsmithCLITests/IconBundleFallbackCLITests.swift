import Foundation
import Glyphsmith
import Testing

/// Issue 35: `appicon FOREGROUND --format icon -o OUT/NAME.icon --fallback CATALOG` also
/// writes the flat `.appiconset` for iOS 18 and earlier, under another name than the `.icon`
/// (actool, Xcode 26.3, drops a flat set of the `.icon`'s name), and a warning names every
/// flat set of the `.icon`'s name it finds.
@Suite struct IconBundleFallbackCLITests {
  static let icons = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("assets/icons")

  /// A fresh folder holding `bell.svg` (a black 24 pt Lucide outline).
  static func folder() throws -> URL {
    let dir = try temporaryFolder()
    try FileManager.default.copyItem(
      at: icons.appendingPathComponent("bell.svg"), to: dir.appendingPathComponent("bell.svg"))
    return dir
  }

  /// The notes of `bell.svg` as the foreground on #0A84FF: it is filled white in dark and
  /// tinted.
  static let bellNotes =
    "bell.svg: note: the foreground's colours stand out by 1.55:1 in the dark appearance "
    + "(under 3:1); it is filled white there (a dark fill-specialization); give --dark ICON "
    + "to choose\n"
    + "bell.svg: note: the foreground's colours stand out by 1:1 in the tinted appearance "
    + "(under 3:1); it is filled white there (a tinted fill-specialization)\n"

  static let contentsJSON = """
    {
      "images" : [
        {
          "filename" : "icon-1024.png",
          "idiom" : "universal",
          "platform" : "ios",
          "size" : "1024x1024"
        },
        {
          "appearances" : [
            {
              "appearance" : "luminosity",
              "value" : "dark"
            }
          ],
          "filename" : "icon-1024-dark.png",
          "idiom" : "universal",
          "platform" : "ios",
          "size" : "1024x1024"
        }
      ],
      "info" : {
        "author" : "xcode",
        "version" : 1
      }
    }

    """

  static func image(_ url: URL) throws -> RGBAImage {
    try PNGCodec.decode(Data(contentsOf: url), path: url.path)
  }

  @Test func writesTheFlatSetUnderAnotherNameFromTheLayers() throws {
    let dir = try Self.folder()
    defer { try? FileManager.default.removeItem(at: dir) }
    let arguments = [
      "appicon", "bell.svg", "--format", "icon", "-o", "out/App.icon", "--background", "#0A84FF",
      "--platform", "ios", "--fallback", "Assets.xcassets",
    ]
    let result = try CLIRunner.run(arguments, in: dir)
    #expect(result.status == 0, "\(result.stderr)")
    #expect(
      result.stderr
        == Self.bellNotes + "wrote out/App.icon (icon.json, 1 layer file)\n"
        + "wrote Assets.xcassets/App-Fallback.appiconset (2 PNG files)\n")
    let catalog = dir.appendingPathComponent("Assets.xcassets")
    #expect(
      try FileManager.default.contentsOfDirectory(atPath: catalog.path).sorted() == [
        "App-Fallback.appiconset", "Contents.json",
      ])
    let set = catalog.appendingPathComponent("App-Fallback.appiconset")
    #expect(
      try FileManager.default.contentsOfDirectory(atPath: set.path).sorted() == [
        "Contents.json", "icon-1024-dark.png", "icon-1024.png",
      ])
    #expect(
      try String(contentsOf: set.appendingPathComponent("Contents.json"), encoding: .utf8)
        == Self.contentsJSON)

    // Light: the black bell on the document's fill, opaque RGB (no alpha for the App
    // Store), an unmasked square: every corner px is the fill, no corner radius of its own.
    let lightData = try Data(contentsOf: set.appendingPathComponent("icon-1024.png"))
    #expect(PNGHeader(lightData)?.colorType == 2)
    let light = try Self.image(set.appendingPathComponent("icon-1024.png"))
    #expect(light.width == 1024 && light.height == 1024)
    let blue = RGBA8(r: 0x0A, g: 0x84, b: 0xFF, a: 255)
    for (x, y) in [(0, 0), (1023, 0), (0, 1023), (1023, 1023), (512, 2)] {
      #expect(light[x, y] == blue, "(\(x), \(y))")
    }
    var black = 0
    for y in 0..<1024 {
      for x in 0..<1024 where light[x, y] == RGBA8(r: 0, g: 0, b: 0, a: 255) { black += 1 }
    }
    #expect(black > 10_000, "the bell's ink: \(black) black px")

    // Dark: no dark fill of its own, so the layers alone with their alpha (the system draws
    // its dark background): the bell filled white, nothing else.
    let darkData = try Data(contentsOf: set.appendingPathComponent("icon-1024-dark.png"))
    #expect(PNGHeader(darkData)?.colorType == 6)
    let dark = try Self.image(set.appendingPathComponent("icon-1024-dark.png"))
    var inked = 0
    var notWhite = 0
    for y in 0..<1024 {
      for x in 0..<1024 {
        let px = dark[x, y]
        guard px.a > 0 else { continue }
        inked += 1
        if px.r != 255 || px.g != 255 || px.b != 255 { notWhite += 1 }
      }
    }
    #expect(dark[0, 0].a == 0 && dark[1023, 1023].a == 0)
    #expect(inked > 10_000 && notWhite == 0, "\(inked) inked, \(notWhite) not white")

    // The catalog validates clean; a second run writes the same bytes.
    let validate = try CLIRunner.run(["validate", "Assets.xcassets"], in: dir)
    #expect(validate.status == 0 && validate.stderr == "", "\(validate.stderr)")
    let again = try CLIRunner.run(arguments, in: dir)
    #expect(again.status == 0, "\(again.stderr)")
    #expect(try Data(contentsOf: set.appendingPathComponent("icon-1024.png")) == lightData)
    #expect(try Data(contentsOf: set.appendingPathComponent("icon-1024-dark.png")) == darkData)
  }

  @Test func aDarkFillOfItsOwnIsDrawnUnderTheDarkIcon() throws {
    let dir = try Self.folder()
    defer { try? FileManager.default.removeItem(at: dir) }
    let result = try CLIRunner.run(
      [
        "appicon", "bell.svg", "--format", "icon", "-o", "App.icon", "--background", "#FFFFFF",
        "--dark-background", "#000000", "--fallback", "A.xcassets", "--fallback-name", "Legacy",
      ], in: dir)
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stderr.hasSuffix("wrote A.xcassets/Legacy.appiconset (2 PNG files)\n"))
    let set = dir.appendingPathComponent("A.xcassets/Legacy.appiconset")
    let dark = try Self.image(set.appendingPathComponent("icon-1024-dark.png"))
    // The automatic gradient of black: opaque everywhere, lighter at the top.
    #expect(dark[0, 0].a == 255 && dark[1023, 1023].a == 255)
    #expect(dark[0, 1023] == RGBA8(r: 0, g: 0, b: 0, a: 255))
    #expect(dark[0, 0].r > dark[0, 1023].r)
    // The light icon's automatic gradient of white is white everywhere.
    let light = try Self.image(set.appendingPathComponent("icon-1024.png"))
    #expect(light[0, 0] == RGBA8(r: 255, g: 255, b: 255, a: 255))
    #expect(light[1023, 1023] == RGBA8(r: 255, g: 255, b: 255, a: 255))
  }

  @Test func aFlatSetOfTheIconsNameIsNamedByAWarning() throws {
    let dir = try Self.folder()
    defer { try? FileManager.default.removeItem(at: dir) }
    // The user's own flat set, in a catalog beside the .icon (in a group) and in the
    // fallback's catalog.
    let contents = Data("{\"images\":[],\"info\":{\"author\":\"xcode\",\"version\":1}}".utf8)
    for path in ["out/Assets.xcassets/Icons/app.appiconset", "Flat.xcassets/App.appiconset"] {
      let set = dir.appendingPathComponent(path)
      try FileManager.default.createDirectory(at: set, withIntermediateDirectories: true)
      try contents.write(to: set.appendingPathComponent("Contents.json"))
    }
    // A group that links back to its catalog is not walked into (no loop, no second find).
    try FileManager.default.createSymbolicLink(
      atPath: dir.appendingPathComponent("out/Assets.xcassets/Icons/Loop").path,
      withDestinationPath: "..")
    let plain = try CLIRunner.run(
      ["appicon", "bell.svg", "--format", "icon", "-o", "out/App.icon", "--background", "#0A84FF"],
      in: dir)
    #expect(plain.status == 0, "\(plain.stderr)")
    #expect(
      plain.stderr
        == Self.bellNotes + "wrote out/App.icon (icon.json, 1 layer file)\n"
        + "out/Assets.xcassets/Icons/app.appiconset: warning: a flat app icon set of the name of "
        + "out/App.icon; actool (Xcode 26.3) drops it without a word: rename or remove it; give "
        + "the flat set for iOS 18 and earlier another name (appicon --fallback writes "
        + "App-Fallback)\n")

    let withFallback = try CLIRunner.run(
      [
        "appicon", "bell.svg", "--format", "icon", "-o", "out/App.icon", "--background",
        "#0A84FF", "--fallback", "Flat.xcassets",
      ], in: dir)
    #expect(withFallback.status == 0, "\(withFallback.stderr)")
    // The bundle is as the first run wrote it: left alone (issue 35's trial, finding 23).
    #expect(
      withFallback.stderr
        == Self.bellNotes + "unchanged out/App.icon (icon.json, 1 layer file)\n"
        + "wrote Flat.xcassets/App-Fallback.appiconset (2 PNG files)\n"
        + "Flat.xcassets/App.appiconset: warning: a flat app icon set of the name of "
        + "out/App.icon; actool (Xcode 26.3) drops it without a word: rename or remove it; the "
        + "flat set for iOS 18 and earlier is Flat.xcassets/App-Fallback.appiconset (--fallback)\n"
        + "out/Assets.xcassets/Icons/app.appiconset: warning: a flat app icon set of the name of "
        + "out/App.icon; actool (Xcode 26.3) drops it without a word: rename or remove it; the "
        + "flat set for iOS 18 and earlier is Flat.xcassets/App-Fallback.appiconset (--fallback)\n")
    // The user's sets are left as they were.
    for path in ["out/Assets.xcassets/Icons/app.appiconset", "Flat.xcassets/App.appiconset"] {
      let set = dir.appendingPathComponent(path)
      #expect(try FileManager.default.contentsOfDirectory(atPath: set.path) == ["Contents.json"])
      #expect(try Data(contentsOf: set.appendingPathComponent("Contents.json")) == contents)
    }
  }

  @Test func aFlatSetWrittenBesideABundleOfItsNameIsNamedByAWarning() throws {
    let dir = try Self.folder()
    defer { try? FileManager.default.removeItem(at: dir) }
    let icon = try CLIRunner.run(
      ["appicon", "bell.svg", "--format", "icon", "-o", "App/AppIcon.icon"], in: dir)
    #expect(icon.status == 0, "\(icon.stderr)")
    let flat = try CLIRunner.run(
      ["appicon", "bell.svg", "-o", "App/Assets.xcassets", "--background", "#FFFFFF"], in: dir)
    #expect(flat.status == 0)
    #expect(
      flat.stderr
        == "App/Assets.xcassets/AppIcon.appiconset: warning: a flat app icon set of the name of "
        + "App/AppIcon.icon; actool (Xcode 26.3) drops it without a word: give it another name "
        + "(e.g. --name AppIcon-Fallback, the name appicon --format icon --fallback gives it)\n"
        + "wrote App/Assets.xcassets/AppIcon.appiconset (1 PNG file)\n")
    let named = try CLIRunner.run(
      [
        "appicon", "bell.svg", "-o", "App/Assets.xcassets", "--background", "#FFFFFF", "--name",
        "AppIcon-Fallback",
      ], in: dir)
    #expect(named.status == 0)
    #expect(named.stderr == "wrote App/Assets.xcassets/AppIcon-Fallback.appiconset (1 PNG file)\n")
  }

  @Test func aFallbackSetGlyphsmithDidNotMakeIsRefusedBeforeAnythingIsWritten() throws {
    let dir = try Self.folder()
    defer { try? FileManager.default.removeItem(at: dir) }
    let set = dir.appendingPathComponent("A.xcassets/App-Fallback.appiconset")
    try FileManager.default.createDirectory(at: set, withIntermediateDirectories: true)
    try Data("png".utf8).write(to: set.appendingPathComponent("Icon.png"))
    let arguments = [
      "appicon", "bell.svg", "--format", "icon", "-o", "App.icon", "--fallback", "A.xcassets",
    ]
    let refused = try CLIRunner.run(arguments, in: dir)
    #expect(refused.status == 2)
    #expect(
      refused.stderr
        == "bell.svg: error: A.xcassets/App-Fallback.appiconset exists and was not made by "
        + "glyphsmith; move it or pass --force\n")
    #expect(!FileManager.default.fileExists(atPath: dir.appendingPathComponent("App.icon").path))
    #expect(try FileManager.default.contentsOfDirectory(atPath: set.path) == ["Icon.png"])

    let forced = try CLIRunner.run(arguments + ["--force"], in: dir)
    #expect(forced.status == 0, "\(forced.stderr)")
    #expect(
      forced.stderr.hasSuffix(
        "A.xcassets/App-Fallback.appiconset: warning: not made by glyphsmith; replaced (--force)\n"
          + "A.xcassets/App-Fallback.appiconset/Icon.png: warning: not made by glyphsmith; kept "
          + "(glyphsmith never deletes a file it did not make)\n"
          + "wrote A.xcassets/App-Fallback.appiconset (2 PNG files)\n"))
  }

  @Test(arguments: [
    (
      ["--format", "icon", "-o", "App.icon", "--fallback", "A.xcassets", "--fallback-name", "app"],
      "glyphsmith appicon: error: --fallback-name app is the name of App.icon; actool (Xcode 26.3) drops a flat app icon set of the .icon's name; give another (default App-Fallback)"
    ),
    (
      ["--format", "icon", "-o", "App.icon", "--fallback", "A.xcassets", "--fallback-name", "a.b"],
      "glyphsmith appicon: error: --fallback-name needs an asset name without '/' or '.', got 'a.b'"
    ),
    (
      ["--format", "icon", "-o", "App.icon", "--fallback-name", "Old"],
      "glyphsmith appicon: error: --fallback-name applies with --fallback CATALOG"
    ),
    (
      ["-o", "A.xcassets", "--fallback", "B.xcassets"],
      "glyphsmith appicon: error: --fallback applies with --format icon"
    ),
  ])
  func usageErrors(extra: [String], message: String) throws {
    let dir = try Self.folder()
    defer { try? FileManager.default.removeItem(at: dir) }
    let result = try CLIRunner.run(["appicon", "bell.svg"] + extra, in: dir)
    #expect(result.status == 2)
    #expect(result.stderr == message + "\nsee 'glyphsmith help appicon'\n")
    #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path) == ["bell.svg"])
  }
}
