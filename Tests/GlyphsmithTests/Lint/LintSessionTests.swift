import Foundation
import Testing

@testable import Glyphsmith

@Suite("lint session")
struct LintSessionTests {
  private let textSVG = """
    \(svgOpen) viewBox="0 0 24 24">
      <circle cx="12" cy="12" r="10"/>
      <text x="4" y="20" font-size="10">A</text>
    </svg>
    """

  private func options(scales: [Int] = [1]) -> LintOptions {
    var options = LintOptions()
    options.scales = scales
    return options
  }

  @Test("a glyphsmith.json at a folder input's root applies below it; a file's own folder wins")
  func rootConfig() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    try folder.write("glyphsmith.json", #"{"rules": {"text": {"severity": "error"}}}"#)
    let deep = try folder.write("a/b/deep.svg", textSVG)
    let own = try folder.write("c/own.svg", textSVG)
    try folder.write("c/glyphsmith.json", #"{"rules": {"text": {"severity": "off"}}}"#)
    let session = LintSession(inputs: [folder.url.path], options: options())
    let outcome = session.run()
    #expect(outcome.missing.isEmpty)
    #expect(outcome.reports.map(\.path) == [deep, own])
    #expect(outcome.reports[0].findings.map(\.severity) == [.error])
    #expect(outcome.reports[1].findings == [])
    // Given as a file, the root's config is not looked at: the defaults apply.
    let alone = try LintSession(inputs: [deep], options: options()).lint(path: deep)
    #expect(alone.report.findings.map(\.severity) == [.warning])
    // An explicit config wins over every file found.
    var explicit = options()
    explicit.config = LintConfig(rules: ["text": .init(severity: .info)])
    let all = LintSession(inputs: [folder.url.path], options: explicit).run().reports
    #expect(all.flatMap(\.findings).map(\.severity) == [.info, .info])
  }

  @Test("results keep the input order whatever the jobs; failures name their file")
  func order() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let paths = try (0..<6).map { i in
      try folder.write("\(i).svg", i == 3 ? "<svg" : i.isMultiple(of: 2) ? textSVG : filledCircle)
    }
    func describe(_ results: [Result<LintResult, GlyphsmithError>]) -> [String] {
      results.map { result in
        switch result {
        case .success(let lint): return "\(lint.report.path) \(lint.report.findings.count)"
        case .failure(let error): return "failed \(error.description)"
        }
      }
    }
    let one = describe(LintSession(inputs: paths, options: options(), jobs: 1).lint(paths: paths))
    let four = describe(LintSession(inputs: paths, options: options(), jobs: 4).lint(paths: paths))
    #expect(one == four)
    #expect(one.count == 6)
    #expect(one[0] == "\(paths[0]) 1")
    #expect(one[1] == "\(paths[1]) 0")
    #expect(one[3].hasPrefix("failed \(paths[3]): error"))
    let outcome = LintSession(inputs: paths + [folder.path("none.svg")], options: options()).run()
    #expect(outcome.failed)
    #expect(outcome.missing.count == 1)
    #expect(outcome.reports.count == 5)
    #expect(outcome.count(.warning) == 3)
    #expect(outcome.report.files.map(\.path) == outcome.reports.map(\.path))
  }

  @Test("a bad glyphsmith.json next to a file fails that file only")
  func badConfig() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let bad = try folder.write("x/icon.svg", filledCircle)
    try folder.write("x/glyphsmith.json", #"{"rules": {"nope": {}}}"#)
    let good = try folder.write("y/icon.svg", filledCircle)
    let results = LintSession(inputs: [bad, good], options: options()).lint(paths: [bad, good])
    guard case .failure(.unusable(let path, let message)) = results[0] else {
      Issue.record("expected a config error, got \(results[0])")
      return
    }
    #expect(path.hasSuffix("x/glyphsmith.json"))
    #expect(message.hasPrefix("unknown rule 'nope'"))
    guard case .success(let linted) = results[1] else {
      Issue.record("expected a result, got \(results[1])")
      return
    }
    #expect(linted.report.findings == [])
  }

  @Test("with an explain folder every finding gets its picture")
  func explain() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let path = try folder.write("text.svg", textSVG)
    let out = folder.path("explain")
    let session = LintSession(inputs: [path], options: options(), explainFolder: out)
    let result = try session.lint(path: path)
    let written = try FileManager.default.contentsOfDirectory(atPath: out).sorted()
    let expected = result.report.findings.indices.map {
      LintExplain.fileName(result.report, index: $0)
    }
    #expect(written == expected.sorted())
    #expect(written.contains("text-text-1@1x.png"))
  }
}
