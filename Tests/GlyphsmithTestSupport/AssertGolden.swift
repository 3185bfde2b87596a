import Foundation
import Glyphsmith
import Testing

#if canImport(XCTest)
  import XCTest
#endif

/// When `assertGolden` writes a golden, from `GLYPHSMITH_RECORD`.
public enum GoldenRecordMode: String, Sendable, CaseIterable {
  /// Write goldens that do not exist yet (the default outside CI).
  case missing
  /// Rewrite every golden asserted.
  case all
  /// Write goldens that are missing or do not match.
  case failed
  /// Never write a golden (the default when `CI=true`): a missing golden is a failure.
  case never

  /// The mode `environment` asks for: `GLYPHSMITH_RECORD` when set to a known mode, else
  /// `never` when `CI=true`, else `missing`.
  public static func from(_ environment: [String: String]) -> GoldenRecordMode {
    if let text = environment["GLYPHSMITH_RECORD"]?.lowercased(), let mode = Self(rawValue: text) {
      return mode
    }
    return environment["CI"]?.lowercased() == "true" ? .never : .missing
  }
}

/// What `assertGolden` did.
public enum GoldenAssertOutcome: Sendable, Equatable {
  /// The image matches its golden.
  case matched
  /// The golden was written (path), by the record mode.
  case recorded(path: String)
  /// The image does not match (or its golden is missing under `never`); the message as reported.
  case failed(message: String)
}

/// Where goldens and artifacts live and when to record; by default the package's `golden/`.
public struct GoldenTestConfiguration: Sendable {
  /// The golden folder (holds `golden.json` and the PNGs).
  public var goldenDirectory: URL
  /// Where failures write `<name>/expected.png`, `actual.png`, `diff.png`.
  public var artifactsDirectory: URL
  /// When to write goldens.
  public var mode: GoldenRecordMode

  /// A configuration from its parts.
  public init(goldenDirectory: URL, artifactsDirectory: URL, mode: GoldenRecordMode) {
    self.goldenDirectory = goldenDirectory
    self.artifactsDirectory = artifactsDirectory
    self.mode = mode
  }

  /// The package that holds `filePath` (the nearest folder above it with a `Package.swift`):
  /// goldens in its top-level `golden/`, artifacts in `$GLYPHSMITH_ARTIFACTS` or its
  /// `.build/golden-artifacts/`, the mode from the environment.
  public static func package(
    containing filePath: String, environment: [String: String] = ProcessInfo.processInfo.environment
  ) -> GoldenTestConfiguration {
    var folder = URL(fileURLWithPath: filePath).deletingLastPathComponent()
    while folder.path != "/"
      && !FileManager.default.fileExists(
        atPath: folder.appendingPathComponent("Package.swift").path)
    {
      folder.deleteLastPathComponent()
    }
    let artifacts =
      environment["GLYPHSMITH_ARTIFACTS"].map { URL(fileURLWithPath: $0) }
      ?? folder.appendingPathComponent(".build/golden-artifacts")
    return GoldenTestConfiguration(
      goldenDirectory: folder.appendingPathComponent("golden"), artifactsDirectory: artifacts,
      mode: .from(environment))
  }

  /// Compares `image` with the golden `name` (`indicators/badge` → `golden/indicators/badge.png`),
  /// records per `mode`, and writes the three artifacts on failure. Reports nothing itself.
  public func evaluate(_ image: RGBAImage, named name: String) -> GoldenAssertOutcome {
    let relative = name.lowercased().hasSuffix(".png") ? name : name + ".png"
    let goldenURL = goldenDirectory.appendingPathComponent(relative)
    let manifest: GoldenManifest?
    do { manifest = try GoldenManifest.load(from: goldenDirectory) } catch {
      return .failed(message: "\(error)")
    }
    let options = manifest?.options ?? GoldenOptions()
    let actualData: Data
    do { actualData = try PNGCodec.encode(image) } catch {
      return .failed(message: "\(goldenURL.path): error: cannot encode the image: \(error)")
    }

    guard FileManager.default.fileExists(atPath: goldenURL.path) else {
      if mode == .never {
        let artifacts = GoldenComparison.artifactsFolder(artifactsDirectory, relativePath: relative)
        try? GoldenComparison.writeArtifacts(GoldenImages(actual: actualData), to: artifacts)
        return .failed(
          message:
            "\(goldenURL.path): error: golden missing (GLYPHSMITH_RECORD=never); actual image in \(artifacts.path); record it locally with GLYPHSMITH_RECORD=missing after review"
        )
      }
      return record(actualData, to: goldenURL, manifest: manifest)
    }
    if mode == .all { return record(actualData, to: goldenURL, manifest: manifest) }

    let goldenData: Data
    let golden: RGBAImage
    do {
      goldenData = try Data(contentsOf: goldenURL)
      golden = try PNGCodec.decode(goldenData, path: goldenURL.path)
    } catch {
      return .failed(message: GlyphsmithError.wrap(error, path: goldenURL.path).description)
    }
    let outcome = GoldenComparison.compare(expected: golden, actual: image, options: options)
    guard outcome.status.isFailure else { return .matched }
    if mode == .failed { return record(actualData, to: goldenURL, manifest: manifest) }

    let artifacts = GoldenComparison.artifactsFolder(artifactsDirectory, relativePath: relative)
    let images = GoldenImages(
      expected: goldenData, actual: actualData, diff: try? PNGCodec.encode(outcome.diff))
    var message = "\(goldenURL.path): error: \(outcome.message)"
    if let manifest, let change = manifest.renderer.change(to: .current) {
      message =
        "renderer changed from \(change.from) to \(change.to): re-record after review; " + message
    }
    do {
      try GoldenComparison.writeArtifacts(images, to: artifacts)
      message += "; expected.png, actual.png and diff.png in \(artifacts.path)"
    } catch {
      message += "; could not write artifacts: \(error)"
    }
    return .failed(message: message)
  }

