import Foundation
import Glyphsmith
import GlyphsmithTestFixtures
import Testing

/// Issue 35's second trial, the findings left after `IconBundleTrialTwoCLITests`: a `<use>` of
/// a whole group, value ranges in `icon.json` and the project block, the project's keys named
/// as keys, "draws nothing" by what the canvas shows, reruns of `--fallback`, links and
/// folders added inside a bundle, contrast warnings on Apple's own bundles, duplicate layers,
/// unused files in `Assets/` and the preview's labels.
@Suite struct IconBundleTrialThreeCLITests {
  typealias Two = IconBundleTrialTwoCLITests

  /// A 24 pt glyph (a filled square in the middle), as lucide's icons are sized.
  static let glyph =
    "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"24\" height=\"24\" viewBox=\"0 0 24 24\">"
    + "<rect x=\"6\" y=\"6\" width=\"12\" height=\"12\"/></svg>\n"

  /// A project folder with `fg.svg` (`glyph`) and `glyphsmith.json` whose `appicon` block
  /// holds `block` after `icon`, `format` and `output`.
  static func project(_ block: String) throws -> URL {
    try Two.folder([
      ("fg.svg", glyph),
      (
        "glyphsmith.json",
        """
        {"version": 1, "icons": "icons", "ios": {"catalog": "A.xcassets"},
         "appicon": {"icon": "fg.svg", "format": "icon", "output": "P.icon"\(block)}}
        """
      ),
      ("icons/.keep", ""),
    ])
  }

  // MARK: - Finding 3: a <use> of a whole top-level group

