import Foundation
import Glyphsmith
import Testing

@Suite("TabBar")
struct TabBarTests {
  static let icons = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("assets/icons")

  static func item(_ title: String, _ icon: String, badge: String? = nil, disabled: Bool = false)
    throws -> TabBar.Item
  {
    TabBar.Item(
      title: title, icon: try Artwork(path: icons.appendingPathComponent("\(icon).svg").path),
      badge: badge, isDisabled: disabled)
  }

  static func items(_ count: Int) throws -> [TabBar.Item] {
    let all: [(String, String)] = [
      ("Home", "house"), ("Search", "search"), ("Inbox", "bell"), ("Library", "bookmark"),
      ("Profile", "user"), ("Music", "music"), ("Settings", "settings"),
    ]
    return try all.prefix(count).map { try item($0.0, $0.1) }
  }

  @Test func goldens() throws {
    let three = TabBar(items: try Self.items(3), selectedIndex: 1)
    try IndicatorGolden.check(try three.render(scale: 2), "tabbar/3-items@2x.png")

    var fiveItems = try Self.items(5)
    fiveItems[2].badge = "3"
    fiveItems[3].isDisabled = true
    let five = TabBar(items: fiveItems, selectedIndex: 0)
    try IndicatorGolden.check(try five.render(scale: 2), "tabbar/5-items-badge-disabled@2x.png")
    try IndicatorGolden.check(try five.render(scale: 3), "tabbar/5-items-badge-disabled@3x.png")

    var sevenItems = try Self.items(7)
    sevenItems[1].badge = "120"
    let seven = TabBar(items: sevenItems, selectedIndex: 6, appearance: .dark, homeIndicator: true)
    try IndicatorGolden.check(try seven.render(scale: 2), "tabbar/7-items-more-dark@2x.png")
    try IndicatorGolden.check(try seven.render(scale: 3), "tabbar/7-items-more-dark@3x.png")

    var compactItems = try Self.items(3)
    compactItems[1].badge = ""
    let compact = TabBar(items: compactItems, selectedIndex: 0, compact: true)
    try IndicatorGolden.check(try compact.render(scale: 2), "tabbar/3-items-compact@2x.png")
    let pad = TabBar(items: try Self.items(5), selectedIndex: 2, idiom: .pad, palette: .ios26)
    try IndicatorGolden.check(try pad.render(scale: 2), "tabbar/5-items-pad-ios26@2x.png")
  }

  @Test func heightsAndWidths() throws {
    let items = try Self.items(3)
    for scale in [1.0, 2.0, 3.0] {
      let s = Int(scale)
      var bar = TabBar(items: items)
      var image = try bar.render(scale: scale)
      #expect(image.width == 393 * s && image.height == 49 * s)
      bar.homeIndicator = true
      image = try bar.render(scale: scale)
      #expect(image.height == (49 + 34) * s)
      bar = TabBar(items: items, compact: true)
      image = try bar.render(scale: scale)
      #expect(image.width == 852 * s && image.height == 32 * s)
      bar = TabBar(items: items, idiom: .pad, deviceWidthPt: 1024)
      image = try bar.render(scale: scale)
      #expect(image.width == 1024 * s && image.height == 50 * s)
    }
  }

  @Test func moreThanFiveOnPhoneShowsFourAndMore() throws {
    let bar = TabBar(items: try Self.items(7), selectedIndex: 6)
    let shown = bar.shownItems
    #expect(shown.items.map(\.title) == ["Home", "Search", "Inbox", "Library", "More"])
    #expect(shown.selected == 4)
    #expect(shown.moreIndex == 4)
    #expect(shown.items[4].icon == nil)
    let early = TabBar(items: try Self.items(7), selectedIndex: 2).shownItems
    #expect(early.selected == 2)
    let five = TabBar(items: try Self.items(5)).shownItems
    #expect(five.items.count == 5 && five.moreIndex == nil)
    let pad = TabBar(items: try Self.items(7), idiom: .pad).shownItems
    #expect(pad.items.count == 7 && pad.moreIndex == nil)
  }

  /// Distinct colours of the pixels of one item's slot (whole bar height).
  static func colours(_ image: RGBAImage, slot: Int, of count: Int) -> Set<RGBA8> {
    var result = Set<RGBA8>()
    let width = image.width / count
    for y in 1..<image.height {
      for x in (slot * width)..<((slot + 1) * width) { result.insert(image[x, y]) }
    }
    return result
  }

  @Test func tintsSelectedUnselectedDisabledAndBadge() throws {
    var items = try Self.items(5)
    items[2].badge = "7"
    items[3].isDisabled = true
    for appearance in Appearance.allCases {
      let palette = IndicatorPalette.ios18
      let image = try TabBar(items: items, selectedIndex: 0, appearance: appearance).render(
        scale: 2)
      let blue = palette.systemBlue(appearance)
      let gray = palette.tabBarUnselected(appearance)
      let background = palette.tabBarBackground(appearance)
      let selected = Self.colours(image, slot: 0, of: 5)
      #expect(selected.contains(blue))
      #expect(!selected.contains(gray))
      let plain = Self.colours(image, slot: 1, of: 5)
      #expect(plain.contains(gray))
      #expect(!plain.contains(blue))
      let badged = Self.colours(image, slot: 2, of: 5)
      #expect(badged.contains(palette.systemRed(appearance)))
      #expect(badged.contains(.white))
      let disabled = Self.colours(image, slot: 3, of: 5)
      #expect(!disabled.contains(gray) && !disabled.contains(blue))
      #expect(disabled.count > 2)
      // 35 % of the gray over the background, the strongest disabled colour.
      let expected = UInt8(
        (Double(gray.r) * 0.349 + Double(background.r) * 0.651).rounded())
      #expect(disabled.contains { abs(Int($0.r) - Int(expected)) <= 1 && $0.r == $0.g })
      // Row 1 at the far left is the bar background; row 0 the hairline.
      #expect(image[0, 1] == background)
      #expect(image[0, 0] != background)
    }
  }

  @Test func iconsAreCentredInTheirSlots() throws {
    let image = try TabBar(items: try Self.items(3), selectedIndex: 0).render(scale: 2)
    // The selected icon and title are the only blue pixels of slot 0; their ink is centred.
    let blue = IndicatorPalette.ios18.systemBlue(.light)
    var minX = Int.max
    var maxX = -1
    for y in 0..<image.height {
      for x in 0..<(image.width / 3) where image[x, y] == blue {
        minX = min(minX, x)
        maxX = max(maxX, x)
      }
    }
    let slotCentre = Double(image.width / 3) / 2
    #expect(abs(Double(minX + maxX + 1) / 2 - slotCentre) <= 2)
  }

  @Test func badInputThrows() throws {
    #expect(throws: GlyphsmithError.self) { try TabBar(items: []).render(scale: 2) }
    let items = try Self.items(3)
    #expect(throws: GlyphsmithError.self) {
      try TabBar(items: items, selectedIndex: 3).render(scale: 2)
    }
    #expect(throws: GlyphsmithError.self) {
      try TabBar(items: items, idiom: .pad, compact: true).render(scale: 2)
    }
    #expect(throws: GlyphsmithError.self) { try TabBar(items: items).render(scale: 0) }
  }

  @Test func samePixelsOnEveryRun() throws {
    var items = try Self.items(7)
    items[0].badge = "👍🏽"
    let a = try TabBar(items: items, selectedIndex: 2).render(scale: 3)
    let b = try TabBar(items: items, selectedIndex: 2).render(scale: 3)
    #expect(a == b)
  }
}
