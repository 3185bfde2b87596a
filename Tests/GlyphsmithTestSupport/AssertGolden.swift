import Foundation
import GlyphsmithCore
import GlyphsmithGolden
import GlyphsmithPNG
import Testing

#if canImport(_Testing_Foundation)
  import _Testing_Foundation  // Data as an attachment (the Foundation overlay of Swift Testing)
#endif
#if canImport(XCTest)
  import XCTest
#endif

/// When `assertGolden` writes a golden, from `GLYPHSMITH_RECORD` (the modes of
/// swift-snapshot-testing).
public enum GoldenRecordMode: String, Sendable, CaseIterable {
  /// Write goldens that do not exist yet, and fail the test that wrote one (the default
  /// outside CI): a new golden is reviewed before it counts.
  case missing
  /// Rewrite every golden asserted; the test passes with a note.
  case all
  /// Write goldens that are missing or do not match; the test passes with a note.
  case failed
  /// Never write a golden (the default, and the only mode, when `CI=true`): a missing golden
  /// is a failure.
  case never

  /// The mode `environment` asks for: `never` when `CI=true` (CI can never record), else
  /// `GLYPHSMITH_RECORD` when set to a known mode, else `missing`. An unknown value gives
  /// `missing` here; `parse` reports it.
  public static func from(_ environment: [String: String]) -> GoldenRecordMode {
    (try? parse(environment).get()) ?? (isCI(environment) ? .never : .missing)
  }

  /// The mode `environment` asks for, or the message naming an unknown `GLYPHSMITH_RECORD`
  /// value and the allowed ones.
  public static func parse(_ environment: [String: String]) -> Result<GoldenRecordMode, ModeError> {
    if let text = environment["GLYPHSMITH_RECORD"], !text.isEmpty,
      Self(rawValue: text.lowercased()) == nil
    {
      return .failure(
        ModeError(
          message:
            "unknown GLYPHSMITH_RECORD value '\(text)'; allowed: \(allCases.map(\.rawValue).joined(separator: ", "))"
        ))
    }
    if isCI(environment) { return .success(.never) }
    if let text = environment["GLYPHSMITH_RECORD"], let mode = Self(rawValue: text.lowercased()) {
      return .success(mode)
    }
    return .success(.missing)
  }

  /// An unknown `GLYPHSMITH_RECORD` value.
  public struct ModeError: Error, Equatable, Sendable {
    /// `unknown GLYPHSMITH_RECORD value 'X'; allowed: missing, all, failed, never`.
    public var message: String

    /// An error with its message.
    public init(message: String) { self.message = message }
  }

  private static func isCI(_ environment: [String: String]) -> Bool {
    environment["CI"]?.lowercased() == "true"
  }
}

/// What `assertGolden` did.
public enum GoldenAssertOutcome: Sendable, Equatable {
  /// The image matches its golden.
  case matched
  /// The golden was written (path) by an explicit `all` or `failed` mode; the test passes.
  case recorded(path: String)
  /// The test fails with this message: the image does not match, the golden is missing
  /// (`never`), a new golden was just recorded (`missing`), or the set-up is wrong.
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
  /// Set when the environment's `GLYPHSMITH_RECORD` is unknown: every assertion then fails
  /// with this message and nothing is written.
  public var modeError: String?

  /// A configuration from its parts.
  public init(
    goldenDirectory: URL, artifactsDirectory: URL, mode: GoldenRecordMode, modeError: String? = nil
  ) {
    self.goldenDirectory = goldenDirectory
    self.artifactsDirectory = artifactsDirectory
    self.mode = mode
    self.modeError = modeError
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
    let parsed = GoldenRecordMode.parse(environment)
    var modeError: String? = nil
    if case .failure(let error) = parsed { modeError = error.message }
    return GoldenTestConfiguration(
      goldenDirectory: folder.appendingPathComponent("golden"), artifactsDirectory: artifacts,
      mode: (try? parsed.get()) ?? .never, modeError: modeError)
  }

