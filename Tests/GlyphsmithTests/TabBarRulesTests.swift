import Foundation
import Glyphsmith
import Testing

/// The tab bar rules of issue 10: iPad More after 7, the iPad's 15 pt inset, ellipsis
/// truncation, right-to-left, badges clear of titles, and the `--json` frames.
@Suite("TabBar rules")
struct TabBarRulesTests {
  static func items(_ count: Int) throws -> [TabBar.Item] {
    let all: [(String, String)] = [
      ("Home", "house"), ("Search", "search"), ("Inbox", "bell"), ("Library", "bookmark"),
      ("Profile", "user"), ("Music", "music"), ("Settings", "settings"), ("Cart", "shopping-cart"),
    ]
    return try all.prefix(count).map { try TabBarTests.item($0.0, $0.1) }
  }

  @Test func goldens() throws {
    var pad = try Self.items(8)
    pad[1].badge = "120"
    pad[6].title = "A very long settings title"
    for appearance in Appearance.allCases {
      let bar = TabBar(
        items: pad, selectedIndex: 1, idiom: .pad, appearance: appearance, homeIndicator: true)
      var rtlItems = try Self.items(4)
      rtlItems[0].badge = "3"
      rtlItems[2].title = "Notifications and alerts"
      let rtl = TabBar(
        items: rtlItems, selectedIndex: 0, appearance: appearance, rightToLeft: true)
      for scale in [1, 2, 3] {
        try IndicatorGolden.check(
          try bar.render(scale: Double(scale)),
          "tabbar/pad-8-items-more-\(appearance.rawValue)@\(scale)x.png")
        try IndicatorGolden.check(
          try rtl.render(scale: Double(scale)),
          "tabbar/rtl-truncated-\(appearance.rawValue)@\(scale)x.png")
      }
    }
  }

