import Testing

@testable import Glyphsmith

/// `InkMask`: alpha scaling, the half-coverage threshold and the complement, for every byte.
@Suite struct InkMaskTests {
  /// Pixels with every alpha byte 0...255, colour bytes set to noise that must not leak in.
  private static let everyAlpha: [UInt8] = (0..<256).flatMap { a -> [UInt8] in
    [UInt8(255 - a), UInt8(a / 2), 0x5A, UInt8(a)]
  }

  @Test func alphaIsTheFourthByteOver255() {
    let alpha = InkMask.alpha(ofRGBA: Self.everyAlpha)
    #expect(alpha.count == 256)
    for a in 0..<256 {
      #expect(alpha[a] == Float(a) / 255, "alpha byte \(a)")
    }
    #expect(alpha[0] == 0 && alpha[255] == 1)
    #expect(InkMask.alpha(ofRGBA: []).isEmpty)
  }

  @Test func inkIsAtLeastHalfCovered() {
    let ink = InkMask.ink(alpha: InkMask.alpha(ofRGBA: Self.everyAlpha))
    // 127 / 255 = 0.498 is background, 128 / 255 = 0.502 is ink.
    #expect(ink == (0..<256).map { $0 >= 128 ? 1 : 0 })
    #expect(InkMask.ink(alpha: [0.5, 0.4999999, 1, 0]) == [1, 0, 1, 0])
    #expect(InkMask.ink(alpha: []).isEmpty)
  }

  @Test(arguments: [1, 2] as [UInt64])
  func complementSwapsInkAndBackground(seed: UInt64) {
    for mask in KernelMasks.all(seed: seed) {
      expectSameGrid(
        InkMask.complement(mask.bits), mask.bits.map { $0 == 0 ? 1 : 0 }, mask, "complement")
    }
    #expect(InkMask.complement([]).isEmpty)
  }

  @Test func gridFacadeUsesTheKernels() {
    let image = RGBAImage(
      width: 3, height: 2,
      pixels: [
        0, 0, 0, 0, 9, 9, 9, 127, 1, 2, 3, 128,
        0, 0, 0, 255, 7, 7, 7, 64, 0, 0, 0, 200,
      ])
    let grid = PixelGrid(image)
    #expect(grid.width == 3 && grid.height == 2)
    #expect(grid.alpha == [0, 127, 128, 255, 64, 200].map { Float($0) / 255 })
    #expect(grid.inkMask() == [0, 0, 1, 1, 0, 1])
  }

  /// `nextSet` against a byte-by-byte search, from every start to every end of masks with
  /// gaps of 0-20 zero bytes (across the eight-byte steps) and set bytes other than 1.
  @Test func nextSetMatchesAByteSearch() {
    let mask: [UInt8] = [
      0, 0, 3, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 255, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
      0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 128, 0, 0, 0, 0, 0, 0, 0, 0, 1,
    ]
    mask.withUnsafeBufferPointer { m in
      for end in 0...mask.count {
        for from in 0...end {
          let expected = (from..<end).first { mask[$0] != 0 } ?? end
          #expect(InkMask.nextSet(m, from: from, end: end) == expected, "from \(from) end \(end)")
        }
      }
    }
    let zeros = [UInt8](repeating: 0, count: 17)
    #expect(zeros.withUnsafeBufferPointer { InkMask.nextSet($0, from: 0, end: 17) } == 17)
    #expect(mask.withUnsafeBufferPointer { InkMask.nextSet($0, from: 14, end: 44) } == 34)
  }
}
