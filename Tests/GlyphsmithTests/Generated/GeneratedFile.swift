import Foundation
import Testing

/// A file in this checkout whose text (or part of it) is generated from the code, and the
/// check that it is current, as swift-format's `GeneratedFilesValidityTests`: the test fails
/// naming the stale file and the script that regenerates it; with `GLYPHSMITH_UPDATE_DOCS=1`
/// (what `scripts/update-generated` sets) it writes the file instead.
struct GeneratedFile {
  /// The checkout's root (holds `Package.swift`).
  static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

  /// The path from the checkout's root, e.g. `docs/glyphsmith.schema.json`.
  var path: String

  /// The file's URL.
  var url: URL { Self.root.appendingPathComponent(path) }

  /// The file's text.
  func read() throws -> String { try String(contentsOf: url, encoding: .utf8) }

  /// Expects the file to hold `generated`; writes it when `GLYPHSMITH_UPDATE_DOCS=1`.
  /// - Parameter what: what is stale, for the message (e.g. "the lint rule ids").
  func expectCurrent(
    _ generated: String, what: String, sourceLocation: SourceLocation = #_sourceLocation
  ) throws {
    let current = try? read()
    if current == generated { return }
    if ProcessInfo.processInfo.environment["GLYPHSMITH_UPDATE_DOCS"] == "1" {
      try Data(generated.utf8).write(to: url, options: .atomic)
      return
    }
    Issue.record(
      "\(path) is stale (\(what)): run scripts/update-generated and commit the result",
      sourceLocation: sourceLocation)
  }
}
