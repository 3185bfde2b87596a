import Foundation
import Testing

@testable import Glyphsmith

private let square = svg(
  viewBox: "0 0 24 24", body: "<rect x=\"4\" y=\"4\" width=\"16\" height=\"16\"/>")
private let lettered = svg(
  viewBox: "0 0 24 24",
  body: "<circle cx=\"12\" cy=\"12\" r=\"10\"/><text x=\"4\" y=\"20\" font-size=\"10\">A</text>")

/// `lint` plans once: the inputs collected once, each file with its bytes' hash and its
/// resolved options (the config that applies among them); a file changed or deleted after
/// planning fails by name, one added is not linted.
@Suite("The lint plan: planned once, linted as planned")
struct LintPlanTests {
  @Test func eachFileIsPlannedWithItsHashAndTheConfigThatAppliesToIt() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    try folder.write("icons/glyphsmith.json", #"{"rules": {"text": {"severity": "error"}}}"#)
    let deep = try folder.write("icons/a/deep.svg", lettered)
    let own = try folder.write("icons/b/own.svg", square)
    try folder.write("icons/b/glyphsmith.json", #"{"rules": {"text": {"severity": "off"}}}"#)
    var options = LintOptions()
    options.role = .toolbar
    options.scales = [2]
    options.template = false
    let session = LintSession(inputs: [folder.path("icons")], options: options, jobs: 2)
    let plan = session.plan()
    #expect(plan.missing.isEmpty)
    #expect(plan.files.map(\.path) == [deep, own])
    #expect(plan.files[0].sha256 == ContentHash.sha256(Data(lettered.utf8)))
    #expect(plan.files[1].sha256 == ContentHash.sha256(Data(square.utf8)))
    #expect(plan.files.allSatisfy { $0.failure == nil })
    #expect(plan.files.map(\.options.role) == [.toolbar, .toolbar])
    #expect(plan.files.map(\.options.scales) == [[2], [2]])
    #expect(plan.files.map(\.options.template) == [false, false])
    #expect(
      plan.files[0].options.config
        == LintConfig(rules: ["text": .init(severity: .error)]), "the root's config")
    #expect(
      plan.files[1].options.config
        == LintConfig(rules: ["text": .init(severity: .off)]), "its own folder's config")
    // The plan is a value: it survives the pipe to a worker as it is.
    let encoded = try JSONEncoder().encode(plan)
    #expect(try JSONDecoder().decode(LintPlan.self, from: encoded) == plan)
    // Executed, it gives what linting each file with the session always gave.
    let outcome = session.run(plan: plan)
    #expect(outcome.reports.map(\.path) == [deep, own])
    #expect(outcome.reports[0].findings.map(\.rule) == [.text])
    #expect(outcome.reports[0].findings.map(\.severity) == [.error])
    #expect(outcome.reports[1].findings == [])
  }

  @Test func aBadConfigFailsItsFileWhenPlannedAndOnlyThatFile() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let bad = try folder.write("x/icon.svg", square)
    try folder.write("x/glyphsmith.json", #"{"rules": {"nope": {}}}"#)
    let good = try folder.write("y/icon.svg", square)
    let plan = LintSession(inputs: [bad, good], options: LintOptions()).plan()
    guard case .unusable(let path, let problem) = plan.files[0].failure else {
      Issue.record("expected a config failure, got \(String(describing: plan.files[0].failure))")
      return
    }
    #expect(path == folder.path("x/glyphsmith.json"))
    #expect(problem.hasPrefix("unknown rule 'nope'"))
    #expect(plan.files[1].failure == nil)
    #expect(plan.files[1].options.config == LintConfig())
  }

  @Test func filesChangedDeletedOrAddedAfterPlanningAreNamedNeverSilent() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    for name in ["changed", "deleted", "kept"] { try folder.write("icons/\(name).svg", lettered) }
    var options = LintOptions()
    options.scales = [1]
    let session = LintSession(inputs: [folder.path("icons")], options: options, jobs: 1)
    let plan = session.plan()
    #expect(plan.files.map { ($0.path as NSString).lastPathComponent } == [
      "changed.svg", "deleted.svg", "kept.svg",
    ])

    // Between planning and linting: one file changes, one goes, one comes.
    try folder.write("icons/changed.svg", square)
    try FileManager.default.removeItem(atPath: folder.path("icons/deleted.svg"))
    try folder.write("icons/added.svg", lettered)

    let outcome = session.run(plan: plan)
    #expect(outcome.results.count == 3, "the added file is not linted")
    #expect(outcome.reports.map(\.path) == [folder.path("icons/kept.svg")])
    #expect(outcome.reports[0].findings.map(\.rule) == [.text])
    let errors = outcome.results.compactMap { result -> String? in
      guard case .failure(let error) = result else { return nil }
      return error.description
    }
    #expect(
      errors == [
        "\(folder.path("icons/changed.svg")): error: changed while the run was going on; run again",
        "\(folder.path("icons/deleted.svg")): error: was deleted or became unreadable while the run was going on; run again",
      ])
    #expect(outcome.failed)
    #expect(outcome.failureCategory == .unusableInput, "exit 2")
    #expect(outcome.totals == "3 files: 0 errors, 1 warning, 0 info; 2 could not be linted")
  }

  @Test func aFileUnreadableWhenPlannedFailsWithItsOwnReason() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let path = folder.path("later.svg")
    let session = LintSession(inputs: [], options: LintOptions())
    let planned = session.plan(path: path)
    #expect(planned.sha256 == nil)
    #expect(throws: GlyphsmithError.unreadable(path: path, reason: "no such file")) {
      try session.lint(planned: planned)
    }
    // Made after planning: not what was planned, so not linted.
    try folder.write("later.svg", square)
    #expect(
      throws: GlyphsmithError.unusable(
        path: path, problem: "changed while the run was going on; run again")
    ) {
      try session.lint(planned: planned)
    }
  }
}
