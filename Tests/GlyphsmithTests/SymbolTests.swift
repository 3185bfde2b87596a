import Foundation
import GlyphsmithRender
import GlyphsmithTestFixtures
import Testing

@testable import Glyphsmith

/// Custom SF Symbols (issue 17): placement, weights, template text, validation.
@Suite("Symbols")
struct SymbolTests {
  static let root = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
  static func icon(_ name: String) -> String {
    root.appendingPathComponent("assets/icons/\(name).svg").path
  }

  /// A full-viewBox filled circle, the placement reference.
  static let circle = svg(
    width: "24", height: "24", viewBox: "0 0 24 24",
    body: #"<circle cx="12" cy="12" r="12" fill="black"/>"#)

  // MARK: - Contents.json

  @Test func contentsJSONIsXcodes() throws {
    let text = String(decoding: try SymbolSetWriter.contents(name: "bell"), as: UTF8.self)
    #expect(
      text == """
        {
          "info" : {
            "author" : "xcode",
            "version" : 1
          },
          "symbols" : [
            {
              "filename" : "bell.svg",
              "idiom" : "universal"
            }
          ]
        }

        """)
  }

  // MARK: - Placement

  @Test func circleInkIsTheSFCircleWithAppleSideBearings() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let outline = try SymbolBuilder.build(path: try folder.write("circle.svg", Self.circle))
    #expect(outline.method == .fill)
    // The ink, not the canvas, is sized: 78.85 units, Apple's circle at Regular-S.
    #expect(abs(outline.height - 78.85) < 1e-9)
    let bounds = try #require(outline.paths.first?.weights[.regular]?.controlBounds)
    #expect(abs(bounds.x - 6.84) < 0.002)
    #expect(abs(bounds.width - 78.85) < 0.002)
    // Centred on the middle of the cap height: 70.459 / 2 above the baseline.
    #expect(abs((bounds.y + bounds.height / 2) - (-35.2295)) < 0.002)
    // Margins: the ink plus Apple's circle side bearing (6.84) on each side, centred on the
    // Regular column (1449.84): 92.53 wide, Apple's Regular-S circle margins.
    #expect(abs(SymbolTemplateWriter.leftMargin(outline, .regular) - 1403.575) < 0.0015)
    let text = SymbolTemplateWriter.text(outline)
    #expect(text.contains(#"<g id="Regular-S" transform="matrix(1 0 0 1 1403.575 696)">"#))
    #expect(text.contains(#"<line id="right-margin-Regular-S""#))
    #expect(text.contains(#"x1="1496.105""#))
    #expect(text.contains(#"<g id="H-reference" style="fill:#27AAE1;stroke:none;""#))
    #expect(text.contains(#"<text id="template-version""#))
    #expect(text.contains(">Template v.3.0</text>"))
  }

  @Test(arguments: [
    // Lucide's square and circle (ISC; the shared corpus's `square.svg` and `circle.svg`),
    // against Apple's square and circle exports: margin widths at Ultralight-S, Regular-S,
    // Black-S and side bearing (docs/symbols.md, "Margins").
    (#"<rect width="18" height="18" x="3" y="3" rx="2"/>"#, [86.72, 90.67, 95.80], 9.77),
    (#"<circle cx="12" cy="12" r="10"/>"#, [88.12, 92.53, 97.66], 6.84),
  ])
  func lucideSquareAndCircleHaveApplesMargins(body: String, widths: [Double], bearing: Double)
    throws
  {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let path = try folder.write(
      "icon.svg",
      #"<svg xmlns="http://www.w3.org/2000/svg" width="24" height="24" viewBox="0 0 24 24" "#
        + #"fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" "#
        + #"stroke-linejoin="round">\#(body)</svg>"#)
    let outline = try SymbolBuilder.build(path: path)
    for (weight, width) in zip(SymbolWeight.allCases, widths) {
      let margin = try #require(outline.margins[weight])
      #expect(abs(margin.right - margin.left - width) < 0.1, "\(weight)")
      #expect(
        abs((margin.left + margin.right) / 2 - SymbolTemplateGeometry.columnCentre(weight)) < 0.002)
      let all = VectorPath(outline.paths.flatMap { ($0.weights[weight] ?? VectorPath()).elements })
      let ink = try #require(SymbolInk.bounds(all))
      #expect(abs(ink.x - bearing) < 0.002)
      #expect(abs(margin.right - margin.left - ink.x - ink.width - bearing) < 0.002)
    }
  }

  // MARK: - Weights

  @Test func strokeIconGetsThreeCompatibleWeightsWithGrowingInk() throws {
    let outline = try SymbolBuilder.build(path: Self.icon("bell"))
    #expect(outline.isCompatible)
    #expect(outline.method == .stroked || outline.method == .segmented)
    #expect(outline.paths.count == 2)
    #expect(outline.diagnostics.isEmpty)
    let document = try SVGDocument(
      data: try Data(contentsOf: URL(fileURLWithPath: Self.icon("bell"))), path: "bell.svg",
      baseDirectory: nil)
    let measured = try SymbolMeasure.measure(
      template: SymbolTemplateWriter.svg(outline), outline: outline, source: document)
    #expect(measured.inkGrows)
    #expect(measured.regularMatch >= 0.99)
    #expect(measured.totalPixels == 96 * 96)
    // x0.32 and x2 the stroke: ink about a third and double (caps and overlaps aside).
    #expect(measured.ink[0] / measured.ink[1] > 0.25 && measured.ink[0] / measured.ink[1] < 0.4)
    #expect(measured.ink[2] / measured.ink[1] > 1.7 && measured.ink[2] / measured.ink[1] < 2.3)
  }

  @Test func fillOnlyIconGetsCentredWeightsByDefault() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let path = try folder.write("circle.svg", Self.circle)
    var off = SymbolOptions()
    off.emboldenUnits = 0
    off.thinUnits = 0
    let plain = try SymbolBuilder.build(path: path, options: off)
    let weights = try #require(plain.paths.first?.weights)
    #expect(weights[.ultralight]?.controlBounds?.width == weights[.regular]?.controlBounds?.width)

    let bold = try SymbolBuilder.build(path: path)
    #expect(bold.isCompatible)
    func ink(_ weight: SymbolWeight) throws -> Rect {
      try #require(bold.paths.first?.weights[weight]?.controlBounds)
    }
    // 5.4 units out a side at Black, 2.2 in at Ultralight, on every side (centred: each
    // weight's ink keeps the side bearing to its own margins).
    for (weight, growth) in [(SymbolWeight.black, 5.4), (.ultralight, -2.2)] {
      let box = try ink(weight)
      #expect(abs(box.width - (try ink(.regular).width + 2 * growth)) < 0.01)
      #expect(abs(box.height - (try ink(.regular).height + 2 * growth)) < 0.01)
      #expect(abs((box.y + box.height / 2) - (-35.2295)) < 0.01)
      let margin = try #require(bold.margins[weight])
      #expect(abs(box.x - 6.84) < 0.002)
      #expect(abs(margin.right - margin.left - (box.width + 2 * 6.84)) < 0.002)
    }
  }

  @Test func emboldeningMatchesApplesFilledInkRatios() throws {
    // Apple's own filled export: Regular-S emboldened with the defaults gives the ink of its
    // Black-S and Ultralight-S within 3 %.
    let url = PixelmatchFixtures.directory.deletingLastPathComponent()
      .appendingPathComponent("symbol-exports/codeedit/custom.breakpoint.svg")
    let document = try SVGDocument(
      data: try Data(contentsOf: url), path: url.path, baseDirectory: nil)
    func outline(_ id: String) throws -> VectorPath {
      let recorded = try SVGPathRecorder.record(document, elementID: id, deviceScale: 1)
      return VectorPath(recorded.paths.flatMap(\.path.elements))
    }
    func area(_ path: VectorPath) -> Double { abs(SymbolInk.areas(path).reduce(0, +)) }
    let regular = try outline("Regular-S")
    let options = SymbolOptions()
    let bevelled = OutlineOffset.bevelled(regular)
    let black = OutlineOffset.offset(bevelled, by: options.embolden(.black))
    let light = OutlineOffset.offset(bevelled, by: options.embolden(.ultralight))
    let appleBlack = area(try outline("Black-S")) / area(regular)
    let appleLight = area(try outline("Ultralight-S")) / area(regular)
    #expect(abs(appleBlack - 1.297) < 0.002)
    #expect(abs(appleLight - 0.878) < 0.002)
    #expect(abs(area(black) / area(regular) / appleBlack - 1) < 0.03)
    #expect(abs(area(light) / area(regular) / appleLight - 1) < 0.03)
  }

  @Test func emboldenMovesEverySideEqually() throws {
    // FreeType's FT_Outline_EmboldenXY alone moved the right and top edges by twice the
    // amount and the left and bottom ones by nothing; `OutlineOffset` moves each by it.
    let square = VectorPath([
      .move(PathPoint(x: 10, y: 10)), .line(PathPoint(x: 30, y: 10)),
      .line(PathPoint(x: 30, y: 30)), .line(PathPoint(x: 10, y: 30)), .close,
    ])
    let grown = try #require(OutlineOffset.offset(square, by: 3).controlBounds)
    #expect(grown == Rect(x: 7, y: 7, width: 26, height: 26))
  }

  @Test func ringCounterClosingAtBlackKeepsItsDirection() throws {
    // A small ring: at Black (x2 the stroke) its counter closes; the contour stays, tiny
    // and turning the same way as at Regular.
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let path = try folder.write(
      "ring.svg",
      svg(
        width: "24", height: "24", viewBox: "0 0 24 24",
        body: #"<circle cx="12" cy="12" r="10" fill="none" stroke="black" stroke-width="2"/>"#
          + #"<circle cx="12" cy="12" r="1.5" fill="none" stroke="black" stroke-width="2"/>"#))
    let outline = try SymbolBuilder.build(path: path)
    #expect(outline.isCompatible)
    for symbolPath in outline.paths {
      let regular = SymbolInk.areas(try #require(symbolPath.weights[.regular]))
      for weight in [SymbolWeight.ultralight, .black] {
        let areas = SymbolInk.areas(try #require(symbolPath.weights[weight]))
        #expect(areas.count == regular.count)
        #expect(zip(areas, regular).allSatisfy { $0 * $1 > 0 })
      }
    }
  }

  @Test func evenOddFillBecomesAnEquivalentNonzeroFill() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let source = svg(
      width: "24", height: "24", viewBox: "0 0 24 24",
      body: #"<path fill-rule="evenodd" d="M2 2h20v20H2zM6 6h12v12H6z"/>"#)
    let path = try folder.write("ring.svg", source)
    let outline = try SymbolBuilder.build(path: path)
    let document = try SVGDocument(data: Data(source.utf8), path: path, baseDirectory: nil)
    let measured = try SymbolMeasure.measure(
      template: SymbolTemplateWriter.svg(outline), outline: outline, source: document)
    #expect(measured.mismatchedPixels == 0)
    let findings = SymbolSetCheck.checkTemplate(
      SymbolTemplateWriter.svg(outline), path: "ring.svg", asset: "ring", file: "ring.svg")
    #expect(findings.isEmpty)
  }

  @Test func classesMarkHierarchicalLayers() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let path = try folder.write(
      "layers.svg",
      svg(
        width: "24", height: "24", viewBox: "0 0 24 24",
        body: #"<rect x="2" y="2" width="8" height="8"/>"#
          + #"<g class="symbol-secondary"><rect x="14" y="2" width="8" height="8"/></g>"#
          + #"<rect class="symbol-tertiary" x="2" y="14" width="8" height="8"/>"#))
    let outline = try SymbolBuilder.build(path: path)
    #expect(outline.paths.map(\.layer) == [.primary, .secondary, .tertiary])
    let text = SymbolTemplateWriter.text(outline)
    #expect(text.contains(#"class="multicolor-1:tintColor hierarchical-1:secondary""#))
    #expect(text.contains(#"class="multicolor-2:tintColor hierarchical-2:tertiary""#))
    #expect(!text.contains("monochrome"))
    // Each class used is declared in the <style> block.
    for index in 0..<3 { #expect(text.contains(".multicolor-\(index):tintColor {fill:#007AFF}")) }
    #expect(text.contains(".hierarchical-1:secondary {fill:#4D4D4D}"))
    #expect(text.contains(".hierarchical-2:tertiary {fill:#999999}"))
    #expect(Self.rules(text).isEmpty)
    let plain = SymbolTemplateWriter.text(try SymbolBuilder.build(path: Self.icon("bell")))
    #expect(!plain.contains("hierarchical"))
  }

  @Test func groupOpacityIsRefusedWithTheFileAndTheReason() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let path = try folder.write(
      "label.svg",
      svg(
        width: "24", height: "24",
        body: #"<g opacity="0.5"><rect width="9" height="9"/>"#
          + #"<rect x="5" width="9" height="9"/></g>"#))
    #expect {
      _ = try SymbolBuilder.build(path: path)
    } throws: { error in
      "\(error)".contains("label.svg") && "\(error)".contains("opacity")
    }
  }

  @Test func incompatibleMiterWeightsAreCopiedAndWarned() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    // FreeType's inner miter join depends on the width next to the short middle segment.
    let path = try folder.write(
      "miter.svg",
      svg(
        width: "24", height: "24", viewBox: "0 0 24 24",
        body: #"<path d="M2 20 L12 4 L13 6 L22 20" fill="none" stroke="black" stroke-width="2"/>"#))
    let outline = try SymbolBuilder.build(path: path)
    #expect(outline.method == .copied)
    #expect(outline.isCompatible)
    #expect(outline.paths.first?.weights[.black] == outline.paths.first?.weights[.regular])
    #expect(
      outline.diagnostics.descriptions == [
        "\(path): warning: the three weights cannot be made compatible (same paths and "
          + "commands); Ultralight and Black are copies of Regular"
      ])
    #expect(
      outline.diagnostics.map { [$0.kind, $0.path] } == [[Diagnostic.Kind.symbolOutline, path]])
  }

  // MARK: - Goldens (template text)

  /// The exact template text of a few symbols, in `golden/symbols/`; recorded when missing
  /// (or with `GLYPHSMITH_RECORD=all`), never in CI.
  @Test(arguments: ["bell", "house", "search", "star"])
  func templateMatchesGolden(_ name: String) throws {
    let text = SymbolTemplateWriter.text(try SymbolBuilder.build(path: Self.icon(name)))
    let golden = Self.root.appendingPathComponent("golden/symbols/\(name).svg")
    let mode = ProcessInfo.processInfo.environment["GLYPHSMITH_RECORD"]
    let ci = ProcessInfo.processInfo.environment["CI"] == "true"
    if mode == "all" || (!FileManager.default.fileExists(atPath: golden.path) && !ci) {
      try Data(text.utf8).write(to: golden)
      return
    }
    let expected = try String(contentsOf: golden, encoding: .utf8)
    #expect(text == expected, "golden/symbols/\(name).svg differs; re-record after review")
  }

  /// The three weights of `bell`, drawn from its template by librsvg, pinned exactly.
  @Test func weightSheetEntryMatchesGolden() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let template = try folder.write("bell.svg", try Self.template())
    let entry = try SymbolSheet.entry(templatePath: template, glyphPt: 24, scale: 2)
    #expect(entry.name == "bell")
    #expect(entry.glyphs.count == 3)
    var sheet = ContactSheet()
    sheet.cellPt = 100
    try IndicatorGolden.check(try sheet.render([entry]), "symbols/bell-weights.png")
  }

  // MARK: - Validation

  static func template(_ name: String = "bell") throws -> String {
    SymbolTemplateWriter.text(try SymbolBuilder.build(path: icon(name)))
  }

  static func rules(_ text: String) -> [CatalogRule] {
    SymbolSetCheck.checkTemplate(Data(text.utf8), path: "t.svg", asset: "t", file: "t.svg")
      .map(\.rule)
  }

  @Test func writtenTemplateHasNoFindings() throws {
    #expect(Self.rules(try Self.template()).isEmpty)
  }

  @Test func missingVersionTextIsFound() throws {
    let text = try Self.template().replacingOccurrences(of: "Template v.3.0", with: "Template")
    #expect(Self.rules(text) == [.symbolTemplate])
  }

  @Test func missingMarginGuidesAreFoundOnlyWithoutAnyToFallBackTo() throws {
    // One variant without margins takes another's (Apple's fallback): no finding.
    let one = try Self.template().replacingOccurrences(
      of: #"id="left-margin-Black-S""#, with: #"id="something-else""#)
    #expect(Self.rules(one).isEmpty)
    let none = try Self.template().replacingOccurrences(of: "-margin-", with: "-guide-")
    #expect(Self.rules(none) == [.symbolGuides, .symbolGuides, .symbolGuides])
  }

  /// The `<g id="Regular-S" ...>` start tag of a template.
  static func regularGroup(_ text: String) throws -> String {
    let range = try #require(
      text.range(of: #"<g id="Regular-S" transform="[^"]*">"#, options: .regularExpression))
    return String(text[range])
  }

  static let exports = PixelmatchFixtures.directory.deletingLastPathComponent()
    .appendingPathComponent("symbol-exports")

  @Test(arguments: ["codeedit/custom.breakpoint.svg", "home-assistant/discord.fill.svg"])
  func applesOwnExportsHaveNoFindings(_ file: String) throws {
    let data = try Data(contentsOf: Self.exports.appendingPathComponent(file))
    let findings = SymbolSetCheck.checkTemplate(data, path: file, asset: "a", file: file)
    #expect(findings.map(\.message) == [])
  }

  @Test func strokedEvenOddAndHiddenPathsAreFound() throws {
    var text = try Self.template()
    let marker = try Self.regularGroup(text)
    #expect(text.contains(marker))
    text = text.replacingOccurrences(
      of: marker,
      with: marker + #"<path style="stroke:black" d="M0 0L1 0L1 1Z"/>"#
        + #"<path fill-rule="evenodd" d="M0 0L1 0L1 1Z"/><path display="none" d="M0 0L1 1Z"/>"#
        + #"<circle r="3"/>"#)
    let findings = SymbolSetCheck.checkTemplate(
      Data(text.utf8), path: "t.svg", asset: "t", file: "t.svg")
    let messages = findings.filter { $0.rule == .symbolPaths }.map(\.message)
    #expect(messages.contains { $0.contains("stroked") })
    #expect(messages.contains { $0.contains("evenodd") })
    #expect(messages.contains { $0.contains("hidden") })
    #expect(messages.contains { $0.contains("<circle> is not a path") })
    // The extra paths also break interpolation with the other weights.
    #expect(findings.contains { $0.rule == .symbolInterpolation })
  }

  @Test func openSubpathAndIncompatibleWeightsAreFound() throws {
    var text = try Self.template()
    let regular = try Self.regularGroup(text)
    text = text.replacingOccurrences(of: regular, with: regular + #"<path d="M0 0L5 0L5 5"/>"#)
    let findings = SymbolSetCheck.checkTemplate(
      Data(text.utf8), path: "t.svg", asset: "t", file: "t.svg")
    #expect(findings.contains { $0.rule == .symbolPaths && $0.message.contains("open subpath") })
    let interpolation = findings.filter { $0.rule == .symbolInterpolation }.map(\.message)
    #expect(
      interpolation == [
        "Ultralight-S has 2 paths, Regular-S 3; interpolation needs the same paths in every weight",
        "Black-S has 2 paths, Regular-S 3; interpolation needs the same paths in every weight",
      ])
  }

  @Test func partialInterpolationSourcesAreFound() throws {
    let text = try Self.template().replacingOccurrences(
      of: #"<g id="Ultralight-S""#, with: #"<g id="Thin-S""#)
    #expect(Self.rules(text).contains(.symbolVariants))
  }

  // MARK: - Paths

  @Test func normalizerDropsWhatCairoDrops() {
    func p(_ x: Double, _ y: Double) -> PathPoint { PathPoint(x: x, y: y) }
    let path = VectorPath([
      .move(p(0, 0)), .line(p(1, 0)), .line(p(2, 0)),  // collinear: merges
      .line(p(2, 0)),  // degenerate: dropped
      .line(p(2, 2)), .line(p(0, 2)), .line(p(0, 0)),  // back to the start before Z: dropped
      .close,
    ])
    #expect(PathNormalizer.normalize(path).signature == "MLLLZ")
    #expect(PathNormalizer.normalize(path).elements[1] == .line(p(2, 0)))
  }

  @Test func strokerOutlinesALineWithButtCapsAsItsRectangle() throws {
    let stroker = try OutlineStroker()
    let line = VectorPath([.move(PathPoint(x: 0, y: 0)), .line(PathPoint(x: 10, y: 0))])
    let outline = try stroker.stroke(line, style: StrokeStyle(width: 2))
    let bounds = try #require(outline.controlBounds)
    #expect(bounds == Rect(x: 0, y: -1, width: 10, height: 2))
    #expect(outline.isClosed)
    let dot = try stroker.stroke(
      VectorPath([.move(PathPoint(x: 5, y: 5)), .line(PathPoint(x: 5, y: 5))]),
      style: StrokeStyle(width: 2, cap: .round))
    #expect(dot.signature == "MCCCCZ")
    #expect(dot.controlBounds == Rect(x: 4, y: 4, width: 2, height: 2))
  }

  // MARK: - Lint source

  @Test func lintSourceIsTheRegularOutlineBetweenItsMargins() throws {
    let outline = try SymbolBuilder.build(path: Self.icon("bell"))
    let text = SymbolTemplateWriter.text(outline)
    let data = try SymbolLintSource.regularOutline(template: Data(text.utf8), path: "bell.svg")
    let svg = String(decoding: data, as: UTF8.self)
    let margin = try #require(outline.margins[.regular])
    let n = SymbolTemplateWriter.n
    let width = margin.right - margin.left
    let height = max(79, width)
    let top = SymbolTemplateGeometry.baselineS - SymbolTemplateGeometry.capHeight / 2 - height / 2
    #expect(svg.contains(#"viewBox="\#(n(margin.left)) \#(n(top)) \#(n(width)) \#(n(height))""#))
    #expect(svg.contains(#"<g transform="matrix(1 0 0 1 \#(n(margin.left)) 696)">"#))
    #expect(svg.components(separatedBy: "<path ").count - 1 == 2)
  }
}
