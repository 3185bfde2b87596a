import Foundation
import GlyphsmithTestFixtures
import Testing

@testable import Glyphsmith

/// Issue 28: adaptive launcher icons and the safe-zone check.
@Suite("appicon --platform android: adaptive icon files, aapt, the safe zone at exact radii")
struct AndroidLauncherTests {
  /// A 108 dp canvas with a disc of `diameter` dp at the centre.
  static func disc(_ diameter: Double) -> String {
    """
    <svg xmlns="http://www.w3.org/2000/svg" width="108" height="108" viewBox="0 0 108 108">
    <circle cx="54" cy="54" r="\(diameter / 2)" fill="#ffffff"/></svg>
    """
  }

  /// A 108 dp canvas with a centred square of `side` dp.
  static func square(_ side: Double) -> String {
    let origin = 54 - side / 2
    return """
      <svg xmlns="http://www.w3.org/2000/svg" width="108" height="108" viewBox="0 0 108 108">
      <rect x="\(origin)" y="\(origin)" width="\(side)" height="\(side)" fill="#ffffff"/></svg>
      """
  }

  func check(_ text: String) throws -> [String] {
    let artwork = try Artwork(data: Data(text.utf8), path: "fg.svg", baseDirectory: nil)
    // The fixtures are drawn on the 108 dp layer: no inset (the default is the safe zone's).
    var options = AndroidLauncherOptions()
    options.insetPercent = 0
    return try AndroidLauncherJob.safeZone(artwork, options: options).map(\.diagnostic)
  }

  @Test("ink to 65.9 dp across passes, 66.1 dp is a warning (the safe circle)")
  func safeCircle() throws {
    #expect(try check(Self.disc(65.9)) == [])
    let found = try check(Self.disc(66.1))
    #expect(found.count == 1)
    #expect(found.first?.hasPrefix("fg.svg: warning: the foreground's ink reaches 33.0") == true)
    #expect(found.first?.contains("outside the 66 dp safe circle") == true)
  }

  @Test("ink to 71.9 dp across is a warning only, 72.1 dp an error (the visible square)")
  func visibleSquare() throws {
    let inside = try check(Self.square(71.9))
    #expect(inside.count == 1)
    #expect(inside.first?.contains(": warning: ") == true)
    let outside = try check(Self.square(72.1))
    #expect(outside.count == 1)
    #expect(outside.first?.hasPrefix("fg.svg: error: the foreground's ink reaches 36.0") == true)
    #expect(outside.first?.contains("outside the 72 dp square") == true)
    // --inset moves it back in: 72.1 dp at 5 % inset per side is 64.89 dp.
    var options = AndroidLauncherOptions()
    options.insetPercent = 5
    let artwork = try Artwork(
      data: Data(Self.square(72.1).utf8), path: "fg.svg", baseDirectory: nil)
    let inset = try AndroidLauncherJob.safeZone(artwork, options: options)
    #expect(inset.map(\.isError) == [false])  // only the corners, past the circle
  }