  private func record(_ data: Data, to url: URL, manifest: GoldenManifest?) -> GoldenAssertOutcome {
    do {
      try AtomicFile.write(data, to: url)
      if manifest == nil { try GoldenManifest().save(to: goldenDirectory) }
      FileHandle.standardError.write(
        Data(
          "\(url.path): note: golden recorded (GLYPHSMITH_RECORD=\(mode.rawValue)); review it\n"
            .utf8))
      return .recorded(path: url.path)
    } catch {
      return .failed(message: "\(error)")
    }
  }
}

/// Asserts that `image` matches the golden `name` in the package's `golden/` folder (found from
/// the caller's `#filePath`), by decoded pixels with `golden/golden.json`'s options (strict by
/// default: pixelmatch threshold 0.05, checkerboard blend, no differing pixel).
///
/// A mismatch is reported at the caller's line, through Swift Testing (`Issue.record`) inside a
/// `@Test`, else through XCTest (`XCTFail`); the message gives the count, the largest
/// difference and where, and the folder holding `expected.png`, `actual.png` and `diff.png`.
/// Goldens are written according to `GLYPHSMITH_RECORD=missing|all|failed|never` (default
/// `never` when `CI=true`, `missing` otherwise); recording is never a failure.
/// - Parameters:
///   - image: straight RGBA8 pixels, as rendered.
///   - name: the golden's path under `golden/`, with or without `.png`.
///   - configuration: override where goldens live and the mode (tests of the helper itself).
@discardableResult
public func assertGolden(
  _ image: RGBAImage, named name: String, configuration: GoldenTestConfiguration? = nil,
  fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line,
  column: UInt = #column
) -> GoldenAssertOutcome {
  let configuration = configuration ?? .package(containing: "\(filePath)")
  let outcome = configuration.evaluate(image, named: name)
  if case .failed(let message) = outcome {
    reportFailure(message, fileID: fileID, filePath: filePath, line: line, column: column)
  }
  return outcome
}

/// `assertGolden` for helpers that wrap it: reports at `sourceLocation` (pass the wrapper's own
/// `sourceLocation: SourceLocation = #_sourceLocation` parameter), and finds the package's
/// `golden/` folder from `sourceLocation.filePath`.
@discardableResult
public func assertGolden(
  _ image: RGBAImage, named name: String, configuration: GoldenTestConfiguration? = nil,
  sourceLocation: SourceLocation
) -> GoldenAssertOutcome {
  let configuration = configuration ?? .package(containing: sourceLocation.filePath)
  let outcome = configuration.evaluate(image, named: name)
  if case .failed(let message) = outcome {
    Issue.record(Comment(rawValue: message), sourceLocation: sourceLocation)
  }
  return outcome
}

/// Reports `message` at the caller's location through whichever test library is running.
func reportFailure(
  _ message: String, fileID: String, filePath: StaticString, line: UInt, column: UInt
) {
  #if canImport(XCTest)
    if Test.current == nil {
      XCTFail(message, file: filePath, line: line)
      return
    }
  #endif
  Issue.record(
    Comment(rawValue: message),
    sourceLocation: SourceLocation(
      fileID: fileID, filePath: "\(filePath)", line: Int(line), column: Int(column)))
}
