import Foundation
import Glyphsmith
import Testing

/// A red disc on a transparent 100 x 100 canvas: transparent corners.
private let disc = svg(
  viewBox: "0 0 100 100", body: "<circle cx=\"50\" cy=\"50\" r=\"40\" fill=\"#ff0000\"/>")
/// A full-bleed blue square: opaque corners.
private let square = svg(
  viewBox: "0 0 10 10", body: "<rect width=\"10\" height=\"10\" fill=\"#0000ff\"/>")

/// One legacy entry as Xcode writes it (6 lines, keys sorted).
private func legacyEntry(_ file: String, _ idiom: String, _ scale: String, _ size: String)
  -> String
{
  """
      {
        "filename" : "\(file)",
        "idiom" : "\(idiom)",
        "scale" : "\(scale)",
        "size" : "\(size)"
      }
  """
}

@Suite("App icon sets: Contents.json, opaque RGB marketing icon, legacy sizes")
struct CatalogAppIconTests {
  @Test func modernContentsWithDarkAndTinted() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let icon = try folder.write("icon.svg", disc)
    let dark = try folder.write("dark.svg", disc)
    let tinted = try folder.write("tinted.svg", disc)
    var options = AppIconOptions()
    options.darkPath = dark
    options.tintedPath = tinted
    let result = try AppIconJob.run(
      iconPath: icon, catalogPath: folder.path("App.xcassets"), options: options)
    #expect(result.folder == folder.path("App.xcassets/AppIcon.appiconset"))
    #expect(result.findings == [])
    #expect(
      result.files.map(\.name) == ["icon-1024.png", "icon-1024-dark.png", "icon-1024-tinted.png"])
    let contents = try String(contentsOfFile: result.folder + "/Contents.json", encoding: .utf8)
    #expect(
      contents == """
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
            },
            {
              "appearances" : [
                {
                  "appearance" : "luminosity",
                  "value" : "tinted"
                }
              ],
              "filename" : "icon-1024-tinted.png",
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

        """)
    let root = try String(
      contentsOfFile: folder.path("App.xcassets/Contents.json"), encoding: .utf8)
    #expect(root == "{\n  \"info\" : {\n    \"author\" : \"xcode\",\n    \"version\" : 1\n  }\n}\n")
    #expect(
      folder.listing() == [
        "App.xcassets", "App.xcassets/AppIcon.appiconset",
        "App.xcassets/AppIcon.appiconset/Contents.json",
        "App.xcassets/AppIcon.appiconset/icon-1024-dark.png",
        "App.xcassets/AppIcon.appiconset/icon-1024-tinted.png",
        "App.xcassets/AppIcon.appiconset/icon-1024.png", "App.xcassets/Contents.json", "dark.svg",
        "icon.svg", "tinted.svg",
      ])
    // Dark and tinted keep their alpha (colour type 6, transparent corner).
    let darkData = try Data(contentsOf: URL(fileURLWithPath: result.folder + "/icon-1024-dark.png"))
    #expect(PNGHeader(darkData)?.colorType == 6)
    #expect(try PNGCodec.decode(darkData, path: "dark")[0, 0].a == 0)
  }

  @Test func marketingIconIsOpaqueRGBOnTheBackground() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let icon = try folder.write("icon.svg", disc)
    var options = AppIconOptions()
    options.background = RGBA8(r: 0x33, g: 0x66, b: 0x99)
    let result = try AppIconJob.run(
      iconPath: icon, catalogPath: folder.path("App.xcassets"), options: options)
    let data = try Data(contentsOf: URL(fileURLWithPath: result.folder + "/icon-1024.png"))
    // IHDR: width 1024, height 1024, bit depth 8, colour type 2 (RGB, no alpha).
    #expect(Array(data[16..<26]) == [0, 0, 4, 0, 0, 0, 4, 0, 8, 2])
    let image = try PNGCodec.decode(data, path: "icon-1024.png")
    #expect(image.width == 1024 && image.height == 1024)
    #expect(image[0, 0] == RGBA8(r: 0x33, g: 0x66, b: 0x99, a: 255))
    #expect(image[1023, 1023] == RGBA8(r: 0x33, g: 0x66, b: 0x99, a: 255))
    #expect(image[512, 512] == RGBA8(r: 255, g: 0, b: 0, a: 255))
    #expect(
      result.diagnostics.descriptions == [
        "\(icon): warning: transparent corner (top-left, top-right, bottom-left, bottom-right); the marketing icon is flattened onto #336699 because the App Store rejects alpha; fill the background in the artwork or pass --background COLOR"
      ])
    #expect(try CatalogValidator.validate(catalogPath: folder.path("App.xcassets")) == [])
  }

  @Test func opaqueSquareArtworkGivesNoWarning() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let icon = try folder.write("icon.svg", square)
    let result = try AppIconJob.run(
      iconPath: icon, catalogPath: folder.path("App.xcassets"), options: AppIconOptions())
    #expect(result.diagnostics == [])
    let image = try PNGCodec.decode(
      try Data(contentsOf: URL(fileURLWithPath: result.folder + "/icon-1024.png")), path: "icon")
    #expect(image[0, 0] == RGBA8(r: 0, g: 0, b: 255))
  }

  @Test func nonSquareArtworkWarns() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let icon = try folder.write(
      "wide.svg", svg(viewBox: "0 0 20 10", body: "<rect width=\"20\" height=\"10\"/>"))
    let result = try AppIconJob.run(
      iconPath: icon, catalogPath: folder.path("App.xcassets"), options: AppIconOptions())
    #expect(
      result.diagnostics.first?.description
        == "\(icon): warning: the artwork is 20x10 (not square); it is centred in the 1024x1024 px icon; give square artwork"
    )
    #expect(result.diagnostics.first?.kind == Diagnostic.Kind.appearance)
    #expect(result.diagnostics.first?.path == icon)
  }

  @Test func legacyListHasExactPixelSizes() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let icon = try folder.write("icon.svg", square)
    var options = AppIconOptions()
    options.name = "Beta"
    options.legacy = true
    let result = try AppIconJob.run(
      iconPath: icon, catalogPath: folder.path("App.xcassets"), options: options)
    #expect(result.folder == folder.path("App.xcassets/Beta.appiconset"))
    #expect(result.findings == [])
    let expected: [(String, Int)] = [
      ("icon-1024.png", 1024),
      ("icon-iphone-20@2x.png", 40), ("icon-iphone-20@3x.png", 60),
      ("icon-iphone-29@2x.png", 58), ("icon-iphone-29@3x.png", 87),
      ("icon-iphone-40@2x.png", 80), ("icon-iphone-40@3x.png", 120),
      ("icon-iphone-60@2x.png", 120), ("icon-iphone-60@3x.png", 180),
      ("icon-ipad-20.png", 20), ("icon-ipad-20@2x.png", 40),
      ("icon-ipad-29.png", 29), ("icon-ipad-29@2x.png", 58),
      ("icon-ipad-40.png", 40), ("icon-ipad-40@2x.png", 80),
      ("icon-ipad-76.png", 76), ("icon-ipad-76@2x.png", 152),
      ("icon-ipad-83.5@2x.png", 167), ("icon-ios-marketing-1024.png", 1024),
    ]
    #expect(result.files.map(\.name) == expected.map(\.0))
    #expect(result.files.map(\.pixels) == expected.map(\.1))
    for (name, side) in expected {
      let data = try Data(contentsOf: URL(fileURLWithPath: result.folder + "/" + name))
      let header = try #require(PNGHeader(data))
      #expect(header.width == side && header.height == side, "\(name)")
      #expect(header.colorType == 2, "\(name)")
    }
    let contents = try String(contentsOfFile: result.folder + "/Contents.json", encoding: .utf8)
    let legacy = [
      legacyEntry("icon-iphone-20@2x.png", "iphone", "2x", "20x20"),
      legacyEntry("icon-iphone-20@3x.png", "iphone", "3x", "20x20"),
      legacyEntry("icon-iphone-29@2x.png", "iphone", "2x", "29x29"),
      legacyEntry("icon-iphone-29@3x.png", "iphone", "3x", "29x29"),
      legacyEntry("icon-iphone-40@2x.png", "iphone", "2x", "40x40"),
      legacyEntry("icon-iphone-40@3x.png", "iphone", "3x", "40x40"),
      legacyEntry("icon-iphone-60@2x.png", "iphone", "2x", "60x60"),
      legacyEntry("icon-iphone-60@3x.png", "iphone", "3x", "60x60"),
      legacyEntry("icon-ipad-20.png", "ipad", "1x", "20x20"),
      legacyEntry("icon-ipad-20@2x.png", "ipad", "2x", "20x20"),
      legacyEntry("icon-ipad-29.png", "ipad", "1x", "29x29"),
      legacyEntry("icon-ipad-29@2x.png", "ipad", "2x", "29x29"),
      legacyEntry("icon-ipad-40.png", "ipad", "1x", "40x40"),
      legacyEntry("icon-ipad-40@2x.png", "ipad", "2x", "40x40"),
      legacyEntry("icon-ipad-76.png", "ipad", "1x", "76x76"),
      legacyEntry("icon-ipad-76@2x.png", "ipad", "2x", "76x76"),
      legacyEntry("icon-ipad-83.5@2x.png", "ipad", "2x", "83.5x83.5"),
      legacyEntry("icon-ios-marketing-1024.png", "ios-marketing", "1x", "1024x1024"),
    ]
    let head = """
      {
        "images" : [
          {
            "filename" : "icon-1024.png",
            "idiom" : "universal",
            "platform" : "ios",
            "size" : "1024x1024"
          },

      """
    let tail = """

        ],
        "info" : {
          "author" : "xcode",
          "version" : 1
        }
      }

      """
    #expect(contents == head + legacy.joined(separator: ",\n") + tail)
  }

  @Test func rewriteReplacesTheFolderAndLeavesNoStaging() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let icon = try folder.write("icon.svg", square)
    var options = AppIconOptions()
    options.legacy = true
    _ = try AppIconJob.run(
      iconPath: icon, catalogPath: folder.path("App.xcassets"), options: options)
    options.legacy = false
    _ = try AppIconJob.run(
      iconPath: icon, catalogPath: folder.path("App.xcassets") + "/", options: options)
    #expect(
      folder.listing() == [
        "App.xcassets", "App.xcassets/AppIcon.appiconset",
        "App.xcassets/AppIcon.appiconset/Contents.json",
        "App.xcassets/AppIcon.appiconset/icon-1024.png", "App.xcassets/Contents.json", "icon.svg",
      ])
  }

  @Test func validatesWhatItWrote() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let icon = try folder.write("icon.svg", square)
    // A set whose name differs only in case is refused before anything is written (issue 32,
    // sixth trial: an asset name taken elsewhere in the catalog); what is written is checked.
    try folder.write("App.xcassets/appicon.appiconset/Contents.json", "{\"images\" : []}")
    let catalog = folder.path("App.xcassets")
    #expect(
      throws: GlyphsmithError.unusable(
        path: icon,
        problem:
          "app icon set 'AppIcon' (\(catalog)/AppIcon.appiconset) would collide with \(catalog)/appicon.appiconset (asset names are unique in a catalog, whatever their folder or type: Xcode cannot load both); give --name another name or rename it"
      )
    ) {
      try AppIconJob.run(iconPath: icon, catalogPath: catalog, options: AppIconOptions())
    }
    #expect(!FileManager.default.fileExists(atPath: catalog + "/AppIcon.appiconset"))
    // Without it, the set written validates clean.
    try FileManager.default.removeItem(atPath: catalog + "/appicon.appiconset")
    let result = try AppIconJob.run(
      iconPath: icon, catalogPath: catalog, options: AppIconOptions())
    #expect(result.findings.map(\.rule) == [])
  }

  /// The mask is the superellipse of exponent 5: its area is Γ(1.2)² / Γ(1.4) = 0.95015 of
  /// the square (the formula for |x|^n + |y|^n <= 1), its corners empty, its edges' middles
  /// and centre full.
  @Test func theCornerMaskIsTheSuperellipse() throws {
    let side = 1024
    let mask = try AppIconMask.coverage(side: side)
    let area = Double(mask.reduce(0) { $0 + Int($1) }) / 255 / Double(side * side)
    #expect(abs(area - 0.95015) < 0.0005, "\(area)")
    #expect(mask[0] == 0 && mask[side - 1] == 0 && mask[side * side - 1] == 0)
    #expect(mask[512 * side] == 255 && mask[512 * side + 512] == 255 && mask[512] == 255)
    // Along the diagonal the outline is at 2^(-1/5) of the half side from the centre.
    let inside = Int(512 - 512 * pow(2, -0.2))  // 66.3 px in from the corner
    #expect(mask[(inside - 2) * side + inside - 2] == 0)
    #expect(mask[(inside + 2) * side + inside + 2] == 255)
  }

  /// Issue 22: a black glyph on transparent is invisible as a dark or tinted layer, a tinted
  /// layer in colour loses its colour, a dark layer with an opaque light background is wrong.
  @Test func darkAndTintedLayersThatWouldNotShow() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let icon = try folder.write("icon.svg", square)
    let black = try folder.write(
      "black.svg", svg(viewBox: "0 0 10 10", body: "<circle cx=\"5\" cy=\"5\" r=\"4\"/>"))
    let white = try folder.write(
      "white.svg",
      svg(viewBox: "0 0 10 10", body: "<circle cx=\"5\" cy=\"5\" r=\"4\" fill=\"#fff\"/>"))
    let red = try folder.write("red.svg", disc)
    let paper = try folder.write(
      "paper.svg",
      svg(
        viewBox: "0 0 10 10",
        body: "<rect width=\"10\" height=\"10\" fill=\"#fff\"/><circle cx=\"5\" cy=\"5\" r=\"3\"/>")
    )
    func warnings(dark: String?, tinted: String?) throws -> [String] {
      var options = AppIconOptions()
      options.darkPath = dark
      options.tintedPath = tinted
      return try AppIconJob.run(
        iconPath: icon, catalogPath: folder.path("App.xcassets"), options: options
      ).diagnostics.descriptions
    }
    #expect(
      try warnings(dark: black, tinted: black) == [
        "\(black): warning: the dark icon is invisible on the dark home screen: 0.0 % of it stands out against black (contrast 3:1 or more); iOS 18 draws dark icons on a dark background, so give a light or colourful glyph on transparent (a black glyph on transparent shows nothing)",
        "\(black): warning: the tinted icon is invisible: 0.0 % of it is light enough to carry the tint (contrast 3:1 or more against black); iOS 18 makes tinted icons from the layer's luminance, so dark ink vanishes; give a white or light grey glyph on transparent",
      ])
    #expect(try warnings(dark: white, tinted: white) == [])
    #expect(
      try warnings(dark: paper, tinted: red) == [
        "\(paper): warning: the dark icon has an opaque light background (corner #FFFFFF); iOS 18 draws dark icons on its own dark background; leave the background transparent",
        "\(red): warning: the tinted icon is in colour (100.0 % of its ink); iOS 18 keeps only its luminance and applies the tint; give a greyscale image",
      ])
  }

  @Test func rejectsTranslucentBackgroundAndBadNames() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let icon = try folder.write("icon.svg", square)
    var options = AppIconOptions()
    options.background = RGBA8(r: 0, g: 0, b: 0, a: 128)
    #expect(
      throws: GlyphsmithError.invalidOption(
        "the app icon background #00000080 must be opaque (alpha FF); use #RRGGBB")
    ) {
      try AppIconJob.run(iconPath: icon, catalogPath: folder.path("A.xcassets"), options: options)
    }
    options = AppIconOptions()
    options.name = "a/b"
    #expect(throws: GlyphsmithError.self) {
      try AppIconJob.run(iconPath: icon, catalogPath: folder.path("A.xcassets"), options: options)
    }
    #expect(folder.listing() == ["icon.svg"])
  }
}
