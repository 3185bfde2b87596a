import Foundation
import Glyphsmith
import Testing

/// `toolbar`, `searchbar`, `tableview` and the tab bar, badge and dots options of issue 10,
/// through the built executable.
@Suite("Bars CLI")
struct BarsCLITests {
  static let root = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
  static let icons = root.appendingPathComponent("assets/icons")
  static func icon(_ name: String) -> String { icons.appendingPathComponent("\(name).svg").path }

  static func json(_ result: CLIResult) throws -> [String: Any] {
    try JSONSerialization.jsonObject(with: result.stdout) as! [String: Any]
  }

  @Test(arguments: [
    (["toolbar", "-o", "OUT"], "missing --item"),
    (["toolbar", "--item", "a.svg,bogus", "-o", "OUT"], "unknown part 'bogus'"),
    (["toolbar", "--item", "Done", "--space", "wide", "-o", "OUT"], "--space needs flex"),
    (["toolbar", "--item", "Done", "--space", "-4", "-o", "OUT"], "--space needs flex"),
    (["toolbar", "--item", "missing.svg", "-o", "OUT"], "missing.svg"),
    (["toolbar", "--item", "Done", "--idiom", "pad", "--compact", "-o", "OUT"], "--compact"),
    (["toolbar", "--item", "Done", "--idiom", "tv", "-o", "OUT"], "use phone or pad"),
    (["toolbar", "--item", "Done", "-o", "-", "--json"], "--json prints on stdout"),
    (["searchbar", "--scopes", "A,,C", "-o", "OUT"], "scope 1 is empty"),
    (["searchbar", "--scopes", "A,B", "--selected-scope", "2", "-o", "OUT"], "outside 0...1"),
    (["searchbar", "--selected-scope", "0", "-o", "OUT"], "needs a scope bar"),
    (["searchbar", "--scopes", "A", "--scope", "B", "-o", "OUT"], "not both"),
    (["searchbar", "--scope", "", "-o", "OUT"], "scope 0 is empty"),
    (["searchbar"], "missing -o"),
    (["tableview", "-o", "OUT"], "missing SPEC.json"),
    (["tableview", "nothing.json", "-o", "OUT"], "nothing.json"),
    (["tabbar", "--item", "A=x.svg", "-o", "-", "--json"], "--json prints on stdout"),
    (
      ["dots", "--pages", "3", "--current", "0", "--indicator-size", "big", "-o", "OUT"],
      "use fitted or natural"
    ),
  ])
  func badInputExitsTwoAndWritesNothing(arguments: [String], message: String) throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let out = folder.appendingPathComponent("out.png").path
    let result = try CLIRunner.run(arguments.map { $0 == "OUT" ? out : $0 }, in: folder)
    #expect(result.status == 2)
    #expect(result.stderr.contains(message), "\(result.stderr)")
    #expect(!FileManager.default.fileExists(atPath: out))
  }

  @Test func toolbarKeepsTheOrderOfItemsAndSpaces() throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let out = folder.appendingPathComponent("t.png")
    let result = try CLIRunner.run([
      "toolbar", "--item", "Edit", "--space=12", "--item", "Like=\(Self.icon("heart")),disabled",
      "-o", out.path, "--space", "flex", "--item", "Done,prominent", "--scale", "2", "--json",
    ])
    #expect(result.status == 0, "\(result.stderr)")
    let object = try Self.json(result)
    let items = object["items"] as! [[String: Any]]
    #expect(items.map { $0["kind"] as! String } == ["text", "space", "icon", "space", "text"])
    #expect(items.map { $0["title"] as! String } == ["Edit", "", "Like", "", "Done"])
    #expect(items[2]["disabled"] as? Bool == true)
    #expect((items[1]["frame"] as! [String: Any])["width"] as? Double == 12)
    let size = object["size"] as! [String: Any]
    #expect(size["width"] as? Double == 393 && size["height"] as? Double == 44)
    let image = try PNGCodec.decode(Data(contentsOf: out), path: out.path)
    #expect(image.width == 786 && image.height == 88)
  }

  @Test func toolbarWarnsButWrites() throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let out = folder.appendingPathComponent("t.png")
    let six = ["heart", "star", "bell", "camera", "music", "user"].flatMap {
      ["--item", Self.icon($0)]
    }
    let result = try CLIRunner.run(["toolbar"] + six + ["-o", out.path])
    #expect(result.status == 0)
    #expect(result.stderr.contains("warning: 6 toolbar items"))
    #expect(FileManager.default.fileExists(atPath: out.path))
  }

  @Test func searchbarJSONAndScopesWithCommas() throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let out = folder.appendingPathComponent("s.png")
    let result = try CLIRunner.run([
      "searchbar", "--scope", "Songs, Albums", "--scope", "Artists", "--selected-scope", "1",
      "--prompt", "Find music", "--bookmark", "-o", out.path, "--json", "--appearance", "dark",
    ])
    #expect(result.status == 0, "\(result.stderr)")
    let items = try Self.json(result)["items"] as! [[String: Any]]
    #expect(
      items.map { $0["kind"] as! String }
        == ["prompt", "field", "magnifyingGlass", "bookmarks", "placeholder", "scope", "scope"])
    #expect(
      items[5]["title"] as? String == "Songs, Albums" && items[6]["selected"] as? Bool == true)
  }

  @Test func tableviewFromASpec() throws {
    let spec = Self.root.appendingPathComponent("docs/examples/tableview/settings.json")
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let out = folder.appendingPathComponent("t.png")
    let result = try CLIRunner.run([
      "tableview", spec.path, "-o", out.path, "--scale", "3", "--json",
    ])
    #expect(result.status == 0, "\(result.stderr)")
    let object = try Self.json(result)
    let rows = (object["items"] as! [[String: Any]]).filter { $0["kind"] as? String == "row" }
    #expect(rows.count == 9)
    let image = try PNGCodec.decode(Data(contentsOf: out), path: out.path)
    let size = object["size"] as! [String: Any]
    #expect(image.width == 1179 && Double(image.height) == (size["height"] as! Double) * 3)
  }

  @Test func tableviewSpecErrorsNameTheKey() throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let spec = folder.appendingPathComponent("s.json")
    try Data(#"{"sections": [{"rows": [{"title": "A", "colour": "red"}]}]}"#.utf8).write(to: spec)
    let out = folder.appendingPathComponent("t.png")
    let result = try CLIRunner.run(["tableview", spec.path, "-o", out.path])
    #expect(result.status == 2)
    #expect(
      result.stderr.contains("sections[0].rows[0].colour: unknown key 'colour'"), "\(result.stderr)"
    )
    #expect(!FileManager.default.fileExists(atPath: out.path))
  }

  @Test func tabbarRTLAndJSON() throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let out = folder.appendingPathComponent("t.png")
    let result = try CLIRunner.run([
      "tabbar", "--item", "Home=\(Self.icon("house")),badge=2", "--item",
      "A title much too long for its tab, even on a wide bar=\(Self.icon("bell"))", "--rtl",
      "--json", "-o", out.path,
    ])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stderr.contains("warning: tab 1 title"))
    let items = try Self.json(result)["items"] as! [[String: Any]]
    let tabs = items.filter { $0["kind"] as? String == "tab" }
    #expect((tabs[0]["frame"] as! [String: Any])["x"] as? Double == 196.5)
    #expect(tabs[1]["truncated"] as? Bool == true)
  }

  @Test func badgeOnAnSVGIsDrawnAtTheTabBarSize() throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    for scale in [1, 2, 3] {
      let out = folder.appendingPathComponent("b\(scale).png")
      let result = try CLIRunner.run([
        "badge", "3", "--on", Self.icon("user"), "--scale", "\(scale)", "-o", out.path,
      ])
      #expect(result.status == 0, "\(result.stderr)")
      let image = try PNGCodec.decode(Data(contentsOf: out), path: out.path)
      // user.svg is tall: 28 pt high as a tab bar glyph; the badge (18 pt) sits 3 pt above.
      let glyph = try GlyphRenderer.render(
        try Artwork(path: Self.icon("user")),
        options: {
          var o = RenderOptions()
          o.role = .tabBar
          o.scale = Double(scale)
          return o
        }())
      #expect(glyph.image.height == 28 * scale)
      #expect(
        image.height >= glyph.image.height && image.height <= glyph.image.height + 3 * scale + 1)
    }
  }
}
