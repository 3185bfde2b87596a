import Foundation
import Glyphsmith
import GlyphsmithTestSupport
import Testing

@Suite("assertGolden helper")
struct CompareAssertGoldenTests {
  private func configuration(_ mode: GoldenRecordMode) throws -> GoldenTestConfiguration {
    let root = FileManager.default.temporaryDirectory.appendingPathComponent(
      "glyphsmith-assert-\(UUID().uuidString)")
    return GoldenTestConfiguration(
      goldenDirectory: root.appendingPathComponent("golden"),
      artifactsDirectory: root.appendingPathComponent("artifacts"), mode: mode)
  }

  private let plain = RGBAImage(width: 6, height: 6, fill: .white)
  private var dotted: RGBAImage {
    var image = plain
    image[2, 3] = .black
    return image
  }

  @Test(arguments: [
    ([String: String](), GoldenRecordMode.missing), (["CI": "true"], .never),
    (["CI": "true", "GLYPHSMITH_RECORD": "all"], .all), (["GLYPHSMITH_RECORD": "failed"], .failed),
    (["GLYPHSMITH_RECORD": "bogus"], .missing),
  ])
  func modeFromEnvironment(_ environment: [String: String], _ mode: GoldenRecordMode) {
    #expect(GoldenRecordMode.from(environment) == mode)
  }

  @Test func missingRecordsThenMatchesThenFailsAtTheCallersLine() throws {
    let config = try configuration(.missing)
    let first = assertGolden(plain, named: "icons/plain", configuration: config)
    guard case .recorded(let path) = first else {
      Issue.record("expected a recording, got \(first)")
      return
    }
    #expect(path.hasSuffix("golden/icons/plain.png"))
    #expect(try GoldenManifest.load(from: config.goldenDirectory) != nil)
    #expect(assertGolden(plain, named: "icons/plain", configuration: config) == .matched)

    let reportedLine = #line + 2
    withKnownIssue {
      _ = assertGolden(dotted, named: "icons/plain", configuration: config)
    } matching: { issue in
      issue.sourceLocation?.line == reportedLine
        && issue.comments.contains { $0.rawValue.contains("1 of 36 pixels differ") }
    }
    let artifacts = config.artifactsDirectory.appendingPathComponent("icons/plain")
    for name in ["expected.png", "actual.png", "diff.png"] {
      #expect(FileManager.default.fileExists(atPath: artifacts.appendingPathComponent(name).path))
    }
    let diff = try ImageComparison.load(artifacts.appendingPathComponent("diff.png").path)
    #expect(diff[2, 3] == RGBA8(r: 255, g: 0, b: 0))
  }

  @Test func wrappersForwardTheirCallersLocation() throws {
    let config = try configuration(.missing)
    assertGolden(plain, named: "wrapped", configuration: config)
    func wrapper(_ image: RGBAImage, sourceLocation: SourceLocation = #_sourceLocation) {
      assertGolden(image, named: "wrapped", configuration: config, sourceLocation: sourceLocation)
    }
    let reportedLine = #line + 2
    withKnownIssue {
      wrapper(dotted)
    } matching: { issue in
      issue.sourceLocation?.line == reportedLine
        && issue.sourceLocation?.fileID == #fileID
    }
  }

  @Test func neverDoesNotRecord() throws {
    let config = try configuration(.never)
    withKnownIssue {
      assertGolden(plain, named: "absent", configuration: config)
    } matching: { issue in
      issue.comments.contains { $0.rawValue.contains("golden missing (GLYPHSMITH_RECORD=never)") }
    }
    #expect(
      !FileManager.default.fileExists(
        atPath: config.goldenDirectory.appendingPathComponent("absent.png").path))
  }

  @Test func failedAndAllRewrite() throws {
    var config = try configuration(.missing)
    assertGolden(plain, named: "x", configuration: config)
    config.mode = .failed
    #expect(assertGolden(plain, named: "x", configuration: config) == .matched)
    if case .recorded = assertGolden(dotted, named: "x", configuration: config) {
    } else {
      Issue.record("failed mode should re-record a mismatch")
    }
    config.mode = .never
    #expect(assertGolden(dotted, named: "x", configuration: config) == .matched)
    config.mode = .all
    if case .recorded = assertGolden(dotted, named: "x", configuration: config) {
    } else {
      Issue.record("all mode should record")
    }
  }

  @Test func packageConfigurationFindsTheTopLevelGoldenFolder() {
    let config = GoldenTestConfiguration.package(containing: #filePath, environment: [:])
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .deletingLastPathComponent().deletingLastPathComponent()
    #expect(
      config.goldenDirectory.standardizedFileURL
        == root.appendingPathComponent("golden").standardizedFileURL)
    #expect(config.mode == .missing)
  }
}
