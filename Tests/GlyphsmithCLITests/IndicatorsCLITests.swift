import Foundation
import Glyphsmith
import Testing

@Suite("Indicators CLI")
struct IndicatorsCLITests {
  static let icons = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("assets/icons")

  static func decode(_ path: URL) throws -> RGBAImage {
    try PNGCodec.decode(Data(contentsOf: path), path: path.path)
  }

  @Test func badgeWritesExactlyTheBadge() throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let out = folder.appendingPathComponent("b.png")
    let result = try CLIRunner.run(["badge", "100", "-o", out.path, "--scale", "3"])
    #expect(result.status == 0, "\(result.stderr)")
    let image = try Self.decode(out)
    #expect(image.height == 54)
    #expect(image == (try Badge("99+").render(scale: 3)))
    let dark = folder.appendingPathComponent("d.png")
    let r2 = try CLIRunner.run([
      "badge", "7", "-o", dark.path, "--scale", "2", "--appearance", "dark", "--palette", "ios26",
    ])
    #expect(r2.status == 0)
    let d = try Self.decode(dark)
    #expect(d.width == 36 && d.height == 36)
    #expect(d[3, 18] == RGBA8(r: 0xFF, g: 0x42, b: 0x45))
  }

  @Test func badgeOnIconGrowsTheCanvas() throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let icon = folder.appendingPathComponent("icon.png")
    try PNGCodec.encode(RGBAImage(width: 50, height: 50, fill: .black)).write(to: icon)
    let out = folder.appendingPathComponent("on.png")
    let ltr = try CLIRunner.run(["badge", "3", "--on", icon.path, "--scale", "2", "-o", out.path])
    #expect(ltr.status == 0, "\(ltr.stderr)")
    let image = try Self.decode(out)
    #expect(image.width == 62 && image.height == 59)
    #expect(image[0, 58] == .black)
    let rtlOut = folder.appendingPathComponent("rtl.png")
    let rtl = try CLIRunner.run([
      "badge", "3", "--on", icon.path, "--scale", "2", "--rtl", "-o", rtlOut.path,
    ])
    #expect(rtl.status == 0)
    #expect(try Self.decode(rtlOut)[61, 58] == .black)
  }

  @Test(arguments: [
    (["badge", "1", "-o", "OUT", "--color", "reddish"], "invalid colour"),
    (["badge", "-o", "OUT"], "missing VALUE"),
    (["badge", "1", "-o", "OUT", "--appearance", "dim"], "use light or dark"),
    (["badge", "新", "-o", "OUT"], "U+65B0"),
    (["badge", "1", "-o", "OUT", "--rtl"], "--on"),
    (["dots", "--pages", "3", "--current", "3", "-o", "OUT"], "outside 0...2"),
    (["dots", "--pages", "0", "--current", "0", "-o", "OUT"], "--pages"),
    (
      ["dots", "--pages", "3", "--current", "0", "-o", "OUT", "--indicator", "1=missing.svg"],
      "missing.svg"
    ),
    (
      ["dots", "--pages", "3", "--current", "0", "-o", "OUT", "--indicator", "7=x.svg"],
      "outside 0...2"
    ),
    (["tabbar", "-o", "OUT"], "missing --item"),
    (["tabbar", "--item", "Home", "-o", "OUT"], "TITLE=ICON"),
    (["tabbar", "--item", "A=missing.svg", "-o", "OUT"], "missing.svg"),
    (["tabbar", "--item", "A=x.svg,bogus", "-o", "OUT"], "unknown part"),
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

  @Test func manyPagesWarnButSucceed() throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let out = folder.appendingPathComponent("dots.png")
    let result = try CLIRunner.run([
      "dots", "--pages", "20", "--current", "19", "-o", out.path, "--scale", "2",
    ])
    #expect(result.status == 0)
    #expect(result.stderr.contains("warning: 20 pages"))
    let image = try Self.decode(out)
    #expect(image == (try PageControl(pageCount: 20, currentPage: 19).render(scale: 2)))
    let quiet = try CLIRunner.run([
      "dots", "--pages", "10", "--current", "0", "-o", out.path,
    ])
    #expect(quiet.status == 0 && quiet.stderr.isEmpty)
  }

  @Test func dotsWithIndicatorsAndBackground() throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let arrow = folder.appendingPathComponent("arrow.svg")
    try Data(
      """
      <svg xmlns="http://www.w3.org/2000/svg" width="24" height="24" viewBox="0 0 24 24">\
      <path d="M21 3 L3 10.5 L11 13 L13.5 21 Z"/></svg>
      """.utf8
    ).write(to: arrow)
    let out = folder.appendingPathComponent("dots.png")
    let result = try CLIRunner.run([
      "dots", "--pages", "4", "--current", "1", "-o", out.path, "--scale", "2",
      "--indicator", "0=\(arrow.path)", "--background", "#000000", "--tint", "#FFFFFF80",
    ])
    #expect(result.status == 0, "\(result.stderr)")
    let image = try Self.decode(out)
    #expect(image[0, 0] == RGBA8(r: 0, g: 0, b: 0))
    #expect(image.height == 72)
  }

  @Test func tabbarWritesTheBar() throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let out = folder.appendingPathComponent("bar.png")
    let house = Self.icons.appendingPathComponent("house.svg").path
    let bell = Self.icons.appendingPathComponent("bell.svg").path
    let result = try CLIRunner.run([
      "tabbar", "--item", "Home=\(house)", "--item", "Inbox=\(bell),badge=5,disabled",
      "--selected", "0", "-o", out.path, "--scale", "2", "--home-indicator",
      "--appearance", "dark",
    ])
    #expect(result.status == 0, "\(result.stderr)")
    let image = try Self.decode(out)
    #expect(image.width == 786 && image.height == 166)
    let expected = try TabBar(
      items: [
        TabBar.Item(title: "Home", icon: try Artwork(path: house)),
        TabBar.Item(title: "Inbox", icon: try Artwork(path: bell), badge: "5", isDisabled: true),
      ], selectedIndex: 0, appearance: .dark, homeIndicator: true
    ).render(scale: 2)
    #expect(image == expected)
    let help = try CLIRunner.run(["help", "tabbar"])
    #expect(help.status == 0 && help.stdoutText.contains("--home-indicator"))
  }
}
