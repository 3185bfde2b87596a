import Foundation
import Glyphsmith
import Testing

/// A `width` x `height` image filled with `fill`, with `changes` applied.
private func image(
  _ width: Int, _ height: Int, fill: RGBA8 = .white, _ changes: [(Int, Int, RGBA8)] = []
) -> RGBAImage {
  var image = RGBAImage(width: width, height: height, fill: fill)
  for (x, y, pixel) in changes { image[x, y] = pixel }
  return image
}

private let red = RGBA8(r: 255, g: 0, b: 0)

@Suite("compare options and edge cases")
struct CompareOptionsTests {
  @Test func ignoredRectanglesAreLeftOutAndHatched() throws {
    let a = image(4, 4)
    let b = image(4, 4, [(1, 1, red), (3, 3, red)])
    var options = PixelmatchOptions()
    options.ignore = [IgnoreRegion(x: 0, y: 0, width: 2, height: 2)]
    options.diffColorAlt = DiffColor(0, 255, 0)
    let result = try Pixelmatch.compare(a, b, options: options, jobs: 2)
    #expect(result.mismatchedPixels == 1)
    #expect(result.ignoredPixels == 4)
    #expect(result.largestDifferenceAt == PixelPoint(x: 3, y: 3))
    let diff = try #require(result.diff)
    let blue = RGBA8(r: 0, g: 128, b: 255)
    #expect(diff[0, 0] == blue && diff[1, 0] == blue && diff[0, 1] == blue)
    #expect(diff[1, 1] == .white)  // ignored, not hatched here: the grey of A's white
    #expect(diff[3, 3] == RGBA8(r: 0, g: 255, b: 0))  // B darker: diffColorAlt
    #expect(diff[2, 2] == .white)

    let unignored = try Pixelmatch.compare(a, b, jobs: 1)
    #expect(unignored.mismatchedPixels == 2)
    #expect(unignored.ignoredPixels == 0)
  }

  @Test func overlappingAndClippedIgnoreRectanglesCountOnce() throws {
    var options = PixelmatchOptions()
    options.ignore = [
      IgnoreRegion(x: 0, y: 0, width: 3, height: 3),
      IgnoreRegion(x: 2, y: 2, width: 10, height: 10),
    ]
    let result = try Pixelmatch.compare(image(4, 4), image(4, 4), options: options)
    #expect(result.ignoredPixels == 9 + 4 - 1)
  }

  @Test func greyIsTruncatedNotRounded() throws {
    // Black at alpha 0.1: 255 - 25.5 = 229.5, stored as 229 by pixelmatch's Uint8 output.
    for blend in PixelmatchBlend.allCases {
      var options = PixelmatchOptions()
      options.blend = blend
      let black = image(2, 2, fill: .black)
      let result = try Pixelmatch.compare(black, black, options: options)
      #expect(result.diff?[1, 1] == RGBA8(r: 229, g: 229, b: 229))
      #expect(result.mismatchedPixels == 0)
    }
  }

  @Test func checkerboardCatchesTransparentTurnedWhite() throws {
    let transparent = image(8, 8, fill: .transparent)
    let white = image(8, 8, fill: .white)
    var options = PixelmatchOptions()
    options.blend = .white
    #expect(try Pixelmatch.compare(transparent, white, options: options).mismatchedPixels == 0)
    options.blend = .checkerboard
    #expect(try Pixelmatch.compare(transparent, white, options: options).mismatchedPixels == 64)
  }

  @Test func differentSizesThrowWithBothSizes() {
    #expect(
      throws: CompareError.sizeMismatch(
        path: nil, expected: ImageSize(width: 50, height: 50),
        actual: ImageSize(width: 50, height: 60))
    ) {
      try Pixelmatch.compare(image(50, 50), image(50, 60))
    }
    let error = CompareError.sizeMismatch(
      path: "b.png", expected: ImageSize(width: 50, height: 50),
      actual: ImageSize(width: 50, height: 60))
    #expect(
      error.description
        == "b.png: error: images differ in size: 50x50 vs 50x60; compare images of the same size")
  }

  @Test func outOfRangeOptionsThrow() {
    var options = PixelmatchOptions()
    options.threshold = 1.5
    #expect(throws: CompareError.self) {
      try Pixelmatch.compare(image(1, 1), image(1, 1), options: options)
    }
  }

  @Test func emptyImagesCompareEqual() throws {
    let result = try Pixelmatch.compare(image(0, 0), image(0, 0))
    #expect(result.mismatchedPixels == 0 && result.totalPixels == 0)
  }

  @Test(arguments: [
    ("0", FailOver.pixels(0)), ("25", .pixels(25)), ("0.5%", .percent(0.5)),
    ("100%", .percent(100)),
  ])
  func failOverParses(_ text: String, _ expected: FailOver) throws {
    #expect(try FailOver(parsing: text) == expected)
    #expect(expected.description == text)
  }

  @Test func failOverLimits() throws {
    #expect(FailOver.pixels(2).isExceeded(mismatched: 3, total: 100))
    #expect(!FailOver.pixels(3).isExceeded(mismatched: 3, total: 100))
    #expect(!FailOver.percent(3).isExceeded(mismatched: 3, total: 100))
    #expect(FailOver.percent(2.9).isExceeded(mismatched: 3, total: 100))
    for bad in ["-1", "x", "101%", "%"] {
      #expect(throws: CompareError.self) { try FailOver(parsing: bad) }
    }
  }

  @Test func colorsAndRectanglesParse() throws {
    #expect(try DiffColor(parsing: "1, 2,3", option: "--diff-color") == DiffColor(1, 2, 3))
    #expect(try IgnoreRegion(parsing: "1,2,3,4") == IgnoreRegion(x: 1, y: 2, width: 3, height: 4))
    #expect(throws: CompareError.self) { try DiffColor(parsing: "256,0,0", option: "--diff-color") }
    #expect(throws: CompareError.self) { try IgnoreRegion(parsing: "0,0,0,4") }
  }

  @Test func optionsJSONHasEveryKey() throws {
    let data = try XcodeJSON.encode(PixelmatchOptions())
    let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    #expect(
      Set(object.keys) == [
        "threshold", "includeAA", "alpha", "aaColor", "diffColor", "diffColorAlt", "diffMask",
        "blend", "ignore", "metric",
      ])
    #expect(object["diffColorAlt"] is NSNull)
    #expect(object["blend"] as? String == "checkerboard")
    #expect(object["metric"] as? String == "yiq")
  }

  @Test func sha256KnownVectors() {
    #expect(
      ContentHash.sha256(Data())
        == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
    #expect(
      ContentHash.sha256(Data("abc".utf8))
        == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
    #expect(
      ContentHash.sha256(Data("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq".utf8))
        == "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1")
  }
}
