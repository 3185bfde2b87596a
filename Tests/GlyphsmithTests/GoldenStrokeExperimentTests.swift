import Foundation
import Glyphsmith
import GlyphsmithTestFixtures
import Testing

/// Issue 9's experiment as a test (also `scripts/stroke-experiment.sh`): 40 Lucide icons
/// rendered as tab bar glyphs @3x are the goldens; the same icons with `stroke-width` 2.2 and
/// 1.8, and the goldens shifted right by 1 px, must each fail with the options `golden record`
/// writes, and an identical render must pass.
@Suite("golden defaults catch stroke-width regressions")
struct GoldenStrokeExperimentTests {
  static let folder = PixelmatchFixtures.directory.deletingLastPathComponent()
    .appendingPathComponent("lucide-stroke")

  static let names: [String] = {
    let files = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
    return files.filter { $0.hasSuffix(".svg") }.map { String($0.dropLast(4)) }.sorted()
  }()

  static func render(_ name: String, strokeWidth: String) throws -> RGBAImage {
    let url = folder.appendingPathComponent(name + ".svg")
    var source = try String(contentsOf: url, encoding: .utf8)
    source = source.replacingOccurrences(
      of: "stroke-width=\"2\"", with: "stroke-width=\"\(strokeWidth)\"")
    let artwork = try Artwork(data: Data(source.utf8), path: url.path, baseDirectory: nil)
    var options = RenderOptions()
    options.role = .tabBar
    options.scale = 3
    return try GlyphRenderer.render(artwork, options: options).image
  }

  /// `image` moved right by `dx` px, the uncovered column transparent, the size kept.
  static func shifted(_ image: RGBAImage, by dx: Int) -> RGBAImage {
    var out = RGBAImage(width: image.width, height: image.height)
    for y in 0..<image.height {
      for x in dx..<image.width { out[x, y] = image[x - dx, y] }
    }
    return out
  }

  /// Outcomes of the 40 icons for one variant: (passed with the recorded defaults, passed with
  /// the anti-aliasing detector on as pixelmatch's default has it).
  static func run(_ variant: (String, RGBAImage) throws -> RGBAImage) throws -> (Int, Int) {
    let recorded = GoldenOptions()
    var detector = recorded
    detector.pixelmatch.includeAA = false
    var passed = 0
    var passedWithDetector = 0
    for name in names {
      let golden = try render(name, strokeWidth: "2")
      let actual = try variant(name, golden)
      if !GoldenComparison.compare(expected: golden, actual: actual, options: recorded, jobs: 1)
        .status.isFailure
      {
        passed += 1
      }
      if !GoldenComparison.compare(expected: golden, actual: actual, options: detector, jobs: 1)
        .status.isFailure
      {
        passedWithDetector += 1
      }
    }
    return (passed, passedWithDetector)
  }

  @Test func fortyIconsAreVendored() {
    #expect(Self.names.count == 40)
    #expect(GoldenOptions().pixelmatch.includeAA)
  }

  @Test func identicalRendersPass() throws {
    let (passed, passedWithDetector) = try Self.run { name, _ in
      try Self.render(name, strokeWidth: "2")
    }
    #expect(passed == 40)
    #expect(passedWithDetector == 40)
  }

  /// With the detector on, 11 of the 40 heavier and 7 of the lighter strokes passed: the hole
  /// the new default closes.
  @Test(arguments: [("2.2", 11), ("1.8", 7)])
  func changedStrokeWidthsFail(_ width: String, _ passingWithDetector: Int) throws {
    let (passed, passedWithDetector) = try Self.run { name, _ in
      try Self.render(name, strokeWidth: width)
    }
    #expect(passed == 0)
    #expect(passedWithDetector == passingWithDetector)
  }

  @Test func onePixelShiftFails() throws {
    let (passed, passedWithDetector) = try Self.run { _, golden in Self.shifted(golden, by: 1) }
    #expect(passed == 0)
    #expect(passedWithDetector == 0)
  }
}