  @Test func aUseOfAWholeGroupKeepsTheGroupInTheLayersDefs() throws {
    let dir = try Two.folder([
      (
        "g.svg",
        Two.svg(
          "<g id=\"logo\"><circle cx=\"512\" cy=\"512\" r=\"200\"/></g>"
            + "<g id=\"front\"><use href=\"#logo\" "
            + "transform=\"translate(512 512) scale(0.5) translate(-512 -512)\"/></g>")
      )
    ])
    defer { try? FileManager.default.removeItem(at: dir) }
    let result = try CLIRunner.run(
      ["appicon", "g.svg", "--format", "icon", "-o", "G.icon", "--layers-from-groups"], in: dir)
    #expect(result.status == 0, "\(result.stderr)")
    let front = try String(
      contentsOf: dir.appendingPathComponent("G.icon/Assets/front.svg"), encoding: .utf8)
    #expect(
      front
        == "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<svg xmlns=\"http://www.w3.org/2000/svg\" "
        + "width=\"1024\" height=\"1024\"><defs><g id=\"logo\"><circle cx=\"512\" cy=\"512\" "
        + "r=\"200\"/></g></defs><g id=\"front\"><use href=\"#logo\" transform=\"translate(512 "
        + "512) scale(0.5) translate(-512 -512)\"/></g></svg>\n")
    // The front layer draws the circle at half size: radius 100 pt around the centre, 6.25
    // px at 64 px.
    let render = try CLIRunner.run(
      ["render", "G.icon/Assets/front.svg", "-o", "f.png", "--width", "64", "--height", "64"],
      in: dir)
    #expect(render.status == 0, "\(render.stderr)")
    let out = dir.appendingPathComponent("f.png")
    let image = try PNGCodec.decode(Data(contentsOf: out), path: out.path)
    func pixel(_ x: Int, _ y: Int) -> [UInt8] {
      Array(image.pixels[(y * 64 + x) * 4..<(y * 64 + x) * 4 + 4])
    }
    #expect(pixel(32, 32) == [0, 0, 0, 255])
    #expect(pixel(36, 32) == [0, 0, 0, 255])
    #expect(pixel(42, 32) == [0, 0, 0, 0])
    // The logo layer is the group itself.
    let logo = try String(
      contentsOf: dir.appendingPathComponent("G.icon/Assets/logo.svg"), encoding: .utf8)
    #expect(logo.contains("<g id=\"logo\"><circle cx=\"512\" cy=\"512\" r=\"200\"/></g></svg>"))
    #expect(!logo.contains("<defs"))
  }

  // MARK: - Finding 5: validate checks value ranges

  /// criticalmaps' bundle copied into a fresh folder as `T.icon`, with `edits` (old, new)
  /// applied to its `icon.json`.
  static func editedBundle(_ edits: [(String, String)]) throws -> URL {
    let dir = try temporaryFolder()
    let copy = dir.appendingPathComponent("T.icon")
    try FileManager.default.copyItem(
      at: IconComposerFixtures.bundle("criticalmaps-ios/iOS/AppIcon.icon"), to: copy)
    let url = copy.appendingPathComponent("icon.json")
    var text = try String(contentsOf: url, encoding: .utf8)
    for (old, new) in edits {
      let range = try #require(text.range(of: old), "\(old)")
      text.replaceSubrange(range, with: new)
    }
    try Data(text.utf8).write(to: url)
    return dir
  }

  @Test func validateNamesEachValueOutOfRangeWithItsKeyPath() throws {
    let dir = try Self.editedBundle([
      ("\"opacity\" : 0.5", "\"opacity\" : 1.2e19"),
      ("\"value\" : 0.5", "\"value\" : 50"),
      (
        "display-p3:0.00703,0.01640,0.03393,1.00000",
        "display-p3:0.00703,0.01640,0.03393,5.00000"
      ),
      (
        "display-p3:0.94339,0.96611,0.94373,1.00000",
        "display-p3:1.94339,0.96611,0.94373,1.00000"
      ),
      ("\"scale\" : 1,", "\"scale\" : 1e300,"),
      ("\"squares\" : \"shared\"", "\"squares\" : \"everything\""),
    ])
    defer { try? FileManager.default.removeItem(at: dir) }
    let result = try CLIRunner.run(["validate", "T.icon"], in: dir)
    #expect(result.status == 1)
    let expected = [
      "T.icon/icon.json:15:1: error: [icon-range] groups[0].blur-material-specializations[0].value: 50 is outside 0 to 1; a blur material is from 0 (none) to 1 (the most frosting), as Icon Composer's slider sets it (Apple's documents hold 0.1 to 0.9; docs/formats.md), or null",
      "T.icon/icon.json:40:1: error: [icon-range] groups[0].layers[0].fill-specializations[1].value.solid: 'display-p3:0.00703,0.01640,0.03393,5.00000': its alpha 5 is outside 0 to 1 (0 transparent, 1 opaque); give an alpha in that range",
      "T.icon/icon.json:67:1: error: [icon-range] groups[0].layers[0].position.scale: 1e+300 is outside 0 to 1024; 1 is the layer's own size and 1024 draws a 1 pt layer over the whole 1024 pt canvas (Apple's documents hold 0.65 to 1.3); give a scale in that range",
      "T.icon/icon.json:131:1: error: [icon-range] groups[0].layers[2].fill-specializations[0].value.solid: 'display-p3:1.94339,0.96611,0.94373,1.00000': the component 1.94339 is outside 0 to 1; display-p3 components are from 0 to 1 (extended-srgb holds colours beyond the gamut)",
      "T.icon/icon.json:183:1: error: [icon-range] groups[0].shadow.opacity: 1.2e+19 is outside 0 to 1; an opacity is from 0 (invisible) to 1 (opaque), as Icon Composer's slider sets it",
      "T.icon/icon.json:265:1: error: [icon-range] supported-platforms.squares: 'everything' is not a value Icon Composer writes; give \"shared\" (every platform's square) or a list of platforms, as [\"macOS\"] (docs/formats.md)",
      "6 findings (6 errors)",
    ]
    #expect(result.stderr.split(separator: "\n").map(String.init) == expected)
    // Preview and lint name icon.json's scale, never a valid layer file.
    let scale =
      "T.icon/icon.json: error: groups[0].layers[0].position.scale: 1e+300 is outside 0 to 1024"
    let lint = try CLIRunner.run(["lint", "--role", "icon-layer", "T.icon"], in: dir)
    #expect(lint.stderr.contains(scale), "\(lint.stderr)")
    #expect(!lint.stderr.contains("InvalidMatrix"), "\(lint.stderr)")
    #expect(!lint.stderr.contains("Yellow 2.svg"), "\(lint.stderr)")
    let preview = try CLIRunner.run(["appicon", "T.icon", "--preview", "p.png"], in: dir)
    #expect(preview.status == 2)
    #expect(!preview.stderr.contains("InvalidMatrix"), "\(preview.stderr)")
    #expect(!FileManager.default.fileExists(atPath: dir.appendingPathComponent("p.png").path))
  }

  @Test func everyVendoredBundleValidatesIncludingApplesOwnOutOfGamutDisplayP3() throws {
    // tophat holds display-p3 1.04685: Icon Composer's own, within the 0.1 of slack.
    for name in IconComposerFixtures.bundles {
      let result = try CLIRunner.run(["validate", IconComposerFixtures.bundle(name).path])
      #expect(result.status == 0, "\(name): \(result.stderr)")
      #expect(result.stderr == "", "\(name): \(result.stderr)")
    }
  }

  @Test(arguments: [
    ("\"opacity\" : 0.5", "\"opacity\" : -1", "groups[0].shadow.opacity: -1 is outside 0 to 1"),
    (
      "\"squares\" : \"shared\"", "\"squares\" : [\"everywhere\"]",
      "supported-platforms.squares[0]: 'everywhere' is not a platform Icon Composer offers; give one of iOS, macOS, watchOS"
    ),
    (
      "display-p3:0.00703,0.01640,0.03393,1.00000",
      "extended-srgb:0.00703,3.00000,0.03393,1.00000",
      "groups[0].layers[0].fill-specializations[1].value.solid: 'extended-srgb:0.00703,3.00000,0.03393,1.00000': the component 3 is outside -1 to 2"
    ),
  ])
  func eachRangeIsAnError(old: String, new: String, message: String) throws {
    let dir = try Self.editedBundle([(old, new)])
    defer { try? FileManager.default.removeItem(at: dir) }
    let result = try CLIRunner.run(["validate", "T.icon"], in: dir)
    #expect(result.status == 1)
    #expect(result.stderr.contains("error: [icon-range] " + message), "\(result.stderr)")
    #expect(result.stderr.hasSuffix("1 finding (1 error)\n"), "\(result.stderr)")
  }

  // MARK: - Finding 6: the project block's ranges

  @Test(arguments: [
    (
      #", "groups": [{"shadow": {"kind": "neutral", "opacity": 7}}]"#,
      "glyphsmith.json: error: invalid glyphsmith.json: 'appicon.groups[0].shadow.opacity': 7 is outside 0 to 1; an opacity is from 0 (invisible) to 1 (opaque), as Icon Composer's slider sets it; see docs/project.md\n"
    ),
    (
      #", "groups": [{"position": {"scale": 1e300, "translation-in-points": [0, 0]}}]"#,
      "glyphsmith.json: error: invalid glyphsmith.json: 'appicon.groups[0].position.scale': 1e+300 is outside 0 to 1024; 1 is the layer's own size and 1024 draws a 1 pt layer over the whole 1024 pt canvas (Apple's documents hold 0.65 to 1.3); give a scale in that range; see docs/project.md\n"
    ),
    (
      #", "groups": [{"translucency": {"enabled": true, "value": 2}}]"#,
      "glyphsmith.json: error: invalid glyphsmith.json: 'appicon.groups[0].translucency.value': 2 is outside 0 to 1; a translucency is from 0 (opaque glass) to 1 (clear), as Icon Composer's slider sets it; see docs/project.md\n"
    ),
  ])
  func theProjectBlockIsCheckedBeforeAnythingIsWritten(block: String, message: String) throws {
    let dir = try Self.project(block)
    defer { try? FileManager.default.removeItem(at: dir) }
    let result = try CLIRunner.run(["appicon", "--project"], in: dir)
    #expect(result.status == 2)
    #expect(result.stderr == message)
    #expect(!FileManager.default.fileExists(atPath: dir.appendingPathComponent("P.icon").path))
  }

  @Test func aTinyProjectScaleWarnsThatTheLayerDrawsNothing() throws {
    let dir = try Self.project(
      #", "groups": [{"position": {"scale": 0.001, "translation-in-points": [0, 0]}}]"#)
    defer { try? FileManager.default.removeItem(at: dir) }
    let result = try CLIRunner.run(["appicon", "--project"], in: dir)
    #expect(result.status == 0, "\(result.stderr)")
    // The 24 pt glyph is written at scale 27.73 (665.6 pt), times the group's 0.001.
    #expect(
      result.stderr.contains(
        "fg.svg: warning: draws nothing in the bundle (P.icon/Assets/fg.svg): placed at 0.67 x "
          + "0.67 pt (scale 0.0277), it covers "), "\(result.stderr)")
    #expect(
      result.stderr.contains(" px of the 1024 px icon; the layer will be invisible"),
      "\(result.stderr)")
  }

  // MARK: - Finding 7: the project's key, not a flag

  @Test func aProjectDarkBackgroundWithoutAColourNamesTheProjectKey() throws {
    let dir = try Self.project(##", "dark-background": "#000000""##)
    defer { try? FileManager.default.removeItem(at: dir) }
    let result = try CLIRunner.run(["appicon", "--project"], in: dir)
    #expect(result.status == 2)
    #expect(
      result.stderr
        == "glyphsmith.json: error: 'appicon.dark-background' needs a background colour ('appicon.background' or --background COLOR): Icon Composer's documents give a dark fill beside a light one\n"
    )
    // Given on the command line, the flag is named as before.
    let flag = try CLIRunner.run(
      ["appicon", "fg.svg", "--format", "icon", "-o", "F.icon", "--dark-background", "#000000"],
      in: dir)
    #expect(flag.status == 2)
    #expect(flag.stderr.contains("error: --dark-background needs --background COLOR"))
  }

  // MARK: - Finding 8: draws nothing, by the canvas

  @Test func aHugeSVGWithASmallViewBoxDraws() throws {
    let dir = try Two.folder([
      (
        "big.svg",
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"20000\" height=\"20000\" "
          + "viewBox=\"0 0 10 10\"><rect x=\"2\" y=\"2\" width=\"6\" height=\"6\"/></svg>\n"
      )
    ])
    defer { try? FileManager.default.removeItem(at: dir) }
    let result = try CLIRunner.run(
      ["appicon", "big.svg", "--format", "icon", "-o", "B.icon"], in: dir)
    #expect(result.status == 0, "\(result.stderr)")
    #expect(!result.stderr.contains("draws nothing"), "\(result.stderr)")
    #expect(
      result.stderr.hasSuffix("wrote B.icon (icon.json, 1 layer file)\n"), "\(result.stderr)")
  }

  // MARK: - Finding 10: an unchanged rerun leaves the --fallback set alone

  /// The inode and modification time of `url`.
  static func stamp(_ url: URL) throws -> [String] {
    let attributes = try FileManager.default.attributesOfItem(atPath: url.path)
    return ["\(attributes[.systemFileNumber] ?? "")", "\(attributes[.modificationDate] ?? "")"]
  }

  @Test func anUnchangedRerunLeavesTheFallbackSetAlone() throws {
    let dir = try Two.folder([
      ("fg.svg", Two.svg("<circle cx=\"512\" cy=\"512\" r=\"300\" fill=\"#fff\"/>"))
    ])
    defer { try? FileManager.default.removeItem(at: dir) }
    let arguments = [
      "appicon", "fg.svg", "--format", "icon", "-o", "Re.icon", "--background", "#1E3A8A",
      "--fallback", "A.xcassets",
    ]
    let first = try CLIRunner.run(arguments, in: dir)
    #expect(first.status == 0, "\(first.stderr)")
    #expect(first.stderr.hasSuffix("wrote A.xcassets/Re-Fallback.appiconset (2 PNG files)\n"))
    let set = dir.appendingPathComponent("A.xcassets/Re-Fallback.appiconset")
    let names = ["", "Contents.json", "icon-1024.png", "icon-1024-dark.png"]
    func stamps() throws -> [[String]] {
      try names.map { try Self.stamp(set.appendingPathComponent($0)) }
    }
    func bytes() throws -> [Data] {
      try names.dropFirst().map { try Data(contentsOf: set.appendingPathComponent($0)) }
    }
    let before = try stamps()
    let data = try bytes()
    Thread.sleep(forTimeInterval: 1.1)
    let again = try CLIRunner.run(arguments, in: dir)
    #expect(again.status == 0, "\(again.stderr)")
    #expect(
      again.stderr
        == "unchanged Re.icon (icon.json, 1 layer file)\n"
        + "unchanged A.xcassets/Re-Fallback.appiconset (2 PNG files)\n", "\(again.stderr)")
    #expect(try stamps() == before)
    #expect(try bytes() == data)
    // Another background: both written again.
    let other = try CLIRunner.run(
      Array(arguments.dropLast(3)) + ["#000000", "--fallback", "A.xcassets"], in: dir)
    #expect(other.status == 0, "\(other.stderr)")
    #expect(other.stderr.hasSuffix("wrote A.xcassets/Re-Fallback.appiconset (2 PNG files)\n"))
    #expect(try Self.stamp(set.appendingPathComponent("icon-1024.png")) != before[2])
  }

  // MARK: - Finding 15: links and empty folders added inside a bundle

  @Test(arguments: ["link", "dangling", "folder-link", "empty-folder"])
  func aLinkOrEmptyFolderAddedInsideTheBundleIsRefusedThenReplacedNamingIt(kind: String) throws {
    let dir = try Two.folder([
      ("fg.svg", Two.svg("<circle cx=\"512\" cy=\"512\" r=\"300\" fill=\"#fff\"/>"))
    ])
    defer { try? FileManager.default.removeItem(at: dir) }
    let arguments = [
      "appicon", "fg.svg", "--format", "icon", "-o", "Re.icon", "--background", "#1E3A8A",
    ]
    #expect(try CLIRunner.run(arguments, in: dir).status == 0)
    let added = dir.appendingPathComponent("Re.icon/Assets/mine")
    let manager = FileManager.default
    switch kind {
    case "link":
      try manager.createSymbolicLink(atPath: added.path, withDestinationPath: "../../fg.svg")
    case "dangling":
      try manager.createSymbolicLink(atPath: added.path, withDestinationPath: "nowhere.svg")
    case "folder-link":
      try manager.createSymbolicLink(atPath: added.path, withDestinationPath: "../..")
    default:
      try manager.createDirectory(at: added, withIntermediateDirectories: false)
    }
    let shown = "Re.icon/Assets/mine" + (kind == "empty-folder" ? "/" : "")
    let refused = try CLIRunner.run(arguments, in: dir)
    #expect(refused.status == 2)
    #expect(
      refused.stderr
        == "fg.svg: error: \(shown) was added since glyphsmith wrote Re.icon; move it or pass --force\n"
    )
    #expect(
      manager.fileExists(atPath: added.path)
        || (try? manager.destinationOfSymbolicLink(atPath: added.path)) != nil)
    let forced = try CLIRunner.run(arguments + ["--force"], in: dir)
    #expect(forced.status == 0, "\(forced.stderr)")
    #expect(
      forced.stderr.hasPrefix(
        "\(shown): warning: added since glyphsmith wrote the bundle; deleted"), "\(forced.stderr)")
    #expect((try? manager.destinationOfSymbolicLink(atPath: added.path)) == nil)
    #expect(!manager.fileExists(atPath: added.path))
  }

  // MARK: - Finding 12: contrast Apple's bundles set on purpose

  @Test func applesBundlesLintWithoutContrastWarningsWhereTheySetTheAppearance() throws {
    var infos = 0
    var warnings: [String] = []
    for name in IconComposerFixtures.bundles {
      let path = IconComposerFixtures.bundle(name).path
      // Apple's 1024 pt layers take a few seconds each in a debug build; on a loaded machine
      // more than the 10 s default (a CI run at load 17 timed three of them out).
      let result = try CLIRunner.run(["lint", "--role", "icon-layer", "--timeout", "300", path])
      #expect(result.status == 0, "\(name): \(result.stderr)")
      infos += result.stderr.components(separatedBy: "info: [appearance-contrast]").count - 1
      warnings += result.stderr.split(separator: "\n").filter {
        $0.contains("warning: [appearance-contrast]")
      }.map { String($0.prefix { $0 != "(" }).replacingOccurrences(of: path + "/", with: "") }
    }
    // criticalmaps' 4 bundles (tinted fills) and LNPopupController (dark and tinted fills):
    // 10 layers told as infos. tophat sets nothing for tinted (no specialization at all):
    // its top hat stays a warning.
    #expect(infos == 10)
    #expect(
      warnings == [
        "Assets/top_hat.png: warning: [appearance-contrast] in the tinted appearance "
      ])
  }

  @Test func aLayerWhoseTintedFillTheBundleSetsIsAnInfo() throws {
    let popup = IconComposerFixtures.bundle(
      "LNPopupController/LNPopupControllerExample/LNPopupController.icon")
    let result = try CLIRunner.run(["lint", "--role", "icon-layer", popup.path])
    #expect(result.status == 0, "\(result.stderr)")
    let lines = result.stderr.split(separator: "\n").map {
      String($0).replacingOccurrences(of: popup.path + "/", with: "")
    }
    #expect(lines.last == "5 files: 0 errors, 0 warnings, 3 info")
    let contrast = lines.filter { $0.contains("[appearance-contrast]") }
    #expect(contrast.count == 3)
    for line in contrast {
      #expect(line.contains(": info: [appearance-contrast] in the "), "\(line)")
      #expect(line.hasSuffix("appearance, so this is taken as intended"), "\(line)")
      #expect(line.contains("; the bundle sets "), "\(line)")
    }
  }

  // MARK: - Finding 13: the dark advice for --layer files

  @Test func theDarkAdviceForALayerFileDoesNotSuggestDark() throws {
    let dir = try Two.folder([
      ("fg.svg", Two.svg("<circle cx=\"300\" cy=\"512\" r=\"120\" fill=\"#fff\"/>")),
      ("ring.svg", Two.svg("<circle cx=\"700\" cy=\"512\" r=\"120\" fill=\"#000\"/>")),
    ])
    defer { try? FileManager.default.removeItem(at: dir) }
    let result = try CLIRunner.run(
      [
        "appicon", "fg.svg", "--format", "icon", "-o", "L.icon", "--layer", "ring.svg",
        "--background", "#FFFFFF",
      ], in: dir)
    #expect(result.status == 0, "\(result.stderr)")
    let line = try #require(
      result.stderr.split(separator: "\n").first {
        $0.hasPrefix("L.icon/Assets/ring.svg: warning: [appearance-contrast] in the dark")
      }, "\(result.stderr)")
    #expect(
      line.hasSuffix(
        "it vanishes; give the layer a dark fill-specialization in a light colour, or draw it "
          + "in a colour that stands out on the dark background too (appicon --dark replaces "
          + "the foreground only)"), "\(line)")
    #expect(!line.contains("another file for dark"))
  }

  // MARK: - Finding 14: layers that add nothing

  @Test(arguments: [
    (
      ["--layer", "ring.svg", "--layer", "ring.svg"],
      "glyphsmith appicon: error: --layer ring.svg is given twice: it would be one layer twice; leave out one\nsee 'glyphsmith help appicon'\n"
    ),
    (
      ["--layer", "./fg.svg"],
      "glyphsmith appicon: error: --layer ./fg.svg is the foreground (ICON) itself: it would be one layer twice; leave out --layer ./fg.svg\nsee 'glyphsmith help appicon'\n"
    ),
    (
      ["--dark", "fg.svg"],
      "glyphsmith appicon: error: --dark fg.svg is the foreground (ICON) itself: the dark appearance would draw the light one's art; leave out --dark or give the dark art\nsee 'glyphsmith help appicon'\n"
    ),
    (
      ["--tinted", "fg.svg"],
      "glyphsmith appicon: error: --tinted fg.svg is the foreground (ICON) itself: the tinted appearance would draw the light one's art; leave out --tinted or give the tinted art\nsee 'glyphsmith help appicon'\n"
    ),
  ])
  func aLayerThatAddsNothingIsRefused(extra: [String], message: String) throws {
    let dir = try Two.folder([
      ("fg.svg", Two.svg("<circle cx=\"512\" cy=\"512\" r=\"300\" fill=\"#fff\"/>")),
      ("ring.svg", Two.svg("<circle cx=\"512\" cy=\"512\" r=\"400\" fill=\"#00f\"/>")),
    ])
    defer { try? FileManager.default.removeItem(at: dir) }
    let result = try CLIRunner.run(
      ["appicon", "fg.svg", "--format", "icon", "-o", "D.icon"] + extra, in: dir)
    #expect(result.status == 2)
    #expect(result.stderr == message)
    #expect(!FileManager.default.fileExists(atPath: dir.appendingPathComponent("D.icon").path))
  }

  @Test func oneFileForDarkAndTintedIsTaken() throws {
    let dir = try Two.folder([
      ("fg.svg", Two.svg("<circle cx=\"512\" cy=\"512\" r=\"300\" fill=\"#000\"/>")),
      ("mono.svg", Two.svg("<circle cx=\"512\" cy=\"512\" r=\"300\" fill=\"#fff\"/>")),
    ])
    defer { try? FileManager.default.removeItem(at: dir) }
    let result = try CLIRunner.run(
      [
        "appicon", "fg.svg", "--format", "icon", "-o", "M.icon", "--dark", "mono.svg",
        "--tinted", "mono.svg",
      ], in: dir)
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stderr.hasSuffix("wrote M.icon (icon.json, 2 layer files)\n"))
  }

  // MARK: - Finding 16: what Assets/ holds that no layer draws

  @Test func validateNamesUnusedFilesAndFoldersInAssets() throws {
    let dir = try Self.editedBundle([])
    defer { try? FileManager.default.removeItem(at: dir) }
    let assets = dir.appendingPathComponent("T.icon/Assets")
    let first = try #require(
      try FileManager.default.contentsOfDirectory(atPath: assets.path).sorted().first)
    try FileManager.default.copyItem(
      at: assets.appendingPathComponent(first), to: assets.appendingPathComponent("extra.svg"))
    try FileManager.default.createDirectory(
      at: assets.appendingPathComponent("sub.svg"), withIntermediateDirectories: false)
    try Data().write(to: assets.appendingPathComponent(".DS_Store"))
    let result = try CLIRunner.run(["validate", "T.icon"], in: dir)
    #expect(result.status == 1)
    #expect(
      result.stderr.split(separator: "\n").map(String.init) == [
        "T.icon/Assets/extra.svg: warning: [icon-unused] no layer draws it (no image-name names it); remove it from Assets/, or add a layer for it in Icon Composer",
        "T.icon/Assets/sub.svg/: warning: [icon-unused] a folder in Assets/, which holds the layers' image files only; no layer draws it (a layer names a file): move it out of the bundle",
        "2 findings (0 errors)",
      ])
  }
}

