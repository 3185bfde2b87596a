import Foundation
import GlyphsmithRender
import GlyphsmithTestFixtures
import Testing

@testable import Glyphsmith

/// Issue 39: every part of a filled symbol grows from Ultralight to Black and every hole
/// shrinks, whichever way its contour was drawn. Ten icons with separate parts, counters and
/// knock-outs, drawn as icon sets draw them (Heroicons, Bootstrap: parts of one path turning
/// either way under the nonzero rule, or even-odd with any directions); the expected kind of
/// each contour is known by construction, in source order.
@Suite("Symbol parts")
struct SymbolPartsTests {
  /// A part grows from Ultralight to Black, a hole (a counter) shrinks; a knock-out mark's
  /// hole grows (the mark gets bolder) and an island inside the mark shrinks.
  enum Kind { case part, hole, mark, markIsland }

  /// A rectangle's contour, clockwise on screen (y down) or not.
  static func rect(_ x: Double, _ y: Double, _ w: Double, _ h: Double, clockwise: Bool) -> String
  {
    clockwise ? "M\(x) \(y)h\(w)v\(h)h\(-w)Z" : "M\(x) \(y)v\(h)h\(w)v\(-h)Z"
  }

  /// A circle's contour as two arcs, clockwise on screen (sweep 1) or not.
  static func circle(_ cx: Double, _ cy: Double, _ r: Double, clockwise: Bool) -> String {
    let s = clockwise ? 1 : 0
    return "M\(cx - r) \(cy)a\(r) \(r) 0 1 \(s) \(2 * r) 0a\(r) \(r) 0 1 \(s) \(-2 * r) 0Z"
  }

  /// The ten icons: name, path data, fill rule, and each contour's kind in order.
  static let icons: [(name: String, d: String, evenOdd: Bool, kinds: [Kind])] = [
    // A bell whose clapper turns the other way (Bootstrap's bell-fill, Heroicons' bell-slash).
    (
      "bell", rect(6, 4, 12, 11, clockwise: true) + circle(12, 18.5, 2, clockwise: false),
      false, [.part, .part]
    ),
    // Heroicons' adjustments-horizontal: bar pieces and knobs, turning either way.
    (
      "adjustments",
      rect(3, 5, 1.5, 2, clockwise: true) + circle(8, 6, 2.5, clockwise: false)
        + rect(12.5, 5, 8.5, 2, clockwise: false) + circle(16, 12, 2.5, clockwise: true)
        + rect(3, 11, 9.5, 2, clockwise: true) + circle(10, 18, 2.5, clockwise: false)
        + rect(14.5, 17, 6.5, 2, clockwise: false),
      false, [.part, .part, .part, .part, .part, .part, .part]
    ),
    // A cart with wheels drawn counter-clockwise.
    (
      "cart",
      rect(3, 4, 16, 10, clockwise: true) + circle(7, 18.5, 2, clockwise: false)
        + circle(16, 18.5, 2, clockwise: false), false, [.part, .part, .part]
    ),
    // A tv: a screen with a hole, and a stand turning the other way.
    (
      "tv",
      rect(2, 3, 20, 13, clockwise: true) + rect(4, 5, 16, 9, clockwise: false)
        + rect(7, 18, 10, 2.5, clockwise: false), false, [.part, .hole, .part]
    ),
    // An image frame (even-odd, both contours clockwise) with a sun inside the hole.
    (
      "image-sun",
      rect(2, 3, 20, 18, clockwise: true) + rect(4, 5, 16, 14, clockwise: true)
        + circle(12, 12, 3, clockwise: true), true, [.part, .hole, .part]
    ),
    // A radio button: a ring (nonzero, counter drawn against the rim) and a centre dot drawn
    // the counter's way, which the nonzero rule still fills (winding -1).
    (
      "radio",
      circle(12, 12, 10, clockwise: true) + circle(12, 12, 7.5, clockwise: false)
        + circle(12, 12, 4, clockwise: false), false, [.part, .hole, .part]
    ),
    // A knocked-out "0" in a filled disc (even-odd, every contour clockwise): the digit's
    // outline is a hole, its counter a part; the digit (2.5 wide, in a disc whose ink is
    // about 7 wide) is a knock-out mark, so it gets bolder at Black (issue 39's trial).
    (
      "zero-circle",
      circle(12, 12, 11, clockwise: true) + rect(8, 5, 8, 14, clockwise: true)
        + rect(10.5, 7.5, 3, 9, clockwise: true), true, [.part, .mark, .markIsland]
    ),
    // Heroicons' cloud-rain: a cloud and drops drawn the other way.
    (
      "cloud-rain",
      rect(3, 3, 18, 9, clockwise: true) + rect(6, 14, 2, 6, clockwise: false)
        + rect(11, 14, 2, 6, clockwise: false) + rect(16, 14, 2, 6, clockwise: false), false,
      [.part, .part, .part, .part]
    ),
    // A head ring (even-odd, both clockwise) above a body turning the other way.
    (
      "person-ring",
      circle(12, 7, 5, clockwise: true) + circle(12, 7, 3, clockwise: true)
        + rect(4, 14, 16, 7, clockwise: false), true, [.part, .hole, .part]
    ),
    // A calendar's dots alternating in direction inside a frame's hole.
    (
      "calendar-dots",
      rect(2, 2, 20, 20, clockwise: false) + rect(4, 7, 16, 13, clockwise: true)
        + rect(6, 10, 3, 3, clockwise: true) + rect(10.5, 10, 3, 3, clockwise: false)
        + rect(15, 10, 3, 3, clockwise: true), false, [.part, .hole, .part, .part, .part]
    ),
  ]

