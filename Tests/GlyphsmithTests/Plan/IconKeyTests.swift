import Foundation
import Testing

@testable import Glyphsmith

/// The per-icon keys of `glyphsmith.json` (`IconKey.all`, the one table): each is a property
/// of the schema's `$defs/icon` and `$defs/rule`, is accepted by the project file, and
/// changes its own icon's plan (options and fingerprint) and nothing else's. A key added to
/// the table is checked here without an edit.
@Suite struct IconKeyTests {
  /// The keys that set no option, and why (each is checked otherwise below).
  static let withoutOption: [String: String] = [
    "skip": "leaves the icon out of the plan (checked below)"
  ]

  /// The plan of a project declaring iOS and Android, with icons `a.svg` and `b.svg`, and
  /// `rule` (a JSON member, or none) for `a.svg`, in `folder`.
  static func plan(rule: String?, in folder: TemporaryFolder) throws -> AssetPlan {
    let icon = svg(viewBox: "0 0 24 24", body: "<rect x='4' y='6' width='16' height='12'/>")
    try folder.write("icons/a.svg", icon)
    try folder.write("icons/b.svg", icon)
    let rules = rule.map { ", \"rules\": [{\"match\": \"a.svg\", \($0)}]" } ?? ""
    let path = try folder.write(
      "glyphsmith.json",
      """
      {"version": 1, "icons": "icons", "ios": {"catalog": "Icons.xcassets"},
       "android": {"res": "android/res"}\(rules)}
      """)
    let build = ProjectBuild(config: try ProjectConfig.load(path: path))
    return build.assetPlan(try build.plan())
  }

  static func icon(_ plan: AssetPlan, _ name: String) -> PlannedIcon? {
    plan.icons.first { $0.name == name }
  }

  @Test func everyKeyIsInTheSchema() throws {
    let schema =
      try JSONSerialization.jsonObject(with: Data(contentsOf: ProjectSchemaTests.schema))
      as! [String: Any]
    let defs = schema["$defs"] as! [String: [String: Any]]
    for definition in ["icon", "rule"] {
      let properties = defs[definition]!["properties"] as! [String: Any]
      for key in IconKey.all {
        #expect(properties[key.name] != nil, "\(key.name) is not in $defs/\(definition)")
      }
    }
    #expect(Set(IconKey.all.map(\.name)).count == IconKey.all.count, "a key is listed twice")
  }

  @Test func everyKeyChangesItsIconsPlan() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    func plan(rule: String?) throws -> AssetPlan { try Self.plan(rule: rule, in: folder) }
    let base = try plan(rule: nil)
    let baseA = try #require(Self.icon(base, "a"))
    let baseB = try #require(Self.icon(base, "b"))
    for key in IconKey.all {
      guard key.apply != nil, let example = key.example else {
        #expect(Self.withoutOption[key.name] != nil, "\(key.name) sets no option and no reason")
        continue
      }
      let value = String(decoding: try JSONEncoder().encode(example), as: UTF8.self)
      let changed = try plan(rule: "\"\(key.name)\": \(value)")
      let a = try #require(Self.icon(changed, "a"), "\(key.name): a.svg is not planned")
      #expect(a.options != baseA.options, "\(key.name) does not change the icon's options")
      #expect(a.fingerprint != baseA.fingerprint, "\(key.name) does not change its fingerprint")
      #expect(Self.icon(changed, "b") == baseB, "\(key.name) changes another icon's plan")
    }
    let skipped = try plan(rule: "\"skip\": true")
    #expect(Self.icon(skipped, "a") == nil && Self.icon(skipped, "b") == baseB)
    // png is the default: giving it changes nothing.
    #expect(try plan(rule: "\"format\": \"png\"") == base)
    #expect(ProjectConfig.formats == ["png", "pdf", "svg"])
  }
}

/// docs/project.md's per-icon keys table is `IconKey.markdownTable` (regenerate with
/// `scripts/update-generated`).
@Suite struct IconKeyDocsTests {
  @Test("docs/project.md's per-icon keys table is the one IconKey.all generates")
  func docsAreCurrent() throws {
    let file = GeneratedFile(path: "docs/project.md")
    let updated = try #require(
      IconKey.updatingDocument(try file.read()),
      "docs/project.md lacks the \(IconKey.markers.begin) / \(IconKey.markers.end) markers")
    try file.expectCurrent(updated, what: "the per-icon keys table")
  }

  /// Every key of the table has its row, with its value spelled from its shape.
  @Test func tableRowsComeFromTheKeys() {
    let rows = IconKey.markdownTable.split(separator: "\n").dropFirst(2)
    #expect(rows.map { $0.split(separator: "`")[1] } == IconKey.all.map { Substring($0.name) })
    #expect(rows.contains { $0.hasPrefix("| `size` | number > 0 | Size in pt") })
    #expect(rows.contains { $0.hasPrefix("| `padding` | number >= 0 |") })
    #expect(rows.contains { $0.hasPrefix("| `compact` | `true` or `false` |") })
    #expect(
      rows.contains {
        $0.hasPrefix("| `role` | `plain`, `tab-bar`, `toolbar` or `indicator` |")
      })
    #expect(rows.contains { $0.hasPrefix("| `platforms` | a list of `ios`, `android` or `web` |") })
    #expect(IconKey.updatingDocument("no markers") == nil)
  }
}
