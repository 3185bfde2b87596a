import Foundation
import Glyphsmith
import Testing

private let disc = svg(
  viewBox: "0 0 24 24", body: "<circle cx=\"12\" cy=\"12\" r=\"10\" fill=\"#FF0000\"/>")
private let bar = svg(
  viewBox: "0 0 24 24", body: "<rect x=\"2\" y=\"7\" width=\"20\" height=\"10\"/>")

private func modificationTimes(_ folder: TemporaryFolder, under prefix: String) throws -> [String:
  Date]
{
  var times: [String: Date] = [:]
  for path in folder.listing() where path.hasPrefix(prefix) {
    let attributes = try FileManager.default.attributesOfItem(atPath: folder.path(path))
    times[path] = attributes[.modificationDate] as? Date
  }
  return times
}

private func bytes(_ folder: TemporaryFolder, under prefix: String) -> [String: Data] {
  var files: [String: Data] = [:]
  for path in folder.listing() where path.hasPrefix(prefix) {
    if let data = FileManager.default.contents(atPath: folder.path(path)) {
      files[String(path.dropFirst(prefix.count))] = data
    }
  }
  return files
}

@Suite("Asset sets: incremental reruns, shards, dark variants, groups")
struct AssetsIncrementalTests {
  @Test func rerunWithNothingChangedWritesNothing() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let inputs = try [folder.write("in/a.svg", disc), folder.write("in/b.svg", bar)]
    var options = AssetsOptions()
    options.compact = true
    let job = AssetsJob(catalogPath: folder.path("C.xcassets"), options: options)
    let first = try job.run(inputs)
    #expect(first.inputs.map(\.status) == [.written, .written])
    let before = try modificationTimes(folder, under: "C.xcassets")
    Thread.sleep(forTimeInterval: 0.02)
    let second = try job.run(inputs)
    #expect(second.inputs.map(\.status) == [.unchanged, .unchanged])
    #expect(second.inputs.map(\.files) == first.inputs.map(\.files))
    #expect(try modificationTimes(folder, under: "C.xcassets") == before)

    // One changed input is rendered again; the other stays untouched.
    try folder.write("in/b.svg", disc)
    let third = try job.run(inputs)
    #expect(third.inputs.map(\.status) == [.unchanged, .written])
    let after = try modificationTimes(folder, under: "C.xcassets")
    #expect(after["C.xcassets/a.imageset/a@3x.png"] == before["C.xcassets/a.imageset/a@3x.png"])
    #expect(after["C.xcassets/b.imageset/b@3x.png"] != before["C.xcassets/b.imageset/b@3x.png"])

