import Foundation
import Testing

@testable import Glyphsmith

/// The calibration set (`Calibration/`, described in its README.md): icons labelled by hand,
/// from real-size renders, legible or not at a role and size. The lint must give each the
/// error rules recorded beside the label, and on the whole set every error-level rule must be
/// right at least 90 % of the time (precision) and the lint must catch at least 90 % of the
/// illegible entries (recall); the numbers are those of docs/lint.md.
@Suite("lint calibration set")
struct LintCalibrationTests {
  /// One labelled entry of `Calibration/labels.json`.
  struct Entry: Decodable {
    /// Path below `Calibration/`.
    var icon: String
    /// `tab-bar`, `toolbar` or `indicator`.
    var role: String
    /// Compact tab bar sizes.
    var compact: Bool
    /// The hand label: would a designer ship it at this role and size as it is?
    var legible: Bool
    /// Why, from the enlarged real-size render.
    var reason: String
    /// The rules the lint reports at error level (the recorded verdict).
    var errors: [String]
  }

  static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("Calibration")

  static func entries() throws -> [Entry] {
    let data = try Data(contentsOf: folder.appendingPathComponent("labels.json"))
    return try JSONDecoder().decode([Entry].self, from: data)
  }

  /// The error-level rules the lint reports on `entry`, sorted, at the default scales.
  static func errors(_ entry: Entry) throws -> [String] {
    var options = LintOptions()
    options.role = try #require(Role(rawValue: entry.role))
    options.compact = entry.compact
    options.config = LintConfig()
    let result = try Linter.lint(
      path: folder.appendingPathComponent(entry.icon).path, options: options)
    return Set(result.report.findings.filter { $0.severity == .error }.map(\.rule.rawValue))
      .sorted()
  }

  @Test("every entry gets the error rules recorded for it")
  func verdicts() throws {
    let entries = try Self.entries()
    #expect(entries.count >= 40)
    for entry in entries {
      let found = try Self.errors(entry)
      #expect(
        found == entry.errors.sorted(),
        "\(entry.icon) \(entry.role)\(entry.compact ? " compact" : "")")
    }
  }

  @Test("precision of each error-level rule and recall on the set are at least 90 %")
  func precisionAndRecall() throws {
    let entries = try Self.entries()
    var flagged: [String: (right: Int, all: Int)] = [:]
    var caught = 0
    var illegible = 0
    for entry in entries {
      for rule in entry.errors {
        let old = flagged[rule] ?? (0, 0)
        flagged[rule] = (old.right + (entry.legible ? 0 : 1), old.all + 1)
      }
      if !entry.legible {
        illegible += 1
        if !entry.errors.isEmpty { caught += 1 }
      }
    }
    for (rule, count) in flagged {
      #expect(Double(count.right) >= 0.9 * Double(count.all), "\(rule): \(count)")
    }
    #expect(illegible > 0)
    #expect(Double(caught) >= 0.9 * Double(illegible), "recall \(caught)/\(illegible)")
  }
}
