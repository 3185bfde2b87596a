import Foundation
import GlyphsmithCLISupport
import GlyphsmithCommands
import GlyphsmithTool
import Testing

/// The input limits (`BudgetOptions.limits`: `--max-pixels`, `--max-use`, `--max-text`) hold
/// in every command that reads artwork in its own process, as they do in render, assets,
/// build and lint (issue 31: "the budget options everywhere they apply"). Each case reads one
/// input past the limit it is given: exit 2, the input and the option named, nothing drawn.
@Suite struct InputLimitsCLITests {
  /// A `side` x `side` px opaque black RGB PNG, its image data in stored (uncompressed)
  /// deflate blocks: written here so the test needs no encoder.
  static func png(side: Int) -> Data {
    func chunk(_ type: String, _ body: [UInt8]) -> [UInt8] {
      let typed = Array(type.utf8) + body
      return bigEndian(UInt32(body.count)) + typed + bigEndian(crc32(typed))
    }
    func bigEndian(_ value: UInt32) -> [UInt8] {
      [24, 16, 8, 0].map { UInt8(truncatingIfNeeded: value >> $0) }
    }
    func crc32(_ bytes: [UInt8]) -> UInt32 {
      var crc: UInt32 = 0xFFFF_FFFF
      for byte in bytes {
        crc ^= UInt32(byte)
        for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
      }
      return ~crc
    }
    let row = [UInt8(0)] + [UInt8](repeating: 0, count: side * 3)
    let raw = (0..<side).flatMap { _ in row }
    // zlib stream of stored (uncompressed) deflate blocks, with its Adler-32.
    var zlib: [UInt8] = [0x78, 0x01]
    var start = 0
    while start < raw.count {
      let end = min(start + 65535, raw.count)
      let length = UInt16(end - start)
      zlib += [end == raw.count ? 1 : 0, UInt8(length & 0xFF), UInt8(length >> 8)]
      zlib += [UInt8(~length & 0xFF), UInt8(~length >> 8)]
      zlib += raw[start..<end]
      start = end
    }
    var a: UInt32 = 1
    var b: UInt32 = 0
    for byte in raw {
      a = (a + UInt32(byte)) % 65521
      b = (b + a) % 65521
    }
    zlib += bigEndian(b << 16 | a)
    let header = bigEndian(UInt32(side)) + bigEndian(UInt32(side)) + [8, 2, 0, 0, 0]
    let bytes =
      [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + chunk("IHDR", header)
      + chunk("IDAT", zlib) + chunk("IEND", [])
    return Data(bytes)
  }

  /// Three `<use>` instances of one rect.
  static let uses = """
    <svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24"><defs>\
    <rect id="r" width="4" height="4"/></defs><use href="#r"/><use href="#r" x="6"/>\
    <use href="#r" x="12"/></svg>
    """

  /// Each command that includes the input limits, with argv reading `big.png` (or, for
  /// `symbol` and `outline`, which take SVG only, `uses.svg` under `--max-use 1`).
  static let cases: [String: [String]] = [
    "sheet": ["sheet", "big.png", "-o", "out.png", "--max-pixels", "1000"],
    "symbol": ["symbol", "uses.svg", "-o", "Out.xcassets", "--max-use", "1"],
    "outline": ["outline", "uses.svg", "-o", "out", "--max-use", "1"],
    "appicon": ["appicon", "big.png", "-o", "Out.xcassets", "--allow-upscale", "--max-pixels", "1000"],
    "tabbar": ["tabbar", "--item", "Home=big.png", "-o", "out.png", "--max-pixels", "1000"],
    "toolbar": ["toolbar", "--item", "big.png", "-o", "out.png", "--max-pixels", "1000"],
    "tableview": ["tableview", "spec.json", "-o", "out.png", "--max-pixels", "1000"],
    "badge": ["badge", "3", "--on", "big.png", "-o", "out.png", "--max-pixels", "1000"],
    "dots": [
      "dots", "--pages", "3", "--current", "1", "--indicator", "1=big.png", "-o", "out.png",
      "--max-pixels", "1000",
    ],
  ]

  /// Every command declaring `--max-pixels` without `--timeout` (the input limits alone) has
  /// a case above, so a command that takes the group later is checked too.
  @Test func everyCommandWithTheLimitsHasACase() {
    let limited = CommandIndex.declarations.filter { declaration in
      let names = Set(declaration.options.map(\.name))
      return names.contains("max-pixels") && !names.contains("timeout")
    }.map(\.name)
    #expect(Set(limited) == Set(Self.cases.keys))
  }

  @Test(arguments: cases.keys.sorted())
  func theLimitHolds(_ command: String) throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    try Self.png(side: 200).write(to: folder.appendingPathComponent("big.png"))
    try Data(Self.uses.utf8).write(to: folder.appendingPathComponent("uses.svg"))
    try Data(#"{"sections": [{"rows": [{"title": "Big", "icon": "big.png"}]}]}"#.utf8)
      .write(to: folder.appendingPathComponent("spec.json"))
    let result = try CLIRunner.run(Self.cases[command]!, in: folder)
    #expect(result.status == 2, "\(command): \(result.stderr)")
    if command == "symbol" || command == "outline" {
      #expect(
        result.stderr.contains(
          "uses.svg: error: too large: the SVG expands to more than 1 <use> instances (--max-use)"),
        "\(result.stderr)")
    } else {
      #expect(
        result.stderr.contains(
          "big.png: error: too large: 200x200 px PNG; inputs are limited to 1000 pixels (--max-pixels)"),
        "\(command): \(result.stderr)")
      #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("out.png").path)
        || command == "sheet", "\(command) drew its output")
    }
  }

  /// Without the options, the same inputs are read (the defaults are the engine's).
  @Test func theDefaultsReadThem() throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    try Self.png(side: 200).write(to: folder.appendingPathComponent("big.png"))
    let result = try CLIRunner.run(["badge", "3", "--on", "big.png", "-o", "out.png"], in: folder)
    #expect(result.status == 0, "\(result.stderr)")
  }
}