    // Changed options or --force render again; a user's file in a set is kept (issue 32)
    // and does not.
    var other = options
    other.scales = [2, 3]
    #expect(
      try AssetsJob(catalogPath: folder.path("C.xcassets"), options: other).run(inputs).inputs.map(
        \.status) == [.written, .written])
    try folder.write("C.xcassets/a.imageset/stray.png", "x")
    other.force = false
    let fourth = try AssetsJob(catalogPath: folder.path("C.xcassets"), options: other).run(inputs)
    #expect(fourth.inputs.map(\.status) == [.unchanged, .unchanged])
    #expect(FileManager.default.contents(atPath: folder.path("C.xcassets/a.imageset/stray.png")) == Data("x".utf8))
    other.force = true
    #expect(
      try AssetsJob(catalogPath: folder.path("C.xcassets"), options: other).run(inputs).inputs.map(
        \.status) == [.written, .written])
  }

  @Test func pngsCarryTheFingerprintAndStayByteIdentical() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let input = try folder.write("a.svg", disc)
    var options = AssetsOptions()
    options.scales = [1]
    _ = try AssetsJob(catalogPath: folder.path("A.xcassets"), options: options).run([input])
    _ = try AssetsJob(catalogPath: folder.path("B.xcassets"), options: options).run([input])
    let a = try #require(
      FileManager.default.contents(atPath: folder.path("A.xcassets/a.imageset/a.png")))
    let b = try #require(
      FileManager.default.contents(atPath: folder.path("B.xcassets/a.imageset/a.png")))
    #expect(a == b)
    let fingerprint = try #require(PNGCodec.text(AssetsJob.fingerprintKey, in: a))
    #expect(fingerprint.count == 64 && fingerprint.allSatisfy(\.isHexDigit))
  }

  // The new-user trial saw 15 and 33 of 48 icons in `--shard 1/2` and `2/2`. Shares are by a
  // hash of the name (documented, docs/assets.md "Shards"), so an icon keeps its share when
  // others come and go; on a large set they are as even as a hash gives.
  @Test func shardsByNameHashAreEvenOnALargeSet() {
    let names = (0..<2000).map {
      "icon-" + String(repeating: "0", count: 4 - "\($0)".count) + "\($0)"
    }
    func counts(_ n: Int) -> [Int] {
      var found = Array(repeating: 0, count: n)
      for name in names { found[AssetPlanner.shardIndex(of: name, count: n)] += 1 }
      return found
    }
    #expect(names[7] == "icon-0007")
    #expect(counts(2) == [999, 1001])
    #expect(counts(4) == [509, 488, 490, 513])
  }

  @Test func shardsTogetherWriteExactlyWhatOneRunWrites() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let shapes = [disc, bar]
    let inputs = try (0..<9).map { try folder.write("in/icon-\($0).svg", shapes[$0 % 2]) }
    var options = AssetsOptions()
    options.compact = true
    options.scales = [1, 2]
    _ = try AssetsJob(catalogPath: folder.path("One.xcassets"), options: options).run(inputs)
    var counts: [Int] = []
    for index in 1...3 {
      var shard = options
      shard.shard = (index, 3)
      counts.append(
        try AssetsJob(catalogPath: folder.path("Sharded.xcassets"), options: shard).run(inputs)
          .inputs.count)
    }
    #expect(counts.reduce(0, +) == 9)
    #expect(counts.allSatisfy { $0 < 9 })
    let one = bytes(folder, under: "One.xcassets/")
    #expect(one.count == 9 * 2 * 3 + 1)
    #expect(bytes(folder, under: "Sharded.xcassets/") == one)
  }

  @Test func darkVariantBecomesTheDarkAppearance() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let input = try folder.write("in/logo.svg", disc)
    try folder.write("in/logo-dark.svg", bar)
    var options = AssetsOptions()
    options.role = .plain
    options.sizePt = 10
    options.scales = [1, 2]
    let report = try AssetsJob(catalogPath: folder.path("C.xcassets"), options: options).run(
      collected: InputCollector.collectTree([folder.path("in")]).files)
    #expect(report.inputs.map(\.name) == ["logo"])
    #expect(report.inputs[0].path == input)
    let json = try String(
      contentsOfFile: folder.path("C.xcassets/logo.imageset/Contents.json"), encoding: .utf8)
    #expect(
      json == """
        {
          "images" : [
            {
              "filename" : "logo.png",
              "idiom" : "universal",
              "scale" : "1x"
            },
            {
              "appearances" : [
                {
                  "appearance" : "luminosity",
                  "value" : "dark"
                }
              ],
              "filename" : "logo-dark.png",
              "idiom" : "universal",
              "scale" : "1x"
            },
            {
              "filename" : "logo@2x.png",
              "idiom" : "universal",
              "scale" : "2x"
            },
            {
              "appearances" : [
                {
                  "appearance" : "luminosity",
                  "value" : "dark"
                }
              ],
              "filename" : "logo-dark@2x.png",
              "idiom" : "universal",
              "scale" : "2x"
            }
          ],
          "info" : {
            "author" : "xcode",
            "version" : 1
          },
          "properties" : {
            "template-rendering-intent" : "original"
          }
        }

        """)
    let light = try PNGCodec.decode(
      try Data(contentsOf: URL(fileURLWithPath: folder.path("C.xcassets/logo.imageset/logo.png"))),
      path: "-")
    let dark = try PNGCodec.decode(
      try Data(
        contentsOf: URL(fileURLWithPath: folder.path("C.xcassets/logo.imageset/logo-dark.png"))),
      path: "-")
    #expect(light[5, 5] == RGBA8(r: 255, g: 0, b: 0) && dark[5, 5] == RGBA8(r: 0, g: 0, b: 0))

    // Template roles need no dark variant: it is ignored with a warning.
    let template = try AssetsJob(catalogPath: folder.path("T.xcassets"), options: AssetsOptions())
      .run(
        collected: InputCollector.collectTree([folder.path("in")]).files)
    #expect(template.inputs.map(\.name) == ["logo"])
    #expect(
      template.warnings.descriptions == [
        "\(folder.path("in"))/logo-dark.svg: warning: template images need no dark variant (the bar tints them); ignored"
      ])
    #expect(template.warnings.map(\.kind) == [Diagnostic.Kind.ignoredDarkVariant])
    #expect(template.warnings.map(\.path) == ["\(folder.path("in"))/logo-dark.svg"])
  }

  @Test func foldersBecomeGroupsAndNamespacesAllowRepeatedNames() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    try folder.write("in/tabs/home.svg", disc)
    try folder.write("in/toolbar/home.svg", bar)
    let files = InputCollector.collectTree([folder.path("in")]).files
    #expect(files.map(\.folders) == [["tabs"], ["toolbar"]])
    #expect {
      try AssetsJob(catalogPath: folder.path("C.xcassets"), options: AssetsOptions()).run(
        collected: files)
    } throws: { error in
      (error as? GlyphsmithError)
        == .nameCollision(name: "home", first: files[0].path, second: files[1].path)
    }
    #expect(!FileManager.default.fileExists(atPath: folder.path("C.xcassets")))
    var options = AssetsOptions()
    options.namespace = true
    options.scales = [1]
    _ = try AssetsJob(catalogPath: folder.path("C.xcassets"), options: options).run(
      collected: files)
    #expect(
      folder.listing().filter { $0.hasPrefix("C.xcassets/") } == [
        "C.xcassets/Contents.json", "C.xcassets/tabs", "C.xcassets/tabs/Contents.json",
        "C.xcassets/tabs/home.imageset", "C.xcassets/tabs/home.imageset/Contents.json",
        "C.xcassets/tabs/home.imageset/home.png", "C.xcassets/toolbar",
        "C.xcassets/toolbar/Contents.json", "C.xcassets/toolbar/home.imageset",
        "C.xcassets/toolbar/home.imageset/Contents.json",
        "C.xcassets/toolbar/home.imageset/home.png",
      ])
    let group = try String(
      contentsOfFile: folder.path("C.xcassets/tabs/Contents.json"), encoding: .utf8)
    #expect(
      group
        == "{\n  \"info\" : {\n    \"author\" : \"xcode\",\n    \"version\" : 1\n  },\n  \"properties\" : {\n    \"provides-namespace\" : true\n  }\n}\n"
    )
  }
}

