import Foundation
import Testing

/// Issue 37: `scripts/package` lays out a `.deb` whose `Depends` name the runtime libraries
/// the binaries link, and a SwiftPM executable artifact bundle. Packaged here from the test
/// build's binaries (a release package is the same layout with release binaries): the `.deb`
/// holds exactly the binaries, fonts and copyright file; dpkg-deb extracts a glyphsmith that
/// renders from anywhere; apt resolves its dependencies; the same binaries give the same bytes.
@Suite("scripts/package: the .deb and the artifact bundle")
struct PackageCLITests {
  static let checkout = InstallCLITests.checkout

  /// Runs a command, returns its result.
  static func run(_ arguments: [String], in folder: URL? = nil) throws -> CLIResult {
    try CLIRunner.run(arguments, in: folder, executable: URL(fileURLWithPath: "/usr/bin/env"))
  }

  static var tools: Bool {
    ["dpkg-deb", "dpkg-shlibdeps", "dpkg-architecture"].allSatisfy { tool in
      (try? run(["sh", "-c", "command -v \(tool)"]).status) == 0
    }
  }

  static func package(into out: URL) throws -> CLIResult {
    try run([
      checkout.appendingPathComponent("scripts/package").path, "--binary",
      CLIRunner.executable.path, "--version", "0.1.0~test", "-o", out.path,
    ])
  }

