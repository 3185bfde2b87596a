import Foundation
import Glyphsmith
import Testing

private let circle = svg(viewBox: "0 0 24 24", body: "<circle cx=\"12\" cy=\"12\" r=\"10\"/>")

@Suite("Asset catalogs: imagesets, Contents.json, collisions, reruns")
struct AssetsJobTests {
  @Test func writesImageSetsWithXcodeContentsJSON() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let input = try folder.write("in/home.svg", circle)
    var options = AssetsOptions()
    options.compact = true
    options.jobs = 2
    let report = try AssetsJob(catalogPath: folder.path("Icons.xcassets"), options: options).run([
      input
    ])
    #expect(report.failures == 0)
    #expect(report.catalogFindings == [])
    let contents = try String(
      contentsOfFile: folder.path("Icons.xcassets/home.imageset/Contents.json"), encoding: .utf8)
    #expect(
      contents == """
        {
          "images" : [
            {
              "filename" : "home.png",
              "idiom" : "universal",
              "scale" : "1x"
            },
            {
              "filename" : "home@2x.png",
              "idiom" : "universal",
              "scale" : "2x"
            },
            {
              "filename" : "home@3x.png",
              "idiom" : "universal",
              "scale" : "3x"
            }
          ],
          "info" : {
            "author" : "xcode",
            "version" : 1
          },
          "properties" : {
            "template-rendering-intent" : "template"
          }
        }

        """)
    let root = try String(
      contentsOfFile: folder.path("Icons.xcassets/Contents.json"), encoding: .utf8)
    #expect(root == "{\n  \"info\" : {\n    \"author\" : \"xcode\",\n    \"version\" : 1\n  }\n}\n")
    #expect(
      folder.listing() == [
        "Icons.xcassets", "Icons.xcassets/Contents.json",
        "Icons.xcassets/home-compact.imageset",
        "Icons.xcassets/home-compact.imageset/Contents.json",
        "Icons.xcassets/home-compact.imageset/home-compact.png",
        "Icons.xcassets/home-compact.imageset/home-compact@2x.png",
        "Icons.xcassets/home-compact.imageset/home-compact@3x.png",
        "Icons.xcassets/home.imageset", "Icons.xcassets/home.imageset/Contents.json",
        "Icons.xcassets/home.imageset/home.png", "Icons.xcassets/home.imageset/home@2x.png",
        "Icons.xcassets/home.imageset/home@3x.png", "in", "in/home.svg",
      ])
    let sizes = report.inputs[0].files.map { [$0.width, $0.height] }
    #expect(sizes == [[25, 25], [50, 50], [75, 75], [18, 18], [36, 36], [54, 54]])
    #expect(report.inputs[0].shape == "circle" && report.inputs[0].sizePt == 25)
  }

  @Test func onlyTheScalesAskedGetEntries() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let input = try folder.write("a.svg", circle)
    var options = AssetsOptions()
    options.scales = [2, 3]
    options.template = false
    _ = try AssetsJob(catalogPath: folder.path("C.xcassets"), options: options).run([input])
    let data = try Data(
      contentsOf: URL(fileURLWithPath: folder.path("C.xcassets/a.imageset/Contents.json")))
    let contents = try JSONDecoder().decode(AssetContents.self, from: data)
    #expect(contents.images.map(\.scale) == ["2x", "3x"])
    #expect(contents.images.map(\.filename) == ["a@2x.png", "a@3x.png"])
    #expect(contents.properties?.templateRenderingIntent == "original")
  }

  @Test func caseOnlyCollisionIsRefusedWithNothingWritten() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let first = try folder.write("a/Home.svg", circle)
    let second = try folder.write("b/home.svg", circle)
    #expect(throws: GlyphsmithError.nameCollision(name: "home", first: first, second: second)) {
      try AssetsJob(catalogPath: folder.path("X.xcassets"), options: AssetsOptions()).run([
        first, second,
      ])
    }
    #expect(!FileManager.default.fileExists(atPath: folder.path("X.xcassets")))
  }

  @Test func namesAreNFCAndKeepSpacesAndNonASCII() throws {
    // "é" written decomposed (e + U+0301) becomes the precomposed form.
    #expect(AssetName.from(path: "/x/cafe\u{301} au lait.svg") == "caf\u{E9} au lait")
    #expect(AssetName.firstCollision([("caf\u{E9}", "1.svg"), ("CAFE\u{301}", "2.svg")]) != nil)
  }

  @Test func oneBadFileNeverStopsTheBatch() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let good = try folder.write("good.svg", circle)
    let bad = try folder.write("bad.svg", "<svg")
    let report = try AssetsJob(catalogPath: folder.path("C.xcassets"), options: AssetsOptions())
      .run([bad, good])
    #expect(report.inputs.map(\.status) == [.failed, .written])
    #expect(report.inputs[0].error?.hasPrefix("\(bad): error: invalid SVG") == true)
    #expect(!FileManager.default.fileExists(atPath: folder.path("C.xcassets/bad.imageset")))
    #expect(
      FileManager.default.fileExists(atPath: folder.path("C.xcassets/good.imageset/good@3x.png")))
  }

  /// A file the user put in an image set is kept (issue 32) and named; Glyphsmith's own files
  /// it no longer makes go.
  @Test func rerunReplacesImageSetsWholeButKeepsTheUsersFilesAndLeavesOthersAlone() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let input = try folder.write("a.svg", circle)
    let catalog = folder.path("C.xcassets")
    _ = try AssetsJob(catalogPath: catalog, options: AssetsOptions()).run([input])
    try folder.write("C.xcassets/a.imageset/stale.png", "x")
    try folder.write("C.xcassets/Other.colorset/Contents.json", "{}")
    var options = AssetsOptions()
    options.scales = [3]
    let report = try AssetsJob(catalogPath: catalog, options: options).run([input])
    #expect(
      report.warnings.descriptions == [
        "\(catalog)/a.imageset/stale.png: warning: not made by glyphsmith; kept (glyphsmith never deletes a file it did not make)"
      ])
    #expect(report.warnings.map(\.kind) == [Diagnostic.Kind.userFile])
    #expect(report.catalogFindings == [])
    let listing = folder.listing().filter { $0.hasPrefix("C.xcassets/") }
    #expect(
      listing == [
        "C.xcassets/Contents.json", "C.xcassets/Other.colorset",
        "C.xcassets/Other.colorset/Contents.json", "C.xcassets/a.imageset",
        "C.xcassets/a.imageset/Contents.json", "C.xcassets/a.imageset/a@3x.png",
        "C.xcassets/a.imageset/stale.png",
      ])
    #expect(try String(contentsOfFile: catalog + "/a.imageset/stale.png", encoding: .utf8) == "x")
  }

  @Test func stagingLeftoversAreSweptFromGroupsAndTheRunsOwnSetsAreRewrittenWhole() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let input = try folder.write("a.svg", circle)
    let catalog = folder.path("C.xcassets")
    // PID 2^22 + 1 is above Linux's pid_max: no such process, so these are leftovers. A
    // staging folder holding only what Glyphsmith writes (a PNG of its set's name with the
    // mark) goes; one holding anything else would be kept (issue 32, fifth trial).
    let staged = try folder.write("C.xcassets/g/.b.imageset.tmp-4194305-1/b.png", "")
    try PNGCodec.encode(
      RGBAImage(width: 2, height: 2, fill: .black), text: [(AssetsJob.fingerprintKey, "0123abcd")]
    ).write(to: URL(fileURLWithPath: staged))
    // Asset folders are replaced whole, so the sweep does not enter them; this one is not
    // the run's, and `validate` does not look at hidden files in it either.
    try folder.write("C.xcassets/x.imageset/.x.png.tmp-4194305-2", "x")
    try folder.write(
      "C.xcassets/x.imageset/Contents.json",
      #"{"images":[{"idiom":"universal","scale":"1x"}],"info":{"author":"xcode","version":1}}"#)
    let first = try AssetsJob(catalogPath: catalog, options: AssetsOptions()).run([input])
    #expect(first.catalogFindings == [] && first.inputs.map(\.status) == [.written])
    // A leftover inside one of the run's own sets makes it out of date: rewritten whole.
    try folder.write("C.xcassets/a.imageset/.a.png.tmp-4194305-3", "x")
    let second = try AssetsJob(catalogPath: catalog, options: AssetsOptions()).run([input])
    #expect(second.inputs.map(\.status) == [.written])
    let third = try AssetsJob(catalogPath: catalog, options: AssetsOptions()).run([input])
    #expect(third.inputs.map(\.status) == [.unchanged])
    #expect(
      folder.listing().filter { $0.hasPrefix("C.xcassets/") } == [
        "C.xcassets/Contents.json", "C.xcassets/a.imageset",
        "C.xcassets/a.imageset/Contents.json", "C.xcassets/a.imageset/a.png",
        "C.xcassets/a.imageset/a@2x.png", "C.xcassets/a.imageset/a@3x.png", "C.xcassets/g",
        "C.xcassets/x.imageset", "C.xcassets/x.imageset/.x.png.tmp-4194305-2",
        "C.xcassets/x.imageset/Contents.json",
      ])
    #expect(try CatalogValidator.validate(catalogPath: catalog) == [])
  }

  @Test func contentsJSONIsTheFullEncodingWhateverTheName() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    // Plain names are substituted into a cached template; names that need JSON escaping are
    // encoded in full: both give exactly what JSONEncoder gives.
    for name in ["plain", #"say "hi""#, #"back\slash"#] {
      let input = try folder.write("\(name).svg", circle)
      var options = AssetsOptions()
      options.scales = [1, 3]
      options.compact = true
      options.template = false
      let report = try AssetsJob(catalogPath: folder.path("C.xcassets"), options: options).run([
        input
      ])
      #expect(report.failures == 0)
      for set in [name, name + "-compact"] {
        let written = try Data(
          contentsOf: URL(fileURLWithPath: folder.path("C.xcassets/\(set).imageset/Contents.json")))
        let expected = AssetContents.imageSet(
          images: [
            .init(filename: "\(set).png", idiom: "universal", scale: "1x"),
            .init(filename: "\(set)@3x.png", idiom: "universal", scale: "3x"),
          ], template: false)
        #expect(written == (try expected.xcodeJSON()), "\(set)")
      }
    }
  }

  @Test func jobsNeverChangeTheOutput() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let shapes = [
      circle, svg(viewBox: "0 0 24 24", body: "<rect x=\"2\" y=\"7\" width=\"20\" height=\"10\"/>"),
      svg(
        viewBox: "0 0 24 24", body: "<rect x=\"7\" y=\"2\" width=\"10\" height=\"20\" rx=\"3\"/>"),
    ]
    let inputs = try (0..<12).map { try folder.write("in/icon\($0).svg", shapes[$0 % 3]) }
    var one = AssetsOptions()
    one.jobs = 1
    var four = AssetsOptions()
    four.jobs = 4
    let a = try AssetsJob(catalogPath: folder.path("A.xcassets"), options: one).run(inputs)
    #expect(a.catalogFindings == [])
    let b = try AssetsJob(catalogPath: folder.path("B.xcassets"), options: four).run(inputs)
    #expect(a.inputs.map(\.name) == b.inputs.map(\.name))
    for name in a.inputs.map(\.name) {
      for file in ["\(name).png", "\(name)@2x.png", "\(name)@3x.png", "Contents.json"] {
        let x = try Data(
          contentsOf: URL(fileURLWithPath: folder.path("A.xcassets/\(name).imageset/\(file)")))
        let y = try Data(
          contentsOf: URL(fileURLWithPath: folder.path("B.xcassets/\(name).imageset/\(file)")))
        #expect(x == y, "\(name)/\(file)")
      }
    }
  }

  @Test func foldersAreSearchedRecursivelyAndSorted() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    try folder.write("in/b.svg", circle)
    try folder.write("in/a/z.png", "")
    try folder.write("in/.hidden.svg", circle)
    try folder.write("in/notes.txt", "")
    let (files, missing) = InputCollector.collect([folder.path("in"), folder.path("nope.svg")])
    #expect(files == [folder.path("in") + "/a/z.png", folder.path("in") + "/b.svg"])
    #expect(
      missing == [.unreadable(path: folder.path("nope.svg"), reason: "no such file or folder")])
  }
}
