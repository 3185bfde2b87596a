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
    (["CI": "true", "GLYPHSMITH_RECORD": "all"], .never),
    (["GLYPHSMITH_RECORD": "failed"], .failed), (["GLYPHSMITH_RECORD": "ALL"], .all),
    (["GLYPHSMITH_RECORD": "never"], .never),
  ])
  func modeFromEnvironment(_ environment: [String: String], _ mode: GoldenRecordMode) throws {
    #expect(GoldenRecordMode.from(environment) == mode)
    #expect(try GoldenRecordMode.parse(environment).get() == mode)
  }

  @Test func unknownRecordModeIsAFailureNamingTheAllowedValues() throws {
    let expected = "unknown GLYPHSMITH_RECORD value 'bogus'; allowed: missing, all, failed, never"
    #expect(
      GoldenRecordMode.parse(["GLYPHSMITH_RECORD": "bogus"])
        == .failure(GoldenRecordMode.ModeError(message: expected)))
    var config = GoldenTestConfiguration.package(
      containing: #filePath, environment: ["GLYPHSMITH_RECORD": "bogus"])
    #expect(config.modeError == expected)
    let root = try configuration(.missing)
    config.goldenDirectory = root.goldenDirectory
    withKnownIssue {
      _ = assertGolden(plain, named: "never-written", configuration: config)
    } matching: { issue in
      issue.comments.contains { $0.rawValue == "error: \(expected)" }
    }
    #expect(!FileManager.default.fileExists(atPath: config.goldenDirectory.path))
  }

  @Test func missingRecordsAndFailsThenMatchesThenFailsAtTheCallersLine() throws {
    let config = try configuration(.missing)
    let golden = config.goldenDirectory.appendingPathComponent("icons/plain.png")
    withKnownIssue {
      _ = assertGolden(plain, named: "icons/plain", configuration: config)
    } matching: { issue in
      issue.comments.contains {
        $0.rawValue.hasSuffix(
          "error: recorded a new golden at \(golden.path); review it and run again")
      }
    }
    #expect(FileManager.default.fileExists(atPath: golden.path))
    let manifest = try #require(try GoldenManifest.load(from: config.goldenDirectory))
    #expect(manifest.options.pixelmatch.includeAA == true)
    #expect(assertGolden(plain, named: "icons/plain", configuration: config) == .matched)

    let reportedLine = #line + 2
    withKnownIssue {
      _ = assertGolden(dotted, named: "icons/plain", configuration: config)
    } matching: { issue in
      issue.sourceLocation?.line == reportedLine
        && issue.comments.contains {
          $0.rawValue.contains("1 of 36 pixels differ")
            && $0.rawValue.contains("anti-aliasing counted")
            && $0.rawValue.contains(
              "accept the change after review: GLYPHSMITH_RECORD=failed swift test --filter "
                + "'GlyphsmithTests.CompareAssertGoldenTests/"
                + "missingRecordsAndFailsThenMatchesThenFailsAtTheCallersLine'")
            && $0.rawValue.contains(
              "diff: "
                + config.artifactsDirectory.appendingPathComponent("icons/plain/diff.png").path)
        }
    }
    let artifacts = config.artifactsDirectory.appendingPathComponent("icons/plain")
    for name in ["expected.png", "actual.png", "diff.png"] {
      #expect(FileManager.default.fileExists(atPath: artifacts.appendingPathComponent(name).path))
    }
    let diff = try ImageComparison.load(artifacts.appendingPathComponent("diff.png").path)
    #expect(diff[2, 3] == RGBA8(r: 255, g: 0, b: 0))
  }

  @Test func wrappersForwardTheirCallersLocation() throws {
    var config = try configuration(.all)
    #expect(assertGolden(plain, named: "wrapped", configuration: config) != .matched)
    config.mode = .missing
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
      issue.comments.contains {
        $0.rawValue.contains("golden missing; nothing recorded")
          && $0.rawValue.contains("actual: \(config.artifactsDirectory.path)/absent/actual.png")
      }
    }
    #expect(
      !FileManager.default.fileExists(
        atPath: config.goldenDirectory.appendingPathComponent("absent.png").path))
  }

  @Test func failedAndAllRewrite() throws {
    var config = try configuration(.failed)
    guard case .recorded = assertGolden(plain, named: "x", configuration: config) else {
      Issue.record("failed mode should record a missing golden and pass")
      return
    }
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
