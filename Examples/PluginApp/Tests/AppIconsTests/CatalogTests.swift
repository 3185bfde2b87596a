import AppIcons
import Foundation
import Testing

/// The catalog `GlyphsmithAssets` generated from `Sources/AppIcons/Icons/` at build time, read
/// from the target's resource bundle: exactly one image set per icon, each with the three PNGs
/// at their tab bar sizes and the `Contents.json` Xcode writes for a template image.
@Suite struct CatalogTests {
  /// Tab bar glyph sizes in px at @1x (HIG "Tab bars", fitted by shape: bell and heart are
  /// circles, 25 pt; map-pin is tall, 28 pt tall at most, on a 23 pt wide canvas).
  static let sizes = ["bell": (25, 25), "heart": (25, 25), "map-pin": (23, 28)]

  @Test func theCatalogHoldsOneImageSetPerIcon() throws {
    let catalog = try #require(AppIcons.catalog)
    let files = try FileManager.default.subpathsOfDirectory(atPath: catalog.path)
      .filter { !$0.hasSuffix(".imageset") && !$0.hasPrefix(".") }.sorted()
    let expected =
      ["Contents.json"]
      + Self.sizes.keys.flatMap { name in
        ["Contents.json", "\(name).png", "\(name)@2x.png", "\(name)@3x.png"].map {
          "\(name).imageset/\($0)"
        }
      }
    #expect(files == expected.sorted())
  }

  @Test(arguments: ["bell", "heart", "map-pin"])
  func eachScaleHasItsSize(name: String) throws {
    let set = try #require(AppIcons.catalog).appendingPathComponent("\(name).imageset")
    let (width, height) = try #require(Self.sizes[name])
    for (scale, file) in [1: "\(name).png", 2: "\(name)@2x.png", 3: "\(name)@3x.png"] {
      let size = try pngSize(set.appendingPathComponent(file))
      #expect(size.width == width * scale && size.height == height * scale, "\(file): \(size)")
    }
    let contents =
      try JSONSerialization.jsonObject(
        with: Data(contentsOf: set.appendingPathComponent("Contents.json"))) as? [String: Any]
    let images = contents?["images"] as? [[String: String]] ?? []
    #expect(
      images.map { $0["filename"] ?? "" } == ["\(name).png", "\(name)@2x.png", "\(name)@3x.png"])
    #expect(images.map { $0["scale"] ?? "" } == ["1x", "2x", "3x"])
    #expect(
      (contents?["properties"] as? [String: String])?["template-rendering-intent"] == "template")
  }

  /// Width and height in px from a PNG's IHDR chunk (bytes 16-23, big-endian).
  func pngSize(_ url: URL) throws -> (width: Int, height: Int) {
    let bytes = [UInt8](try Data(contentsOf: url))
    try #require(bytes.count > 24 && bytes[12..<16].elementsEqual(Array("IHDR".utf8)))
    let int = { (at: Int) in bytes[at..<(at + 4)].reduce(0) { $0 << 8 | Int($1) } }
    return (int(16), int(20))
  }
}
