import Foundation
import Testing

@testable import Glyphsmith

/// `docs/glyphsmith.schema.json` and the tool agree: a JSON Schema validator
/// (`check-jsonschema`, from PyPI; `.ci/run` installs it) and `ProjectConfig` accept every
/// example in `docs/examples/project/` and refuse every file in its `invalid/` folder; the
/// schema's lists of roles, shapes, platforms, formats, severities and lint rules, and the
/// per-icon keys' properties (`IconKey.all`), are generated from the code (`codeLists`,
/// `regenerated`, `scripts/update-generated`).
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
      ("/properties/appicon/properties/platform/enum", AppIconBlock.platforms),
      ("/properties/appicon/properties/format/enum", AppIconBlock.formats),
      (
        "/properties/appicon/properties/groups/items/properties/blend-mode/enum",
        IconBundleProperties.blendModes
      ),
      (
        "/properties/appicon/properties/groups/items/properties/shadow/properties/kind/enum",
        IconBundleProperties.shadowKinds
      ),
      (
        "/properties/appicon/properties/groups/items/properties/layers/items/properties/blend-mode/enum",
        IconBundleProperties.blendModes
      ),
    ]
    return lists
  }

  static let schemaFile = GeneratedFile(path: "docs/glyphsmith.schema.json")

  /// `shape` as a JSON Schema object (with `description` when given), laid out as the file
  /// is: members one a line, indented by two spaces more than `indent`.
  static func schemaText(_ shape: JSONShape, description: String?, indent: String) -> String {
    let inner = indent + "  "
    func number(_ value: Double) -> String {
      value == value.rounded() ? String(Int(value)) : String(value)
    }
    var members: [(String, String)]
    switch shape {
    case .oneOf(let values):
      let items = values.map { inner + "  " + JSONArrayText.quoted($0) }.joined(separator: ",\n")
      members = [("enum", values.isEmpty ? "[]" : "[\n" + items + "\n" + inner + "]")]
    case .number(let minimum, let exclusive):
      members = [
        ("type", "\"number\""), (exclusive ? "exclusiveMinimum" : "minimum", number(minimum)),
      ]
    case .integer(let minimum): members = [("type", "\"integer\""), ("minimum", String(minimum))]
    case .anyNumber: members = [("type", "\"number\"")]
    case .boolean: members = [("type", "\"boolean\"")]
    case .string: members = [("type", "\"string\"")]
    case .array(let element):
      members = [
        ("type", "\"array\""), ("items", schemaText(element, description: nil, indent: inner)),
      ]
    case .any, .object, .dictionary:
      Issue.record("a per-icon key of a shape the schema generator does not write")
      members = []
    }
    if let description { members.append(("description", JSONArrayText.quoted(description))) }
    return "{\n" + members.map { inner + "\"\($0)\": " + $1 }.joined(separator: ",\n") + "\n"
      + indent + "}"
  }

  /// The `properties` of `$defs/icon`, one per per-icon key (`IconKey.all`), then `extra`
  /// (a rule's `match`, as written).
  static func iconPropertiesText(indent: String, extra: [(String, String)] = []) -> String {
    let inner = indent + "  "
    let members =
      IconKey.all.map {
        ($0.name, schemaText($0.shape, description: $0.description, indent: inner))
      } + extra
    return "{\n" + members.map { inner + "\"\($0)\": " + $1 }.joined(separator: ",\n") + "\n"
      + indent + "}"
  }

  /// The schema with its generated parts current: the properties of `$defs/icon` and
  /// `$defs/rule` from `IconKey.all` (the rule's `match` kept as written), then every list of
  /// `codeLists`; `nil` when a part is missing.
  static func regenerated(_ text: String) -> String? {
    guard let scanned = JSONArrayText(text),
      let match = scanned.text(at: "/$defs/rule/properties/match"),
      let properties = scanned.replacing(values: [
        ("/$defs/icon/properties", { iconPropertiesText(indent: $0) }),
        ("/$defs/rule/properties", { iconPropertiesText(indent: $0, extra: [("match", match)]) }),
      ])
    else { return nil }
    return JSONArrayText(properties)?.replacing(codeLists)
  }

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
    let updated = try #require(
      Self.regenerated(try Self.schemaFile.read()),
      "the schema is not JSON, or a list of codeLists or the icon or rule properties are missing")
    try Self.schemaFile.expectCurrent(
      updated,
      what:
        "the per-icon keys and the lists of roles, shapes, platforms, formats, severities and lint rules"
    )
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
