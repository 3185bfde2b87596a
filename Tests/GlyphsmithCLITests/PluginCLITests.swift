import Foundation
import Testing

/// Issue 37: the SwiftPM plugins of `Plugins/` over the artifact bundle `scripts/package` lays
/// out, used by `Examples/PluginApp` (docs/plugin.md). Packaged here from the test build's
/// binaries (`--bundle-only`, as `PackageCLITests` packages them) into a copy of the checkout's
/// `Plugins/` and `Examples/PluginApp`, which `swift build` then builds as a team's package
/// would: the generated catalog holds exactly the planned files at their sizes in pixels, a
/// second build runs nothing, a touched icon reruns the command but rewrites nothing, a
/// changed icon rewrites exactly its own PNGs, an edit of a target's `glyphsmith.json` takes
/// effect at the next build (a mistake in it fails the build naming the file), the example's
/// own tests pass, and `swift package glyphsmith ...` passes its arguments on and its exit code
/// back. Nothing is fetched: both packages are local. `build --outputs-in`, what the build-tool
/// plugin runs, is checked on its own too.
@Suite("Plugins/: the build-tool and command plugins over the artifact bundle")
struct PluginCLITests {
  static let checkout = InstallCLITests.checkout

  /// Runs a command (found on `PATH`), returns its result.
  static func run(_ arguments: [String], in folder: URL? = nil) throws -> CLIResult {
    try CLIRunner.run(arguments, in: folder, executable: URL(fileURLWithPath: "/usr/bin/env"))
  }

  /// Copies `source` to `destination`, leaving out `.build` folders (a checkout's own builds
  /// of the example).
  static func copyTree(_ source: URL, to destination: URL) throws {
    let manager = FileManager.default
    try manager.createDirectory(at: destination, withIntermediateDirectories: true)
    for name in try manager.contentsOfDirectory(atPath: source.path) where name != ".build" {
      try manager.copyItem(
        at: source.appendingPathComponent(name), to: destination.appendingPathComponent(name))
    }
  }

  /// Every file below `folder` by relative path: its bytes, inode and modification time.
  static func snapshot(_ folder: URL) throws -> [String: FileState] {
    var files: [String: FileState] = [:]
    let manager = FileManager.default
    for path in try manager.subpathsOfDirectory(atPath: folder.path) {
      let url = folder.appendingPathComponent(path)
      var isFolder: ObjCBool = false
      guard manager.fileExists(atPath: url.path, isDirectory: &isFolder), !isFolder.boolValue
      else { continue }
      let attributes = try manager.attributesOfItem(atPath: url.path)
      files[path] = FileState(
        bytes: try Data(contentsOf: url),
        inode: attributes[.systemFileNumber] as? Int ?? -1,
        modified: attributes[.modificationDate] as? Date ?? .distantPast)
    }
    return files
  }

  /// A file as a build left it.
  struct FileState: Equatable {
    var bytes: Data
    var inode: Int
    var modified: Date
  }

  /// Width and height in px from a PNG's IHDR chunk (bytes 16-23, big-endian).
  static func pngSize(_ data: Data) -> [Int] {
    let bytes = [UInt8](data)
    guard bytes.count > 24, bytes[12..<16].elementsEqual(Array("IHDR".utf8)) else { return [] }
    return [16, 20].map { at in bytes[at..<(at + 4)].reduce(0) { $0 << 8 | Int($1) } }
  }

