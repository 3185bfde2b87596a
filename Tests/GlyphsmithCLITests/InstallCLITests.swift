import Foundation
import Testing

/// `scripts/install`: the binary and the pinned fonts in a prefix, run from elsewhere.
@Suite struct InstallCLITests {
  /// The checkout's root (this file is Tests/GlyphsmithCLITests/InstallCLITests.swift).
  static let checkout = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent()

  @Test func installedBinaryFindsItsOwnFontsAndRendersABadge() throws {
    let prefix = try temporaryFolder()
    let elsewhere = try temporaryFolder()
    defer {
      try? FileManager.default.removeItem(at: prefix)
      try? FileManager.default.removeItem(at: elsewhere)
    }
    let install = try CLIRunner.run(
      [
        Self.checkout.appendingPathComponent("scripts/install").path, "--binary",
        CLIRunner.executable.path, prefix.path,
      ], executable: URL(fileURLWithPath: "/bin/sh"))
    #expect(install.status == 0, "\(install.stderr)")
    let installed = prefix.appendingPathComponent("bin/glyphsmith")
    let installedRender = prefix.appendingPathComponent("bin/glyphsmith-render")
    let fonts = prefix.appendingPathComponent("share/glyphsmith/fonts")
    #expect(FileManager.default.isExecutableFile(atPath: installed.path))
    #expect(FileManager.default.isExecutableFile(atPath: installedRender.path))
    let shipped = try FileManager.default.contentsOfDirectory(
      atPath: Self.checkout.appendingPathComponent("assets/fonts").path
    ).sorted()
    #expect(try FileManager.default.contentsOfDirectory(atPath: fonts.path).sorted() == shipped)

    // From another folder, $GLYPHSMITH_FONTS empty: the prefix's fonts come before the
    // checkout's (which the binary would find last), and --version names the folder used.
    let noEnvironment = ["GLYPHSMITH_FONTS": ""]
    let version = try CLIRunner.run(
      ["--version"], in: elsewhere, environment: noEnvironment, executable: installed)
    #expect(version.stdoutText.contains("fonts: \(fonts.standardizedFileURL.path)\n"))

    let badge = try CLIRunner.run(
      ["badge", "42", "-o", "badge.png", "--scale", "2"], in: elsewhere,
      environment: noEnvironment, executable: installed)
    #expect(badge.status == 0, "\(badge.stderr)")
    let golden = Self.checkout.appendingPathComponent("golden/badge/42@2x-light.png").path
    let same = try CLIRunner.run(
      ["compare", golden, "badge.png"], in: elsewhere, environment: noEnvironment,
      executable: installed)
    #expect(same.status == 0, "\(same.stdoutText)\(same.stderr)")

    // golden.json records the same font hashes as the checkout's goldens.
    try FileManager.default.createDirectory(
      at: elsewhere.appendingPathComponent("actual"), withIntermediateDirectories: true)
    try FileManager.default.copyItem(
      at: elsewhere.appendingPathComponent("badge.png"),
      to: elsewhere.appendingPathComponent("actual/badge.png"))
    let record = try CLIRunner.run(
      ["golden", "record", "actual", "golden", "--quiet"], in: elsewhere,
      environment: noEnvironment, executable: installed)
    #expect(record.status == 0, "\(record.stderr)")
    func fontHashes(_ url: URL) throws -> NSDictionary? {
      let json = try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? NSDictionary
      return (json?["renderer"] as? NSDictionary)?["fonts"] as? NSDictionary
    }
    let recorded = try fontHashes(elsewhere.appendingPathComponent("golden/golden.json"))
    let checkoutFonts = try fontHashes(Self.checkout.appendingPathComponent("golden/golden.json"))
    #expect(recorded != nil && recorded == checkoutFonts)

    let uninstall = try CLIRunner.run(
      [Self.checkout.appendingPathComponent("scripts/install").path, "--uninstall", prefix.path],
      executable: URL(fileURLWithPath: "/bin/sh"))
    #expect(uninstall.status == 0)
    #expect(!FileManager.default.fileExists(atPath: installed.path))
    #expect(!FileManager.default.fileExists(atPath: installedRender.path))
    #expect(!FileManager.default.fileExists(atPath: fonts.path))
    #expect(uninstall.stdoutText.hasPrefix("removed \(prefix.path)/bin/glyphsmith, "))
    // Again: nothing is there, and it says so rather than "removed".
    let again = try CLIRunner.run(
      [Self.checkout.appendingPathComponent("scripts/install").path, "--uninstall", prefix.path],
      executable: URL(fileURLWithPath: "/bin/sh"))
    #expect(again.status == 0)
    #expect(again.stdoutText.isEmpty)
    #expect(again.stderr.contains("nothing of glyphsmith is installed"))
  }
}
