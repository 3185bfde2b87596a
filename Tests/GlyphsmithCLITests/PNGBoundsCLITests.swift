import Foundation
import Glyphsmith
import Testing

/// Issue 33's PNG inputs, generated here: a PNG file past its size bound (a 150 MB one trapped
/// in Glyphsmith's own code) and a tiny image whose data inflates far past what its rows need
/// (1x1 with 1 MB of image data inflating to 1 GiB took 3-9 s, exit 0) are refused by name,
/// before anything is inflated or allocated.
@Suite("PNG inputs are bounded before decoding")
struct PNGBoundsCLITests {
  /// A PNG chunk (length, type, data, CRC left zero: the bounds are checked before libpng
  /// reads a chunk).
  static func chunk(_ type: String, _ body: Data) -> Data {
    var length = UInt32(body.count).bigEndian
    return Data(bytes: &length, count: 4) + Data(type.utf8) + body + Data(count: 4)
  }

  static func header(width: UInt32, height: UInt32, depth: UInt8 = 8, colour: UInt8 = 6) -> Data {
    var w = width.bigEndian
    var h = height.bigEndian
    return Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
      + chunk(
        "IHDR",
        Data(bytes: &w, count: 4) + Data(bytes: &h, count: 4) + Data([depth, colour, 0, 0, 0]))
  }

  @Test func aPNGFilePastItsBoundIsRefusedBeforeItIsRead() throws {
    let dir = try BoundsCLITests.folder([("big.png", Self.header(width: 4096, height: 4096))])
    defer { try? FileManager.default.removeItem(at: dir) }
    // 150 MB, sparse: nothing is written past the header.
    let handle = try FileHandle(forWritingTo: dir.appendingPathComponent("big.png"))
    try handle.truncate(atOffset: 150_000_000)
    try handle.close()
    let (result, seconds) = try CanonicalReadCLITests.timed(
      ["render", "big.png", "-o", "o.png"], in: dir)
    #expect(result.status == 2)
    #expect(
      result.stderr
        == "big.png: error: too large: 150000000 bytes; PNG files are limited to 50331648 bytes "
        + "(2 bytes a pixel of --max-pixels, plus 16 MiB)\n")
    #expect(seconds < CanonicalReadCLITests.budget)
    BoundsCLITests.expectNoIsolationCatch(result)
    let assets = try CLIRunner.run(["assets", "big.png", "-o", "I.xcassets"], in: dir)
    #expect(assets.status == 2)
    #expect(
      assets.stderr.contains("big.png: error: too large: 150000000 bytes; PNG files are limited"))
    BoundsCLITests.expectNoIsolationCatch(assets)
  }

  @Test func imageDataLongerThanTheImageNeedsIsRefusedBeforeInflating() throws {
    // 1x1 RGBA needs 5 bytes uncompressed; 64 KiB of deflate data (64 MiB of zeros) does not
    // belong to it.
    let zeros = try #require(try CanonicalReadCLITests.gzip(Data(count: 64 << 20)))
    let deflate = zeros.dropFirst(10).dropLast(8)
    let bomb =
      Self.header(width: 1, height: 1)
      + Self.chunk("IDAT", Data([0x78, 0x9C]) + deflate + Data(count: 4))
      + Self.chunk("IEND", Data())
    var image = RGBAImage(width: 64, height: 64, pixels: [UInt8](repeating: 0, count: 64 * 64 * 4))
    for i in stride(from: 0, to: image.pixels.count, by: 4) { image.pixels[i + 3] = 255 }
    let fine = try PNGCodec.encode(image)
    let dir = try BoundsCLITests.folder([("bomb.png", bomb), ("fine.png", fine)])
    defer { try? FileManager.default.removeItem(at: dir) }
    let (result, seconds) = try CanonicalReadCLITests.timed(
      ["render", "bomb.png", "-o", "o.png"], in: dir)
    #expect(result.status == 2)
    #expect(
      result.stderr.hasPrefix(
        "bomb.png: error: too large: its image data is \(deflate.count + 6) bytes compressed, "
          + "more than a 1x1 px PNG needs uncompressed (5 bytes)"), "\(result.stderr)")
    #expect(result.stderr.contains("--max-pixels"))
    #expect(seconds < CanonicalReadCLITests.budget)
    let ok = try CLIRunner.run(["render", "fine.png", "-o", "f.png", "--role", "plain"], in: dir)
    #expect(ok.status == 0, "\(ok.stderr)")
  }
}