  @Test func pluginAppBuildsWithBothPluginsFromTheArtifactBundle() throws {
    try #require(
      try Self.run(["sh", "-c", "command -v swift"]).status == 0, "swift is not on PATH")
    let root = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: root) }
    // The bundle where Plugins/Package.swift's binary target finds it.
    let packaged = try Self.run([
      Self.checkout.appendingPathComponent("scripts/package").path, "--binary",
      CLIRunner.executable.path, "--version", "0.1.0~test", "--bundle-only", "-o",
      root.appendingPathComponent(".build/package").path,
    ])
    #expect(packaged.status == 0, "\(packaged.stderr)")
    try Self.copyTree(
      Self.checkout.appendingPathComponent("Plugins"), to: root.appendingPathComponent("Plugins"))
    let app = root.appendingPathComponent("Examples/PluginApp")
    try Self.copyTree(Self.checkout.appendingPathComponent("Examples/PluginApp"), to: app)
    let catalog = app.appendingPathComponent(
      ".build/plugins/outputs/pluginapp/AppIcons/destination/GlyphsmithAssets/Icons.xcassets")
    let command = "Glyphsmith: building Icons.xcassets of AppIcons from 3 icon files"

    // A first build renders every icon of Sources/AppIcons/Icons (and BrandIcons' project).
    let first = try Self.run(["swift", "build", "--package-path", app.path])
    #expect(first.status == 0, "\(first.stdoutText)\(first.stderr)")
    #expect(first.stdoutText.contains(command), "\(first.stdoutText)")
    #expect(
      first.stdoutText.contains(
        "Glyphsmith: building android, Brand.xcassets of BrandIcons from 2 icon files"),
      "\(first.stdoutText)")
    let built = try Self.snapshot(catalog)
    // Tab bar templates fitted by shape: bell and heart circles of 25 pt, map-pin tall (28 pt
    // tall on a 23 pt canvas), at @1x, @2x and @3x.
    let sizes = ["bell": [25, 25], "heart": [25, 25], "map-pin": [23, 28]]
    var expected = [".glyphsmith-outputs.json", "Contents.json"]
    for (name, size) in sizes {
      expected.append("\(name).imageset/Contents.json")
      for scale in 1...3 {
        let file = "\(name).imageset/\(name)\(scale == 1 ? "" : "@\(scale)x").png"
        expected.append(file)
        #expect(Self.pngSize(built[file]?.bytes ?? Data()) == size.map { $0 * scale }, "\(file)")
      }
    }
    #expect(built.keys.sorted() == expected.sorted())
    let contents = try #require(
      String(data: built["bell.imageset/Contents.json"]?.bytes ?? Data(), encoding: .utf8))
    #expect(contents.contains("\"template-rendering-intent\" : \"template\""), "\(contents)")
    // The catalog is the target's resource, kept whole (not its files flattened).
    let resource = app.appendingPathComponent(
      ".build/debug/PluginApp_AppIcons.resources/Icons.xcassets")
    #expect(try Self.snapshot(resource).mapValues(\.bytes) == built.mapValues(\.bytes))

    // Nothing changed: SwiftPM does not run the command again, no output is touched.
    let second = try Self.run(["swift", "build", "--package-path", app.path])
    #expect(second.status == 0, "\(second.stderr)")
    #expect(!second.stdoutText.contains("Glyphsmith: building"), "\(second.stdoutText)")
    #expect(try Self.snapshot(catalog) == built)

    // A touched icon (same bytes): the command runs, and the tool, finding every output's
    // fingerprint current, rewrites nothing.
    let bell = app.appendingPathComponent("Sources/AppIcons/Icons/bell.svg")
    try FileManager.default.setAttributes(
      [.modificationDate: Date().addingTimeInterval(5)], ofItemAtPath: bell.path)
    let touched = try Self.run(["swift", "build", "--package-path", app.path])
    #expect(touched.status == 0, "\(touched.stderr)")
    #expect(touched.stdoutText.contains(command), "\(touched.stdoutText)")
    #expect(try Self.snapshot(catalog) == built)

    // A changed icon: exactly its three PNGs change; every other file keeps its bytes, inode
    // and time (its Contents.json keeps its bytes).
    let art = try String(contentsOf: bell, encoding: .utf8)
    try art.replacingOccurrences(of: "stroke-width=\"2\"", with: "stroke-width=\"2.5\"")
      .write(to: bell, atomically: true, encoding: .utf8)
    let changed = try Self.run(["swift", "build", "--package-path", app.path])
    #expect(changed.status == 0, "\(changed.stderr)")
    #expect(changed.stdoutText.contains(command), "\(changed.stdoutText)")
    let after = try Self.snapshot(catalog)
    #expect(after.keys.sorted() == expected.sorted())
    let bellPNGs = [
      "bell.imageset/bell.png", "bell.imageset/bell@2x.png", "bell.imageset/bell@3x.png",
    ]
    let rewritten = ["bell.imageset/Contents.json", ".glyphsmith-outputs.json"]
    for path in expected {
      if bellPNGs.contains(path) {
        #expect(after[path]?.bytes != built[path]?.bytes, "\(path) did not change")
        #expect(
          Self.pngSize(after[path]?.bytes ?? Data()) == Self.pngSize(built[path]?.bytes ?? Data()))
      } else if rewritten.contains(path) {
        #expect(after[path]?.bytes.count ?? 0 > 0, "\(path)")
      } else {
        #expect(after[path] == built[path], "\(path) changed")
      }
    }
    #expect(
      after["bell.imageset/Contents.json"]?.bytes == built["bell.imageset/Contents.json"]?.bytes)

    // An edit of BrandIcons' glyphsmith.json takes effect at the next build (the tool reads
    // the file at every run): a rule that makes star original rewrites star's sets alone.
    let brand = app.appendingPathComponent(
      ".build/plugins/outputs/pluginapp/BrandIcons/destination/GlyphsmithAssets/Brand.xcassets")
    let brandBuilt = try Self.snapshot(brand)
    let project = app.appendingPathComponent("Sources/BrandIcons/glyphsmith.json")
    let written = try String(contentsOf: project, encoding: .utf8)
    try written.replacingOccurrences(of: "\"match\": \"heart.svg\"", with: "\"match\": \"*.svg\"")
      .write(to: project, atomically: true, encoding: .utf8)
    let edited = try Self.run(["swift", "build", "--package-path", app.path])
    #expect(edited.status == 0, "\(edited.stdoutText)\(edited.stderr)")
    let brandAfter = try Self.snapshot(brand)
    #expect(brandAfter.keys.sorted() == brandBuilt.keys.sorted())
    for (path, state) in brandBuilt.sorted(by: { $0.key < $1.key }) {
      if path.hasPrefix("star") && path.hasSuffix(".png") {
        #expect(brandAfter[path]?.bytes != state.bytes, "\(path) did not change")
      } else if path.hasPrefix("heart") {
        #expect(brandAfter[path] == state, "\(path) changed")
      }
    }
    let star = String(
      decoding: brandAfter["star.imageset/Contents.json"]?.bytes ?? Data(), as: UTF8.self)
    #expect(star.contains("\"template-rendering-intent\" : \"original\""), "\(star)")
    // A mistake in it fails the build with the tool's message naming the user's file.
    try written.replacingOccurrences(of: "\"tab-bar\"", with: "\"tabbar\"")
      .write(to: project, atomically: true, encoding: .utf8)
    let invalid = try Self.run(["swift", "build", "--package-path", app.path])
    #expect(invalid.status == 1)
    #expect(
      (invalid.stdoutText + invalid.stderr).contains(
        "\(project.path): error: invalid glyphsmith.json: unknown value 'tabbar' for 'defaults.role'"
      ), "\(invalid.stdoutText)\(invalid.stderr)")
    try written.write(to: project, atomically: true, encoding: .utf8)

    // The example's own tests read both catalogs from the resource bundles.
    let tested = try Self.run(["swift", "test", "--package-path", app.path])
    #expect(tested.status == 0, "\(tested.stdoutText)\(tested.stderr)")
    #expect(
      tested.stdoutText.contains("Test run with 4 tests in 2 suites passed"), "\(tested.stdoutText)"
    )

    // The command plugin: the arguments go to glyphsmith, run in the package's folder.
    let plugin = ["swift", "package", "--package-path", app.path]
    let allowed = plugin + ["--allow-writing-to-package-directory", "glyphsmith"]
    let lint = try Self.run(allowed + ["lint", "Sources/AppIcons/Icons"])
    #expect(lint.status == 0, "\(lint.stdoutText)\(lint.stderr)")
    #expect(
      lint.stdoutText.hasSuffix("3 files: 0 errors, 0 warnings, 0 info\n"), "\(lint.stdoutText)")
    // lint's "no" (exit 1) fails the command, naming the tool's exit code.
    try Data(
      """
      <svg xmlns="http://www.w3.org/2000/svg" width="24" height="24" viewBox="0 0 24 24">\
      <path d="M2 12 L22 12" stroke="black" stroke-width="0.2"/></svg>
      """.utf8
    ).write(to: app.appendingPathComponent("thin.svg"))
    let thin = try Self.run(allowed + ["lint", "thin.svg"])
    #expect(thin.status == 1)
    #expect(
      thin.stdoutText.contains("thin.svg: error: [thin-strokes] a stroke is 0.58 px wide at @2x"),
      "\(thin.stdoutText)")
    #expect(thin.stderr.contains("Plugin ended with exit code 1"), "\(thin.stderr)")
    // A command that writes: the catalog lands in the package's folder.
    let assets = try Self.run(
      allowed + ["assets", "Sources/AppIcons/Icons", "-o", "Generated.xcassets", "--quiet"])
    #expect(assets.status == 0, "\(assets.stdoutText)\(assets.stderr)")
    #expect(
      try FileManager.default.contentsOfDirectory(
        atPath: app.appendingPathComponent("Generated.xcassets/map-pin.imageset").path
      ).sorted() == ["Contents.json", "map-pin.png", "map-pin@2x.png", "map-pin@3x.png"])
    // Without the permission SwiftPM refuses before the tool runs.
    let refused = try Self.run(plugin + ["glyphsmith", "lint", "thin.svg"])
    #expect(refused.status != 0)
    #expect(
      refused.stderr.contains(
        "Plugin ‘GlyphsmithCommand’ wants permission to write to the package directory."),
      "\(refused.stderr)")
  }

  /// `build --outputs-in DIR` (what the build-tool plugin runs): every platform's folder moved
  /// into DIR under its own name, the project's own outputs untouched, the plan naming the
  /// moved folders, and a DIR that makes an output folder no folder of its own refused.
  /// The manifests README.md and docs/plugin.md show name the dependency by its identity (the
  /// last path component of its URL or path), as SwiftPM resolves `package:`: t37c's trial
  /// copied `package: "GlyphsmithPlugins"` (the manifest's `name`) and got "product
  /// 'GlyphsmithAssets' ... not found"; `Examples/PluginApp` (built above) uses the path form.
  @Test func documentedManifestsNameThePluginsPackageByItsIdentity() throws {
    var checked = 0
    for file in ["README.md", "docs/plugin.md", "Examples/PluginApp/Package.swift"] {
      let text = try String(
        contentsOf: Self.checkout.appendingPathComponent(file), encoding: .utf8)
      var identities: [String] = []
      for line in text.split(separator: "\n") {
        for marker in [".package(url: \"", ".package(path: \""] {
          guard let start = line.range(of: marker) else { continue }
          let location = line[start.upperBound...].prefix { $0 != "\"" }
          identities.append(String(location.split(separator: "/").last ?? ""))
        }
        if let plugin = line.range(of: ".plugin(name: \"GlyphsmithAssets\", package: \"") {
          let package = String(line[plugin.upperBound...].prefix { $0 != "\"" })
          #expect(identities.last == package, "\(file): \(line)")
          checked += 1
        }
      }
    }
    #expect(checked == 5)
  }

  @Test func outputsInMovesEveryPlatformsFolder() throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let icons = folder.appendingPathComponent("icons")
    try FileManager.default.createDirectory(at: icons, withIntermediateDirectories: true)
    for name in ["bell", "heart"] {
      try FileManager.default.copyItem(
        at: ProjectCLITests.sampleIcons.appendingPathComponent("\(name).svg"),
        to: icons.appendingPathComponent("\(name).svg"))
    }
    try Data(
      """
      {"version": 1, "icons": "icons", "ios": {"catalog": "App/Icons.xcassets"},
       "android": {"res": "android/src/main/res"}, "web": {"folder": "web/icons"}}
      """.utf8
    ).write(to: folder.appendingPathComponent("glyphsmith.json"))
    #expect(try CLIRunner.run(["build", "--quiet"], in: folder).status == 0)
    let own = try Self.snapshot(folder)

    let moved = try CLIRunner.run(["build", "--outputs-in", "gen", "--quiet"], in: folder)
    #expect(moved.status == 0, "\(moved.stderr)")
    let gen = try Self.snapshot(folder.appendingPathComponent("gen"))
    let names = Set(gen.keys)
    for name in ["bell", "heart"] {
      for file in [
        "Icons.xcassets/\(name).imageset/\(name).png",
        "Icons.xcassets/\(name).imageset/\(name)@3x.png",
        "android/res/drawable-mdpi/\(name).png", "android/res/drawable-xxxhdpi/\(name).png",
        "web/icons/\(name)/icon-512.png",
      ] {
        #expect(names.contains(file), "\(file)")
      }
    }
    // Per icon 3 image set PNGs, 5 densities and 4 web PNGs (and a favicon.ico).
    #expect(gen.keys.filter { $0.hasSuffix(".png") }.count == 24)
    // Rendered as the project's own: the same bytes.
    #expect(
      gen["Icons.xcassets/bell.imageset/bell@2x.png"]?.bytes
        == own["App/Icons.xcassets/bell.imageset/bell@2x.png"]?.bytes)
    #expect(
      gen["android/res/drawable-xhdpi/heart.png"]?.bytes
        == own["android/src/main/res/drawable-xhdpi/heart.png"]?.bytes)
    // The project's own outputs are untouched.
    var after = try Self.snapshot(folder)
    after = after.filter { !$0.key.hasPrefix("gen/") }
    #expect(after == own)

    let plan = try CLIRunner.run(
      ["build", "--outputs-in", "gen", "--plan", "--json"], in: folder)
    let folders =
      (try JSONSerialization.jsonObject(with: plan.stdout) as? [String: Any])?["outputFolders"]
      as? [String: String]
    let base = folder.resolvingSymlinksInPath().path
    let real = folders?.mapValues { URL(fileURLWithPath: $0).resolvingSymlinksInPath().path }
    #expect(
      real == [
        "ios": base + "/gen/Icons.xcassets", "android": base + "/gen/android",
        "web": base + "/gen/web/icons",
      ])

    let refused = try CLIRunner.run(["build", "--outputs-in", "icons"], in: folder)
    #expect(refused.status == 2)
    #expect(
      refused.stderr.contains(
        "glyphsmith.json: error: --outputs-in '\(folder.path)/icons': 'ios.catalog' is '\(folder.path)/icons/Icons.xcassets', inside the icons folder"
      ), "\(refused.stderr)")
    #expect(
      try FileManager.default.contentsOfDirectory(atPath: icons.path).sorted()
        == ["bell.svg", "heart.svg"])
  }
}
