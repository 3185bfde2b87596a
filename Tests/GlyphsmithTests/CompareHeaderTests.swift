import Foundation
import Glyphsmith
import Testing

/// `ImageComparison.compareFiles` reads both PNG headers before decoding anything.
@Suite("compare: headers first")
struct CompareHeaderTests {
  /// The first 33 bytes of a PNG: signature and IHDR (RGBA8) for `width` x `height`, then
  /// bytes that are no PNG data at all, so any attempt to decode fails.
  private func headerOnly(_ width: UInt32, _ height: UInt32) -> Data {
    var bytes: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13]
    bytes += Array("IHDR".utf8)
    for value in [width, height] {
      bytes += [UInt8(value >> 24), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF)]
      bytes.append(UInt8(value & 0xFF))
    }
    bytes += [8, 6, 0, 0, 0, 0, 0, 0, 0] + Array("not zlib data".utf8)
    return Data(bytes)
  }

  @Test func sizeMismatchIsAnsweredWithoutDecoding() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let a = folder.path("a.png")
    let b = folder.path("b.png")
    try headerOnly(3000, 2000).write(to: URL(fileURLWithPath: a))
    try headerOnly(3000, 2001).write(to: URL(fileURLWithPath: b))
    #expect(
      throws: CompareError.sizeMismatch(
        path: b, expected: ImageSize(width: 3000, height: 2000),
        actual: ImageSize(width: 3000, height: 2001))
    ) {
      try ImageComparison.compareFiles(expected: a, actual: b)
    }
  }

  @Test func equalHeadersStillDecodeAndReportBrokenData() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let a = folder.path("a.png")
    let b = folder.path("b.png")
    try headerOnly(4, 4).write(to: URL(fileURLWithPath: a))
    try headerOnly(4, 4).write(to: URL(fileURLWithPath: b))
    #expect(throws: (any Error).self) { try ImageComparison.compareFiles(expected: a, actual: b) }
  }

  @Test func largePairDecodesInPlaceWithTheSameCount() throws {
    // 2100 x 2100 is over the old 16 MiB parallel-decode limit: now decoded concurrently.
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let first = RGBAImage(width: 2100, height: 2100, fill: RGBA8(r: 10, g: 20, b: 30))
    var second = first
    for (x, y) in [(0, 0), (2099, 2099), (1000, 7), (5, 2000)] {
      second[x, y] = RGBA8(r: 250, g: 20, b: 30)
    }
    let a = folder.path("a.png")
    let b = folder.path("b.png")
    try PNGCodec.encode(first).write(to: URL(fileURLWithPath: a))
    try PNGCodec.encode(second).write(to: URL(fileURLWithPath: b))
    let diff = folder.path("diff.png")
    let result = try ImageComparison.compareFiles(expected: a, actual: b, diffPath: diff, jobs: 2)
    #expect(result.mismatchedPixels == 4)
    let written = try PNGCodec.decode(Data(contentsOf: URL(fileURLWithPath: diff)), path: diff)
    #expect(written.width == 2100 && written.height == 2100)
    #expect(written[2099, 2099] == written[1000, 7])
    #expect(written[2099, 2099] != written[3, 3])
  }
}
