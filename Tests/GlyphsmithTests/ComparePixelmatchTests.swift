import Foundation
import Glyphsmith
import GlyphsmithTestFixtures
import Testing

@Suite("pixelmatch cases")
struct ComparePixelmatchTests {
  static let allCases =
    PixelmatchFixtures.cases("cases.tsv")
    + PixelmatchFixtures.cases("cases-v7.2.0.tsv")
    + PixelmatchFixtures.cases("cases-main-oklab.tsv")

  @Test func everyCaseListIsRead() {
    #expect(PixelmatchFixtures.cases("cases.tsv").count == 10)
    #expect(PixelmatchFixtures.cases("cases-v7.2.0.tsv").count == 12)
    #expect(PixelmatchFixtures.cases("cases-main-oklab.tsv").count == 12)
  }

  @Test(arguments: allCases)
  func exactCountAndDiffImage(_ fixture: PixelmatchFixtures.Case) throws {
    let a = try PixelmatchFixtures.image(fixture.image1)
    let b = try PixelmatchFixtures.image(fixture.image2)
    let expectedDiff = try PixelmatchFixtures.image(fixture.expectedDiff)
    let result = try Pixelmatch.compare(a, b, options: try fixture.options(), diff: true, jobs: 2)
    #expect(result.mismatchedPixels == fixture.expectedMismatch)
    let diff = try #require(result.diff)
    #expect(diff.width == expectedDiff.width && diff.height == expectedDiff.height)
    let wrong = zip(diff.pixels, expectedDiff.pixels).filter { $0 != $1 }.count
    #expect(wrong == 0, "\(wrong) diff bytes differ from \(fixture.expectedDiff)")
    #expect(diff.pixels == expectedDiff.pixels)
  }

  @Test(arguments: allCases)
  func countWithoutDiffAndOneThreadIsTheSame(_ fixture: PixelmatchFixtures.Case) throws {
    let a = try PixelmatchFixtures.image(fixture.image1)
    let b = try PixelmatchFixtures.image(fixture.image2)
    let options = try fixture.options()
    let single = try Pixelmatch.compare(a, b, options: options, diff: true, jobs: 1)
    let many = try Pixelmatch.compare(a, b, options: options, diff: true, jobs: 7)
    let countOnly = try Pixelmatch.compare(a, b, options: options, diff: false, jobs: 2)
    #expect(single == many)
    #expect(countOnly.mismatchedPixels == fixture.expectedMismatch)
    #expect(countOnly.diff == nil)
  }

  /// pixelmatch main's unit-test anchors: at the default threshold, grey 0 against grey 13 is
  /// the same, against grey 23 different (OKLab Lr 0.066 and 0.104).
  @Test(arguments: [(UInt8(13), 0), (UInt8(23), 1)])
  func oklabGreyAnchors(_ grey: UInt8, _ expected: Int) throws {
    let black = RGBAImage(width: 1, height: 1, fill: RGBA8(r: 0, g: 0, b: 0))
    let other = RGBAImage(width: 1, height: 1, fill: RGBA8(r: grey, g: grey, b: grey))
    var options = PixelmatchOptions()
    options.metric = .oklab
    let result = try Pixelmatch.compare(black, other, options: options, diff: false, jobs: 1)
    #expect(result.mismatchedPixels == expected)
  }
}
