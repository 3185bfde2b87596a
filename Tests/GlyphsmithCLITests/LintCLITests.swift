import Foundation
import Testing

private let textSVG = """
  <svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24">
    <circle cx="12" cy="12" r="10"/>
    <text x="4" y="20" font-size="10">A</text>
  </svg>
  """

private func write(_ text: String, _ name: String, in folder: URL) throws -> String {
  let url = folder.appendingPathComponent(name)
  try Data(text.utf8).write(to: url)
  return url.path
}

@Suite("lint CLI")
struct LintCLITests {
  @Test("a clean icon: exit 0, only the totals line on stderr (issue 22)")
  func clean() throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let circle = try write(circleSVG, "circle.svg", in: folder)
    let result = try CLIRunner.run(["lint", circle])
    #expect(result.status == 0)
    #expect(result.stderr == "1 file: 0 errors, 0 warnings, 0 info\n")
    #expect(result.stdoutText == "")
    // Two files, one missing: counted; --json and --quiet print no totals.
    let text = try write(textSVG, "text.svg", in: folder)
    let two = try CLIRunner.run(["lint", circle, text, folder.path + "/none.svg", "--scales", "1"])
    #expect(two.status == 2)
    #expect(two.stderr.hasSuffix("\n2 files: 0 errors, 1 warning, 0 info; 1 could not be linted\n"))
    let json = try CLIRunner.run(["lint", circle, "--json"])
    #expect(json.status == 0 && json.stderr == "")
    let quiet = try CLIRunner.run(["lint", circle, "--quiet"])
    #expect(quiet.status == 0 && quiet.stderr == "")
  }

  @Test("errors exit 1 with compiler-style diagnostics and the JSON report")
  func errors() throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let path = try write(textSVG, "text.svg", in: folder)
    let result = try CLIRunner.run(["lint", path, "--role", "indicator", "--scales", "1", "--json"])
    #expect(result.status == 1)
    #expect(result.stderr.contains("\(path):3:3: error: [text] <text> in an icon"))
    let object = try #require(
      try JSONSerialization.jsonObject(with: result.stdout) as? [String: Any])
    #expect(object["version"] as? Int == 1)
    let files = try #require(object["files"] as? [[String: Any]])
    #expect(files.count == 1)
    #expect(files[0]["path"] as? String == path)
    #expect(files[0]["role"] as? String == "indicator")
    #expect(files[0]["sizePt"] as? Double == 8)
    let findings = try #require(files[0]["findings"] as? [[String: Any]])
    let text = try #require(findings.first { $0["rule"] as? String == "text" })
    #expect(text["severity"] as? String == "error")
    #expect(text["line"] as? Int == 3)
    #expect(text["column"] as? Int == 3)
    #expect(text["scale"] as? Int == 1)
    #expect(text["box"] is NSNull)
  }

  @Test("warnings exit 0, or 1 with --strict")
  func strict() throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let path = try write(textSVG, "text.svg", in: folder)
    let relaxed = try CLIRunner.run(["lint", path, "--scales", "1"])
    #expect(relaxed.status == 0)
    #expect(relaxed.stderr.contains(": warning: [text]"))
    #expect(try CLIRunner.run(["lint", path, "--scales", "1", "--strict"]).status == 1)
  }

  @Test("an unreadable input exits 2; the others are still linted")
  func unreadable() throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let good = try write(circleSVG, "circle.svg", in: folder)
    let broken = try write("<svg", "broken.svg", in: folder)
    let result = try CLIRunner.run(["lint", broken, good, folder.path + "/missing.svg", "--json"])
    #expect(result.status == 2)
    #expect(result.stderr.contains("missing.svg: error: cannot read"))
    #expect(result.stderr.contains("broken.svg: error"))
    let object = try #require(
      try JSONSerialization.jsonObject(with: result.stdout) as? [String: Any])
    let files = try #require(object["files"] as? [[String: Any]])
    #expect(files.map { $0["path"] as? String } == [good])
  }

  @Test("- reads the SVG from stdin")
  func stdin() throws {
    let result = try CLIRunner.run(
      ["lint", "-", "--role", "indicator", "--scales", "1"], stdin: Data(textSVG.utf8))
    #expect(result.status == 1)
    #expect(result.stderr.hasPrefix("-:3:3: error: [text]"))
    #expect(try CLIRunner.run(["lint", "-"], stdin: Data(circleSVG.utf8)).status == 0)
  }

  @Test("usage errors exit 2")
  func usage() throws {
    #expect(try CLIRunner.run(["lint"]).status == 2)
    #expect(try CLIRunner.run(["lint", "x.svg", "--scales", "4"]).status == 2)
    let role = try CLIRunner.run(["lint", "x.svg", "--role", "dock"])
    #expect(role.status == 2)
    #expect(role.stderr.contains("unknown role 'dock'"))
    let compactRole = try CLIRunner.run(["lint", "x.svg", "--compact", "--role", "toolbar"])
    #expect(compactRole.status == 2)
    #expect(compactRole.stderr.contains("--compact applies to the tab-bar role only"))
    let compactSize = try CLIRunner.run(["lint", "x.svg", "--compact", "--size", "20"])
    #expect(compactSize.status == 2)
    #expect(compactSize.stderr.contains("--compact and --size exclude each other"))
  }

  @Test("--compact lints at the compact tab bar size")
  func compact() throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let circle = try write(circleSVG, "circle.svg", in: folder)
    let result = try CLIRunner.run(["lint", circle, "--compact", "--json"])
    #expect(result.status == 0)
    let object = try #require(
      try JSONSerialization.jsonObject(with: result.stdout) as? [String: Any])
    let files = try #require(object["files"] as? [[String: Any]])
    #expect(files.first?["sizePt"] as? Double == 18)
  }

  @Test("glyphsmith.json next to the inputs, or --config, sets severities")
  func config() throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let path = try write(textSVG, "text.svg", in: folder)
    _ = try write(#"{"rules": {"text": {"severity": "off"}}}"#, "glyphsmith.json", in: folder)
    let silenced = try CLIRunner.run(["lint", folder.path, "--role", "indicator", "--scales", "1"])
    #expect(silenced.status == 0)
    #expect(!silenced.stderr.contains("[text]"))
    let strictConfig = try write(
      #"{"rules": {"text": {"severity": "error"}}}"#, "strict.json",
      in: try temporaryFolder())
    let loud = try CLIRunner.run(["lint", path, "--config", strictConfig, "--scales", "1"])
    #expect(loud.status == 1)
    let bad = try CLIRunner.run(["lint", path, "--config", folder.path + "/none.json"])
    #expect(bad.status == 2)
  }

  @Test(
    "unknown keys and values in a lint config are errors naming them and the allowed ones",
    arguments: [
      (
        #"{"rule": {}}"#,
        "invalid lint config: unknown key 'rule'; allowed: roles, rules"
      ),
      (
        #"{"rules": {"text": {"severity": "loud"}}}"#,
        "invalid lint config: unknown value 'loud' for 'rules.text.severity'; allowed: error, warning, info, off"
      ),
      (
        #"{"roles": {"indicator": {"text": {"limits": 2}}}}"#,
        "invalid lint config: unknown key 'limits' in 'roles.indicator.text'; allowed: limit, severity"
      ),
      (
        #"{"roles": {"dock": {}}}"#,
        "unknown role 'dock'; use one of plain, tab-bar, toolbar, indicator"
      ),
    ])
  func unknownConfigKeys(_ json: String, _ message: String) throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let path = try write(textSVG, "text.svg", in: folder)
    let config = try write(json, "bad.json", in: folder)
    let result = try CLIRunner.run(["lint", path, "--config", config, "--scales", "1"])
    #expect(result.status == 2)
    #expect(result.stderr.contains("\(config): error: \(message)"), "\(result.stderr)")
  }

  @Test("--explain writes one PNG per finding")
  func explain() throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let path = try write(textSVG, "text.svg", in: folder)
    let out = folder.appendingPathComponent("explain")
    let result = try CLIRunner.run([
      "lint", path, "--scales", "1", "--explain", out.path, "--json",
    ])
    #expect(result.status == 0)
    let object = try #require(
      try JSONSerialization.jsonObject(with: result.stdout) as? [String: Any])
    let findings = try #require((object["files"] as? [[String: Any]])?.first?["findings"] as? [Any])
    let written = try FileManager.default.contentsOfDirectory(atPath: out.path).sorted()
    #expect(written.count == findings.count)
    #expect(written.contains("text-text-1@1x.png"))
  }
}

