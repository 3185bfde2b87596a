import Foundation
import Testing

@testable import GlyphsmithRender

/// Fixtures written by `scripts/make-png-fixtures.py`, with known pixel values.
private func fixture(_ name: String) throws -> Data {
  let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("Fixtures/\(name)")
  return try Data(contentsOf: url)
}

private func decode(_ name: String) throws -> RGBAImage {
  try PNGCodec.decode(try fixture(name), path: name)
}

@Suite("PNG decoding: every colour type to straight RGBA8, values as stored")
struct PNGDecodingTests {
  @Test func paletteWithTransparentIndexStaysTransparent() throws {
    let image = try decode("palette-trns.png")
    #expect(image.width == 2 && image.height == 2)
    #expect(image[0, 0] == RGBA8(r: 0, g: 0, b: 0, a: 0))
    #expect(image[1, 0] == RGBA8(r: 255, g: 0, b: 0, a: 255))
    #expect(image[0, 1] == RGBA8(r: 0, g: 255, b: 0, a: 255))
    #expect(image[1, 1] == RGBA8(r: 0, g: 0, b: 255, a: 128))
  }

  @Test func greyExpandsToRGB() throws {
    let image = try decode("gray.png")
    #expect(image[0, 0] == RGBA8(r: 0, g: 0, b: 0, a: 255))
    #expect(image[1, 0] == RGBA8(r: 200, g: 200, b: 200, a: 255))
  }

  @Test func greyAlphaKeepsAlpha() throws {
    let image = try decode("gray-alpha.png")
    #expect(image[0, 0] == RGBA8(r: 10, g: 10, b: 10, a: 0))
    #expect(image[1, 0] == RGBA8(r: 200, g: 200, b: 200, a: 128))
  }

  @Test func lowBitDepthGreyScalesToFullRange() throws {
    let image = try decode("gray-2bit.png")
    #expect((0..<4).map { image[$0, 0].r } == [0, 85, 170, 255])
  }

  @Test func sixteenBitSamplesRoundToNearest() throws {
    // 0x01C0 = 448: 448 / 257 = 1.74 rounds to 2 (truncation would give 1).
    let rgb = try decode("rgb16.png")
    #expect(rgb[0, 0] == RGBA8(r: 128, g: 2, b: 255, a: 255))
    // 0x7F7F = 32639 -> 127; 0x80FF = 33023 -> 128.49 -> 128.
    #expect(rgb[1, 0] == RGBA8(r: 0, g: 127, b: 128, a: 255))
    let rgba = try decode("rgba16.png")
    #expect(rgba[0, 0] == RGBA8(r: 255, g: 0, b: 2, a: 128))
  }

  @Test func gammaAndSRGBChunksDoNotShiftValues() throws {
    #expect(try decode("gamma-rgb.png")[0, 0] == RGBA8(r: 100, g: 150, b: 200, a: 255))
  }

  @Test func interlacedImageDecodesEveryPass() throws {
    let image = try decode("interlaced.png")
    for y in 0..<8 {
      for x in 0..<8 {
        #expect(image[x, y] == RGBA8(r: UInt8(x * 32), g: UInt8(y * 32), b: 7, a: 255))
      }
    }
  }

  @Test func garbageIsAClearError() {
    #expect(
      throws: RenderError.invalidPNG(path: "x.png", message: "not a PNG file (no PNG signature)")
    ) {
      try PNGCodec.decode(Data("hello".utf8), path: "x.png")
    }
    // An empty file is named as such (as render, assets and lint name it), in compare too.
    #expect(throws: RenderError.invalidPNG(path: "e.png", message: "the file is empty")) {
      try PNGCodec.decode(Data(), path: "e.png")
    }
  }

  @Test func truncatedFileNamesTheProblem() throws {
    let data = try fixture("interlaced.png").prefix(60)
    #expect {
      try PNGCodec.decode(Data(data), path: "cut.png")
    } throws: { error in
      guard case .invalidPNG(let path, let message) = error as? RenderError else { return false }
      return path == "cut.png" && !message.isEmpty
    }
  }

  @Test func oversizedHeaderIsRefusedBeforeDecoding() throws {
    // A valid header claiming 20000 x 10 px, no pixel data at all.
    var data = try fixture("gray.png")
    data.replaceSubrange(16..<20, with: [0, 0, 0x4E, 0x20])
    #expect {
      try PNGCodec.decode(data, path: "huge.png")
    } throws: { error in
      guard case .tooLarge(let path, let what) = error as? RenderError else { return false }
      return path == "huge.png" && what.contains("20000x1 px")
    }
  }
}

