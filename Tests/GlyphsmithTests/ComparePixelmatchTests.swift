import Foundation
import Glyphsmith
import GlyphsmithTestSupport
import Testing

@Suite("pixelmatch cases")
struct ComparePixelmatchTests {
  static let allCases =
    PixelmatchFixtures.cases("cases.tsv")
    + PixelmatchFixtures.cases("cases-v7.2.0.tsv")

  @Test func everyCaseListIsRead() {
    #expect(PixelmatchFixtures.cases("cases.tsv").count == 10)
    #expect(PixelmatchFixtures.cases("cases-v7.2.0.tsv").count == 12)
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
}
