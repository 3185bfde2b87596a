import Foundation
import GlyphsmithRender
import GlyphsmithTestFixtures
import Testing

@testable import Glyphsmith

/// Issue 39's trial of filled symbols: sharp corners shot out as spikes at Black (Bootstrap's
/// `bell-fill` 52 % wider), separate parts merged although growth is capped at 0.35 x the
/// space between them, circles grew square and a peak grew a hook (`image-alt`), and
/// knocked-out marks got thinner at Black.
@Suite("Symbol fill weights")
struct SymbolFillWeightTests {
  /// Bootstrap Icons 1.x `bell-fill` (MIT), as the trial gave it.
  static let bellFill =
    #"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 20 20" fill="currentColor"><path d="M10 18a2 2 0 002-2H8a2 2 0 002 2zm.995-14.901a1 1 0 10-1.99 0A5.002 5.002 0 005 8c0 1.098-.5 6-2 7h14c-1.5-1-2-5.902-2-7 0-2.42-1.72-4.44-4.005-4.901z"/></svg>"#
  /// Bootstrap Icons `image-alt` (MIT).
  static let imageAlt =
    #"<svg viewBox="0 0 16 16" fill="currentColor" xmlns="http://www.w3.org/2000/svg"><path d="M10.648 6.646a.5.5 0 01.577-.093l4.777 3.947V15a1 1 0 01-1 1h-14a1 1 0 01-1-1v-2l3.646-4.354a.5.5 0 01.63-.062l2.66 2.773 3.71-4.71z"/><path fill-rule="evenodd" d="M4.5 5a2.5 2.5 0 100-5 2.5 2.5 0 000 5z" clip-rule="evenodd"/></svg>"#
  /// Heroicons 2 solid `check-circle` (MIT).
  static let checkCircle =
    #"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24" fill="currentColor"><path fill-rule="evenodd" d="M2.25 12c0-5.385 4.365-9.75 9.75-9.75s9.75 4.365 9.75 9.75-4.365 9.75-9.75 9.75S2.25 17.385 2.25 12Zm13.36-1.814a.75.75 0 1 0-1.22-.872l-3.236 4.53L9.53 12.22a.75.75 0 0 0-1.06 1.06l2.25 2.25a.75.75 0 0 0 1.14-.094l3.75-5.25Z" clip-rule="evenodd"/></svg>"#
  /// Heroicons 2 solid `tv` (MIT): a screen inside a bezel, the gap between them a hole.
  static let tv =
    #"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24" fill="currentColor"><path d="M19.5 6h-15v9h15V6Z"/><path fill-rule="evenodd" d="M3.375 3C2.339 3 1.5 3.84 1.5 4.875v11.25C1.5 17.16 2.34 18 3.375 18H9.75v1.5H6A.75.75 0 0 0 6 21h12a.75.75 0 0 0 0-1.5h-3.75V18h6.375c1.035 0 1.875-.84 1.875-1.875V4.875C22.5 3.839 21.66 3 20.625 3H3.375Zm0 13.5h17.25a.375.375 0 0 0 .375-.375V4.875a.375.375 0 0 0-.375-.375H3.375A.375.375 0 0 0 3 4.875v11.25c0 .207.168.375.375.375Z" clip-rule="evenodd"/></svg>"#
  /// Heroicons 2 solid `table-cells` (MIT): slots 2.25 thick between lines 1.5 thick, in a
  /// frame with a broad margin.
  static let tableCells =
    #"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24" fill="currentColor"><path fill-rule="evenodd" d="M1.5 5.625c0-1.036.84-1.875 1.875-1.875h17.25c1.035 0 1.875.84 1.875 1.875v12.75c0 1.035-.84 1.875-1.875 1.875H3.375A1.875 1.875 0 0 1 1.5 18.375V5.625ZM21 9.375A.375.375 0 0 0 20.625 9h-7.5a.375.375 0 0 0-.375.375v1.5c0 .207.168.375.375.375h7.5a.375.375 0 0 0 .375-.375v-1.5Zm0 3.75a.375.375 0 0 0-.375-.375h-7.5a.375.375 0 0 0-.375.375v1.5c0 .207.168.375.375.375h7.5a.375.375 0 0 0 .375-.375v-1.5Zm0 3.75a.375.375 0 0 0-.375-.375h-7.5a.375.375 0 0 0-.375.375v1.5c0 .207.168.375.375.375h7.5a.375.375 0 0 0 .375-.375v-1.5ZM10.875 18.75a.375.375 0 0 0 .375-.375v-1.5a.375.375 0 0 0-.375-.375h-7.5a.375.375 0 0 0-.375.375v1.5c0 .207.168.375.375.375h7.5ZM3.375 15h7.5a.375.375 0 0 0 .375-.375v-1.5a.375.375 0 0 0-.375-.375h-7.5a.375.375 0 0 0-.375.375v1.5c0 .207.168.375.375.375Zm0-3.75h7.5a.375.375 0 0 0 .375-.375v-1.5A.375.375 0 0 0 10.875 9h-7.5A.375.375 0 0 0 3 9.375v1.5c0 .207.168.375.375.375Z" clip-rule="evenodd"/></svg>"#
  /// A filled ring (radio button rim): a counter 7 wide in a band of ink 3 wide.
  static let ring =
    #"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24"><path fill-rule="evenodd" d="M2 12a10 10 0 1 0 20 0a10 10 0 1 0-20 0ZM5 12a7 7 0 1 0 14 0a7 7 0 1 0-14 0Z"/></svg>"#

