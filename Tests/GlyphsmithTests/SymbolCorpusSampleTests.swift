import Foundation
import GlyphsmithRender
import GlyphsmithTestFixtures
import Testing

@testable import Glyphsmith

/// Issue 27's checks on a sample of the corpus (40 Lucide stroked and 12 Heroicons filled
/// icons in `Tests/GlyphsmithTestFixtures/Fixtures`; `scripts/symbol-weights.sh` runs the same
/// checks on all 2,100): ink grows Ultralight < Regular < Black, every contour keeps its
/// direction in all three weights, Black keeps at least 2 units to its margins, `validate`
/// finds nothing, and the holes of filled art stay open at Black.
@Suite("Symbols: corpus sample")
struct SymbolCorpusSampleTests {
  static let fixtures = PixelmatchFixtures.directory.deletingLastPathComponent()

  static func icons(_ folder: String) -> [String] {
    let url = fixtures.appendingPathComponent(folder)
    let names = (try? FileManager.default.contentsOfDirectory(atPath: url.path)) ?? []
    return names.filter { $0.hasSuffix(".svg") }.sorted().map { folder + "/" + $0 }
  }

  static let sample = icons("lucide-stroke") + icons("heroicons-solid")

  @Test func sampleIsTheFixtures() {
    #expect(Self.sample.count == 52)
  }

  @Test(arguments: sample)
  func weightsInkDirectionsBearingsAndValidate(_ icon: String) throws {
    let path = Self.fixtures.appendingPathComponent(icon).path
    let outline = try SymbolBuilder.build(path: path)
    #expect(outline.method != .copied)
    #expect(outline.isCompatible)
    // Ink, as librsvg draws the written template.
    let template = SymbolTemplateWriter.svg(outline)
    let document = try SVGDocument(
      data: try Data(contentsOf: URL(fileURLWithPath: path)), path: path, baseDirectory: nil)
    let measured = try SymbolMeasure.measure(template: template, outline: outline, source: document)
    #expect(measured.inkGrows, "ink \(measured.ink)")
    #expect(measured.regularMatch >= 0.99)
    // Directions, and holes of filled art open at Black.
    for symbolPath in outline.paths {
      let regular = SymbolInk.areas(try #require(symbolPath.weights[.regular]))
      let largest = regular.max { abs($0) < abs($1) } ?? 0
      for weight in [SymbolWeight.ultralight, .black] {
        let areas = SymbolInk.areas(try #require(symbolPath.weights[weight]))
        #expect(areas.count == regular.count)
        #expect(zip(areas, regular).allSatisfy { $0 * $1 > 0 }, "\(weight) turns a contour over")
        if outline.method == .fill && weight == .black {
          for (a, r) in zip(areas, regular) where r * largest < 0 {
            #expect(abs(a) >= SymbolWeights.keptArea * abs(r), "a hole closes at Black")
          }
        }
      }
    }
    // Side bearing at Black.
    let black = VectorPath(outline.paths.flatMap { ($0.weights[.black] ?? VectorPath()).elements })
    let ink = try #require(SymbolInk.bounds(black))
    let margin = try #require(outline.margins[.black])
    let left = SymbolTemplateWriter.leftMargin(outline, .black)
    #expect(ink.x >= 2)
    #expect(margin.right - (left + ink.x + ink.width) >= 2)
    #expect(
      SymbolSetCheck.checkTemplate(template, path: icon, asset: "a", file: "a.svg").isEmpty)
  }
}