  /// Compares `image` with the golden `name` (`indicators/badge` → `golden/indicators/badge.png`),
  /// records per `mode`, and writes the three artifacts on failure. Reports nothing itself.
  /// - Parameter testFilter: what `swift test --filter` takes to run the calling test again
  ///   (named in the accept command of a failure); by default the running Swift Testing test.
  public func evaluate(_ image: RGBAImage, named name: String, testFilter: String? = nil)
    -> GoldenAssertOutcome
  {
    evaluation(image, named: name, testFilter: testFilter).outcome
  }

  /// An outcome and the PNGs to attach to a failure.
  struct Evaluation {
    var outcome: GoldenAssertOutcome
    var images = GoldenImages()
  }

  func evaluation(_ image: RGBAImage, named name: String, testFilter: String?) -> Evaluation {
    if let modeError { return Evaluation(outcome: .failed(message: "error: \(modeError)")) }
    let relative = name.lowercased().hasSuffix(".png") ? name : name + ".png"
    let goldenURL = goldenDirectory.appendingPathComponent(relative)
    let manifest: GoldenManifest?
    do { manifest = try GoldenManifest.load(from: goldenDirectory) } catch {
      return Evaluation(outcome: .failed(message: "\(error)"))
    }
    let options = manifest?.options ?? GoldenOptions()
    let actualData: Data
    do { actualData = try PNGCodec.encode(image) } catch {
      return Evaluation(
        outcome: .failed(message: "\(goldenURL.path): error: cannot encode the image: \(error)"))
    }
    let accept =
      "GLYPHSMITH_RECORD=failed swift test --filter '\(testFilter ?? Self.currentTestFilter ?? "<the test>")'"
    let artifacts = GoldenComparison.artifactsFolder(artifactsDirectory, relativePath: relative)

    guard FileManager.default.fileExists(atPath: goldenURL.path) else {
      switch mode {
      case .never:
        let images = GoldenImages(actual: actualData)
        try? GoldenComparison.writeArtifacts(images, to: artifacts)
        return Evaluation(
          outcome: .failed(
            message: """
              \(goldenURL.path): error: golden missing; nothing recorded (\(neverReason))
                actual: \(artifacts.appendingPathComponent("actual.png").path)
                record it locally, then review and commit it: GLYPHSMITH_RECORD=missing swift test --filter '\(testFilter ?? Self.currentTestFilter ?? "<the test>")'
              """),
          images: images)
      case .missing:
        if let failure = record(actualData, to: goldenURL, manifest: manifest) {
          return Evaluation(outcome: failure)
        }
        return Evaluation(
          outcome: .failed(
            message:
              "\(goldenURL.path): error: recorded a new golden at \(goldenURL.path); review it and run again"
          ), images: GoldenImages(actual: actualData))
      case .all, .failed:
        return Evaluation(
          outcome: record(actualData, to: goldenURL, manifest: manifest, note: true)
            ?? .recorded(path: goldenURL.path))
      }
    }
    if mode == .all {
      return Evaluation(
        outcome: record(actualData, to: goldenURL, manifest: manifest, note: true)
          ?? .recorded(path: goldenURL.path))
    }

    let goldenData: Data
    let golden: RGBAImage
    do {
      goldenData = try Data(contentsOf: goldenURL)
      golden = try PNGCodec.decode(goldenData, path: goldenURL.path)
    } catch {
      return Evaluation(
        outcome: .failed(message: GlyphsmithError.wrap(error, path: goldenURL.path).description))
    }
    let outcome = GoldenComparison.compare(expected: golden, actual: image, options: options)
    guard outcome.status.isFailure else { return Evaluation(outcome: .matched) }
    if mode == .failed {
      return Evaluation(
        outcome: record(actualData, to: goldenURL, manifest: manifest, note: true)
          ?? .recorded(path: goldenURL.path))
    }

    let images = GoldenImages(
      expected: goldenData, actual: actualData, diff: try? PNGCodec.encode(outcome.diff))
    var message = "\(goldenURL.path): error: \(outcome.message)"
    if let manifest, let change = manifest.renderer.change(to: .current) {
      message =
        "renderer changed from \(change.from) to \(change.to): re-record after review; " + message
    }
    do {
      try GoldenComparison.writeArtifacts(images, to: artifacts)
      for file in ["expected", "actual", "diff"] {
        message += "\n  \(file): \(artifacts.appendingPathComponent(file + ".png").path)"
      }
    } catch {
      message += "\n  could not write artifacts: \(error)"
    }
    message += "\n  accept the change after review: \(accept)"
    return Evaluation(outcome: .failed(message: message), images: images)
  }