  @Test func theDebHoldsTheToolAndNamesItsRuntimePackages() throws {
    try #require(Self.tools, "dpkg-dev is missing (scripts/install-test-tools installs it)")
    let out = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: out) }
    let packaged = try Self.package(into: out)
    #expect(packaged.status == 0, "\(packaged.stderr)")
    let arch = try Self.run(["dpkg-architecture", "-qDEB_HOST_ARCH"]).stdoutText
      .trimmingCharacters(in: .whitespacesAndNewlines)
    let deb = out.appendingPathComponent("glyphsmith_0.1.0~test_\(arch).deb")
    #expect(FileManager.default.fileExists(atPath: deb.path))

    let depends = try Self.run(["dpkg-deb", "--field", deb.path, "Depends"]).stdoutText
    let packages = depends.split(separator: ",").map {
      String($0.trimmingCharacters(in: .whitespacesAndNewlines).split(separator: " ")[0])
    }
    for needed in [
      "libcairo2", "librsvg2-2", "libpango-1.0-0", "libpangocairo-1.0-0", "libpng16-16",
      "libfontconfig1", "libfreetype6", "libxml2", "libglib2.0-0", "fontconfig",
    ] {
      #expect(packages.contains(needed), "\(needed) not in \(depends)")
    }
    #expect(!depends.contains("swift"), "\(depends)")
    #expect(try Self.run(["dpkg-deb", "--field", deb.path, "Version"]).stdoutText == "0.1.0~test\n")

    let listing = try Self.run(["dpkg-deb", "--contents", deb.path]).stdoutText
    let files = listing.split(separator: "\n").compactMap { line -> String? in
      guard line.hasPrefix("-") else { return nil }
      return line.split(separator: " ").last.map(String.init)
    }.sorted()
    let fonts = try FileManager.default.contentsOfDirectory(
      atPath: Self.checkout.appendingPathComponent("assets/fonts").path)
    #expect(
      files
        == (["./usr/bin/glyphsmith", "./usr/bin/glyphsmith-render",
          "./usr/share/doc/glyphsmith/copyright"]
          + fonts.map { "./usr/share/glyphsmith/fonts/\($0)" }).sorted())
    #expect(listing.contains("root/root"))
    // Installed-Size from the files' sizes as dpkg-gencontrol counts (each file rounded up to
    // a KiB, each folder 1): the same binaries give the same control file (issue 37 trial
    // MEDIUM-4: `du -sk` of a temporary tree varied from run to run).
    var expectedSize = 0
    for line in listing.split(separator: "\n") {
      let fields = line.split(separator: " ", omittingEmptySubsequences: true)
      guard fields.count >= 6, fields.last != "./" else { continue }
      let bytes = Int(fields[2]) ?? 0
      expectedSize += line.hasPrefix("-") ? (bytes + 1023) / 1024 : 1
    }
    #expect(
      try Self.run(["dpkg-deb", "--field", deb.path, "Installed-Size"]).stdoutText
        == "\(expectedSize)\n")

    // Extracted anywhere, the tool finds its fonts and renders.
    let root = out.appendingPathComponent("root")
    #expect(try Self.run(["dpkg-deb", "-x", deb.path, root.path]).status == 0)
    let tool = root.appendingPathComponent("usr/bin/glyphsmith").path
    let version = try Self.run([tool, "--version"]).stdoutText
    #expect(version.hasSuffix("fonts: \(root.path)/usr/share/glyphsmith/fonts\n"), "\(version)")
    let bell = ProjectCLITests.sampleIcons.appendingPathComponent("bell.svg").path
    let assets = try Self.run([tool, "assets", bell, "-o", "C.xcassets", "--quiet"], in: out)
    #expect(assets.status == 0, "\(assets.stderr)")
    #expect(
      try FileManager.default.contentsOfDirectory(
        atPath: out.appendingPathComponent("C.xcassets/bell.imageset").path
      ).sorted() == ["Contents.json", "bell.png", "bell@2x.png", "bell@3x.png"])

    // apt resolves the package's dependencies on this machine (simulated: nothing installed).
    if try Self.run(["sh", "-c", "command -v apt-get && [ $(id -u) = 0 ]"]).status == 0 {
      let apt = try Self.run(["apt-get", "install", "-s", "-q", deb.path])
      #expect(apt.status == 0, "\(apt.stderr)")
      #expect(apt.stdoutText.contains("Inst glyphsmith (0.1.0~test"), "\(apt.stdoutText)")
    }

    // The same binaries give the same bytes.
    let again = out.appendingPathComponent("again")
    #expect(try Self.package(into: again).status == 0)
    #expect(
      try Data(contentsOf: again.appendingPathComponent(deb.lastPathComponent))
        == Data(contentsOf: deb))
  }

  @Test func theArtifactBundleDeclaresTheExecutableForThisTriple() throws {
    try #require(Self.tools, "dpkg-dev is missing (scripts/install-test-tools installs it)")
    let out = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: out) }
    #expect(try Self.package(into: out).status == 0)
    let bundle = out.appendingPathComponent("glyphsmith.artifactbundle")
    let info = try JSONSerialization.jsonObject(
      with: Data(contentsOf: bundle.appendingPathComponent("info.json"))) as? [String: Any]
    #expect(info?["schemaVersion"] as? String == "1.0")
    let artifact = (info?["artifacts"] as? [String: Any])?["glyphsmith"] as? [String: Any]
    #expect(artifact?["type"] as? String == "executable")
    #expect(artifact?["version"] as? String == "0.1.0~test")
    let variants = artifact?["variants"] as? [[String: Any]] ?? []
    #expect(variants.count == 1)
    let machine = try Self.run(["uname", "-m"]).stdoutText.trimmingCharacters(in: .newlines)
    #expect(variants.first?["supportedTriples"] as? [String] == ["\(machine)-unknown-linux-gnu"])
    let path = variants.first?["path"] as? String ?? ""
    #expect(path == "glyphsmith-0.1.0~test-\(machine)-unknown-linux-gnu/bin/glyphsmith")
    let tool = bundle.appendingPathComponent(path).path
    #expect(FileManager.default.isExecutableFile(atPath: tool))
    let version = try Self.run([tool, "--version"]).stdoutText
    #expect(version.hasPrefix("glyphsmith 0.1.0\n"), "\(version)")
    #expect(
      version.hasSuffix("fonts: \(bundle.path)/glyphsmith-0.1.0~test-\(machine)-unknown-linux-gnu/share/glyphsmith/fonts\n"),
      "\(version)")
  }
}
