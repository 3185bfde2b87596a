import Foundation
import Glyphsmith
import Testing

private func temporaryFolder() throws -> URL {
  let url = FileManager.default.temporaryDirectory.appendingPathComponent(
    "glyphsmith-golden-\(UUID().uuidString)")
  try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
  return url
}

private func write(_ image: RGBAImage, _ folder: URL, _ path: String) throws {
  try AtomicFile.write(try PNGCodec.encode(image), to: folder.appendingPathComponent(path))
}

private func square(_ side: Int, dot: Bool = false) -> RGBAImage {
  var image = RGBAImage(width: side, height: side, fill: .white)
  if dot { image[side / 2, side / 2] = .black }
  return image
}

/// Every file under `folder` with its bytes, to prove a run wrote nothing.
private func snapshot(_ folder: URL) throws -> [String: Data] {
  var files: [String: Data] = [:]
  let enumerator = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil)
  while let url = enumerator?.nextObject() as? URL {
    var isDirectory: ObjCBool = false
    if FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory),
      !isDirectory.boolValue
    {
      files[url.path] = try Data(contentsOf: url)
    }
  }
  return files
}

/// A temporary folder and the `actual/` and `golden/` paths inside it; the caller removes it.
private func goldenFolders() throws -> (root: URL, actual: URL, golden: URL) {
  let root = try temporaryFolder()
  return (root, root.appendingPathComponent("actual"), root.appendingPathComponent("golden"))
}

@Suite("golden check and record")
struct CompareGoldenTests {
  @Test func recordThenCheckPasses() throws {
    let (root, actual, golden) = try goldenFolders()
    defer { try? FileManager.default.removeItem(at: root) }
    try write(square(8), actual, "a.png")
    try write(square(8, dot: true), actual, "tabs/b.png")
    let recorded = try GoldenRecord.run(actual: actual, golden: golden)
    #expect(recorded.recorded == ["a.png", "tabs/b.png"])
    #expect(recorded.manifestWritten)
    let manifest = try #require(try GoldenManifest.load(from: golden))
    #expect(manifest.options.pixelmatch.threshold == 0.05)
    #expect(manifest.options.pixelmatch.blend == .checkerboard)
    #expect(manifest.options.failOver == .zero)
    #expect(manifest.renderer == .current)

    let report = try GoldenCheck.run(actual: actual, golden: golden)
    #expect(report.checked == 2 && report.passed == 2 && report.failed == 0 && report.errors == 0)
    #expect(report.rendererChange == nil)
    #expect(report.manifestFound)
  }

