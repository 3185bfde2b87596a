import Foundation
import Testing

/// Faults a new user's trial of vector image sets (issue 34) found, each pinned with a tiny
/// SVG: the exact message and exit code.
@Suite("vector image sets: the new-user trial's findings")
struct VectorTrialCLITests {
  /// Writes `svg` as `NAME.svg` in a fresh folder and returns the folder and the file's path.
  static func icon(_ name: String, _ svg: String) throws -> (folder: URL, path: String) {
    let folder = try temporaryFolder()
    let file = folder.appendingPathComponent(name + ".svg")
    try Data(svg.utf8).write(to: file)
    return (folder, file.path)
  }

  /// The stderr lines before the summary line (`wrote ...`).
  static func messages(_ stderr: String) -> [String] {
    stderr.split(separator: "\n").map(String.init).filter { !$0.hasPrefix("wrote ") }
  }

  static let text = """
    <svg xmlns="http://www.w3.org/2000/svg" width="24" height="24" viewBox="0 0 24 24">
    <text id="t" x="0" y="20" font-size="24" font-family="DejaVu Sans">A</text>
    </svg>
    """

  @Test("text in --format svg at a fitted role falls back to PDF naming <text>; no Pango warning")
  func textFallsBackToPDF() throws {
    let (folder, path) = try Self.icon("letter", Self.text)
    defer { try? FileManager.default.removeItem(at: folder) }
    let catalog = folder.appendingPathComponent("A.xcassets").path
    for role in ["tab-bar", "toolbar"] {
      let result = try CLIRunner.run([
        "assets", path, "-o", catalog, "--format", "svg", "--role", role, "--force",
      ])
      #expect(result.status == 0, "\(result.stderr)")
      #expect(
        Self.messages(result.stderr) == [
          path
            + ": warning: plain SVG paths cannot express text (<text id=\"t\"> line 2); writing the image set as PDF instead"
        ], "\(result.stderr)")
      #expect(!result.stderr.contains("Pango"))
      #expect(
        try FileManager.default.contentsOfDirectory(atPath: catalog + "/letter.imageset").sorted()
          == ["Contents.json", "letter.pdf"])
    }
    let one = try CLIRunner.run([
      "render", path, "-f", "svg", "-o", folder.appendingPathComponent("x.svg").path,
    ])
    #expect(one.status == 2)
    #expect(
      one.stderr == path + ": error: plain SVG paths cannot express text (<text id=\"t\"> line 2)\n")
  }
}