  static func build(_ name: String, _ source: String) throws -> SymbolOutline {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    return try SymbolBuilder.build(path: try folder.write(name + ".svg", source))
  }

  /// The ink box of every path of `outline` at `weight`.
  static func box(_ outline: SymbolOutline, _ weight: SymbolWeight) throws -> Rect {
    let all = VectorPath(outline.paths.flatMap { ($0.weights[weight] ?? VectorPath()).elements })
    return try #require(SymbolInk.bounds(all))
  }

  /// Rounded to 1/100 unit.
  static func r(_ x: Double) -> Double { (x * 100).rounded() / 100 }

  /// The smallest distance between the sampled outlines of two contours.
  static func distance(_ a: VectorPath, _ b: VectorPath) -> Double {
    let (p, q) = (SymbolInk.polygon(a, steps: 16), SymbolInk.polygon(b, steps: 16))
    var best = Double.infinity
    for (from, to) in [(p, q), (q, p)] {
      for point in from {
        for k in to.indices {
          best = min(best, SymbolInk.distance(point, to[k], to[(k + 1) % to.count]))
        }
      }
    }
    return best
  }

  // MARK: - Offsetting outlines

  @Test func aSharpCornerIsClippedAtTheMiterLimit() {
    // A wedge with a 20-degree tip at (0, 0), pointing left: offset by 1, the tip would go
    // 1 / sin(10 degrees) = 5.76 out; it moves sqrt(2) instead. The right angle stays sharp.
    let wedge = VectorPath([
      .move(PathPoint(x: 0, y: 0)), .line(PathPoint(x: 20, y: -3.526_539)),
      .line(PathPoint(x: 20, y: 3.526_539)), .close,
    ])
    let grown = OutlineOffset.offset(wedge, by: 1)
    guard case .move(let tip)? = grown.elements.first else {
      Issue.record("no move")
      return
    }
    #expect(Self.r(tip.x) == -1.41 && Self.r(tip.y) == 0)
    let square = VectorPath([
      .move(PathPoint(x: 10, y: 10)), .line(PathPoint(x: 30, y: 10)),
      .line(PathPoint(x: 30, y: 30)), .line(PathPoint(x: 10, y: 30)), .close,
    ])
    #expect(
      OutlineOffset.offset(square, by: 3).controlBounds == Rect(x: 7, y: 7, width: 26, height: 26))
    #expect(
      OutlineOffset.offset(square, by: -2).controlBounds
        == Rect(x: 12, y: 12, width: 16, height: 16))
  }

  @Test func aCircleGrowsAsACircle() {
    // r 2 grown by 3: every point 5 from the centre (FreeType's emboldening moved the
    // handles out by more than the on-curve points: 5.38 at 45 degrees, a rounded square).
    let k = 0.552_284_749_8 * 2
    func p(_ x: Double, _ y: Double) -> PathPoint { PathPoint(x: x, y: y) }
    let circle = VectorPath([
      .move(p(0, -2)), .curve(p(k, -2), p(2, -k), p(2, 0)), .curve(p(2, k), p(k, 2), p(0, 2)),
      .curve(p(-k, 2), p(-2, k), p(-2, 0)), .curve(p(-2, -k), p(-k, -2), p(0, -2)), .close,
    ])
    let radii = SymbolInk.polygon(OutlineOffset.offset(circle, by: 3)).map {
      ($0.x * $0.x + $0.y * $0.y).squareRoot()
    }
    #expect(Self.r(radii.min() ?? 0) == 5 && Self.r(radii.max() ?? 0) == 5)
  }

  @Test func theNarrowestSpaceIsMeasuredAlongEdgesNotAtCorners() {
    // A bar and a block 3 apart, their corners 4.24 apart: the vertex-to-vertex measure
    // said 4.24 (and the bell's clapper, 4.9 from the body's flat lip, looked 25 away).
    let bar = VectorPath([
      .move(PathPoint(x: 0, y: 0)), .line(PathPoint(x: 10, y: 0)), .line(PathPoint(x: 10, y: 2)),
      .line(PathPoint(x: 0, y: 2)), .close,
    ])
    let block = VectorPath([
      .move(PathPoint(x: 3, y: 5)), .line(PathPoint(x: 7, y: 5)), .line(PathPoint(x: 7, y: 6)),
      .line(PathPoint(x: 3, y: 6)), .close,
    ])
    let narrowest = SymbolInk.narrowest([bar, block])
    #expect(narrowest.black == 3)
    #expect(narrowest.ultralight == nil)
  }

  // MARK: - Bootstrap's bell-fill and image-alt

  @Test func bellFillGrowsByItsOffsetAndItsClapperStaysApart() throws {
    let outline = try Self.build("bell-fill", Self.bellFill)
    #expect(outline.isCompatible)
    let (u, r, b) = (
      try Self.box(outline, .ultralight), try Self.box(outline, .regular),
      try Self.box(outline, .black)
    )
    // Trial (FreeType): Ultralight 54.5 x 74.7, Regular 69.0 x 79.1, Black 104.7 x 89.9.
    #expect([Self.r(r.width), Self.r(r.height)] == [68.96, 78.85])
    #expect([Self.r(b.width), Self.r(b.height)] == [70.87, 82.3])
    #expect([Self.r(u.width), Self.r(u.height)] == [63, 74.45])
    // The clapper is 4.93 below the lip at Regular; each side grows 0.35 x that (1.73), so
    // 30 % of the space stays at Black (the trial: 5.9 units of overlap).
    let contours = try #require(outline.paths.first?.weights[.regular]).subpaths
    let black = try #require(outline.paths.first?.weights[.black]).subpaths
    #expect(Self.r(Self.distance(contours[0], contours[1])) == 4.93)
    #expect(Self.r(Self.distance(black[0], black[1])) == 1.48)
    // Height grows by 1.73 a side, the offset; width by less (0.96 a side): the lip's
    // sharp corners are bevelled, as a stroke's join past its miter limit.
    #expect(Self.r((b.height - r.height) / 2) == 1.73)
    #expect(Self.r((b.width - r.width) / 2) == 0.96)
  }

  @Test func imageAltSunStaysRoundAndItsPeakGrowsNoHook() throws {
    let outline = try Self.build("image-alt", Self.imageAlt)
    #expect(outline.paths.count == 2)
    let sun = try #require(outline.paths.last)
    for weight in SymbolWeight.allCases {
      let contour = try #require(sun.weights[weight])
      let box = try #require(SymbolInk.bounds(contour))
      let centre = PathPoint(x: box.x + box.width / 2, y: box.y + box.height / 2)
      let radii = SymbolInk.polygon(contour).map {
        (($0.x - centre.x) * ($0.x - centre.x) + ($0.y - centre.y) * ($0.y - centre.y)).squareRoot()
      }
      // Round within 1 % (FreeType's Black sun: 3.5 % squarer at the diagonals).
      #expect((radii.max() ?? 0) / (radii.min() ?? 1) < 1.01, "\(weight)")
    }
    let blackSun = try #require(sun.weights[.black])
    #expect(Self.r(try #require(SymbolInk.bounds(blackSun)).width) == 35.44)
    // The mountains' outline does not cross itself at any weight (the hook at the right
    // peak was a 0.005-unit closing line taken for an edge).
    let mountains = try #require(outline.paths.first)
    for weight in SymbolWeight.allCases {
      let polygon = SymbolInk.polygon(try #require(mountains.weights[weight]), steps: 16)
      #expect(Self.crossings(polygon) == 0, "\(weight)")
    }
  }

  /// Pairs of non-adjacent edges of a closed polygon that cross.
  static func crossings(_ p: [PathPoint]) -> Int {
    func orient(_ a: PathPoint, _ b: PathPoint, _ c: PathPoint) -> Double {
      (b.x - a.x) * (c.y - a.y) - (b.y - a.y) * (c.x - a.x)
    }
    var count = 0
    let n = p.count
    for i in 0..<n {
      for j in (i + 2)..<max(i + 2, n) where !(i == 0 && j == n - 1) {
        let (a, b, c, d) = (p[i], p[(i + 1) % n], p[j], p[(j + 1) % n])
        if orient(a, b, c) * orient(a, b, d) < 0 && orient(c, d, a) * orient(c, d, b) < 0 {
          count += 1
        }
      }
    }
    return count
  }

  // MARK: - Knock-outs and counters

  @Test func aKnockedOutCheckGetsBolderAndARingsCounterShrinks() throws {
    let check = try Self.build("check-circle", Self.checkCircle)
    let weights = try #require(check.paths.first?.weights)
    func areas(_ w: SymbolWeight) throws -> [Double] {
      SymbolInk.areas(try #require(weights[w])).map { Self.r(abs($0)) }
    }
    // The disc grows; the check, a hole 1.5 units wide in a disc of ink about 7 wide (in the
    // 24-unit source), is a
    // knock-out: its hole grows from Ultralight to Black, so the mark gets bolder (the trial:
    // 314.6, 262.0, 139.3 units², thinner at Black; now 95.4, 262.0, 546.5).
    let (u, r, b) = (try areas(.ultralight), try areas(.regular), try areas(.black))
    #expect(r == [4882.54, 261.98])
    #expect(u[0] < r[0] && r[0] < b[0])
    #expect(u[1] < r[1] && r[1] < b[1])
    #expect([u[1], b[1]] == [95.42, 546.52])
    let found = SymbolKnockOuts.find(in: [try #require(weights[.regular])])
    #expect(found.map(\.holes) == [[1]])
    #expect(found.map(\.signs) == [[1, -1]])

    // A ring's counter is broader than its band of ink: a counter, shrinking at Black.
    let ring = try Self.build("ring", Self.ring)
    let rim = try #require(ring.paths.first?.weights)
    let counter = try SymbolWeight.allCases.map {
      Self.r(abs(SymbolInk.areas(try #require(rim[$0]))[1]))
    }
    #expect(counter[0] > counter[1] && counter[1] > counter[2])
    #expect(SymbolKnockOuts.find(in: [try #require(rim[.regular])]).map(\.holes) == [[]])
  }

  @Test func theRuleComparesTheHoleWithTheInkJustOutsideIt() throws {
    // Median thickness across the hole against the ink just outside it (template units).
    func ratio(_ name: String, _ source: String) throws -> [Double] {
      let outline = try Self.build(name, source)
      let paths = outline.paths.compactMap { $0.weights[.regular] }
      let polygons = paths.flatMap(\.subpaths).map { SymbolInk.polygon($0, steps: 8) }
      let hole = try #require(polygons.first { PathOrientation.area($0) < 0 })
      let across = try #require(
        SymbolKnockOuts.median(
          SymbolKnockOuts.thicknesses(hole, inside: true, edges: polygons)))
      let around = try #require(
        SymbolKnockOuts.median(
          SymbolKnockOuts.thicknesses(hole, inside: false, edges: polygons)))
      return [Self.r(across), Self.r(around)]
    }
    let checkCircleRatio = try ratio("check-circle", Self.checkCircle)
    #expect(checkCircleRatio == [6.06, 31.09])  // 0.19: a knock-out
    let ringRatio = try ratio("ring", Self.ring)
    #expect(ringRatio == [54.94, 11.77])  // 4.67: a counter
    let tvRatio = try ratio("tv", Self.tv)
    #expect(tvRatio == [6.98, 6.98])  // 1: the gap is as thick as the bezel
    let tableCellsRatio = try ratio("table-cells", Self.tableCells)
    #expect(tableCellsRatio == [10.48, 6.98])  // 1.5: slots thicker than the lines
    // Their widest ink (the stand, the margin) is broad: comparing with it made the TV's gap
    // and the table's slots knock-outs, which grew at Black and thinned the lines.
    for (name, source) in [("tv", Self.tv), ("table-cells", Self.tableCells)] {
      let outline = try Self.build(name, source)
      let found = SymbolKnockOuts.find(in: outline.paths.compactMap { $0.weights[.regular] })
      let knockOuts = found.reduce(0) { $0 + $1.holes.count }
      #expect(knockOuts == 0, "\(name)")
    }
  }
}
