import Foundation
import Glyphsmith
import Testing

@Suite("TableView")
struct TableViewTests {
  static let examples = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("docs/examples/tableview")

  static func spec(_ json: String, in folder: TemporaryFolder) throws -> TableViewSpec {
    try TableViewSpec.parse(Data(json.utf8), path: "t.json", baseDirectory: folder.url)
  }

  static func message(_ json: String) throws -> String {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    do {
      _ = try spec(json, in: folder)
      return "no error"
    } catch {
      return "\(error)"
    }
  }

  @Test func goldens() throws {
    for appearance in Appearance.allCases {
      let settings = try TableView.load(
        path: Self.examples.appendingPathComponent("settings.json").path, appearance: appearance)
      let contacts = try TableView.load(
        path: Self.examples.appendingPathComponent("contacts.json").path, appearance: appearance)
      for scale in [1, 2, 3] {
        try IndicatorGolden.check(
          try settings.render(scale: Double(scale)),
          "tableview/grouped-settings-\(appearance.rawValue)@\(scale)x.png")
        try IndicatorGolden.check(
          try contacts.render(scale: Double(scale)),
          "tableview/plain-index-\(appearance.rawValue)@\(scale)x.png")
      }
    }
  }

  @Test func heightsFromTheContent() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let plain = try Self.spec(
      #"{"sections": [{"rows": [{"title": "A"}, {"title": "B", "subtitle": "b"}]}]}"#, in: folder)
    for scale in [1.0, 2.0, 3.0] {
      let drawing = try TableView(spec: plain).draw(scale: scale)
      #expect(drawing.image.width == Int(393 * scale))
      #expect(drawing.image.height == Int((44 + 58) * scale))
      #expect(drawing.layout.items.map(\.frame.height) == [44, 58])
    }
    let grouped = try Self.spec(
      #"{"style": "grouped", "sections": [{"header": "H", "footer": "F", "rows": [{"title": "A"}]}]}"#,
      in: folder)
    // 20 + header 18 + 6 + row 44 + 6 + footer 18 + 20.
    let layout = try TableView(spec: grouped).draw(scale: 2).layout
    #expect(layout.size.height == 132)
    #expect(layout.items.map(\.kind) == ["header", "row", "footer"])
    #expect(layout.items[1].frame.x == 16 && layout.items[1].frame.width == 361)
  }

  @Test func separatorsAreOneDevicePixelInsetToTheText() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let spec = try Self.spec(
      #"{"sections": [{"rows": [{"title": "A"}, {"title": "B"}]}]}"#, in: folder)
    for scale in [1.0, 2.0, 3.0] {
      let image = try TableView(spec: spec).render(scale: scale)
      let y = Int(44 * scale) - 1
      let separator = IndicatorPalette.ios18.separator(.light)
      let alpha = Double(separator.a) / 255
      let red: Double = Double(separator.r) * alpha + 255 * (1 - alpha)
      #expect(abs(Double(image[Int(20 * scale), y].r) - red) <= 1)
      #expect(image[Int(20 * scale), y - 1] == .white)
      #expect(image[Int(20 * scale), y + 1] == .white)
      #expect(image[Int(10 * scale), y] == .white)  // inset 16 pt
    }
  }