  @Test func everyKindOfFailureWithArtifactsAndNoGoldenWritten() throws {
    let (root, actual, golden) = try goldenFolders()
    defer { try? FileManager.default.removeItem(at: root) }
    let artifacts = root.appendingPathComponent("artifacts")
    try write(square(8), golden, "same.png")
    try write(square(8), golden, "dot.png")
    try write(square(8), golden, "size.png")
    try write(square(8), golden, "extra.png")
    try write(square(8), actual, "same.png")
    try write(square(8, dot: true), actual, "dot.png")
    try write(square(6), actual, "size.png")
    try write(square(4), actual, "new/missing.png")
    let before = try snapshot(golden)

    let report = try GoldenCheck.run(actual: actual, golden: golden, artifacts: artifacts)
    #expect(try snapshot(golden) == before)
    #expect(!report.manifestFound)
    #expect(report.checked == 5 && report.passed == 1 && report.failed == 4 && report.errors == 0)
    // Sorted by the size of the difference: 64 (extra 8x8, size 8x8 canvas), 16 (missing 4x4), 1.
    #expect(
      report.results.map(\.path) == [
        "extra.png", "size.png", "new/missing.png", "dot.png", "same.png",
      ])
    #expect(
      report.results.map(\.status) == [
        .extraGolden, .sizeChanged, .missingGolden, .differs, .passed,
      ])
    let dot = report.results[3]
    #expect(dot.mismatchedPixels == 1)
    #expect(dot.largestDifferenceAt == PixelPoint(x: 4, y: 4))
    #expect(dot.message.hasPrefix("1 of 64 pixels differ (1.562%, allowed 0)"))
    #expect(report.results[1].message.hasPrefix("size changed: golden 8x8 vs actual 6x6"))

    func exists(_ path: String) -> Bool {
      FileManager.default.fileExists(atPath: artifacts.appendingPathComponent(path).path)
    }
    #expect(exists("dot/expected.png") && exists("dot/actual.png") && exists("dot/diff.png"))
    #expect(exists("size/expected.png") && exists("size/actual.png") && exists("size/diff.png"))
    #expect(exists("new/missing/actual.png") && !exists("new/missing/expected.png"))
    #expect(exists("extra/expected.png") && !exists("extra/actual.png"))
    #expect(!exists("same"))

    let dotDiff = try ImageComparison.load(artifacts.appendingPathComponent("dot/diff.png").path)
    #expect(dotDiff[4, 4] == RGBA8(r: 255, g: 0, b: 0))
    let sizeDiff = try ImageComparison.load(artifacts.appendingPathComponent("size/diff.png").path)
    #expect(sizeDiff.width == 8 && sizeDiff.height == 8)
    #expect(sizeDiff[7, 7] == RGBA8(r: 255, g: 0, b: 0))
    #expect(sizeDiff[0, 0] == .white)
  }

  @Test func overridesLoosenTheCheck() throws {
    let (root, actual, golden) = try goldenFolders()
    defer { try? FileManager.default.removeItem(at: root) }
    try write(square(8), golden, "dot.png")
    try write(square(8, dot: true), actual, "dot.png")
    var overrides = GoldenCheck.Overrides()
    overrides.failOver = .pixels(1)
    let report = try GoldenCheck.run(actual: actual, golden: golden, overrides: overrides)
    #expect(report.passed == 1 && report.failed == 0)
  }

  @Test func rendererChangeIsSaid() throws {
    let (root, actual, golden) = try goldenFolders()
    defer { try? FileManager.default.removeItem(at: root) }
    try write(square(4), actual, "a.png")
    _ = try GoldenRecord.run(actual: actual, golden: golden)
    var manifest = try #require(try GoldenManifest.load(from: golden))
    let running = manifest.renderer.libraries.cairo
    manifest.renderer.libraries.cairo = "0.0.1"
    try manifest.save(to: golden)
    let report = try GoldenCheck.run(actual: actual, golden: golden)
    #expect(
      report.rendererChange
        == "renderer changed from cairo 0.0.1 to cairo \(running): re-record after review")
  }

  @Test func recordModes() throws {
    let (root, actual, golden) = try goldenFolders()
    defer { try? FileManager.default.removeItem(at: root) }
    // The goldens are Glyphsmith's own, recorded from a first set of actuals (issue 32: a
    // golden written by hand is the user's and is never replaced).
    let first = root.appendingPathComponent("first")
    try FileManager.default.createDirectory(at: first, withIntermediateDirectories: true)
    for name in ["kept.png", "changed.png", "orphan.png"] { try write(square(8), first, name) }
    _ = try GoldenRecord.run(actual: first, golden: golden, mode: .all)
    try write(square(8), actual, "kept.png")
    try write(square(8, dot: true), actual, "changed.png")
    try write(square(8), actual, "new.png")

    let missing = try GoldenRecord.run(actual: actual, golden: golden, mode: .onlyMissing)
    #expect(missing.recorded == ["new.png"])
    #expect(missing.unchanged == ["changed.png", "kept.png"])
    #expect(missing.extra == ["orphan.png"])
    let failed = try GoldenRecord.run(actual: actual, golden: golden, mode: .onlyFailed)
    #expect(failed.recorded == ["changed.png"])
    let all = try GoldenRecord.run(actual: actual, golden: golden, mode: .all)
    // Every golden already has the actual pixels: nothing is rewritten.
    #expect(all.recorded == [])
    #expect(all.unchanged == ["changed.png", "kept.png", "new.png"])
    #expect(
      FileManager.default.fileExists(atPath: golden.appendingPathComponent("orphan.png").path))
    #expect(try GoldenCheck.run(actual: actual, golden: golden).failed == 1)  // only the orphan
  }

  @Test func missingFoldersAndBadManifestsAreErrors() throws {
    let root = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: root) }
    #expect(throws: GoldenError.self) {
      try GoldenCheck.run(actual: root.appendingPathComponent("nope"), golden: root)
    }
    try Data("{\"options\": {\"threshold\": 3}}".utf8).write(
      to: root.appendingPathComponent("golden.json"))
    #expect(throws: GoldenError.self) { try GoldenCheck.run(actual: root, golden: root) }
  }

  @Test func htmlReportLinksArtifactsAndGroupsScales() throws {
    let (root, actual, golden) = try goldenFolders()
    defer { try? FileManager.default.removeItem(at: root) }
    for name in ["tabs/dot.png", "tabs/dot@2x.png", "tabs/dot@3x.png"] {
      try write(square(8), golden, name)
      try write(square(8, dot: true), actual, name)
    }
    try write(square(8), golden, "size.png")
    try write(square(6), actual, "size.png")
    let artifacts = root.appendingPathComponent("report-files")
    let report = try GoldenCheck.run(actual: actual, golden: golden, artifacts: artifacts)
    let html = GoldenHTMLReport.render(
      report, actual: "actual", golden: "golden",
      reportPath: root.appendingPathComponent("report.html").path)
    #expect(!html.contains("data:image") && !html.contains("http"))
    #expect(html.contains(#""e":"report-files/tabs/dot@2x/expected.png""#))
    #expect(html.contains(#""f":"report-files/tabs/dot@3x/diff.png""#))
    // The size change links golden and actual but no diff of misaligned pixels.
    #expect(html.contains(#""a":"report-files/size/actual.png""#))
    #expect(!html.contains("size/diff.png"))
    #expect(html.contains(#"{"members":[0],"name":"size"}"#))
    #expect(html.contains(#""name":"tabs/dot""#))
    #expect(html.contains("<b>4</b> failed") && html.contains("<b>2</b> icons failing"))
    #expect(html.contains("id=\"filter\"") && html.contains("data-folder=\"tabs\""))
    #expect(!html.contains("id=\"renderer\""))
  }

  @Test func groupingBySuffix() {
    #expect(GoldenHTMLReport.groupName("a/home@3x.png") == "a/home")
    #expect(GoldenHTMLReport.groupName("a/home.png") == "a/home")
    #expect(GoldenHTMLReport.groupName("mail@home.png") == "mail@home")
    #expect(GoldenHTMLReport.scaleOf("a/home@1.5x.png") == 1.5)
    #expect(
      GoldenHTMLReport.link(URL(fileURLWithPath: "/r/x/a b.png"), base: "/r/y") == "../x/a%20b.png")
  }

  @Test func reportCountsFailuresByFolderOfIconsNotByImageSet() throws {
    let (root, actual, golden) = try goldenFolders()
    defer { try? FileManager.default.removeItem(at: root) }
    let images = [
      "Icons.xcassets/a.imageset/a.png", "Icons.xcassets/a.imageset/a@2x.png",
      "Icons.xcassets/b.imageset/b.png", "Icons.xcassets/c.imageset/c.png", "tabs/d.png",
    ]
    for path in images { try write(square(8), golden, path) }
    for path in images {
      try write(square(8, dot: path.contains("/a") || path.contains("c.")), actual, path)
    }
    let report = try GoldenCheck.run(actual: actual, golden: golden)
    #expect(report.failed == 3)
    let html = GoldenHTMLReport.render(report, actual: "act", golden: "gold")
    // folder, icons failing, icons, images failing, images: a and c fail in Icons.xcassets.
    #expect(
      html.contains(
        "<tr><td><a href=\"#\" data-folder=\"Icons.xcassets\">Icons.xcassets/</a></td>"
          + "<td>2</td><td>3</td><td>3</td><td>4</td></tr>"))
    #expect(!html.contains("data-folder=\"Icons.xcassets/a.imageset\""))
    #expect(!html.contains("data-folder=\"tabs\""))  // no failure there
    #expect(html.contains("Failures per folder of icons (1 folder)"))
    #expect(!html.contains("<body data-review"))  // the report from disk has no review controls
    #expect(!html.contains("id=\"acceptShown\""))
    let review = GoldenHTMLReport.render(report, actual: "act", golden: "gold", review: true)
    #expect(review.contains("<body data-review=\"1\">"))
    #expect(review.contains("<button data-fact=\"accept\" data-f=\"Icons.xcassets\">"))
    // Counts read "1 image", "3 images" (issue 39's trial: "deleted 3 image(s) (0 written, 0
    // unchanged)"); the written / unchanged counts only when something was recorded.
    #expect(!review.contains("image(s)"))
    #expect(review.contains("function n(k,w){return k+' '+w+(k===1?'':'s');}"))
    #expect(review.contains("x.j.recorded&&x.j.recorded.length+x.j.unchanged.length>0"))
  }
}
