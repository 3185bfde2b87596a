import Foundation
import Glyphsmith
import GlyphsmithPNG
import Testing

/// `glyphsmith.json` and `glyphsmith build` (issue 24), as a new user meets them: the sample
/// icons as tab bar templates plus `heart` and `house` in original colours with dark
/// variants, Android PNGs and web icons, all from one file (docs/project.md walks the same).
@Suite("Project file and build")
struct ProjectCLITests {
  static let sampleIcons = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("assets/icons")

  /// The file of docs/project.md's walkthrough.
  static let walkthroughConfig = """
    {
      "version": 1,
      "icons": "icons",
      "ios": {"catalog": "App/Icons.xcassets", "compact": true, "format": "png"},
      "android": {"res": "android/src/main/res", "format": "png"},
      "web": {"folder": "web/icons"},
      "defaults": {"role": "tab-bar"},
      "rules": [
        {"match": "h[eo]*.svg", "original": true}
      ],
      "lint": {}
    }
    """

  /// A project folder: the sample icons in `icons/`, `heart` recoloured red, `heart-dark` and
  /// `house-dark` in light grey, and `glyphsmith.json`.
  static func project(config: String = walkthroughConfig) throws -> URL {
    let folder = try temporaryFolder()
    let icons = folder.appendingPathComponent("icons")
    try FileManager.default.createDirectory(at: icons, withIntermediateDirectories: true)
    for name in try FileManager.default.contentsOfDirectory(atPath: sampleIcons.path)
    where name.hasSuffix(".svg") {
      try FileManager.default.copyItem(
        at: sampleIcons.appendingPathComponent(name), to: icons.appendingPathComponent(name))
    }
    func recolour(_ name: String, _ colour: String, to target: String) throws {
      let text = try String(contentsOf: icons.appendingPathComponent(name), encoding: .utf8)
      try text.replacingOccurrences(of: "currentColor", with: colour)
        .write(to: icons.appendingPathComponent(target), atomically: true, encoding: .utf8)
    }
    try recolour("heart.svg", "#E0E0E0", to: "heart-dark.svg")
    try recolour("house.svg", "#E0E0E0", to: "house-dark.svg")
    try recolour("heart.svg", "#D0021B", to: "heart.svg")
    try config.write(
      to: folder.appendingPathComponent("glyphsmith.json"), atomically: true, encoding: .utf8)
    return folder
  }

  /// Every file below `folder` with its inode and modification time, to prove a run touched
  /// nothing.
  static func snapshot(_ folder: URL) throws -> [String: String] {
    var result: [String: String] = [:]
    let enumerator = FileManager.default.enumerator(atPath: folder.path)!
    while let relative = enumerator.nextObject() as? String {
      let attributes = try FileManager.default.attributesOfItem(
        atPath: folder.appendingPathComponent(relative).path)
      let date = (attributes[.modificationDate] as! Date).timeIntervalSince1970
      result[relative] = "\(attributes[.systemFileNumber]!) \(date)"
    }
    return result
  }

  static func json(_ url: URL) throws -> [String: Any] {
    try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as! [String: Any]
  }

