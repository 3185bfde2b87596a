import Foundation
import Glyphsmith
import Testing

/// Defects a new user's trial of the CLI found: each runs the built executable and checks the
/// exact message and exit code.
@Suite("New-user CLI fixes")
struct NewUserCLITests {
  static let house = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("assets/icons/house.svg")

  @Test func textTooLongForCairoNamesTheOutputAndTheSizes() throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let text = String(repeating: "A", count: 500)
    let result = try CLIRunner.run(["badge", text, "-o", "x.png", "--scale", "3"], in: folder)
    #expect(result.status == 2)
    #expect(
      result.stderr
        == "x.png: error: too large: text of 500 characters is 39443 px wide at the 109 px size "
        + "text is drawn at before scaling (about 14656 px in the output); text is limited to "
        + "32767 px there and outputs to 16384 px a side; use shorter text\n")
    #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("x.png").path))
  }

  @Test(arguments: [
    (
      ["dots", "--pages", "100000", "--max-visible", "100000", "--current", "1", "-o", "x.png"],
      "x.png: error: too large: canvas 1600009x36 px; canvases are 1 to 16384 px a side"
    ),
    (
      ["badge", "3", "--height", "100000", "-o", "x.png"],
      "x.png: error: too large: canvas 100000x100000 px; canvases are 1 to 16384 px a side"
    ),
    (
      ["badge", "3", "--height", "100000", "-o", "-"],
      "glyphsmith badge: error: too large: canvas 100000x100000 px; canvases are 1 to 16384 px a side"
    ),
    (
      ["tabbar", "--device-width", "100000", "--item", "A=HOUSE", "-o", "x.png"],
      "x.png: error: too large: canvas 100000x49 px; canvases are 1 to 16384 px a side"
    ),
  ])
  func tooLargeCanvasNamesTheOutput(arguments: [String], message: String) throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let args = arguments.map { $0.replacingOccurrences(of: "HOUSE", with: Self.house.path) }
    let result = try CLIRunner.run(args, in: folder)
    #expect(result.status == 2)
    #expect(result.stderr.split(separator: "\n").last.map(String.init) == message)
  }

  @Test func tallTableViewNamesTheOutput() throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let rows = Array(repeating: #"{"title": "Row"}"#, count: 500).joined(separator: ",")
    try Data(#"{"sections": [{"rows": [\#(rows)]}]}"#.utf8)
      .write(to: folder.appendingPathComponent("s.json"))
    let result = try CLIRunner.run(
      ["tableview", "s.json", "-o", "t.png", "--scale", "3"], in: folder)
    #expect(result.status == 2)
    #expect(result.stderr.hasPrefix("t.png: error: too large: canvas 1179x"), "\(result.stderr)")
  }
}
