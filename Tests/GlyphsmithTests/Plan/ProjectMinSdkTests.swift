import Foundation
import Testing

@testable import Glyphsmith

/// `"android": {"minSdk": N}` in glyphsmith.json is `--min-sdk N` for `build` (a new-user
/// trial found a VectorDrawable build that failed every time with a fix only `assets` took).
@Suite("android.minSdk in glyphsmith.json")
struct ProjectMinSdkTests {
  /// A five-pointed star drawn in one contour that crosses itself, filled even-odd (its
  /// centre left open): no orientation makes the nonzero rule paint it, so below API 24 it
  /// cannot be written (`EvenOddContours`).
  static let crossing = svg(
    viewBox: "0 0 24 24",
    body: "<path fill-rule=\"evenodd\" d=\"M12 2L18 21L3 9L21 9L6 21Z\"/>")

  static func build(_ folder: TemporaryFolder, android: String) throws -> ProjectBuild.Result {
    try folder.write("icons/cross.svg", Self.crossing)
    let path = try folder.write(
      "glyphsmith.json",
      "{\"version\": 1, \"icons\": \"icons\", \"android\": {\(android)}}")
    return try ProjectBuild(config: try ProjectConfig.load(path: path)).run()
  }

  @Test func minSdk24WritesTheEvenOddFill() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let result = try Self.build(
      folder, android: "\"res\": \"out/res\", \"format\": \"vector\", \"minSdk\": 24")
    #expect(result.report.inputs.map(\.status) == [.written])
    let xml = try String(
      contentsOfFile: folder.path("out/res/drawable/cross.xml"), encoding: .utf8)
    #expect(xml.contains("android:fillType=\"evenOdd\""))
    // The summary counts the VectorDrawable as one, not as a PNG file.
    let config = try ProjectConfig.load(path: folder.path("glyphsmith.json"))
    let summary = ProjectBuild(config: config).summary(result, seconds: 0)
    #expect(summary.hasPrefix("built 1 icon (1 VectorDrawable) to "), "\(summary)")
  }

  @Test func withoutItTheErrorNamesTheProjectKey() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let result = try Self.build(folder, android: "\"res\": \"out/res\", \"format\": \"vector\"")
    #expect(result.report.inputs.map(\.status) == [.failed])
    let error = try #require(result.report.inputs.first?.error)
    #expect(
      error.hasSuffix(
        "give --min-sdk 24, or \"minSdk\": 24 in glyphsmith.json's \"android\" block)"))
  }

  @Test func minSdkIsAnIntegerOfAtLeastOne() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let path = try folder.write(
      "glyphsmith.json",
      "{\"version\": 1, \"icons\": \"icons\", \"android\": {\"res\": \"res\", \"minSdk\": 0}}")
    #expect(throws: (any Error).self) { try ProjectConfig.load(path: path) }
    let config = try ProjectConfig.load(
      path: try folder.write(
        "glyphsmith.json",
        "{\"version\": 1, \"icons\": \"icons\", \"android\": {\"res\": \"res\", \"minSdk\": 26}}"))
    #expect(config.android?.minSdk == 26)
  }
}