/// Issue 35's third trial, finding 1: `--dark` art takes the foreground's place in its layer
/// and so its `position`; art on another canvas was drawn at the foreground's scale (a
/// 1024 pt bolt at a 24 pt glyph's 27.7 covered the whole dark icon, a 24 pt rocket beside a
/// 1024 pt foreground was a speck), exit 0. Now refused before anything is written.
@Suite struct IconBundleDarkCanvasCLITests {
  typealias Two = IconBundleTrialTwoCLITests

  @Test func darkArtOnAnotherCanvasIsRefusedBeforeWriting() throws {
    let dir = try Two.folder([
      ("fg.svg", IconBundleTrialThreeCLITests.glyph),
      ("big.svg", Two.svg("<rect x=\"256\" y=\"256\" width=\"512\" height=\"512\"/>")),
      ("same.svg", IconBundleTrialThreeCLITests.glyph.replacingOccurrences(of: "x=\"6\"", with: "x=\"4\"")),
    ])
    defer { try? FileManager.default.removeItem(at: dir) }
    for (foreground, dark, canvases) in [
      ("fg.svg", "big.svg", "1024 x 1024 pt and the foreground's (fg.svg) 24 x 24 pt"),
      ("big.svg", "fg.svg", "24 x 24 pt and the foreground's (big.svg) 1024 x 1024 pt"),
    ] {
      let result = try CLIRunner.run(
        ["appicon", foreground, "--format", "icon", "-o", "D.icon", "--dark", dark], in: dir)
      #expect(result.status == 2)
      #expect(
        result.stderr.hasPrefix(
          "\(dark): error: --dark: its canvas is \(canvases); the dark art replaces the foreground's file in its layer and is drawn at its scale, so draw it on the foreground's canvas"
        ), "\(result.stderr)")
      #expect(!FileManager.default.fileExists(atPath: dir.appendingPathComponent("D.icon").path))
    }
    // Issue 35's third trial, finding 2: a canvas too small to place was written with a
    // scale `validate` refuses (6656000.17), exit 1 with the bundle left; now exit 2 before
    // writing, naming the file.
    try Data(
      ("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"0.0001\" height=\"0.0001\" "
        + "viewBox=\"0 0 10 10\"><rect width=\"10\" height=\"10\"/></svg>\n").utf8
    ).write(to: dir.appendingPathComponent("tiny.svg"))
    for arguments in [["tiny.svg"], ["fg.svg", "--layer", "tiny.svg"]] {
      let tiny = try CLIRunner.run(
        ["appicon"] + arguments + ["--format", "icon", "-o", "T.icon"], in: dir)
      #expect(tiny.status == 2)
      #expect(
        tiny.stderr.hasPrefix(
          "tiny.svg: error: its canvas is 0.0001 x 0.0001 pt: placing it on the 1024 pt icon needs a scale of 6.656e+06, over the 1024 Icon Composer takes; give the SVG a real width and height (or viewBox)"
        ), "\(tiny.stderr)")
      #expect(!FileManager.default.fileExists(atPath: dir.appendingPathComponent("T.icon").path))
    }
    // Dark art on the foreground's canvas is taken.
    let same = try CLIRunner.run(
      ["appicon", "fg.svg", "--format", "icon", "-o", "D.icon", "--dark", "same.svg"], in: dir)
    #expect(same.status == 0, "\(same.stderr)")
  }
}