@Suite("dots lints custom indicators")
struct DotsLintCLITests {
  @Test("an indicator with text and a hole gives warnings; the control is still drawn")
  func indicatorWarnings() throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let ring = try write(
      """
      <svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 8 8">
        <path fill-rule="evenodd" d="M0 4a4 4 0 1 0 8 0a4 4 0 1 0-8 0ZM2 4a2 2 0 1 0 4 0a2 2 0 1 0-4 0Z"/>
        <text x="0" y="8" font-size="3">A</text>
      </svg>
      """, "ring.svg", in: folder)
    let dot = try write(circleSVG, "dot.svg", in: folder)
    let out = folder.appendingPathComponent("dots.png").path
    let result = try CLIRunner.run([
      "dots", "--pages", "3", "--current", "0", "-o", out, "--indicator", "1=\(ring)",
      "--current-indicator", dot,
    ])
    #expect(result.status == 0)
    #expect(result.stderr.contains("\(ring):3:3: warning: [text]"))
    #expect(result.stderr.contains("\(ring):2:3: warning: [negative-space] <path>: "))
    #expect(!result.stderr.contains("dot.svg"))
    #expect(FileManager.default.fileExists(atPath: out))
  }
}

@Suite("assets --lint")
struct AssetsLintCLITests {
  @Test("findings go into the JSON report; the catalog is written; --strict exits 1")
  func assetsLint() throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let path = try write(textSVG, "text.svg", in: folder)
    let catalog = folder.appendingPathComponent("Icons.xcassets").path
    let result = try CLIRunner.run([
      "assets", path, "-o", catalog, "--scales", "1", "--lint", "--json", "--quiet",
    ])
    #expect(result.status == 0)
    #expect(result.stderr.contains("\(path):3:3: warning: [text]"))
    let object = try #require(
      try JSONSerialization.jsonObject(with: result.stdout) as? [String: Any])
    let inputs = try #require(object["inputs"] as? [[String: Any]])
    let lint = try #require(inputs.first?["lint"] as? [[String: Any]])
    #expect(lint.map { $0["rule"] as? String } == ["text"])
    #expect(FileManager.default.fileExists(atPath: catalog + "/text.imageset/text.png"))

    let strict = try CLIRunner.run([
      "assets", path, "-o", catalog, "--scales", "1", "--lint", "--strict", "--quiet", "--force",
    ])
    #expect(strict.status == 1)

    // Issue 22: the summary line says the findings did not fail the run, and how to make them.
    let summary = try CLIRunner.run([
      "assets", path, "-o", catalog, "--scales", "1", "--lint", "--force",
    ])
    #expect(summary.status == 0)
    #expect(
      summary.stderr.hasSuffix(
        "; 0 failed; lint: 0 errors, 1 warning (it does not fail the run; --strict makes errors and warnings exit 1)\n"
      ))
    let strictSummary = try CLIRunner.run([
      "assets", path, "-o", catalog, "--scales", "1", "--lint", "--strict", "--force",
    ])
    #expect(strictSummary.status == 1)
    #expect(
      strictSummary.stderr.hasSuffix(
        "; 0 failed; lint: 0 errors, 1 warning (--strict: they fail the run)\n"))

    let plain = try CLIRunner.run(["assets", path, "-o", catalog, "--scales", "1", "--json"])
    let plainObject = try #require(
      try JSONSerialization.jsonObject(with: plain.stdout) as? [String: Any])
    let plainInputs = try #require(plainObject["inputs"] as? [[String: Any]])
    #expect(plainInputs.first?["lint"] == nil)
    #expect(try CLIRunner.run(["assets", path, "-o", catalog, "--strict"]).status == 2)
  }

  @Test("with --compact, the compact sizes are linted too, as lint --compact does")
  func compactSizes() throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    // Lucide's beer-off (calibration set): a 0.56 px hole at the regular @1x size, none that
    // fills in at the compact size (lint and lint --compact say the same).
    let icon = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .deletingLastPathComponent().appendingPathComponent(
        "GlyphsmithTests/Lint/Calibration/lucide/beer-off.svg")
    let catalog = folder.appendingPathComponent("Icons.xcassets").path
    let result = try CLIRunner.run([
      "assets", icon.path, "-o", catalog, "--compact", "--lint", "--json", "--quiet",
    ])
    #expect(result.status == 0)
    let object = try #require(
      try JSONSerialization.jsonObject(with: result.stdout) as? [String: Any])
    let input = try #require((object["inputs"] as? [[String: Any]])?.first)
    let regular = try #require(input["lint"] as? [[String: Any]])
    let compact = try #require(input["lintCompact"] as? [[String: Any]])
    #expect(regular.map { $0["rule"] as? String } == ["negative-space"])
    #expect(compact.isEmpty)
    let lintCompact = try CLIRunner.run(["lint", icon.path, "--compact"])
    #expect(
      lintCompact.status == 0 && lintCompact.stderr == "1 file: 0 errors, 0 warnings, 0 info\n")
    // Without --compact there is no compact report.
    let plain = try CLIRunner.run([
      "assets", icon.path, "-o", catalog, "--lint", "--json", "--quiet", "--force",
    ])
    let plainInput = try #require(
      (try JSONSerialization.jsonObject(with: plain.stdout) as? [String: Any])?["inputs"]
        as? [[String: Any]])
    #expect(plainInput.first?["lintCompact"] == nil)
  }

  @Test("@1x findings are info unless --scales names 1, as in lint")
  func oneX() throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let ring = """
      <svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 18 18">
        <circle cx="9" cy="9" r="8" fill="none" stroke="black" stroke-width="2"/>
        <rect x="1" y="8.75" width="16" height="0.5"/>
      </svg>
      """
    let path = try write(ring, "ring.svg", in: folder)
    let catalog = folder.appendingPathComponent("Icons.xcassets").path
    let shipped = try CLIRunner.run([
      "assets", path, "-o", catalog, "--size", "18", "--lint", "--quiet",
    ])
    #expect(shipped.stderr.contains("info: [inner-lines]"))
    #expect(!shipped.stderr.contains("error:"))
    let asked = try CLIRunner.run([
      "assets", path, "-o", catalog, "--size", "18", "--scales", "1,2,3", "--lint", "--quiet",
      "--force",
    ])
    #expect(asked.stderr.contains("error: [inner-lines]"))
    #expect(try CLIRunner.run(["lint", path, "--size", "18"]).status == 0)
    #expect(try CLIRunner.run(["lint", path, "--size", "18", "--scales", "1,2,3"]).status == 1)
  }

  /// A bad `glyphsmith.json` found beside the icons fails every icon with the config's own
  /// error, as the in-process linter prints it, and exit 2. The worker used to hand its
  /// parent the message as text, which the parent stripped by prefix and re-wrapped as
  /// `ICON: error: CONFIG: error: ...`, dropping the error's category.
  @Test("a worker's error reaches the parent as the error itself")
  func workerErrorKeepsItsKind() throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    _ = try write(circleSVG, "a.svg", in: folder)
    _ = try write(circleSVG, "b.svg", in: folder)
    let config = try write(#"{"bogus": 1}"#, "glyphsmith.json", in: folder)
    let result = try CLIRunner.run(["lint", folder.path, "--jobs", "2"])
    #expect(result.status == 2)
    let line =
      "\(config): error: invalid lint config: unknown key 'bogus'; allowed: roles, rules"
    #expect(
      result.stderr
        == line + "\n" + line + "\n"
        + "2 files: 0 errors, 0 warnings, 0 info; 2 could not be linted\n")
  }

  /// Issue 39: a hairline drawn by the path on line 5 was told at the frame on line 3.
  /// librsvg's box of a straight open path (`M5 14H19`, no fill area) reaches the element's
  /// origin, 0..19 x 0..14.5, so the frame, whose box holds the whole finding too, won; the
  /// path is now measured from its pixels, 5..19 x 13.5..14.5, and is the element named.
  @Test func aHairlineNamesTheLineOfTheElementThatDrawsIt() throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let svg = """
      <svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24"
        fill="none" stroke="black">
        <rect x="2" y="2" width="20" height="20" stroke-width="2"/>
        <circle cx="12" cy="6" r="2" stroke-width="2"/>
        <path d="M5 14H19" stroke-width="1"/>
      </svg>

      """
    try Data(svg.utf8).write(to: folder.appendingPathComponent("file.svg"))
    let result = try CLIRunner.run(
      ["lint", "file.svg", "--role", "plain", "--size", "24", "--scales", "1"], in: folder)
    #expect(result.status == 0)
    #expect(
      result.stderr == """
        file.svg:5:3: warning: [hairline] <path>: a 1 px line sits on a half pixel at @1x: \
        it shows as two grey rows at 50 % coverage (limit 75 %) instead of one crisp row; \
        move it by half a pixel (0.5 pt)
        1 file: 0 errors, 1 warning, 0 info

        """)
  }
}