  @Test func specErrorsNameTheKey() throws {
    #expect(
      try Self.message(#"{"sections": [{"rows": [{"title": "A", "subtitel": "x"}]}]}"#)
        == "t.json: error: sections[0].rows[0].subtitel: unknown key 'subtitel'; known keys here: "
        + "title, subtitle, detail, icon, iconBackground, accessory, disabled")
    #expect(
      try Self.message(#"{"style": "plain", "rows": []}"#).contains("rows: unknown key 'rows'"))
    #expect(
      try Self.message(#"{"sections": [{"head": "x", "rows": [{"title": "A"}]}]}"#)
        .contains("sections[0].head: unknown key 'head'"))
    #expect(
      try Self.message(#"{"style": "grouped", "sections": []}"#)
        == "t.json: error: sections: a grouped table with no group; the guidelines require at least one group"
    )
    #expect(
      try Self.message(
        #"{"style": "grouped", "sections": [{"rows": [{"title": "A"}]}, {"header": "B", "rows": []}]}"#
      )
        == "t.json: error: sections[1]: a group with no row; the guidelines require at least one row in every group"
    )
    #expect(
      try Self.message(#"{"style": "inset", "sections": []}"#).contains("unknown style 'inset'"))
    #expect(
      try Self.message(#"{"sections": [{"rows": [{"title": "A", "accessory": "chevron"}]}]}"#)
        .contains("sections[0].rows[0].accessory: unknown accessory 'chevron'"))
    #expect(
      try Self.message(
        #"{"sections": [{"rows": [{"title": "A", "subtitle": "s", "detail": "d"}]}]}"#
      )
      .contains("not both"))
    #expect(
      try Self.message(#"{"sections": [{"rows": [{"subtitle": "s"}]}]}"#).contains("title: missing")
    )
    #expect(
      try Self.message(#"{"sections": [{"rows": [{"title": 3}]}]}"#).contains("expected a string"))
    #expect(
      try Self.message(#"{"sections": [{"rows": [{"title": "A", "disabled": 1}]}]}"#)
        .contains("disabled: expected true or false"))
    #expect(try Self.message(#"{"index": 3, "sections": []}"#).contains("index: expected true"))
    #expect(try Self.message(#"{"sections": []}"#).contains("the table has no rows"))
    #expect(
      try Self.message(
        ##"{"sections": [{"rows": [{"title": "A", "iconBackground": "#FF0000"}]}]}"##
      ).contains("needs an \"icon\""))
    #expect(
      try Self.message(
        ##"{"sections": [{"rows": [{"title": "A", "icon": "a.svg", "iconBackground": "reddish"}]}]}"##
      ).contains("invalid colour 'reddish'"))
    #expect(try Self.message(#"{"sections": "#).contains("not valid JSON"))
    #expect(try Self.message(#"[1, 2]"#).contains("expected an object"))
  }

  /// Issue 22: the spec is the user's own file: its icon paths resolve as command-line paths
  /// do (relative to the spec, `..` and absolute allowed); URLs are refused.
  @Test func iconPathsResolveAsCommandLinePaths() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let outside = try folder.write(
      "icons/bell.svg", svg(viewBox: "0 0 10 10", body: "<circle cx=\"5\" cy=\"5\" r=\"4\"/>"))
    let specPath = try folder.write(
      "specs/t.json",
      #"{"sections": [{"rows": [{"title": "A", "icon": "../icons/bell.svg"}, {"title": "B", "icon": ""#
        + outside + #""}]}]}"#)
    let table = try TableView.load(path: specPath)
    let paths = table.spec.sections[0].rows.map(\.iconPath)
    let resolved = folder.url.appendingPathComponent("icons/bell.svg").standardizedFileURL.path
    #expect(paths == [resolved, outside])
    #expect(table.icons.keys.sorted() == Array(Set([resolved, outside])).sorted())
  }

  @Test func iconsAreFilesNotURLs() throws {
    let network = try Self.message(
      #"{"sections": [{"rows": [{"title": "A", "icon": "https://example.com/a.svg"}]}]}"#)
    #expect(network.contains("network references are not loaded"))
    // Inside the folder: resolved against it, and a missing file is named.
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let specPath = try folder.write(
      "t.json", #"{"sections": [{"rows": [{"title": "A", "icon": "icons/missing.svg"}]}]}"#)
    #expect(
      throws: GlyphsmithError.unreadable(
        path: folder.url.appendingPathComponent("icons/missing.svg").standardizedFileURL.path,
        reason: "no such file")
    ) { try TableView.load(path: specPath) }
  }

  @Test func indexAndTruncation() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let spec = try Self.spec(
      #"{"index": true, "sections": [{"rows": [{"title": "A title much too long to fit in a narrow table at all", "detail": "And a detail"}]}]}"#,
      in: folder)
    #expect(spec.index.count == 27 && spec.index.first == "A" && spec.index.last == "#")
    let layout = try TableView(spec: spec, deviceWidthPt: 320).draw(scale: 2).layout
    #expect(layout.items.map(\.kind) == ["row", "index"])
    #expect(layout.items[0].truncated)
    #expect(layout.diagnostics.descriptions.contains { $0.contains("sections[0].rows[0] title") })
    #expect(layout.diagnostics.contains { $0.kind == Diagnostic.Kind.truncatedText })
    #expect(layout.items[1].frame.x == 305 && layout.items[1].frame.width == 15)
    let grouped = try Self.spec(
      #"{"style": "grouped", "index": ["A"], "sections": [{"rows": [{"title": "A"}]}]}"#, in: folder
    )
    let groupedLayout = try TableView(spec: grouped).draw(scale: 1).layout
    #expect(
      groupedLayout.diagnostics.first?.description.contains("a section index is for plain tables")
        == true)
    #expect(groupedLayout.diagnostics.first?.kind == Diagnostic.Kind.layout)
    #expect(!groupedLayout.items.contains { $0.kind == "index" })
  }
}