/// Issue 35's third trial, finding 4: `--layers-from-groups` refused every file Inkscape saves
/// (`a <namedview> at the top level draws outside every top-level <g id> group`); an element
/// in another namespace than SVG's draws nothing and stays in every layer file.
@Suite struct IconBundleInkscapeCLITests {
  @Test func inkscapesNamedViewIsNoDrawingOutsideTheGroups() throws {
    let inkscape =
      "<svg xmlns=\"http://www.w3.org/2000/svg\" "
      + "xmlns:sodipodi=\"http://sodipodi.sourceforge.net/DTD/sodipodi-0.dtd\" "
      + "xmlns:inkscape=\"http://www.inkscape.org/namespaces/inkscape\" width=\"1024\" height=\"1024\">"
      + "<sodipodi:namedview id=\"nv\" pagecolor=\"#ffffff\"/>"
      + "<g id=\"layer1\" inkscape:groupmode=\"layer\"><rect width=\"1024\" height=\"1024\" fill=\"#0A84FF\"/></g>"
      + "<g id=\"layer2\" inkscape:groupmode=\"layer\"><circle cx=\"512\" cy=\"512\" r=\"300\" fill=\"#fff\"/></g>"
      + "</svg>\n"
    let dir = try IconBundleTrialTwoCLITests.folder([("ink.svg", inkscape)])
    defer { try? FileManager.default.removeItem(at: dir) }
    let result = try CLIRunner.run(
      ["appicon", "ink.svg", "--format", "icon", "-o", "Ink.icon", "--layers-from-groups"],
      in: dir)
    #expect(result.status == 0, "\(result.stderr)")
    let assets = dir.appendingPathComponent("Ink.icon/Assets")
    #expect(
      try FileManager.default.contentsOfDirectory(atPath: assets.path).sorted() == [
        "layer1.svg", "layer2.svg",
      ])
    for name in ["layer1.svg", "layer2.svg"] {
      let text = try String(contentsOf: assets.appendingPathComponent(name), encoding: .utf8)
      #expect(text.contains("<sodipodi:namedview id=\"nv\" pagecolor=\"#ffffff\"/>"), "\(text)")
      #expect(text.contains("<g id=\"\(name.dropLast(4))\""), "\(text)")
    }
  }
}