  @Test func padShowsSixAndMoreAfterSeven() throws {
    let seven = TabBar(items: try Self.items(7), idiom: .pad).shownItems
    #expect(seven.items.count == 7 && seven.moreIndex == nil)
    let eight = TabBar(items: try Self.items(8), selectedIndex: 7, idiom: .pad)
    let shown = eight.shownItems
    #expect(
      shown.items.map(\.title) == [
        "Home", "Search", "Inbox", "Library", "Profile", "Music", "More",
      ])
    #expect(shown.selected == 6 && shown.moreIndex == 6)
    let layout = try eight.draw(scale: 1).layout
    #expect(layout.items.filter { $0.kind == "tab" }.count == 6)
    let more = layout.items.first { $0.kind == "more" }
    #expect(more?.selected == true && abs((more?.frame.x ?? 0) - 820.0 * 6 / 7) < 0.001)
  }

  @Test func padInsetIsFifteenPoints() throws {
    for scale in [1.0, 2.0, 3.0] {
      let pad = TabBar(items: try Self.items(3), idiom: .pad, homeIndicator: true)
      #expect(pad.heightPt == 65)
      let image = try pad.render(scale: scale)
      #expect(image.height == Int(65 * scale))
      // The pill sits 5 pt above the bottom edge, centred.
      let x = image.width / 2
      #expect(image[x, image.height - Int(5 * scale) - 1] == .black)
      #expect(image[x, image.height - Int(5 * scale)] != .black)
      let phone = TabBar(items: try Self.items(3), homeIndicator: true)
      #expect(phone.heightPt == 83)
    }
  }

  @Test func longTitlesEndInAnEllipsisAndWarn() throws {
    var items = try Self.items(5)
    items[2].title = "Notifications and alerts"
    let drawing = try TabBar(items: items).draw(scale: 2)
    let tabs = drawing.layout.items.filter { $0.kind == "tab" }
    #expect(tabs.map(\.truncated) == [false, false, true, false, false])
    #expect(tabs[2].title == "Notifications and alerts")
    #expect(drawing.layout.diagnostics.descriptions.count == 1)
    #expect(
      drawing.layout.diagnostics.descriptions[0].contains("tab 2 title 'Notifications and alerts'"))
    #expect(drawing.layout.diagnostics.map(\.kind) == [Diagnostic.Kind.truncatedText])
    #expect(drawing.layout.diagnostics[0].severity == .warning)
    // The title stays inside its slot: no ink of item 2's colour crosses into slots 1 or 3.
    let labels = drawing.layout.items.filter { $0.kind == "label" }
    let slot = 393.0 / 5
    #expect(labels[2].frame.x >= 2 * slot && labels[2].frame.x + labels[2].frame.width <= 3 * slot)
    // Around the slot boundaries, the title rows hold only the background.
    let background = IndicatorPalette.ios18.tabBarBackground(.light)
    for boundary in [2 * slot, 3 * slot] {
      for y in Int(36 * 2)..<Int(49 * 2) {
        for x in Int(boundary * 2) - 2..<Int(boundary * 2) + 2 {
          #expect(drawing.image[x, y] == background)
        }
      }
    }
  }

  @Test func rightToLeftMirrorsOrderAndBadge() throws {
    var items = try Self.items(3)
    items[0].badge = "3"
    let ltr = try TabBar(items: items).draw(scale: 2).layout
    let rtl = try TabBar(items: items, rightToLeft: true).draw(scale: 2).layout
    let ltrTabs = ltr.items.filter { $0.kind == "tab" }
    let rtlTabs = rtl.items.filter { $0.kind == "tab" }
    #expect(ltrTabs.map(\.frame.x) == [0, 131, 262])
    #expect(rtlTabs.map(\.frame.x) == [262, 131, 0])
    let ltrBadge = ltr.items.first { $0.kind == "badge" }!.frame
    let rtlBadge = rtl.items.first { $0.kind == "badge" }!.frame
    // Mirrored about the first slot's centre (65.5 pt) in the last slot: same distance from
    // the bar's trailing edge as the LTR badge from the leading edge.
    #expect(abs((393 - rtlBadge.x - rtlBadge.width) - ltrBadge.x) <= 0.5)
    #expect(rtlBadge.y == ltrBadge.y)
  }

  @Test func aBadgeNeverCoversATitleBesideTheIcon() throws {
    for rtl in [false, true] {
      for idiom in TabBar.Idiom.allCases {
        var items = try Self.items(3)
        items[1].badge = "1234"
        let bar = TabBar(items: items, idiom: idiom, compact: idiom == .phone, rightToLeft: rtl)
        let drawing = try bar.draw(scale: 2)
        let badge = drawing.layout.items.first { $0.kind == "badge" }!.frame
        let label = drawing.layout.items.filter { $0.kind == "label" }[1].frame
        #expect(label.x >= badge.x + badge.width || label.x + label.width <= badge.x)
        if rtl {
          #expect(label.x + label.width <= badge.x)
        } else {
          #expect(label.x >= badge.x + badge.width)
        }
        // The badge is drawn where reported: its leading cap is red.
        let red = IndicatorPalette.ios18.systemRed(.light)
        let capX = Int((badge.x + 2) * 2)
        #expect(drawing.image[capX, Int((badge.y + badge.height / 2) * 2)] == red)
      }
    }
  }

  /// Issue 22: in a compact (landscape) bar the badge overlaps only the glyph's top
  /// trailing corner (a circle badge centred on it: a quarter of the badge), where on the
  /// 23 x 20 pt box it covered about half of an 18 pt glyph; regular bars keep their place.
  @Test func compactBadgeOverlapsOnlyTheTopTrailingCorner() throws {
    for rightToLeft in [false, true] {
      var items = try Self.items(3)
      items[1].badge = "3"
      let drawing = try TabBar(
        items: items, selectedIndex: 0, compact: true, rightToLeft: rightToLeft
      ).draw(scale: 2)
      let icon = try #require(drawing.layout.items.filter { $0.kind == "icon" }.dropFirst().first)
      let badge = try #require(drawing.layout.items.first { $0.kind == "badge" })
      let i = icon.frame
      let b = badge.frame
      let overlapW = min(i.x + i.width, b.x + b.width) - max(i.x, b.x)
      let overlapH = min(i.y + i.height, b.y + b.height) - max(i.y, b.y)
      // The badge's centre on the glyph's top-trailing (or top-leading) corner, to 1 px.
      let cornerX = rightToLeft ? i.x : i.x + i.width
      #expect(abs(b.x + b.width / 2 - cornerX) <= 0.5, "\(rightToLeft)")
      #expect(overlapW <= b.width / 2 + 0.5 && overlapH <= b.height / 2 + 0.5)
      #expect(overlapW * overlapH <= 0.3 * i.width * i.height, "\(overlapW) x \(overlapH)")
    }
  }

  @Test func jsonDescribesWhatWasDrawn() throws {
    var items = try Self.items(2)
    items[1].isDisabled = true
    let json = String(
      decoding: try TabBar(items: items, selectedIndex: 0).draw(scale: 3).layout.json(),
      as: UTF8.self)
    let object = try JSONSerialization.jsonObject(with: Data(json.utf8)) as! [String: Any]
    #expect(object["version"] as? Int == 1)
    let size = object["size"] as! [String: Any]
    #expect(size["width"] as? Double == 393 && size["height"] as? Double == 49)
    let list = object["items"] as! [[String: Any]]
    // Issue 22: each glyph's own frame (kind "icon") follows its tab.
    #expect(
      list.map { $0["kind"] as? String } == ["tab", "icon", "label", "tab", "icon", "label"])
    #expect(list[0]["kind"] as? String == "tab" && list[0]["title"] as? String == "Home")
    #expect(list[0]["selected"] as? Bool == true && list[3]["disabled"] as? Bool == true)
    let frame = list[3]["frame"] as! [String: Any]
    #expect(frame["x"] as? Double == 196.5 && frame["width"] as? Double == 196.5)
    // The icon: the rendered glyph's canvas, centred in its 196.5 pt slot.
    let icon = list[1]["frame"] as! [String: Any]
    let (x, w) = (icon["x"] as! Double, icon["width"] as! Double)
    #expect(abs(x + w / 2 - 98.25) <= 1.0 / 6 && w >= 23 && w <= 31)
    #expect(list[1]["icon"] as? String == items[0].icon?.path)
    #expect((object["warnings"] as? [Any])?.isEmpty == true)
  }
}
