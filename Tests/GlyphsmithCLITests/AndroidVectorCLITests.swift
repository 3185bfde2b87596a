import Foundation
import Testing

/// Issue 28: `render --format vector-drawable`.
@Suite("render -f vector-drawable")
struct AndroidVectorCLITests {
  @Test("writes the VectorDrawable at the role's @1x layout; usage errors exit 2")
  func render() throws {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("glyphsmith-vd-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let svg = folder.appendingPathComponent("a.svg").path
    try Data(
      """
      <svg xmlns="http://www.w3.org/2000/svg" width="24" height="24" viewBox="0 0 24 24">
      <path fill-rule="evenodd" d="M2 2h20v20H2z M7 7h10v10H7z" fill="red"/></svg>
      """.utf8
    ).write(to: URL(fileURLWithPath: svg))
    let out = folder.appendingPathComponent("a.xml").path
    let result = try CLIRunner.run(["render", svg, "-f", "vector-drawable", "-o", out, "--size", "48"])
    #expect(result.status == 0, "\(result.stderr)")
    let xml = try String(contentsOfFile: out, encoding: .utf8)
    #expect(xml.contains("android:width=\"48dp\""))
    #expect(xml.contains("android:fillColor=\"#FF0000\""))
    #expect(!xml.contains("fillType"))
    #expect(xml.contains("M 4,4 L 44,4 L 44,44 L 4,44 Z M 14,34 L 34,34 L 34,14 L 14,14 Z"))
    let api24 = try CLIRunner.run([
      "render", svg, "-f", "vector-drawable", "-o", out, "--min-sdk", "24", "--role", "tab-bar",
    ])
    #expect(api24.status == 0)
    let templated = try String(contentsOfFile: out, encoding: .utf8)
    #expect(templated.contains("android:fillType=\"evenOdd\""))
    #expect(templated.contains("android:fillColor=\"#000000\""))
    #expect(try CLIRunner.run(["render", svg, "-f", "bogus", "-o", out]).status == 2)
    let png = folder.appendingPathComponent("a.png").path
    #expect(try CLIRunner.run(["render", svg, "--min-sdk", "24", "-o", png]).status == 2)
    // -o a.xml alone is a VectorDrawable (issue 34: the format follows the extension).
    #expect(try CLIRunner.run(["render", svg, "--min-sdk", "24", "-o", out]).status == 0)
  }
}