  @Test func newUserWalkthrough() throws {
    let folder = try Self.project()
    defer { try? FileManager.default.removeItem(at: folder) }
    let catalog = folder.appendingPathComponent("App/Icons.xcassets")

    // A set made by hand, which no build may touch.
    let hand = catalog.appendingPathComponent("logo.imageset")
    try FileManager.default.createDirectory(at: hand, withIntermediateDirectories: true)
    // (Slots without files, as Xcode's new image set has: a set listing nothing at all is
    // validate's empty-asset warning.)
    let slots = #"{"images":[{"idiom":"universal","scale":"1x"}],"#
    try Data((slots + #""info":{"author":"xcode","version":1}}"#).utf8)
      .write(to: hand.appendingPathComponent("Contents.json"))

    let first = try CLIRunner.run(["build"], in: folder)
    #expect(first.status == 0, "\(first.stderr)")
    #expect(
      first.stderr.hasPrefix(
        "built 16 icons (300 PNG files) to App/Icons.xcassets, android/src/main/res, web/icons in "
      ), "\(first.stderr)")
    #expect(first.stderr.hasSuffix("; 0 unchanged; 0 skipped; 0 failed; 0 removed\n"))

    // Tab bar templates, with compact sets.
    let bell = try Self.json(catalog.appendingPathComponent("bell.imageset/Contents.json"))
    #expect((bell["properties"] as? [String: String])?["template-rendering-intent"] == "template")
    #expect((bell["images"] as! [Any]).count == 3)
    #expect(
      FileManager.default.fileExists(
        atPath: catalog.appendingPathComponent("bell-compact.imageset/bell-compact@2x.png").path))
    // heart and house: original colours with their dark appearances.
    for name in ["heart", "house"] {
      let contents = try Self.json(
        catalog.appendingPathComponent("\(name).imageset/Contents.json"))
      #expect(
        (contents["properties"] as? [String: String])?["template-rendering-intent"] == "original")
      let images = contents["images"] as! [[String: Any]]
      #expect(images.count == 6)
      #expect(images.filter { $0["appearances"] != nil }.map { $0["filename"] as! String }
        == ["\(name)-dark.png", "\(name)-dark@2x.png", "\(name)-dark@3x.png"])
    }
    // heart's light image keeps its red; a template keeps black only.
    let heart = try PNGCodec.decode(
      Data(contentsOf: catalog.appendingPathComponent("heart.imageset/heart@2x.png")), path: "")
    let red = stride(from: 0, to: heart.pixels.count, by: 4).contains {
      heart.pixels[$0] > 150 && heart.pixels[$0 + 1] < 60 && heart.pixels[$0 + 3] == 255
    }
    #expect(red)
    // Android PNGs at every density; web icons.
    for (density, side) in [
      ("mdpi", 24), ("hdpi", 36), ("xhdpi", 48), ("xxhdpi", 72), ("xxxhdpi", 96),
    ] {
      let data = try Data(
        contentsOf: folder.appendingPathComponent(
          "android/src/main/res/drawable-\(density)/bell.png"))
      let size = PNGCodec.size(of: data)
      #expect(size?.width == side && size?.height == side)
    }
    for file in ["favicon.ico", "icon-192.png", "icon-512.png", "manifest-icons.json"] {
      #expect(
        FileManager.default.fileExists(
          atPath: folder.appendingPathComponent("web/icons/bell/\(file)").path))
    }
    let validate = try CLIRunner.run(["validate", catalog.path])
    #expect(validate.status == 0, "\(validate.stderr)")

    // A second build touches nothing.
    let before = try Self.snapshot(folder)
    let second = try CLIRunner.run(["build"], in: folder)
    #expect(second.status == 0)
    #expect(second.stderr.contains("built 0 icons (0 PNG files)"))
    #expect(second.stderr.hasSuffix("; 16 unchanged; 0 skipped; 0 failed; 0 removed\n"))
    #expect(try Self.snapshot(folder) == before)

    // Goldens of the catalog, then bell is deleted and the next build removes its outputs.
    let record = try CLIRunner.run(["golden", "record", catalog.path, "golden"], in: folder)
    #expect(record.status == 0, "\(record.stderr)")
    try FileManager.default.removeItem(at: folder.appendingPathComponent("icons/bell.svg"))
    let third = try CLIRunner.run(["build", "--json"], in: folder)
    #expect(third.status == 0, "\(third.stderr)")
    let removedLines = third.stderr.split(separator: "\n").filter { $0.contains(": removed") }
    #expect(
      removedLines == [
        "App/Icons.xcassets/bell-compact.imageset: removed (its source icons/bell.svg is gone)",
        "App/Icons.xcassets/bell.imageset: removed (its source icons/bell.svg is gone)",
      ] + ["hdpi", "mdpi", "xhdpi", "xxhdpi", "xxxhdpi"].map {
        "android/src/main/res/drawable-\($0)/bell.png: removed (its source icons/bell.svg is gone)"
      } + ["web/icons/bell: removed (its source icons/bell.svg is gone)"])
    let report = try JSONSerialization.jsonObject(with: third.stdout) as! [String: Any]
    #expect((report["removed"] as! [String]).count == 8)
    #expect((report["inputs"] as! [Any]).count == 15)
    for gone in [
      "App/Icons.xcassets/bell.imageset", "App/Icons.xcassets/bell-compact.imageset",
      "android/src/main/res/drawable-mdpi/bell.png", "web/icons/bell",
    ] {
      #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent(gone).path))
    }
    #expect(FileManager.default.fileExists(atPath: hand.appendingPathComponent("Contents.json").path))

    // The golden check names bell's goldens.
    let check = try CLIRunner.run(["golden", "check", catalog.path, "golden"], in: folder)
    #expect(check.status == 1)
    let bellLines = check.stderr.split(separator: "\n").filter {
      $0.contains("golden has no actual image")
    }.map { String($0.prefix { $0 != ":" }) }
    #expect(
      bellLines.sorted() == [
        "golden/bell-compact.imageset/bell-compact.png",
        "golden/bell-compact.imageset/bell-compact@2x.png",
        "golden/bell-compact.imageset/bell-compact@3x.png",
        "golden/bell.imageset/bell.png", "golden/bell.imageset/bell@2x.png",
        "golden/bell.imageset/bell@3x.png",
      ], "\(check.stderr)")
  }
}

