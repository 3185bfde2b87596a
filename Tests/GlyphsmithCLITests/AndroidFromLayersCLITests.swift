import Foundation
import Glyphsmith
import GlyphsmithTestFixtures
import Testing

/// Issue 35: `appicon --platform android` from the same layer description as a `.icon`:
/// `--layers-from-groups` (the `background` group the adaptive background, the other groups
/// the foreground, the foreground in one colour the monochrome layer), directly or from the
/// project file's `appicon` block written for `--format icon`.
@Suite struct AndroidFromLayersCLITests {
  /// The bolt of `IconBundleGroupsCLITests`: a gradient `Background` group, a white ring and
  /// a white bolt, on Icon Composer's 1024 pt canvas.
  static let svg = IconBundleGroupsCLITests.svg

  static func folder() throws -> URL {
    let dir = try temporaryFolder()
    try Data(svg.utf8).write(to: dir.appendingPathComponent("Bolt.svg"))
    return dir
  }

  static func text(_ dir: URL, _ path: String) throws -> String {
    try String(contentsOf: dir.appendingPathComponent(path), encoding: .utf8)
  }

  /// The note of the default inset for the bolt (its ink reaches the safe circle's corners:
  /// none, the ring is inside it).
  static let insetNote =
    "Bolt.svg: note: no --inset: the canvas is fitted into the 66 dp safe zone of the 108 dp "
    + "layer (19.44 % free on each side, as --inset 19.44, or more where ink would reach past "
    + "the 66 dp safe circle); give --inset 0 for artwork drawn on the whole layer\n"

