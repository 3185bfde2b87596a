import Foundation
import Testing

/// The tools the browser and JUnit tests need: python3 with Selenium, Debian's `chromium` and
/// `chromium-driver`, `xmllint` (`.ci/run` installs them with `scripts/install-test-tools`).
enum BrowserTools {
  /// The first of `names` on `PATH`, if any.
  static func find(_ names: [String]) -> String? {
    let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
    for name in names {
      for folder in path.split(separator: ":")
      where FileManager.default.isExecutableFile(
        atPath: "\(folder)/\(name)")
      {
        return "\(folder)/\(name)"
      }
    }
    return nil
  }

  /// What is missing, or `nil` when the test can run.
  static let missing: String? = {
    guard let python = find(["python3"]) else { return "python3" }
    guard find(["chromium", "chromium-browser"]) != nil else { return "chromium" }
    guard find(["chromedriver"]) != nil else { return "chromium-driver (chromedriver)" }
    let selenium = try? CLIRunner.run(
      ["-c", "import selenium"], executable: URL(fileURLWithPath: python))
    guard selenium?.status == 0 else { return "selenium (pip install selenium)" }
    return nil
  }()

  /// Whether this run is CI's (`.ci/run` sets `CI=true` and installs every tool).
  static let isCI = ProcessInfo.processInfo.environment["CI"] == "true"
}

/// `golden review`'s page in headless Chromium (issue 25): `scripts/review-browser-test.py`
/// clicks and types on the real page over the real server and checks every golden byte after
/// each step; and (issue 39) an image's overlay, slider, diff-only and zoom views, the pixel
/// read-out against colours decoded from the PNG files, Delete icon and the counts of images.
/// Runs wherever the tools are; in CI they must be (`.ci/run` installs them), so
/// there a missing tool fails instead of skipping.
@Suite("golden review in a browser")
struct GoldenReviewBrowserTests {
  static let script = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("scripts/review-browser-test.py")

  @Test(
    .enabled(
      if: BrowserTools.missing == nil || BrowserTools.isCI,
      "needs chromium, chromium-driver and Selenium (apt-get install chromium chromium-driver; pip install selenium)"
    ))
  func acceptUndoFilterDeleteAndTheKeysOnTheRealPage() throws {
    if let missing = BrowserTools.missing {
      Issue.record(
        "\(missing) is missing in CI: .ci/run installs chromium, chromium-driver, selenium")
      return
    }
    let result = try CLIRunner.run(
      [Self.script.path, "--glyphsmith", CLIRunner.executable.path],
      executable: URL(fileURLWithPath: BrowserTools.find(["python3"])!))
    #expect(result.status == 0, "\(result.stdoutText)\n\(result.stderr)")
    let lines = result.stdoutText.split(separator: "\n")
    #expect(lines.last == "browser review test: 58 checks passed", "\(result.stdoutText)")
    #expect(!lines.contains { $0.hasPrefix("FAILED") })
  }
}