@Suite("Asset sets for Android and the web")
struct AssetsAndroidWebTests {
  @Test func androidDensitiesAndNames() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let input = try folder.write("in/Arrow Right.svg", disc)
    var options = AssetsOptions()
    options.platforms = [.android]
    let report = try AssetsJob(catalogPath: folder.path("out/C.xcassets"), options: options).run([
      input
    ])
    #expect(report.inputs[0].status == .written)
    #expect(
      report.inputs[0].files.map(\.path)
        == ["mdpi", "hdpi", "xhdpi", "xxhdpi", "xxxhdpi"].map {
          folder.path("out/C.xcassets") + "/android/res/drawable-\($0)/arrow_right.png"
        })
    #expect(report.inputs[0].files.map(\.width) == [24, 36, 48, 72, 96])
    #expect(report.inputs[0].files.map(\.height) == [24, 36, 48, 72, 96])
    // Without iOS, -o is where the platform folders go (issue 12): nothing but android/.
    #expect(
      try FileManager.default.contentsOfDirectory(atPath: folder.path("out/C.xcassets"))
        == ["android"])
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path("out")) == ["C.xcassets"])
    #expect(AndroidDrawables.resourceName("2-Factor Auth") == "ic_2_factor_auth")
    #expect(AndroidDrawables.resourceName("café") == "caf_")
    #expect(AndroidDrawables.resourceName("class") == "ic_class")
  }

  /// Issue 22: glyph drawables keep Material's 2 dp margin in the 24 dp box (ink reaching
  /// closer is scaled down about the centre); artwork that keeps it is drawn as before, and
  /// the plain role draws the canvas as is.
  @Test func androidGlyphsKeepMaterialsMargin() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let edge = try folder.write(
      "in/edge.svg", svg(viewBox: "0 0 16 16", body: "<rect width=\"16\" height=\"16\"/>"))
    let inset = try folder.write(
      "in/inset.svg",
      svg(viewBox: "0 0 24 24", body: "<rect x=\"3\" y=\"3\" width=\"18\" height=\"18\"/>"))
    func inkBounds(role: Role) throws -> [String: (Int, Int, Int, Int)] {
      var options = AssetsOptions()
      options.platforms = [.android]
      options.role = role
      let out = folder.path("out-\(role.rawValue)")
      _ = try AssetsJob(catalogPath: out + "/C.xcassets", options: options).run([edge, inset])
      var result: [String: (Int, Int, Int, Int)] = [:]
      for name in ["edge", "inset"] {
        let image = try PNGCodec.decode(
          try Data(
            contentsOf: URL(
              fileURLWithPath: out + "/C.xcassets/android/res/drawable-xxxhdpi/\(name).png")),
          path: name)
        var (x0, y0, x1, y1) = (image.width, image.height, -1, -1)
        for y in 0..<image.height {
          for x in 0..<image.width where image[x, y].a > 0 {
            (x0, y0, x1, y1) = (min(x0, x), min(y0, y), max(x1, x), max(y1, y))
          }
        }
        result[name] = (x0, y0, x1, y1)
      }
      return result
    }
    // 96 px at xxxhdpi: 2 dp is 8 px; the ink spans px 8...87.
    let glyph = try inkBounds(role: .tabBar)
    #expect(glyph["edge"]! == (8, 8, 87, 87))
    #expect(glyph["inset"]! == (12, 12, 83, 83))
    let plain = try inkBounds(role: .plain)
    #expect(plain["edge"]! == (0, 0, 95, 95))
    #expect(plain["inset"]! == (12, 12, 83, 83))
  }

  @Test func androidNamesThatCollideAfterMappingAreRefused() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let a = try folder.write("a-b.svg", disc)
    let b = try folder.write("a_b.svg", disc)
    var options = AssetsOptions()
    options.platforms = [.ios, .android]
    #expect(throws: GlyphsmithError.nameCollision(name: "a_b", first: a, second: b)) {
      try AssetsJob(catalogPath: folder.path("C.xcassets"), options: options).run([a, b])
    }
    #expect(folder.listing() == ["a-b.svg", "a_b.svg"])
  }

  @Test func webIconsFaviconTouchIconAndMaskableSafeZone() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    // A glyph that fills its whole canvas, to test the maskable safe zone.
    let input = try folder.write(
      "logo.svg",
      svg(viewBox: "0 0 24 24", body: "<rect width=\"24\" height=\"24\" fill=\"#0000FF\"/>"))
    var options = AssetsOptions()
    options.platforms = [.web]
    options.template = false
    _ = try AssetsJob(catalogPath: folder.path("C.xcassets"), options: options).run([input])
    let web = folder.path("C.xcassets/web/logo")  // without iOS, inside -o
    #expect(
      try FileManager.default.contentsOfDirectory(atPath: web).sorted() == [
        "apple-touch-icon.png", "favicon.ico", "icon-192.png", "icon-512-maskable.png",
        "icon-512.png", "manifest-icons.json",
      ])
    // ICO: ICONDIR (reserved 0, type 1, count 3), then 16-byte entries 16, 32, 48 px.
    let ico = try #require(FileManager.default.contents(atPath: web + "/favicon.ico"))
    #expect(Array(ico.prefix(6)) == [0, 0, 1, 0, 3, 0])
    var offset = 6 + 3 * 16
    for (index, side) in [16, 32, 48].enumerated() {
      let entry = Array(ico[(6 + 16 * index)..<(6 + 16 * index + 16)])
      #expect(entry[0] == UInt8(side) && entry[1] == UInt8(side) && entry[4] == 1 && entry[6] == 32)
      let size = Int(entry[8]) | Int(entry[9]) << 8 | Int(entry[10]) << 16 | Int(entry[11]) << 24
      let start = Int(entry[12]) | Int(entry[13]) << 8 | Int(entry[14]) << 16 | Int(entry[15]) << 24
      #expect(start == offset)
      let png = try PNGCodec.decode(ico.subdata(in: start..<(start + size)), path: "favicon")
      #expect(png.width == side && png.height == side)
      offset += size
    }
    #expect(offset == ico.count)
    // apple-touch-icon: 180 x 180, RGB without alpha (colour type 2), white corners.
    let touchData = try #require(
      FileManager.default.contents(atPath: web + "/apple-touch-icon.png"))
    #expect(touchData[25] == 2)
    let touch = try PNGCodec.decode(touchData, path: "touch")
    #expect(
      touch.width == 180 && touch[0, 0] == RGBA8.white && touch[90, 90] == RGBA8(r: 0, g: 0, b: 255)
    )
    // Maskable: every blue pixel within the central circle of radius 40 % of the width.
    let maskable = try PNGCodec.decode(
      try #require(FileManager.default.contents(atPath: web + "/icon-512-maskable.png")), path: "m")
    var outside = 0
    var blue = 0
    for y in 0..<512 {
      for x in 0..<512 where maskable[x, y].b > maskable[x, y].r {
        blue += 1
        let dx = Double(x) + 0.5 - 256
        let dy = Double(y) + 0.5 - 256
        if (dx * dx + dy * dy).squareRoot() > 0.4 * 512 { outside += 1 }
      }
    }
    #expect(blue > 280 * 280 && outside == 0)
    let manifest = try String(contentsOfFile: web + "/manifest-icons.json", encoding: .utf8)
    #expect(
      manifest.contains("\"purpose\" : \"maskable\"")
        && manifest.contains("\"sizes\" : \"192x192\""))
  }
}