  private var neverReason: String {
    ProcessInfo.processInfo.environment["CI"]?.lowercased() == "true"
      ? "CI=true" : "GLYPHSMITH_RECORD=never"
  }

  /// What `swift test --filter` takes to run the current Swift Testing test: its suite and
  /// function name, e.g. `MyIconTests.BadgeTests/badge`.
  static var currentTestFilter: String? {
    guard let test = Test.current else { return nil }
    let id = test.id.description
    return String(id.prefix { $0 != "(" })
  }

  /// Writes the golden (and a `golden.json` with the default options when the folder has
  /// none); `nil` when done, else the failure.
  private func record(
    _ data: Data, to url: URL, manifest: GoldenManifest?, note: Bool = false
  ) -> GoldenAssertOutcome? {
    do {
      try AtomicFile.write(data, to: url)
      if manifest == nil { try GoldenManifest().save(to: goldenDirectory) }
      if note {
        FileHandle.standardError.write(
          Data(
            "\(url.path): note: golden recorded (GLYPHSMITH_RECORD=\(mode.rawValue)); review it before committing\n"
              .utf8))
      }
      return nil
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
/// `@Test`, else through XCTest (`XCTFail`); the message gives the counts (anti-aliased pixels
/// not counted included), the largest difference and where, the paths of `expected.png`,
/// `actual.png` and `diff.png`, and the command that accepts the change. Inside a `@Test` the
/// three images are also attached to the result (`Attachment.record`, Swift 6.2+).
///
/// Goldens are written according to `GLYPHSMITH_RECORD`, as swift-snapshot-testing does:
/// `missing` (the default) records a missing golden and fails ("review it and run again");
/// `all` and `failed` record and pass with a note; `never`, and always when `CI=true`, writes
/// no golden and fails. An unknown value fails every assertion, naming the allowed ones.
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
  let filter = GoldenTestConfiguration.currentTestFilter ?? xcTestFilter(filePath: "\(filePath)")
  let evaluation = configuration.evaluation(image, named: name, testFilter: filter)
  if case .failed(let message) = evaluation.outcome {
    let location = SourceLocation(
      fileID: fileID, filePath: "\(filePath)", line: Int(line), column: Int(column))
    attach(evaluation.images, name: name, sourceLocation: location)
    reportFailure(message, fileID: fileID, filePath: filePath, line: line, column: column)
  }
  return evaluation.outcome
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
  let evaluation = configuration.evaluation(
    image, named: name, testFilter: GoldenTestConfiguration.currentTestFilter)
  if case .failed(let message) = evaluation.outcome {
    attach(evaluation.images, name: name, sourceLocation: sourceLocation)
    Issue.record(Comment(rawValue: message), sourceLocation: sourceLocation)
  }
  return evaluation.outcome
}

/// For XCTest, where no test is current: the calling file's name (`BadgeTests.swift` →
/// `BadgeTests`), usually its test class.
func xcTestFilter(filePath: String) -> String {
  URL(fileURLWithPath: filePath).deletingPathExtension().lastPathComponent
}

/// Attaches the expected, actual and diff PNGs (those present) to the current Swift Testing
/// test, named `<golden name>-expected.png` etc. Swift Testing keeps them with the result
/// (`swift test --attachments-path DIR` saves them). Nothing outside a `@Test`.
func attach(_ images: GoldenImages, name: String, sourceLocation: SourceLocation) {
  #if compiler(>=6.2) && canImport(_Testing_Foundation)
    guard Test.current != nil else { return }
    let base = name.replacingOccurrences(of: "/", with: "-")
    for (kind, data) in [
      ("expected", images.expected), ("actual", images.actual), ("diff", images.diff),
    ] {
      if let data {
        Attachment.record(data, named: "\(base)-\(kind).png", sourceLocation: sourceLocation)
      }
    }
  #endif
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
