import Foundation
import GlyphsmithTestFixtures
import Testing

@testable import Glyphsmith

/// Issue 35: the preview of an Icon Composer bundle (`appicon NAME.icon --preview FILE`):
/// properties resolved per appearance as Icon Composer picks them, colours converted from
/// Display P3, and the approximation of each appearance on the three shapes pinned by goldens
/// for two of Apple's bundles in light, dark and tinted.
@Suite struct IconComposerPreviewTests {
  static let criticalmaps = "criticalmaps-ios/iOS/AppIcon.icon"
  static let tinkerer = "AssetCatalogTinkerer/Resources/AppIconV5.icon"

  static func open(_ name: String) throws -> IconComposerBundle {
    try IconComposerBundle(path: IconComposerFixtures.bundle(name).path)
  }

  @Test(
    arguments: [
      (criticalmaps, "criticalmaps-AppIcon"), (tinkerer, "AssetCatalogTinkerer-AppIconV5"),
    ], [IconAppearance.light, .dark, .tinted])
  func previewRowsMatchTheirGoldens(bundle: (String, String), appearance: IconAppearance) throws {
    let row = try IconComposerPreview.row(Self.open(bundle.0), appearance: appearance)
    #expect(row.width == 696 && row.height == 204)
    try IndicatorGolden.check(row, "iconcomposer/\(bundle.1)-\(appearance.rawValue).png")
  }

  @Test func theSheetIsTheSameBytesEveryTime() throws {
    let first = try PNGCodec.encode(IconComposerPreview.sheet(Self.open(Self.criticalmaps)))
    let second = try PNGCodec.encode(IconComposerPreview.sheet(Self.open(Self.criticalmaps)))
    #expect(first == second)
    let sheet = try PNGCodec.decode(first, path: "sheet.png")
    // Title and notes, the heads, 4 rows of 204 px, the layers' heading and one row of 4.
    #expect(sheet.width == 696 && sheet.height == 1159)
    let tinkerer = try IconComposerPreview.sheet(Self.open(Self.tinkerer))
    // 8 layer files: two rows of thumbnails.
    #expect(tinkerer.width == 696 && tinkerer.height == 1301)
  }

  @Test func specializationsResolveAsIconComposerPicksThem() throws {
    typealias Document = IconComposerDocument
    let property = Document.Property<Double>(
      specializations: [
        .init(value: 1), .init(appearance: .dark, value: 0),
        .init(idiom: .watchOS, value: 0.5), .init(appearance: .dark, idiom: .watchOS, value: 0.25),
      ])
    #expect(property.resolved(appearance: nil) == 1)
    #expect(property.resolved(appearance: .light) == 1)
    #expect(property.resolved(appearance: .dark) == 0)
    #expect(property.resolved(appearance: .tinted) == 1)
    #expect(property.resolved(appearance: .tinted, idiom: .watchOS) == 0.5)
    #expect(property.resolved(appearance: .dark, idiom: .watchOS) == 0.25)
    // The plain value when no entry applies; nothing when neither is there.
    let plain = Document.Property<Double>(
      0.7, specializations: [.init(appearance: .dark, value: 0)])
    #expect(plain.resolved(appearance: .tinted) == 0.7)
    #expect(plain.resolved(appearance: .dark) == 0)
    #expect(Document.Property<Double>().resolved(appearance: .dark) == nil)
  }

