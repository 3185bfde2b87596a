import Foundation
import GlyphsmithPNG
import Testing

@testable import Glyphsmith

/// `InkAnalysis.analyse`'s row-by-row bounds (issue 34) against a scan of every pixel.
@Suite("ink bounds")
struct InkAnalysisTests {
  /// Bounds of the pixels with any alpha, visiting every pixel (the reference).
  static func reference(_ image: RGBAImage) -> (Int, Int, Int, Int)? {
    var box: (Int, Int, Int, Int)? = nil
    for y in 0..<image.height {
      for x in 0..<image.width where image.pixels[(y * image.width + x) * 4 + 3] != 0 {
        let b = box ?? (x, y, x, y)
        box = (min(b.0, x), min(b.1, y), max(b.2, x), max(b.3, y))
      }
    }
    return box
  }

  @Test("bounds, border contact and the empty image equal a full scan's")
  func matchesFullScan() throws {
    var generator = SplitMix64(seed: 34)  // Kernels/KernelMasks.swift
    for round in 0..<300 {
      let width = 1 + Int(generator.next() % 40)
      let height = 1 + Int(generator.next() % 40)
      var pixels = [UInt8](repeating: 0, count: width * height * 4)
      let inked = round % 10 == 0 ? 0 : Int(generator.next() % 6) + 1
      for _ in 0..<inked {
        let index = Int(generator.next() % UInt64(width * height))
        pixels[index * 4 + 3] = UInt8(1 + generator.next() % 255)
      }
      // Colour without alpha is no ink (straight RGBA may hold it).
      pixels[0] = 255
      pixels[1] = 255
      let image = RGBAImage(width: width, height: height, pixels: pixels)
      let found = InkAnalysis.analyse(image, origin: (0, 0), scale: 1)
      guard let box = Self.reference(image) else {
        #expect(found == nil, "round \(round)")
        continue
      }
      let result = try #require(found, "round \(round)")
      #expect(result.bounds.x == Double(box.0), "round \(round)")
      #expect(result.bounds.y == Double(box.1), "round \(round)")
      #expect(result.bounds.width == Double(box.2 - box.0 + 1), "round \(round)")
      #expect(result.bounds.height == Double(box.3 - box.1 + 1), "round \(round)")
      #expect(
        result.touchesBorder
          == (box.0 == 0 || box.1 == 0 || box.2 == width - 1 || box.3 == height - 1))
    }
  }
}