  @Test("the files Studio's wizard writes, compiled by aapt; the Play Store icon 512 px opaque")
  func files() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let icon = try folder.write("fg.svg", Self.disc(60))
    var options = AndroidLauncherOptions()
    options.background = .color(RGBA8(r: 0x33, g: 0x66, b: 0xCC))
    let result = try AndroidLauncherJob.run(
      iconPath: icon, resPath: folder.path("app/res"), options: options)
    #expect(result.findings == [])
    #expect(result.outcome == nil)
    let listing = folder.listing().filter { $0.hasPrefix("app/") && $0.contains(".") }
    // The record of what it wrote (issue 32) sits in the folder holding res.
    var expected = [
      "app/.glyphsmith-outputs.json", "app/ic_launcher-playstore.png",
      "app/res/drawable/ic_launcher_foreground.xml",
      "app/res/drawable/ic_launcher_monochrome.xml",
      "app/res/mipmap-anydpi-v26/ic_launcher.xml",
      "app/res/mipmap-anydpi-v26/ic_launcher_round.xml",
      "app/res/values/ic_launcher_background.xml",
    ]
    for density in ["hdpi", "mdpi", "xhdpi", "xxhdpi", "xxxhdpi"] {
      expected += [
        "app/res/mipmap-\(density)/ic_launcher.png",
        "app/res/mipmap-\(density)/ic_launcher_round.png",
      ]
    }
    #expect(listing == expected.sorted())
    #expect(
      try String(
        contentsOfFile: folder.path("app/res/mipmap-anydpi-v26/ic_launcher.xml"), encoding: .utf8)
          == """
          <?xml version="1.0" encoding="utf-8"?>
          <adaptive-icon xmlns:android="http://schemas.android.com/apk/res/android">
              <background android:drawable="@color/ic_launcher_background" />
              <foreground android:drawable="@drawable/ic_launcher_foreground" />
              <monochrome android:drawable="@drawable/ic_launcher_monochrome" />
          </adaptive-icon>

          """)
    let store = try ImageComparison.load(folder.path("app/ic_launcher-playstore.png"))
    #expect(store.width == 512 && store.height == 512)
    #expect(stride(from: 3, to: store.pixels.count, by: 4).allSatisfy { store.pixels[$0] == 255 })
    // The corner is the background, the centre the white disc.
    #expect(store[0, 0] == RGBA8(r: 0x33, g: 0x66, b: 0xCC))
    #expect(store[256, 256] == RGBA8(r: 255, g: 255, b: 255))
    let legacy = try ImageComparison.load(
      folder.path("app/res/mipmap-xxxhdpi/ic_launcher_round.png"))
    #expect(legacy.width == 192)
    #expect(legacy[0, 0].a == 0)
    #expect(legacy[96, 96] == RGBA8(r: 255, g: 255, b: 255))
    let monochrome = try String(
      contentsOfFile: folder.path("app/res/drawable/ic_launcher_monochrome.xml"), encoding: .utf8)
    #expect(monochrome.contains("android:fillColor=\"#000000\""))
    #expect(monochrome.contains("android:width=\"108dp\""))
    guard AndroidTools.aapt != nil else {
      AndroidTools.skip("aapt and android-framework-res are not installed")
      return
    }
    let compiled = try AndroidTools.compile(res: folder.path("app/res"), minSdk: 26)
    #expect(compiled.status == 0, "\(compiled.output)")
  }

  @Test("a monochrome of two colours and a background with transparency are errors")
  func layerErrors() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let icon = try folder.write("fg.svg", Self.disc(60))
    let mono = try folder.write(
      "mono.svg",
      """
      <svg xmlns="http://www.w3.org/2000/svg" width="108" height="108">
      <rect x="30" y="30" width="20" height="20" fill="#000"/>
      <rect x="60" y="60" width="20" height="20" fill="#f00"/></svg>
      """)
    let back = try folder.write(
      "back.svg",
      """
      <svg xmlns="http://www.w3.org/2000/svg" width="108" height="108">
      <rect width="108" height="100" fill="#08f"/></svg>
      """)
    var options = AndroidLauncherOptions()
    options.monochromePath = mono
    options.background = .file(back)
    let result = try AndroidLauncherJob.run(
      iconPath: icon, resPath: folder.path("res"), options: options)
    #expect(result.outcome == .answerIsNo)
    #expect(result.errors == 2)
    #expect(
      result.findings.descriptions == [
        mono
          + ": error: the monochrome layer has 2 colours (#000000, #FF0000); Android tints it as one, so give it one colour",
        back
          + ": error: the background has transparency (first at 0,400 px of 432); launchers need an opaque background",
      ])
    #expect(
      FileManager.default.fileExists(atPath: folder.path("res/drawable/ic_launcher_background.xml"))
    )
  }
}
