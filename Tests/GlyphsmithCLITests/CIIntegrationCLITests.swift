import Foundation
import Testing

/// Issue 37: the GitHub Action (`action.yml`, its steps in `scripts/ci-action`), the documented
/// workflow and the pre-commit hooks, checked with the tools their users' platforms use:
/// SchemaStore's `github-action` and `github-workflow` schemas (check-jsonschema's vendored
/// copies), pre-commit's own manifest check and `pre-commit try-repo` running the hook.
@Suite("CI integration: the action, its workflow, the pre-commit hooks")
struct CIIntegrationCLITests {
  static let checkout = InstallCLITests.checkout

  static func run(
    _ arguments: [String], in folder: URL? = nil, environment: [String: String] = [:]
  ) throws -> CLIResult {
    try CLIRunner.run(
      arguments, in: folder, environment: environment,
      executable: URL(fileURLWithPath: "/usr/bin/env"))
  }

  static func has(_ tool: String) -> Bool {
    (try? run(["sh", "-c", "command -v \(tool)"]).status) == 0
  }

  /// PATH with the test build's glyphsmith first.
  static var path: String {
    CLIRunner.executable.deletingLastPathComponent().path + ":"
      + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")
  }

  /// The install step's `glyphsmith --version | ...` under `set -euo pipefail`: `--version`
  /// writes once, so a reader that leaves after the first line never makes it die of
  /// SIGPIPE (t37c's trial: `| head -1` failed the step 19 times in 20, exit 141).
  @Test func versionPipedToHeadPassesUnderPipefail() throws {
    let script =
      "set -euo pipefail; for i in $(seq 1 20); do \"$GLYPHSMITH\" --version | head -1; done"
    let result = try CLIRunner.run(
      ["-c", script], environment: ["GLYPHSMITH": CLIRunner.executable.path],
      executable: URL(fileURLWithPath: "/bin/bash"))
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stdoutText.split(separator: "\n").count == 20)
    #expect(result.stdoutText.split(separator: "\n").allSatisfy { $0.hasPrefix("glyphsmith ") })
  }

  @Test func theActionAndTheWorkflowMatchGitHubsSchemas() throws {
    try #require(Self.has("check-jsonschema"), "check-jsonschema is not installed")
    for (schema, file) in [
      ("vendor.github-actions", "action.yml"),
      ("vendor.github-workflows", "docs/examples/github-workflow.yml"),
    ] {
      let result = try Self.run(
        ["check-jsonschema", "--builtin-schema", schema, Self.checkout.appendingPathComponent(file).path])
      #expect(result.status == 0, "\(file): \(result.stdoutText)\(result.stderr)")
    }
    // docs/ci.md shows the workflow file as it is.
    let workflow = try String(
      contentsOf: Self.checkout.appendingPathComponent("docs/examples/github-workflow.yml"),
      encoding: .utf8)
    let doc = try String(contentsOf: Self.checkout.appendingPathComponent("docs/ci.md"), encoding: .utf8)
    #expect(doc.contains("```yaml\n" + workflow + "```\n"))
  }

  /// Every input the steps read is declared, every declared input is read, and every step
  /// runs a subcommand `scripts/ci-action` has.
  @Test func theActionsStepsReadItsInputsAndRunTheScriptsSteps() throws {
    let action = try String(
      contentsOf: Self.checkout.appendingPathComponent("action.yml"), encoding: .utf8)
    let lines = action.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    let start = lines.firstIndex(of: "inputs:")! + 1
    let end = lines.firstIndex(of: "outputs:")!
    let declared = Set(
      lines[start..<end].filter { $0.hasPrefix("  ") && !$0.hasPrefix("   ") && $0.hasSuffix(":") }
        .map { String($0.dropFirst(2).dropLast()) })
    #expect(
      declared == [
        "package", "working-directory", "build", "changed-since", "lint", "actual", "golden",
        "report",
      ])
    let used = Set(
      action.matches(of: /inputs\.([a-z-]+)/).map { String($0.output.1) })
    #expect(used == declared)
    let steps = action.matches(of: /scripts\/ci-action" ([a-z]+)/).map { String($0.output.1) }
    #expect(steps == ["install", "build", "lint", "check", "verdict"])
    let script = try String(
      contentsOf: Self.checkout.appendingPathComponent("scripts/ci-action"), encoding: .utf8)
    for step in steps { #expect(script.contains("\n  \(step))\n"), "\(step)") }
  }

  /// The action's build, check and verdict steps on a project, outside GitHub: the check's
  /// exit code goes to the step output, the report folder holds the JUnit file, the HTML
  /// report and the comment, and the verdict fails with it.
  @Test func theScriptsStepsBuildCheckAndFailLast() throws {
    let folder = try OwnershipCLITests.project(
      #"{"version": 1, "icons": "icons", "ios": {"catalog": "App/Icons.xcassets"}}"#,
      icons: ["bell", "heart"])
    defer { try? FileManager.default.removeItem(at: folder) }
    let script = Self.checkout.appendingPathComponent("scripts/ci-action").path
    let outputs = folder.appendingPathComponent("github-output")
    let summary = folder.appendingPathComponent("step-summary")
    let environment = [
      "PATH": Self.path, "GITHUB_OUTPUT": outputs.path, "GITHUB_STEP_SUMMARY": summary.path,
      "ACTUAL": "App/Icons.xcassets", "GOLDEN": "golden", "REPORT": "glyphsmith-report",
    ]
    let build = try Self.run([script, "build"], in: folder, environment: environment)
    #expect(build.status == 0, "\(build.stderr)")
    #expect(
      try CLIRunner.run(["golden", "record", "App/Icons.xcassets", "golden"], in: folder).status
        == 0)
    let passing = try Self.run([script, "check"], in: folder, environment: environment)
    #expect(passing.status == 0, "\(passing.stderr)")
    #expect(
      try String(contentsOf: outputs, encoding: .utf8)
        == "exit=0\ncomment=glyphsmith-report/comment.md\n")
    // Another icon's art under bell's name: the check fails, the step does not.
    try FileManager.default.removeItem(at: folder.appendingPathComponent("icons/bell.svg"))
    try FileManager.default.copyItem(
      at: OwnershipCLITests.icons.appendingPathComponent("star.svg"),
      to: folder.appendingPathComponent("icons/bell.svg"))
    #expect(try Self.run([script, "build"], in: folder, environment: environment).status == 0)
    try Data().write(to: outputs)
    let failing = try Self.run([script, "check"], in: folder, environment: environment)
    #expect(failing.status == 0, "\(failing.stderr)")
    #expect(
      try String(contentsOf: outputs, encoding: .utf8)
        == "exit=1\ncomment=glyphsmith-report/comment.md\n")
    #expect(
      OwnershipCLITests.names(folder.appendingPathComponent("glyphsmith-report")) == [
        "comment-images", "comment.md", "junit.xml", "report-files", "report.html",
        "summary.txt",
      ])
    let written = try String(contentsOf: summary, encoding: .utf8)
    #expect(
      written
        == "### glyphsmith golden check\n\n6 images: 6 passed, 0 failed, 0 could not be checked; anti-aliasing counted; report in glyphsmith-report/report.html\n"
        + "### glyphsmith golden check\n\n6 images: 3 passed, 3 failed, 0 could not be checked; anti-aliasing counted; report in glyphsmith-report/report.html\n",
      "\(written)")
    // A check that cannot run (no such golden folder, exit 2) writes no comment, and the step
    // names none (issue 37 trial LOW-6: `comment=` named a file that was not there).
    var missing = environment
    missing["GOLDEN"] = "nope"
    missing["REPORT"] = "other report"
    try Data().write(to: outputs)
    let broken = try Self.run([script, "check"], in: folder, environment: missing)
    #expect(broken.status == 0, "\(broken.stderr)")
    #expect(try String(contentsOf: outputs, encoding: .utf8) == "exit=2\n")
    var verdict = environment
    verdict["EXIT"] = "1"
    let failed = try Self.run([script, "verdict"], in: folder, environment: verdict)
    #expect(failed.status == 1)
    #expect(failed.stderr == "glyphsmith golden check exited 1: see the report artifact\n")
    verdict["EXIT"] = "0"
    #expect(try Self.run([script, "verdict"], in: folder, environment: verdict).status == 0)
  }

  /// pre-commit reads the hooks file, and `try-repo` runs the lint hook: a glyph with text
  /// fails the commit (exit 1, the finding shown), a clean one passes.
  @Test func thePreCommitLintHookFailsOnTextInAGlyph() throws {
    try #require(Self.has("pre-commit"), "pre-commit is not installed")
    try #require(Self.has("git"), "git is not installed")
    let manifest = try Self.run(
      ["pre-commit", "validate-manifest", Self.checkout.appendingPathComponent(".pre-commit-hooks.yaml").path])
    #expect(manifest.status == 0, "\(manifest.stdoutText)\(manifest.stderr)")
    let repo = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: repo) }
    let icons = repo.appendingPathComponent("icons")
    try FileManager.default.createDirectory(at: icons, withIntermediateDirectories: true)
    try FileManager.default.copyItem(
      at: OwnershipCLITests.icons.appendingPathComponent("bell.svg"),
      to: icons.appendingPathComponent("bell.svg"))
    #expect(try Self.run(["git", "init", "-q"], in: repo).status == 0)
    #expect(try Self.run(["git", "add", "-A"], in: repo).status == 0)
    let environment = [
      "PATH": Self.path, "PRE_COMMIT_HOME": repo.appendingPathComponent(".cache").path,
    ]
    let tryRepo = [
      "pre-commit", "try-repo", Self.checkout.path, "glyphsmith-lint", "--all-files",
    ]
    let clean = try Self.run(tryRepo, in: repo, environment: environment)
    #expect(clean.status == 0, "\(clean.stdoutText)\(clean.stderr)")
    #expect(clean.stdoutText.contains("glyphsmith lint"), "\(clean.stdoutText)")
    try Data(
      #"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24"><text x="2" y="20" font-size="20">Ab</text></svg>"#
        .utf8
    ).write(to: icons.appendingPathComponent("label.svg"))
    #expect(try Self.run(["git", "add", "-A"], in: repo).status == 0)
    let failing = try Self.run(tryRepo, in: repo, environment: environment)
    #expect(failing.status == 1, "\(failing.stdoutText)\(failing.stderr)")
    #expect(
      failing.stdoutText.contains("icons/label.svg:1:61: warning: [text] <text> in an icon"),
      "\(failing.stdoutText)")
  }

  /// The validate hook checks each catalog a commit touches, one `validate` each, a name
  /// with a space too (issue 37 trial F8: two catalogs went to one `validate`, exit 123).
  @Test func theValidateHookChecksEachTouchedCatalog() throws {
    try #require(Self.has("pre-commit"), "pre-commit is not installed")
    try #require(Self.has("git"), "git is not installed")
    let repo = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: repo) }
    let bell = OwnershipCLITests.icons.appendingPathComponent("bell.svg").path
    for catalog in ["A.xcassets", "My Icons.xcassets"] {
      let made = try CLIRunner.run(["assets", bell, "-o", catalog, "--quiet"], in: repo)
      #expect(made.status == 0, "\(made.stderr)")
    }
    #expect(try Self.run(["git", "init", "-q"], in: repo).status == 0)
    #expect(try Self.run(["git", "add", "-A"], in: repo).status == 0)
    let environment = [
      "PATH": Self.path, "PRE_COMMIT_HOME": repo.appendingPathComponent(".cache").path,
    ]
    let tryRepo = [
      "pre-commit", "try-repo", Self.checkout.path, "glyphsmith-validate", "--all-files",
    ]
    let clean = try Self.run(tryRepo, in: repo, environment: environment)
    #expect(clean.status == 0, "\(clean.stdoutText)\(clean.stderr)")
    // A set without its PNG: that catalog's validate fails the commit, naming it.
    try FileManager.default.removeItem(
      at: repo.appendingPathComponent("My Icons.xcassets/bell.imageset/bell@2x.png"))
    #expect(try Self.run(["git", "add", "-A"], in: repo).status == 0)
    let failing = try Self.run(tryRepo, in: repo, environment: environment)
    #expect(failing.status == 1, "\(failing.stdoutText)\(failing.stderr)")
    #expect(failing.stdoutText.contains("My Icons.xcassets/bell.imageset"), "\(failing.stdoutText)")
  }
}
