import Foundation
import Glyphsmith
import Testing

/// Solid glyphs for custom indicators (HIG: simple filled shapes, no holes, no text).
enum IndicatorFixtures {
  static let location = """
    <svg xmlns="http://www.w3.org/2000/svg" width="24" height="24" viewBox="0 0 24 24">\
    <path d="M21 3 L3 10.5 L11 13 L13.5 21 Z"/></svg>
    """
  static let bar = """
    <svg xmlns="http://www.w3.org/2000/svg" width="32" height="12" viewBox="0 0 32 12">\
    <rect x="0" y="0" width="32" height="12" rx="6"/></svg>
    """
  static let tall = """
    <svg xmlns="http://www.w3.org/2000/svg" width="10" height="24" viewBox="0 0 10 24">\
    <rect x="0" y="0" width="10" height="24" rx="5"/></svg>
    """

  static func artwork(_ svg: String, name: String) throws -> Artwork {
    try Artwork(data: Data(svg.utf8), path: name, baseDirectory: nil)
  }
}

@Suite("PageControl")
struct PageControlTests {
  static let goldenCases: [(pages: Int, current: Int, name: String)] = [
    (1, 0, "1-start"),
    (5, 0, "5-start"), (5, 2, "5-middle"), (5, 4, "5-end"),
    (10, 0, "10-start"), (10, 5, "10-middle"), (10, 9, "10-end"),
    (20, 0, "20-start"), (20, 10, "20-middle"), (20, 19, "20-end"),
  ]

  @Test(arguments: 0..<10)
  func goldens(index: Int) throws {
    let c = Self.goldenCases[index]
    for scale in [2.0, 3.0] {
      let image = try PageControl(pageCount: c.pages, currentPage: c.current).render(scale: scale)
      try IndicatorGolden.check(image, "dots/\(c.name)@\(Int(scale))x.png")
    }
  }

  @Test func customIndicatorGolden() throws {
    let location = try IndicatorFixtures.artwork(IndicatorFixtures.location, name: "location.svg")
    for scale in [2.0, 3.0] {
      let control = PageControl(
        pageCount: 5, currentPage: 1, background: RGBA8(r: 0x1C, g: 0x1C, b: 0x1E),
        indicators: [0: location])
      try IndicatorGolden.check(
        try control.render(scale: scale), "dots/indicator-location@\(Int(scale))x.png")
      var current = PageControl(pageCount: 5, currentPage: 0, indicators: [0: location])
      current.currentIndicator = location
      try IndicatorGolden.check(
        try current.render(scale: scale), "dots/indicator-current@\(Int(scale))x.png")
    }
  }

  @Test func visibleWindowShrinksClippedEnds() {
    func factors(_ pages: Int, _ current: Int, _ max: Int = 9) -> [Double] {
      PageControl(pageCount: pages, currentPage: current, maxVisible: max).visiblePages
        .map(\.factor)
    }
    func indices(_ pages: Int, _ current: Int) -> [Int] {
      PageControl(pageCount: pages, currentPage: current).visiblePages.map(\.page)
    }
    #expect(factors(9, 4) == Array(repeating: 1, count: 9))
    #expect(factors(20, 0) == [1, 1, 1, 1, 1, 1, 1, 0.5, 0.25])
    #expect(indices(20, 0) == Array(0..<9))
    #expect(factors(20, 10) == [0.25, 0.5, 1, 1, 1, 1, 1, 0.5, 0.25])
    #expect(indices(20, 10) == Array(6..<15))
    #expect(factors(20, 19) == [0.25, 0.5, 1, 1, 1, 1, 1, 1, 1])
    #expect(indices(20, 19) == Array(11..<20))
    #expect(factors(10, 3, 3) == [1, 1, 1])
  }

