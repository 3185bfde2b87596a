import Foundation
import Glyphsmith
import GlyphsmithTestFixtures
import Testing

private func fixture(_ name: String) -> String {
  PixelmatchFixtures.directory.appendingPathComponent(name).path
}

@Suite("glyphsmith compare")
struct CompareCLITests {
  @Test func identicalImagesExitZero() throws {
    let result = try CLIRunner.run(["compare", fixture("1a.png"), fixture("1a.png")])
    #expect(result.status == 0)
    #expect(result.stdoutText.contains(": 0 of 131072 pixels differ (0.000%), allowed 0"))
  }

  static let failOverCases: [([String], Int32)] = [
    ([], 1), (["--fail-over", "143"], 0), (["--fail-over", "142"], 1),
    (["--fail-over", "0.1%"], 1), (["--fail-over", "0.11%"], 0),
  ]

  @Test(arguments: failOverCases)
  func failOverDecidesTheExitCode(_ extra: [String], _ status: Int32) throws {
    let result = try CLIRunner.run(
      ["compare", fixture("1a.png"), fixture("1b.png"), "--threshold", "0.05"] + extra)
    #expect(result.status == status)
    #expect(result.stdoutText.contains("143 of 131072 pixels differ (0.109%)"))
  }

  @Test func jsonHasTheDocumentedKeysAndValues() throws {
    let result = try CLIRunner.run([
      "compare", fixture("1a.png"), fixture("1b.png"), "--threshold", "0.05", "--json",
      "--blend", "white", "--ignore", "0,0,1,1", "--fail-over", "1%",
    ])
    #expect(result.status == 0)
    let object = try #require(
      try JSONSerialization.jsonObject(with: result.stdout) as? [String: Any])
    #expect(
      Set(object.keys) == [
        "version", "mismatchedPixels", "antiAliasedPixels", "totalPixels", "width", "height",
        "options",
      ])
    #expect(object["antiAliasedPixels"] as? Int == 108)
    #expect(object["version"] as? Int == 1)
    #expect(object["mismatchedPixels"] as? Int == 143)
    #expect(object["totalPixels"] as? Int == 131072)
    #expect(object["width"] as? Int == 512)
    #expect(object["height"] as? Int == 256)
    let options = try #require(object["options"] as? [String: Any])
    #expect(options["threshold"] as? Double == 0.05)
    #expect(options["blend"] as? String == "white")
    #expect(options["failOver"] as? String == "1%")
    #expect(options["ignore"] as? [[String: Int]] == [["x": 0, "y": 0, "width": 1, "height": 1]])
  }

  @Test func diffFileHasPixelmatchPixels() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "glyphsmith-compare-\(UUID().uuidString)")
    let out = folder.appendingPathComponent("sub/diff.png").path
    let result = try CLIRunner.run([
      "compare", fixture("1a.png"), fixture("1b.png"), "--threshold=0.05", "--diff", out,
    ])
    #expect(result.status == 1)
    let written = try ImageComparison.load(out)
    let expected = try PixelmatchFixtures.image("expected-v7.2.0/1diff.png")
    #expect(written.pixels == expected.pixels)
  }

  @Test func differentSizesExitOneWithBothSizes() throws {
    let result = try CLIRunner.run(["compare", fixture("1a.png"), fixture("2a.png")])
    #expect(result.status == 1)
    #expect(result.stderr.contains("images differ in size: 512x256 vs 256x256"))
    #expect(result.stderr.contains("2a.png: error:"))
  }

  @Test(arguments: [
    ["compare", "only-one.png"], ["compare", "a.png", "b.png", "--threshold", "2"],
    ["compare", "a.png", "b.png", "--blend", "black"],
    ["compare", "a.png", "b.png", "--diff-color", "1,2"],
    ["compare", "a.png", "b.png", "--ignore", "1,2,3"],
    ["compare", "a.png", "b.png", "--fail-over", "lots"],
    ["compare", "a.png", "b.png", "--tresh", "0.1"],
    // PNG and JSON would run together on stdout (a new user's trial).
    ["compare", "a.png", "b.png", "--diff", "-", "--json"],
  ])
  func usageErrorsExitTwo(_ arguments: [String]) throws {
    let result = try CLIRunner.run(arguments)
    #expect(result.status == 2)
    #expect(result.stderr.hasPrefix("glyphsmith compare: error: "))
  }

  @Test func unreadableInputExitsTwoNamingTheFile() throws {
    let result = try CLIRunner.run(["compare", fixture("1a.png"), "/nonexistent/b.png"])
    #expect(result.status == 2)
    #expect(result.stderr == "/nonexistent/b.png: error: cannot read: no such file\n")
  }
}

