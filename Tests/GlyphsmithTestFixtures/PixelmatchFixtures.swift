import Foundation
import GlyphsmithCore

/// The pixelmatch test fixtures (mapbox/pixelmatch's test images and expected counts, ISC
/// licence beside them), vendored in `Fixtures/pixelmatch` next to this file from the shared
/// `testdata/pixelmatch`, so the tests run wherever the package is cloned.
public enum PixelmatchFixtures {
  /// The fixtures folder.
  public static let directory = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent()
    .appendingPathComponent("Fixtures/pixelmatch").standardizedFileURL

  /// One row of a case list: two inputs, pixelmatch's options, the exact expected count and
  /// the expected diff image.
  public struct Case: Sendable, CustomStringConvertible {
    /// Which list the case comes from (`cases.tsv`, `cases-v7.2.0.tsv` or
    /// `cases-main-oklab.tsv`).
    public var list: String
    /// Input file names, relative to `directory`.
    public var image1, image2: String
    /// pixelmatch's JS options object, as written in the list.
    public var optionsJSON: String
    /// The count pixelmatch gives.
    public var expectedMismatch: Int
    /// The diff image pixelmatch draws, relative to `directory`.
    public var expectedDiff: String

    /// The blend of the list's pixelmatch version (white for 6.x, checkerboard for 7.2).
    public var blend: PixelmatchBlend { list == "cases.tsv" ? .white : .checkerboard }

    /// The metric of the list's pixelmatch version (OKLab for main, YIQ before).
    public var metric: PixelmatchMetric { list == "cases-main-oklab.tsv" ? .oklab : .yiq }

    /// `optionsJSON` as Glyphsmith options with the list's blend and metric.
    public func options() throws -> PixelmatchOptions {
      var options = try JSONDecoder().decode(
        PixelmatchOptions.self, from: Data(optionsJSON.utf8))
      options.blend = blend
      options.metric = metric
      return options
    }

    /// `list: 1a.png 1b.png {"threshold":0.05}`.
    public var description: String { "\(list): \(image1) \(image2) \(optionsJSON)" }
  }

  /// Every row of `list` (`cases.tsv`, `cases-v7.2.0.tsv`, `cases-main-oklab.tsv`); empty when the file is missing,
  /// which the tests catch by checking the row count.
  public static func cases(_ list: String) -> [Case] {
    guard
      let text = try? String(
        contentsOf: directory.appendingPathComponent(list), encoding: .utf8)
    else { return [] }
    return text.split(separator: "\n").dropFirst().compactMap { line in
      let fields = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
      guard fields.count == 5, let count = Int(fields[3]) else { return nil }
      return Case(
        list: list, image1: fields[0], image2: fields[1], optionsJSON: fields[2],
        expectedMismatch: count, expectedDiff: fields[4])
    }
  }

  /// The decoded fixture `name` (relative to `directory`).
  /// - Throws: what `ImageComparison.load` throws.
  public static func image(_ name: String) throws -> RGBAImage {
    try ImageComparison.load(directory.appendingPathComponent(name).path)
  }
}