/// `glyphsmith init` on the sample icons and on Lucide, and `assets --prune`.
@Suite("Project init and prune")
struct ProjectInitCLITests {
  @Test func initOnTheSampleIconsNoticesDarkVariantsAndBuilds() throws {
    let folder = try ProjectCLITests.project(config: "")
    defer { try? FileManager.default.removeItem(at: folder) }
    try FileManager.default.removeItem(at: folder.appendingPathComponent("glyphsmith.json"))
    let result = try CLIRunner.run(["init"], in: folder)
    #expect(result.status == 0, "\(result.stderr)")
    // 16 icons, 2 of them with a dark variant: 18 files, 16 icons (it said 18, issue 39).
    #expect(
      result.stderr
        == "wrote glyphsmith.json: 16 icons; 2 with -dark variants (made original-colour); a stroked set (16 stroked SVGs): \"symbols\": true would make custom SF Symbols with weights; next: glyphsmith build\n"
    )
    let text = try String(
      contentsOf: folder.appendingPathComponent("glyphsmith.json"), encoding: .utf8)
    #expect(
      text == """
        {
          "version": 1,
          "icons": "icons",
          "ios": {"catalog": "Icons.xcassets", "compact": false, "format": "png", "symbols": false},
          "defaults": {"role": "tab-bar"},
          "rules": [
            {"match": "heart.svg", "original": true},
            {"match": "house.svg", "original": true}
          ],
          "lint": {}
        }

        """)
    // It never overwrites.
    let again = try CLIRunner.run(["init"], in: folder)
    #expect(again.status == 2)
    #expect(
      again.stderr
        == "glyphsmith.json: error: a glyphsmith.json is already here; init never overwrites one (edit it, or delete it first)\n"
    )
    // The starter builds: heart and house keep their dark appearances.
    let build = try CLIRunner.run(["build", "--quiet"], in: folder)
    #expect(build.status == 0, "\(build.stderr)")
    let heart = try ProjectCLITests.json(
      folder.appendingPathComponent("Icons.xcassets/heart.imageset/Contents.json"))
    #expect((heart["images"] as! [Any]).count == 6)
  }

  /// Trial t36: `init nosuchdir` said "no icons (.svg or .png files) in this folder" for a
  /// folder that is not there; `--icons` naming no folder the same.
  @Test func initOnAFolderThatIsNotThereSaysSo() throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let missing = try CLIRunner.run(["init", "nosuchdir"], in: folder)
    #expect(missing.status == 2)
    #expect(
      missing.stderr
        == "nosuchdir: error: cannot read: no such folder; give a folder of icons\n")
    try Data("x".utf8).write(to: folder.appendingPathComponent("file.svg"))
    let file = try CLIRunner.run(["init", "file.svg"], in: folder)
    #expect(file.status == 2)
    #expect(file.stderr == "file.svg: error: cannot read: not a folder; give a folder of icons\n")
    let icons = try CLIRunner.run(["init", "--icons", "art"], in: folder)
    #expect(icons.status == 2)
    #expect(
      icons.stderr
        == "art: error: cannot read: no such folder; --icons is a folder relative to FOLDER\n")
    // A folder that is there and holds no icons still says so.
    try FileManager.default.createDirectory(
      at: folder.appendingPathComponent("empty"), withIntermediateDirectories: true)
    let empty = try CLIRunner.run(["init", "empty"], in: folder)
    #expect(empty.status == 2)
    #expect(empty.stderr == "empty: error: no icons (.svg or .png files) in this folder\n")
    let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
    #expect(names == ["empty", "file.svg"])
  }

  /// Lucide (the shared corpus when present, else the Lucide icons copied into the test
  /// fixtures) in two sub-folders with a repeated name: a stroked set, a rule per folder,
  /// `namespace`.
  @Test func initOnLucideNoticesAStrokedSetAndSubFolders() throws {
    let tests = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .deletingLastPathComponent()
    // `../shared/corpus` beside the package's checkout, where the project guide keeps it.
    let corpus = tests.deletingLastPathComponent().deletingLastPathComponent()
      .appendingPathComponent("shared/corpus/lucide")
    let fixtures = tests.appendingPathComponent("GlyphsmithTestFixtures/Fixtures/lucide-stroke")
    let source = FileManager.default.fileExists(atPath: corpus.path) ? corpus : fixtures
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let icons = folder.appendingPathComponent("icons")
    try FileManager.default.createDirectory(at: icons, withIntermediateDirectories: true)
    try FileManager.default.copyItem(at: source, to: icons.appendingPathComponent("lucide"))
    let names = try FileManager.default.contentsOfDirectory(atPath: source.path)
      .filter { $0.hasSuffix(".svg") }.sorted()
    try FileManager.default.createDirectory(
      at: icons.appendingPathComponent("extra"), withIntermediateDirectories: true)
    try FileManager.default.copyItem(
      at: source.appendingPathComponent(names[0]),
      to: icons.appendingPathComponent("extra/" + names[0]))
    let result = try CLIRunner.run(["init"], in: folder)
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stderr.hasPrefix("wrote glyphsmith.json: \(names.count + 1) icons; sub-folders extra, lucide (a rule each); a stroked set ("))
    let text = try String(
      contentsOf: folder.appendingPathComponent("glyphsmith.json"), encoding: .utf8)
    #expect(text.contains(#""symbols": false, "namespace": true}"#))
    #expect(text.contains(#"{"match": "extra/**", "role": "tab-bar"},"#))
    #expect(text.contains(#"{"match": "lucide/**", "role": "tab-bar"}"#))
    // What init writes is a valid file.
    #expect(throws: Never.self) {
      try ProjectConfig.load(path: folder.appendingPathComponent("glyphsmith.json").path)
    }
  }

  @Test func assetsPruneRemovesOnlyWhatItRecorded() throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let icons = folder.appendingPathComponent("icons")
    try FileManager.default.createDirectory(at: icons, withIntermediateDirectories: true)
    for name in ["bell", "star"] {
      try FileManager.default.copyItem(
        at: ProjectCLITests.sampleIcons.appendingPathComponent("\(name).svg"),
        to: icons.appendingPathComponent("\(name).svg"))
    }
    let arguments = [
      "assets", "icons", "-o", "I.xcassets", "--prune", "--platform", "ios,web", "--web-out", "web",
    ]
    #expect(try CLIRunner.run(arguments, in: folder).status == 0)
    // Written by plain assets from a file outside the inputs of the pruning run: recorded
    // with its source, which is none of this run's, so never removed by it, gone or not.
    try FileManager.default.copyItem(
      at: ProjectCLITests.sampleIcons.appendingPathComponent("heart.svg"),
      to: folder.appendingPathComponent("heart.svg"))
    #expect(try CLIRunner.run(["assets", "heart.svg", "-o", "I.xcassets"], in: folder).status == 0)
    try FileManager.default.removeItem(at: icons.appendingPathComponent("star.svg"))
    try FileManager.default.removeItem(at: folder.appendingPathComponent("heart.svg"))
    let result = try CLIRunner.run(arguments, in: folder)
    #expect(result.status == 0)
    #expect(
      result.stderr.split(separator: "\n").filter { $0.contains("removed (") }
        == [
          "I.xcassets/star.imageset: removed (its source icons/star.svg is gone)",
          "web/star: removed (its source icons/star.svg is gone)",
        ])
    #expect(result.stderr.hasSuffix("; 1 unchanged; 0 failed; 2 removed\n"))
    #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent("I.xcassets/heart.imageset").path))
    #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent("I.xcassets/bell.imageset").path))
  }

  // Found by the new-user trial: a file in `design/` naming `../App/...` printed
  // `design/../App/...`, and a build run from below the file printed absolute paths. Every
  // path is printed relative to the current folder, without `..` through existing folders.
  @Test func pathsArePrintedRelativeToHereWithoutStepsThroughFolders() throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let icons = folder.appendingPathComponent("design/icons")
    try FileManager.default.createDirectory(at: icons, withIntermediateDirectories: true)
    for name in ["bell", "star"] {
      try FileManager.default.copyItem(
        at: ProjectCLITests.sampleIcons.appendingPathComponent("\(name).svg"),
        to: icons.appendingPathComponent("\(name).svg"))
    }
    try Data(
      #"{"version": 1, "icons": "icons", "ios": {"catalog": "../App/Icons.xcassets"}, "android": {"res": "../android/res", "format": "vector"}, "web": {"folder": "../web"}}"#
        .utf8
    ).write(to: folder.appendingPathComponent("design/glyphsmith.json"))
    let built = try CLIRunner.run(["build", "--config", "design/glyphsmith.json"], in: folder)
    #expect(built.status == 0, "\(built.stderr)")
    #expect(built.stderr.hasPrefix("built 2 icons (20 PNG files, 2 VectorDrawables) to App/Icons.xcassets, android/res, web in "))
    try FileManager.default.removeItem(at: icons.appendingPathComponent("star.svg"))
    // From below the file (found above): relative with `..`, never absolute.
    let pruned = try CLIRunner.run(["build"], in: icons)
    #expect(pruned.status == 0, "\(pruned.stderr)")
    let lines = pruned.stderr.split(separator: "\n").map(String.init)
    #expect(
      Array(lines.dropLast()) == [
        "../../App/Icons.xcassets/star.imageset: removed (its source star.svg is gone)",
        "../../android/res/drawable/star.xml: removed (its source star.svg is gone)",
        "../../web/star: removed (its source star.svg is gone)",
      ])
    #expect(lines.last?.hasPrefix("built 0 icons (0 PNG files) to ../../App/Icons.xcassets, ../../android/res, ../../web in ") == true)
    #expect(lines.last?.hasSuffix(" s; 1 unchanged; 0 skipped; 0 failed; 3 removed") == true)
  }

}
