import Foundation
import GlyphsmithRender
import Testing

@testable import Glyphsmith

@Suite("Vector model: what librsvg paints, as paths, and the writers over it")
struct VectorModelTests {
  static let painted = """
    <svg xmlns="http://www.w3.org/2000/svg" width="24" height="24" viewBox="0 0 12 12">
    <path d="M1 1h5v5z" fill="#ff8800" fill-opacity="0.5" fill-rule="evenodd"/>
    <path d="M1 10h10" stroke="red" stroke-width="2" stroke-dasharray="2 3"
      stroke-dashoffset="1" stroke-linecap="round" stroke-linejoin="bevel" fill="none"/>
    </svg>
    """

  func model(_ text: String) throws -> VectorModel {
    let artwork = try Artwork(data: Data(text.utf8), path: "v.svg", baseDirectory: nil)
    return try #require(artwork.svg).vectorModel()
  }

  @Test func recordsPathsPaintsAndStrokesInCanvasPixels() throws {
    let model = try model(Self.painted)
    #expect(model.canvas == Size(width: 24, height: 24))
    #expect(model.isPlain)
    #expect(model.paths.count == 2)
    let fill = model.paths[0]
    #expect(fill.paint == .fill(evenOdd: true))
    #expect(fill.isEvenOdd)
    #expect(fill.path.svgData(decimals: 3) == "M2 2 L12 2 L12 12 Z M2 2")
    let colour = try #require(fill.color)
    #expect(colour.hexRGB == "#FF8800")
    // Cairo keeps opacity in 8 bits: 0.5 is 128/255.
    #expect(abs(colour.alpha - 128.0 / 255) < 1e-6)
    let stroke = model.paths[1]
    let style = try #require(stroke.stroke)
    // The viewBox is 12 units on a 24 px canvas: every length doubles.
    #expect(abs(style.width - 4) < 1e-6)
    #expect(style.cap == .round)
    #expect(style.join == .bevel)
    #expect(style.miterLimit == 4)
    #expect(style.dashes.count == 2)
    #expect(abs(style.dashes[0] - 4) < 1e-6 && abs(style.dashes[1] - 6) < 1e-6)
    #expect(abs(style.dashOffset - 2) < 1e-6)
    #expect(stroke.color?.hexRGB == "#FF0000")
    #expect(stroke.path.svgData(decimals: 3) == "M2 20 L22 20")
  }

  @Test("filters, images and text are named from the elements and never drawn at 4096 units")
  func unrecordableFeaturesAreNotRecorded() throws {
    let model = try self.model(
      """
      <svg xmlns="http://www.w3.org/2000/svg" width="24" height="24" viewBox="0 0 24 24">
      <filter id="b"><feGaussianBlur stdDeviation="4"/></filter>
      <rect id="soft" width="24" height="24" filter="url(#b)"/>
      <image id="photo" width="4" height="4" href="data:image/png;base64,AAAA"/>
      <text id="t" y="20" font-size="4000">A</text>
      </svg>
      """)
    #expect(!model.isRecorded)
    #expect(model.paths.isEmpty)
    #expect(model.canvas == Size(width: 24, height: 24))
    #expect(
      model.unexpressed.map(\.description) == [
        "filters (<rect id=\"soft\"> line 3)", "embedded images (<image id=\"photo\"> line 4)",
        "text (<text id=\"t\"> line 5)",
      ])
    // `filter="none"` is no filter: recorded as before.
    let none = try self.model(
      """
      <svg xmlns="http://www.w3.org/2000/svg" width="24" height="24"><rect width="4" \
      height="4" filter="none"/></svg>
      """)
    #expect(none.isRecorded && none.isPlain && none.paths.count == 1)
    #expect(LoadedSVG.declaresFilter(Data(".f { FILTER\n: blur(1px) }".utf8)))
    #expect(LoadedSVG.declaresFilter(Data("filter:url(#b)".utf8)))
    #expect(!LoadedSVG.declaresFilter(Data(".filter-icon { fill: red } #x-filter { }".utf8)))
    #expect(!LoadedSVG.declaresFilter(Data("<filter id=\"b\"/> filter=\"url(#b)\" myfilter:".utf8)))
  }

  /// Trial t36: a mask set in a style sheet was refused as "group opacity, masks, patterns
  /// or text" naming no element; the `<style>` element is named, as for a sheet's filter.
  @Test func aMaskFromAStyleSheetNamesTheStyleElement() throws {
    let model = try self.model(
      """
      <svg xmlns="http://www.w3.org/2000/svg" width="24" height="24" viewBox="0 0 24 24">
      <defs><mask id="m"><rect width="12" height="24" fill="white"/></mask></defs>
      <style>.m { mask: url(#m) }</style>
      <rect class="m" width="24" height="24"/>
      </svg>
      """)
    #expect(!model.isPlain)
    #expect(!model.unexpressed.isEmpty)
    #expect(model.unexpressed.allSatisfy { $0.element?.label == "<style> line 3" })
    #expect(LoadedSVG.declares("mask", Data(".m{MASK :url(#m)}".utf8)))
    #expect(!LoadedSVG.declares("mask", Data("<mask id=\"m\"/> mask=\"url(#m)\" .mask-x:".utf8)))
  }

  @Test func isComputedOnceAndShared() throws {
    let artwork = try Artwork(data: Data(Self.painted.utf8), path: "v.svg", baseDirectory: nil)
    let svg = try #require(artwork.svg)
    let counter = ParseCounter()
    try ParseCounter.$current.withValue(counter) {
      let first = try svg.vectorModel()
      let second = try svg.vectorModel()
      #expect(first == second)
    }
    // One read of Cairo's SVG output, no new librsvg load.
    #expect(counter.libxml2Parses == 1)
    #expect(counter.librsvgLoads == 0)
  }

  @Test func namesTheElementBehindWhatPathsCannotExpress() throws {
    let model = try model(
      """
      <svg xmlns="http://www.w3.org/2000/svg" width="24" height="24">
      <rect width="4" height="4"/>
      <g id="faded" opacity="0.5"><rect x="8" width="4" height="4"/></g>
      </svg>
      """)
    #expect(!model.isPlain)
    #expect(
      model.unexpressed.map(\.description) == [
        "masks or group opacity (<g id=\"faded\"> line 3)",
        "group opacity, masks, patterns or text (drawn as a reused group) (<g id=\"faded\"> line 3)",
      ])
  }

  @Test func aWriterIsOneFileAndOneRegistryLine() throws {
    // The one line a new format adds to `VectorWriters.all`:
    let writers = VectorWriters.all + [OutlineTextWriter()]
    #expect(Set(writers.map(\.name)).count == writers.count)
    let writer = try #require(VectorWriters.writer(named: "outline-text", among: writers))
    #expect(writer.fileExtension == "txt")
    let model = try model(Self.painted)
    let data = try writer.write(
      model, to: VectorTarget(fitting: model, into: Size(width: 48, height: 24)))
    #expect(
      String(decoding: data, as: UTF8.self) == """
        size 48.0 24.0
        fill evenodd #FF8800 M14 2 L24 2 L24 12 Z M14 2
        stroke 4 #FF0000 M14 20 L34 20

        """)
  }

  @Test func registeredWritersHaveUniqueNames() {
    let names = VectorWriters.all.map(\.name)
    #expect(Set(names).count == names.count)
    #expect(names.allSatisfy { $0 == $0.lowercased() && !$0.isEmpty })
  }
}
