import Foundation
import Testing

@testable import Glyphsmith

private let square = svg(
  viewBox: "0 0 24 24", body: "<rect x=\"4\" y=\"4\" width=\"16\" height=\"16\"/>")
private let circle = svg(viewBox: "0 0 24 24", body: "<circle cx=\"12\" cy=\"12\" r=\"10\"/>")

/// The plan is a value: planned once, executed as it is; inputs that change after planning
/// are named, never silently dropped or added; a build reads its file and lists its folder
/// once; a per-icon key reaches only its icon's fingerprint.
@Suite("The plan: planned once, executed as planned")
struct AssetPlanTests {
  @Test func inputsChangedDeletedOrAddedAfterPlanningAreNamedNeverSilent() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    for name in ["changed", "deleted", "kept"] { try folder.write("icons/\(name).svg", square) }
    let job = AssetsJob(catalogPath: folder.path("Icons.xcassets"), options: AssetsOptions())
    let (files, _) = InputCollector.collectTree([folder.path("icons")])
    let plan = try job.plan(collected: files)
    #expect(plan.icons.map(\.name) == ["changed", "deleted", "kept"])
    #expect(plan.icons.allSatisfy { $0.sha256 != nil && $0.fingerprint != nil })

    // Between planning and execution: one file changes, one goes, one comes.
    try folder.write("icons/changed.svg", circle)
    try FileManager.default.removeItem(atPath: folder.path("icons/deleted.svg"))
    try folder.write("icons/added.svg", circle)

    let report = try job.run(plan: plan)
    #expect(report.inputs.map(\.path) == plan.icons.map(\.path))
    #expect(report.inputs.map(\.status) == [.failed, .failed, .written])
    #expect(
      report.inputs[0].error
        == "\(folder.path("icons/changed.svg")): error: changed while the run was going on; run again"
    )
    #expect(
      report.inputs[1].error
        == "\(folder.path("icons/deleted.svg")): error: was deleted or became unreadable while the run was going on; run again"
    )
    #expect(report.failures == 2)
    // `build --watch` sees the change and builds again by itself: it says so (trial t36:
    // it said "run again"); other notices read as they are.
    let failures = report.notices.filter {
      if case .failure = $0 { return true } else { return false }
    }
    #expect(
      failures.map { notice -> String in
        guard case .failure(let error) = notice.watching else { return "" }
        return error.description
      } == [
        "\(folder.path("icons/changed.svg")): error: changed while the run was going on; building again",
        "\(folder.path("icons/deleted.svg")): error: was deleted or became unreadable while the run was going on; building again",
      ])
    let other = BatchNotice.failure(.unusable(path: "a.svg", problem: "run again"))
    #expect(other.watching == other)
    let sets = folder.listing().filter { $0.hasSuffix(".imageset") }
    #expect(sets == ["Icons.xcassets/kept.imageset"], "only the unchanged planned icon is written")
  }

  /// A project whose rules make three groups over four icons, for three platforms.
  static func project(_ folder: TemporaryFolder, rules: String) throws -> String {
    for name in ["a", "b", "c"] { try folder.write("icons/\(name).svg", square) }
    try folder.write("icons/brand/logo.svg", circle)
    return try folder.write(
      "glyphsmith.json",
      """
      {"version": 1, "icons": "icons",
       "ios": {"catalog": "out/Icons.xcassets"}, "android": {"res": "out/android/res"},
       "web": {"folder": "out/web"},
       "rules": [\(rules)]}
      """)
  }

  @Test func buildReadsItsFileOnceAndListsTheIconsFolderOnce() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let path = try Self.project(
      folder,
      rules: """
        {"match": "brand/**", "role": "plain", "original": true},
        {"match": "a.svg", "size": 30}
        """)
    let counter = ProjectReadCounter()
    let result = try ProjectReadCounter.$current.withValue(counter) {
      var build = ProjectBuild(config: try ProjectConfig.load(path: path))
      build.jobs = 1
      #expect(build.groups(try build.collect()).groups.count == 3)
      return (counter.configReads, counter.folderListings, try build.run())
    }
    // The check above listed the folder once itself.
    #expect(result.0 == 1)
    #expect(result.1 == 1)
    #expect(counter.folderListings == 2)
    #expect(counter.configReads == 1)
    #expect(result.2.report.failures == 0)
    #expect(result.2.report.inputs.count == 4)
  }

  @Test func aPerIconKeyChangesOnlyItsIconsFingerprint() throws {
    func fingerprints(rules: String) throws -> [String: String] {
      let folder = try TemporaryFolder()
      defer { folder.remove() }
      let path = try Self.project(folder, rules: rules)
      let build = ProjectBuild(config: try ProjectConfig.load(path: path))
      let plan = build.assetPlan(try build.plan())
      return Dictionary(
        uniqueKeysWithValues: plan.icons.map { ($0.name, $0.fingerprint ?? "") })
    }
    let base = try fingerprints(rules: "")
    #expect(base.count == 4)
    for key in ["\"size\": 30", "\"padding\": 2"] {
      let ruled = try fingerprints(rules: "{\"match\": \"a.svg\", \(key)}")
      #expect(ruled["a"] != base["a"], "\(key) is not in a's fingerprint")
      for other in ["b", "c", "logo"] {
        #expect(ruled[other] == base[other], "\(key) for a.svg leaks into \(other)")
      }
    }
  }

  @Test func planJSONIsDeterministicAndWritesNothing() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    try folder.write("icons/home.svg", square)
    var options = AssetsOptions()
    options.compact = true
    let batch = AssetsBatch(
      inputs: [folder.path("icons")], catalog: folder.path("out/Icons.xcassets"),
      options: options)
    let first = try batch.plan(diagnose: { _ in }).json()
    #expect(try batch.plan(diagnose: { _ in }).json() == first)
    let plan = try JSONDecoder().decode(AssetPlan.self, from: first)
    #expect(plan.icons.map(\.path) == [folder.path("icons/home.svg")])
    #expect(plan.icons[0].sha256 == ContentHash.sha256(Data(square.utf8)))
    #expect(
      plan.icons[0].outputs.first?.path == folder.path("out/Icons.xcassets/home.imageset/home.png"))
    #expect(plan.icons[0].options.compact)
    #expect(!FileManager.default.fileExists(atPath: folder.path("out")), "planning wrote")
  }

  @Test func anOriginalIconIsLintedAsOriginal() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let path = try folder.write(
      "flag.svg",
      svg(
        viewBox: "0 0 24 24",
        body:
          "<rect width=\"24\" height=\"12\" fill=\"#c00\"/><rect y=\"12\" width=\"24\" height=\"12\" fill=\"#00c\"/>"
      ))
    var options = LintOptions()
    options.config = LintConfig()
    let asTemplate = try Linter.lint(path: path, options: options).report.findings
    #expect(asTemplate.contains { $0.rule == .templateColour })
    options.template = false
    let asOriginal = try Linter.lint(path: path, options: options).report.findings
    #expect(!asOriginal.contains { $0.rule == .templateColour })
  }
}
