import BrandIcons
import Foundation
import Testing

/// What `GlyphsmithAssets` built from `Sources/BrandIcons/glyphsmith.json`: its `ios.catalog`
/// (`Brand.xcassets`, with compact sets, `heart` in its original colours by the rule) and its
/// `android.res`, both placed in the plugin's work folder and bundled as resources.
@Suite struct ProjectCatalogTests {
  @Test func theCatalogHasRegularAndCompactSets() throws {
    let catalog = try #require(BrandIcons.catalog)
    let sets = try FileManager.default.contentsOfDirectory(atPath: catalog.path)
      .filter { $0.hasSuffix(".imageset") }.sorted()
    #expect(
      sets == [
        "heart-compact.imageset", "heart.imageset", "star-compact.imageset", "star.imageset",
      ])
    // Tab bar circles: 25 pt regular, 18 pt compact (HIG "Tab bars").
    for (set, points) in [("heart", 25), ("heart-compact", 18), ("star", 25), ("star-compact", 18)]
    {
      let folder = catalog.appendingPathComponent("\(set).imageset")
      for (scale, suffix) in [(1, ""), (2, "@2x"), (3, "@3x")] {
        let size = try pngSize(folder.appendingPathComponent("\(set)\(suffix).png"))
        #expect(size == [points * scale, points * scale], "\(set)\(suffix).png")
      }
    }
    #expect(try intent(catalog, "heart") == "original")
    #expect(try intent(catalog, "star") == "template")
  }

  @Test func androidDrawablesHaveEveryDensity() throws {
    let res = try #require(BrandIcons.androidResources)
    // 24 dp (Material's icon size) at mdpi 1x, hdpi 1.5x, xhdpi 2x, xxhdpi 3x, xxxhdpi 4x.
    for (density, px) in [
      ("mdpi", 24), ("hdpi", 36), ("xhdpi", 48), ("xxhdpi", 72), ("xxxhdpi", 96),
    ] {
      for name in ["heart", "star"] {
        let size = try pngSize(res.appendingPathComponent("drawable-\(density)/\(name).png"))
        #expect(size == [px, px], "drawable-\(density)/\(name).png")
      }
    }
  }

  /// The `template-rendering-intent` of `NAME.imageset/Contents.json`.
  func intent(_ catalog: URL, _ name: String) throws -> String? {
    let data = try Data(
      contentsOf: catalog.appendingPathComponent("\(name).imageset/Contents.json"))
    let contents = try JSONSerialization.jsonObject(with: data) as? [String: Any]
    return (contents?["properties"] as? [String: String])?["template-rendering-intent"]
  }

  /// Width and height in px from a PNG's IHDR chunk (bytes 16-23, big-endian).
  func pngSize(_ url: URL) throws -> [Int] {
    let bytes = [UInt8](try Data(contentsOf: url))
    try #require(bytes.count > 24 && bytes[12..<16].elementsEqual(Array("IHDR".utf8)))
    return [16, 20].map { at in bytes[at..<(at + 4)].reduce(0) { $0 << 8 | Int($1) } }
  }
}
