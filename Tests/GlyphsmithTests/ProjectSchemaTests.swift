import Foundation
import Testing

@testable import Glyphsmith

/// `docs/glyphsmith.schema.json` and the tool agree: a JSON Schema validator
/// (`check-jsonschema`, from PyPI; `.ci/run` installs it) and `ProjectConfig` accept every
/// example in `docs/examples/project/` and refuse every file in its `invalid/` folder; the
/// schema's lists of roles, shapes, platforms, formats, severities and lint rules are generated
/// from the code (`codeLists`, `scripts/update-generated`).
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

  /// The schema's lists that are the code's, by JSON pointer: every `enum` of the schema is one
  /// of these (`everyEnumComesFromTheCode`), and `scripts/update-generated` writes them from the
  /// code (`schemaListsAreCurrent` fails, naming the file, until it runs). A new rule, role,
  /// shape, platform or format reaches the schema without an edit to it.
  static var codeLists: [(pointer: String, values: [String])] {
    let roles = Role.allCases.map(\.rawValue)
    let rules = LintRule.allCases.map(\.rawValue)
    let formats = ProjectConfig.formats
    var lists: [(pointer: String, values: [String])] = []
    for definition in ["icon", "rule"] {
      let properties = "/$defs/\(definition)/properties"
      lists += [
        ("\(properties)/role/enum", roles),
        ("\(properties)/shape/enum", GlyphShape.allCases.map(\.rawValue)),
        ("\(properties)/platforms/items/enum", AssetPlatform.allCases.map(\.rawValue)),
        ("\(properties)/format/enum", formats),
      ]
    }
    lists += [
      ("/$defs/lintSetting/properties/severity/enum", LintSeverity.allCases.map(\.rawValue)),
      ("/properties/ios/properties/format/enum", formats),
      ("/properties/android/properties/format/enum", ProjectConfig.androidFormats),
      ("/properties/lint/properties/rules/propertyNames/enum", rules),
      ("/properties/lint/properties/roles/additionalProperties/propertyNames/enum", rules),
      ("/properties/lint/properties/roles/propertyNames/enum", roles),
    ]
    return lists
  }

  static let schemaFile = GeneratedFile(path: "docs/glyphsmith.schema.json")

  @Test func everyEnumComesFromTheCode() throws {
    let text = try #require(JSONArrayText(try Self.schemaFile.read()), "the schema is not JSON")
    let generated = Set(Self.codeLists.map(\.pointer))
    for pointer in text.enumPointers {
      #expect(
        generated.contains(pointer),
        "docs/glyphsmith.schema.json: \(pointer) is a list the code does not generate; add it to ProjectSchemaTests.codeLists"
      )
    }
    for pointer in generated {
      #expect(text.arrays[pointer] != nil, "docs/glyphsmith.schema.json has no list at \(pointer)")
    }
  }

  /// Regenerate with `scripts/update-generated`.
  @Test func schemaListsAreCurrent() throws {
    let text = try #require(JSONArrayText(try Self.schemaFile.read()), "the schema is not JSON")
    let updated = try #require(text.replacing(Self.codeLists), "a list of codeLists is missing")
    try Self.schemaFile.expectCurrent(
      updated, what: "the lists of roles, shapes, platforms, formats, severities and lint rules")
  }

  @Test func schemaKeysAreTheCodes() throws {
    let schema =
      try JSONSerialization.jsonObject(with: Data(contentsOf: Self.schema))
      as! [String: Any]
    let defs = schema["$defs"] as! [String: Any]
    let icon = (defs["icon"] as! [String: Any])["properties"] as! [String: [String: Any]]
    #expect(Set(icon.keys) == Set(IconSettings.shapeMembers.keys))
    // The regenerated lists read back as the code's (the scanner and JSONSerialization agree).
    #expect(icon["role"]?["enum"] as? [String] == Role.allCases.map(\.rawValue))
    let lint =
      (schema["properties"] as! [String: [String: Any]])["lint"]!["properties"]
      as! [String: [String: Any]]
    #expect(
      (lint["rules"]?["propertyNames"] as? [String: [String]])?["enum"]
        == LintRule.allCases.map(\.rawValue))
  }
}
