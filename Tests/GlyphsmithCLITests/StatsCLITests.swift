import Foundation
import Testing

/// `assets --stats`: where the run's time went, the parent's check of the written outputs
/// included (issue 36: it was most of the parent's time and no figure showed it).
@Suite("assets --stats")
struct StatsCLITests {
  @Test func statsNameTheRendersAndTheOutputCheck() throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    try FileManager.default.createDirectory(
      at: folder.appendingPathComponent("icons"), withIntermediateDirectories: true)
    for (name, width) in [("a", 16), ("b", 12)] {
      try Data(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 24 24\"><rect x=\"4\" y=\"4\" width=\"\(width)\" height=\"16\"/></svg>"
          .utf8
      ).write(to: folder.appendingPathComponent("icons/\(name).svg"))
    }
    let result = try CLIRunner.run(
      ["assets", "icons", "-o", "A.xcassets", "--stats", "--jobs", "1"], in: folder)
    #expect(result.status == 0, "\(result.stderr)")
    let lines = result.stderr.split(separator: "\n").map(String.init)
    let stats = try #require(lines.first { $0.hasPrefix("stats: ") }, "\(result.stderr)")
    let pattern =
      #/^stats: 6 renders in [0-9.]+ s wall; task time [0-9.]+ s, of it [0-9.]+ s in librsvg/cairo/libpng and [0-9.]+ s writing files; overhead [0-9.]+ %; canonical read [0-9.]+ s \([0-9.]+ % of task time\); output check ([0-9.]+) s; CPU: this process ([0-9.]+) s, workers ([0-9.]+) s$/#
    let match = try #require(try pattern.wholeMatch(in: stats), "\(stats)")
    // The check read two image sets and the catalog: measured, and well under the run.
    let check = try #require(Double(match.1))
    #expect(check > 0 && check < 30)
    // The parent's CPU and its worker's (`--jobs 1`: one worker rendered all six): both ran.
    let parent = try #require(Double(match.2))
    let workers = try #require(Double(match.3))
    #expect(parent > 0 && workers > 0)
  }
}
