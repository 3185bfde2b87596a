import Foundation
import Glyphsmith
import Testing

@Suite("SearchBar")
struct SearchBarTests {
  @Test func goldens() throws {
    for appearance in Appearance.allCases {
      let empty = SearchBar(
        placeholder: "Artists, Songs, Lyrics and More", prompt: "Enter a city, zip code or airport",
        showsBookmark: true, scopes: ["Artists", "Albums", "Songs"], selectedScope: 1,
        appearance: appearance)
      let typed = SearchBar(
        text: "Abbey Road", showsBookmark: true,
        scopes: ["All", "Library", "Apple Music Catalogue"],
        appearance: appearance)
      for scale in [1, 2, 3] {
        try IndicatorGolden.check(
          try empty.render(scale: Double(scale)),
          "searchbar/prompt-bookmark-scopes-\(appearance.rawValue)@\(scale)x.png")
        try IndicatorGolden.check(
          try typed.render(scale: Double(scale)),
          "searchbar/text-clear-\(appearance.rawValue)@\(scale)x.png")
      }
    }
  }

  @Test func heights() throws {
    for scale in [1.0, 2.0, 3.0] {
      let plain = try SearchBar().render(scale: scale)
      #expect(plain.width == Int(393 * scale) && plain.height == Int(56 * scale))
      let prompt = try SearchBar(prompt: "Hi").render(scale: scale)
      #expect(prompt.height == Int(78 * scale))
      let scoped = try SearchBar(scopes: ["A", "B"]).render(scale: scale)
      #expect(scoped.height == Int(96 * scale))
      let pad = try SearchBar(idiom: .pad).render(scale: scale)
      #expect(pad.width == Int(820 * scale))
    }
  }

  @Test func placeholderBookmarkAndClearFollowTheText() throws {
    let kinds = { (bar: SearchBar) in try bar.draw(scale: 2).layout.items.map(\.kind) }
    #expect(try kinds(SearchBar()) == ["field", "magnifyingGlass", "placeholder"])
    #expect(
      try kinds(SearchBar(showsBookmark: true))
        == ["field", "magnifyingGlass", "bookmarks", "placeholder"])
    #expect(
      try kinds(SearchBar(text: "x", showsBookmark: true))
        == ["field", "magnifyingGlass", "clear", "searchText"])
    let layout = try SearchBar(text: "Beatles").draw(scale: 2).layout
    #expect(layout.items.last?.title == "Beatles")
    // The field: 8 pt insets, 36 pt high, centred in the 56 pt bar.
    let field = layout.items[0].frame
    #expect(field.x == 8 && field.y == 10 && field.width == 377 && field.height == 36)
    // The clear button is a 17 pt circle 8 pt inside the field's trailing end.
    let clear = layout.items[2].frame
    #expect(clear.width == 17 && clear.x + clear.width == 377)
  }

  @Test func theSelectedScopeIsMarked() throws {
    for appearance in Appearance.allCases {
      let bar = SearchBar(scopes: ["A", "B", "C"], selectedScope: 2, appearance: appearance)
      let drawing = try bar.draw(scale: 2)
      let scopes = drawing.layout.items.filter { $0.kind == "scope" }
      #expect(scopes.map(\.selected) == [false, false, true])
      // Inside the selected segment, near its leading edge: the selected fill.
      let f = scopes[2].frame
      let x = Int((f.x + 3) * 2)
      let y = Int((f.y + f.height / 2) * 2)
      #expect(drawing.image[x, y] == IndicatorPalette.ios18.selectedSegment(appearance))
      let g = scopes[0].frame
      #expect(
        drawing.image[Int((g.x + 3) * 2), y] != IndicatorPalette.ios18.selectedSegment(appearance))
    }
  }

  @Test func longTextsEndInAnEllipsisAndWarn() throws {
    let bar = SearchBar(
      placeholder: "Search for artists, albums, songs, lyrics, playlists and radio stations",
      prompt: String(repeating: "A very long prompt line ", count: 4),
      scopes: ["Artists and bands", "Albums and compilations", "Songs"], deviceWidthPt: 320)
    let layout = try bar.draw(scale: 2).layout
    let cut = layout.items.filter(\.truncated).map(\.kind)
    #expect(cut == ["prompt", "placeholder", "scope", "scope"])
    #expect(layout.diagnostics.count == 4)
    #expect(layout.diagnostics.allSatisfy { $0.kind == Diagnostic.Kind.truncatedText })
    // Nothing overlaps: the placeholder ends before the field's trailing inset.
    let placeholder = layout.items.first { $0.kind == "placeholder" }!.frame
    #expect(placeholder.x + placeholder.width <= 320 - 8 - 8 + 0.01)
  }

  @Test func badScopesThrow() throws {
    #expect(
      throws: GlyphsmithError.invalidOption(
        "scope 1 has an empty title; every segment needs a title (scopes are 0-based)")
    ) {
      try SearchBar(scopes: ["A", " ", "C"]).render(scale: 1)
    }
    #expect(
      throws: GlyphsmithError.invalidOption(
        "selected scope 3 is outside 0..<3 (scopes are 0-based)")
    ) {
      try SearchBar(scopes: ["A", "B", "C"], selectedScope: 3).render(scale: 1)
    }
    #expect(throws: GlyphsmithError.self) { try SearchBar(deviceWidthPt: 40).render(scale: 1) }
    #expect(throws: GlyphsmithError.self) { try SearchBar().render(scale: -1) }
  }

  @Test func systemGlyphsMatchTheShippedFiles() throws {
    // Beside assets/icons, not in it: `assets assets/icons` (the README's first command)
    // would see search.svg twice.
    let folder = TabBarTests.icons.deletingLastPathComponent().appendingPathComponent(
      "system-glyphs")
    for glyph in SystemGlyph.allCases {
      let shipped = try String(
        contentsOf: folder.appendingPathComponent(glyph.fileName), encoding: .utf8)
      #expect(shipped == glyph.svg + "\n", "\(glyph.fileName)")
      #expect(try glyph.artwork().ink() != nil)
    }
  }
}