  @Test func theBackgroundGroupIsTheAdaptiveBackgroundTheOthersTheForeground() throws {
    let dir = try Self.folder()
    defer { try? FileManager.default.removeItem(at: dir) }
    let result = try CLIRunner.run(
      ["appicon", "Bolt.svg", "--platform", "android", "-o", "app/res", "--layers-from-groups"],
      in: dir)
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stderr == Self.insetNote)
    // The background: a VectorDrawable of the Background group alone (its gradient, on the
    // whole 108 dp layer); no colour resource.
    let background = try Self.text(dir, "app/res/drawable/ic_launcher_background.xml")
    #expect(
      background.contains("<item android:offset=\"0\" android:color=\"#FF4FB3FF\" />"),
      "\(background)")
    #expect(background.contains("<item android:offset=\"1\" android:color=\"#FF1A4FD6\" />"))
    #expect(background.components(separatedBy: "<path").count - 1 == 1)
    #expect(
      !FileManager.default.fileExists(
        atPath: dir.appendingPathComponent("app/res/values/ic_launcher_background.xml").path))
    // The foreground: the ring and the bolt, white, without the gradient.
    let foreground = try Self.text(dir, "app/res/drawable/ic_launcher_foreground.xml")
    #expect(foreground.components(separatedBy: "<path").count - 1 == 2, "\(foreground)")
    #expect(!foreground.contains("4FB3FF") && !foreground.contains("aapt:attr"))
    #expect(foreground.contains("android:strokeColor=\"#FFFFFF\""))
    #expect(foreground.contains("android:fillColor=\"#FFFFFF\""))
    // The monochrome layer: the foreground in one colour.
    let monochrome = try Self.text(dir, "app/res/drawable/ic_launcher_monochrome.xml")
    #expect(monochrome.components(separatedBy: "<path").count - 1 == 2)
    #expect(!monochrome.contains("4FB3FF"))
    let adaptive = try Self.text(dir, "app/res/mipmap-anydpi-v26/ic_launcher.xml")
    #expect(
      adaptive.contains("<background android:drawable=\"@drawable/ic_launcher_background\" />"))
    #expect(
      adaptive.contains("<foreground android:drawable=\"@drawable/ic_launcher_foreground\" />"))
    // The Play Store icon: the visible 72 dp of the 108 dp layers at 512 px (the layer 768
    // px, cropped by 128): its corner px centre lies at y = 128.5 / 768 of the background's
    // 1024 pt, t = 0.1673 down the gradient: #4FB3FF + t x (#1A4FD6 - #4FB3FF) = (70.1,
    // 162.3, 248.1); its centre is the white bolt.
    let store = try PNGCodec.decode(
      Data(contentsOf: dir.appendingPathComponent("app/ic_launcher-playstore.png")), path: "store")
    #expect(store.width == 512)
    let corner = store[0, 0]
    #expect(abs(Int(corner.r) - 70) <= 1 && abs(Int(corner.g) - 162) <= 1, "\(corner)")
    #expect(abs(Int(corner.b) - 248) <= 1 && corner.a == 255, "\(corner)")
    #expect(store[256, 256] == RGBA8(r: 255, g: 255, b: 255))
    guard AndroidTools.aapt != nil else {
      AndroidTools.skip("aapt and android-framework-res are not installed")
      return
    }
    let compiled = try AndroidTools.compile(
      res: dir.appendingPathComponent("app/res").path, minSdk: 26)
    #expect(compiled.status == 0, "\(compiled.output)")
  }

  /// Issue 35's fourth trial, L3, for Android: a hidden Inkscape layer is left out as the
  /// `.icon` writer leaves it out, and named; a hidden `Background` layer is no adaptive
  /// background (it was drawn as one).
  @Test func hiddenLayersAreLeftOutAndNamed() throws {
    let dir = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: dir) }
    let svg = """
      <svg xmlns="http://www.w3.org/2000/svg" xmlns:inkscape="http://www.inkscape.org/namespaces/inkscape" viewBox="0 0 1024 1024">
      <g inkscape:groupmode="layer" inkscape:label="Background" id="layer1" style="display:none"><rect width="1024" height="1024" fill="#ff0000"/></g>
      <g inkscape:groupmode="layer" inkscape:label="Sketch" id="layer3" visibility="hidden"><circle cx="100" cy="100" r="90" fill="#00ff00"/></g>
      <g inkscape:groupmode="layer" inkscape:label="Glyph" id="layer2"><circle cx="512" cy="512" r="200" fill="#202020"/></g>
      </svg>
      """
    try Data(svg.utf8).write(to: dir.appendingPathComponent("Art.svg"))
    let result = try CLIRunner.run(
      ["appicon", "Art.svg", "--platform", "android", "-o", "res", "--layers-from-groups"],
      in: dir)
    #expect(result.status == 0, "\(result.stderr)")
    #expect(
      result.stderr.hasPrefix(
        "Art.svg: warning: layer 'Background' is hidden (display:none) in Art.svg: left out\n"
          + "Art.svg: warning: layer 'Sketch' is hidden (visibility=\"hidden\") in Art.svg: left out\n"),
      "\(result.stderr)")
    // No background drawable: the default colour; the foreground holds the glyph alone.
    #expect(
      !FileManager.default.fileExists(
        atPath: dir.appendingPathComponent("res/drawable/ic_launcher_background.xml").path))
    #expect(try Self.text(dir, "res/values/ic_launcher_background.xml").contains("#FFFFFF"))
    let foreground = try Self.text(dir, "res/drawable/ic_launcher_foreground.xml")
    #expect(foreground.components(separatedBy: "<path").count - 1 == 1, "\(foreground)")
    #expect(foreground.contains("#FF202020") || foreground.contains("#202020"), "\(foreground)")
    #expect(!foreground.contains("FF0000") && !foreground.contains("00FF00"))
  }

  @Test func aBackgroundGivenLeavesTheBackgroundGroupInTheForeground() throws {
    let dir = try Self.folder()
    defer { try? FileManager.default.removeItem(at: dir) }
    let result = try CLIRunner.run(
      [
        "appicon", "Bolt.svg", "--platform", "android", "-o", "res", "--layers-from-groups",
        "--background", "#102030",
      ], in: dir)
    #expect(result.status == 0, "\(result.stderr)")
    let foreground = try Self.text(dir, "res/drawable/ic_launcher_foreground.xml")
    #expect(foreground.components(separatedBy: "<path").count - 1 == 3)
    #expect(foreground.contains("android:color=\"#FF4FB3FF\""))
    #expect(
      try Self.text(dir, "res/values/ic_launcher_background.xml").contains("#102030"))
  }

  @Test func theProjectBlockOfAnIconServesAndroidToo() throws {
    let dir = try Self.folder()
    defer { try? FileManager.default.removeItem(at: dir) }
    try FileManager.default.createDirectory(
      at: dir.appendingPathComponent("icons"), withIntermediateDirectories: true)
    try Data(
      """
      {"version": 1, "icons": "icons", "ios": {"catalog": "App/Icons.xcassets"},
       "appicon": {"icon": "Bolt.svg", "format": "icon", "output": "App/Bolt.icon",
        "layers-from-groups": true, "dark-background": "#000000", "background": "#1E3A8A",
        "fallback": "App/Assets.xcassets", "groups": [{"specular": false}]}}
      """.utf8
    ).write(to: dir.appendingPathComponent("glyphsmith.json"))
    let ios = try CLIRunner.run(["appicon", "--project"], in: dir)
    #expect(ios.status == 0, "\(ios.stderr)")
    #expect(
      FileManager.default.fileExists(
        atPath: dir.appendingPathComponent("App/Bolt.icon/Assets/bolt.svg").path))
    #expect(
      FileManager.default.fileExists(
        atPath: dir.appendingPathComponent("App/Assets.xcassets/Bolt-Fallback.appiconset").path))
    let android = try CLIRunner.run(
      ["appicon", "--project", "--platform", "android", "-o", "res"], in: dir)
    #expect(android.status == 0, "\(android.stderr)")
    // The block's background colour wins over the group, as on iOS; the foreground is every
    // group (the Background one too, since a background is given).
    #expect(try Self.text(dir, "res/values/ic_launcher_background.xml").contains("#1E3A8A"))
    let direct = try CLIRunner.run(
      [
        "appicon", "Bolt.svg", "--platform", "android", "-o", "direct", "--layers-from-groups",
        "--background", "#1E3A8A",
      ], in: dir)
    #expect(direct.status == 0)
    for file in ["drawable/ic_launcher_foreground.xml", "drawable/ic_launcher_monochrome.xml"] {
      #expect(try Self.text(dir, "res/" + file) == Self.text(dir, "direct/" + file), "\(file)")
    }
  }

  @Test func layerFilesAreRefusedForAndroid() throws {
    let dir = try Self.folder()
    defer { try? FileManager.default.removeItem(at: dir) }
    let result = try CLIRunner.run(
      ["appicon", "Bolt.svg", "--platform", "android", "-o", "res", "--layer", "Bolt.svg"],
      in: dir)
    #expect(result.status == 2)
    #expect(
      result.stderr
        == "glyphsmith appicon: error: --layer does not apply with --platform android: the "
        + "adaptive foreground is one drawing; give the layers as top-level <g id> groups of "
        + "one SVG with --layers-from-groups\nsee 'glyphsmith help appicon'\n")
    #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path) == ["Bolt.svg"])
  }

  @Test func onlyABackgroundGroupIsAnError() throws {
    let dir = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: dir) }
    try Data(
      """
      <svg xmlns="http://www.w3.org/2000/svg" width="108" height="108">
      <g id="background"><rect width="108" height="108" fill="#08f"/></g></svg>
      """.utf8
    ).write(to: dir.appendingPathComponent("b.svg"))
    let result = try CLIRunner.run(
      ["appicon", "b.svg", "--platform", "android", "-o", "res", "--layers-from-groups"], in: dir)
    #expect(result.status == 2)
    #expect(
      result.stderr
        == "b.svg: error: --layers-from-groups: its only top-level group is the background; "
        + "give the foreground its own <g id> group\n")
    #expect(!FileManager.default.fileExists(atPath: dir.appendingPathComponent("res").path))
  }
}
