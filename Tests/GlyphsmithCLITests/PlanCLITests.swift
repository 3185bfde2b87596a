import Foundation
import Glyphsmith
import Testing

private let square =
  "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 24 24\"><rect x=\"4\" y=\"4\" width=\"16\" height=\"16\"/></svg>"
private let twoColours =
  "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 24 24\"><rect width=\"24\" height=\"12\" fill=\"#c00\"/><rect y=\"12\" width=\"24\" height=\"12\" fill=\"#00c\"/></svg>"

/// `--plan --json` prints the plan and writes nothing; workers execute planned icons sent over
/// the pipe (an input changed or deleted since planning fails by name); `--lint` lints an
/// original icon as original; `android.format` takes what `--android-format` does.
@Suite("The plan through the CLI")
struct PlanCLITests {
  static func write(_ text: String, to path: String, in folder: URL) throws {
    let url = folder.appendingPathComponent(path)
    try FileManager.default.createDirectory(
      at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
    try Data(text.utf8).write(to: url)
  }

  static func object(_ data: Data) throws -> [String: Any] {
    try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
  }

  @Test func assetsPlanJSONIsThePlanAndWritesNothing() throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    try Self.write(square, to: "icons/home.svg", in: folder)
    try Self.write(square, to: "icons/tabs/star.svg", in: folder)
    let arguments = [
      "assets", "icons", "-o", "out/Icons.xcassets", "--platform", "ios,android",
      "--android-out", "out/android", "--android-format", "vector", "--size", "20", "--plan",
      "--json",
    ]
    let result = try CLIRunner.run(arguments, in: folder)
    #expect(result.status == 0, "\(result.stderr)")
    #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("out").path))
    #expect(try CLIRunner.run(arguments, in: folder).stdout == result.stdout, "not deterministic")
    let plan = try Self.object(result.stdout)
    #expect(plan["version"] as? Int == 1)
    #expect(
      plan["outputFolders"] as? [String: String]
        == ["ios": "out/Icons.xcassets", "android": "out/android"])
    let icons = try #require(plan["icons"] as? [[String: Any]])
    #expect(icons.map { $0["path"] as? String } == ["icons/home.svg", "icons/tabs/star.svg"])
    #expect(icons.map { $0["name"] as? String } == ["home", "star"])
    #expect(icons[1]["groups"] as? [String] == ["tabs"])
    #expect(icons[0]["sha256"] as? String == ContentHash.sha256(Data(square.utf8)))
    let options = try #require(icons[0]["options"] as? [String: Any])
    #expect(options["role"] as? String == "tab-bar")
    #expect(options["size"] as? Double == 20)
    #expect(options["androidFormat"] as? String == "vector")
    #expect(options["minSdk"] as? Int == 21)
    #expect(options["platforms"] as? [String] == ["ios", "android"])
    #expect((icons[0]["fingerprint"] as? String)?.count == 64)
    let outputs = try #require(icons[0]["outputs"] as? [[String: Any]])
    #expect(
      outputs.map { "\($0["format"]!) \($0["path"]!)" } == [
        "png out/Icons.xcassets/home.imageset/home.png",
        "png out/Icons.xcassets/home.imageset/home@2x.png",
        "png out/Icons.xcassets/home.imageset/home@3x.png",
        "json out/Icons.xcassets/home.imageset/Contents.json",
        "vector-drawable out/android/res/drawable/home.xml",
      ])
    // What the plan says is what the run writes, with the planned fingerprint.
    let run = try CLIRunner.run(Array(arguments.dropLast(2)) + ["--quiet"], in: folder)
    #expect(run.status == 0, "\(run.stderr)")
    for output in outputs {
      let path = folder.appendingPathComponent(output["path"] as! String).path
      #expect(FileManager.default.fileExists(atPath: path), "\(path) not written")
    }
    let xml = try String(
      contentsOf: folder.appendingPathComponent("out/android/res/drawable/home.xml"),
      encoding: .utf8)
    // Each platform's outputs carry that platform's fingerprint (issue 32).
    let fingerprints = try #require(icons[0]["fingerprints"] as? [String: String])
    #expect(fingerprints.keys.sorted() == ["android", "ios"])
    #expect(fingerprints["android"] != fingerprints["ios"])
    #expect(xml.contains("glyphsmith:source=\(fingerprints["android"]!)"))
  }

  /// `lint --plan --json`: the files as collected, each with its hash and resolved options
  /// (an original icon planned as original, the config that applies), the missing inputs,
  /// nothing linted (no findings on stderr); exit 2 for a missing input.
  @Test func lintPlanJSONIsThePlanAndLintsNothing() throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    try Self.write(square, to: "icons/home.svg", in: folder)
    try Self.write(twoColours, to: "icons/flag.svg", in: folder)
    let arguments = ["lint", "icons", "--role", "toolbar", "--scales", "2", "--plan", "--json"]
    let result = try CLIRunner.run(arguments, in: folder)
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stderr.isEmpty, "\(result.stderr)")
    #expect(try CLIRunner.run(arguments, in: folder).stdout == result.stdout, "not deterministic")
    let plan = try Self.object(result.stdout)
    #expect(plan["version"] as? Int == 1)
    let files = try #require(plan["files"] as? [[String: Any]])
    #expect(files.map { $0["path"] as? String } == ["icons/flag.svg", "icons/home.svg"])
    #expect(files[1]["sha256"] as? String == ContentHash.sha256(Data(square.utf8)))
    let options = try #require(files[1]["options"] as? [String: Any])
    #expect(options["role"] as? String == "toolbar")
    #expect(options["scales"] as? [Int] == [2])
    #expect(options["config"] is [String: Any])
    #expect((plan["missing"] as? [Any])?.isEmpty == true)

    let missing = try CLIRunner.run(
      ["lint", "icons/home.svg", "gone.svg", "--plan", "--json"], in: folder)
    #expect(missing.status == 2)
    let missingPlan = try Self.object(missing.stdout)
    #expect((missingPlan["files"] as? [Any])?.count == 1)
    #expect(
      String(decoding: try JSONSerialization.data(withJSONObject: missingPlan["missing"]!), as: UTF8.self)
        .contains("gone.svg"))

    let usage = try CLIRunner.run(["lint", "icons", "--plan"], in: folder)
    #expect(usage.status == 2)
    #expect(usage.stderr.hasPrefix("glyphsmith lint: error: --plan prints JSON; give --json too\n"))
  }

  @Test func buildPlanJSONListsEveryIconWithItsResolvedOptions() throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    try Self.write(square, to: "icons/a.svg", in: folder)
    try Self.write(square, to: "icons/b.svg", in: folder)
    try Self.write(square, to: "icons/old/c.svg", in: folder)
    try Self.write(
      """
      {"version": 1, "icons": "icons", "ios": {"catalog": "out/Icons.xcassets"},
       "android": {"res": "out/android/res", "format": "auto"},
       "rules": [{"match": "a.svg", "padding": 2, "platforms": ["ios"]},
                 {"match": "old/**", "skip": true}]}
      """, to: "glyphsmith.json", in: folder)
    let result = try CLIRunner.run(["build", "--plan", "--json"], in: folder)
    #expect(result.status == 0, "\(result.stderr)")
    #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("out").path))
    let plan = try Self.object(result.stdout)
    #expect(plan["skipped"] as? [String] == ["icons/old/c.svg"])
    let icons = try #require(plan["icons"] as? [[String: Any]])
    #expect(icons.map { $0["path"] as? String } == ["icons/a.svg", "icons/b.svg"])
    let a = try #require(icons[0]["options"] as? [String: Any])
    let b = try #require(icons[1]["options"] as? [String: Any])
    #expect(a["padding"] as? Double == 2)
    #expect(a["platforms"] as? [String] == ["ios"])
    // No Android for a: its format is normalised away.
    #expect(a["androidFormat"] as? String == "png")
    #expect(a["minSdk"] == nil)
    #expect(b["padding"] as? Double == 0)
    #expect(b["androidFormat"] as? String == "auto")
    let bOutputs = try #require(icons[1]["outputs"] as? [[String: Any]])
    #expect(bOutputs.contains { $0["format"] as? String == "vector-drawable" })
    #expect(bOutputs.contains { $0["fallback"] as? Bool == true })
    let alone = try CLIRunner.run(["build", "--plan"], in: folder)
    #expect(alone.status == 2)
    #expect(alone.stderr.contains("--plan prints JSON; give --json too"))
  }

  @Test func workersExecuteThePlanAndNameInputsChangedSincePlanning() throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    for name in ["changed", "deleted", "kept"] {
      try Self.write(square, to: "icons/\(name).svg", in: folder)
    }
    let renderer = CLIRunner.executable.deletingLastPathComponent()
      .appendingPathComponent("glyphsmith-render").path
    var job = AssetsJob(
      catalogPath: folder.appendingPathComponent("Icons.xcassets").path, options: AssetsOptions())
    job.isolation = WorkerIsolation(
      workerCommand: [renderer, "__worker", "assets"], budget: WorkerPool.Budget())
    let icons = folder.appendingPathComponent("icons").path
    let plan = try job.plan(collected: InputCollector.collectTree([icons]).files)
    try Self.write(twoColours, to: "icons/changed.svg", in: folder)
    try FileManager.default.removeItem(atPath: icons + "/deleted.svg")
    try Self.write(square, to: "icons/added.svg", in: folder)
    let report = try job.run(plan: plan)
    #expect(report.inputs.map(\.name) == ["changed", "deleted", "kept"])
    #expect(report.inputs.map(\.status) == [.failed, .failed, .written])
    #expect(
      report.inputs[0].error?.hasSuffix(
        "changed.svg: error: changed while the run was going on; run again") == true)
    #expect(report.inputs[1].error?.contains("deleted.svg: error: was deleted") == true)
    let written = try FileManager.default.contentsOfDirectory(
      atPath: folder.appendingPathComponent("Icons.xcassets").path)
    #expect(written.filter { $0.hasSuffix(".imageset") } == ["kept.imageset"])
  }

  @Test func buildRunsOneWorkerPoolForEveryGroup() throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    for name in ["a", "b", "c"] { try Self.write(square, to: "icons/\(name).svg", in: folder) }
    try Self.write(twoColours, to: "icons/brand/logo.svg", in: folder)
    let path = folder.appendingPathComponent("glyphsmith.json").path
    try Self.write(
      """
      {"version": 1, "icons": "icons", "ios": {"catalog": "out/Icons.xcassets", "compact": true},
       "android": {"res": "out/android/res"},
       "rules": [{"match": "brand/**", "role": "plain", "original": true, "size": 32},
                 {"match": "a.svg", "padding": 2}, {"match": "b.svg", "platforms": ["ios"]}]}
      """, to: "glyphsmith.json", in: folder)
    let renderer = CLIRunner.executable.deletingLastPathComponent()
      .appendingPathComponent("glyphsmith-render").path
    func build(isolated: Bool) throws -> (ProjectBuild.Result, pools: Int) {
      var build = ProjectBuild(config: try ProjectConfig.load(path: path))
      build.jobs = 2
      build.force = true
      if isolated {
        build.isolation = WorkerIsolation(
          workerCommand: [renderer, "__worker", "assets"], budget: WorkerPool.Budget())
      }
      let counter = ProjectReadCounter()
      let plan = try build.plan()
      #expect(plan.groups.count == 4)
      let result = try ProjectReadCounter.$current.withValue(counter) {
        try build.run(plan: plan)
      }
      return (result, counter.workerPools)
    }
    let isolated = try build(isolated: true)
    #expect(isolated.pools == 1, "one worker pool for the whole build")
    #expect(isolated.0.report.failures == 0, "\(isolated.0.notices)")
    #expect(
      isolated.0.report.inputs.map(\.path)
        == ["icons/a.svg", "icons/b.svg", "icons/brand/logo.svg", "icons/c.svg"].map {
          folder.appendingPathComponent($0).path
        })
    #expect(isolated.0.report.inputs.allSatisfy { $0.status == .written })
    // The same report as the build on threads here (which starts no pool).
    let threads = try build(isolated: false)
    #expect(threads.pools == 0)
    func described(_ result: ProjectBuild.Result) -> [String] {
      result.report.inputs.map { "\($0.name) \($0.status) \($0.files.map(\.path))" }
        + result.report.catalogFindings.descriptions + result.notices.map { "\($0)" }
    }
    #expect(described(isolated.0) == described(threads.0))
  }

  @Test func lintWorkersLintThePlanAndNameFilesChangedSincePlanning() throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    for name in ["changed", "deleted", "kept"] {
      try Self.write(twoColours, to: "icons/\(name).svg", in: folder)
    }
    // A config below the folder input: found when planning, sent with the file.
    try Self.write(
      #"{"rules": {"template-colour": {"severity": "error"}}}"#, to: "icons/glyphsmith.json",
      in: folder)
    let renderer = CLIRunner.executable.deletingLastPathComponent()
      .appendingPathComponent("glyphsmith-render").path
    let icons = folder.appendingPathComponent("icons").path
    var options = LintOptions()
    options.scales = [1]
    var session = LintSession(inputs: [icons], options: options, jobs: 2)
    session.isolation = WorkerIsolation(
      workerCommand: [renderer, "__worker", "lint"], budget: WorkerPool.Budget())
    let plan = session.plan()
    #expect(plan.files.map(\.path) == ["changed", "deleted", "kept"].map { "\(icons)/\($0).svg" })
    try Self.write(square, to: "icons/changed.svg", in: folder)
    try FileManager.default.removeItem(atPath: icons + "/deleted.svg")
    try Self.write(twoColours, to: "icons/added.svg", in: folder)
    let outcome = session.run(plan: plan)
    #expect(outcome.results.count == 3, "the added file is not linted")
    #expect(outcome.reports.map(\.path) == [icons + "/kept.svg"])
    #expect(outcome.reports[0].findings.map(\.severity).contains(.error), "the planned config")
    let errors = outcome.results.compactMap { result -> String? in
      guard case .failure(let error) = result else { return nil }
      return error.description
    }
    #expect(
      errors == [
        "\(icons)/changed.svg: error: changed while the run was going on; run again",
        "\(icons)/deleted.svg: error: was deleted or became unreadable while the run was going on; run again",
      ])
    #expect(outcome.failureCategory == .unusableInput)
  }

  @Test func lintOfAnOriginalIconHasNoTemplateWarning() throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    try Self.write(twoColours, to: "icons/flag.svg", in: folder)
    let assets = try CLIRunner.run(
      ["assets", "icons", "-o", "A.xcassets", "--original", "--lint", "--json"], in: folder)
    #expect(assets.status == 0, "\(assets.stderr)")
    #expect(!assets.stderr.contains("template-colour"), "\(assets.stderr)")
    let template = try CLIRunner.run(
      ["assets", "icons", "-o", "T.xcassets", "--lint", "--json"], in: folder)
    #expect(template.stderr.contains("template-colour"), "the fixture must trip the rule")
    try Self.write(
      """
      {"version": 1, "icons": "icons", "ios": {"catalog": "B.xcassets"},
       "rules": [{"match": "flag.svg", "original": true}]}
      """, to: "glyphsmith.json", in: folder)
    let build = try CLIRunner.run(["build", "--lint", "--json"], in: folder)
    #expect(build.status == 0, "\(build.stderr)")
    #expect(!build.stderr.contains("template-colour"), "\(build.stderr)")
    #expect(!build.stderr.contains("--original"), "\(build.stderr)")
  }
}