@Suite("glyphsmith golden")
struct CompareGoldenCLITests {
  private func folders() throws -> (root: URL, actual: URL, golden: URL) {
    let root = FileManager.default.temporaryDirectory.appendingPathComponent(
      "glyphsmith-golden-cli-\(UUID().uuidString)")
    let actual = root.appendingPathComponent("actual")
    try FileManager.default.createDirectory(
      at: actual.appendingPathComponent("tabs"), withIntermediateDirectories: true)
    for (source, target) in [("1a.png", "tabs/one.png"), ("3a.png", "three.png")] {
      try FileManager.default.copyItem(
        atPath: fixture(source), toPath: actual.appendingPathComponent(target).path)
    }
    return (root, actual, root.appendingPathComponent("golden"))
  }

  @Test func recordCheckChangeAndReport() throws {
    let (root, actual, golden) = try folders()
    defer { try? FileManager.default.removeItem(at: root) }
    let record = try CLIRunner.run(["golden", "record", actual.path, golden.path, "--verbose"])
    #expect(record.status == 0)
    #expect(
      record.stderr.components(separatedBy: "\n").filter {
        $0.hasPrefix("recorded \(golden.path)/")
      }.count == 2)
    #expect(record.stdoutText == "")
    #expect(
      FileManager.default.fileExists(atPath: golden.appendingPathComponent("golden.json").path))

    let clean = try CLIRunner.run(["golden", "check", actual.path, golden.path])
    #expect(clean.status == 0)
    #expect(
      clean.stdoutText
        == "2 images: 2 passed, 0 failed, 0 could not be checked; anti-aliasing counted\n")

    try FileManager.default.removeItem(at: actual.appendingPathComponent("tabs/one.png"))
    try FileManager.default.copyItem(
      atPath: fixture("1b.png"), toPath: actual.appendingPathComponent("tabs/one.png").path)
    let artifacts = root.appendingPathComponent("artifacts")
    let report = root.appendingPathComponent("report.html")
    let goldenBefore = try Data(contentsOf: golden.appendingPathComponent("tabs/one.png"))
    let failing = try CLIRunner.run([
      "golden", "check", actual.path, golden.path, "--artifacts", artifacts.path, "--report",
      report.path, "--json",
    ])
    #expect(failing.status == 1)
    #expect(try Data(contentsOf: golden.appendingPathComponent("tabs/one.png")) == goldenBefore)
    let object = try #require(
      try JSONSerialization.jsonObject(with: failing.stdout) as? [String: Any])
    #expect(object["failed"] as? Int == 1 && object["passed"] as? Int == 1)
    let results = try #require(object["results"] as? [[String: Any]])
    #expect(results.first?["path"] as? String == "tabs/one.png")
    #expect(results.first?["status"] as? String == "differs")
    // golden.json counts anti-aliased pixels by default: 251, not pixelmatch's 143.
    #expect(results.first?["mismatchedPixels"] as? Int == 251)
    #expect(results.first?["antiAliasedPixels"] as? Int == 0)
    #expect(results.last?["antiAliasedPixels"] as? Int == 0)
    #expect(failing.stderr.contains("tabs/one.png: error: 251 of 131072 pixels differ"))
    #expect(failing.stderr.contains("; anti-aliasing counted"))
    let manifest = try String(
      contentsOf: golden.appendingPathComponent("golden.json"), encoding: .utf8)
    #expect(manifest.contains("\"includeAA\" : true") && manifest.contains("\"metric\" : \"yiq\""))
    for name in ["expected.png", "actual.png", "diff.png"] {
      #expect(
        FileManager.default.fileExists(
          atPath: artifacts.appendingPathComponent("tabs/one/\(name)").path))
    }
    let html = try String(contentsOf: report, encoding: .utf8)
    #expect(html.contains(#""p":"tabs/one.png""#))
    #expect(html.contains(#""a":"artifacts/tabs/one/actual.png""#))
    // Without --artifacts the images go to report-files/ beside the page.
    let alone = try CLIRunner.run([
      "golden", "check", actual.path, golden.path, "--report", report.path,
    ])
    #expect(alone.status == 1)
    #expect(
      FileManager.default.fileExists(
        atPath: root.appendingPathComponent("report-files/tabs/one/diff.png").path))
    let page = try String(contentsOf: report, encoding: .utf8)
    #expect(page.contains(#""f":"report-files/tabs/one/diff.png""#))

    let loosened = try CLIRunner.run([
      "golden", "check", actual.path, golden.path, "--fail-over", "251",
    ])
    #expect(loosened.status == 0)
    let withoutAA = try CLIRunner.run([
      "golden", "check", actual.path, golden.path, "--no-include-aa", "--json",
    ])
    #expect(withoutAA.status == 1)
    let text = try CLIRunner.run([
      "golden", "check", actual.path, golden.path, "--no-include-aa",
    ])
    #expect(
      text.stdoutText
        == "2 images: 1 passed, 1 failed, 0 could not be checked; 108 anti-aliased pixels not counted, 0 of them in images that passed\n"
    )
    let loose = try #require(
      try JSONSerialization.jsonObject(with: withoutAA.stdout) as? [String: Any])
    let first = try #require((loose["results"] as? [[String: Any]])?.first)
    #expect(first["mismatchedPixels"] as? Int == 143)
    #expect(first["antiAliasedPixels"] as? Int == 108)
  }

  @Test(
    "unknown keys and values in golden.json are errors naming them and the allowed ones",
    arguments: [
      (
        #"{"options": {"includeAa": true}}"#,
        "unknown key 'includeAa' in 'options'; allowed: aaColor, alpha, blend, diffColor, diffColorAlt, diffMask, failOver, ignore, includeAA, metric, threshold"
      ),
      (
        #"{"options": {"metric": "lab"}}"#,
        "unknown value 'lab' for 'options.metric'; allowed: yiq, oklab"
      ),
      (
        #"{"options": {"blend": "black"}}"#,
        "unknown value 'black' for 'options.blend'; allowed: checkerboard, white"
      ),
      (#"{"option": {}}"#, "unknown key 'option'; allowed: goldens, options, renderer, version"),
      (#"{"version": 2}"#, "unknown value 2 for 'version'; allowed: 1"),
    ])
  func unknownManifestKeys(_ json: String, _ reason: String) throws {
    let (root, actual, golden) = try folders()
    defer { try? FileManager.default.removeItem(at: root) }
    try FileManager.default.createDirectory(at: golden, withIntermediateDirectories: true)
    let url = golden.appendingPathComponent("golden.json")
    try Data(json.utf8).write(to: url)
    for verb in ["check", "record"] {
      let result = try CLIRunner.run(["golden", verb, actual.path, golden.path])
      #expect(result.status == 2)
      #expect(
        result.stderr
          == "\(url.path): error: invalid golden.json: \(reason); fix it or delete it and re-record\n"
      )
    }
  }

  @Test func metricIsRecordedAndUsed() throws {
    let (root, actual, golden) = try folders()
    defer { try? FileManager.default.removeItem(at: root) }
    let record = try CLIRunner.run([
      "golden", "record", actual.path, golden.path, "--metric", "oklab",
    ])
    #expect(record.status == 0)
    let manifest = try #require(try GoldenManifest.load(from: golden))
    #expect(manifest.options.pixelmatch.metric == .oklab)
    #expect(manifest.options.pixelmatch.includeAA)
    try FileManager.default.removeItem(at: actual.appendingPathComponent("tabs/one.png"))
    try FileManager.default.copyItem(
      atPath: fixture("1b.png"), toPath: actual.appendingPathComponent("tabs/one.png").path)
    let check = try CLIRunner.run([
      "golden", "check", actual.path, golden.path, "--no-include-aa", "--json",
    ])
    let object = try #require(
      try JSONSerialization.jsonObject(with: check.stdout) as? [String: Any])
    let first = try #require((object["results"] as? [[String: Any]])?.first)
    // pixelmatch main's count for 1a/1b at threshold 0.05 (cases-main-oklab.tsv).
    #expect(first["mismatchedPixels"] as? Int == 154)
    #expect((object["options"] as? [String: Any])?["metric"] as? String == "oklab")
  }

  @Test func rendererChangeComesFirst() throws {
    let (root, actual, golden) = try folders()
    defer { try? FileManager.default.removeItem(at: root) }
    #expect(try CLIRunner.run(["golden", "record", actual.path, golden.path]).status == 0)
    let url = golden.appendingPathComponent("golden.json")
    var text = try String(contentsOf: url, encoding: .utf8)
    let cairo = RendererVersions.current.cairo
    text = text.replacingOccurrences(of: "\"cairo\" : \"\(cairo)\"", with: "\"cairo\" : \"0.9.9\"")
    try Data(text.utf8).write(to: url)
    let result = try CLIRunner.run(["golden", "check", actual.path, golden.path])
    #expect(result.status == 0)
    #expect(
      result.stderr.hasSuffix(
        "golden.json: warning: renderer changed from cairo 0.9.9 to cairo \(cairo): re-record after review\n"
      ))
  }

  @Test func missingFolderExitsTwoAndUsageErrors() throws {
    let missing = try CLIRunner.run(["golden", "check", "/nonexistent/a", "/nonexistent/b"])
    #expect(missing.status == 2)
    #expect(missing.stderr == "/nonexistent/a: error: actual folder not found; check the path\n")
    let both = try CLIRunner.run(["golden", "record", "a", "b", "--only-missing", "--only-failed"])
    #expect(both.status == 2)
    let wrongVerb = try CLIRunner.run(["golden", "record", "a", "b", "--report", "r.html"])
    #expect(wrongVerb.status == 2)
    #expect(wrongVerb.stderr.contains("--report applies to 'golden check' only"))
  }
}
