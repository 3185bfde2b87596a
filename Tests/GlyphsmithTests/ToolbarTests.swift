import Foundation
import Glyphsmith
import Testing

@Suite("Toolbar")
struct ToolbarTests {
  static func icon(_ name: String) throws -> Artwork {
    try Artwork(path: TabBarTests.icons.appendingPathComponent("\(name).svg").path)
  }

  static func button(
    _ icon: String?, _ title: String = "", prominent: Bool = false, disabled: Bool = false
  )
    throws -> Toolbar.Entry
  {
    .button(
      Toolbar.Button(
        title: title, icon: try icon.map(Self.icon), isProminent: prominent, isDisabled: disabled))
  }

  @Test func goldens() throws {
    for appearance in Appearance.allCases {
      // Icons spread by the implied flexible spaces; a disabled one; a prominent text button.
      let spread = Toolbar(
        entries: [
          try Self.button("trash-2"), try Self.button("heart", disabled: true),
          try Self.button("arrow-right"), try Self.button(nil, "Done", prominent: true),
        ], appearance: appearance)
      // iPad: text buttons, a fixed and a flexible space, iOS 26 colours.
      let pad = Toolbar(
        entries: [
          try Self.button(nil, "Edit"), .fixedSpace(20), try Self.button("camera"),
          .flexibleSpace, try Self.button("settings"),
          try Self.button(nil, "Save", prominent: true),
        ], idiom: .pad, appearance: appearance, palette: .ios26)
      for scale in [1, 2, 3] {
        try IndicatorGolden.check(
          try spread.render(scale: Double(scale)),
          "toolbar/spread-\(appearance.rawValue)@\(scale)x.png")
        try IndicatorGolden.check(
          try pad.render(scale: Double(scale)),
          "toolbar/pad-spaces-\(appearance.rawValue)@\(scale)x.png")
      }
    }
  }

  @Test func heightsWidthsAndMargins() throws {
    let entries = [try Self.button("heart")]
    for scale in [1.0, 2.0, 3.0] {
      let phone = try Toolbar(entries: entries).draw(scale: scale)
      #expect(phone.image.width == Int(393 * scale) && phone.image.height == Int(44 * scale))
      // One item, no space: at the leading margin, 16 pt.
      #expect(phone.layout.items[0].frame.x == 16)
      let pad = try Toolbar(entries: entries, idiom: .pad).draw(scale: scale)
      #expect(pad.image.width == Int(820 * scale) && pad.image.height == Int(50 * scale))
      #expect(pad.layout.items[0].frame.x == 20)
      let compact = try Toolbar(entries: entries, compact: true).draw(scale: scale)
      #expect(compact.image.height == Int(32 * scale) && compact.image.width == Int(852 * scale))
      let rtl = try Toolbar(entries: entries, rightToLeft: true).draw(scale: scale)
      let f = rtl.layout.items[0].frame
      #expect(abs(f.x + f.width - (393 - 16)) < 0.01)
    }
  }

  @Test func flexibleSpacesShareTheRoomLeft() throws {
    let layout = try Toolbar(entries: [
      try Self.button("heart"), .flexibleSpace, try Self.button("star"), .fixedSpace(10),
      try Self.button("bell"), .flexibleSpace, try Self.button(nil, "Done"),
    ]).draw(scale: 2).layout
    let spaces = layout.items.filter { $0.kind == "space" }
    #expect(spaces.count == 3)
    #expect(spaces[0].frame.width == spaces[2].frame.width && spaces[1].frame.width == 10)
    // The last item ends at the trailing margin.
    let last = layout.items.last!
    #expect(abs(last.frame.x + last.frame.width - (393 - 16)) < 0.6)
    #expect(last.kind == "text" && last.title == "Done")
    // Implied flexible spaces when none is given: items spread, the last at the margin.
    let spread = try Toolbar(entries: [try Self.button("heart"), try Self.button("star")])
      .draw(scale: 1).layout
    #expect(spread.items.map(\.kind) == ["icon", "space", "icon"])
    #expect(abs(spread.items[2].frame.x + spread.items[2].frame.width - 377) < 0.6)
  }

  @Test func warningsForManyItemsAndOverflow() throws {
    let six = try ["heart", "star", "bell", "camera", "music", "user"].map { try Self.button($0) }
    let layout = try Toolbar(entries: six).draw(scale: 1).layout
    #expect(
      layout.diagnostics.count == 1 && layout.diagnostics[0].description.contains("6 toolbar items")
    )
    #expect(layout.diagnostics.map(\.kind) == [Diagnostic.Kind.layout])
    let long = try Toolbar(entries: [
      try Self.button(nil, "A rather long action title here"),
      try Self.button(nil, "Another rather long title"),
      try Self.button("heart"),
    ]).draw(scale: 2)
    #expect(
      long.layout.diagnostics.descriptions.contains {
        $0.contains("need") && $0.contains("more than its 393 pt")
      })
    #expect(long.layout.items.contains { $0.truncated })
    // Everything stays inside the margins.
    for item in long.layout.items where item.kind != "space" {
      #expect(item.frame.x >= 16 - 0.01 && item.frame.x + item.frame.width <= 377 + 0.6)
    }
  }

  @Test func badInputThrows() throws {
    #expect(throws: GlyphsmithError.self) { try Toolbar(entries: []).render(scale: 1) }
    #expect(throws: GlyphsmithError.self) {
      try Toolbar(entries: [.flexibleSpace]).render(scale: 1)
    }
    let one = [try Self.button("heart")]
    #expect(throws: GlyphsmithError.self) {
      try Toolbar(entries: one + [.fixedSpace(-3)]).render(scale: 1)
    }
    #expect(throws: GlyphsmithError.self) {
      try Toolbar(entries: one, idiom: .pad, compact: true).render(scale: 1)
    }
    #expect(throws: GlyphsmithError.self) {
      try Toolbar(entries: one, deviceWidthPt: 50).render(scale: 1)
    }
    #expect(throws: GlyphsmithError.self) { try Toolbar(entries: one).render(scale: 0) }
  }
}
