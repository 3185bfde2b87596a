import Foundation
import Testing

/// `.ci/run` runs exactly README's test command, after `export CI=true` (issue 9: CI can
/// never record a golden), and that command also tests the example package of docs/testing.md.
@Suite("CI runs README's test command")
struct ContinuousIntegrationTests {
  static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent()

  @Test func ciRunsReadmesSecondCommandWithCITrue() throws {
    let readme = try String(
      contentsOf: Self.root.appendingPathComponent("README.md"), encoding: .utf8)
    let block = try #require(readme.components(separatedBy: "```sh\n").dropFirst().first)
    let commands = block.components(separatedBy: "\n```").first?.split(separator: "\n") ?? []
    #expect(commands.count == 2)
    let testCommand = String(try #require(commands.last))
    #expect(testCommand == "swift test && swift test --package-path Examples/GoldenTests")
    let run = try String(contentsOf: Self.root.appendingPathComponent(".ci/run"), encoding: .utf8)
    let lines = run.split(separator: "\n").map(String.init).filter { !$0.hasPrefix("#") }
    let exportLine = try #require(lines.firstIndex(of: "export CI=true"))
    let commandLine = try #require(lines.firstIndex(of: testCommand))
    #expect(exportLine < commandLine)
    #expect(commandLine == lines.count - 1)
    #expect(
      FileManager.default.fileExists(
        atPath: Self.root.appendingPathComponent("Examples/GoldenTests/Package.swift").path))
  }
}
