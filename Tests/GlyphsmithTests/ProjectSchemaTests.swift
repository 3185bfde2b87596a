import Foundation
import Testing

@testable import Glyphsmith

/// `docs/glyphsmith.schema.json` and the tool agree: a JSON Schema validator
/// (`check-jsonschema`, from PyPI; `.ci/run` installs it) and `ProjectConfig` accept every
/// example in `docs/examples/project/` and refuse every file in its `invalid/` folder; the
/// schema's lists of roles, shapes, platforms, formats and lint rules are the code's.
@Suite("glyphsmith.schema.json")
struct ProjectSchemaTests {
  static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent()
  static let schema = root.appendingPathComponent("docs/glyphsmith.schema.json")
  static let examples = root.appendingPathComponent("docs/examples/project")

  /// The validator on PATH, else `nil` (the test then says so; CI always has it).
  static let validator: String? = {
    for folder in (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":") {
      let path = "\(folder)/check-jsonschema"
      if FileManager.default.isExecutableFile(atPath: path) { return path }
    }
    return nil
  }()

  static func files(_ folder: URL) -> [URL] {
    ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? [])
      .filter { $0.hasSuffix(".json") }.sorted().map { folder.appendingPathComponent($0) }
  }

  /// Whether the validator accepts `file` (exit 0), refuses it (exit 1); anything else fails.
  static func schemaAccepts(_ file: URL) throws -> Bool {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: validator!)
    process.arguments = ["-q", "--schemafile", schema.path, file.path]
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    try process.run()
    process.waitUntilExit()
    #expect([0, 1].contains(process.terminationStatus), "check-jsonschema failed to run")
    return process.terminationStatus == 0
  }

  static func toolAccepts(_ file: URL) -> Bool {
    (try? ProjectConfig.load(path: file.path)) != nil
  }

  @Test func thereAreExamplesOfBothKinds() {
    #expect(Self.files(Self.examples).count >= 4)
    #expect(Self.files(Self.examples.appendingPathComponent("invalid")).count >= 15)
  }

  @Test(
    .enabled(
      if: validator != nil,
      "check-jsonschema is not installed (pip install check-jsonschema; .ci/run installs it)"))
  func schemaAndToolAgreeOnEveryFile() throws {
    for file in Self.files(Self.examples) {
      #expect(try Self.schemaAccepts(file), "schema refuses \(file.lastPathComponent)")
      #expect(Self.toolAccepts(file), "the tool refuses \(file.lastPathComponent)")
    }
    for file in Self.files(Self.examples.appendingPathComponent("invalid")) {
      #expect(try !Self.schemaAccepts(file), "schema accepts invalid/\(file.lastPathComponent)")
      #expect(!Self.toolAccepts(file), "the tool accepts invalid/\(file.lastPathComponent)")
    }
  }

  @Test func schemaListsAreTheCodes() throws {
    let schema = try JSONSerialization.jsonObject(with: Data(contentsOf: Self.schema))
      as! [String: Any]
    let defs = schema["$defs"] as! [String: Any]
    let icon = (defs["icon"] as! [String: Any])["properties"] as! [String: [String: Any]]
    #expect(icon["role"]?["enum"] as? [String] == Role.allCases.map(\.rawValue))
    #expect(icon["shape"]?["enum"] as? [String] == GlyphShape.allCases.map(\.rawValue))
    #expect(icon["format"]?["enum"] as? [String] == ProjectConfig.formats)
    #expect(
      (icon["platforms"]?["items"] as? [String: [String]])?["enum"]
        == AssetPlatform.allCases.map(\.rawValue))
    #expect(Set(icon.keys) == Set(IconSettings.shapeMembers.keys))
    let properties = schema["properties"] as! [String: [String: Any]]
    let android = properties["android"]?["properties"] as? [String: [String: Any]]
    #expect(android?["format"]?["enum"] as? [String] == ProjectConfig.androidFormats)
    let lint = properties["lint"]!["properties"] as! [String: [String: Any]]
    #expect(
      (lint["rules"]?["propertyNames"] as? [String: [String]])?["enum"]
        == LintRule.allCases.map(\.rawValue))
  }
}