  @Test(arguments: [1, 2, 3, 5, 9, 10, 12, 20, 40])
  func separateDotsEqualVisibleCountAndCurrentIsMostOpaque(pages: Int) throws {
    for current in Set([0, pages / 2, pages - 1]) {
      for scale in [1.0, 2.0, 3.0] {
        let control = PageControl(pageCount: pages, currentPage: current)
        let image = try control.render(scale: scale)
        let visible = control.visiblePages
        let parts = PixelProbe.components(image)
        #expect(parts.count == visible.count, "\(pages) pages, current \(current), @\(scale)x")
        guard parts.count == visible.count else { continue }
        let position = visible.firstIndex { $0.page == current }!
        #expect(parts[position].maxAlpha == 255)
        for (i, part) in parts.enumerated() where i != position {
          #expect(part.maxAlpha <= 51)
        }
        #expect(image.height == Int(36 * scale))
      }
    }
  }

  @Test func fullDotsAreSevenPointsAcrossSixteenApart() throws {
    for scale in [1.0, 2.0, 3.0] {
      let image = try PageControl(pageCount: 5, currentPage: 2).render(scale: scale)
      let parts = PixelProbe.components(image)
      #expect(parts.count == 5)
      for part in parts {
        #expect(part.maxX - part.minX + 1 == Int(7 * scale))
        #expect(part.maxY - part.minY + 1 == Int(7 * scale))
        #expect(part.minY == parts[0].minY)  // one horizontal line
      }
      for i in 1..<parts.count {
        #expect(parts[i].minX - parts[i - 1].minX == Int(16 * scale))
      }
      // Width: 5 dots, 4 gaps, a 9 pt margin each side.
      #expect(image.width == Int((5 * 7 + 4 * 9 + 2 * 9) * scale))
      // The current dot is opaque white at its centre, the others white at 0.2 alpha.
      let c = parts[2]
      #expect(image[(c.minX + c.maxX) / 2, (c.minY + c.maxY) / 2] == .white)
      let o = parts[0]
      #expect(
        image[(o.minX + o.maxX) / 2, (o.minY + o.maxY) / 2] == RGBA8(r: 255, g: 255, b: 255, a: 51))
    }
  }

  @Test func gapsStayEqualWithIndicatorsOfDifferentWidths() throws {
    let location = try IndicatorFixtures.artwork(IndicatorFixtures.location, name: "location.svg")
    let bar = try IndicatorFixtures.artwork(IndicatorFixtures.bar, name: "bar.svg")
    let tall = try IndicatorFixtures.artwork(IndicatorFixtures.tall, name: "tall.svg")
    for scale in [1.0, 2.0, 3.0] {
      let control = PageControl(
        pageCount: 6, currentPage: 1, tint: RGBA8(r: 128, g: 128, b: 128),
        indicators: [0: location, 2: bar, 4: tall])
      let image = try control.render(scale: scale)
      let parts = PixelProbe.components(image)
      #expect(parts.count == 6)
      guard parts.count == 6 else { continue }
      let widths = parts.map { $0.maxX - $0.minX + 1 }
      // The 32 x 12 bar keeps its proportions at 8 pt high (21.3 pt wide), the tall capsule
      // is much narrower than a dot: nothing is stretched to a common width.
      #expect(abs(widths[2] - Int((8 * 32 / 12 * scale).rounded())) <= 1)
      #expect(parts[2].maxY - parts[2].minY + 1 == Int(8 * scale))
      #expect(widths[4] < Int(7 * scale))
      #expect(widths[1] == Int(7 * scale))
      for i in 1..<parts.count {
        #expect(parts[i].minX - parts[i - 1].maxX - 1 == Int(9 * scale), "gap \(i) @\(scale)x")
      }
      // All centred on one line (within half a px of rounding).
      let centres = parts.map { Double($0.minY + $0.maxY) / 2 }
      for c in centres { #expect(abs(c - centres[1]) <= 0.5) }
    }
  }

  @Test func warnings() throws {
    #expect(PageControl(pageCount: 10, currentPage: 0).diagnostics.isEmpty)
    let many = PageControl(pageCount: 11, currentPage: 0).diagnostics.descriptions
    #expect(many.count == 1 && many[0].contains("11 pages"))
    let diagnostics = PageControl(pageCount: 11, currentPage: 0).diagnostics
    #expect(diagnostics.map(\.kind) == [Diagnostic.Kind.layout] && diagnostics[0].path == nil)
    let a = try IndicatorFixtures.artwork(IndicatorFixtures.location, name: "a.svg")
    let b = try IndicatorFixtures.artwork(IndicatorFixtures.bar, name: "b.svg")
    let c = try IndicatorFixtures.artwork(IndicatorFixtures.tall, name: "c.svg")
    #expect(
      PageControl(pageCount: 4, currentPage: 0, indicators: [0: a, 1: b]).diagnostics.isEmpty)
    let three = PageControl(pageCount: 4, currentPage: 0, indicators: [0: a, 1: b, 2: c])
      .diagnostics.descriptions
    #expect(three.count == 1 && three[0].contains("3 different indicator images"))
  }

  @Test func badInputThrows() throws {
    #expect(throws: GlyphsmithError.self) {
      try PageControl(pageCount: 0, currentPage: 0).render(scale: 1)
    }
    #expect(throws: GlyphsmithError.self) {
      try PageControl(pageCount: 3, currentPage: 3).render(scale: 1)
    }
    #expect(throws: GlyphsmithError.self) {
      try PageControl(pageCount: 3, currentPage: -1).render(scale: 1)
    }
    let a = try IndicatorFixtures.artwork(IndicatorFixtures.location, name: "a.svg")
    #expect(throws: GlyphsmithError.self) {
      try PageControl(pageCount: 3, currentPage: 0, indicators: [5: a]).render(scale: 1)
    }
  }

  @Test func samePixelsOnEveryRun() throws {
    let a = try PageControl(pageCount: 20, currentPage: 7).render(scale: 3)
    let b = try PageControl(pageCount: 20, currentPage: 7).render(scale: 3)
    #expect(a == b)
  }

  /// Issue 10: a 20 x 8 capsule for the current page and 8 x 8 dots for the others are drawn
  /// 20 x 8 and 8 x 8 pt, on one centre line, 9 pt apart.
  @Test func indicatorImagesKeepTheirProportions() throws {
    let capsule = try IndicatorFixtures.artwork(
      """
      <svg xmlns="http://www.w3.org/2000/svg" width="20" height="8" viewBox="0 0 20 8">\
      <rect width="20" height="8" rx="4"/></svg>
      """, name: "capsule.svg")
    let dot = try IndicatorFixtures.artwork(
      """
      <svg xmlns="http://www.w3.org/2000/svg" width="8" height="8" viewBox="0 0 8 8">\
      <circle cx="4" cy="4" r="4"/></svg>
      """, name: "dot.svg")
    for scale in [1.0, 2.0, 3.0] {
      var control = PageControl(
        pageCount: 3, currentPage: 1, tint: RGBA8(r: 128, g: 128, b: 128),
        indicators: [0: dot, 1: dot, 2: dot], currentIndicator: capsule)
      let parts = PixelProbe.components(try control.render(scale: scale))
      #expect(parts.map { $0.maxX - $0.minX + 1 } == [8, 20, 8].map { Int($0 * scale) })
      #expect(parts.map { $0.maxY - $0.minY + 1 } == [8, 8, 8].map { Int($0 * scale) })
      #expect(Set(parts.map(\.minY)).count == 1)
      for i in 1..<parts.count {
        #expect(parts[i].minX - parts[i - 1].maxX - 1 == Int(9 * scale))
      }
      // Natural: a 30 x 12 px PNG is 30 x 12 px at any scale (px / scale pt).
      var png = RGBAImage(width: 30, height: 12, fill: .black)
      png.pixels[3] = 255
      let raster = try Artwork(data: try PNGCodec.encode(png), path: "p.png", baseDirectory: nil)
      control = PageControl(pageCount: 2, currentPage: 0, currentIndicator: raster)
      control.indicatorSize = .natural
      let natural = PixelProbe.components(try control.render(scale: scale))
      #expect(natural.first.map { ($0.maxX - $0.minX + 1, $0.maxY - $0.minY + 1) }! == (30, 12))
      #expect(try control.drawnBoxPt(raster, scale: scale) == 30 / scale)
      control.indicatorSize = .fitted
      let box = try control.drawnBoxPt(capsule, scale: scale)
      #expect(abs(box - 20) < 0.5, "\(box)")  // ink measured to 1/128 of the content
    }
  }
}