@Suite("PNG encoding: 8-bit RGBA, sRGB chunk, no time stamp, byte-identical")
struct PNGEncodingTests {
  @Test func roundTripsExactPixelsAndWritesChunks() throws {
    var image = RGBAImage(width: 3, height: 2)
    image[0, 0] = RGBA8(r: 1, g: 2, b: 3, a: 4)
    image[2, 1] = RGBA8(r: 250, g: 128, b: 0, a: 255)
    let data = try PNGCodec.encode(image, text: [("Software", "glyphsmith")])
    #expect(try PNGCodec.decode(data, path: "-") == image)
    #expect(data[24] == 8 && data[25] == 6)  // bit depth 8, colour type RGBA
    #expect(data.range(of: Data("sRGB".utf8)) != nil)
    #expect(data.range(of: Data("tIME".utf8)) == nil)
    #expect(data.range(of: Data("Software\0glyphsmith".utf8)) != nil)
    #expect(try PNGCodec.encode(image, text: [("Software", "glyphsmith")]) == data)
  }

  /// Both encoder paths (unfiltered for images of runs, Sub with run-length zlib for the
  /// rest) give back the exact pixels and the same bytes on every call.
  @Test func runsAndGradientsRoundTripDeterministically() throws {
    var icon = RGBAImage(width: 64, height: 64)
    for y in 20..<44 {
      for x in 8..<56 { icon[x, y] = RGBA8(r: 0, g: 0, b: 0, a: x == 8 ? 128 : 255) }
    }
    var gradient = RGBAImage(width: 64, height: 64)
    for y in 0..<64 {
      for x in 0..<64 {
        gradient[x, y] = RGBA8(r: UInt8(x * 4), g: UInt8(y * 4), b: UInt8((x * y) % 256), a: 255)
      }
    }
    for image in [icon, gradient] {
      let data = try PNGCodec.encode(image)
      #expect(try PNGCodec.decode(data, path: "-") == image)
      #expect(try PNGCodec.encode(image) == data)
    }
    // Runs compress to far less than the gradient's noise.
    #expect(try PNGCodec.encode(icon).count < PNGCodec.encode(gradient).count / 4)
  }

  @Test func opaqueDropsAlpha() throws {
    let image = RGBAImage(width: 2, height: 2, fill: RGBA8(r: 9, g: 8, b: 7))
    let data = try PNGCodec.encode(image, opaque: true)
    #expect(data[25] == 2)  // colour type RGB
    #expect(try PNGCodec.decode(data, path: "-")[1, 1] == RGBA8(r: 9, g: 8, b: 7, a: 255))
  }
}

@Suite("Cairo ARGB32 <-> straight RGBA8, the one conversion point")
struct PixelConversionTests {
  @Test func unpremultipliesWithRounding() {
    // Native-endian words A<<24 | R<<16 | G<<8 | B, premultiplied.
    let words: [UInt32] = [0x8040_2000, 0xFF01_0203, 0x0000_0000, 0x0101_0000]
    let bytes = words.withUnsafeBytes { Array($0) }
    let straight = bytes.withUnsafeBufferPointer {
      PixelConversion.straightRGBA(fromARGB32: $0.baseAddress!, width: 4, height: 1, stride: 16)
    }
    #expect(
      straight == [
        128, 64, 0, 128,  // 0x40 * 255 / 0x80 = 127.5 -> 128; 0x20 -> 64
        1, 2, 3, 255,
        0, 0, 0, 0,
        255, 0, 0, 1,
      ])
  }

  @Test func premultipliesWithRounding() {
    var words = [UInt32](repeating: 0, count: 2)
    words.withUnsafeMutableBytes { raw in
      PixelConversion.writeARGB32(
        fromStraight: [255, 128, 0, 128, 10, 20, 30, 255], width: 2, height: 1,
        into: raw.baseAddress!.assumingMemoryBound(to: UInt8.self), stride: 8)
    }
    #expect(words == [0x8080_4000, 0xFF0A_141E])
  }
}
