import Foundation
import Glyphsmith
import Testing

private let square = svg(
  viewBox: "0 0 24 24", body: "<rect x=\"4\" y=\"4\" width=\"16\" height=\"16\" fill=\"#00FF00\"/>")

extension AssetPlatform {
  /// A platform that exists only in this test target.
  fileprivate static let testOnly = AssetPlatform(name: "test-only")
}

/// A platform defined outside the library: `NAME/NAME-16.png`, `NAME/NAME-32.png` (opaque) and
/// `NAME/info.txt`; reserves the first letter of each name; one finding per run that wrote.
private struct TestOnlyWriter: AssetPlatformWriter {
  var platform: AssetPlatform { .testOnly }

  func defaultOutputFolder(catalogPath: String) -> String {
    folder("test-only", besideCatalog: catalogPath)
  }

  func reservedNames(_ inputs: [AssetInput], options: AssetsOptions)
    -> [(name: String, path: String)]
  {
    inputs.map { (name: String($0.name.prefix(1)), path: $0.path) }
  }

  func plannedSets(for input: AssetInput, in context: AssetPlatformContext) -> [PlannedAssetSet] {
    let folder = context.root + "/" + input.name
    let files = [16, 32].map { side in
      var render = context.base
      render.role = .plain
      render.sizePt = nil
      render.scale = 1
      render.widthPx = side
      render.heightPx = side
      let name = "\(input.name)-\(side).png"
      return PlannedAssetFile(
        name: name, render: render, opaque: side == 32, reportPath: folder + "/" + name)
    }
    return [
      PlannedAssetSet(
        folder: folder, files: files, texts: [("info.txt", Data("\(input.name)\n".utf8))],
        whole: true)
    ]
  }

  func findings(in context: AssetPlatformContext) throws -> [Diagnostic] {
    [Diagnostic(.info, path: context.root, kind: "test-only", message: "checked")]
  }
}

@Suite("A platform writer defined outside the library")
struct AssetPlatformWriterTests {
  @Test func builtInRegistryAndNames() {
    // The built-in platforms come first, in this order; a platform added to the registry
    // (docs/assets.md, "Adding a platform") follows them and changes nothing here.
    #expect(Array(AssetPlatform.allCases.prefix(3)) == [.ios, .android, .web])
    #expect(
      Array(AssetPlatformRegistry.writers.prefix(3).map(\.platform.rawValue))
        == ["ios", "android", "web"])
    #expect(AssetPlatform(rawValue: "web") == .web)
    #expect(AssetPlatform(rawValue: "test-only") == nil)
    var options = AssetsOptions()
    options.androidOutput = "/tmp/a"
    #expect(options.outputFolders == [.android: "/tmp/a"])
    let job = AssetsJob(catalogPath: "/out/C.xcassets", options: options)
    #expect(job.outputFolders[.ios] == "/out/C.xcassets")
    #expect(job.outputFolders[.android] == "/tmp/a")
    #expect(job.outputFolders[.web] == "/out/web")
  }

  @Test func dummyPlatformWritesBesideIOSAndRerunsUnchanged() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let input = try folder.write("in/box.svg", square)
    var options = AssetsOptions()
    options.platforms = [.testOnly, .ios]
    options.scales = [1]
    let writers = AssetPlatformRegistry.writers + [TestOnlyWriter()]
    let catalog = folder.path("out/C.xcassets")
    let job = AssetsJob(catalogPath: catalog, options: options, writers: writers)
    #expect(job.outputFolders[.testOnly] == folder.path("out") + "/test-only")
    let report = try job.run([input])
    #expect(report.inputs[0].status == .written)
    // Registry order (iOS first, the added writer last), whatever the order asked for.
    let dummy = folder.path("out") + "/test-only/box"
    #expect(
      report.inputs[0].files.map(\.path) == [
        catalog + "/box.imageset/box.png", dummy + "/box-16.png", dummy + "/box-32.png",
      ])
    // 23 pt: the HIG's square tab bar glyph (regular), at @1x.
    #expect(report.inputs[0].files.map(\.width) == [23, 16, 32])
    #expect(report.inputs[0].files.map(\.height) == [23, 16, 32])
    #expect(
      report.catalogFindings == [
        Diagnostic(
          .info, path: folder.path("out") + "/test-only", kind: "test-only", message: "checked")
      ])
    #expect(
      String(decoding: try XcodeJSON.encode(report), as: UTF8.self).contains(
        "\"catalogFindings\" : [\n    \"\(folder.path("out"))/test-only: info: checked\"\n  ]"))
    #expect(
      try FileManager.default.contentsOfDirectory(atPath: dummy).sorted() == [
        "box-16.png", "box-32.png", "info.txt",
      ])
    #expect(FileManager.default.contents(atPath: dummy + "/info.txt") == Data("box\n".utf8))
    let png32 = try #require(FileManager.default.contents(atPath: dummy + "/box-32.png"))
    #expect(png32[25] == 2)  // IHDR colour type 2: RGB, as asked (opaque)
    let png16 = try #require(FileManager.default.contents(atPath: dummy + "/box-16.png"))
    #expect(png16[25] == 6)  // RGBA

    let again = try job.run([input])
    #expect(again.inputs[0].status == .unchanged)
    #expect(again.inputs[0].files == report.inputs[0].files)
    #expect(again.catalogFindings == [])

    // A user's file in a whole folder is kept and named (issue 32); the set stays up to date.
    try Data("mine".utf8).write(to: URL(fileURLWithPath: dummy + "/stray.txt"))
    let strayed = try job.run([input])
    #expect(strayed.inputs[0].status == .unchanged)
    #expect(
      strayed.warnings.descriptions == [
        "\(dummy)/stray.txt: warning: not made by glyphsmith; kept (glyphsmith never deletes a file it did not make)"
      ])
    #expect(strayed.warnings.map(\.kind) == [Diagnostic.Kind.userFile])
    #expect(strayed.warnings.map(\.path) == [dummy + "/stray.txt"])
    #expect(FileManager.default.contents(atPath: dummy + "/stray.txt") == Data("mine".utf8))
  }

  @Test func dummyReservedNamesCollideAndOutputFolderOverrides() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let apple = try folder.write("apple.svg", square)
    let avocado = try folder.write("avocado.svg", square)
    var options = AssetsOptions()
    options.platforms = [.testOnly]
    options.outputFolders[.testOnly] = folder.path("elsewhere")
    let writers = AssetPlatformRegistry.writers + [TestOnlyWriter()]
    let job = AssetsJob(catalogPath: folder.path("C.xcassets"), options: options, writers: writers)
    #expect(throws: GlyphsmithError.nameCollision(name: "a", first: apple, second: avocado)) {
      try job.run([apple, avocado])
    }
    #expect(folder.listing() == ["apple.svg", "avocado.svg"])
    let report = try job.run([apple])
    #expect(
      report.inputs[0].files.map(\.path).first == folder.path("elsewhere") + "/apple/apple-16.png")
    #expect(!FileManager.default.fileExists(atPath: folder.path("C.xcassets")))
  }

  @Test func platformWithoutWriterIsRefused() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let input = try folder.write("box.svg", square)
    var options = AssetsOptions()
    options.platforms = [.ios, .testOnly]
    #expect(throws: GlyphsmithError.invalidOption("no writer for the asset platform 'test-only'")) {
      try AssetsJob(catalogPath: folder.path("C.xcassets"), options: options).run([input])
    }
    #expect(folder.listing() == ["box.svg"])
  }
}