  @Test(arguments: icons.indices)
  func everyPartGrowsAndEveryHoleShrinksFromUltralightToBlack(_ index: Int) throws {
    let icon = Self.icons[index]
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let rule = icon.evenOdd ? #" fill-rule="evenodd""# : ""
    let source = svg(
      width: "24", height: "24", viewBox: "0 0 24 24", body: #"<path d="\#(icon.d)"\#(rule)/>"#)
    let path = try folder.write("\(icon.name).svg", source)
    let outline = try SymbolBuilder.build(path: path)
    #expect(outline.isCompatible, "\(icon.name)")
    #expect(outline.paths.count == 1)
    let weights = try #require(outline.paths.first?.weights)
    func areas(_ weight: SymbolWeight) throws -> [Double] {
      SymbolInk.areas(try #require(weights[weight])).map(abs)
    }
    let (ultralight, regular, black) = (try areas(.ultralight), try areas(.regular), try areas(.black))
    #expect(regular.count == icon.kinds.count, "\(icon.name): contours")
    for (i, kind) in icon.kinds.enumerated() where i < regular.count {
      let a = (ultralight[i], regular[i], black[i])
      switch kind {
      case .part:
        #expect(a.0 < a.1 && a.1 < a.2, "\(icon.name) contour \(i + 1), a part: areas \(a)")
      case .hole, .markIsland:
        #expect(a.0 > a.1 && a.1 > a.2, "\(icon.name) contour \(i + 1), \(kind): areas \(a)")
      case .mark:
        #expect(a.0 < a.1 && a.1 < a.2, "\(icon.name) contour \(i + 1), a mark: areas \(a)")
      }
    }
    // Turned contours fill what the source fills: Regular draws as the artwork.
    let document = try SVGDocument(data: Data(source.utf8), path: path, baseDirectory: nil)
    let measured = try SymbolMeasure.measure(
      template: SymbolTemplateWriter.svg(outline), outline: outline, source: document)
    #expect(measured.inkGrows, "\(icon.name)")
    #expect(measured.regularMatch >= 0.99, "\(icon.name): \(measured.mismatchedPixels) px")
    let findings = SymbolSetCheck.checkTemplate(
      SymbolTemplateWriter.svg(outline), path: "\(icon.name).svg", asset: icon.name,
      file: "\(icon.name).svg")
    #expect(findings.isEmpty, "\(icon.name): \(findings)")
  }

  @Test func aStrokedCounterThatClosesAtBlackIsCollapsedNotLeftAsAHole() throws {
    // Lucide's scissors: handles of radius 1.5 stroked 2 wide. At Black the stroke is wider
    // than four times the radius, and FreeType's inner border, offset past the centre, came
    // out as a hole of radius w/2 - r turning as the counter does: 11.58 units² at Black
    // against 10.03 at Regular, where the stroke covers the whole disc.
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let path = try folder.write(
      "handles.svg",
      svg(
        width: "24", height: "24", viewBox: "0 0 24 24",
        body: #"<g fill="none" stroke="black" stroke-width="2" stroke-linecap="round" "#
          + #"stroke-linejoin="round"><circle cx="6" cy="6" r="1.5"/>"#
          + #"<circle cx="6" cy="18" r="1.5"/><path d="M8 8l12 12M8 16l12-12"/></g>"#))
    let outline = try SymbolBuilder.build(path: path)
    #expect(outline.isCompatible)
    #expect(outline.method != .copied)
    var holes = 0
    for symbolPath in outline.paths {
      let regular = SymbolInk.areas(try #require(symbolPath.weights[.regular]))
      let black = SymbolInk.areas(try #require(symbolPath.weights[.black]))
      let largest = regular.max { abs($0) < abs($1) } ?? 0
      for (r, b) in zip(regular, black) where r * largest < 0 {
        holes += 1
        #expect(b * r > 0, "a hole keeps its direction")
        #expect(abs(b) < abs(r) / 4, "Black hole \(b) against Regular \(r)")
      }
    }
    #expect(holes == 2)
  }

  @Test func filledSymbolsThatVaryAreReportedWeighted() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let icon = Self.icons[0]
    let path = try folder.write(
      "bell.svg", svg(width: "24", height: "24", viewBox: "0 0 24 24", body: #"<path d="\#(icon.d)"/>"#))
    let outline = try SymbolBuilder.build(path: path)
    #expect(outline.method == .fill)
    #expect(outline.isWeighted)
    var flat = SymbolOptions()
    flat.emboldenUnits = 0
    flat.thinUnits = 0
    #expect(!(try SymbolBuilder.build(path: path, options: flat)).isWeighted)
  }
}