  @Test func coloursAreConvertedToSRGB() throws {
    func parse(_ text: String) throws -> IconComposerDocument.Color {
      try IconComposerDocument.Color.parse(text).get()
    }
    #expect(
      IconComposerRenderer.rgba(try parse("display-p3:1.00000,1.00000,1.00000,1.00000"))
        == RGBA8(r: 255, g: 255, b: 255))
    // Display P3 red is outside sRGB: clamped.
    #expect(
      IconComposerRenderer.rgba(try parse("display-p3:1.00000,0.00000,0.00000,1.00000"))
        == RGBA8(r: 255, g: 0, b: 0))
    // The writer's --background #0A84FF read back.
    #expect(
      IconComposerRenderer.rgba(try parse("display-p3:0.23062,0.50976,0.96733,1.00000"))
        == RGBA8(r: 10, g: 132, b: 255))
    #expect(
      IconComposerRenderer.rgba(try parse("extended-gray:0.50000,0.50000"))
        == RGBA8(r: 128, g: 128, b: 128, a: 128))
    #expect(
      IconComposerRenderer.rgba(try parse("extended-srgb:0.00000,0.47843,1.20000,1.00000"))
        == RGBA8(r: 0, g: 122, b: 255))
  }

  @Test func theDarkSceneOfCriticalmapsLeavesOutWhatIsHiddenThere() throws {
    let document = try Self.open(Self.criticalmaps).document
    func names(_ appearance: IconAppearance) -> [[String]] {
      IconScene(document, appearance: appearance).groups.map { $0.layers.map(\.imageName) }
    }
    #expect(names(.light) == [["Yellow 2.svg", "White 2.svg", "Black 2.svg"], ["Background.svg"]])
    // Yellow 2, White 2 and the background have opacity 0 in dark.
    #expect(names(.dark) == [["Black 2.svg"]])
    #expect(
      names(.tinted) == [["Yellow 2.svg", "White 2.svg", "Black 2.svg"], ["Background.svg"]])
    let dark = IconScene(document, appearance: .dark)
    // No dark fill of its own: the system's dark background.
    #expect(dark.fill == nil)
    #expect(
      dark.groups[0].layers[0].fill
        == .solid(
          try IconComposerDocument.Color.parse(
            "display-p3:0.94339,0.96611,0.94373,1.00000"
          ).get()))
    // Group scale 0.9 and the layer's own translation.
    let light = IconScene(document, appearance: .light)
    #expect(light.groups[0].layers[0].scale == 0.9)
    #expect(light.groups[0].layers[0].centre.x == 512 + 0.9 * -0.07095166147213264)
    #expect(light.groups[0].specular == false && dark.groups[0].specular == true)
    #expect(light.groups[0].translucency == 0.5)
  }

  @Test func theLayerStripNamesTheAppearancesAFileIsDrawnIn() {
    // Issue 35's second trial, finding 17: the --dark and --tinted files are labelled.
    let document = IconBundleJob.document(
      foreground: "fg.svg", dark: "moon.svg", tinted: "mono.svg", layers: ["ring.svg"],
      background: nil)
    let captions = IconComposerPreview.layerFiles(document).map { "\($0.name): \($0.caption)" }
    #expect(
      captions == [
        "fg.svg: groups[0].layers[0], light only",
        "moon.svg: groups[0].layers[0], dark only",
        "mono.svg: groups[0].layers[1], tinted only",
        "ring.svg: groups[0].layers[2]",
      ])
    // One file for --dark and --tinted: two layers draw it (fifth trial, F10: the caption
    // was cut before it said where).
    let twice = IconBundleJob.document(
      foreground: "fg.svg", dark: "night.svg", tinted: "night.svg", layers: [], background: nil)
    #expect(
      IconComposerPreview.layerFiles(twice).map { "\($0.name): \($0.caption)" } == [
        "fg.svg: groups[0].layers[0], light only",
        "night.svg: 2 layers, dark and tinted only",
      ])
    // criticalmaps draws three of its layers at opacity 0 in dark (the black outline alone).
    let maps = try? Self.open(Self.criticalmaps)
    #expect(
      maps.map { IconComposerPreview.layerFiles($0.document).map(\.caption) } == [
        "groups[0].layers[0], light and tinted only", "groups[0].layers[1], light and tinted only",
        "groups[0].layers[2]", "groups[1].layers[0], light and tinted only",
      ])
  }
}

/// Issue 35, `--dark-background`: a fill per appearance is written only in the one form
/// Apple's documents hold it (LNPopupController's `fill-specializations`: an automatic
/// gradient each, the dark one with its orientation), so the light appearance is the
/// automatic gradient of the background colour, lighter at the top than `--background COLOR`
/// alone (a flat two-stop gradient of one colour). The rule (only forms Apple's files
/// use) outweighs the light change; docs/appicon.md says so (third trial, finding 3).
@Suite struct IconBundleDarkBackgroundTests {
  @Test func aDarkBackgroundWritesApplesFormAndLightensTheTopOfTheLightFill() throws {
    let light = RGBA8(r: 0x0A, g: 0x84, b: 0xFF)
    let dark = RGBA8(r: 0x14, g: 0x14, b: 0x14)
    let alone = IconBundleJob.document(
      foreground: "fg.svg", dark: nil, layers: [], background: .color(light))
    let both = IconBundleJob.document(
      foreground: "fg.svg", dark: nil, layers: [], background: .color(light),
      darkBackground: dark)
    #expect(both.fill.value == nil)
    #expect(both.fill.specializations?.map(\.appearance) == [nil, .dark])
    #expect(
      both.fill.specializations?.map(\.value) == [
        .automaticGradient(IconBundleJob.displayP3(light), orientation: nil),
        .automaticGradient(
          IconBundleJob.displayP3(dark),
          orientation: .init(start: .init(x: 0.5, y: 0), stop: .init(x: 0.5, y: 0.7))),
      ])
    let side = 64
    let lightAlone = IconComposerRenderer.background(
      IconScene(alone, appearance: .light), side: side)
    let lightBoth = IconComposerRenderer.background(
      IconScene(both, appearance: .light), side: side)
    func near(_ p: RGBA8, _ c: RGBA8) -> Bool {
      abs(Int(p.r) - Int(c.r)) <= 1 && abs(Int(p.g) - Int(c.g)) <= 1
        && abs(Int(p.b) - Int(c.b)) <= 1 && p.a == 255
    }
    // Alone: flat. With the dark fill: the colour from 70 % down, 20 % toward white at the top.
    #expect(near(lightAlone[0, 0], light) && near(lightAlone[63, 63], light))
    #expect(near(lightBoth[0, 63], light))
    let top = IconComposerRenderer.mix(light, .white, 0.2)
    #expect(near(lightBoth[0, 0], top), "\(lightBoth[0, 0]) vs \(top)")
    let darkBoth = IconComposerRenderer.background(IconScene(both, appearance: .dark), side: side)
    #expect(near(darkBoth[0, 63], dark))
    #expect(darkBoth[0, 0].r > darkBoth[0, 63].r)
  }
}
