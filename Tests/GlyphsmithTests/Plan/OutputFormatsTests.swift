import Foundation
import Testing

@testable import Glyphsmith

/// `OutputFormats`: one value per written format, each reading back the fingerprint it
/// encodes; the plan's format names are the registry's.
@Suite("Output formats: one registry, each format reads its fingerprint back")
struct OutputFormatsTests {
  static let square = svg(
    viewBox: "0 0 24 24", body: "<rect x=\"4\" y=\"4\" width=\"16\" height=\"16\"/>")

  @Test func namesAreUniqueAndTheBuiltInsAreRegistered() {
    let names = OutputFormats.all.map(\.name)
    #expect(names == ["png", "pdf", "svg", "vector-drawable", "ico"])
    #expect(Set(names).count == names.count)
    #expect(OutputFormats.named("vector-drawable")?.fileExtension == "xml")
    #expect(OutputFormats.named("pdf")?.fileExtension == "pdf")
    #expect(OutputFormats.named("eps") == nil)
    #expect(OutputFormats.rendered(forPath: "a/home.PDF")?.name == "pdf")
    #expect(OutputFormats.rendered(forPath: "home.xml")?.name == "vector-drawable")
    #expect(OutputFormats.rendered(forPath: "home.ico") == nil)
    #expect(OutputFormats.drawn("svg", at: .catalog)?.name == "svg")
    #expect(OutputFormats.drawn("vector-drawable", at: .catalog) == nil)
  }

  /// `drawnFormats` (statically typed, no runtime cast) is exactly the drawn formats of `all`,
  /// in its order; the lookups through it answer as casting `all` did.
  @Test func drawnFormatsAreTheDrawnOnesOfAll() {
    let cast = OutputFormats.all.compactMap { $0 as? any DrawnOutputFormat }.map(\.name)
    #expect(OutputFormats.drawnFormats.map(\.name) == cast)
    #expect(cast == ["png", "pdf", "svg", "vector-drawable"])
    #expect(OutputFormats.rendered("png")?.name == "png")
    #expect(OutputFormats.rendered("ico") == nil)
    #expect(OutputFormats.rendered(forPath: "x.png")?.name == "png")
    #expect(OutputFormats.rendered(forPath: "x.SVG")?.name == "svg")
    #expect(OutputFormats.rendered(forPath: "x") == nil)
    #expect(OutputFormats.drawn("vector", at: .android)?.name == "vector-drawable")
  }

  @Test func eachDrawnFormatReadsBackTheFingerprintItEncodes() throws {
    let artwork = try Artwork(data: Data(Self.square.utf8), path: "square.svg", baseDirectory: nil)
    let fingerprint = String(repeating: "ab", count: 32)
    var render = RenderOptions()
    render.role = .plain
    render.widthPx = 24
    render.heightPx = 24
    let source = OutputSource(
      artwork: artwork, fingerprint: fingerprint, minSdk: 21, shape: nil, sizePt: nil)
    var pngs: [(side: Int, data: Data)] = []
    let formats: [any DrawnOutputFormat] = [
      OutputFormats.png, OutputFormats.vectorDrawable, OutputFormats.pdf, OutputFormats.svg,
    ]
    for format in formats {
      var file = PlannedAssetFile(
        name: "square." + format.fileExtension, render: render, reportPath: "square")
      file.format = format
      let encoded = try format.encode(file, from: source)
      #expect(format.fingerprint(in: encoded.data) == fingerprint, "\(format.name)")
      #expect(OutputFormats.carriesFingerprint(encoded.data))
      let found = try #require(format.existing(encoded.data, file: file, fingerprint: fingerprint))
      #expect(found.width == 24 && found.height == 24)
      #expect(format.existing(encoded.data, file: file, fingerprint: "other") == nil)
      // PNG, PDF and SVG record the glyph's shape and size; a VectorDrawable does not.
      #expect((found.glyph != nil) == format.recordsGlyph, "\(format.name)")
      #expect(format.recordsGlyph == ["png", "pdf", "svg"].contains(format.name))
      if format.isRaster { pngs = [(side: 24, data: encoded.data)] }
    }
    let ico = OutputFormats.ico.pack(pngs + pngs)
    #expect(OutputFormats.ico.fingerprint(in: ico) == fingerprint)
    #expect(OutputFormats.carriesFingerprint(Data(Self.square.utf8)) == false)
  }
}
